package ubjson

import (
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

	"github.com/celerjson/celer/internal/binfmt"
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

// format is what UBJSON puts in the plans shared with the other binary
// formats (internal/binfmt).
var format = &binfmt.Format{
	Name:            "ubjson",
	Structs:         &structs,
	Null:            []byte{mNull},
	Marshaler:       marshalerType,
	Special:         special,
	EncodeMarshaler: encodeMarshaler,
	EncodeText:      encodeText,
	Kind:            kindEncoder,
	Bulk:            bulkWriter,
	Begin: func(e *binfmt.Enc, k reflect.Kind, _ int) (int, error) {
		if k == reflect.Map || k == reflect.Struct {
			e.Buf = append(e.Buf, mObject)
		} else {
			e.Buf = append(e.Buf, mArray)
		}
		return 0, nil
	},
	End: func(e *binfmt.Enc, k reflect.Kind, _ int) {
		if k == reflect.Map || k == reflect.Struct {
			e.Buf = append(e.Buf, mObjectEnd)
		} else {
			e.Buf = append(e.Buf, mArrayEnd)
		}
	},
	AppendKey: func(e *binfmt.Enc, dst, k []byte) ([]byte, error) {
		if !e.O.Has(opts.AllowInvalidUTF8) && !kernels.ValidUTF8(k) {
			return dst, &errs.Detail{Msg: "ubjson: invalid UTF-8 in map key " + strconv.Quote(string(k)), Sentinel: ErrInvalidUTF8}
		}
		dst = appendInt(dst, int64(len(k)))
		return append(dst, k...), nil
	},
	UnsupportedType: func(t reflect.Type, _ string) error { return &UnsupportedTypeError{Type: t} },
	MarshalerError:  func(t reflect.Type, err error) error { return &MarshalerError{Type: t, Err: err} },
}

// Marshal returns the UBJSON encoding of v. See the package documentation
// for how Go values map to UBJSON.
func Marshal(v any, o ...Options) ([]byte, error) {
	return AppendMarshal(nil, v, o...)
}

// AppendMarshal appends the UBJSON encoding of v to dst.
func AppendMarshal(dst []byte, v any, o ...Options) ([]byte, error) {
	e := encPool.Get().(*binfmt.Enc)
	format.InitEnc(e, dst, marshalOpts(o))
	err := e.Value(reflect.ValueOf(v))
	b := e.Buf
	e.Buf = nil // the caller's
	encPool.Put(e)
	if err != nil {
		return dst, err
	}
	return b, nil
}

// marshalOpts returns the options of a Marshal call: a value collected
// once when there are none.
func marshalOpts(o []Options) opts.Struct {
	if len(o) == 0 {
		return defaultMarshalOpts
	}
	return opts.Collect(o...)
}

var defaultMarshalOpts = opts.Collect()

// encPool keeps Marshal states (and their scratch buffers) between
// calls: a new one per call cost an allocation of some 200 bytes.
var encPool = sync.Pool{New: func() any { return new(binfmt.Enc) }}

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

// special returns the encoder of the types with a UBJSON form of their
// own.
func special(t reflect.Type) binfmt.EncFunc {
	switch t {
	case timeType:
		return encodeTime
	case bigIntType:
		return encodeBigInt
	case numberType:
		return encodeNumber
	}
	return nil
}

// kindEncoder returns the encoders of booleans, numbers, strings and
// byte arrays.
func kindEncoder(t reflect.Type) binfmt.EncFunc {
	switch t.Kind() {
	case reflect.Bool:
		return func(e *binfmt.Enc, v reflect.Value) error {
			if v.Bool() {
				e.Buf = append(e.Buf, mTrue)
			} else {
				e.Buf = append(e.Buf, mFalse)
			}
			return nil
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(e *binfmt.Enc, v reflect.Value) error {
			e.Buf = appendInt(e.Buf, v.Int())
			return nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(e *binfmt.Enc, v reflect.Value) error {
			e.Buf = appendUint(e.Buf, v.Uint())
			return nil
		}
	case reflect.Float32:
		return func(e *binfmt.Enc, v reflect.Value) error {
			e.Buf = appendFloat64(e.Buf, v.Float(), true)
			return nil
		}
	case reflect.Float64:
		return func(e *binfmt.Enc, v reflect.Value) error {
			e.Buf = appendFloat64(e.Buf, v.Float(), e.Short)
			return nil
		}
	case reflect.String:
		return encodeString
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem()) {
			return encodeByteSlice
		}
	case reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem()) {
			return encodeByteArray
		}
	}
	return nil
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

func encodeString(e *binfmt.Enc, v reflect.Value) error {
	s := v.String()
	if !e.O.Has(opts.AllowInvalidUTF8) && !kernels.ValidUTF8(unsafeBytes(s)) {
		return &errs.Detail{Msg: "ubjson: invalid UTF-8 in string " + strconv.Quote(s), Sentinel: ErrInvalidUTF8}
	}
	e.Buf = appendString(e.Buf, s)
	return nil
}

// appendBytes appends b as a strongly typed array of uint8.
func appendBytes(dst, b []byte) []byte {
	dst = appendInt(append(dst, mArray, mType, mUint8, mCount), int64(len(b)))
	return append(dst, b...)
}

func encodeByteSlice(e *binfmt.Enc, v reflect.Value) error {
	if v.IsNil() {
		e.Buf = append(e.Buf, mNull)
		return nil
	}
	e.Buf = appendBytes(e.Buf, v.Bytes())
	return nil
}

func encodeByteArray(e *binfmt.Enc, v reflect.Value) error {
	n := v.Len()
	if v.CanAddr() {
		e.Buf = appendBytes(e.Buf, v.Bytes())
		return nil
	}
	e.Buf = appendInt(append(e.Buf, mArray, mType, mUint8, mCount), int64(n))
	for i := range n {
		e.Buf = append(e.Buf, byte(v.Index(i).Uint()))
	}
	return nil
}

// bulkWriter writes slices and arrays (addressable ones) of fixed-size
// numbers without reflection per element.
func bulkWriter(t reflect.Type) binfmt.BulkFunc {
	bulk := bulkEncoder(t)
	if bulk == nil {
		return nil
	}
	return func(e *binfmt.Enc, v reflect.Value) (bool, error) {
		switch {
		case v.Kind() == reflect.Slice:
			e.Buf = bulk(e, v.UnsafePointer(), v.Len())
		case v.CanAddr():
			e.Buf = bulk(e, binfmt.Addr(v), v.Len())
		default:
			return false, nil
		}
		return true, nil
	}
}

// bulkEncoder returns a loop that writes the array of n numbers of type t
// from memory at p without reflection: with TypedArrays strongly typed
// when the values allow it and that is no larger, else with a marker
// each. It is nil for
// other types and for types with marshaling methods.
func bulkEncoder(t reflect.Type) func(e *binfmt.Enc, p unsafe.Pointer, n int) []byte {
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
func bulkInts[T int8 | int16 | int32 | int64 | int | uint16 | uint32 | uint64 | uint](e *binfmt.Enc, p unsafe.Pointer, n int) []byte {
	s := unsafe.Slice((*T)(p), n)
	dst := e.Buf
	if e.Typed && n > 0 {
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
func bulkFloats[T float32 | float64](typ byte) func(e *binfmt.Enc, p unsafe.Pointer, n int) []byte {
	return func(e *binfmt.Enc, p unsafe.Pointer, n int) []byte {
		s := unsafe.Slice((*T)(p), n)
		dst := e.Buf
		short := typ == mFloat32 || e.Short
		if e.Typed && n > 0 {
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

func encodeMarshaler(e *binfmt.Enc, v reflect.Value) error {
	if v.Kind() == reflect.Pointer && v.IsNil() || v.Kind() == reflect.Interface && v.IsNil() {
		e.Buf = append(e.Buf, mNull)
		return nil
	}
	b, err := v.Interface().(Marshaler).MarshalUBJSON()
	if err != nil {
		return &MarshalerError{Type: v.Type(), Err: err}
	}
	if err := Validate(b, MaxDepth(e.O.MaxDepth), AllowInvalidUTF8(e.O.Has(opts.AllowInvalidUTF8))); err != nil {
		return &MarshalerError{Type: v.Type(), Err: err}
	}
	e.Buf = append(e.Buf, b...)
	return nil
}

func encodeText(e *binfmt.Enc, v reflect.Value) error {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		e.Buf = append(e.Buf, mNull)
		return nil
	}
	b, err := v.Interface().(encoding.TextMarshaler).MarshalText()
	if err != nil {
		return &MarshalerError{Type: v.Type(), Err: err}
	}
	if !e.O.Has(opts.AllowInvalidUTF8) && !kernels.ValidUTF8(b) {
		return &MarshalerError{Type: v.Type(), Err: ErrInvalidUTF8}
	}
	e.Buf = appendString(e.Buf, unsafeString(b))
	return nil
}

// encodeTime writes a time.Time as a string of its RFC 3339 text with
// nanoseconds (UBJSON has no date type).
func encodeTime(e *binfmt.Enc, v reflect.Value) error {
	t := v.Interface().(time.Time)
	b, err := t.MarshalText()
	if err != nil {
		return &MarshalerError{Type: timeType, Err: err}
	}
	e.Buf = appendString(e.Buf, unsafeString(b))
	return nil
}

func encodeBigInt(e *binfmt.Enc, v reflect.Value) error {
	var n *big.Int
	if v.CanAddr() {
		n = v.Addr().Interface().(*big.Int)
	} else {
		c := v.Interface().(big.Int)
		n = &c
	}
	if n.IsInt64() {
		e.Buf = appendInt(e.Buf, n.Int64())
		return nil
	}
	e.Buf = appendHigh(e.Buf, n.Append(nil, 10))
	return nil
}

func encodeNumber(e *binfmt.Enc, v reflect.Value) error {
	s := v.String()
	if s == "" {
		s = "0"
	}
	var err error
	e.Buf, err = appendNumber(e.Buf, unsafeBytes(s), e.O.Flags)
	return err
}
