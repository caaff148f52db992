// Package binfmt holds what the binary format packages (cbor, msgpack,
// ubjson, bson) share: the reflection plans of Marshal (encoders cached
// per type, pointers, interfaces, slices, maps with sorted keys and
// cycle checks, structs with omitted fields), the struct field tables,
// and the exact-number helpers. A Format table supplies what differs: the
// container heads, keys, scalars and messages.
package binfmt

import (
	"bytes"
	"encoding"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/opts"
)

// Enc is the state of one Marshal call.
type Enc struct {
	Buf   []byte
	O     opts.Struct
	F     *Format
	Depth int
	Det   bool // opts.Deterministic
	Short bool // opts.ShortestFloat
	Typed bool // opts.TypedArrays
	Type  byte // the element type of the value just written (BSON)
	keys  []byte
	Kbuf  []byte   // scratch for the key being written
	num   [24]byte // scratch for integer map keys
}

// EncFunc appends the encoding of v to e.Buf.
type EncFunc func(e *Enc, v reflect.Value) error

// BulkFunc writes a whole slice or array v of numbers when it can
// (reporting true), without reflection per element.
type BulkFunc func(e *Enc, v reflect.Value) (bool, error)

// Format is what one binary format puts in the shared plans. Hooks left
// nil are not called.
type Format struct {
	Name     string   // the package name, prefix of messages
	Structs  *Structs // the format's struct field tables
	Null     []byte   // the encoding of null
	NullType byte     // the element type of null (BSON)

	Marshaler reflect.Type // the format's Marshaler interface
	// Special returns the encoder of a type the format encodes its own way
	// (time.Time, big.Int, json.Number, its own types), or nil. It comes
	// before marshaling methods, and a pointer to such a type is encoded
	// through its element.
	Special         func(t reflect.Type) EncFunc
	EncodeMarshaler EncFunc // the Marshaler method
	EncodeText      EncFunc // the encoding.TextMarshaler method
	// Kind returns the encoder of t by its kind where the format has its
	// own (booleans, numbers, strings, byte slices and arrays), or nil for
	// the shared ones (slices, arrays, maps, structs, pointers, interfaces).
	Kind func(t reflect.Type) EncFunc
	// Bulk returns the bulk writer of slices and arrays of t, or nil.
	// BulkTyped: the bulk writers only write with TypedArrays (they are
	// not called without it).
	Bulk      func(t reflect.Type) BulkFunc
	BulkTyped bool

	// Begin starts an array (k is reflect.Slice or reflect.Array) or a map
	// (reflect.Map or reflect.Struct) of n elements; End finishes it, given
	// what Begin returned (nil: nothing to do).
	Begin func(e *Enc, k reflect.Kind, n int) (int, error)
	End   func(e *Enc, k reflect.Kind, mark int)
	// Counted: Begin needs n, so a struct's omitted fields are counted
	// first. SortFields: Deterministic sorts struct fields by key too.
	// Elements: every value of a container is an element, a type byte
	// (set from e.Type after the value) then its key (BSON): array items
	// get their index as key. BeginDepth: Begin counts the depth of every
	// container (the map cycle check is its).
	Counted, SortFields, Elements, BeginDepth bool
	// AppendKey appends the map key of text k; nil for formats whose map
	// keys are values encoded by their own type's encoder.
	AppendKey func(e *Enc, dst, k []byte) ([]byte, error)
	// DupKey reports a map key written twice with Deterministic (formats
	// with value keys).
	DupKey func(key []byte) error
	// BadField reports a field whose name cannot be a key (Key nil).
	BadField func(f *Field) error

	UnsupportedType func(t reflect.Type, msg string) error
	MarshalerError  func(t reflect.Type, err error) error

	// AddrFields, when set, writes the fields fs (keys and values) of the
	// struct at base, each value of a boolean, integer, float or string
	// kind as the Kind hook's encoder of that kind writes it, or for a
	// pointer to one (AddrField.Ptr), null when nil and else the value. The struct
	// encoders of a format without Elements then write the fields of an
	// addressed struct that have such a kind and no encoding of their
	// own (Special, marshaling methods) from its memory, a run of
	// consecutive ones a call: no FieldByIndex, reflect.Value or
	// indirect call per field, which were most of the cost of the small
	// rows that documents repeat.
	AddrFields func(e *Enc, base unsafe.Pointer, fs []AddrField) error

	cache  sync.Map // reflect.Type -> *recentEnc (t nil: a stand-in)
	shared sync.Map // reflect.Type -> EncFunc (SharedEncoder)
	// recent holds built encoders by the address of their type, one per
	// slot, in front of cache: a load and a compare instead of the
	// sync.Map's hashing, which cost more than encoding a small value.
	recent [256]atomic.Pointer[recentEnc]
}

