package bson

import (
	"encoding/binary"
	"math"
	"strconv"
	"unsafe"

	"github.com/celerjson/celer/internal/binfmt"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
)

// appendNumber appends the value of JSON number text s (see Writer) and
// returns its element type: int32 or int64 for an integer that fits,
// double for a number whose nearest double has exactly its value (and for
// -0), and otherwise what the Inexact policies of f say.
func appendNumber(dst, s []byte, f opts.Flags) ([]byte, byte, error) {
	if n, code := scan.Number(s, true); code != scan.OK || n != len(s) {
		return dst, 0, unsupported("invalid number text " + strconv.Quote(shorten(s)))
	}
	return appendValidNumber(dst, s, f)
}

// noDecimal turns appendValidNumber's one-pass case off, for the test
// that compares it with the general path. Tests only: not synchronized.
var noDecimal bool

// appendValidNumber is appendNumber for text known to be a valid JSON
// number (a Number token a reader has checked).
func appendValidNumber(dst, s []byte, f opts.Flags) ([]byte, byte, error) {
	// With InexactAsFloat alone, a number with a fraction or an exponent
	// is its nearest double: one pass over its digits finds it.
	// Integers of up to 19 digits too (Writer.CopyJSON gives every JSON
	// integer here).
	if m, exp, neg, integer, ok := binfmt.Decimal(s); ok && !noDecimal {
		switch {
		case integer && !neg && m <= math.MaxInt64:
			dst, t := appendInt(dst, int64(m))
			return dst, t, nil
		case integer && neg && m != 0 && m <= 1<<63: // -0 is the double -0.0, below
			dst, t := appendInt(dst, -int64(m))
			return dst, t, nil
		case !integer && binfmt.NearestOnly(f):
			if x, ok := scan.Float64FromDecimal(m, exp, neg); ok && !math.IsInf(x, 0) {
				return appendDouble(dst, x), TypeDouble, nil
			}
		}
	}
	integer := true
	for _, c := range s {
		if c == '.' || c == 'e' || c == 'E' {
			integer = false
			break
		}
	}
	if integer {
		if string(s) == "-0" {
			return appendDouble(dst, math.Copysign(0, -1)), TypeDouble, nil
		}
		if v, err := strconv.ParseInt(unsafeString(s), 10, 64); err == nil {
			dst, t := appendInt(dst, v)
			return dst, t, nil
		}
		return appendInexact(dst, s, f, true)
	}
	if x, ok := binfmt.NearestFloat(s, f); ok {
		return appendDouble(dst, x), TypeDouble, nil
	}
	if x, ok := binfmt.ExactFloat(s); ok {
		return appendDouble(dst, x), TypeDouble, nil
	}
	return appendInexact(dst, s, f, false)
}

// appendInexact appends number text s, which BSON cannot hold exactly
// (an integer beyond 64 bits when integer, else a number with no exact
// double), as a string, a Decimal128 or the nearest double when f
// allows, and fails with ErrUnsupported otherwise.
func appendInexact(dst, s []byte, f opts.Flags, integer bool) ([]byte, byte, error) {
	if f&opts.InexactAsString != 0 {
		return appendString(dst, s), TypeString, nil
	}
	if f&opts.InexactAsDecimal != 0 {
		if d, err := ParseDecimal128(unsafeString(s)); err == nil {
			return d.appendBytes(dst), TypeDecimal128, nil
		}
	}
	if f&opts.InexactAsFloat != 0 {
		if x, err := strconv.ParseFloat(unsafeString(s), 64); err == nil || !math.IsInf(x, 0) {
			return appendDouble(dst, x), TypeDouble, nil
		}
	}
	why := "number " + shorten(s) + " has no exact double form"
	if integer {
		why = "integer " + shorten(s) + " is beyond 64 bits"
	}
	return dst, 0, unsupported(why + " (InexactAsDecimal, InexactAsString and InexactAsFloat allow it)")
}

// appendInt appends v as an int32 when it fits, else as an int64.
func appendInt(dst []byte, v int64) ([]byte, byte) {
	if v == int64(int32(v)) {
		return binary.LittleEndian.AppendUint32(dst, uint32(v)), TypeInt32
	}
	return binary.LittleEndian.AppendUint64(dst, uint64(v)), TypeInt64
}

func appendDouble(dst []byte, x float64) []byte {
	return binary.LittleEndian.AppendUint64(dst, math.Float64bits(x))
}

// appendString appends a BSON string: its length with the NUL, the bytes
// and the NUL.
func appendString(dst, s []byte) []byte {
	dst = binary.LittleEndian.AppendUint32(dst, uint32(len(s)+1))
	dst = append(dst, s...)
	return append(dst, 0)
}

func shorten(s []byte) string {
	if len(s) > 40 {
		return string(s[:37]) + "..."
	}
	return string(s)
}

// unsafeString returns b as a string without copying, for calls that do
// not keep it.
func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// unsafeBytes returns the bytes of s without copying; callers never
// modify them.
func unsafeBytes(s string) []byte {
	if s == "" {
		return nil
	}
	return unsafe.Slice(unsafe.StringData(s), len(s))
}
