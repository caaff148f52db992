// Package fields resolves the JSON-visible fields of a Go struct type once,
// following encoding/json v1's rules, and caches the result per type. The
// JSON codecs of every celer format share it.
//
// The rules, in short:
//   - exported fields are visible; unexported ones are not, except that an
//     embedded struct (or pointer to struct) of an unexported type is still
//     walked for its exported fields;
//   - a `json:"-"` tag hides a field; `json:"-,"` names it "-";
//   - a tag name that is not a valid name (see validName) is ignored and the
//     Go field name is used instead, the options still apply;
//   - an untagged embedded struct has its fields promoted; a tagged one is a
//     single field;
//   - among fields with the same JSON name the shallowest wins; at equal
//     depth a tagged field wins over untagged ones; any other tie removes
//     every field with that name.
package fields

import (
	"cmp"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Field is one JSON-visible struct field after encoding/json's rules (tags,
// embedding, promotion, conflicts resolved by depth, tag, then ambiguity →
// dropped).
type Field struct {
	Name      string       // JSON name
	Index     []int        // path of field indexes through embedded structs (as reflect.Value.FieldByIndex)
	Type      reflect.Type // field type (the declared type, pointers included)
	Tagged    bool         // name came from a tag
	OmitEmpty bool
	OmitZero  bool
	Quoted    bool   // ",string" applies (bool, ints, uints, floats, string kinds only, also behind one unnamed pointer)
	NameHTML  string // `"name":` pre-encoded with HTML escaping (encoding/json's default)
	NameText  string // `"name":` pre-encoded without HTML escaping
	Folded    string // case-folded name for case-insensitive matching (strings.EqualFold semantics)
	// EmbeddedPtrs reports that Index passes through an embedded pointer
	// (decoding must allocate; encoding must skip the field when it is nil).
	EmbeddedPtrs bool

	// Offset is the byte offset of the field from the start of the
	// outermost struct. It is meaningful only when EmbeddedPtrs is false.
	Offset uintptr
	// IsZero, set only when OmitZero is, reports whether a field value is
	// zero using the type's IsZero() bool method exactly as encoding/json
	// calls it (nil interfaces and nil pointers count as zero; a method with
	// a pointer receiver is called on an addressable copy). It is nil when
	// the type has no such method: use reflect.Value.IsZero then.
	IsZero func(reflect.Value) bool
	// UnexportedEmbeddedPtr reports that Index passes through an embedded
	// pointer to a struct of an unexported type, which encoding/json cannot
	// allocate when decoding.
	UnexportedEmbeddedPtr bool
}

// Struct is the resolved field list of one struct type.
type Struct struct {
	Type   reflect.Type   // the struct type
	Fields []Field        // in encoding/json's order (by index sequence)
	ByName map[string]int // exact name → index into Fields
	ByFold map[string]int // folded name → first field with that folded name

	m matcher // for Exact
}

var cache sync.Map // reflect.Type → *Struct

// For returns the fields of the struct type t. The result is computed once
// per type and shared: callers must not modify it. It is safe for concurrent
// use. For panics if t is not a struct type.
func For(t reflect.Type) *Struct {
	if s, ok := cache.Load(t); ok {
		return s.(*Struct)
	}
	if t.Kind() != reflect.Struct {
		panic("fields.For: " + t.String() + " is not a struct type")
	}
	s, _ := cache.LoadOrStore(t, build(t))
	return s.(*Struct)
}

// Lookup returns the field named name: an exact match first, then a
// case-insensitive one (the first field, in field order, whose name folds
// the same). It returns nil when there is none. The exact path does not
// allocate, nor does the folded path for names up to 64 bytes.
func Lookup(s *Struct, name []byte) *Field {
	if i := s.Exact(name, -1); i >= 0 {
		return &s.Fields[i]
	}
	return LookupFold(s, name)
}

// LookupFold returns the first field, in field order, whose name folds
// like name, or nil: the case-insensitive half of Lookup, for callers
// that tried Exact first.
func LookupFold(s *Struct, name []byte) *Field {
	var buf [64]byte
	if i, ok := s.ByFold[string(AppendFold(buf[:0], name))]; ok {
		return &s.Fields[i]
	}
	return nil
}

// Fold returns the case-folded form of name: two names fold to the same
// string exactly when bytes.EqualFold reports them equal.
func Fold(name string) string {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c >= utf8.RuneSelf || 'a' <= c && c <= 'z' {
			return string(AppendFold(make([]byte, 0, len(name)), []byte(name)))
		}
	}
	return name
}

