package cbor

import (
	"encoding/binary"
	"math"
	"reflect"
	"unsafe"

	"github.com/celerjson/celer/internal/binfmt"
)

// RFC 8746 typed array tags are 0b010_f_s_e_ll: f for floats, s for
// signed integers, e for little-endian, ll the element size (integers:
// 1 << ll bytes; floats: 2 << ll bytes).
const (
	typedFirst  = 64
	typedLast   = 87
	typedFloat  = 16
	typedSigned = 8
	typedLE     = 4
	typedClamp  = 68 // uint8, clamped: read as uint8
)

// littleEndian reports whether the host stores numbers little-endian, so
// typed arrays in that order copy in bulk.
var littleEndian = func() bool {
	x := uint16(1)
	return *(*byte)(unsafe.Pointer(&x)) == 1
}()

// typedArrayTag returns the little-endian typed array tag for elements of
// type t, or 0 when t has none (uint8 is a byte string already; types
// with methods are items).
func typedArrayTag(t reflect.Type) uint64 {
	if elemHasMethods(t) {
		return 0
	}
	var ll uint64
	switch t.Size() {
	case 2:
		ll = 1
	case 4:
		ll = 2
	case 8:
		ll = 3
	}
	switch t.Kind() {
	case reflect.Int8:
		return typedFirst | typedSigned
	case reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int:
		return typedFirst | typedSigned | typedLE | ll
	case reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uint:
		return typedFirst | typedLE | ll
	case reflect.Float32, reflect.Float64:
		return typedFirst | typedFloat | typedLE | (ll - 1)
	}
	return 0
}

// appendTypedArray appends slice or array v of fixed-size numbers as tag
// and a byte string of its elements in little-endian order.
func appendTypedArray(dst []byte, tag uint64, v reflect.Value) []byte {
	n := v.Len()
	size := int(v.Type().Elem().Size())
	dst = appendHead(dst, majorTag, tag)
	dst = appendHead(dst, majorBytes, uint64(n*size))
	if n == 0 {
		return dst
	}
	var p unsafe.Pointer
	switch {
	case v.Kind() == reflect.Slice:
		p = v.UnsafePointer()
	case v.CanAddr():
		p = binfmt.Addr(v)
	}
	if p != nil && littleEndian {
		return append(dst, unsafe.Slice((*byte)(p), n*size)...)
	}
	kind := v.Type().Elem().Kind()
	for i := range n {
		e := v.Index(i)
		switch kind {
		case reflect.Float32:
			dst = binary.LittleEndian.AppendUint32(dst, math.Float32bits(float32(e.Float())))
		case reflect.Float64:
			dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(e.Float()))
		case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int:
			dst = appendLE(dst, uint64(e.Int()), size)
		default:
			dst = appendLE(dst, e.Uint(), size)
		}
	}
	return dst
}

func appendLE(dst []byte, x uint64, size int) []byte {
	for i := range size {
		dst = append(dst, byte(x>>(8*i)))
	}
	return dst
}

// typedElem describes the elements of typed array tag: their size, and
// how to read one; ok is false for tags this package does not read
// (float128, and the reserved 76).
type typedElem struct {
	size   int
	float  bool
	signed bool
	le     bool
}

func typedInfo(tag uint64) (typedElem, bool) {
	if tag < typedFirst || tag > typedLast || tag == 76 || tag == 83 || tag == 87 {
		return typedElem{}, false
	}
	x := tag - typedFirst
	te := typedElem{float: x&typedFloat != 0, signed: x&typedSigned != 0, le: x&typedLE != 0}
	if te.float {
		te.size = 2 << (x & 3)
	} else {
		te.size = 1 << (x & 3)
	}
	if tag == typedClamp {
		te.signed = false
	}
	return te, true
}

// load reads element b (te.size bytes) as an integer (signed or not) or
// a float.
func (te typedElem) load(b []byte) (i int64, u uint64, f float64) {
	var x uint64
	for k := range te.size {
		if te.le {
			x |= uint64(b[k]) << (8 * k)
		} else {
			x = x<<8 | uint64(b[k])
		}
	}
	switch {
	case te.float && te.size == 2:
		return 0, 0, halfToFloat64(uint16(x))
	case te.float && te.size == 4:
		return 0, 0, float32ToFloat64(uint32(x))
	case te.float:
		return 0, 0, math.Float64frombits(x)
	case te.signed:
		shift := 64 - 8*te.size
		return int64(x<<shift) >> shift, 0, 0
	}
	return 0, x, 0
}