// AddrField is a struct field that Format.AddrFields writes.
type AddrField struct {
	Key  []byte       // the field's key, encoded
	Off  uintptr      // the field's offset in the struct
	Kind reflect.Kind // the kind of its type, or of its element when Ptr
	Ptr  bool         // the field is a pointer to the value (nil: null)
}

type recentEnc struct {
	t   unsafe.Pointer // the *rtype of the type
	enc EncFunc
}

// typeAddr returns the address of t's runtime type, which identifies it.
func typeAddr(t reflect.Type) unsafe.Pointer {
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&t))[1]
}

var textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()

// NewEnc returns the state of a Marshal call appending to dst.
func (f *Format) NewEnc(dst []byte, o opts.Struct) *Enc {
	e := new(Enc)
	f.InitEnc(e, dst, o)
	return e
}

// InitEnc sets e to the state of a Marshal call appending to dst,
// keeping its scratch buffers (a pooled state).
func (f *Format) InitEnc(e *Enc, dst []byte, o opts.Struct) {
	// Field by field: a composite literal is built aside and copied
	// whole, which costs more than the small values Marshal is often given.
	e.Buf, e.O, e.F, e.Depth, e.Type = dst, o, f, 0, 0
	e.Det, e.Short, e.Typed = o.Has(opts.Deterministic), o.Has(opts.ShortestFloat), o.Has(opts.TypedArrays)
	e.keys, e.Kbuf = e.keys[:0], e.Kbuf[:0]
}

// ResetEnc sets e, which InitEnc set for this format before, to the
// state of a new Marshal call appending to dst with the same options:
// the per-call fields only, not the options InitEnc copied.
func (f *Format) ResetEnc(e *Enc, dst []byte) {
	e.Buf, e.Depth, e.Type = dst, 0, 0
	e.keys, e.Kbuf = e.keys[:0], e.Kbuf[:0]
}

// Null writes null.
func (e *Enc) Null() {
	e.Buf = append(e.Buf, e.F.Null...)
	e.Type = e.F.NullType
}

// Value writes v (null when invalid).
func (e *Enc) Value(v reflect.Value) error {
	if !v.IsValid() {
		e.Null()
		return nil
	}
	return e.F.EncoderFor(v.Type())(e, v)
}

// EncoderFor returns the encoder of type t, built once.
func (f *Format) EncoderFor(t reflect.Type) EncFunc {
	ta := typeAddr(t)
	slot := &f.recent[uintptr(ta)>>5%uintptr(len(f.recent))]
	if r := slot.Load(); r != nil && r.t == ta {
		return r.enc
	}
	r := f.encoderFor(t)
	if r.t != nil {
		slot.Store(r)
	}
	return r.enc
}

// encoderFor returns the encoder of t from the cache, building it if
// needed; a stand-in (t nil) while it is being built.
func (f *Format) encoderFor(t reflect.Type) *recentEnc {
	if r, ok := f.cache.Load(t); ok {
		return r.(*recentEnc)
	}
	// Recursive types: a stand-in calls the real encoder once built.
	var real EncFunc
	var wg sync.WaitGroup
	wg.Add(1)
	r, loaded := f.cache.LoadOrStore(t, &recentEnc{enc: func(e *Enc, v reflect.Value) error {
		wg.Wait()
		return real(e, v)
	}})
	if loaded {
		return r.(*recentEnc)
	}
	real = f.NewEncoder(t, true)
	wg.Done()
	done := &recentEnc{typeAddr(t), real}
	f.cache.Store(t, done)
	return done
}

