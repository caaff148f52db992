package msgpack

import (
	"bytes"
	"encoding"
	"encoding/json"
	"io"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"time"
	"unsafe"

	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
)

// Marshaler is implemented by types that encode themselves as one
// MessagePack object. The encoding is checked to be valid.
type Marshaler interface {
	MarshalMsgpack() ([]byte, error)
}

// Unmarshaler is implemented by types that decode themselves from one
// MessagePack object (valid, checked beforehand). UnmarshalMsgpack must
// copy the data if it keeps it.
type Unmarshaler interface {
	UnmarshalMsgpack([]byte) error
}

// RawMessage is one encoded MessagePack object. It is copied as it is
// when marshaling (after a validity check) and receives a copy of the
// object when unmarshaling.
type RawMessage []byte

// MarshalMsgpack returns m, or nil (0xc0) for a nil m.
func (m RawMessage) MarshalMsgpack() ([]byte, error) {
	if m == nil {
		return []byte{bNil}, nil
	}
	return m, nil
}

// UnmarshalMsgpack sets *m to a copy of data.
func (m *RawMessage) UnmarshalMsgpack(data []byte) error {
	*m = append((*m)[:0], data...)
	return nil
}

// Ext is an extension value: an application-specific type (0 to 127) or
// a predefined one (-128 to -1) and its data. Marshal writes it as an ext
// format; Unmarshal into an empty interface gives an Ext for every
// extension but the timestamp (type -1), which gives a time.Time.
type Ext struct {
	Type int8
	Data []byte
}

var (
	marshalerType     = reflect.TypeFor[Marshaler]()
	unmarshalerType   = reflect.TypeFor[Unmarshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	textUnmarshalType = reflect.TypeFor[encoding.TextUnmarshaler]()
	timeType          = reflect.TypeFor[time.Time]()
	bigIntType        = reflect.TypeFor[big.Int]()
	extType           = reflect.TypeFor[Ext]()
	numberType        = reflect.TypeFor[json.Number]()
)

// encState is the state of one Marshal call.
type encState struct {
	buf   []byte
	o     opts.Struct
	det   bool
	short bool
	depth int
	keys  []byte // scratch for sorting map keys
}

// encFunc appends the encoding of v to e.buf.
type encFunc func(e *encState, v reflect.Value) error

var encCache sync.Map // reflect.Type -> encFunc

// Marshal returns the MessagePack encoding of v, every integer and length
// in its smallest format. See the package documentation for how Go values
// map to MessagePack.
func Marshal(v any, o ...Options) ([]byte, error) {
	return AppendMarshal(nil, v, o...)
}

// AppendMarshal appends the MessagePack encoding of v to dst.
func AppendMarshal(dst []byte, v any, o ...Options) ([]byte, error) {
	e := &encState{buf: dst, o: opts.Collect(o...)}
	e.det = e.o.Has(opts.Deterministic)
	e.short = e.o.Has(opts.ShortestFloat)
	if err := e.value(reflect.ValueOf(v)); err != nil {
		return dst, err
	}
	return e.buf, nil
}

// An Encoder writes MessagePack objects to an io.Writer, one per Encode
// call.
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
		e.buf = append(e.buf, bNil)
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
		case t == extType:
			return encodeExt
		case t.Implements(marshalerType):
			return encodeMarshaler
		case t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(marshalerType):
			return addrEncoder(newEncoder(t, false), encodeMarshaler)
		case t.Implements(textMarshalerType):
			return encodeText
		case t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(textMarshalerType):
			return addrEncoder(newEncoder(t, false), encodeText)
		}
	}
	switch t.Kind() {
	case reflect.Bool:
		return func(e *encState, v reflect.Value) error {
			e.buf = append(e.buf, bFalse+byte(b2i(v.Bool())))
			return nil
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(e *encState, v reflect.Value) error {
			e.buf = appendInt(e.buf, v.Int())
			return nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(e *encState, v reflect.Value) error {
			e.buf = appendUint(e.buf, v.Uint())
			return nil
		}
	case reflect.Float32:
		return func(e *encState, v reflect.Value) error {
			e.buf = appendFloat(e.buf, v.Float(), 32, false)
			return nil
		}
	case reflect.Float64:
		return func(e *encState, v reflect.Value) error {
			e.buf = appendFloat64(e.buf, v.Float(), e.short)
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
				e.buf = append(e.buf, bNil)
				return nil
			}
			if e.depth++; e.depth > e.o.MaxDepth {
				return &errs.Detail{Msg: "msgpack: exceeded max depth (a pointer cycle?) marshaling " + t.String(), Sentinel: ErrDepth}
			}
			err := encoderFor(elem)(e, v.Elem())
			e.depth--
			return err
		}
	case reflect.Interface:
		return func(e *encState, v reflect.Value) error {
			if v.IsNil() {
				e.buf = append(e.buf, bNil)
				return nil
			}
			return e.value(v.Elem())
		}
	}
	return func(*encState, reflect.Value) error { return &UnsupportedTypeError{Type: t} }
}

