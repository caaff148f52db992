//go:build purego || !amd64

package kernels

func appendNonDigits(dst []uint64, b []byte) []uint64 { return appendNonDigitsGeneric(dst, b) }