// AppendFold appends the case-folded form of name to dst. ASCII letters map
// to upper case; other runes map to the smallest rune of their simple
// folding orbit; invalid UTF-8 maps to U+FFFD, one per bad byte.
func AppendFold(dst, name []byte) []byte {
	for i := 0; i < len(name); {
		c := name[i]
		if c < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, n := utf8.DecodeRune(name[i:])
		dst = utf8.AppendRune(dst, smallestFold(r))
		i += n
	}
	return dst
}

// smallestFold returns the smallest rune in r's simple case-folding orbit.
func smallestFold(r rune) rune {
	min := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f < min {
			min = f
		}
	}
	return min
}

// validName reports whether a tag name may be used as a JSON name: it is
// not empty and consists of letters, digits and the punctuation below
// (quotes and backslashes are reserved).
func validName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", r) {
			continue
		}
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// hasOption reports whether the comma-separated list opts contains name.
func hasOption(opts, name string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == name {
			return true
		}
	}
	return false
}

// quotable reports whether ",string" applies to a field of kind k.
func quotable(k reflect.Kind) bool {
	switch k {
	case reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64,
		reflect.String:
		return true
	}
	return false
}

// pending is an embedded struct waiting to be walked at the next depth.
type pending struct {
	typ   reflect.Type
	index []int
}

// build walks t breadth first, one embedding depth at a time, collects
// every candidate field, and then keeps the dominant field of each name.
func build(t reflect.Type) *Struct {
	var (
		found   []Field
		next    = []pending{{typ: t}}
		seen    = map[reflect.Type]bool{}
		times   map[reflect.Type]int // how often each type of this depth was queued
		queued  = map[reflect.Type]int{}
		current []pending
	)
	for len(next) > 0 {
		current, next = next, nil
		times, queued = queued, map[reflect.Type]int{}
		for _, p := range current {
			if seen[p.typ] {
				continue
			}
			seen[p.typ] = true
			for i := 0; i < p.typ.NumField(); i++ {
				sf := p.typ.Field(i)
				if !visible(sf) {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				if !validName(name) {
					name = ""
				}
				index := append(slices.Clip(p.index), i)
				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if name == "" && sf.Anonymous && ft.Kind() == reflect.Struct {
					queued[ft]++
					if queued[ft] == 1 {
						next = append(next, pending{typ: ft, index: index})
					}
					continue
				}
				f := Field{
					Name:      name,
					Tagged:    name != "",
					Index:     index,
					Type:      sf.Type,
					OmitEmpty: hasOption(opts, "omitempty"),
					OmitZero:  hasOption(opts, "omitzero"),
					Quoted:    hasOption(opts, "string") && quotable(ft.Kind()),
				}
				if f.Name == "" {
					f.Name = sf.Name
				}
				found = append(found, f)
				if times[p.typ] > 1 {
					// The same embedded type appeared more than once at this
					// depth: a second copy makes the conflict rule drop it.
					found = append(found, f)
				}
			}
		}
	}
	found = dominant(found)
	s := &Struct{
		Type:   t,
		Fields: found,
		ByName: make(map[string]int, len(found)),
		ByFold: make(map[string]int, len(found)),
	}
	for i := range s.Fields {
		f := &s.Fields[i]
		finish(t, f)
		s.ByName[f.Name] = i
		if _, ok := s.ByFold[f.Folded]; !ok {
			s.ByFold[f.Folded] = i
		}
	}
	s.buildMatcher()
	return s
}

// visible reports whether sf can contribute JSON fields.
func visible(sf reflect.StructField) bool {
	if !sf.Anonymous {
		return sf.IsExported()
	}
	if sf.IsExported() {
		return true
	}
	// An embedded field of an unexported type counts only if it is a
	// struct (or a pointer to one) that may have exported fields.
	t := sf.Type
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.Struct
}

// dominant sorts the candidates by name, depth, tag and index, keeps the
// one field that wins each name (if any), and returns them in index order.
func dominant(found []Field) []Field {
	slices.SortFunc(found, func(a, b Field) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		if c := cmp.Compare(len(a.Index), len(b.Index)); c != 0 {
			return c
		}
		if a.Tagged != b.Tagged {
			if a.Tagged {
				return -1
			}
			return 1
		}
		return slices.Compare(a.Index, b.Index)
	})
	out := found[:0]
	for i := 0; i < len(found); {
		j := i + 1
		for j < len(found) && found[j].Name == found[i].Name {
			j++
		}
		// Sorted shallowest first and tagged first: the head wins unless
		// the runner-up ties with it on both.
		if j-i == 1 || len(found[i].Index) != len(found[i+1].Index) || found[i].Tagged != found[i+1].Tagged {
			out = append(out, found[i])
		}
		i = j
	}
	slices.SortFunc(out, func(a, b Field) int { return slices.Compare(a.Index, b.Index) })
	return slices.Clip(out)
}