// NewEncoder builds the encoder of type t; methods says whether to look
// at its marshaling methods.
func (f *Format) NewEncoder(t reflect.Type, methods bool) EncFunc {
	if t.Kind() == reflect.Pointer && f.Special(t.Elem()) != nil {
		methods = false // the pointer case below, then the element's own encoder
	}
	if methods {
		if enc := f.Special(t); enc != nil {
			return enc
		}
		switch {
		case t.Implements(f.Marshaler):
			return f.EncodeMarshaler
		case t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(f.Marshaler):
			// Without an address, the value's own methods still count, as
			// in encoding/json: MarshalText on the value, if it has one.
			plain := f.NewEncoder(t, false)
			if t.Implements(textMarshalerType) {
				plain = f.EncodeText
			}
			return addrEncoder(plain, f.EncodeMarshaler)
		case t.Implements(textMarshalerType):
			return f.EncodeText
		case t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(textMarshalerType):
			return addrEncoder(f.NewEncoder(t, false), f.EncodeText)
		}
	}
	if enc := f.Kind(t); enc != nil {
		return enc
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return f.arrayEncoder(t)
	case reflect.Map:
		return f.mapEncoder(t)
	case reflect.Struct:
		return f.structEncoder(t)
	case reflect.Pointer:
		elem := sync.OnceValue(func() EncFunc { return f.EncoderFor(t.Elem()) })
		return func(e *Enc, v reflect.Value) error {
			if v.IsNil() {
				e.Null()
				return nil
			}
			if e.Depth++; e.Depth > e.O.MaxDepth {
				return &errs.Detail{Msg: f.Name + ": exceeded max depth (a pointer cycle?) marshaling " + t.String(), Sentinel: errs.ErrDepth}
			}
			err := elem()(e, v.Elem())
			e.Depth--
			return err
		}
	case reflect.Interface:
		return func(e *Enc, v reflect.Value) error {
			if v.IsNil() {
				e.Null()
				return nil
			}
			return e.Value(v.Elem())
		}
	}
	return func(*Enc, reflect.Value) error { return f.UnsupportedType(t, "") }
}

// SharedEncoder returns the shared reflection encoder of a slice, array
// or struct type t, built once, without asking the format's Kind hook: a
// format whose Kind hook has faster encoders for such types (by address)
// falls back to it for values that have no address.
func (f *Format) SharedEncoder(t reflect.Type) EncFunc {
	if enc, ok := f.shared.Load(t); ok {
		return enc.(EncFunc)
	}
	var enc EncFunc
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		enc = f.arrayEncoder(t)
	case reflect.Struct:
		enc = f.structEncoder(t)
	default:
		panic("binfmt: SharedEncoder of " + t.String())
	}
	got, _ := f.shared.LoadOrStore(t, enc)
	return got.(EncFunc)
}

// ElemHasMethods reports whether a byte element type has its own
// marshaling methods, which make its slices arrays of items.
func (f *Format) ElemHasMethods(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return p.Implements(f.Marshaler) || p.Implements(textMarshalerType)
}

// addrEncoder uses withAddr (a method on the pointer) when v is
// addressable and plain otherwise, as encoding/json does.
func addrEncoder(plain, withAddr EncFunc) EncFunc {
	return func(e *Enc, v reflect.Value) error {
		if v.CanAddr() {
			return withAddr(e, v.Addr())
		}
		return plain(e, v)
	}
}

// elem starts an element of a container of a format with Elements: its
// type byte, to be set by endElem, and its key.
func (e *Enc) elem(key []byte) int {
	at := len(e.Buf)
	e.Buf = append(e.Buf, 0)
	e.Buf = append(e.Buf, key...)
	return at
}

func (e *Enc) endElem(at int) { e.Buf[at] = e.Type }

func (f *Format) arrayEncoder(t reflect.Type) EncFunc {
	elem := f.EncoderFor(t.Elem())
	var bulk BulkFunc
	if f.Bulk != nil {
		bulk = f.Bulk(t.Elem())
	}
	k := t.Kind()
	// A slice whose elements can hold slices, maps or pointers counts in
	// the depth (unless Begin counts every container), as pointers and
	// maps do: a slice that contains itself nests without end.
	switch t.Elem().Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
	default:
		if k == reflect.Slice && !f.BeginDepth {
			body := f.arrayBody(t, elem, bulk)
			return func(e *Enc, v reflect.Value) error {
				if v.IsNil() {
					e.Null()
					return nil
				}
				if e.Depth++; e.Depth > e.O.MaxDepth {
					return &errs.Detail{Msg: f.Name + ": exceeded max depth (a slice cycle?) marshaling " + t.String(), Sentinel: errs.ErrDepth}
				}
				err := body(e, v)
				e.Depth--
				return err
			}
		}
	}
	body := f.arrayBody(t, elem, bulk)
	return func(e *Enc, v reflect.Value) error {
		if k == reflect.Slice && v.IsNil() {
			e.Null()
			return nil
		}
		return body(e, v)
	}
}

