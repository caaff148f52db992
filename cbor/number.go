package cbor

import (
	"math"
	"math/big"
	"strconv"

	"github.com/celerjson/celer/internal/binfmt"
	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
)

// maxBigDigits bounds the decimal digits of an integer (or of a decimal
// fraction's mantissa) written as a bignum: the conversion from decimal
// takes time quadratic in the length.
const maxBigDigits = 1 << 15

// number writes the CBOR form of the JSON number text s (see Writer).
func (e *Writer) number(s []byte) error {
	var err error
	e.buf, err = appendNumber(e.buf, s, e.o.Flags)
	return err
}

// appendNumber appends the CBOR form of the JSON number text s (see
// Writer), with the policies InexactAsString and InexactAsDecimal of f.
func appendNumber(dst, s []byte, f opts.Flags) ([]byte, error) {
	if n, code := scan.Number(s, true); code != scan.OK || n != len(s) {
		return dst, unsupported("invalid number text " + strconv.Quote(string(s)))
	}
	return appendCheckedNumber(dst, s, f)
}

// noDecimal turns appendValidNumber's one-pass cases off, for the test
// that compares them with the general path. Tests only: not synchronized.
var noDecimal bool

// appendValidNumber appends what a JSONReader's token for the valid JSON
// number text s is written as (Writer.CopyJSON): an integer of up to 64
// bits (its Int or Uint token) or appendNumber's form (its Number
// token), the same bytes either way. One pass over the digits decides
// the common cases: integers of up to 19 digits, and with InexactAsFloat
// alone, the nearest double.
func appendValidNumber(dst, s []byte, f opts.Flags) ([]byte, error) {
	if m, exp, neg, integer, ok := binfmt.Decimal(s); ok && !noDecimal {
		switch {
		case integer && !neg:
			return appendHead(dst, majorUint, m), nil
		case integer && m != 0 && m <= 1<<63: // -0 is the float -0.0 (appendCheckedNumber)
			return appendInt(dst, -int64(m)), nil
		case !integer && binfmt.NearestOnly(f):
			if x, ok := scan.Float64FromDecimal(m, exp, neg); ok && !math.IsInf(x, 0) {
				return appendFloat(dst, x), nil
			}
		}
	}
	return appendCheckedNumber(dst, s, f)
}

// appendCheckedNumber is appendNumber for valid JSON number text s.
func appendCheckedNumber(dst, s []byte, f opts.Flags) ([]byte, error) {
	neg := s[0] == '-'
	digits := s[b2i(neg):]
	integer := true
	for _, c := range digits {
		if c == '.' || c == 'e' || c == 'E' {
			integer = false
			break
		}
	}
	if integer {
		return appendInteger(dst, neg, digits)
	}
	if x, ok := binfmt.NearestFloat(s, f); ok {
		return appendFloat(dst, x), nil
	}
	if x, ok := binfmt.ExactFloat(s); ok {
		return appendFloat(dst, x), nil
	}
	switch {
	case f&opts.InexactAsString != 0:
		dst = appendHead(dst, majorText, uint64(len(s)))
		return append(dst, s...), nil
	case f&opts.InexactAsDecimal != 0:
		return appendDecimal(dst, s)
	case f&opts.InexactAsFloat != 0:
		if x, err := strconv.ParseFloat(unsafeString(s), 64); err == nil {
			return appendFloat(dst, x), nil // err: beyond the double range
		}
	}
	return dst, unsupported("number " + shorten(s) + " has no exact float form (InexactAsFloat, InexactAsDecimal and InexactAsString allow it)")
}

func shorten(s []byte) string {
	if len(s) > 40 {
		return string(s[:37]) + "..."
	}
	return string(s)
}

// appendInteger appends the integer with decimal digits d (no sign, no
// leading zeros), negated when neg: major type 0 or 1 when it fits, else
// a bignum. -0 has no integer form and becomes the float -0.0.
func appendInteger(dst []byte, neg bool, d []byte) ([]byte, error) {
	if neg && len(d) == 1 && d[0] == '0' {
		return appendFloat(dst, math.Copysign(0, -1)), nil
	}
	if len(d) <= 19 { // below 10^19 < 2^64
		var u uint64
		for _, c := range d {
			u = u*10 + uint64(c-'0')
		}
		if neg {
			return appendHead(dst, majorNeg, u-1), nil
		}
		return appendHead(dst, majorUint, u), nil
	}
	v, err := bigDigits(d)
	if err != nil {
		return dst, err
	}
	return appendBigInt(dst, neg, v), nil
}

func bigDigits(d []byte) (*big.Int, error) {
	if len(d) > maxBigDigits {
		return nil, &errs.Detail{Msg: "cbor: integer of " + strconv.Itoa(len(d)) + " digits exceeds the limit of " + strconv.Itoa(maxBigDigits), Sentinel: ErrLimit}
	}
	v, _ := new(big.Int).SetString(string(d), 10)
	return v, nil
}

var bigOne = big.NewInt(1)

// appendBigInt appends the integer v (>= 0), negated when neg (then v >
// 0): major type 0 or 1 when it fits, else a bignum (tag 2 or 3) without
// leading zero bytes. It modifies v.
func appendBigInt(dst []byte, neg bool, v *big.Int) []byte {
	major, tag := byte(majorUint), uint64(2)
	if neg {
		v.Sub(v, bigOne) // the argument of -1-n
		major, tag = majorNeg, 3
	}
	if v.IsUint64() {
		return appendHead(dst, major, v.Uint64())
	}
	dst = appendHead(dst, majorTag, tag)
	n := (v.BitLen() + 7) / 8
	dst = appendHead(dst, majorBytes, uint64(n))
	v.FillBytes(growBy(&dst, n))
	return dst
}

// growBy extends *dst by n bytes and returns them.
func growBy(dst *[]byte, n int) []byte {
	l := len(*dst)
	if cap(*dst)-l < n {
		nb := make([]byte, l, 2*cap(*dst)+n)
		copy(nb, *dst)
		*dst = nb
	}
	*dst = (*dst)[:l+n]
	return (*dst)[l:]
}

// appendDecimal appends JSON number text s as a decimal fraction (tag 4):
// the exponent, and the digits of its integer and fraction parts as
// mantissa (trailing zeros kept, so 1.10 is [-2, 110]).
func appendDecimal(dst, s []byte) ([]byte, error) {
	neg := s[0] == '-'
	i := int(b2i(neg))
	var mant []byte
	frac, inFrac := 0, false
	for ; i < len(s) && s[i] != 'e' && s[i] != 'E'; i++ {
		if s[i] == '.' {
			inFrac = true
			continue
		}
		if inFrac {
			frac++
		}
		mant = append(mant, s[i])
	}
	var exp int64
	if i < len(s) {
		x, err := strconv.ParseInt(string(s[i+1:]), 10, 64)
		if err != nil || x < math.MinInt64/2 || x > math.MaxInt64/2 {
			return dst, unsupported("number " + shorten(s) + " has an exponent beyond 64 bits")
		}
		exp = x
	}
	exp -= int64(frac)
	for len(mant) > 1 && mant[0] == '0' {
		mant = mant[1:]
	}
	dst = appendHead(dst, majorTag, 4)
	dst = append(dst, majorArray<<5|2)
	dst = appendInt(dst, exp)
	if mant[0] == '0' {
		return append(dst, 0), nil
	}
	return appendInteger(dst, neg, mant)
}
