package cbor

import (
	"encoding/binary"
	"math"
	"unsafe"
)

// Major types (RFC 8949 section 3.1).
const (
	majorUint   = 0
	majorNeg    = 1
	majorBytes  = 2
	majorText   = 3
	majorArray  = 4
	majorMap    = 5
	majorTag    = 6
	majorSimple = 7
)

// Additional information values with a meaning of their own.
const (
	aiOne   = 24 // one-byte argument follows
	aiTwo   = 25 // two-byte argument (or half float)
	aiFour  = 26 // four-byte argument (or single float)
	aiEight = 27 // eight-byte argument (or double float)
	aiIndef = 31 // indefinite length, or break
)

const breakByte = 0xff

// appendHead appends the head of major type major with argument arg, in
// its shortest form (preferred serialization).
func appendHead(dst []byte, major byte, arg uint64) []byte {
	m := major << 5
	switch {
	case arg < 24:
		return append(dst, m|byte(arg))
	case arg <= math.MaxUint8:
		return append(dst, m|aiOne, byte(arg))
	case arg <= math.MaxUint16:
		return append(dst, m|aiTwo, byte(arg>>8), byte(arg))
	case arg <= math.MaxUint32:
		return binary.BigEndian.AppendUint32(append(dst, m|aiFour), uint32(arg))
	}
	return binary.BigEndian.AppendUint64(append(dst, m|aiEight), arg)
}

// headLen returns the size of the shortest head for argument arg.
func headLen(arg uint64) int {
	switch {
	case arg < 24:
		return 1
	case arg <= math.MaxUint8:
		return 2
	case arg <= math.MaxUint16:
		return 3
	case arg <= math.MaxUint32:
		return 5
	}
	return 9
}

// putHead writes the shortest head into b, which has room for it.
func putHead(b []byte, major byte, arg uint64) {
	m := major << 5
	switch {
	case arg < 24:
		b[0] = m | byte(arg)
	case arg <= math.MaxUint8:
		b[0], b[1] = m|aiOne, byte(arg)
	case arg <= math.MaxUint16:
		b[0] = m | aiTwo
		binary.BigEndian.PutUint16(b[1:], uint16(arg))
	case arg <= math.MaxUint32:
		b[0] = m | aiFour
		binary.BigEndian.PutUint32(b[1:], uint32(arg))
	default:
		b[0] = m | aiEight
		binary.BigEndian.PutUint64(b[1:], arg)
	}
}

// appendInt appends the integer n (major type 0 or 1).
func appendInt(dst []byte, n int64) []byte {
	if n >= 0 {
		return appendHead(dst, majorUint, uint64(n))
	}
	return appendHead(dst, majorNeg, uint64(^n)) // -1 - n
}

// appendFloat appends f in the shortest of half, single and double
// precision that keeps its value exactly, NaN payloads included (RFC 8949
// section 4.1, preferred serialization).
func appendFloat(dst []byte, f float64) []byte {
	b64 := math.Float64bits(f)
	b32, ok := float32Bits(b64)
	if !ok {
		return binary.BigEndian.AppendUint64(append(dst, majorSimple<<5|aiEight), b64)
	}
	if h, ok := halfBits(b32); ok {
		return append(dst, majorSimple<<5|aiTwo, byte(h>>8), byte(h))
	}
	return binary.BigEndian.AppendUint32(append(dst, majorSimple<<5|aiFour), b32)
}

// float32Bits returns the single-precision bits of the double with bits
// b, if it has an exact single-precision form. NaNs qualify when their
// payload survives, so the conversion is done on bits, not by the FPU
// (which would quiet a signaling NaN).
func float32Bits(b uint64) (uint32, bool) {
	sign := uint32(b>>32) & 0x80000000
	exp := int(b>>52) & 0x7ff
	mant := b & (1<<52 - 1)
	if exp == 0x7ff { // infinity or NaN
		if mant&(1<<29-1) != 0 {
			return 0, false
		}
		return sign | 0x7f800000 | uint32(mant>>29), true
	}
	f := math.Float64frombits(b)
	f32 := float32(f)
	if float64(f32) != f {
		return 0, false
	}
	return math.Float32bits(f32), true
}

// halfBits returns the half-precision bits of the single with bits b, if
// it has an exact half-precision form.
func halfBits(b uint32) (uint16, bool) {
	sign := uint16(b>>16) & 0x8000
	exp := int(b>>23) & 0xff
	mant := b & (1<<23 - 1)
	switch {
	case exp == 0xff: // infinity or NaN
		if mant&(1<<13-1) != 0 {
			return 0, false
		}
		return sign | 0x7c00 | uint16(mant>>13), true
	case exp == 0:
		if mant == 0 {
			return sign, true // zero
		}
		return 0, false // single subnormals are far below half's range
	}
	e := exp - 127 + 15
	switch {
	case e >= 31:
		return 0, false
	case e >= 1: // half normal
		if mant&(1<<13-1) != 0 {
			return 0, false
		}
		return sign | uint16(e)<<10 | uint16(mant>>13), true
	}
	// Half subnormal: the value (2^23 + mant) * 2^(exp-150) must be a whole
	// multiple of 2^-24, the half subnormal step.
	m := 1<<23 | mant
	s := 126 - exp
	if s >= 24 || m&(1<<s-1) != 0 {
		return 0, false
	}
	return sign | uint16(m>>s), true
}

// halfToFloat64 returns the value of half-precision bits h (RFC 8949
// Appendix D), NaN payloads included.
func halfToFloat64(h uint16) float64 {
	sign := uint64(h&0x8000) << 48
	exp := int(h>>10) & 0x1f
	mant := uint64(h & 0x3ff)
	switch exp {
	case 0:
		f := math.Ldexp(float64(mant), -24)
		if sign != 0 {
			f = -f
		}
		return f
	case 31:
		return math.Float64frombits(sign | 0x7ff<<52 | mant<<42)
	}
	return math.Float64frombits(sign | uint64(exp-15+1023)<<52 | mant<<42)
}

// float32ToFloat64 returns the value of single-precision bits b, NaN
// payloads included.
func float32ToFloat64(b uint32) float64 {
	if b&0x7f800000 == 0x7f800000 {
		return math.Float64frombits(uint64(b&0x80000000)<<32 | 0x7ff<<52 | uint64(b&(1<<23-1))<<29)
	}
	return float64(math.Float32frombits(b))
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
