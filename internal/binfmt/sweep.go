package binfmt

import (
	"reflect"
	"sync"
)

// Sweep decides, once per type, whether a format's Unmarshal may decode a
// value of that type from data it has not checked yet (checking as it
// goes, and zeroing the value at the first fault): only when no type
// reachable from it has one of the format's decoding methods (they would
// see data before it is all checked) or is a non-empty interface (whose
// dynamic type could have one). The cbor and msgpack packages each keep
// one.
type Sweep struct {
	Structs *Structs
	// Builtin reports the types the format decodes itself, whatever
	// methods they have (time.Time, big.Int, the format's own types).
	Builtin func(reflect.Type) bool
	// Methods are the decoding-method interfaces (Unmarshaler,
	// encoding.TextUnmarshaler...).
	Methods []reflect.Type

	cache sync.Map // reflect.Type -> bool
}

// OK reports whether values of type t may be decoded from unchecked data.
func (s *Sweep) OK(t reflect.Type) bool {
	if ok, found := s.cache.Load(t); found {
		return ok.(bool)
	}
	ok := s.sweepable(t, map[reflect.Type]bool{})
	s.cache.Store(t, ok)
	return ok
}

func (s *Sweep) sweepable(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	if s.Builtin(t) {
		return true
	}
	if t.Kind() != reflect.Pointer {
		for _, m := range s.Methods {
			if reflect.PointerTo(t).Implements(m) {
				return false
			}
		}
	}
	switch t.Kind() {
	case reflect.Interface:
		return t.NumMethod() == 0
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return s.sweepable(t.Elem(), seen)
	case reflect.Map:
		return s.sweepable(t.Key(), seen) && s.sweepable(t.Elem(), seen)
	case reflect.Struct:
		for _, f := range s.Structs.For(t).Fields {
			if !s.sweepable(f.Type, seen) {
				return false
			}
		}
	}
	return true
}
