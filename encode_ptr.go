package celer

import (
	"reflect"
	"unsafe"
)

// Pointer plans: nil is null, anything else is the value pointed to (which
// is addressable). Pointers count towards encoding/json's cycle detection.

// encPtr returns the plan of pointer type t, whose element plan is elem.
func encPtr(t reflect.Type, elem encFn) encFn {
	byValue := encPtrValue(t, elem)
	return func(e *encState, b []byte, p unsafe.Pointer) []byte {
		return byValue(e, b, *(*unsafe.Pointer)(p))
	}
}

// encPtrValue returns a plan for pointer type t that takes the pointer
// itself.
func encPtrValue(t reflect.Type, elem encFn) encFn {
	return func(e *encState, b []byte, p unsafe.Pointer) []byte {
		if p == nil {
			return append(b, "null"...)
		}
		k := encSeenKey{t: t, p: p}
		e.enter(k)
		b = elem(e, b, p)
		e.leave(k)
		return b
	}
}
