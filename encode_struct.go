package celer

import (
	"encoding/binary"
	"reflect"
	"unsafe"

	"github.com/celerjson/celer/internal/fields"
	"github.com/celerjson/celer/internal/ftoa"
)

// Struct plans: the fields of internal/fields, each with its offset, its
// name pre-quoted (with and without HTML escaping, both with a leading
// comma) and its plan. Fields of the common scalar kinds are written
// inline by a switch rather than through their plan.

// encKind selects an inline writer for a field; encCall uses the plan.
type encKind uint8

const (
	encCall encKind = iota
	encKString
	encKInt
	encKInt64
	encKBool
	encKFloat64
)

// encOmit says when a field is left out.
type encOmit uint8

const (
	encOmitEmpty encOmit = 1 << iota // ",omitempty"
	encOmitZero                      // ",omitzero"
)

type encField struct {
	names [2]string    // `,"name":` without and with HTML escaping
	off   uintptr      // offset of the field from the last pointer followed
	ptrs  []uintptr    // offsets of embedded pointers to follow first (nil if none)
	kind  encKind      // inline writer
	omit  encOmit      // when to leave the field out
	fn    encFn        // the field's plan
	typ   reflect.Type // the field's type (for omitempty/omitzero)
	empty func(unsafe.Pointer) bool
	zero  func(unsafe.Pointer) bool
}

type encStruct struct {
	fields []encField
}

func (b *encBuilder) structPlan(t reflect.Type, addr bool) encFn {
	fs := fields.For(t)
	s := &encStruct{fields: make([]encField, len(fs.Fields))}
	for i := range fs.Fields {
		s.fields[i] = b.field(t, &fs.Fields[i], addr)
	}
	return s.encode
}

// field compiles one field of struct type t.
func (b *encBuilder) field(t reflect.Type, f *fields.Field, addr bool) encField {
	ef := encField{
		names: [2]string{"," + f.NameText, "," + f.NameHTML},
		off:   f.Offset,
		typ:   f.Type,
	}
	if f.EmbeddedPtrs {
		// Split the path at each embedded pointer.
		typ, off := t, uintptr(0)
		for k, i := range f.Index {
			sf := typ.Field(i)
			off += sf.Offset
			typ = sf.Type
			if k < len(f.Index)-1 && typ.Kind() == reflect.Pointer {
				ef.ptrs = append(ef.ptrs, off)
				typ, off = typ.Elem(), 0
			}
		}
		ef.off = off
		addr = true // behind a pointer
	}
	ef.fn = b.quotedPlan(f.Type, addr, f.Quoted)
	if !f.Quoted && b.methodPlan(f.Type, addr) == nil {
		ef.kind = encInlineKind(f.Type)
	}
	if f.OmitEmpty {
		ef.omit |= encOmitEmpty
		ef.empty = encEmptyFunc(f.Type)
	}
	if f.OmitZero {
		ef.omit |= encOmitZero
		ef.zero = encZeroFunc(f)
	}
	return ef
}

// encInlineKind returns the inline writer for a field of type t, which
// has no marshaling methods.
func encInlineKind(t reflect.Type) encKind {
	switch t.Kind() {
	case reflect.String:
		if t != encNumberType {
			return encKString
		}
	case reflect.Int:
		return encKInt
	case reflect.Int64:
		return encKInt64
	case reflect.Bool:
		return encKBool
	case reflect.Float64:
		return encKFloat64
	}
	return encCall
}

// encode writes every field with its comma, then turns the first comma
// into the opening brace (or writes the brace when no field was written):
// no test per field for "is this the first one".
func (s *encStruct) encode(e *encState, b []byte, p unsafe.Pointer) []byte {
	start := len(b)
	ni := e.names
	for i := range s.fields {
		f := &s.fields[i]
		fp := p
		if f.ptrs != nil {
			if fp = f.follow(p); fp == nil {
				continue
			}
		}
		fp = unsafe.Add(fp, f.off)
		if f.omit != 0 && f.omitted(fp) {
			continue
		}
		// The name: 8 to 16 bytes, most names, copied inline with
		// two overlapping words when b has the room (a plain copy that
		// ends at the name's last byte; loads and stores through
		// binary.LittleEndian on fixed-size arrays are one unaligned
		// move where the processor has them, and byte moves where it
		// does not).
		if name, l := f.names[ni], len(b); uint(len(name)-8) <= 8 && cap(b)-l >= 16 {
			n := len(name)
			src := unsafe.Pointer(unsafe.StringData(name))
			dst := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), l)
			lo := binary.LittleEndian.Uint64((*[8]byte)(src)[:])
			hi := binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(src, n-8))[:])
			binary.LittleEndian.PutUint64((*[8]byte)(dst)[:], lo)
			binary.LittleEndian.PutUint64((*[8]byte)(unsafe.Add(dst, n-8))[:], hi)
			b = b[:l+n]
		} else {
			b = encAppendName(b, name)
		}
		switch f.kind {
		case encKString:
			b = e.appendString(b, *(*string)(fp))
		case encKInt:
			if x := *(*int)(fp); x >= 0 {
				b = ftoa.AppendUint(b, uint64(x))
			} else {
				b = ftoa.AppendInt(b, int64(x))
			}
		case encKInt64:
			if x := *(*int64)(fp); x >= 0 {
				b = ftoa.AppendUint(b, uint64(x))
			} else {
				b = ftoa.AppendInt(b, x)
			}
		case encKBool:
			b = encBool(e, b, fp)
		case encKFloat64:
			b = encAppendFloat64(b, *(*float64)(fp))
		default:
			b = f.fn(e, b, fp)
		}
	}
	if len(b) == start {
		return append(b, '{', '}')
	}
	b[start] = '{'
	return append(b, '}')
}

