package scan

import (
	"encoding/binary"
	"math/bits"
)

// nonDigits returns w with the top bit of each byte set when the byte is
// not an ASCII digit, and every other bit clear. The top bits are cleared
// before the additions so that no carry crosses a byte: the test is exact
// for every byte, not only the first.
func nonDigits(w uint64) uint64 {
	t := w & 0x7f7f7f7f7f7f7f7f
	ge0 := t + 0x5050505050505050 // top bit set where t >= '0'
	gt9 := t + 0x4646464646464646 // top bit set where t > '9'
	return (^ge0 | gt9 | w) & 0x8080808080808080
}

// lanes returns the mask of the first n bytes of a word (none for n <= 0,
// all for n >= 8).
func lanes(n int) uint64 {
	return 1<<(8*uint(min(max(n, 0), 8))) - 1 // a shift by 64 gives 0
}

// NumberRun reports whether b[p:e] is exactly one JSON number. Runs of up
// to 24 bytes without an exponent, the common case, are checked with a few
// word operations and no loop (one word up to 8 bytes, two up to 16); others
// go through Number.
func NumberRun(b []byte, p, e int) bool {
	n := e - p
	if n > 0 && p+24 <= len(b) {
		w := b[p : p+24 : p+24]
		x := binary.LittleEndian.Uint64(w)
		// The non-digits of bytes 0-7, 8-15 and 16-23 of the run.
		m, m1, m2 := nonDigits(x), uint64(0), uint64(0)
		switch {
		case n <= 8:
			m &= lanes(n)
		case n <= 16:
			m1 = nonDigits(binary.LittleEndian.Uint64(w[8:])) & lanes(n-8)
		case n <= 24:
			m1 = nonDigits(binary.LittleEndian.Uint64(w[8:]))
			m2 = nonDigits(binary.LittleEndian.Uint64(w[16:])) & lanes(n-16)
		default:
			return numberSlow(b, p, e)
		}
		s := 0
		if byte(x) == '-' {
			s = 1
			m &^= 0x80
		}
		// The first digit is w[s]; a leading 0 is alone or before '.'.
		if s < n && (w[s] != '0' || s+1 == n || w[s+1] == '.') {
			var d int // the one non-digit, if any: it must be the '.'
			switch {
			case m|m1|m2 == 0:
				return true
			case m1|m2 == 0 && m&(m-1) == 0:
				d = bits.TrailingZeros64(m) >> 3
			case m|m2 == 0 && m1&(m1-1) == 0:
				d = 8 + bits.TrailingZeros64(m1)>>3
			case m|m1 == 0 && m2&(m2-1) == 0:
				d = 16 + bits.TrailingZeros64(m2)>>3
			default:
				return numberSlow(b, p, e)
			}
			if w[d] == '.' && d > s && d < n-1 {
				return true
			}
		}
	}
	return numberSlow(b, p, e)
}

// numberSlow is NumberRun by Number.
func numberSlow(b []byte, p, e int) bool {
	k, code := Number(b[p:e], true)
	return code == OK && k == e-p
}

// NonDigits is nonDigits for callers that check number runs inline (the
// stream Decoder's tape loop, which must not make calls).
func NonDigits(w uint64) uint64 { return nonDigits(w) }

// Lanes is lanes, exported with NonDigits.
func Lanes(n int) uint64 { return lanes(n) }
