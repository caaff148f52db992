package scan

// Float64FromDecimal returns the float64 nearest to m × 10^exp, negated if
// neg, where m holds every significant digit of the number (at most 19).
// It reports !ok when it cannot decide quickly; strconv.ParseFloat then
// gives the answer.
func Float64FromDecimal(m uint64, exp int, neg bool) (float64, bool) {
	var f float64
	switch {
	case m == 0:
		f = 0
	case m > 1<<53:
		return eiselLemire(m, exp, neg)
	case exp == 0:
		f = float64(m)
	case exp > 0 && exp <= 22:
		f = float64(m) * pow10[exp]
	case exp < 0 && exp >= -22:
		f = float64(m) / pow10[-exp]
	default:
		return eiselLemire(m, exp, neg)
	}
	if neg {
		f = -f
	}
	return f, true
}

// Exponent reads the exponent of a valid JSON number at b[i:], just after
// its 'e' or 'E': its value and the offset after it. More than four digits
// (a huge exponent, or leading zeros) report !ok: strconv decides those.
func Exponent(b []byte, i int) (int, int, bool) {
	neg := false
	switch b[i] {
	case '-':
		neg = true
		i++
	case '+':
		i++
	}
	e, start := 0, i
	for ; i < len(b); i++ {
		c := b[i] - '0'
		if c > 9 {
			break
		}
		e = e*10 + int(c)
	}
	if i-start > 4 {
		return 0, i, false
	}
	if neg {
		e = -e
	}
	return e, i, true
}

// EiselLemire returns m × 10^q rounded to the nearest float64 (ties to
// even), negated if neg, for any m: it reports false when it cannot be
// sure, and for zero, subnormal and out-of-range results, which callers
// leave to strconv. (Float64FromDecimal without its exact cases, for
// callers that have checked those.)
func EiselLemire(m uint64, q int, neg bool) (float64, bool) {
	return eiselLemire(m, q, neg)
}
