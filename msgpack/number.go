package msgpack

import (
	"math"
	"math/big"
	"strconv"

	"github.com/celerjson/celer/internal/binfmt"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
)

// appendNumber appends the MessagePack form of the JSON number text s
// (see Writer), with the options InexactAsString, InexactAsFloat and
// ShortestFloat of f.
func appendNumber(dst, s []byte, f opts.Flags) ([]byte, error) {
	if n, code := scan.Number(s, true); code != scan.OK || n != len(s) {
		return dst, unsupported("invalid number text " + strconv.Quote(string(s)))
	}
	return appendValidNumber(dst, s, f)
}

// noDecimal turns appendValidNumber's one-pass cases off, for the test
// that compares them with the general path. Tests only: not synchronized.
var noDecimal bool

// appendValidNumber is appendNumber for text known to be a valid JSON
// number (a Number token a reader has checked).
func appendValidNumber(dst, s []byte, f opts.Flags) ([]byte, error) {
	short := f&opts.ShortestFloat != 0
	// One pass over the digits decides the common cases: integers of up
	// to 19 digits, and with InexactAsFloat alone, the nearest double.
	if m, exp, neg, integer, ok := binfmt.Decimal(s); ok && !noDecimal {
		switch {
		case integer && neg && m == 0:
			return appendFloat64(dst, math.Copysign(0, -1), short), nil // -0 has no integer form
		case integer && !neg:
			return appendUint(dst, m), nil
		case integer && m <= 1<<63:
			return appendInt(dst, -int64(m)), nil
		case binfmt.NearestOnly(f):
			if x, ok := scan.Float64FromDecimal(m, exp, neg); ok && !math.IsInf(x, 0) {
				return appendFloat64(dst, x, short), nil
			}
		}
	}
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
		if len(digits) <= 20 {
			u, err := strconv.ParseUint(unsafeString(digits), 10, 64)
			switch {
			case err == nil && !neg:
				return appendUint(dst, u), nil
			case err == nil && u <= 1<<63:
				return appendInt(dst, int64(-u)), nil
			}
		}
		return inexact(dst, s, f, "integer ", " is beyond the 64-bit range of MessagePack")
	}
	if x, ok := binfmt.NearestFloat(s, f); ok {
		return appendFloat64(dst, x, short), nil
	}
	if x, ok := binfmt.ExactFloat(s); ok {
		return appendFloat64(dst, x, short), nil
	}
	return inexact(dst, s, f, "number ", " has no exact float form")
}

// inexact applies the policy of f to number text s that MessagePack
// cannot hold exactly; the error, if any, says what s is and why.
func inexact(dst, s []byte, f opts.Flags, what, why string) ([]byte, error) {
	switch {
	case f&opts.InexactAsString != 0:
		dst = appendStrHead(dst, len(s))
		return append(dst, s...), nil
	case f&opts.InexactAsFloat != 0:
		if x, err := strconv.ParseFloat(unsafeString(s), 64); err == nil {
			return appendFloat64(dst, x, f&opts.ShortestFloat != 0), nil // err: beyond the double range
		}
	}
	return dst, unsupported(what + shorten(s) + why + " (InexactAsFloat and InexactAsString allow it)")
}

func shorten(s []byte) string {
	if len(s) > 40 {
		return string(s[:37]) + "..."
	}
	return string(s)
}

// appendBignum appends the integer of a CBOR bignum (tag 2: b, tag 3:
// -1-b, b big-endian) when it fits 64 bits, and otherwise applies the
// policy of f to its decimal text.
func appendBignum(dst []byte, neg bool, b []byte, f opts.Flags) ([]byte, error) {
	for len(b) > 0 && b[0] == 0 {
		b = b[1:]
	}
	if len(b) <= 8 {
		var u uint64
		for _, c := range b {
			u = u<<8 | uint64(c)
		}
		switch {
		case !neg:
			return appendUint(dst, u), nil
		case u <= math.MaxInt64:
			return appendInt(dst, -1-int64(u)), nil
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
	return inexact(dst, n.Append(nil, 10), f, "bignum ", " is beyond the 64-bit range of MessagePack")
}