// arrayBody writes the elements of the slice or array v (not nil).
func (f *Format) arrayBody(t reflect.Type, elem EncFunc, bulk BulkFunc) EncFunc {
	k := t.Kind()
	return func(e *Enc, v reflect.Value) error {
		if bulk != nil && (e.Typed || !f.BulkTyped) {
			if done, err := bulk(e, v); done || err != nil {
				return err
			}
		}
		n := v.Len()
		mark, err := f.Begin(e, k, n)
		if err != nil {
			return err
		}
		if f.Elements {
			var key [24]byte
			for i := range n {
				at := e.elem(append(strconv.AppendInt(key[:0], int64(i), 10), 0))
				if err := elem(e, v.Index(i)); err != nil {
					return err
				}
				e.endElem(at)
			}
		} else {
			for i := range n {
				if err := elem(e, v.Index(i)); err != nil {
					return err
				}
			}
		}
		if f.End != nil {
			f.End(e, k, mark)
		}
		return nil
	}
}

// keyFunc returns the text of map key k, in dst or elsewhere (not kept).
type keyFunc func(dst []byte, k reflect.Value) ([]byte, error)

// textKey returns how map keys of type t become text: strings as they are,
// encoding.TextMarshaler as its text, integers as their decimal text (as
// encoding/json does); nil for other types.
func (f *Format) textKey(t reflect.Type) keyFunc {
	switch {
	case t.Kind() == reflect.String && !reflect.PointerTo(t).Implements(textMarshalerType) && !t.Implements(textMarshalerType):
		return stringKey
	case t.Implements(textMarshalerType):
		return func(dst []byte, k reflect.Value) ([]byte, error) {
			if k.Kind() == reflect.Pointer && k.IsNil() {
				return nil, nil
			}
			b, err := k.Interface().(encoding.TextMarshaler).MarshalText()
			if err != nil {
				return nil, f.MarshalerError(t, err)
			}
			return b, nil
		}
	}
	switch t.Kind() {
	case reflect.String:
		return stringKey
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(dst []byte, k reflect.Value) ([]byte, error) { return strconv.AppendInt(dst, k.Int(), 10), nil }
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(dst []byte, k reflect.Value) ([]byte, error) { return strconv.AppendUint(dst, k.Uint(), 10), nil }
	}
	return nil
}

func stringKey(_ []byte, k reflect.Value) ([]byte, error) {
	s := k.String()
	return unsafe.Slice(unsafe.StringData(s), len(s)), nil
}

func (f *Format) mapEncoder(t reflect.Type) EncFunc {
	val := f.EncoderFor(t.Elem())
	if f.AppendKey == nil {
		return f.valueKeyMap(t, f.EncoderFor(t.Key()), val)
	}
	keyOf := f.textKey(t.Key())
	if keyOf == nil {
		return func(*Enc, reflect.Value) error {
			return f.UnsupportedType(t, "map keys must be strings, integers or TextMarshalers")
		}
	}
	return func(e *Enc, v reflect.Value) error {
		if v.IsNil() {
			e.Null()
			return nil
		}
		if err := e.mapDepth(t); err != nil {
			return err
		}
		mark, err := f.Begin(e, reflect.Map, v.Len())
		if err != nil {
			return err
		}
		type kv struct {
			k []byte
			v reflect.Value
		}
		var ents []kv
		if e.Det {
			ents = make([]kv, 0, v.Len())
		}
		it := v.MapRange()
		for it.Next() {
			k, err := keyOf(e.num[:0], it.Key())
			if err != nil {
				return err
			}
			if ents != nil {
				ents = append(ents, kv{append([]byte(nil), k...), it.Value()})
				continue
			}
			if err := e.entry(k, val, it.Value()); err != nil {
				return err
			}
		}
		if ents != nil {
			slices.SortFunc(ents, func(a, b kv) int { return bytes.Compare(a.k, b.k) })
			for _, en := range ents {
				if err := e.entry(en.k, val, en.v); err != nil {
					return err
				}
			}
		}
		if f.End != nil {
			f.End(e, reflect.Map, mark)
		}
		if !f.BeginDepth {
			e.Depth--
		}
		return nil
	}
}

// mapDepth counts a map in the depth (unless Begin does), failing beyond
// MaxDepth: only a map or pointer cycle nests that deep.
func (e *Enc) mapDepth(t reflect.Type) error {
	if e.F.BeginDepth {
		return nil
	}
	if e.Depth++; e.Depth > e.O.MaxDepth {
		return &errs.Detail{Msg: e.F.Name + ": exceeded max depth (a map cycle?) marshaling " + t.String(), Sentinel: errs.ErrDepth}
	}
	return nil
}

