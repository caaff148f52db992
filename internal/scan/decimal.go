package scan

import "strconv"

// AppendDecimal appends the JSON number text of digits * 10^e (digits: a
// decimal integer without leading zeros), negated when neg: plain notation
// when e < 0 and the decimal point falls within the digits or at most 6
// zeros before them, e-notation otherwise (always for e >= 0, so the text
// does not read back as an integer). Every digit is kept, so reading the
// text back as a decimal fraction gives the same mantissa and exponent.
func AppendDecimal(dst []byte, neg bool, digits []byte, e int64) ([]byte, bool) {
	nd := int64(len(digits))
	n := nd + e // position of the decimal point
	if e > 0 && n < 0 || e < 0 && n > nd {
		return dst, false // overflow
	}
	if neg {
		dst = append(dst, '-')
	}
	switch {
	case e < 0 && n > 0:
		dst = append(dst, digits[:n]...)
		dst = append(dst, '.')
		dst = append(dst, digits[n:]...)
	case e < 0 && n > -6:
		dst = append(dst, '0', '.')
		for range -n {
			dst = append(dst, '0')
		}
		dst = append(dst, digits...)
	default:
		dst = append(dst, digits[0])
		if nd > 1 {
			dst = append(dst, '.')
			dst = append(dst, digits[1:]...)
		}
		dst = append(dst, 'e')
		if n-1 >= 0 {
			dst = append(dst, '+')
		}
		dst = strconv.AppendInt(dst, n-1, 10)
	}
	return dst, true
}
