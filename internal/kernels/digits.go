package kernels

import "encoding/binary"

// AppendNonDigits appends to dst the bitmap of the bytes of b that are not
// ASCII digits: bit i%64 of word i/64 stands for b[i]. The bits past the
// end of b in the last word are set, and one more word with every bit set
// follows, so that a reader may take the 64 bits from any position in b
// with two loads and find every byte past b marked. It serves number
// checks over a structural index (package path): the end of a run of
// digits is then one count of trailing zeros.
func AppendNonDigits(dst []uint64, b []byte) []uint64 {
	return appendNonDigits(dst, b)
}

func appendNonDigitsGeneric(dst []uint64, b []byte) []uint64 {
	for len(b) >= 64 {
		w := (*[64]byte)(b)
		var m uint64
		for j := 0; j < 64; j += 8 {
			m |= nonDigitBits(binary.LittleEndian.Uint64(w[j:])) << j
		}
		dst = append(dst, m)
		b = b[64:]
	}
	m := ^uint64(0) // len(b) < 64: the bits past b stay set
	for j, c := range b {
		if c-'0' < 10 {
			m &^= 1 << j
		}
	}
	return append(dst, m, ^uint64(0))
}

// nonDigitBits returns the bitmap of the bytes of the little-endian word x
// that are not ASCII digits, bit i for byte i. The top bit of each byte is
// computed with the other bits masked off, so no carry crosses a byte,
// then the eight top bits are gathered by one multiply: the partial
// products land in distinct bits of the top byte.
func nonDigitBits(x uint64) uint64 {
	t := x & 0x7f7f7f7f7f7f7f7f
	ge0 := t + 0x5050505050505050 // top bit set where t >= '0'
	gt9 := t + 0x4646464646464646 // top bit set where t > '9'
	m := (^ge0 | gt9 | x) & msb
	return (m >> 7) * 0x0102040810204080 >> 56
}

// growWords returns dst with n more words of length, reallocated if needed.
func growWords(dst []uint64, n int) []uint64 {
	l := len(dst) + n
	if l > cap(dst) {
		dst = append(dst[:cap(dst)], make([]uint64, l-cap(dst))...)
	}
	return dst[:l]
}
