package celer

import (
	"reflect"
	"unsafe"
)

// Interface plans: nil is null, anything else is the dynamic value, which
// is not addressable (see encodeAny).

func encInterface(t reflect.Type) encFn {
	if t.NumMethod() == 0 {
		return func(e *encState, b []byte, p unsafe.Pointer) []byte {
			return e.encodeAny(b, *(*any)(p))
		}
	}
	return func(e *encState, b []byte, p unsafe.Pointer) []byte {
		return e.encodeAny(b, reflect.NewAt(t, p).Elem().Interface())
	}
}