// entry writes the map entry of key text k and value v.
func (e *Enc) entry(k []byte, val EncFunc, v reflect.Value) error {
	var err error
	if e.Kbuf, err = e.F.AppendKey(e, e.Kbuf[:0], k); err != nil {
		return err
	}
	if !e.F.Elements {
		e.Buf = append(e.Buf, e.Kbuf...)
		return val(e, v)
	}
	at := e.elem(e.Kbuf)
	if err := val(e, v); err != nil {
		return err
	}
	e.endElem(at)
	return nil
}

// valueKeyMap is the encoder of maps whose keys are values of their own
// (CBOR, MessagePack).
func (f *Format) valueKeyMap(t reflect.Type, key, val EncFunc) EncFunc {
	return func(e *Enc, v reflect.Value) error {
		if v.IsNil() {
			e.Null()
			return nil
		}
		if err := e.mapDepth(t); err != nil {
			return err
		}
		defer func() { e.Depth-- }()
		mark, err := f.Begin(e, reflect.Map, v.Len())
		if err != nil {
			return err
		}
		if e.Det {
			err = e.sortedMap(v, key, val)
		} else {
			it := v.MapRange()
			for it.Next() {
				if err := key(e, it.Key()); err != nil {
					return err
				}
				if err := val(e, it.Value()); err != nil {
					return err
				}
			}
		}
		if err == nil && f.End != nil {
			f.End(e, reflect.Map, mark)
		}
		return err
	}
}

// sortedMap writes the entries of map v sorted by their encoded keys.
func (e *Enc) sortedMap(v reflect.Value, key, val EncFunc) error {
	start := len(e.Buf)
	type kv struct {
		k, end int // key bytes e.Buf[k:end] relative to start
		v      reflect.Value
	}
	ents := make([]kv, 0, v.Len())
	it := v.MapRange()
	for it.Next() {
		k := len(e.Buf) - start
		if err := key(e, it.Key()); err != nil {
			return err
		}
		ents = append(ents, kv{k, len(e.Buf) - start, it.Value()})
	}
	keys := append(e.keys[:0], e.Buf[start:]...)
	e.keys = nil // values may marshal maps of their own
	e.Buf = e.Buf[:start]
	slices.SortFunc(ents, func(a, b kv) int { return bytes.Compare(keys[a.k:a.end], keys[b.k:b.end]) })
	for i, en := range ents {
		if i > 0 && bytes.Equal(keys[en.k:en.end], keys[ents[i-1].k:ents[i-1].end]) {
			return e.F.DupKey(keys[en.k:en.end])
		}
		e.Buf = append(e.Buf, keys[en.k:en.end]...)
		if err := val(e, en.v); err != nil {
			return err
		}
	}
	e.keys = keys
	return nil
}

// addrKind returns the kind of field type t that AddrFields writes, or
// reflect.Invalid when t has an encoding of its own or another kind.
func (f *Format) addrKind(t reflect.Type) reflect.Kind {
	return ScalarKind(t, f.Marshaler, f.Special)
}

// ScalarKind returns the kind of t when it is a boolean, integer, float
// or string kind that a format with Marshaler interface marshaler and
// hook special encodes by its kind alone: t is not special and has no
// marshaling methods, on t or *t. Otherwise it returns reflect.Invalid.
func ScalarKind(t, marshaler reflect.Type, special func(reflect.Type) EncFunc) reflect.Kind {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
	default:
		return reflect.Invalid
	}
	p := reflect.PointerTo(t)
	if special(t) != nil || t.Implements(marshaler) || p.Implements(marshaler) ||
		t.Implements(textMarshalerType) || p.Implements(textMarshalerType) {
		return reflect.Invalid
	}
	return t.Kind()
}

// addrRuns returns, for each position k of fields in order (nil: the
// declaration order), the run of fields AddrFields writes that starts
// there: the longest one of consecutive fields that have a kind and are
// not optional; nil where none starts or inside a run.
func addrRuns(s *Struct, kinds []reflect.Kind, ptr []bool, order []int) [][]AddrField {
	runs := make([][]AddrField, len(s.Fields))
	for k := 0; k < len(s.Fields); {
		var run []AddrField
		for j := k; j < len(s.Fields); j++ {
			i := j
			if order != nil {
				i = order[j]
			}
			fd := &s.Fields[i]
			if kinds[i] == reflect.Invalid || fd.Optional {
				break
			}
			run = append(run, AddrField{fd.Key, fd.Offset, kinds[i], ptr[i]})
		}
		if run == nil {
			k++
			continue
		}
		runs[k] = run
		k += len(run)
	}
	return runs
}

