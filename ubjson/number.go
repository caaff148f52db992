package ubjson

import (
	"math"
	"math/big"
	"strconv"

	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
)

// maxBigBytes bounds the byte strings of bignums (CBOR tags 2 and 3)
// that a Writer converts to decimal text: the conversion takes time
// quadratic in the size.
const maxBigBytes = 8 << 10

// appendHigh appends a high-precision number of text s.
func appendHigh(dst, s []byte) []byte {
	dst = appendInt(append(dst, mHigh), int64(len(s)))
	return append(dst, s...)
}

// appendNumber appends the UBJSON form of the JSON number text s (see
// Writer), with the options InexactAsString, InexactAsDecimal,
// InexactAsFloat and ShortestFloat of f.
func appendNumber(dst, s []byte, f opts.Flags) ([]byte, error) {
	if n, code := scan.Number(s, true); code != scan.OK || n != len(s) {
		return dst, unsupported("invalid number text " + strconv.Quote(string(s)))
	}
	short := f&opts.ShortestFloat != 0
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
		if neg && len(digits) == 1 && digits[0] == '0' {
			return appendFloat64(dst, math.Copysign(0, -1), short), nil // -0 has no integer form
		}
		if n, err := strconv.ParseInt(unsafeString(s), 10, 64); err == nil {
			return appendInt(dst, n), nil
		}
		return appendHigh(dst, s), nil // beyond int64: exact as high precision
	}
	if x, ok := exactFloat(s); ok {
		return appendFloat64(dst, x, short), nil
	}
	switch {
	case f&opts.InexactAsString != 0:
		dst = appendInt(append(dst, mString), int64(len(s)))
		return append(dst, s...), nil
	case f&opts.InexactAsDecimal != 0:
		return appendHigh(dst, s), nil
	case f&opts.InexactAsFloat != 0:
		if x, err := strconv.ParseFloat(unsafeString(s), 64); err == nil {
			return appendFloat64(dst, x, short), nil // err: beyond the double range
		}
	}
	return dst, unsupported("number " + shorten(s) + " has no exact float form (InexactAsDecimal, InexactAsFloat and InexactAsString allow it)")
}

// appendBignum appends the integer of a CBOR bignum (tag 2: b, tag 3:
// -1-b, b big-endian): an integer type when it fits int64, else a
// high-precision number.
func appendBignum(dst []byte, neg bool, b []byte) ([]byte, error) {
	for len(b) > 0 && b[0] == 0 {
		b = b[1:]
	}
	if len(b) <= 8 {
		var u uint64
		for _, c := range b {
			u = u<<8 | uint64(c)
		}
		if u <= math.MaxInt64 {
			if neg {
				return appendInt(dst, -1-int64(u)), nil
			}
			return appendInt(dst, int64(u)), nil
		}
	}
	if len(b) > maxBigBytes {
		return dst, limitError("bignum of " + strconv.Itoa(len(b)) + " bytes exceeds the limit for conversion")
	}
	n := new(big.Int).SetBytes(b)
	if neg {
		n.Add(n, big.NewInt(1))
		n.Neg(n)
	}
	return appendHigh(dst, n.Append(nil, 10)), nil
}

// exactFloat parses JSON number text s and reports whether the nearest
// double has exactly the value of s, that is, whether the shortest decimal
// form of that double is s's value.
func exactFloat(s []byte) (float64, bool) {
	f, err := strconv.ParseFloat(unsafeString(s), 64)
	if err != nil || math.IsInf(f, 0) {
		return f, false
	}
	var db, gb [20]byte
	d, e, ok := normDecimal(db[:0], s)
	if !ok {
		return f, false
	}
	if len(d) == 0 {
		return f, f == 0 // zero of any form
	}
	if f == 0 {
		return f, false // underflow
	}
	// At most 15 significant digits are always recovered from a normal
	// double (DBL_DIG), so such a decimal is the shortest form of its
	// nearest double.
	if len(d) <= 15 && math.Abs(f) >= 0x1p-1022 {
		return f, true
	}
	if len(d) > 17 {
		return f, false // shortest forms of doubles have at most 17 digits
	}
	var buf [32]byte
	g := strconv.AppendFloat(buf[:0], f, 'e', -1, 64)
	gd, ge, _ := normDecimal(gb[:0], g)
	return f, string(gd) == string(d) && ge == e
}

// normDecimal appends to buf the significant digits of valid number text
// s (without leading and trailing zeros; none for zero), up to 18 of
// them, and returns them with the exponent e such that the value is
// digits * 10^e. ok is false when there are more than 18 digits or the
// exponent is beyond 10^15.
func normDecimal(buf, s []byte) (digits []byte, e int64, ok bool) {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	pointSeen := false
	var fracDigits int64
	trailing := int64(0) // zeros not yet known to be significant
	for ; i < len(s) && s[i] != 'e' && s[i] != 'E'; i++ {
		c := s[i]
		if c == '.' {
			pointSeen = true
			continue
		}
		if pointSeen {
			fracDigits++
		}
		if c == '0' {
			if len(buf) > 0 {
				trailing++
			}
			continue
		}
		for ; trailing > 0; trailing-- {
			buf = append(buf, '0')
		}
		buf = append(buf, c)
		if len(buf) > 18 {
			return nil, 0, false
		}
	}
	if i < len(s) {
		j := i + 1
		neg := false
		if s[j] == '+' || s[j] == '-' {
			neg = s[j] == '-'
			j++
		}
		for ; j < len(s); j++ {
			e = e*10 + int64(s[j]-'0')
			if e > 1e15 {
				return buf, 0, len(buf) == 0
			}
		}
		if neg {
			e = -e
		}
	}
	return buf, e - fracDigits + trailing, true
}
