package ubjson

import (
	"encoding/binary"
	"math"
	"unsafe"
)

// Markers (Draft 12 type reference).
const (
	mNull      = 'Z'
	mNoop      = 'N'
	mTrue      = 'T'
	mFalse     = 'F'
	mInt8      = 'i'
	mUint8     = 'U'
	mInt16     = 'I'
	mInt32     = 'l'
	mInt64     = 'L'
	mFloat32   = 'd'
	mFloat64   = 'D'
	mHigh      = 'H'
	mChar      = 'C'
	mString    = 'S'
	mArray     = '['
	mArrayEnd  = ']'
	mObject    = '{'
	mObjectEnd = '}'
	mType      = '$'
	mCount     = '#'
)

// Payload sizes of the markers: the fixed payload of a value type, or
// one of the negative constants below.
const (
	szInvalid   = -1 // not a value marker
	szVariable  = -2 // a length and that many bytes (S, H)
	szContainer = -3 // an array or object
)

var sizes = func() (s [256]int8) {
	for i := range s {
		s[i] = szInvalid
	}
	for _, m := range []byte{mNull, mTrue, mFalse} {
		s[m] = 0
	}
	s[mInt8], s[mUint8], s[mChar] = 1, 1, 1
	s[mInt16] = 2
	s[mInt32], s[mFloat32] = 4, 4
	s[mInt64], s[mFloat64] = 8, 8
	s[mString], s[mHigh] = szVariable, szVariable
	s[mArray], s[mObject] = szContainer, szContainer
	return s
}()

// isInt reports whether m is an integer marker (the markers of lengths
// and counts).
func isInt(m byte) bool {
	switch m {
	case mInt8, mUint8, mInt16, mInt32, mInt64:
		return true
	}
	return false
}

// readInt returns the integer of marker m (an integer marker) whose
// payload starts b.
func readInt(m byte, b []byte) int64 {
	switch m {
	case mInt8:
		return int64(int8(b[0]))
	case mUint8:
		return int64(b[0])
	case mInt16:
		return int64(int16(binary.BigEndian.Uint16(b)))
	case mInt32:
		return int64(int32(binary.BigEndian.Uint32(b)))
	}
	return int64(binary.BigEndian.Uint64(b))
}

// intMarker returns the marker of the smallest integer type that holds
// n: int8 for -128 to 127, uint8 for 128 to 255 (as the examples of the
// specification), then int16, int32, int64.
func intMarker(n int64) byte {
	switch {
	case n >= math.MinInt8 && n <= math.MaxInt8:
		return mInt8
	case n >= 0 && n <= math.MaxUint8:
		return mUint8
	case n >= math.MinInt16 && n <= math.MaxInt16:
		return mInt16
	case n >= math.MinInt32 && n <= math.MaxInt32:
		return mInt32
	}
	return mInt64
}

// appendInt appends the integer n with the marker of its smallest type.
func appendInt(dst []byte, n int64) []byte {
	m := intMarker(n)
	return appendIntAs(append(dst, m), m, n)
}

// appendIntAs appends the payload of n as an integer of marker m, which
// must hold it.
func appendIntAs(dst []byte, m byte, n int64) []byte {
	switch m {
	case mInt8, mUint8:
		return append(dst, byte(n))
	case mInt16:
		return binary.BigEndian.AppendUint16(dst, uint16(n))
	case mInt32:
		return binary.BigEndian.AppendUint32(dst, uint32(n))
	}
	return binary.BigEndian.AppendUint64(dst, uint64(n))
}

// intRank orders the signed integer types for typed arrays.
func intRank(n int64) byte {
	switch {
	case n >= math.MinInt8 && n <= math.MaxInt8:
		return mInt8
	case n >= math.MinInt16 && n <= math.MaxInt16:
		return mInt16
	case n >= math.MinInt32 && n <= math.MaxInt32:
		return mInt32
	}
	return mInt64
}

// widerInt returns the wider of two signed integer markers.
func widerInt(a, b byte) byte {
	for _, m := range []byte{mInt64, mInt32, mInt16} {
		if a == m || b == m {
			return m
		}
	}
	return mInt8
}

// appendFloat64 appends f as float64 (D), or float32 (d) when short and
// float32 holds it exactly; NaN and infinities as null, as the
// specification requires.
func appendFloat64(dst []byte, f float64, short bool) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(dst, mNull)
	}
	if short {
		if f32 := float32(f); float64(f32) == f {
			return binary.BigEndian.AppendUint32(append(dst, mFloat32), math.Float32bits(f32))
		}
	}
	return binary.BigEndian.AppendUint64(append(dst, mFloat64), math.Float64bits(f))
}

// appendFloat appends f in the width given (32 or 16: float32, which must
// hold it; else as appendFloat64).
func appendFloat(dst []byte, f float64, width int, short bool) []byte {
	return appendFloat64(dst, f, short || width == 32 || width == 16)
}

// unsafeString returns b as a string without copying, for calls that do
// not retain it.
func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// unsafeBytes returns the bytes of s without copying, for calls that only
// read them.
func unsafeBytes(s string) []byte {
	if s == "" {
		return nil
	}
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
