package scan

import (
	"encoding/binary"
	"math/bits"
)

// digitBits returns one bit per byte of w (bit i for byte i) that is set
// when the byte is an ASCII digit. The bytes' top bits are cleared before
// the additions so that no carry crosses a byte: the test is exact for
// every byte, not only the first.
func digitBits(w uint64) uint64 {
	t := w & 0x7f7f7f7f7f7f7f7f
	ge0 := t + 0x5050505050505050 // top bit set where t >= '0'
	gt9 := t + 0x4646464646464646 // top bit set where t > '9'
	d := ge0 &^ gt9 &^ w & 0x8080808080808080
	return (d >> 7) * 0x0102040810204080 >> 56
}

// NumberRun reports whether b[p:e] is exactly one JSON number. Runs of up
// to 24 bytes without an exponent, the common case, are checked with a few
// word operations and no loop; others go through Number.
func NumberRun(b []byte, p, e int) bool {
	n := e - p
	if n > 0 && n <= 24 && p+24 <= len(b) {
		w := b[p : p+24]
		digits := digitBits(binary.LittleEndian.Uint64(w)) |
			digitBits(binary.LittleEndian.Uint64(w[8:]))<<8 |
			digitBits(binary.LittleEndian.Uint64(w[16:]))<<16
		other := ^digits & (1<<uint(n) - 1)
		s := 0
		if w[0] == '-' {
			s = 1
			other &^= 1
		}
		if s < n && (w[s] != '0' || s+1 == n || w[s+1] == '.') {
			switch {
			case other == 0:
				return true
			case other&(other-1) == 0: // a single non-digit: the '.'
				d := bits.TrailingZeros64(other)
				if w[d] == '.' && d > s && d < n-1 {
					return true
				}
			}
		}
	}
	k, code := Number(b[p:e], true)
	return code == OK && k == n
}
