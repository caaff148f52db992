//go:build !purego

package kernels

// appendNonDigits runs the AVX2 kernel over the whole 64-byte blocks of b
// (AVX2 and AVX-512 levels; 512-bit code would save little on a kernel
// that is one compare per 32 bytes) and the reference code over the rest.
func appendNonDigits(dst []uint64, b []byte) []uint64 {
	n := len(b) / 64
	if level == levelGeneric || n == 0 {
		return appendNonDigitsGeneric(dst, b)
	}
	l := len(dst)
	dst = growWords(dst, n)
	raceRead(b, n*64)
	nonDigitsAVX2(dst[l:l+n], b[:n*64])
	return appendNonDigitsGeneric(dst, b[n*64:])
}

// nonDigitsAVX2 stores in m[i] the non-digit bitmap of b[64*i:64*i+64];
// len(b) == 64*len(m). See digits_amd64.s.
//
//go:noescape
func nonDigitsAVX2(m []uint64, b []byte)
