package binfmt

import (
	"bytes"
	"math"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/celerjson/celer/internal/fields"
)

// Field is one struct field as a binary format sees it: encoding/json's
// field (from internal/fields) with the format tag's overrides.
type Field struct {
	Name      string
	Index     []int
	Type      reflect.Type
	OmitEmpty bool
	OmitZero  bool
	IsZero    func(reflect.Value) bool
	Key       []byte  // the name encoded as the format's key; nil when the name cannot be one
	EmbedPtr  bool    // Index passes through an embedded pointer
	Folded    string  // case-folded name
	Optional  bool    // OmitEmpty, OmitZero or EmbedPtr: the field may be left out
	Offset    uintptr // the field's offset in the struct, unless EmbedPtr
}

// Struct is the resolved field list of a struct type.
type Struct struct {
	Fields   []Field
	Sorted   []int // indexes of Fields in the byte order of their keys
	Optional bool  // some field may be left out
	byName   map[string]int
	byFold   map[string]int
}

// Structs resolves and caches the fields of struct types for one format.
type Structs struct {
	Tag   string                   // the format's struct tag: "cbor", "msgpack"...
	Key   func(name string) []byte // encodes a field name as a key (nil: it cannot be one)
	cache sync.Map                 // reflect.Type -> *Struct
}

// For returns the fields of struct type t. It follows encoding/json's
// rules (internal/fields), then applies the format tags of the fields it
// found: `F:"-"` drops a field, `F:"name,opts"` renames it and replaces
// its options (omitempty, omitzero). A direct field hidden by its json
// tag ("-") appears when its format tag names it. After renaming, two
// fields with the same name are resolved as encoding/json resolves them
// (the shallower wins, equal depths drop both).
func (c *Structs) For(t reflect.Type) *Struct {
	if s, ok := c.cache.Load(t); ok {
		return s.(*Struct)
	}
	s, _ := c.cache.LoadOrStore(t, c.build(t))
	return s.(*Struct)
}

func (c *Structs) build(t reflect.Type) *Struct {
	js := fields.For(t)
	var list []Field
	seen := map[int]bool{}
	for _, f := range js.Fields {
		if len(f.Index) == 1 {
			seen[f.Index[0]] = true
		}
		fd := Field{Name: f.Name, Index: f.Index, Type: f.Type, OmitEmpty: f.OmitEmpty, OmitZero: f.OmitZero, EmbedPtr: f.EmbeddedPtrs}
		sf := t.FieldByIndex(f.Index)
		if tag, ok := sf.Tag.Lookup(c.Tag); ok {
			if tag == "-" {
				continue
			}
			applyTag(&fd, tag)
		}
		list = append(list, fd)
	}
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag, ok := sf.Tag.Lookup(c.Tag)
		if seen[i] || !ok || tag == "-" || !sf.IsExported() || strings.HasPrefix(tag, ",") || tag == "" {
			continue
		}
		if sf.Tag.Get("json") != "-" {
			continue // hidden for another reason (a conflict): keep it so
		}
		fd := Field{Name: sf.Name, Index: []int{i}, Type: sf.Type}
		applyTag(&fd, tag)
		list = append(list, fd)
	}
	list = dedupe(list)
	s := &Struct{Fields: list, byName: map[string]int{}, byFold: map[string]int{}}
	for i := range s.Fields {
		f := &s.Fields[i]
		f.Key = c.Key(f.Name)
		f.Folded = fields.Fold(f.Name)
		if f.OmitZero && f.IsZero == nil {
			f.IsZero = zeroFunc(f.Type)
		}
		f.Optional = f.OmitEmpty || f.OmitZero || f.EmbedPtr
		if !f.EmbedPtr {
			st := t
			for _, x := range f.Index {
				sf := st.Field(x)
				f.Offset += sf.Offset
				st = sf.Type
			}
		}
		s.Optional = s.Optional || f.Optional
		s.byName[f.Name] = i
		if _, ok := s.byFold[f.Folded]; !ok {
			s.byFold[f.Folded] = i
		}
		s.Sorted = append(s.Sorted, i)
	}
	slices.SortFunc(s.Sorted, func(a, b int) int { return bytes.Compare(s.Fields[a].Key, s.Fields[b].Key) })
	return s
}

