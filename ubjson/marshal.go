package ubjson

import (
	"bytes"
	"encoding"
	"encoding/binary"
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

// Marshaler is implemented by types that encode themselves as one UBJSON
// value. The encoding is checked to be valid.
type Marshaler interface {
	MarshalUBJSON() ([]byte, error)
}

// Unmarshaler is implemented by types that decode themselves from one
// UBJSON value (valid, checked beforehand, with its marker). UnmarshalUBJSON
// must copy the data if it keeps it.
type Unmarshaler interface {
	UnmarshalUBJSON([]byte) error
}

// RawMessage is one encoded UBJSON value. It is copied as it is when
// marshaling (after a validity check) and receives a copy of the value
// when unmarshaling.
type RawMessage []byte

// MarshalUBJSON returns m, or null (Z) for a nil m.
func (m RawMessage) MarshalUBJSON() ([]byte, error) {
	if m == nil {
		return []byte{mNull}, nil
	}
	return m, nil
}

// UnmarshalUBJSON sets *m to a copy of data.
func (m *RawMessage) UnmarshalUBJSON(data []byte) error {
	*m = append((*m)[:0], data...)
	return nil
}

var (
	marshalerType     = reflect.TypeFor[Marshaler]()
	unmarshalerType   = reflect.TypeFor[Unmarshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	textUnmarshalType = reflect.TypeFor[encoding.TextUnmarshaler]()
	timeType          = reflect.TypeFor[time.Time]()
	bigIntType        = reflect.TypeFor[big.Int]()
	numberType        = reflect.TypeFor[json.Number]()
)

// encState is the state of one Marshal call.
type encState struct {
	buf   []byte
	o     opts.Struct
	short bool
	typed bool
	depth int
}

// encFunc appends the encoding of v to e.buf.
type encFunc func(e *encState, v reflect.Value) error

var encCache sync.Map // reflect.Type -> encFunc

// Marshal returns the UBJSON encoding of v. See the package documentation
// for how Go values map to UBJSON.
func Marshal(v any, o ...Options) ([]byte, error) {
	return AppendMarshal(nil, v, o...)
}

// AppendMarshal appends the UBJSON encoding of v to dst.
func AppendMarshal(dst []byte, v any, o ...Options) ([]byte, error) {
	e := &encState{buf: dst, o: opts.Collect(o...)}
	e.short = e.o.Has(opts.ShortestFloat)
	e.typed = e.o.Has(opts.TypedArrays)
	if err := e.value(reflect.ValueOf(v)); err != nil {
		return dst, err
	}
	return e.buf, nil
}

// An Encoder writes UBJSON values to an io.Writer, one per Encode call.
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
		e.buf = append(e.buf, mNull)
		return nil
	}
	return encoderFor(v.Type())(e, v)
}

// encoderFor returns the encoder of type t, built once.
func encoderFor(t reflect.Type) encFunc {
	if f, ok := encCache.Load(t); ok {
		return f.(encFunc)
	}
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
		methods = false
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
		}
	}
	switch t.Kind() {
	case reflect.Bool:
		return func(e *encState, v reflect.Value) error {
			if v.Bool() {
				e.buf = append(e.buf, mTrue)
			} else {
				e.buf = append(e.buf, mFalse)
			}
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
			e.buf = appendFloat64(e.buf, v.Float(), true)
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
				e.buf = append(e.buf, mNull)
				return nil
			}
			if e.depth++; e.depth > e.o.MaxDepth {
				return &errs.Detail{Msg: "ubjson: exceeded max depth (a pointer cycle?) marshaling " + t.String(), Sentinel: ErrDepth}
			}
			err := encoderFor(elem)(e, v.Elem())
			e.depth--
			return err
		}
	case reflect.Interface:
		return func(e *encState, v reflect.Value) error {
			if v.IsNil() {
				e.buf = append(e.buf, mNull)
				return nil
			}
			return e.value(v.Elem())
		}
	}
	return func(*encState, reflect.Value) error { return &UnsupportedTypeError{Type: t} }
}