// encAppendName appends a field's pre-quoted name that encode does not
// copy inline: names of 4 to 7 bytes (`,"":` is the shortest) with two
// overlapping four-byte loads and stores when b has the room, the others
// with append. The stores touch only the name's own bytes, and loads and
// stores are both little-endian (portable, as above): a plain copy, without the call into
// memmove.
func encAppendName(b []byte, name string) []byte {
	n, l := len(name), len(b)
	if n >= 8 || n < 4 || cap(b)-l < 8 {
		return append(b, name...)
	}
	src := unsafe.Pointer(unsafe.StringData(name))
	dst := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), l)
	lo := binary.LittleEndian.Uint32((*[4]byte)(src)[:])
	hi := binary.LittleEndian.Uint32((*[4]byte)(unsafe.Add(src, n-4))[:])
	binary.LittleEndian.PutUint32((*[4]byte)(dst)[:], lo)
	binary.LittleEndian.PutUint32((*[4]byte)(unsafe.Add(dst, n-4))[:], hi)
	return b[:l+n]
}

// follow walks the embedded pointers of f from the struct at p and returns
// the innermost struct, or nil when one of the pointers is nil.
func (f *encField) follow(p unsafe.Pointer) unsafe.Pointer {
	for _, off := range f.ptrs {
		p = *(*unsafe.Pointer)(unsafe.Add(p, off))
		if p == nil {
			return nil
		}
	}
	return p
}

// omitted reports whether the field at p is left out.
func (f *encField) omitted(p unsafe.Pointer) bool {
	return f.omit&encOmitEmpty != 0 && f.empty(p) ||
		f.omit&encOmitZero != 0 && f.zero(p)
}

// encEmptyFunc returns encoding/json's "empty" test for ",omitempty":
// false, 0 (-0.0 included), a nil pointer or interface, and any array, slice,
// map or string of length zero. Structs are never empty.
func encEmptyFunc(t reflect.Type) func(unsafe.Pointer) bool {
	switch t.Kind() {
	case reflect.Bool:
		return func(p unsafe.Pointer) bool { return !*(*bool)(p) }
	case reflect.Int8, reflect.Uint8:
		return func(p unsafe.Pointer) bool { return *(*uint8)(p) == 0 }
	case reflect.Int16, reflect.Uint16:
		return func(p unsafe.Pointer) bool { return *(*uint16)(p) == 0 }
	case reflect.Int32, reflect.Uint32:
		return func(p unsafe.Pointer) bool { return *(*uint32)(p) == 0 }
	case reflect.Int64, reflect.Uint64:
		return func(p unsafe.Pointer) bool { return *(*uint64)(p) == 0 }
	case reflect.Float32:
		return func(p unsafe.Pointer) bool { return *(*float32)(p) == 0 } // -0 too
	case reflect.Float64:
		return func(p unsafe.Pointer) bool { return *(*float64)(p) == 0 } // -0 too
	case reflect.Int, reflect.Uint, reflect.Uintptr, reflect.Pointer:
		return func(p unsafe.Pointer) bool { return *(*uintptr)(p) == 0 }
	case reflect.String:
		return func(p unsafe.Pointer) bool { return len(*(*string)(p)) == 0 }
	case reflect.Slice:
		return func(p unsafe.Pointer) bool { return len(*(*[]byte)(p)) == 0 }
	case reflect.Array:
		n := t.Len()
		return func(unsafe.Pointer) bool { return n == 0 }
	case reflect.Map, reflect.Interface:
		return func(p unsafe.Pointer) bool {
			v := reflect.NewAt(t, p).Elem()
			if t.Kind() == reflect.Map {
				return v.Len() == 0
			}
			return v.IsNil()
		}
	}
	return func(unsafe.Pointer) bool { return false }
}

// encZeroFunc returns encoding/json's test for ",omitzero": the type's
// IsZero method when it has one, else reflect.Value.IsZero.
func encZeroFunc(f *fields.Field) func(unsafe.Pointer) bool {
	t := f.Type
	if f.IsZero != nil {
		isZero := f.IsZero
		return func(p unsafe.Pointer) bool { return isZero(reflect.NewAt(t, p).Elem()) }
	}
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Pointer, reflect.String:
		return encEmptyFunc(t)
	}
	return func(p unsafe.Pointer) bool { return reflect.NewAt(t, p).Elem().IsZero() }
}