// applyTag applies a format's struct tag to f.
func applyTag(f *Field, tag string) {
	name, opts, _ := strings.Cut(tag, ",")
	if name != "" {
		f.Name = name
	}
	f.OmitEmpty, f.OmitZero, f.IsZero = false, false, nil
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		switch o {
		case "omitempty":
			f.OmitEmpty = true
		case "omitzero":
			f.OmitZero = true
		}
	}
}

// dedupe keeps, among fields of the same name, the one with the shortest
// index path, and none when two tie; the result is in index order.
func dedupe(list []Field) []Field {
	byName := map[string][]int{}
	for i, f := range list {
		byName[f.Name] = append(byName[f.Name], i)
	}
	var out []Field
	for i, f := range list {
		idx := byName[f.Name]
		if len(idx) == 1 {
			out = append(out, f)
			continue
		}
		best, tie := -1, false
		for _, j := range idx {
			switch {
			case best < 0 || len(list[j].Index) < len(list[best].Index):
				best, tie = j, false
			case len(list[j].Index) == len(list[best].Index):
				tie = true
			}
		}
		if best == i && !tie {
			out = append(out, f)
		}
	}
	slices.SortFunc(out, func(a, b Field) int { return slices.Compare(a.Index, b.Index) })
	return out
}

// Lookup returns the index of the field named name: an exact match, else
// (unless caseSensitive) a case-insensitive one; -1 if none.
func (s *Struct) Lookup(name []byte, caseSensitive bool) int {
	if i, ok := s.byName[string(name)]; ok {
		return i
	}
	if caseSensitive {
		return -1
	}
	var buf [64]byte
	if i, ok := s.byFold[string(fields.AppendFold(buf[:0], name))]; ok {
		return i
	}
	return -1
}

type isZeroer interface{ IsZero() bool }

var isZeroerType = reflect.TypeFor[isZeroer]()

// zeroFunc returns how omitzero decides for type t: its IsZero method
// when it has one, reflect.Value.IsZero otherwise.
func zeroFunc(t reflect.Type) func(reflect.Value) bool {
	switch {
	case t.Kind() == reflect.Interface || t.Kind() == reflect.Pointer:
		if t.Implements(isZeroerType) {
			return func(v reflect.Value) bool { return v.IsNil() || v.Interface().(isZeroer).IsZero() }
		}
	case t.Implements(isZeroerType):
		return func(v reflect.Value) bool { return v.Interface().(isZeroer).IsZero() }
	case reflect.PointerTo(t).Implements(isZeroerType):
		return func(v reflect.Value) bool {
			if !v.CanAddr() {
				c := reflect.New(v.Type()).Elem()
				c.Set(v)
				v = c
			}
			return v.Addr().Interface().(isZeroer).IsZero()
		}
	}
	return reflect.Value.IsZero
}

// FieldByIndex returns the field of struct v at index, or false when an
// embedded pointer on the way is nil (encoding: skip the field).
func FieldByIndex(v reflect.Value, index []int) (reflect.Value, bool) {
	for k, i := range index {
		if k > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return reflect.Value{}, false
			}
			v = v.Elem()
		}
		v = v.Field(i)
	}
	return v, true
}

// Addr returns the address of addressable v. It is v.Addr().UnsafePointer()
// without building the pointer type, which reflect looks up in a global
// map for types whose pointer type the program never names ([2]float64,
// anonymous structs): that lookup cost more than decoding the value.
func Addr(v reflect.Value) unsafe.Pointer {
	return unsafe.Pointer(v.UnsafeAddr())
}

