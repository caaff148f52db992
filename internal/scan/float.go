package scan

// pow10 holds the powers of ten that float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// ParseFloat64 converts the text of a valid JSON number of at most 19
// significant digits to the nearest float64. When the digits form an
// integer no larger than 2^53 and the power of ten is between 1e-22 and
// 1e22, both are exact in float64 and one multiplication or division
// rounds correctly (Clinger's fast path); other mantissas and exponents
// go through eiselLemire. It reports false for longer numbers and for the
// rare cases those paths cannot decide, which callers pass to
// strconv.ParseFloat; where it reports true, the result equals
// strconv.ParseFloat(b, 64)'s.
//
// b must be a valid JSON number: it is not checked.
func ParseFloat64(b []byte) (float64, bool) {
	i := 0
	neg := false
	if len(b) > 0 && b[0] == '-' {
		neg = true
		i = 1
	}
	var m uint64
	nd, exp := 0, 0
	for ; i < len(b); i++ {
		c := b[i] - '0'
		if c > 9 {
			break
		}
		if nd == 19 {
			return 0, false
		}
		m = m*10 + uint64(c)
		if m != 0 {
			nd++
		}
	}
	if i < len(b) && b[i] == '.' {
		for i++; i < len(b); i++ {
			c := b[i] - '0'
			if c > 9 {
				break
			}
			if nd == 19 {
				return 0, false
			}
			m = m*10 + uint64(c)
			if m != 0 {
				nd++
			}
			exp--
		}
	}
	if i < len(b) { // exponent
		e, _, ok := Exponent(b, i+1)
		if !ok {
			return 0, false // huge exponent (or leading zeros): let strconv decide
		}
		exp += e
	}
	return Float64FromDecimal(m, exp, neg)
}
