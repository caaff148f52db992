package celer

import (
	"encoding/binary"
	"math/bits"

	"github.com/celerjson/celer/internal/scan"
)

// Number readers for the fast stores: on validated input they find a
// number's end and its value in one pass, for the common shapes (integers
// of up to 18 digits; numbers of up to 19 digits with an exponent of up to
// four). Anything else reports !ok and the caller takes the general path.

// exact10 holds the powers of ten that float64 represents exactly.
var exact10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// readFloat reads the number starting at b[i] (valid JSON) and returns its
// float64 value and the offset after it.
func readFloat(b []byte, i int) (float64, int, bool) {
	neg := false
	if b[i] == '-' {
		neg = true
		i++
	}
	start := i
	m, i := digits(b, i, 0)
	scale := 0
	if i < len(b) && b[i] == '.' {
		frac := i + 1
		m, i = digits(b, frac, m)
		scale = i - frac
		start++ // the '.' is not a digit
	}
	nd, exp := i-start, -scale
	if i < len(b) && b[i]|0x20 == 'e' {
		e, end, ok := scan.Exponent(b, i+1)
		if !ok {
			return 0, 0, false
		}
		exp, i = exp+e, end
	}
	if nd > 19 { // m may have overflowed
		return 0, 0, false
	}
	if m <= 1<<53 && exp >= -22 && exp <= 0 {
		// The common case, inlined: the quotient of two exact float64s
		// is the correctly rounded value.
		f := float64(m) / exact10[-exp]
		if neg {
			f = -f
		}
		return f, i, true
	}
	f, ok := scan.Float64FromDecimal(m, exp, neg)
	return f, i, ok
}

// readInt reads the integer starting at b[i] (valid JSON) and returns its
// value and the offset after it; a fraction, an exponent or more than 18
// digits report !ok.
func readInt(b []byte, i int) (int64, int, bool) {
	neg := false
	if b[i] == '-' {
		neg = true
		i++
	}
	start := i
	n, i := digits(b, i, 0)
	if i-start > 18 || i < len(b) && (b[i] == '.' || b[i]|0x20 == 'e') {
		return 0, 0, false
	}
	if neg {
		return -int64(n), i, true
	}
	return int64(n), i, true
}

// digits reads the decimal digits at b[i:] onto m and returns it with the
// offset after them.
func digits(b []byte, i int, m uint64) (uint64, int) {
	for ; i < len(b); i++ {
		c := b[i] - '0'
		if c > 9 {
			break
		}
		m = m*10 + uint64(c)
	}
	return m, i
}

// pow10u holds the powers of ten up to 10^8.
var pow10u = [9]uint64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8}

// digitsWide is digits eight bytes at a time: long runs of digits (the
// 15 decimals of GeoJSON coordinates) take two words, not 15 steps.
func digitsWide(b []byte, i int, m uint64) (uint64, int) {
	for i+8 <= len(b) {
		x := binary.LittleEndian.Uint64(b[i:])
		// The top bit of each byte that is not a digit (as in
		// kernels.nonDigitBits: no carry crosses a byte).
		t := x & 0x7f7f7f7f7f7f7f7f
		nd := (^(t + 0x5050505050505050) | (t + 0x4646464646464646) | x) & msb8
		if nd == 0 {
			m = m*1e8 + eightDigits(x)
			i += 8
			continue
		}
		n := bits.TrailingZeros64(nd) >> 3
		if n == 0 {
			return m, i
		}
		// The n digits moved to the top of the word, zeros (digits 0)
		// before them.
		return m*pow10u[n] + eightDigits(x<<(64-8*n)), i + n
	}
	return digits(b, i, m)
}

// eightDigits returns the value of the eight digits of the little-endian
// word x (bytes below '0' count as 0): digitsValue of their low nibbles.
func eightDigits(x uint64) uint64 {
	return digitsValue(x & 0x0f0f0f0f0f0f0f0f)
}