// appendUint appends n as the smallest integer type, or beyond int64 as
// a high-precision number.
func appendUint(dst []byte, n uint64) []byte {
	if n <= math.MaxInt64 {
		return appendInt(dst, int64(n))
	}
	var b [20]byte
	return appendHigh(dst, strconv.AppendUint(b[:0], n, 10))
}

// appendString appends s as a char (one ASCII character) or a string.
func appendString(dst []byte, s string) []byte {
	if len(s) == 1 && s[0] < 0x80 {
		return append(dst, mChar, s[0])
	}
	dst = appendInt(append(dst, mString), int64(len(s)))
	return append(dst, s...)
}

// elemHasMethods reports whether a byte element type has its own
// marshaling methods, which make its slices arrays of values.
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
		return &errs.Detail{Msg: "ubjson: invalid UTF-8 in string " + strconv.Quote(s), Sentinel: ErrInvalidUTF8}
	}
	e.buf = appendString(e.buf, s)
	return nil
}

// appendBytes appends b as a strongly typed array of uint8.
func appendBytes(dst, b []byte) []byte {
	dst = appendInt(append(dst, mArray, mType, mUint8, mCount), int64(len(b)))
	return append(dst, b...)
}

func encodeByteSlice(e *encState, v reflect.Value) error {
	if v.IsNil() {
		e.buf = append(e.buf, mNull)
		return nil
	}
	e.buf = appendBytes(e.buf, v.Bytes())
	return nil
}

func encodeByteArray(e *encState, v reflect.Value) error {
	n := v.Len()
	if v.CanAddr() {
		e.buf = appendBytes(e.buf, v.Bytes())
		return nil
	}
	e.buf = appendInt(append(e.buf, mArray, mType, mUint8, mCount), int64(n))
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
			e.buf = append(e.buf, mNull)
			return nil
		}
		if bulk != nil {
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
			e.buf = bulk(e, v.Addr().UnsafePointer(), v.Len())
			return nil
		}
		return e.items(v, elem)
	}
}

func (e *encState) items(v reflect.Value, elem encFunc) error {
	e.buf = append(e.buf, mArray)
	for i := range v.Len() {
		if err := elem(e, v.Index(i)); err != nil {
			return err
		}
	}
	e.buf = append(e.buf, mArrayEnd)
	return nil
}

// bulkEncoder returns a loop that writes the array of n numbers of type t
// from memory at p without reflection: with TypedArrays strongly typed
// when the values allow it and that is no larger, else with a marker
// each. It is nil for
// other types and for types with marshaling methods.
func bulkEncoder(t reflect.Type) func(e *encState, p unsafe.Pointer, n int) []byte {
	if elemHasMethods(t) || t.Implements(marshalerType) || t.Implements(textMarshalerType) {
		return nil
	}
	switch t.Kind() {
	case reflect.Int8:
		return bulkInts[int8]
	case reflect.Int16:
		return bulkInts[int16]
	case reflect.Int32:
		return bulkInts[int32]
	case reflect.Int64:
		return bulkInts[int64]
	case reflect.Int:
		return bulkInts[int]
	case reflect.Uint16:
		return bulkInts[uint16]
	case reflect.Uint32:
		return bulkInts[uint32]
	case reflect.Uint64:
		return bulkInts[uint64]
	case reflect.Uint:
		return bulkInts[uint]
	case reflect.Float32:
		return bulkFloats[float32](mFloat32)
	case reflect.Float64:
		return bulkFloats[float64](mFloat64)
	}
	return nil
}

