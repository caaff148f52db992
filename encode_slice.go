package celer

import (
	"encoding/base64"
	"reflect"
	"unsafe"
)

// Slice and array plans. A nil slice is null; []byte (whose element type
// has no marshaling methods) is a base64 string; anything else is a JSON
// array of the elements, which are addressable. Arrays are never null and
// their elements are addressable when the array is. Slices count towards
// encoding/json's cycle detection.

// encSliceHeader is the memory layout of every slice.
type encSliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

func (b *encBuilder) slicePlan(t reflect.Type) encFn {
	elem := t.Elem()
	if elem.Kind() == reflect.Uint8 {
		pe := reflect.PointerTo(elem)
		if !pe.Implements(encMarshalerType) && !pe.Implements(encTextMarshalerType) {
			return encBytes
		}
	}
	items := b.itemsPlan(elem, true)
	return func(e *encState, buf []byte, p unsafe.Pointer) []byte {
		s := (*encSliceHeader)(p)
		if s.data == nil {
			return append(buf, "null"...)
		}
		k := encSeenKey{p: s.data, n: s.len}
		e.enter(k)
		buf = items(e, buf, s.data, s.len)
		e.leave(k)
		return buf
	}
}

func (b *encBuilder) arrayPlan(t reflect.Type, addr bool) encFn {
	items := b.itemsPlan(t.Elem(), addr)
	n := t.Len()
	return func(e *encState, buf []byte, p unsafe.Pointer) []byte {
		return items(e, buf, p, n)
	}
}

// encItems writes n elements stored from p on as a JSON array.
type encItems func(e *encState, b []byte, p unsafe.Pointer, n int) []byte

// itemsPlan returns the array writer for elements of type t, with the
// common scalar kinds written inline.
func (b *encBuilder) itemsPlan(t reflect.Type, addr bool) encItems {
	if b.methodPlan(t, addr) == nil {
		switch encInlineKind(t) {
		case encKString:
			return encStrings
		case encKFloat64:
			return encFloat64s
		}
	}
	elem := b.plan(t, addr)
	size := t.Size()
	return func(e *encState, buf []byte, p unsafe.Pointer, n int) []byte {
		buf = append(buf, '[')
		for i := 0; i < n; i++ {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = elem(e, buf, unsafe.Add(p, uintptr(i)*size))
		}
		return append(buf, ']')
	}
}

func encStrings(e *encState, b []byte, p unsafe.Pointer, n int) []byte {
	if n == 0 { // p may be a [0]string at the end of a struct: no string fits there
		return append(b, "[]"...)
	}
	b = append(b, '[')
	for i, s := range unsafe.Slice((*string)(p), n) {
		if i > 0 {
			b = append(b, ',')
		}
		b = e.appendString(b, s)
	}
	return append(b, ']')
}

func encFloat64s(e *encState, b []byte, p unsafe.Pointer, n int) []byte {
	b = append(b, '[')
	for i, f := range unsafe.Slice((*float64)(p), n) {
		if i > 0 {
			b = append(b, ',')
		}
		b = encAppendFloat64(b, f)
	}
	return append(b, ']')
}

// encBytes writes a []byte as a base64 string (standard encoding).
func encBytes(e *encState, b []byte, p unsafe.Pointer) []byte {
	s := *(*[]byte)(p)
	if s == nil {
		return append(b, "null"...)
	}
	b = append(b, '"')
	b = base64.StdEncoding.AppendEncode(b, s)
	return append(b, '"')
}

// encodeSliceAny writes a []any (the decoded form of a JSON array).
func (e *encState) encodeSliceAny(b []byte, s []any) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	k := encSeenKey{p: unsafe.Pointer(unsafe.SliceData(s)), n: len(s)}
	e.enter(k)
	b = append(b, '[')
	for i, v := range s {
		if i > 0 {
			b = append(b, ',')
		}
		b = e.encodeAny(b, v)
	}
	e.leave(k)
	return append(b, ']')
}
