package dom

import (
	"encoding/binary"
	"math/bits"
)

// numberEnd validates the number that starts at b[p] (a '-' or a digit)
// and returns the offset just past it, or -1. The number must end at a
// byte that can follow a scalar (whitespace or punctuation), so that it is
// the whole scalar run stage 1 found there. Scanning forward this way
// needs no look at the next structural position, and digit runs go eight
// bytes at a time.
func numberEnd(b []byte, p int) int {
	i := p
	if b[i] == '-' {
		i++
		if i >= len(b) {
			return -1
		}
	}
	switch c := b[i]; {
	case c == '0':
		i++
	case c-'1' < 9:
		i = digitRun(b, i+1)
	default:
		return -1
	}
	if i < len(b) && b[i] == '.' {
		j := digitRun(b, i+1)
		if j == i+1 {
			return -1
		}
		i = j
	}
	if i < len(b) && b[i]|0x20 == 'e' {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digitRun(b, i)
		if j == i {
			return -1
		}
		i = j
	}
	if i < len(b) && !delim[b[i]] {
		return -1
	}
	return i
}

// digitRun returns the offset of the first byte at or after i that is not
// an ASCII digit, or len(b).
func digitRun(b []byte, i int) int {
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		// A byte outside '0'..'9' sets its top bit in w-'0' (below '0') or
		// in w+0x46 (above '9'); borrows and carries only reach bytes
		// above the first marked one, so that one is exact.
		if m := ((w - 0x3030303030303030) | (w + 0x4646464646464646)) & 0x8080808080808080; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for i < len(b) && b[i]-'0' < 10 {
		i++
	}
	return i
}