// addrPlan is how a struct encoder writes fields by address.
type addrPlan struct {
	runs, sortedRuns [][]AddrField // addrRuns in declaration and key order
	one              [][]AddrField // one[i]: field i alone (optional fields), or nil
	ptrs             bool          // some field is a pointer (Ptr)
}

func (f *Format) newAddrPlan(s *Struct) *addrPlan {
	if f.AddrFields == nil || f.Elements {
		return nil
	}
	kinds := make([]reflect.Kind, len(s.Fields))
	ptr := make([]bool, len(s.Fields))
	one := make([][]AddrField, len(s.Fields))
	some, ptrs := false, false
	for i, fd := range s.Fields {
		switch t := fd.Type; {
		case fd.EmbedPtr:
		case t.Kind() == reflect.Pointer && f.Special(t) == nil:
			// the shared pointer encoder, then the element's by kind
			kinds[i], ptr[i] = f.addrKind(t.Elem()), true
		default:
			kinds[i] = f.addrKind(t)
		}
		if kinds[i] != reflect.Invalid {
			some, ptrs = true, ptrs || ptr[i]
			one[i] = []AddrField{{fd.Key, fd.Offset, kinds[i], ptr[i]}}
		}
	}
	if !some {
		return nil
	}
	return &addrPlan{addrRuns(s, kinds, ptr, nil), addrRuns(s, kinds, ptr, s.Sorted), one, ptrs}
}

func (f *Format) structEncoder(t reflect.Type) EncFunc {
	s := f.Structs.For(t)
	encs := make([]EncFunc, len(s.Fields))
	var plan *addrPlan // nil: no field is written by address
	var built sync.Once
	return func(e *Enc, v reflect.Value) error {
		built.Do(func() {
			for i, fd := range s.Fields {
				encs[i] = f.EncoderFor(fd.Type)
			}
			plan = f.newAddrPlan(s)
		})
		var order []int
		if e.Det && f.SortFields {
			order = s.Sorted
		}
		n := len(s.Fields)
		var skipped []bool
		if f.Counted && s.Optional {
			var small [64]bool
			skipped = small[:0]
			if n > len(small) {
				skipped = make([]bool, 0, n)
			}
			for i := range s.Fields {
				fd := &s.Fields[i]
				skip := fd.Optional && fd.Skip(FieldByIndex(v, fd.Index))
				skipped = append(skipped, skip)
				if skip {
					n--
				}
			}
		}
		mark, err := f.Begin(e, reflect.Struct, n)
		if err != nil {
			return err
		}
		var base unsafe.Pointer // the struct's address, for plan
		var runs [][]AddrField
		// A pointer field counts in the depth: at MaxDepth, the shared
		// pointer encoder reports the error.
		if plan != nil && v.CanAddr() && (!plan.ptrs || e.Depth < e.O.MaxDepth) {
			base, runs = Addr(v), plan.runs
			if order != nil {
				runs = plan.sortedRuns
			}
		}
		for k := 0; k < len(s.Fields); k++ {
			if run := runs; run != nil && run[k] != nil {
				if err := f.AddrFields(e, base, run[k]); err != nil {
					return err
				}
				k += len(run[k]) - 1
				continue
			}
			i := k
			if order != nil {
				i = order[k]
			}
			fd := &s.Fields[i]
			if skipped != nil && skipped[i] {
				continue
			}
			if base != nil && plan.one[i] != nil && skipped != nil {
				// an optional field the pass above kept (not Elements:
				// plan is nil then)
				if err := f.AddrFields(e, base, plan.one[i]); err != nil {
					return err
				}
				continue
			}
			fv, ok := FieldByIndex(v, fd.Index)
			if skipped == nil && fd.Optional && fd.Skip(fv, ok) {
				continue
			}
			if !f.Elements {
				e.Buf = append(e.Buf, fd.Key...)
				if err := encs[i](e, fv); err != nil {
					return err
				}
				continue
			}
			if fd.Key == nil {
				return f.BadField(fd)
			}
			at := e.elem(fd.Key)
			if err := encs[i](e, fv); err != nil {
				return err
			}
			e.endElem(at)
		}
		if f.End != nil {
			f.End(e, reflect.Struct, mark)
		}
		return nil
	}
}
