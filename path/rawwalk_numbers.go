package path

import "math/bits"

// numberArrays, skip's loop for arrays of numbers, sits in a file that
// sorts after rawtrust.go so that adding it did not move skipTrusted. Code
// placement matters to skipTrusted's loop: with the function starting 32
// bytes off a 64-byte line (numberArrays placed before it) the trusted
// citylots lookup took 8-14% longer (cpu-ab.sh, 5 runs), for unchanged
// code; pass now follows skipTrusted for the same reason.

// numberArraysDepth is the nesting numberArrays takes (the array itself
// included): a constant, so that the loop keeps no limit in a register.
// GeoJSON's coordinates nest at most 4 deep.
const numberArraysDepth = 16

// numberArrays is the method's loop, a function of its own so that w is
// not live in it (one register more for the loop). k is the index in idx
// of the position after the array's '['; it returns the position of the
// array's ']' and the index after it, or -1.
func numberArrays(b []byte, idx []uint32, k int, nd []uint64, ndOff int) (int, int) {
	d := 1 // arrays open
	var q int
	var c byte
	if k >= len(idx) {
		return -1, 0
	}
	q = int(idx[k])
	k++
	if b[q] == ']' {
		goto close
	}
value: // a value starts at q
	c = b[q]
	if c == '[' {
		if d++; d > numberArraysDepth || k >= len(idx) {
			return -1, 0
		}
		q = int(idx[k])
		k++
		if b[q] == ']' {
			goto close
		}
		goto value
	}
	{
		// A number, as in skip's number block.
		f := q // the first digit
		if c == '-' {
			f++
		} else if c-'0' > 9 {
			return -1, 0
		}
		u := uint(f - ndOff) // q < 0 wraps and fails the compare
		if u>>6+1 >= uint(len(nd)) {
			return -1, 0
		}
		sh := u & 63
		m := nd[u>>6]>>sh | nd[u>>6+1]<<(63-sh)<<1
		i := uint(bits.TrailingZeros64(m)) // digits of the integer part
		e := f + int(i)
		if i-1 >= 63 || e >= len(b) || i != 1 && b[f] == '0' {
			return -1, 0
		}
		if c = b[e]; c == '.' {
			// The first non-digit after the point ends the fraction.
			j := uint(bits.TrailingZeros64(m &^ (2<<i - 1)))
			e = f + int(j)
			if j <= i+1 || j >= 64 || e >= len(b) {
				return -1, 0
			}
			c = b[e]
		}
		// The next position follows the number, or only whitespace
		// does (see skip).
		if k >= len(idx) {
			return -1, 0
		}
		q = int(idx[k])
		k++
		if q != e {
			if !isSpace(c) {
				return -1, 0
			}
			c = b[q]
		}
	}
sep: // c is the byte at q, after a value
	if c == ',' {
		if k >= len(idx) {
			return -1, 0
		}
		q = int(idx[k])
		k++
		goto value
	}
	if c != ']' {
		return -1, 0
	}
close: // q is a ']' that closes an array
	if d--; d == 0 {
		return q, k
	}
	if k >= len(idx) {
		return -1, 0
	}
	q = int(idx[k])
	k++
	c = b[q]
	goto sep
}
