package cbor

import (
	"bytes"
	"encoding"
	"encoding/json"
	"io"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
)

// Marshaler is implemented by types that encode themselves as one CBOR
// data item. The encoding is checked for well-formedness.
type Marshaler interface {
	MarshalCBOR() ([]byte, error)
}

// Unmarshaler is implemented by types that decode themselves from one
// CBOR data item (well-formed, checked beforehand). UnmarshalCBOR must
// copy the data if it keeps it.
type Unmarshaler interface {
	UnmarshalCBOR([]byte) error
}

// RawMessage is one encoded CBOR data item. It is copied as it is when
// marshaling (after a well-formedness check) and receives a copy of the
// item when unmarshaling.
type RawMessage []byte

// MarshalCBOR returns m, or null for a nil m.
func (m RawMessage) MarshalCBOR() ([]byte, error) {
	if m == nil {
		return []byte{0xf6}, nil
	}
	return m, nil
}

// UnmarshalCBOR sets *m to a copy of data.
func (m *RawMessage) UnmarshalCBOR(data []byte) error {
	*m = append((*m)[:0], data...)
	return nil
}

// Tag is a tagged data item whose tag has no Go type of its own: Marshal
// writes the tag number and the content; Unmarshal into an empty
// interface gives a Tag for tags other than 0, 1, 2 and 3.
type Tag struct {
	Number  uint64
	Content any
}

// Simple is a CBOR simple value other than false, true, null and
// undefined (RFC 8949 section 3.3): 0 to 19 and 32 to 255.
type Simple uint8

