package bson

import (
	"encoding/binary"
	"errors"
	"math/bits"
	"strconv"
)

// Decimal128 is a BSON Decimal128 (element type 0x13): an IEEE 754-2008
// 128-bit decimal floating-point number in the binary integer decimal
// (BID) encoding, with 34 significant digits and exponents from -6176 to
// 6111. It keeps its exact representation: 2.00 (200E-2) and 2.0 (20E-1)
// are different values of the type. There is no arithmetic; String and
// ParseDecimal128 convert it to and from text (the Decimal128
// specification's rules, which Extended JSON uses).
type Decimal128 struct {
	hi, lo uint64
}

// Decimal128 layout: sign bit 127; a combination field whose two top bits
// 11 mean Infinity (11110), NaN (11111) or a large-significand form that
// no valid coefficient uses; otherwise 14 exponent bits (bias 6176) and a
// 113-bit coefficient.
const (
	decBias   = 6176
	decMaxExp = 6111
	decMinExp = -6176
	decDigits = 34
	decInfHi  = 0x7800000000000000
	decNaNHi  = 0x7C00000000000000
	decSignHi = 1 << 63
	coefMaxHi = 0x1ed09bead87c0 // 10^34 - 1
	coefMaxLo = 0x378d8e63ffffffff
)

// NewDecimal128 returns the Decimal128 with the given high and low 64
// bits (BSON stores the low half first, both little-endian).
func NewDecimal128(hi, lo uint64) Decimal128 { return Decimal128{hi, lo} }

// Bits returns the high and low 64 bits of d.
func (d Decimal128) Bits() (hi, lo uint64) { return d.hi, d.lo }

// decimalFromBytes reads the 16 bytes of a BSON Decimal128.
func decimalFromBytes(b []byte) Decimal128 {
	return Decimal128{binary.LittleEndian.Uint64(b[8:]), binary.LittleEndian.Uint64(b)}
}

func (d Decimal128) appendBytes(dst []byte) []byte {
	dst = binary.LittleEndian.AppendUint64(dst, d.lo)
	return binary.LittleEndian.AppendUint64(dst, d.hi)
}

// IsNaN reports whether d is a NaN (quiet or signaling).
func (d Decimal128) IsNaN() bool { return d.hi&0x7C00000000000000 == decNaNHi }

// IsInf reports whether d is an infinity: positive when sign > 0,
// negative when sign < 0, either when sign == 0.
func (d Decimal128) IsInf(sign int) bool {
	if d.hi&0x7C00000000000000 != decInfHi {
		return false
	}
	neg := d.hi&decSignHi != 0
	return sign == 0 || sign > 0 && !neg || sign < 0 && neg
}

// parts returns the sign, coefficient and exponent of a finite d. A
// coefficient beyond 10^34-1 (including every large-significand form) is
// not canonical and reads as zero, as IEEE 754-2008 says.
func (d Decimal128) parts() (neg bool, hi, lo uint64, exp int) {
	neg = d.hi&decSignHi != 0
	if d.hi>>61&3 == 3 {
		return neg, 0, 0, int(d.hi>>47&0x3FFF) - decBias
	}
	exp = int(d.hi>>49&0x3FFF) - decBias
	hi, lo = d.hi&(1<<49-1), d.lo
	if hi > coefMaxHi || hi == coefMaxHi && lo > coefMaxLo {
		return neg, 0, 0, exp
	}
	return neg, hi, lo, exp
}

// String returns d as text by the Decimal128 specification's rules (those
// of the General Decimal Arithmetic's to-scientific-string): the
// coefficient's digits, with a decimal point when the exponent is
// negative and the number not too small (0.0012, 1.50), in exponential
// notation otherwise (1.5E+3, 1E-7); Infinity, -Infinity, NaN.
func (d Decimal128) String() string {
	return string(d.appendText(nil))
}

// MarshalText returns d.String(), so that text formats write it exactly.
func (d Decimal128) MarshalText() ([]byte, error) { return d.appendText(nil), nil }

