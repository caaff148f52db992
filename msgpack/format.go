package msgpack

import (
	"encoding/binary"
	"math"
	"unsafe"
)

// First bytes of the formats (the specification's overview table) that
// are not ranges.
const (
	bNil      = 0xc0
	bNever    = 0xc1
	bFalse    = 0xc2
	bTrue     = 0xc3
	bBin8     = 0xc4
	bBin16    = 0xc5
	bBin32    = 0xc6
	bExt8     = 0xc7
	bExt16    = 0xc8
	bExt32    = 0xc9
	bFloat32  = 0xca
	bFloat64  = 0xcb
	bUint8    = 0xcc
	bUint16   = 0xcd
	bUint32   = 0xce
	bUint64   = 0xcf
	bInt8     = 0xd0
	bInt16    = 0xd1
	bInt32    = 0xd2
	bInt64    = 0xd3
	bFixext1  = 0xd4
	bFixext2  = 0xd5
	bFixext4  = 0xd6
	bFixext8  = 0xd7
	bFixext16 = 0xd8
	bStr8     = 0xd9
	bStr16    = 0xda
	bStr32    = 0xdb
	bArray16  = 0xdc
	bArray32  = 0xdd
	bMap16    = 0xde
	bMap32    = 0xdf

	bFixmap   = 0x80 // 1000xxxx
	bFixarray = 0x90 // 1001xxxx
	bFixstr   = 0xa0 // 101xxxxx
)

// maxLen32 is the largest length or count MessagePack can write.
const maxLen32 = math.MaxUint32

// timestampType is the extension type of the timestamp (-1).
const timestampType = -1

// Kinds of objects, as the first byte tells.
const (
	kInvalid = iota
	kNil
	kBool
	kUint // payload: big-endian unsigned
	kInt  // payload: big-endian signed (or a fixint)
	kFloat32
	kFloat64
	kStr
	kBin
	kArray
	kMap
	kExt
)

// info describes a first byte: the kind of object, the size of the
// length (or value) field that follows it, and for fix formats the value
// or length held in the byte itself.
type info struct {
	kind uint8
	size uint8 // bytes of value (numbers) or of the length field (str, bin, array, map, ext)
	fix  uint8 // fixint value bits, fix length, or fixext payload size; see fixed
	// fixed is true when the length (str, array, map, fixext payload) or
	// the value (fixint) is in fix, not in a following field.
	fixed bool
}

var infos [256]info

func init() {
	for b := range 256 {
		var in info
		switch {
		case b <= 0x7f:
			in = info{kind: kUint, fix: uint8(b), fixed: true}
		case b >= 0xe0:
			in = info{kind: kInt, fix: uint8(b), fixed: true}
		case b&0xf0 == bFixmap:
			in = info{kind: kMap, fix: uint8(b & 0x0f), fixed: true}
		case b&0xf0 == bFixarray:
			in = info{kind: kArray, fix: uint8(b & 0x0f), fixed: true}
		case b&0xe0 == bFixstr:
			in = info{kind: kStr, fix: uint8(b & 0x1f), fixed: true}
		}
		switch b {
		case bNil:
			in = info{kind: kNil, fixed: true}
		case bFalse, bTrue:
			in = info{kind: kBool, fixed: true}
		case bBin8, bBin16, bBin32:
			in = info{kind: kBin, size: 1 << (b - bBin8)}
		case bExt8, bExt16, bExt32:
			in = info{kind: kExt, size: 1 << (b - bExt8)}
		case bFloat32:
			in = info{kind: kFloat32, size: 4}
		case bFloat64:
			in = info{kind: kFloat64, size: 8}
		case bUint8, bUint16, bUint32, bUint64:
			in = info{kind: kUint, size: 1 << (b - bUint8)}
		case bInt8, bInt16, bInt32, bInt64:
			in = info{kind: kInt, size: 1 << (b - bInt8)}
		case bFixext1, bFixext2, bFixext4, bFixext8, bFixext16:
			in = info{kind: kExt, fix: 1 << (b - bFixext1), fixed: true}
		case bStr8, bStr16, bStr32:
			in = info{kind: kStr, size: 1 << (b - bStr8)}
		case bArray16, bArray32:
			in = info{kind: kArray, size: 2 << (b - bArray16)}
		case bMap16, bMap32:
			in = info{kind: kMap, size: 2 << (b - bMap16)}
		}
		infos[b] = in
	}
}

// scalarLen is the length of an object that is its head alone (nil,
// bool, numbers) by its first byte, and 0 for other first bytes.
var scalarLen [256]uint8

func init() {
	for b, in := range infos {
		switch in.kind {
		case kNil, kBool, kUint, kInt, kFloat32, kFloat64:
			scalarLen[b] = uint8(in.headLen())
		}
	}
}

// headLen returns the length of the head of an object whose first byte
// has info in: the first byte, the length field, and for ext the type
// byte; for numbers the whole object.
func (in info) headLen() int {
	n := 1 + int(in.size)
	if in.kind == kExt {
		n++
	}
	return n
}

// be reads an n-byte big-endian unsigned integer (n is 1, 2, 4 or 8).
func be(b []byte, n int) uint64 {
	switch n {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(binary.BigEndian.Uint16(b))
	case 4:
		return uint64(binary.BigEndian.Uint32(b))
	}
	return binary.BigEndian.Uint64(b)
}