var (
	marshalerType     = reflect.TypeFor[Marshaler]()
	unmarshalerType   = reflect.TypeFor[Unmarshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	textUnmarshalType = reflect.TypeFor[encoding.TextUnmarshaler]()
	timeType          = reflect.TypeFor[time.Time]()
	bigIntType        = reflect.TypeFor[big.Int]()
	tagType           = reflect.TypeFor[Tag]()
	simpleType        = reflect.TypeFor[Simple]()
	numberType        = reflect.TypeFor[json.Number]()
	rawType           = reflect.TypeFor[RawMessage]()
)

// encState is the state of one Marshal call.
type encState struct {
	buf   []byte
	o     opts.Struct
	det   bool
	depth int
	keys  []byte // scratch for sorting map keys
}

// encFunc appends the encoding of v to e.buf.
type encFunc func(e *encState, v reflect.Value) error

var encCache sync.Map // reflect.Type -> encFunc

// Marshal returns the CBOR encoding of v, in preferred serialization
// (Deterministic for the core deterministic encoding). See the package
// documentation for how Go values map to CBOR.
func Marshal(v any, o ...Options) ([]byte, error) {
	return AppendMarshal(nil, v, o...)
}

// AppendMarshal appends the CBOR encoding of v to dst.
func AppendMarshal(dst []byte, v any, o ...Options) ([]byte, error) {
	e := &encState{buf: dst, o: opts.Collect(o...)}
	e.det = e.o.Has(opts.Deterministic)
	if err := e.value(reflect.ValueOf(v)); err != nil {
		return dst, err
	}
	return e.buf, nil
}

// An Encoder writes CBOR data items to an io.Writer, one per Encode call
// (a CBOR sequence).
type Encoder struct {
	w   io.Writer
	o   []Options
	buf []byte
}

// NewEncoder returns an Encoder writing to w.
func NewEncoder(w io.Writer, o ...Options) *Encoder { return &Encoder{w: w, o: o} }

// Encode writes the encoding of v.
func (enc *Encoder) Encode(v any) error {
	b, err := AppendMarshal(enc.buf[:0], v, enc.o...)
	if err != nil {
		return err
	}
	enc.buf = b
	_, err = enc.w.Write(b)
	return err
}

func (e *encState) value(v reflect.Value) error {
	if !v.IsValid() {
		e.buf = append(e.buf, 0xf6)
		return nil
	}
	return encoderFor(v.Type())(e, v)
}

// encoderFor returns the encoder of type t, built once.
func encoderFor(t reflect.Type) encFunc {
	if f, ok := encCache.Load(t); ok {
		return f.(encFunc)
	}
	// Recursive types: a stand-in calls the real encoder once built.
	var real encFunc
	var wg sync.WaitGroup
	wg.Add(1)
	f, loaded := encCache.LoadOrStore(t, encFunc(func(e *encState, v reflect.Value) error {
		wg.Wait()
		return real(e, v)
	}))
	if loaded {
		return f.(encFunc)
	}
	real = newEncoder(t, true)
	wg.Done()
	encCache.Store(t, real)
	return real
}

// newEncoder builds the encoder of type t; methods says whether to look
// at its marshaling methods.
func newEncoder(t reflect.Type, methods bool) encFunc {
	if t.Kind() == reflect.Pointer && (t.Elem() == timeType || t.Elem() == bigIntType) {
		methods = false // the pointer case below, then the element's own encoder
	}
	if methods {
		switch {
		case t == timeType:
			return encodeTime
		case t == bigIntType:
			return encodeBigInt
		case t == numberType:
			return encodeNumber
		case t.Implements(marshalerType):
			return encodeMarshaler
		case t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(marshalerType):
			return addrEncoder(newEncoder(t, false), encodeMarshaler)
		case t.Implements(textMarshalerType):
			return encodeText
		case t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(textMarshalerType):
			return addrEncoder(newEncoder(t, false), encodeText)
		case t == tagType:
			return encodeTag
		case t == simpleType:
			return encodeSimple
		}
	}
	switch t.Kind() {
	case reflect.Bool:
		return func(e *encState, v reflect.Value) error {
			e.buf = append(e.buf, 0xf4+b2b(v.Bool()))
			return nil
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(e *encState, v reflect.Value) error {
			e.buf = appendInt(e.buf, v.Int())
			return nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(e *encState, v reflect.Value) error {
			e.buf = appendHead(e.buf, majorUint, v.Uint())
			return nil
		}
	case reflect.Float32, reflect.Float64:
		return func(e *encState, v reflect.Value) error {
			e.buf = appendFloat(e.buf, v.Float())
			return nil
		}
	case reflect.String:
		return encodeString
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem()) {
			return encodeByteSlice
		}
		return sliceEncoder(t)
	case reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem()) {
			return encodeByteArray
		}
		return arrayEncoder(t)
	case reflect.Map:
		return mapEncoder(t)
	case reflect.Struct:
		return structEncoder(t)
	case reflect.Pointer:
		elem := t.Elem()
		return func(e *encState, v reflect.Value) error {
			if v.IsNil() {
				e.buf = append(e.buf, 0xf6)
				return nil
			}
			if e.depth++; e.depth > e.o.MaxDepth {
				return &errs.Detail{Msg: "cbor: exceeded max depth (a pointer cycle?) marshaling " + t.String(), Sentinel: ErrDepth}
			}
			err := encoderFor(elem)(e, v.Elem())
			e.depth--
			return err
		}
	case reflect.Interface:
		return func(e *encState, v reflect.Value) error {
			if v.IsNil() {
				e.buf = append(e.buf, 0xf6)
				return nil
			}
			return e.value(v.Elem())
		}
	}
	return func(*encState, reflect.Value) error { return &UnsupportedTypeError{Type: t} }
}

func b2b(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// elemHasMethods reports whether a byte element type has its own
// marshaling methods, which make its slices arrays of items.
func elemHasMethods(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return p.Implements(marshalerType) || p.Implements(textMarshalerType)
}

// addrEncoder uses withAddr (a method on the pointer) when v is
// addressable and plain otherwise, as encoding/json does.
func addrEncoder(plain, withAddr encFunc) encFunc {
	return func(e *encState, v reflect.Value) error {
		if v.CanAddr() {
			return withAddr(e, v.Addr())
		}
		return plain(e, v)
	}
}

func encodeString(e *encState, v reflect.Value) error {
	s := v.String()
	if !e.o.Has(opts.AllowInvalidUTF8) && !kernels.ValidUTF8(unsafeBytes(s)) {
		return &errs.Detail{Msg: "cbor: invalid UTF-8 in string " + strconv.Quote(s), Sentinel: ErrInvalidUTF8}
	}
	e.buf = appendHead(e.buf, majorText, uint64(len(s)))
	e.buf = append(e.buf, s...)
	return nil
}

func encodeByteSlice(e *encState, v reflect.Value) error {
	if v.IsNil() {
		e.buf = append(e.buf, 0xf6)
		return nil
	}
	b := v.Bytes()
	e.buf = appendHead(e.buf, majorBytes, uint64(len(b)))
	e.buf = append(e.buf, b...)
	return nil
}

func encodeByteArray(e *encState, v reflect.Value) error {
	n := v.Len()
	e.buf = appendHead(e.buf, majorBytes, uint64(n))
	if v.CanAddr() {
		e.buf = append(e.buf, v.Bytes()...)
		return nil
	}
	for i := range n {
		e.buf = append(e.buf, byte(v.Index(i).Uint()))
	}
	return nil
}

func sliceEncoder(t reflect.Type) encFunc {
	elem := encoderFor(t.Elem())
	typed := typedArrayTag(t.Elem())
	return func(e *encState, v reflect.Value) error {
		if v.IsNil() {
			e.buf = append(e.buf, 0xf6)
			return nil
		}
		if typed != 0 && e.o.Has(opts.TypedArrays) {
			e.buf = appendTypedArray(e.buf, typed, v)
			return nil
		}
		return e.items(v, elem)
	}
}

func arrayEncoder(t reflect.Type) encFunc {
	elem := encoderFor(t.Elem())
	typed := typedArrayTag(t.Elem())
	return func(e *encState, v reflect.Value) error {
		if typed != 0 && e.o.Has(opts.TypedArrays) {
			e.buf = appendTypedArray(e.buf, typed, v)
			return nil
		}
		return e.items(v, elem)
	}
}

func (e *encState) items(v reflect.Value, elem encFunc) error {
	n := v.Len()
	e.buf = appendHead(e.buf, majorArray, uint64(n))
	for i := range n {
		if err := elem(e, v.Index(i)); err != nil {
			return err
		}
	}
	return nil
}

func mapEncoder(t reflect.Type) encFunc {
	key, val := encoderFor(t.Key()), encoderFor(t.Elem())
	return func(e *encState, v reflect.Value) error {
		if v.IsNil() {
			e.buf = append(e.buf, 0xf6)
			return nil
		}
		if e.depth++; e.depth > e.o.MaxDepth {
			return &errs.Detail{Msg: "cbor: exceeded max depth (a map cycle?) marshaling " + t.String(), Sentinel: ErrDepth}
		}
		defer func() { e.depth-- }()
		e.buf = appendHead(e.buf, majorMap, uint64(v.Len()))
		if !e.det {
			it := v.MapRange()
			for it.Next() {
				if err := key(e, it.Key()); err != nil {
					return err
				}
				if err := val(e, it.Value()); err != nil {
					return err
				}
			}
			return nil
		}
		return e.sortedMap(v, key, val)
	}
}

// sortedMap writes the entries of map v sorted by their encoded keys.
func (e *encState) sortedMap(v reflect.Value, key, val encFunc) error {
	start := len(e.buf)
	type kv struct {
		k, end int // key bytes e.buf[k:end] relative to start
		v      reflect.Value
	}
	ents := make([]kv, 0, v.Len())
	it := v.MapRange()
	for it.Next() {
		k := len(e.buf) - start
		if err := key(e, it.Key()); err != nil {
			return err
		}
		ents = append(ents, kv{k, len(e.buf) - start, it.Value()})
	}
	keys := append(e.keys[:0], e.buf[start:]...)
	e.keys = nil // values may marshal maps of their own
	e.buf = e.buf[:start]
	slices.SortFunc(ents, func(a, b kv) int { return bytes.Compare(keys[a.k:a.end], keys[b.k:b.end]) })
	for i, en := range ents {
		if i > 0 && bytes.Equal(keys[en.k:en.end], keys[ents[i-1].k:ents[i-1].end]) {
			return dupKey(keys[en.k:en.end])
		}
		e.buf = append(e.buf, keys[en.k:en.end]...)
		if err := val(e, en.v); err != nil {
			return err
		}
	}
	e.keys = keys
	return nil
}

func structEncoder(t reflect.Type) encFunc {
	s := structFields(t)
	encs := make([]encFunc, len(s.fields))
	var built sync.Once
	optional := false
	for _, f := range s.fields {
		optional = optional || f.omitEmpty || f.omitZero || f.embedPtr
	}
	return func(e *encState, v reflect.Value) error {
		built.Do(func() {
			for i, f := range s.fields {
				encs[i] = encoderFor(f.typ)
			}
		})
		order := s.sorted
		if !e.det {
			order = nil
		}
		n := len(s.fields)
		var skipped []bool
		if optional {
			skipped = make([]bool, len(s.fields))
			for i := range s.fields {
				if _, ok := e.fieldValue(v, &s.fields[i]); !ok {
					skipped[i] = true
					n--
				}
			}
		}
		e.buf = appendHead(e.buf, majorMap, uint64(n))
		for k := range s.fields {
			i := k
			if order != nil {
				i = order[k]
			}
			if skipped != nil && skipped[i] {
				continue
			}
			f := &s.fields[i]
			fv, _ := fieldByIndex(v, f.index)
			e.buf = append(e.buf, f.key...)
			if err := encs[i](e, fv); err != nil {
				return err
			}
		}
		return nil
	}
}

// fieldValue returns field f of struct v, and whether it is written.
func (e *encState) fieldValue(v reflect.Value, f *field) (reflect.Value, bool) {
	fv, ok := fieldByIndex(v, f.index)
	if !ok {
		return fv, false
	}
	if f.omitEmpty && isEmpty(fv) {
		return fv, false
	}
	if f.omitZero && f.isZero(fv) {
		return fv, false
	}
	return fv, true
}

// isEmpty is encoding/json's omitempty test.
func isEmpty(v reflect.Value) bool {
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

func encodeMarshaler(e *encState, v reflect.Value) error {
	if v.Kind() == reflect.Pointer && v.IsNil() || v.Kind() == reflect.Interface && v.IsNil() {
		e.buf = append(e.buf, 0xf6)
		return nil
	}
	b, err := v.Interface().(Marshaler).MarshalCBOR()
	if err != nil {
		return &MarshalerError{Type: v.Type(), Err: err}
	}
	if err := Validate(b, MaxDepth(e.o.MaxDepth), AllowInvalidUTF8(e.o.Has(opts.AllowInvalidUTF8))); err != nil {
		return &MarshalerError{Type: v.Type(), Err: err}
	}
	e.buf = append(e.buf, b...)
	return nil
}

func encodeText(e *encState, v reflect.Value) error {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		e.buf = append(e.buf, 0xf6)
		return nil
	}
	b, err := v.Interface().(encoding.TextMarshaler).MarshalText()
	if err != nil {
		return &MarshalerError{Type: v.Type(), Err: err}
	}
	if !e.o.Has(opts.AllowInvalidUTF8) && !kernels.ValidUTF8(b) {
		return &MarshalerError{Type: v.Type(), Err: ErrInvalidUTF8}
	}
	e.buf = appendHead(e.buf, majorText, uint64(len(b)))
	e.buf = append(e.buf, b...)
	return nil
}

// encodeTime writes a time.Time as tag 0 and RFC 3339 text with
// nanoseconds, or with EpochTime (and for years outside 0 to 9999, which
// RFC 3339 cannot write) as tag 1 and an integer (whole seconds) or a
// float (fractional seconds, rounded to the nearest double).
func encodeTime(e *encState, v reflect.Value) error {
	t := v.Interface().(time.Time)
	if !e.o.Has(opts.EpochTime) && t.Year() >= 0 && t.Year() <= 9999 {
		b, err := t.MarshalText()
		if err != nil {
			return &MarshalerError{Type: timeType, Err: err}
		}
		e.buf = append(e.buf, 0xc0)
		e.buf = appendHead(e.buf, majorText, uint64(len(b)))
		e.buf = append(e.buf, b...)
		return nil
	}
	e.buf = append(e.buf, 0xc1)
	if t.Nanosecond() == 0 {
		e.buf = appendInt(e.buf, t.Unix())
		return nil
	}
	e.buf = appendFloat(e.buf, float64(t.Unix())+float64(t.Nanosecond())/1e9)
	return nil
}

func encodeBigInt(e *encState, v reflect.Value) error {
	var n *big.Int
	if v.CanAddr() {
		n = v.Addr().Interface().(*big.Int)
	} else {
		c := v.Interface().(big.Int)
		n = &c
	}
	m := new(big.Int).Abs(n)
	e.buf = appendBigInt(e.buf, n.Sign() < 0, m)
	return nil
}

func encodeNumber(e *encState, v reflect.Value) error {
	s := v.String()
	if s == "" {
		s = "0"
	}
	var err error
	e.buf, err = appendNumber(e.buf, unsafeBytes(s), e.o.Flags)
	return err
}

func encodeTag(e *encState, v reflect.Value) error {
	t := v.Interface().(Tag)
	e.buf = appendHead(e.buf, majorTag, t.Number)
	if e.depth++; e.depth > e.o.MaxDepth {
		return &errs.Detail{Msg: "cbor: exceeded max depth marshaling a Tag", Sentinel: ErrDepth}
	}
	err := e.value(reflect.ValueOf(t.Content))
	e.depth--
	return err
}

func encodeSimple(e *encState, v reflect.Value) error {
	s := v.Uint()
	if s >= 20 && s < 32 {
		return unsupported("simple value " + strconv.FormatUint(s, 10) + " is reserved or has its own Go type")
	}
	if s < 24 {
		e.buf = append(e.buf, majorSimple<<5|byte(s))
	} else {
		e.buf = append(e.buf, majorSimple<<5|aiOne, byte(s))
	}
	return nil
}
