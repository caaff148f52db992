package ubjson

import (
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/celerjson/celer/internal/fields"
)

// field is one struct field as UBJSON sees it: encoding/json's field (from
// internal/fields) with the ubjson tag's overrides.
type field struct {
	name      string
	index     []int
	typ       reflect.Type
	omitEmpty bool
	omitZero  bool
	isZero    func(reflect.Value) bool
	key       []byte // the name encoded as a UBJSON object key (length and text)
	embedPtr  bool   // index passes through an embedded pointer
	folded    string // case-folded name
}

// structInfo is the resolved field list of a struct type.
type structInfo struct {
	fields []field
	byName map[string]int
	byFold map[string]int
}

var structCache sync.Map // reflect.Type -> *structInfo

// structFields returns the UBJSON fields of struct type t. It follows
// encoding/json's rules (internal/fields), then applies the ubjson tags of
// the fields it found: `ubjson:"-"` drops a field, `ubjson:"name,opts"` renames
// it and replaces its options (omitempty, omitzero). A direct field
// hidden by its json tag ("-") appears when its ubjson tag names it. After
// renaming, two fields with the same name are resolved as encoding/json
// resolves them (the shallower wins, equal depths drop both).
func structFields(t reflect.Type) *structInfo {
	if s, ok := structCache.Load(t); ok {
		return s.(*structInfo)
	}
	s, _ := structCache.LoadOrStore(t, buildStruct(t))
	return s.(*structInfo)
}

func buildStruct(t reflect.Type) *structInfo {
	js := fields.For(t)
	var list []field
	seen := map[int]bool{}
	for _, f := range js.Fields {
		if len(f.Index) == 1 {
			seen[f.Index[0]] = true
		}
		fd := field{name: f.Name, index: f.Index, typ: f.Type, omitEmpty: f.OmitEmpty, omitZero: f.OmitZero, embedPtr: f.EmbeddedPtrs}
		sf := t.FieldByIndex(f.Index)
		if tag, ok := sf.Tag.Lookup("ubjson"); ok {
			if tag == "-" {
				continue
			}
			applyTag(&fd, tag)
		}
		list = append(list, fd)
	}
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		tag, ok := sf.Tag.Lookup("ubjson")
		if seen[i] || !ok || tag == "-" || !sf.IsExported() || strings.HasPrefix(tag, ",") || tag == "" {
			continue
		}
		if sf.Tag.Get("json") != "-" {
			continue // hidden for another reason (a conflict): keep it so
		}
		fd := field{name: sf.Name, index: []int{i}, typ: sf.Type}
		applyTag(&fd, tag)
		list = append(list, fd)
	}
	list = dedupe(list)
	s := &structInfo{fields: list, byName: map[string]int{}, byFold: map[string]int{}}
	for i := range s.fields {
		f := &s.fields[i]
		f.key = appendInt(nil, int64(len(f.name)))
		f.key = append(f.key, f.name...)
		f.folded = fields.Fold(f.name)
		if f.omitZero && f.isZero == nil {
			f.isZero = zeroFunc(f.typ)
		}
		s.byName[f.name] = i
		if _, ok := s.byFold[f.folded]; !ok {
			s.byFold[f.folded] = i
		}
	}
	return s
}

// applyTag applies a ubjson struct tag to f.
func applyTag(f *field, tag string) {
	name, opts, _ := strings.Cut(tag, ",")
	if name != "" {
		f.name = name
	}
	f.omitEmpty, f.omitZero, f.isZero = false, false, nil
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		switch o {
		case "omitempty":
			f.omitEmpty = true
		case "omitzero":
			f.omitZero = true
		}
	}
}

// dedupe keeps, among fields of the same name, the one with the shortest
// index path, and none when two tie; the result is in index order.
func dedupe(list []field) []field {
	byName := map[string][]int{}
	for i, f := range list {
		byName[f.name] = append(byName[f.name], i)
	}
	var out []field
	for i, f := range list {
		idx := byName[f.name]
		if len(idx) == 1 {
			out = append(out, f)
			continue
		}
		best, tie := -1, false
		for _, j := range idx {
			switch {
			case best < 0 || len(list[j].index) < len(list[best].index):
				best, tie = j, false
			case len(list[j].index) == len(list[best].index):
				tie = true
			}
		}
		if best == i && !tie {
			out = append(out, f)
		}
	}
	slices.SortFunc(out, func(a, b field) int { return slices.Compare(a.index, b.index) })
	return out
}

// lookup returns the index of the field named name: an exact match, else
// (unless caseSensitive) a case-insensitive one; -1 if none.
func (s *structInfo) lookup(name []byte, caseSensitive bool) int {
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

// fieldByIndex returns the field of struct v at index, or false when an
// embedded pointer on the way is nil (encoding: skip the field).
func fieldByIndex(v reflect.Value, index []int) (reflect.Value, bool) {
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

// fieldByIndexAlloc is fieldByIndex for decoding: nil embedded pointers
// are allocated (false when one is of an unexported type, which cannot be).
func fieldByIndexAlloc(v reflect.Value, index []int) (reflect.Value, bool) {
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
