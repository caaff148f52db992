package dom

import (
	"math"
	"strconv"
	"unsafe"
)

// Numbers keep their text in the tape and are converted on demand. The
// integer conversions are exact: they work on the decimal digits, not on
// a float64, so 9007199254740993 and 1e18 convert without rounding.

// decimal is a number's text split into its significant digits (without
// leading or trailing zeros, possibly spread over the integer and
// fraction parts) and the power of ten that scales them.
type decimal struct {
	neg    bool
	digits [2][]byte // integer part, fraction part: the significant digits are their concatenation
	exp    int       // value = digits × 10^exp
}

// splitNumber splits valid JSON number text. Exponents are clamped to
// ±1e9, far beyond anything a float64 or integer can hold.
func splitNumber(b []byte) decimal {
	var d decimal
	i := 0
	if i < len(b) && b[i] == '-' {
		d.neg = true
		i++
	}
	s := i
	for i < len(b) && b[i]-'0' <= 9 {
		i++
	}
	d.digits[0] = b[s:i]
	if i < len(b) && b[i] == '.' {
		i++
		s = i
		for i < len(b) && b[i]-'0' <= 9 {
			i++
		}
		d.digits[1] = b[s:i]
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		neg := false
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			neg = b[i] == '-'
			i++
		}
		e := 0
		for ; i < len(b); i++ {
			if e < 1e9 {
				e = e*10 + int(b[i]-'0')
			}
		}
		e = min(e, 1e9)
		if neg {
			e = -e
		}
		d.exp = e
	}
	d.exp -= len(d.digits[1])
	// Trim leading zeros (from the integer part, then the fraction part
	// if the integer part is all zeros) and trailing zeros.
	for k := 0; k < 2; k++ {
		for len(d.digits[k]) > 0 && d.digits[k][0] == '0' {
			d.digits[k] = d.digits[k][1:]
		}
		if len(d.digits[k]) > 0 {
			break
		}
	}
	for k := 1; k >= 0; k-- {
		for len(d.digits[k]) > 0 && d.digits[k][len(d.digits[k])-1] == '0' {
			d.digits[k] = d.digits[k][:len(d.digits[k])-1]
			d.exp++
		}
		if len(d.digits[k]) > 0 {
			break
		}
	}
	return d
}

// magnitude returns the absolute value of an integral number, or an error
// (ErrNotInteger, strconv.ErrRange).
func magnitude(b []byte) (neg bool, m uint64, err error) {
	d := splitNumber(b)
	n := len(d.digits[0]) + len(d.digits[1])
	if n == 0 {
		return d.neg, 0, nil // zero, whatever the exponent
	}
	if d.exp < 0 {
		return d.neg, 0, ErrNotInteger
	}
	if n+d.exp > 20 { // 2^64 has 20 digits
		return d.neg, 0, strconv.ErrRange
	}
	for _, part := range d.digits {
		for _, c := range part {
			m, err = mulAdd(m, 10, uint64(c-'0'))
			if err != nil {
				return d.neg, 0, err
			}
		}
	}
	for range d.exp {
		if m, err = mulAdd(m, 10, 0); err != nil {
			return d.neg, 0, err
		}
	}
	return d.neg, m, nil
}

func mulAdd(m, x, a uint64) (uint64, error) {
	if m > (math.MaxUint64-a)/x {
		return 0, strconv.ErrRange
	}
	return m*x + a, nil
}

func numError(fn string, b []byte, err error) error {
	return &strconv.NumError{Func: fn, Num: string(b), Err: err}
}

func parseInt64(b []byte) (int64, error) {
	neg, m, err := magnitude(b)
	if err != nil {
		return 0, numError("Int64", b, err)
	}
	if neg {
		if m > 1<<63 {
			return 0, numError("Int64", b, strconv.ErrRange)
		}
		return -int64(m), nil
	}
	if m > math.MaxInt64 {
		return 0, numError("Int64", b, strconv.ErrRange)
	}
	return int64(m), nil
}

func parseUint64(b []byte) (uint64, error) {
	neg, m, err := magnitude(b)
	if err != nil {
		return 0, numError("Uint64", b, err)
	}
	if neg && m != 0 {
		return 0, numError("Uint64", b, strconv.ErrRange)
	}
	return m, nil
}

func parseFloat64(b []byte) (float64, error) {
	if len(b) == 0 {
		return 0, numError("Float64", b, strconv.ErrSyntax)
	}
	// ParseFloat does not keep its argument except in its error, which is
	// rebuilt from a copy: viewing the bytes as a string is safe.
	f, err := strconv.ParseFloat(unsafe.String(&b[0], len(b)), 64)
	if err != nil {
		return f, numError("Float64", b, strconv.ErrRange)
	}
	return f, nil
}

// smallInt converts an integer of up to 15 digits, the most common
// numbers, which a float64 holds exactly, without ParseFloat's general
// algorithm. It reports false for any other text.
func smallInt(b []byte) (float64, bool) {
	neg := len(b) > 0 && b[0] == '-'
	if neg {
		b = b[1:]
	}
	if len(b) == 0 || len(b) > 15 {
		return 0, false
	}
	m := uint64(0)
	for _, c := range b {
		if c-'0' > 9 {
			return 0, false
		}
		m = m*10 + uint64(c-'0')
	}
	f := float64(m)
	if neg {
		f = -f
	}
	return f, true
}
