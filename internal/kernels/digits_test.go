package kernels

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// refNonDigits restates AppendNonDigits' contract byte by byte.
func refNonDigits(dst []uint64, b []byte) []uint64 {
	words := len(b)/64 + 1
	for w := range words {
		m := ^uint64(0)
		for i := range 64 {
			if j := 64*w + i; j < len(b) && '0' <= b[j] && b[j] <= '9' {
				m &^= 1 << i
			}
		}
		dst = append(dst, m)
	}
	return append(dst, ^uint64(0))
}

// TestAppendNonDigits compares every implementation with the reference at
// lengths around the block size, on bytes drawn from digits, the bytes
// next to them ('/', ':'), the other number bytes and all bytes, appended
// after existing words.
func TestAppendNonDigits(t *testing.T) {
	alphabets := []string{"0123456789", "0123456789/:.-+eE ,", "09/:\x00\xff\xb0\xb9"}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, impl := range Implementations() {
		restore := SetImplementation(impl)
		for n := range 300 {
			for round := range 4 {
				b := make([]byte, n)
				for i := range b {
					if round == 3 {
						b[i] = byte(rng.Uint32())
					} else {
						a := alphabets[round]
						b[i] = a[rng.IntN(len(a))]
					}
				}
				prefix := []uint64{7, 8}[:round%3]
				got := AppendNonDigits(slices.Clip(slices.Clone(prefix)), b)
				want := refNonDigits(slices.Clone(prefix), b)
				if !slices.Equal(got, want) {
					t.Fatalf("%s: length %d round %d %q: %x, want %x", impl, n, round, b, got, want)
				}
			}
		}
		// Every byte value at every position of a block.
		for c := range 256 {
			b := make([]byte, 130)
			for i := range b {
				b[i] = '5'
			}
			for i := range b {
				b[i] = byte(c)
				if got, want := AppendNonDigits(nil, b), refNonDigits(nil, b); !slices.Equal(got, want) {
					t.Fatalf("%s: byte %#x at %d: %x, want %x", impl, c, i, got, want)
				}
				b[i] = '5'
			}
		}
		restore()
	}
}
