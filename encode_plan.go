package celer

import (
	"encoding"
	"encoding/json"
	"reflect"
	"sync"
	"unsafe"
)

// Plan cache. Plans are built under one lock (building is rare) and
// published in sync.Maps, one per addressability, keyed by reflect.Type so
// that a lookup does not allocate. A recursive type meets itself while
// being built: the builder hands out a stub that calls through a cell
// filled in when the type's plan is done, and publishes nothing until the
// whole build is complete, so no goroutine ever sees an empty cell.

var (
	encPlansAddr sync.Map // reflect.Type → encFn, for addressable values
	encPlansVal  sync.Map // reflect.Type → encFn, for the others
	encPtrVals   sync.Map // reflect.Type (a pointer type) → encFn taking the pointer itself
	encBuildMu   sync.Mutex
)

var (
	encMarshalerType     = reflect.TypeFor[json.Marshaler]()
	encTextMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	encNumberType        = reflect.TypeFor[json.Number]()
	encRawMessageType    = reflect.TypeFor[json.RawMessage]()
)

func encCacheFor(addr bool) *sync.Map {
	if addr {
		return &encPlansAddr
	}
	return &encPlansVal
}

// encPlanFor returns the plan for values of type t.
func encPlanFor(t reflect.Type, addr bool) encFn {
	if f, ok := encCacheFor(addr).Load(t); ok {
		return f.(encFn)
	}
	encBuildMu.Lock()
	defer encBuildMu.Unlock()
	b := encBuilder{cells: map[encPlanKey]*encFn{}}
	f := b.plan(t, addr)
	b.publish()
	return f
}

// encPtrValueFor returns the plan for a pointer type t that takes the
// pointer value itself rather than a pointer to it.
func encPtrValueFor(t reflect.Type) encFn {
	if f, ok := encPtrVals.Load(t); ok {
		return f.(encFn)
	}
	encBuildMu.Lock()
	defer encBuildMu.Unlock()
	b := encBuilder{cells: map[encPlanKey]*encFn{}}
	f := b.ptrValue(t)
	b.publish()
	encPtrVals.Store(t, f)
	return f
}

type encPlanKey struct {
	t    reflect.Type
	addr bool
}

// encBuilder builds the plans of one type and everything it reaches.
type encBuilder struct {
	cells map[encPlanKey]*encFn // plans built or being built in this build
	order []encPlanKey
}

// plan returns the plan of t, building it if needed.
func (b *encBuilder) plan(t reflect.Type, addr bool) encFn {
	if f, ok := encCacheFor(addr).Load(t); ok {
		return f.(encFn)
	}
	k := encPlanKey{t, addr}
	if cell, ok := b.cells[k]; ok {
		if *cell != nil {
			return *cell
		}
		// t contains itself: call through the cell, filled in below
		// before anything is published.
		return func(e *encState, buf []byte, p unsafe.Pointer) []byte {
			return (*cell)(e, buf, p)
		}
	}
	cell := new(encFn)
	b.cells[k] = cell
	b.order = append(b.order, k)
	*cell = b.build(t, addr)
	return *cell
}

// publish makes every plan of this build visible to other goroutines.
func (b *encBuilder) publish() {
	for _, k := range b.order {
		encCacheFor(k.addr).LoadOrStore(k.t, *b.cells[k])
	}
}

// build makes the plan of t, following encoding/json's order: methods
// first (pointer receivers only for addressable values), then the kind.
func (b *encBuilder) build(t reflect.Type, addr bool) encFn {
	if f := b.methodPlan(t, addr); f != nil {
		return f
	}
	return b.kindPlan(t, addr, false)
}

// methodPlan returns the plan that calls t's MarshalJSON or MarshalText
// method, or nil when encoding/json would not call one.
func (b *encBuilder) methodPlan(t reflect.Type, addr bool) encFn {
	ptrToT := reflect.PointerTo(t)
	switch {
	case t.Kind() != reflect.Pointer && addr && ptrToT.Implements(encMarshalerType):
		return encAddrMarshaler(t)
	case t.Implements(encMarshalerType):
		return encMarshaler(t)
	case t.Kind() != reflect.Pointer && addr && ptrToT.Implements(encTextMarshalerType):
		return encAddrTextMarshaler(t)
	case t.Implements(encTextMarshalerType):
		return encTextMarshaler(t)
	}
	return nil
}

// kindPlan returns the plan for t by its kind, ignoring methods. quoted is
// the ",string" option, which only scalar kinds (and pointers to them)
// honour.
func (b *encBuilder) kindPlan(t reflect.Type, addr, quoted bool) encFn {
	switch t.Kind() {
	case reflect.Bool:
		return encQuotedIf(encBool, quoted)
	case reflect.Int:
		return encQuotedIf(encInt, quoted)
	case reflect.Int8:
		return encQuotedIf(encInt8, quoted)
	case reflect.Int16:
		return encQuotedIf(encInt16, quoted)
	case reflect.Int32:
		return encQuotedIf(encInt32, quoted)
	case reflect.Int64:
		return encQuotedIf(encInt64, quoted)
	case reflect.Uint:
		return encQuotedIf(encUint, quoted)
	case reflect.Uint8:
		return encQuotedIf(encUint8, quoted)
	case reflect.Uint16:
		return encQuotedIf(encUint16, quoted)
	case reflect.Uint32:
		return encQuotedIf(encUint32, quoted)
	case reflect.Uint64:
		return encQuotedIf(encUint64, quoted)
	case reflect.Uintptr:
		return encQuotedIf(encUintptr, quoted)
	case reflect.Float32:
		return encQuotedIf(encFloat32, quoted)
	case reflect.Float64:
		return encQuotedIf(encFloat64, quoted)
	case reflect.String:
		if t == encNumberType {
			return encQuotedIf(encNumber, quoted)
		}
		if quoted {
			return encQuotedString
		}
		return encString
	case reflect.Interface:
		return encInterface(t)
	case reflect.Struct:
		return b.structPlan(t, addr)
	case reflect.Map:
		return b.mapPlan(t)
	case reflect.Slice:
		return b.slicePlan(t)
	case reflect.Array:
		return b.arrayPlan(t, addr)
	case reflect.Pointer:
		elem := b.quotedPlan(t.Elem(), true, quoted)
		return encPtr(t, elem)
	}
	return encUnsupported
}

// quotedPlan is plan for a field with the ",string" option: methods win
// as usual, otherwise scalars are written inside a JSON string.
func (b *encBuilder) quotedPlan(t reflect.Type, addr, quoted bool) encFn {
	if !quoted {
		return b.plan(t, addr)
	}
	if f := b.methodPlan(t, addr); f != nil {
		return f
	}
	return b.kindPlan(t, addr, true)
}

// ptrValue builds the plan of pointer type t that takes the pointer itself.
func (b *encBuilder) ptrValue(t reflect.Type) encFn {
	if t.Implements(encMarshalerType) {
		return encMarshalerPtrValue(t)
	}
	if t.Implements(encTextMarshalerType) {
		return encTextMarshalerPtrValue(t)
	}
	return encPtrValue(t, b.plan(t.Elem(), true))
}

// encUnsupported fails as encoding/json does for channels, functions,
// complex numbers, unsafe pointers and maps with unusable key types.
func encUnsupported(e *encState, b []byte, p unsafe.Pointer) []byte {
	encFail()
	return b
}
