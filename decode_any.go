package celer

import (
	"strconv"
	"unsafe"

	"github.com/celerjson/celer/internal/scan"
)

// Decoding into an empty interface builds map[string]any, []any, string,
// float64 (or Number), bool and nil directly, without reflection, as
// encoding/json's xxxInterface functions do.

// valueInterface decodes the value at d.off.
func (d *decodeState) valueInterface() any {
	switch d.data[d.off] {
	case '[':
		// (Not boxed from the slab of headers: see oArrayInterface.)
		return d.arrayAny()
	case '{':
		return d.objectInterface()
	}
	return d.literalInterface()
}

// arrayInterface decodes the array at d.off into a []any.
func (d *decodeState) arrayInterface() []any {
	base, ok := d.arrayElems()
	if !ok {
		return make([]any, 0)
	}
	return d.endArray(base)
}

// arrayAny is arrayInterface for an array that goes into an interface
// value (see boxArray).
func (d *decodeState) arrayAny() any {
	base, ok := d.arrayElems()
	if !ok {
		return emptySlice
	}
	return d.endArrayAny(base)
}

// arrayElems decodes the elements of the array at d.off onto d.vals
// (shared by every level, so that they are copied once into a slice of
// the exact length, instead of growing a slice by appending) and returns
// where they start there, or false for an empty array.
func (d *decodeState) arrayElems() (int, bool) {
	d.off++ // '['
	if d.empty() {
		return 0, false
	}
	base := len(d.vals)
	for {
		x := d.valueInterface()
		d.vals = append(d.vals, x)
		if b := d.data; b[d.off] == ',' && b[d.off+1] > ' ' { // d.more(), inlined
			d.off++
		} else if !d.more() {
			break
		}
	}
	return base, true
}

// endArray returns the elements gathered on d.vals from base as a []any
// of their number, and takes them off.
func (d *decodeState) endArray(base int) []any {
	v := make([]any, len(d.vals)-base)
	copy(v, d.vals[base:])
	clear(d.vals[base:])
	d.vals = d.vals[:base]
	return v
}

// endArrayAny is endArray for an array that goes into an interface value.
func (d *decodeState) endArrayAny(base int) any {
	x := boxArray(d.vals[base:])
	clear(d.vals[base:])
	d.vals = d.vals[:base]
	return x
}

// boxArray returns a copy of v, which is not empty, as an interface value
// holding a []any of its length. A short array takes one allocation, not
// two: the slice header that the interface points to and the elements
// are laid out together (see arrayBox), so that each keeps only the other
// alive, as the header and elements of any []any do.
func boxArray(v []any) any {
	switch len(v) {
	case 1:
		return boxArrayOf[[1]any](v)
	case 2:
		return boxArrayOf[[2]any](v)
	case 3:
		return boxArrayOf[[3]any](v)
	case 4:
		return boxArrayOf[[4]any](v)
	case 5:
		return boxArrayOf[[5]any](v)
	case 6:
		return boxArrayOf[[6]any](v)
	case 7:
		return boxArrayOf[[7]any](v)
	case 8:
		return boxArrayOf[[8]any](v)
	}
	a := make([]any, len(v))
	copy(a, v)
	return a
}

// An arrayBox is the slice header of an array boxed by boxArray and the
// elements it points to; A is [n]any.
type arrayBox[A any] struct {
	s []any
	a A
}

// boxArrayOf is boxArray for an array of the length of A, an [n]any.
func boxArrayOf[A any](v []any) any {
	b := new(arrayBox[A])
	b.s = unsafe.Slice((*any)(unsafe.Pointer(&b.a)), len(v))
	copy(b.s, v)
	var x any
	*(*eface)(unsafe.Pointer(&x)) = eface{sliceType, unsafe.Pointer(&b.s)}
	return x
}

// A member is an object member gathered on d.mems.
type member struct {
	key string
	val any
}