// bulkInts writes integers of type T: with TypedArrays strongly typed,
// as the smallest integer type that holds them all, when that is no
// larger (and no value is above MaxInt64).
func bulkInts[T int8 | int16 | int32 | int64 | int | uint16 | uint32 | uint64 | uint](e *encState, p unsafe.Pointer, n int) []byte {
	s := unsafe.Slice((*T)(p), n)
	dst := e.buf
	if e.typed && n > 0 {
		lo, hi := int64(s[0]), int64(s[0])
		plain := 2
		typed := true
		for _, x := range s {
			if x > 0 && uint64(x) > math.MaxInt64 {
				typed = false
				break
			}
			v := int64(x)
			lo, hi = min(lo, v), max(hi, v)
			plain += 1 + int(sizes[intMarker(v)])
		}
		typ := widerInt(intRank(lo), intRank(hi))
		if typed && 5+int(sizes[intMarker(int64(n))])+n*int(sizes[typ]) <= plain {
			dst = appendInt(append(dst, mArray, mType, typ, mCount), int64(n))
			dst = slices.Grow(dst, n*int(sizes[typ]))
			for _, x := range s {
				dst = appendIntAs(dst, typ, int64(x))
			}
			return dst
		}
	}
	dst = append(dst, mArray)
	for _, x := range s {
		if x > 0 && uint64(x) > math.MaxInt64 {
			dst = appendUint(dst, uint64(x))
			continue
		}
		dst = appendInt(dst, int64(x))
	}
	return append(dst, mArrayEnd)
}

// bulkFloats writes floats of type T (float32 when typ is d): with
// TypedArrays strongly typed, as float32 when every value is a float32
// (with ShortestFloat, exactly) and float64 otherwise, when every value is
// finite (NaN and infinities are null) and that is no larger.
func bulkFloats[T float32 | float64](typ byte) func(e *encState, p unsafe.Pointer, n int) []byte {
	return func(e *encState, p unsafe.Pointer, n int) []byte {
		s := unsafe.Slice((*T)(p), n)
		dst := e.buf
		short := typ == mFloat32 || e.short
		if e.typed && n > 0 {
			typed, narrow, plain := true, short, 2
			for _, x := range s {
				f := float64(x)
				if math.IsNaN(f) || math.IsInf(f, 0) {
					typed = false
					break
				}
				if short && float64(float32(f)) == f {
					plain += 5
				} else {
					narrow = false
					plain += 9
				}
			}
			t := byte(mFloat64)
			if narrow {
				t = mFloat32
			}
			if typed && 5+int(sizes[intMarker(int64(n))])+n*int(sizes[t]) <= plain {
				dst = appendInt(append(dst, mArray, mType, t, mCount), int64(n))
				dst = slices.Grow(dst, n*int(sizes[t]))
				for _, x := range s {
					if t == mFloat32 {
						dst = binary.BigEndian.AppendUint32(dst, math.Float32bits(float32(x)))
					} else {
						dst = binary.BigEndian.AppendUint64(dst, math.Float64bits(float64(x)))
					}
				}
				return dst
			}
		}
		dst = append(dst, mArray)
		for _, x := range s {
			dst = appendFloat64(dst, float64(x), short)
		}
		return append(dst, mArrayEnd)
	}
}

// keyEncoder returns how keys of type t are written as object keys:
// strings as they are, encoding.TextMarshaler as its text, integers as
// their decimal text (as encoding/json does); nil for other types.
func keyEncoder(t reflect.Type) func(e *encState, v reflect.Value) ([]byte, error) {
	switch {
	case t.Kind() == reflect.String && !t.Implements(textMarshalerType):
		return func(e *encState, v reflect.Value) ([]byte, error) { return unsafeBytes(v.String()), nil }
	case t.Implements(textMarshalerType):
		return func(e *encState, v reflect.Value) ([]byte, error) {
			if t.Kind() == reflect.Pointer && v.IsNil() {
				return nil, nil
			}
			b, err := v.Interface().(encoding.TextMarshaler).MarshalText()
			if err != nil {
				return nil, &MarshalerError{Type: t, Err: err}
			}
			return b, nil
		}
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(e *encState, v reflect.Value) ([]byte, error) { return strconv.AppendInt(nil, v.Int(), 10), nil }
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(e *encState, v reflect.Value) ([]byte, error) { return strconv.AppendUint(nil, v.Uint(), 10), nil }
	}
	return nil
}

