package celer

import (
	"encoding"
	"reflect"
	"sync"
	"unicode/utf8"

	"github.com/celerjson/celer/internal/fields"
)

// A plan is what decoding needs to know about one Go type, worked out
// once per type and cached. Plans are built lazily: a plan refers to the
// plans of its element types through getters, so recursive types work.
type plan struct {
	t    reflect.Type
	kind planKind

	// generic means that decoding must go through the port of
	// encoding/json's indirect: the type, or a pointer to it, has
	// UnmarshalJSON or UnmarshalText, or it is a pointer or interface
	// whose dynamic content decides what happens.
	generic bool

	// topMethods: *t has UnmarshalJSON or UnmarshalText. encoding/json
	// finds them for a top-level value (it starts from the pointer the
	// caller passed) and for named types, but not for an unnamed struct
	// that is a field or element (it only takes the address of named
	// types).
	topMethods bool

	elemOnce sync.Once
	elemPlan *plan // slices, arrays, pointers, map values

	structOnce sync.Once
	st         *structPlan

	mapKey mapKeyKind

	// fast is how decodeState.fast stores a scalar of this type through a
	// pointer, or fNone.
	fast fastKind

	// scratch, for slices: elements may be decoded in a scratch buffer
	// and copied out (sliceScratch), as no decoding method can be called
	// on memory inside an element, where it could keep the address.
	scratch bool

	// noPointers, for slices: the elements hold no pointers, so they can
	// be copied and cleared as bytes.
	noPointers bool

	// one caches onePass: oneUnknown, oneYes or oneNo.
	one uint32
}

// hasPointers reports whether values of type t hold pointers the garbage
// collector must see.
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return false
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	}
	return true
}

// fastKind says how to store a scalar through an unsafe.Pointer.
type fastKind uint8

const (
	fNone fastKind = iota
	fString
	fBool
	fInt
	fInt8
	fInt16
	fInt32
	fInt64
	fUint
	fUint8
	fUint16
	fUint32
	fUint64
	fUintptr
	fFloat64

	// fFloats+n (1 ≤ n ≤ maxFastFloats) stores a [n]float64 array:
	// coordinates, the common case of small fixed arrays.
	fFloats
)

const maxFastFloats = 8

// fastKinds maps the reflect kinds of plain scalars (types without
// decoding methods) to their fast stores.
var fastKinds = [...]fastKind{
	reflect.String: fString, reflect.Bool: fBool,
	reflect.Int: fInt, reflect.Int8: fInt8, reflect.Int16: fInt16, reflect.Int32: fInt32, reflect.Int64: fInt64,
	reflect.Uint: fUint, reflect.Uint8: fUint8, reflect.Uint16: fUint16, reflect.Uint32: fUint32,
	reflect.Uint64: fUint64, reflect.Uintptr: fUintptr, reflect.Float64: fFloat64,
	reflect.UnsafePointer: fNone,
}

type planKind uint8

const (
	pGeneric planKind = iota
	pBool
	pInt
	pUint
	pFloat
	pString
	pNumber // json.Number
	pBytes  // slice of a uint8 kind
	pSlice
	pArray
	pMap
	pStruct
	pAny     // empty interface
	pPointer // pointer without methods
	pInvalid // kinds JSON cannot fill (chan, func, complex, ...)
)

type mapKeyKind uint8

const (
	keyInvalid mapKeyKind = iota
	keyString             // string kind; plain string type when keyPlain
	keyPlainString
	keyInt
	keyUint
	keyText // implements encoding.TextUnmarshaler (checked first)
)