// objectInterface decodes the object at d.off into a map[string]any.
// Members gather on d.mems first (each pushed once its value is decoded),
// so that the map is made with room for all of them and never grows; they
// are inserted in input order, so the last of duplicate names wins, as in
// encoding/json.
func (d *decodeState) objectInterface() map[string]any {
	d.off++ // '{'
	if d.empty() {
		return make(map[string]any)
	}
	base := len(d.mems)
	for {
		key := d.readStr()
		if b := d.data; b[d.off] == ':' && b[d.off+1] > ' ' { // d.afterName(), inlined
			d.off++
		} else {
			d.afterNameSpace()
		}
		x := d.valueInterface()
		d.mems = append(d.mems, member{key, x})
		if b := d.data; b[d.off] == ',' && b[d.off+1] > ' ' { // d.more(), inlined
			d.off++
		} else if !d.more() {
			break
		}
	}
	return d.endObject(base)
}

// endObject returns the members gathered on d.mems from base as a map
// made with room for all of them, and takes them off.
func (d *decodeState) endObject(base int) map[string]any {
	mems := d.mems[base:]
	m := make(map[string]any, len(mems))
	for i := range mems {
		m[mems[i].key] = mems[i].val
	}
	clear(mems)
	d.mems = d.mems[:base]
	return m
}

// membersInto decodes the members of the object being read, after its
// '{', into m.
func (d *decodeState) membersInto(m map[string]any) {
	for {
		key := d.readStr()
		if b := d.data; b[d.off] == ':' && b[d.off+1] > ' ' { // d.afterName(), inlined
			d.off++
		} else {
			d.afterNameSpace()
		}
		m[key] = d.valueInterface()
		if b := d.data; b[d.off] == ',' && b[d.off+1] > ' ' { // d.more(), inlined
			d.off++
		} else if !d.more() {
			return
		}
	}
}

// literalInterface decodes the string, number or literal at d.off.
func (d *decodeState) literalInterface() any {
	switch c := d.data[d.off]; c {
	case 'n':
		d.off += 4
		return nil
	case 't':
		d.off += 4
		return true
	case 'f':
		d.off += 5
		return false
	case '"':
		return d.boxStr(d.readStr())
	}
	if d.flags&(dUseNumber|dUseInt64) == 0 {
		if f, end, ok := readFloat(d.data, d.off); ok {
			d.off = end
			return d.boxFloat(f)
		}
	}
	s, e := d.readLiteral()
	item := d.data[s:e]
	if d.flags&(dUseNumber|dUseInt64) == dUseInt64 {
		if n, ok := parseInt(item); ok {
			return n
		}
		if n, err := strconv.ParseInt(string(item), 10, 64); err == nil {
			return n
		}
	}
	if d.flags&dUseNumber == 0 {
		if f, ok := scan.ParseFloat64(item); ok {
			return f
		}
		if f, err := strconv.ParseFloat(string(item), 64); err == nil {
			return f
		}
	}
	n, err := d.convertNumber(string(item))
	if err != nil {
		d.saveError(err)
	}
	return n
}

// Boxing without an allocation per value.
//
// Go boxes a float64 or a string into an interface by allocating a copy
// of it (8 or 16 bytes) for the interface to point to. Decoding into any
// boxes every number and string, so it hands out interfaces that point
// into slabs of values instead: one allocation for many. Interface values
// are immutable, and a slot is never written again once handed out, so
// sharing the slab is invisible to the caller, except that one kept value
// keeps its slab (at most boxSlab values) alive.

// eface is the layout of an empty interface value.
type eface struct{ typ, data unsafe.Pointer }

var (
	float64Type = efaceType(float64(0))
	stringType  = efaceType("")
	sliceType   = efaceType([]any(nil))
)

func efaceType(x any) unsafe.Pointer { return (*eface)(unsafe.Pointer(&x)).typ }

const boxSlab = 256 // the most values a slab holds

