package celer

import (
	"encoding"
	"encoding/json"
	"reflect"
	"unsafe"

	"github.com/celerjson/celer/stream"
)

// Plans that call MarshalJSON and MarshalText. encoding/json's rules:
// a value whose type has the method (value receiver, or a pointer or
// interface type) gets it called, nil pointers and nil interfaces written
// as null; a method with a pointer receiver is called only on addressable
// values. MarshalJSON output is validated and compacted, with HTML
// escaping when the encoder escapes HTML; MarshalText output is quoted.

// encMarshaler calls MarshalJSON on values of type t, which implements
// json.Marshaler.
func encMarshaler(t reflect.Type) encFn {
	switch {
	case t == encRawMessageType:
		return encRawMessage
	case t.Kind() == reflect.Pointer:
		byValue := encMarshalerPtrValue(t)
		return func(e *encState, b []byte, p unsafe.Pointer) []byte {
			return byValue(e, b, *(*unsafe.Pointer)(p))
		}
	case t.Kind() == reflect.Interface:
		return func(e *encState, b []byte, p unsafe.Pointer) []byte {
			v := reflect.NewAt(t, p).Elem()
			if v.IsNil() {
				return append(b, "null"...)
			}
			return e.callMarshalJSON(b, v.Interface().(json.Marshaler))
		}
	}
	return func(e *encState, b []byte, p unsafe.Pointer) []byte {
		return e.callMarshalJSON(b, reflect.NewAt(t, p).Elem().Interface().(json.Marshaler))
	}
}

// encMarshalerPtrValue calls MarshalJSON on the pointer p of type t.
func encMarshalerPtrValue(t reflect.Type) encFn {
	elem := t.Elem()
	return func(e *encState, b []byte, p unsafe.Pointer) []byte {
		if p == nil {
			return append(b, "null"...)
		}
		return e.callMarshalJSON(b, reflect.NewAt(elem, p).Interface().(json.Marshaler))
	}
}

// encAddrMarshaler calls the pointer-receiver MarshalJSON of addressable
// values of type t.
func encAddrMarshaler(t reflect.Type) encFn {
	if t == encRawMessageType {
		return encRawMessage
	}
	return func(e *encState, b []byte, p unsafe.Pointer) []byte {
		return e.callMarshalJSON(b, reflect.NewAt(t, p).Interface().(json.Marshaler))
	}
}

// encRawMessage writes a json.RawMessage without boxing it: null when
// nil, else the text validated and compacted.
func encRawMessage(e *encState, b []byte, p unsafe.Pointer) []byte {
	raw := *(*[]byte)(p)
	if raw == nil {
		return append(b, "null"...)
	}
	return e.appendJSON(b, raw)
}

func (e *encState) callMarshalJSON(b []byte, m json.Marshaler) []byte {
	out, err := m.MarshalJSON()
	if err != nil {
		encFail()
	}
	return e.appendJSON(b, out)
}

// appendJSON appends the JSON text out compacted, escaping HTML when e
// does; invalid text fails as in encoding/json.
func (e *encState) appendJSON(b, out []byte) []byte {
	if !e.html || !encHasHTML(out) {
		b, err := stream.AppendCompact(b, out, encSyntaxV1)
		if err != nil {
			encFail()
		}
		return b
	}
	c, err := stream.AppendCompact(e.scratch[:0], out, encSyntaxV1)
	if err != nil {
		encFail()
	}
	e.scratch = c
	return appendHTMLEscape(b, c)
}

// encHasHTML reports whether s has a byte that HTML escaping may change:
// '<', '>', '&', or the first byte of U+2028 and U+2029.
func encHasHTML(s []byte) bool {
	for _, c := range s {
		if c == '<' || c == '>' || c == '&' || c == 0xE2 {
			return true
		}
	}
	return false
}

// encTextMarshaler calls MarshalText on values of type t, which implements
// encoding.TextMarshaler.
func encTextMarshaler(t reflect.Type) encFn {
	switch t.Kind() {
	case reflect.Pointer:
		byValue := encTextMarshalerPtrValue(t)
		return func(e *encState, b []byte, p unsafe.Pointer) []byte {
			return byValue(e, b, *(*unsafe.Pointer)(p))
		}
	case reflect.Interface:
		return func(e *encState, b []byte, p unsafe.Pointer) []byte {
			v := reflect.NewAt(t, p).Elem()
			if v.IsNil() {
				return append(b, "null"...)
			}
			return e.callMarshalText(b, v.Interface().(encoding.TextMarshaler))
		}
	}
	return func(e *encState, b []byte, p unsafe.Pointer) []byte {
		return e.callMarshalText(b, reflect.NewAt(t, p).Elem().Interface().(encoding.TextMarshaler))
	}
}

// encTextMarshalerPtrValue calls MarshalText on the pointer p of type t.
func encTextMarshalerPtrValue(t reflect.Type) encFn {
	elem := t.Elem()
	return func(e *encState, b []byte, p unsafe.Pointer) []byte {
		if p == nil {
			return append(b, "null"...)
		}
		return e.callMarshalText(b, reflect.NewAt(elem, p).Interface().(encoding.TextMarshaler))
	}
}

// encAddrTextMarshaler calls the pointer-receiver MarshalText of
// addressable values of type t.
func encAddrTextMarshaler(t reflect.Type) encFn {
	return func(e *encState, b []byte, p unsafe.Pointer) []byte {
		return e.callMarshalText(b, reflect.NewAt(t, p).Interface().(encoding.TextMarshaler))
	}
}

func (e *encState) callMarshalText(b []byte, m encoding.TextMarshaler) []byte {
	text, err := m.MarshalText()
	if err != nil {
		encFail()
	}
	return e.appendStringBytes(b, text)
}