var (
	unmarshalerType     = reflect.TypeFor[Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	numberType          = reflect.TypeFor[Number]()
)

var plans sync.Map // reflect.Type -> *plan

// planFor returns the cached plan for t.
func planFor(t reflect.Type) *plan {
	if p, ok := plans.Load(t); ok {
		return p.(*plan)
	}
	p, _ := plans.LoadOrStore(t, newPlan(t))
	return p.(*plan)
}

// hasMethods reports whether decoding into an addressable t can meet
// UnmarshalJSON or UnmarshalText (encoding/json's indirect looks at the
// methods of *t).
func hasMethods(t reflect.Type) bool {
	pt := reflect.PointerTo(t)
	return pt.Implements(unmarshalerType) || pt.Implements(textUnmarshalerType)
}

func newPlan(t reflect.Type) *plan {
	p := &plan{t: t}
	switch t.Kind() {
	case reflect.Bool:
		p.kind = pBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		p.kind = pInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		p.kind = pUint
	case reflect.Float32, reflect.Float64:
		p.kind = pFloat
	case reflect.String:
		p.kind = pString
		if t == numberType {
			p.kind = pNumber
		}
	case reflect.Slice:
		p.kind = pSlice
		p.scratch = !inlineMethods(t.Elem())
		p.noPointers = !hasPointers(t.Elem())
		if t.Elem().Kind() == reflect.Uint8 {
			p.kind = pBytes
		}
	case reflect.Array:
		p.kind = pArray
	case reflect.Map:
		p.kind = pMap
		p.mapKey = mapKeyOf(t.Key())
	case reflect.Struct:
		p.kind = pStruct
	case reflect.Pointer:
		p.kind = pPointer
		// Methods of the pointer type itself are found by indirect; a
		// pointer to an interface can point to itself through it.
		p.generic = t.Implements(unmarshalerType) || t.Implements(textUnmarshalerType) ||
			t.Elem().Kind() == reflect.Interface
		p.topMethods = p.generic
		return p
	case reflect.Interface:
		p.kind = pAny
		p.generic = t.NumMethod() != 0
		return p
	default:
		p.kind = pInvalid
		p.generic = true
	}
	p.topMethods = hasMethods(t)
	if p.topMethods && t.Name() != "" {
		p.generic = true
	}
	if !p.topMethods && p.kind != pNumber && int(t.Kind()) < len(fastKinds) {
		p.fast = fastKinds[t.Kind()]
	}
	if !p.topMethods && t.Kind() == reflect.Array && t.Len() >= 1 && t.Len() <= maxFastFloats &&
		t.Elem().Kind() == reflect.Float64 && !hasMethods(t.Elem()) {
		p.fast = fFloats + fastKind(t.Len())
	}
	return p
}

// mapKeyOf classifies a map key type the way encoding/json's object does
// when it stores a member: TextUnmarshaler first, then the kind.
func mapKeyOf(kt reflect.Type) mapKeyKind {
	if reflect.PointerTo(kt).Implements(textUnmarshalerType) {
		return keyText
	}
	switch kt.Kind() {
	case reflect.String:
		if kt == reflect.TypeFor[string]() {
			return keyPlainString
		}
		return keyString
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return keyInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return keyUint
	}
	return keyInvalid
}

// inlineMethods reports whether decoding into a t can call an
// UnmarshalJSON or UnmarshalText method on t itself or on a struct field
// or array element stored inside it.
func inlineMethods(t reflect.Type) bool {
	if hasMethods(t) {
		return true
	}
	switch t.Kind() {
	case reflect.Array:
		return inlineMethods(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if inlineMethods(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}

// byAddrElem reports whether slices of p's type are decoded by address
// (sliceAt): p is a plain scalar, a struct or a slice, without methods.
func (p *plan) byAddrElem() bool {
	return !p.generic && (p.fast != fNone || p.kind == pStruct || p.kind == pSlice)
}

// elem returns the plan of the element (or pointed-to, or map value) type.
func (p *plan) elem() *plan {
	p.elemOnce.Do(func() { p.elemPlan = planFor(p.t.Elem()) })
	return p.elemPlan
}

// structPlan is a struct type's fields, ready for decoding.
type structPlan struct {
	s      *fields.Struct
	fields []fieldPlan // parallel to s.Fields

	// next is parallel to fields, the data of the fast path that matches
	// the member expected next in place (structAt); it has one more
	// entry, which never matches.
	next []nextField
}

// nextField is a field's member head as compact input spells it without
// escapes, `"name":`, for matching in place: its first eight bytes as a
// little-endian word (word, under mask) and the rest. Fields that the
// fast path cannot store have a zero mask and a word that never matches.
type nextField struct {
	word, mask uint64
	rest       string
	n          int // length of the head
	fp         *fieldPlan
}

// newNextField returns the nextField of fp.
func newNextField(fp *fieldPlan) nextField {
	if !fp.byAddr || fp.qname == "" {
		return nextField{word: 1} // no word under a zero mask is 1
	}
	head := fp.qname + ":"
	nf := nextField{n: len(head), fp: fp}
	for i := 0; i < min(len(head), 8); i++ {
		nf.word |= uint64(head[i]) << (8 * i)
		nf.mask |= 0xff << (8 * i)
	}
	if len(head) > 8 {
		nf.rest = head[8:]
	}
	return nf
}

// fieldPlan is one field: where it is and how to name it in errors.
type fieldPlan struct {
	f      *fields.Field
	index  []int
	name   string   // JSON name, for UnmarshalTypeError.Field
	embeds []string // Go names of the embedded fields on the way to it
	plan   *plan
	quoted bool
	direct bool // a field of the struct itself (len(index) == 1)

	// fast, for a direct field without the string option, is its plan's
	// fast store, at offset off in the struct; fNone otherwise.
	fast fastKind
	off  uintptr

	// byAddr: a direct field without the string option, of a type
	// without decoding methods, decoded by its address (valueAt).
	byAddr bool

	// qname is the name as it appears quoted in input that spells it
	// without escapes (`"name"`), matched in place for the member the
	// decoder expects next; "" when a raw match would not prove the name
	// (names with bytes that JSON must escape).
	qname string
}

func (p *plan) structPlan() *structPlan {
	p.structOnce.Do(func() {
		s := fields.For(p.t)
		sp := &structPlan{s: s, fields: make([]fieldPlan, len(s.Fields))}
		for i := range s.Fields {
			f := &s.Fields[i]
			fp := &sp.fields[i]
			fp.f = f
			fp.index = f.Index
			fp.name = f.Name
			fp.quoted = f.Quoted
			fp.direct = len(f.Index) == 1
			fp.plan = planFor(f.Type)
			if literalName(f.Name) {
				fp.qname = `"` + f.Name + `"`
			}
			if fp.direct && !fp.quoted {
				fp.fast = fp.plan.fast
				fp.off = p.t.Field(f.Index[0]).Offset
				fp.byAddr = !fp.plan.generic
			}
			t := p.t
			for _, ind := range f.Index[:len(f.Index)-1] {
				if t.Kind() == reflect.Pointer {
					t = t.Elem()
				}
				sf := t.Field(ind)
				fp.embeds = append(fp.embeds, sf.Name)
				t = sf.Type
			}
		}
		sp.next = make([]nextField, len(sp.fields)+1)
		for i := range sp.fields {
			sp.next[i] = newNextField(&sp.fields[i])
		}
		sp.next[len(sp.fields)] = nextField{word: 1}
		p.st = sp
	})
	return p.st
}

// literalName reports whether name is written in JSON input, unescaped,
// only as its own bytes between quotes: raw member bytes equal to its
// quoted form then mean exactly that name.
func literalName(name string) bool {
	for i := 0; i < len(name); i++ {
		if c := name[i]; c < ' ' || c == '"' || c == '\\' {
			return false
		}
	}
	return utf8.ValidString(name)
}

// lookup finds the field for the member name key: exact match first
// (trying field hint before the others), then (unless case-sensitive)
// encoding/json's case-insensitive match. It returns the field and its
// index, or nil and -1.
func (sp *structPlan) lookup(key []byte, hint int, caseSensitive bool) (*fieldPlan, int) {
	if i := sp.s.Exact(key, hint); i >= 0 {
		return &sp.fields[i], i
	}
	if caseSensitive {
		return nil, -1
	}
	f := fields.LookupFold(sp.s, key)
	if f == nil {
		return nil, -1
	}
	for i := range sp.s.Fields {
		if &sp.s.Fields[i] == f {
			return &sp.fields[i], i
		}
	}
	return nil, -1
}