// slabLen is the length of the next slab: what the input left could
// still need, within [8, boxSlab].
// (Elements caps it, with the chunks of strings: see strCap.)
func (d *decodeState) slabLen() int {
	n := min(max((len(d.data)-d.off)/16, 8), boxSlab)
	if d.strCap > 0 {
		n = min(n, d.strCap/16)
	}
	return n
}

// boxFloat returns f as an interface value.
func (d *decodeState) boxFloat(f float64) any {
	if len(d.fbox) == cap(d.fbox) {
		d.fbox = make([]float64, 0, d.slabLen())
	}
	d.fbox = append(d.fbox, f)
	var x any
	*(*eface)(unsafe.Pointer(&x)) = eface{float64Type, unsafe.Pointer(&d.fbox[len(d.fbox)-1])}
	return x
}

// emptySlice is an empty []any as an interface value, shared by every
// empty array: it has no element to write, and the slice it holds cannot
// be changed through the interface.
var emptySlice any = []any{}

// boxSlice returns v, an array of scalars laid out in d.aslab (see
// oScalars), as an interface value. (A header in the slab keeps the whole
// slab alive and every array the other headers hold: arrays that hold
// containers, or that no slab bounds, are boxed on their own.) (A slab of slice headers:
// 170 of 24 bytes and the 8-byte header of an object with pointers fill
// the 4096-byte size class.)
func (d *decodeState) boxSlice(v []any) any {
	if len(v) == 0 {
		return emptySlice
	}
	if len(d.hbox) == cap(d.hbox) {
		// Slabs double from 8, so a document with a few arrays does not
		// take a whole 4 KiB slab for them.
		d.hbox = make([][]any, 0, min(d.slabLen(), 170, max(8, 2*cap(d.hbox))))
	}
	d.hbox = append(d.hbox, v)
	var x any
	*(*eface)(unsafe.Pointer(&x)) = eface{sliceType, unsafe.Pointer(&d.hbox[len(d.hbox)-1])}
	return x
}

// boxStr returns s as an interface value. (A new slab and the empty
// string are boxStrSlow's, to keep the common case short.)
func (d *decodeState) boxStr(s string) any {
	n := len(d.sbox)
	if n == cap(d.sbox) || s == "" {
		return d.boxStrSlow(s)
	}
	d.sbox = d.sbox[:n+1]
	d.sbox[n] = s
	var x any
	*(*eface)(unsafe.Pointer(&x)) = eface{stringType, unsafe.Pointer(&d.sbox[n])}
	return x
}

// emptyStr is "" as an interface value.
var emptyStr any = ""

// boxStrSlow is boxStr for the empty string and a full slab.
func (d *decodeState) boxStrSlow(s string) any {
	if s == "" {
		return emptyStr
	}
	d.sbox = make([]string, 0, d.slabLen())
	return d.boxStr(s)
}

// Arrays of scalars are laid out in slabs too: their elements are decoded
// straight into d.aslab, and the array is the part of the slab they fill
// (with no room to append in place), so that it needs neither an
// allocation of its own nor the copy from d.vals. Elements below
// len(d.aslab) belong to arrays handed out and are never written again.

// maxSlabRun is the longest array kept in a slab: longer ones move to
// d.vals and get a slice of their own length.
const maxSlabRun = 1024

// growSlab returns a new slab for the array whose elements so far are
// s[base:], with them moved to its start, or nil when the array is too long
// for a slab (the caller moves its elements to d.vals then).
func (d *decodeState) growSlab(s []any, base int) []any {
	n := len(s) - base
	if n >= maxSlabRun {
		return nil
	}
	// 255 elements and the 8-byte header of an object with pointers fill
	// the 4096-byte size class; slabs double from 8 up to that.
	c := min(d.slabLen(), boxSlab-1, max(8, 2*cap(s)))
	if 2*n > c {
		c = 2 * n
	}
	ns := make([]any, n, c)
	copy(ns, s[base:])
	clear(s[base:])
	return ns
}