// elemHasMethods reports whether a byte element type has its own
// marshaling methods, which make its slices arrays of objects.
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
		return &errs.Detail{Msg: "msgpack: invalid UTF-8 in string " + strconv.Quote(s), Sentinel: ErrInvalidUTF8}
	}
	if uint64(len(s)) > maxLen32 {
		return limitError("string of " + strconv.Itoa(len(s)) + " bytes exceeds the 2^32-1 bytes of MessagePack")
	}
	e.buf = appendStrHead(e.buf, len(s))
	e.buf = append(e.buf, s...)
	return nil
}

func encodeByteSlice(e *encState, v reflect.Value) error {
	if v.IsNil() {
		e.buf = append(e.buf, bNil)
		return nil
	}
	b := v.Bytes()
	if uint64(len(b)) > maxLen32 {
		return limitError("[]byte of " + strconv.Itoa(len(b)) + " bytes exceeds the 2^32-1 bytes of MessagePack")
	}
	e.buf = appendBinHead(e.buf, len(b))
	e.buf = append(e.buf, b...)
	return nil
}

func encodeByteArray(e *encState, v reflect.Value) error {
	n := v.Len()
	e.buf = appendBinHead(e.buf, n)
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
	bulk := bulkEncoder(t.Elem())
	return func(e *encState, v reflect.Value) error {
		if v.IsNil() {
			e.buf = append(e.buf, bNil)
			return nil
		}
		if uint64(v.Len()) > maxLen32 {
			return limitError("slice of " + strconv.Itoa(v.Len()) + " elements exceeds the 2^32-1 of MessagePack")
		}
		if bulk != nil {
			e.buf = appendArrayHead(e.buf, false, uint64(v.Len()))
			e.buf = bulk(e, v.UnsafePointer(), v.Len())
			return nil
		}
		return e.items(v, elem)
	}
}

func arrayEncoder(t reflect.Type) encFunc {
	elem := encoderFor(t.Elem())
	bulk := bulkEncoder(t.Elem())
	return func(e *encState, v reflect.Value) error {
		if bulk != nil && v.CanAddr() {
			e.buf = appendArrayHead(e.buf, false, uint64(v.Len()))
			e.buf = bulk(e, v.Addr().UnsafePointer(), v.Len())
			return nil
		}
		return e.items(v, elem)
	}
}

// bulkEncoder returns a loop that writes n numbers of type t from memory
// at p without reflection, for slices and arrays of fixed-size numbers
// (types without marshaling methods); nil for other types.
func bulkEncoder(t reflect.Type) func(e *encState, p unsafe.Pointer, n int) []byte {
	if elemHasMethods(t) || t.Implements(marshalerType) || t.Implements(textMarshalerType) {
		return nil
	}
	switch t.Kind() {
	case reflect.Int8:
		return bulkIntsEnc[int8]
	case reflect.Int16:
		return bulkIntsEnc[int16]
	case reflect.Int32:
		return bulkIntsEnc[int32]
	case reflect.Int64:
		return bulkIntsEnc[int64]
	case reflect.Int:
		return bulkIntsEnc[int]
	case reflect.Uint16:
		return bulkUintsEnc[uint16]
	case reflect.Uint32:
		return bulkUintsEnc[uint32]
	case reflect.Uint64:
		return bulkUintsEnc[uint64]
	case reflect.Uint:
		return bulkUintsEnc[uint]
	case reflect.Float32:
		return func(e *encState, p unsafe.Pointer, n int) []byte {
			dst := slices.Grow(e.buf, 5*n)
			for _, f := range unsafe.Slice((*float32)(p), n) {
				b := math.Float32bits(f)
				dst = append(dst, bFloat32, byte(b>>24), byte(b>>16), byte(b>>8), byte(b))
			}
			return dst
		}
	case reflect.Float64:
		return func(e *encState, p unsafe.Pointer, n int) []byte {
			dst := slices.Grow(e.buf, 9*n)
			for _, f := range unsafe.Slice((*float64)(p), n) {
				dst = appendFloat64(dst, f, e.short)
			}
			return dst
		}
	}
	return nil
}