// signExtend returns the n-byte value x as a signed integer.
func signExtend(x uint64, n int) int64 {
	s := 64 - 8*uint(n)
	return int64(x<<s) >> s
}

// appendUint appends the non-negative integer n in its smallest format.
func appendUint(dst []byte, n uint64) []byte {
	switch {
	case n <= 0x7f:
		return append(dst, byte(n))
	case n <= math.MaxUint8:
		return append(dst, bUint8, byte(n))
	case n <= math.MaxUint16:
		return append(dst, bUint16, byte(n>>8), byte(n))
	case n <= math.MaxUint32:
		return binary.BigEndian.AppendUint32(append(dst, bUint32), uint32(n))
	}
	return binary.BigEndian.AppendUint64(append(dst, bUint64), n)
}

// appendInt appends the integer n in its smallest format: positive
// integers as uint formats, negative ones as negative fixint or int
// formats.
func appendInt(dst []byte, n int64) []byte {
	switch {
	case n >= 0:
		return appendUint(dst, uint64(n))
	case n >= -32:
		return append(dst, byte(n))
	case n >= math.MinInt8:
		return append(dst, bInt8, byte(n))
	case n >= math.MinInt16:
		return append(dst, bInt16, byte(n>>8), byte(n))
	case n >= math.MinInt32:
		return binary.BigEndian.AppendUint32(append(dst, bInt32), uint32(n))
	}
	return binary.BigEndian.AppendUint64(append(dst, bInt64), uint64(n))
}

// appendFloat64 appends f as float 64, or as float 32 when short and
// float 32 holds it exactly (NaN payloads included).
func appendFloat64(dst []byte, f float64, short bool) []byte {
	b := math.Float64bits(f)
	if short {
		if b32, ok := float32Bits(b); ok {
			return binary.BigEndian.AppendUint32(append(dst, bFloat32), b32)
		}
	}
	return binary.BigEndian.AppendUint64(append(dst, bFloat64), b)
}

// appendFloat appends f in the width given (32: float 32, which must hold
// it; else as appendFloat64).
func appendFloat(dst []byte, f float64, width int, short bool) []byte {
	if width == 32 || width == 16 {
		if b32, ok := float32Bits(math.Float64bits(f)); ok {
			return binary.BigEndian.AppendUint32(append(dst, bFloat32), b32)
		}
	}
	return appendFloat64(dst, f, short)
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

// float32ToFloat64 returns the value of single-precision bits b, NaN
// payloads included.
func float32ToFloat64(b uint32) float64 {
	if b&0x7f800000 == 0x7f800000 {
		return math.Float64frombits(uint64(b&0x80000000)<<32 | 0x7ff<<52 | uint64(b&(1<<23-1))<<29)
	}
	return float64(math.Float32frombits(b))
}

// appendStrHead appends the head of a str of n bytes (n <= maxLen32).
func appendStrHead(dst []byte, n int) []byte {
	switch {
	case n <= 31:
		return append(dst, bFixstr|byte(n))
	case n <= math.MaxUint8:
		return append(dst, bStr8, byte(n))
	case n <= math.MaxUint16:
		return append(dst, bStr16, byte(n>>8), byte(n))
	}
	return binary.BigEndian.AppendUint32(append(dst, bStr32), uint32(n))
}

// appendBinHead appends the head of a bin of n bytes (n <= maxLen32).
func appendBinHead(dst []byte, n int) []byte {
	switch {
	case n <= math.MaxUint8:
		return append(dst, bBin8, byte(n))
	case n <= math.MaxUint16:
		return append(dst, bBin16, byte(n>>8), byte(n))
	}
	return binary.BigEndian.AppendUint32(append(dst, bBin32), uint32(n))
}

// appendArrayHead appends the head of an array (or, when obj, a map) of n
// elements (pairs), n <= maxLen32.
func appendArrayHead(dst []byte, obj bool, n uint64) []byte {
	fix, b16 := byte(bFixarray), byte(bArray16)
	if obj {
		fix, b16 = bFixmap, bMap16
	}
	switch {
	case n <= 15:
		return append(dst, fix|byte(n))
	case n <= math.MaxUint16:
		return append(dst, b16, byte(n>>8), byte(n))
	}
	return binary.BigEndian.AppendUint32(append(dst, b16+1), uint32(n))
}

// arrayHeadLen returns the size of the head appendArrayHead writes.
func arrayHeadLen(n uint64) int {
	switch {
	case n <= 15:
		return 1
	case n <= math.MaxUint16:
		return 3
	}
	return 5
}

// appendExtHead appends the head of an ext of type typ with a payload of
// n bytes (n <= maxLen32): fixext when n is 1, 2, 4, 8 or 16.
func appendExtHead(dst []byte, typ int8, n int) []byte {
	switch n {
	case 1:
		return append(dst, bFixext1, byte(typ))
	case 2:
		return append(dst, bFixext2, byte(typ))
	case 4:
		return append(dst, bFixext4, byte(typ))
	case 8:
		return append(dst, bFixext8, byte(typ))
	case 16:
		return append(dst, bFixext16, byte(typ))
	}
	switch {
	case n <= math.MaxUint8:
		return append(dst, bExt8, byte(n), byte(typ))
	case n <= math.MaxUint16:
		return append(dst, bExt16, byte(n>>8), byte(n), byte(typ))
	}
	return append(binary.BigEndian.AppendUint32(append(dst, bExt32), uint32(n)), byte(typ))
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
