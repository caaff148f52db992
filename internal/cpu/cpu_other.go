//go:build purego || !amd64

package cpu

// Without assembly there is no way to ask the processor, so every feature
// keeps its zero value: false.