func mapEncoder(t reflect.Type) encFunc {
	key, val := keyEncoder(t.Key()), encoderFor(t.Elem())
	if key == nil {
		return func(*encState, reflect.Value) error { return &UnsupportedTypeError{Type: t} }
	}
	return func(e *encState, v reflect.Value) error {
		if v.IsNil() {
			e.buf = append(e.buf, mNull)
			return nil
		}
		if e.depth++; e.depth > e.o.MaxDepth {
			return &errs.Detail{Msg: "ubjson: exceeded max depth (a map cycle?) marshaling " + t.String(), Sentinel: ErrDepth}
		}
		defer func() { e.depth-- }()
		type kv struct {
			k []byte
			v reflect.Value
		}
		var ents []kv
		det := e.o.Has(opts.Deterministic)
		e.buf = append(e.buf, mObject)
		it := v.MapRange()
		for it.Next() {
			k, err := key(e, it.Key())
			if err != nil {
				return err
			}
			if !e.o.Has(opts.AllowInvalidUTF8) && !kernels.ValidUTF8(k) {
				return &errs.Detail{Msg: "ubjson: invalid UTF-8 in map key " + strconv.Quote(string(k)), Sentinel: ErrInvalidUTF8}
			}
			if det {
				ents = append(ents, kv{append([]byte{}, k...), it.Value()})
				continue
			}
			e.buf = appendInt(e.buf, int64(len(k)))
			e.buf = append(e.buf, k...)
			if err := val(e, it.Value()); err != nil {
				return err
			}
		}
		if det {
			slices.SortFunc(ents, func(a, b kv) int { return compareBytes(a.k, b.k) })
			for _, en := range ents {
				e.buf = appendInt(e.buf, int64(len(en.k)))
				e.buf = append(e.buf, en.k...)
				if err := val(e, en.v); err != nil {
					return err
				}
			}
		}
		e.buf = append(e.buf, mObjectEnd)
		return nil
	}
}

func compareBytes(a, b []byte) int {
	return bytes.Compare(a, b)
}

func structEncoder(t reflect.Type) encFunc {
	s := structFields(t)
	encs := make([]encFunc, len(s.fields))
	var built sync.Once
	return func(e *encState, v reflect.Value) error {
		built.Do(func() {
			for i, f := range s.fields {
				encs[i] = encoderFor(f.typ)
			}
		})
		e.buf = append(e.buf, mObject)
		for i := range s.fields {
			f := &s.fields[i]
			fv, ok := e.fieldValue(v, f)
			if !ok {
				continue
			}
			e.buf = append(e.buf, f.key...)
			if err := encs[i](e, fv); err != nil {
				return err
			}
		}
		e.buf = append(e.buf, mObjectEnd)
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
		e.buf = append(e.buf, mNull)
		return nil
	}
	b, err := v.Interface().(Marshaler).MarshalUBJSON()
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
		e.buf = append(e.buf, mNull)
		return nil
	}
	b, err := v.Interface().(encoding.TextMarshaler).MarshalText()
	if err != nil {
		return &MarshalerError{Type: v.Type(), Err: err}
	}
	if !e.o.Has(opts.AllowInvalidUTF8) && !kernels.ValidUTF8(b) {
		return &MarshalerError{Type: v.Type(), Err: ErrInvalidUTF8}
	}
	e.buf = appendString(e.buf, unsafeString(b))
	return nil
}

// encodeTime writes a time.Time as a string of its RFC 3339 text with
// nanoseconds (UBJSON has no date type).
func encodeTime(e *encState, v reflect.Value) error {
	t := v.Interface().(time.Time)
	b, err := t.MarshalText()
	if err != nil {
		return &MarshalerError{Type: timeType, Err: err}
	}
	e.buf = appendString(e.buf, unsafeString(b))
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
	if n.IsInt64() {
		e.buf = appendInt(e.buf, n.Int64())
		return nil
	}
	e.buf = appendHigh(e.buf, n.Append(nil, 10))
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
