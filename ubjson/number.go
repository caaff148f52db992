package ubjson

import (
	"math"
	"math/big"
	"strconv"

	"github.com/celerjson/celer/internal/binfmt"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
)

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
	return appendCheckedNumber(dst, s, f)
}

// noDecimal turns appendValidNumber's one-pass cases off, for the test
// that compares them with the general path. Tests only: not synchronized.
var noDecimal bool

// appendValidNumber appends what a JSONReader's token for the valid JSON
// number text s is written as (Writer.CopyJSON): an integer that fits
// int64 (its Int token), a high-precision number beyond (its Uint or
// Number token), or appendNumber's form. One pass over the digits
// decides the common cases: integers of up to 19 digits, and with
// InexactAsFloat alone, the nearest double.
func appendValidNumber(dst, s []byte, f opts.Flags) ([]byte, error) {
	if m, exp, neg, integer, ok := binfmt.Decimal(s); ok && !noDecimal {
		switch {
		case integer && !neg && m <= math.MaxInt64:
			return appendInt(dst, int64(m)), nil
		case integer && neg && m != 0 && m <= 1<<63: // -0 is the float -0.0 (appendCheckedNumber)
			return appendInt(dst, -int64(m)), nil
		case !integer && binfmt.NearestOnly(f):
			if x, ok := scan.Float64FromDecimal(m, exp, neg); ok && !math.IsInf(x, 0) {
				return appendFloat64(dst, x, f&opts.ShortestFloat != 0), nil
			}
		}
	}
	return appendCheckedNumber(dst, s, f)
}

// appendCheckedNumber is appendNumber for valid JSON number text s.
func appendCheckedNumber(dst, s []byte, f opts.Flags) ([]byte, error) {
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
	if x, ok := binfmt.NearestFloat(s, f); ok {
		return appendFloat64(dst, x, short), nil
	}
	if x, ok := binfmt.ExactFloat(s); ok {
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
	if len(b) > binfmt.MaxBigBytes {
		return dst, limitError("bignum of " + strconv.Itoa(len(b)) + " bytes exceeds the limit for conversion")
	}
	n := new(big.Int).SetBytes(b)
	if neg {
		n.Add(n, big.NewInt(1))
		n.Neg(n)
	}
	return appendHigh(dst, n.Append(nil, 10)), nil
}