// finish fills in the derived parts of f, a field of struct type t.
func finish(t reflect.Type, f *Field) {
	f.NameText = `"` + f.Name + `":`
	f.NameHTML = `"` + escapeHTML(f.Name) + `":`
	f.Folded = Fold(f.Name)
	typ := t
	for k, i := range f.Index {
		sf := typ.Field(i)
		f.Offset += sf.Offset
		typ = sf.Type
		if k < len(f.Index)-1 && typ.Kind() == reflect.Pointer {
			// An embedded pointer on the way to the field.
			f.EmbeddedPtrs = true
			if !sf.IsExported() {
				f.UnexportedEmbeddedPtr = true
			}
			typ = typ.Elem()
		}
	}
	if f.EmbeddedPtrs {
		f.Offset = 0
	}
	if f.OmitZero {
		f.IsZero = zeroFunc(f.Type)
	}
}

// escapeHTML escapes '<', '>', '&', U+2028 and U+2029 in a field name the
// way encoding/json pre-encodes names.
func escapeHTML(s string) string {
	if !strings.ContainsAny(s, "<>&\u2028\u2029") {
		return s
	}
	const hex = "0123456789abcdef"
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '<' || r == '>' || r == '&':
			b.WriteString(`\u00`)
			b.WriteByte(hex[r>>4])
			b.WriteByte(hex[r&0xF])
		case r == '\u2028' || r == '\u2029':
			b.WriteString(`\u202`)
			b.WriteByte(hex[r&0xF])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

type isZeroer interface{ IsZero() bool }

var isZeroerType = reflect.TypeFor[isZeroer]()

// zeroFunc returns how encoding/json decides omitzero for a field of type
// t when t (or *t) has an IsZero method, or nil when it has none.
func zeroFunc(t reflect.Type) func(reflect.Value) bool {
	switch {
	case t.Kind() == reflect.Interface && t.Implements(isZeroerType):
		return func(v reflect.Value) bool {
			return v.IsNil() ||
				v.Elem().Kind() == reflect.Pointer && v.Elem().IsNil() ||
				v.Interface().(isZeroer).IsZero()
		}
	case t.Kind() == reflect.Pointer && t.Implements(isZeroerType):
		return func(v reflect.Value) bool {
			return v.IsNil() || v.Interface().(isZeroer).IsZero()
		}
	case t.Implements(isZeroerType):
		return func(v reflect.Value) bool {
			return v.Interface().(isZeroer).IsZero()
		}
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
	return nil
}