// UnmarshalText parses text (see ParseDecimal128).
func (d *Decimal128) UnmarshalText(b []byte) error {
	v, err := ParseDecimal128(string(b))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

func (d Decimal128) appendText(dst []byte) []byte {
	switch {
	case d.IsNaN():
		return append(dst, "NaN"...)
	case d.IsInf(1):
		return append(dst, "Infinity"...)
	case d.IsInf(-1):
		return append(dst, "-Infinity"...)
	}
	neg, hi, lo, exp := d.parts()
	var buf [40]byte
	digits := coefDigits(buf[:0], hi, lo)
	if neg {
		dst = append(dst, '-')
	}
	n := len(digits)
	adj := exp + n - 1
	if exp <= 0 && adj >= -6 {
		if exp == 0 {
			return append(dst, digits...)
		}
		point := n + exp // digits before the point
		if point <= 0 {
			dst = append(dst, '0', '.')
			for range -point {
				dst = append(dst, '0')
			}
			return append(dst, digits...)
		}
		dst = append(dst, digits[:point]...)
		dst = append(dst, '.')
		return append(dst, digits[point:]...)
	}
	dst = append(dst, digits[0])
	if n > 1 {
		dst = append(dst, '.')
		dst = append(dst, digits[1:]...)
	}
	dst = append(dst, 'E')
	if adj >= 0 {
		dst = append(dst, '+')
	}
	return strconv.AppendInt(dst, int64(adj), 10)
}

// coefDigits appends the decimal digits of the 128-bit integer hi:lo (at
// least one digit).
func coefDigits(dst []byte, hi, lo uint64) []byte {
	const pow19 = 10000000000000000000
	var chunks [3]uint64 // base 10^19, least significant first
	k := 0
	for hi != 0 {
		var r uint64
		hi, r = bits.Div64(0, hi, pow19)
		lo, r = bits.Div64(r, lo, pow19)
		chunks[k] = r
		k++
	}
	dst = strconv.AppendUint(dst, lo, 10)
	for k--; k >= 0; k-- {
		var tmp [19]byte
		s := strconv.AppendUint(tmp[:0], chunks[k], 10)
		for range 19 - len(s) {
			dst = append(dst, '0')
		}
		dst = append(dst, s...)
	}
	return dst
}

// ErrDecimal reports text that is not a Decimal128 numeric string, or a
// number that Decimal128 cannot hold exactly (more than 34 significant
// digits, or an exponent beyond its range even after clamping).
var ErrDecimal = errors.New("bson: invalid or inexact Decimal128")

type decimalError struct{ s, why string }

func (e *decimalError) Error() string {
	return "bson: Decimal128 " + quoteShort(e.s) + ": " + e.why
}
func (e *decimalError) Unwrap() error { return ErrDecimal }

// ParseDecimal128 parses a numeric string by the Decimal128
// specification: an optional sign, digits with an optional decimal point
// (1, 1.5, .5, 1.), an optional exponent (E or e, optional sign, digits),
// or Infinity, Inf or NaN in any case. The exponent given is kept: "1.50"
// is 150E-2. A number with more than 34 significant digits is accepted
// only when the extra digits are trailing zeros (exact rounding), and an
// exponent out of range only when clamping keeps the value exactly;
// otherwise the error wraps ErrDecimal.
func ParseDecimal128(s string) (Decimal128, error) {
	i := 0
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	var sign uint64
	if neg {
		sign = decSignHi
	}
	switch lower(s[i:]) {
	case "inf", "infinity":
		return Decimal128{decInfHi | sign, 0}, nil
	case "nan":
		return Decimal128{decNaNHi | sign, 0}, nil
	}
	var digits [decDigits]byte // significant digits, without leading zeros
	nd := 0
	zeros := 0 // significant digits beyond 34, all zeros so far
	exp := 0
	sawDigit, sawPoint := false, false
	for ; i < len(s); i++ {
		c := s[i]
		if c == '.' {
			if sawPoint {
				return Decimal128{}, &decimalError{s, "two decimal points"}
			}
			sawPoint = true
			continue
		}
		if c < '0' || c > '9' {
			break
		}
		sawDigit = true
		if sawPoint {
			exp--
		}
		switch {
		case c == '0' && nd == 0:
			// a leading zero
		case nd < decDigits && zeros == 0:
			digits[nd] = c
			nd++
		case c == '0':
			zeros++
			exp++ // drop it: the value stays exact
		default:
			return Decimal128{}, &decimalError{s, "more than 34 significant digits"}
		}
	}
	if !sawDigit {
		return Decimal128{}, &decimalError{s, "no digits"}
	}
	if i < len(s) {
		if s[i] != 'e' && s[i] != 'E' {
			return Decimal128{}, &decimalError{s, "unexpected character " + strconv.QuoteRune(rune(s[i]))}
		}
		i++
		eneg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			eneg = s[i] == '-'
			i++
		}
		if i == len(s) {
			return Decimal128{}, &decimalError{s, "no exponent digits"}
		}
		e := 0
		for ; i < len(s); i++ {
			c := s[i]
			if c < '0' || c > '9' {
				return Decimal128{}, &decimalError{s, "unexpected character in the exponent"}
			}
			if e < 1e9 {
				e = e*10 + int(c-'0')
			}
		}
		if eneg {
			e = -e
		}
		exp += e
	}
	// Clamp: a large exponent takes zeros into the coefficient, a small one
	// drops trailing zeros from it; a zero takes any exponent in range.
	for exp > decMaxExp {
		if nd == 0 {
			exp = decMaxExp
			break
		}
		if nd == decDigits {
			return Decimal128{}, &decimalError{s, "exponent overflow"}
		}
		digits[nd] = '0'
		nd++
		exp--
	}
	for exp < decMinExp {
		if nd == 0 {
			exp = decMinExp
			break
		}
		if digits[nd-1] != '0' {
			return Decimal128{}, &decimalError{s, "exponent underflow (inexact)"}
		}
		nd--
		exp++
	}
	var hi, lo uint64
	for _, c := range digits[:nd] {
		// hi:lo = hi:lo * 10 + c
		h1, l1 := bits.Mul64(lo, 10)
		var carry uint64
		lo, carry = bits.Add64(l1, uint64(c-'0'), 0)
		hi = hi*10 + h1 + carry
	}
	return Decimal128{sign | uint64(exp+decBias)<<49 | hi, lo}, nil
}

// lower returns s in lower case when it is short and ASCII, for the
// special names; other strings are returned as they are.
func lower(s string) string {
	if len(s) > 8 {
		return s
	}
	var b [8]byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
	}
	return string(b[:len(s)])
}