func bulkIntsEnc[T int8 | int16 | int32 | int64 | int](e *encState, p unsafe.Pointer, n int) []byte {
	dst := e.buf
	for _, x := range unsafe.Slice((*T)(p), n) {
		if x >= -32 && x <= 0x7f {
			dst = append(dst, byte(x))
			continue
		}
		dst = appendInt(dst, int64(x))
	}
	return dst
}

func bulkUintsEnc[T uint16 | uint32 | uint64 | uint](e *encState, p unsafe.Pointer, n int) []byte {
	dst := e.buf
	for _, x := range unsafe.Slice((*T)(p), n) {
		if x <= 0x7f {
			dst = append(dst, byte(x))
			continue
		}
		dst = appendUint(dst, uint64(x))
	}
	return dst
}

func (e *encState) items(v reflect.Value, elem encFunc) error {
	n := v.Len()
	if uint64(n) > maxLen32 {
		return limitError("array of " + strconv.Itoa(n) + " elements exceeds the 2^32-1 of MessagePack")
	}
	e.buf = appendArrayHead(e.buf, false, uint64(n))
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
			e.buf = append(e.buf, bNil)
			return nil
		}
		if e.depth++; e.depth > e.o.MaxDepth {
			return &errs.Detail{Msg: "msgpack: exceeded max depth (a map cycle?) marshaling " + t.String(), Sentinel: ErrDepth}
		}
		defer func() { e.depth-- }()
		e.buf = appendArrayHead(e.buf, true, uint64(v.Len()))
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
		e.buf = appendArrayHead(e.buf, true, uint64(n))
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
		e.buf = append(e.buf, bNil)
		return nil
	}
	b, err := v.Interface().(Marshaler).MarshalMsgpack()
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
		e.buf = append(e.buf, bNil)
		return nil
	}
	b, err := v.Interface().(encoding.TextMarshaler).MarshalText()
	if err != nil {
		return &MarshalerError{Type: v.Type(), Err: err}
	}
	if !e.o.Has(opts.AllowInvalidUTF8) && !kernels.ValidUTF8(b) {
		return &MarshalerError{Type: v.Type(), Err: ErrInvalidUTF8}
	}
	e.buf = appendStrHead(e.buf, len(b))
	e.buf = append(e.buf, b...)
	return nil
}

// encodeTime writes a time.Time as the timestamp extension, in the
// smallest of its formats; the location is not kept (a timestamp is an
// instant).
func encodeTime(e *encState, v reflect.Value) error {
	t := v.Interface().(time.Time)
	e.buf = appendTimestamp(e.buf, t.Unix(), int64(t.Nanosecond()))
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
	switch {
	case n.IsInt64():
		e.buf = appendInt(e.buf, n.Int64())
		return nil
	case n.IsUint64():
		e.buf = appendUint(e.buf, n.Uint64())
		return nil
	}
	var err error
	e.buf, err = inexact(e.buf, n.Append(nil, 10), e.o.Flags, "big.Int ", " is beyond the 64-bit range of MessagePack")
	return err
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

func encodeExt(e *encState, v reflect.Value) error {
	x := v.Interface().(Ext)
	if uint64(len(x.Data)) > maxLen32 {
		return limitError("ext of " + strconv.Itoa(len(x.Data)) + " bytes exceeds the 2^32-1 bytes of MessagePack")
	}
	if x.Type == timestampType {
		if _, _, ok := decodeTimestamp(x.Data); !ok {
			return unsupported("invalid timestamp payload of " + strconv.Itoa(len(x.Data)) + " bytes")
		}
	}
	e.buf = appendExtHead(e.buf, x.Type, len(x.Data))
	e.buf = append(e.buf, x.Data...)
	return nil
}