// FieldByIndexAlloc is FieldByIndex for decoding: nil embedded pointers
// are allocated (false when one is of an unexported type, which cannot be).
func FieldByIndexAlloc(v reflect.Value, index []int) (reflect.Value, bool) {
	for k, i := range index {
		if k > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				if !v.CanSet() {
					return reflect.Value{}, false
				}
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(i)
	}
	return v, true
}

// Skip reports whether field f of a struct, whose value is fv (ok false
// behind a nil embedded pointer), is left out when encoding.
func (f *Field) Skip(fv reflect.Value, ok bool) bool {
	return !ok || f.OmitEmpty && IsEmpty(fv) || f.OmitZero && f.IsZero(fv)
}

// IsEmpty is encoding/json's omitempty test.
func IsEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	case reflect.Interface, reflect.Pointer:
		return v.IsNil()
	}
	return false
}

// LookupNext is Lookup trying first the field after the last one found
// (*next, which it updates): the order of a struct's own encoding.
func (s *Struct) LookupNext(name []byte, caseSensitive bool, next *int) int {
	if n := *next; n < len(s.Fields) && s.Fields[n].Name == string(name) {
		*next = n + 1
		return n
	}
	i := s.Lookup(name, caseSensitive)
	if i >= 0 {
		*next = i + 1
	}
	return i
}

// ScalarKind returns the kind of field f when decoders may store its
// value through a pointer at Offset (booleans, integers, floats and
// strings reached without a pointer), given whether its type has a
// decoding of its own (methods, format types); 0 otherwise.
func (f *Field) ScalarKind(own bool) reflect.Kind {
	if f.EmbedPtr || own {
		return 0
	}
	switch k := f.Type.Kind(); k {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.String:
		return k
	}
	return 0
}

// StoreInt stores x in the integer of kind k at p, reporting false when
// it does not fit.
func StoreInt(k reflect.Kind, p unsafe.Pointer, x int64) bool {
	switch k {
	case reflect.Int64:
		*(*int64)(p) = x
	case reflect.Int:
		if int64(int(x)) != x {
			return false
		}
		*(*int)(p) = int(x)
	case reflect.Int32:
		if int64(int32(x)) != x {
			return false
		}
		*(*int32)(p) = int32(x)
	case reflect.Int16:
		if int64(int16(x)) != x {
			return false
		}
		*(*int16)(p) = int16(x)
	case reflect.Int8:
		if int64(int8(x)) != x {
			return false
		}
		*(*int8)(p) = int8(x)
	default:
		return false
	}
	return true
}

// StoreUint stores x in the unsigned integer of kind k at p, reporting
// false when it does not fit.
func StoreUint(k reflect.Kind, p unsafe.Pointer, x uint64) bool {
	switch k {
	case reflect.Uint64:
		*(*uint64)(p) = x
	case reflect.Uint:
		if uint64(uint(x)) != x {
			return false
		}
		*(*uint)(p) = uint(x)
	case reflect.Uint32:
		if uint64(uint32(x)) != x {
			return false
		}
		*(*uint32)(p) = uint32(x)
	case reflect.Uint16:
		if uint64(uint16(x)) != x {
			return false
		}
		*(*uint16)(p) = uint16(x)
	case reflect.Uint8:
		if uint64(uint8(x)) != x {
			return false
		}
		*(*uint8)(p) = uint8(x)
	default:
		return false
	}
	return true
}

// StoreFloat stores f in the float of kind k at p, reporting false when
// it is beyond a float32's range (and not infinite).
func StoreFloat(k reflect.Kind, p unsafe.Pointer, f float64) bool {
	if k == reflect.Float64 {
		*(*float64)(p) = f
		return true
	}
	if math.Abs(f) > math.MaxFloat32 && !math.IsInf(f, 0) {
		return false
	}
	*(*float32)(p) = float32(f)
	return true
}
