package msgpack

import (
	"encoding"
	"encoding/json"
	"io"
	"math/big"
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/celerjson/celer/internal/binfmt"
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

// format is what MessagePack puts in the plans shared with the other
// binary formats (internal/binfmt).
var format = &binfmt.Format{
	Name:            "msgpack",
	Structs:         &structs,
	Null:            []byte{bNil},
	Marshaler:       marshalerType,
	Special:         special,
	EncodeMarshaler: encodeMarshaler,
	EncodeText:      encodeText,
	Bulk:            bulkWriter,
	Begin: func(e *binfmt.Enc, k reflect.Kind, n int) (int, error) {
		switch {
		case k == reflect.Slice && uint64(n) > maxLen32:
			return 0, limitError("slice of " + strconv.Itoa(n) + " elements exceeds the 2^32-1 of MessagePack")
		case k == reflect.Array && uint64(n) > maxLen32:
			return 0, limitError("array of " + strconv.Itoa(n) + " elements exceeds the 2^32-1 of MessagePack")
		}
		e.Buf = appendArrayHead(e.Buf, k == reflect.Map || k == reflect.Struct, uint64(n))
		return 0, nil
	},
	Counted:         true,
	SortFields:      true,
	DupKey:          dupKey,
	UnsupportedType: func(t reflect.Type, _ string) error { return &UnsupportedTypeError{Type: t} },
	MarshalerError:  func(t reflect.Type, err error) error { return &MarshalerError{Type: t, Err: err} },
}

// The Kind hook refers to format (through the encoders by address).
func init() { format.Kind = kindEncoder }

// Marshal returns the MessagePack encoding of v, every integer and length
// in its smallest format. See the package documentation for how Go values
// map to MessagePack.
func Marshal(v any, o ...Options) ([]byte, error) {
	return AppendMarshal(nil, v, o...)
}

// AppendMarshal appends the MessagePack encoding of v to dst.
func AppendMarshal(dst []byte, v any, o ...Options) ([]byte, error) {
	top := topRecord(v)
	if top != nil && top.leaf != nil && len(o) == 0 {
		// A byte string, a string or numbers: written without a state.
		if b, ok := top.leaf(dst, (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1]); ok {
			return b, nil
		}
	}
	s := encPool.Get().(*encState)
	e := &s.Enc
	if len(o) == 0 && s.dflt {
		format.ResetEnc(e, dst) // the options are the defaults already
	} else {
		if len(o) == 0 {
			format.InitEnc(e, dst, defaultOpts)
		} else {
			format.InitEnc(e, dst, opts.Collect(o...))
		}
		s.dflt = len(o) == 0
	}
	var err error
	if top != nil && top.enc != nil {
		// v is a pointer (not nil) to a value its encoder by address
		// writes, counted in the depth as the pointer encoder counts it
		// (MaxDepth is at least 1).
		e.Depth = 1
		err = top.enc(e, (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1])
	} else {
		err = e.Value(reflect.ValueOf(v))
	}
	b := e.Buf
	e.Buf = nil // the caller's
	encPool.Put(s)
	if err != nil {
		return dst, err
	}
	return b, nil
}

// topRecord returns, when v is a non-nil pointer, the record of its type:
// the encoder by address of the element type when the shared plan would
// encode v through its element (no methods, not a type of the format's
// own), and its leaf encoder if it has one; nil for other values. Recent
// types are kept by the address of their type in slots, as
// Format.EncoderFor does: a load and a compare instead of the plan's
// lookups for every Marshal call.
func topRecord(v any) *topEnc {
	w := (*[2]unsafe.Pointer)(unsafe.Pointer(&v))
	ta := w[0]
	if ta == nil || w[1] == nil || sharedOnly {
		return nil // a nil pointer, of a type without methods or not: the shared plan's
	}
	slot := &topSlots[uintptr(ta)>>5%uintptr(len(topSlots))]
	if r := slot.Load(); r != nil && r.t == ta {
		return r
	}
	t := reflect.TypeOf(v)
	r := &topEnc{t: ta}
	if t.Kind() == reflect.Pointer && !ownEncoding(t) {
		r.enc = addrEncoderFor(t.Elem())
		r.leaf = leafEncoderFor(t.Elem())
	}
	slot.Store(r)
	return r
}

type topEnc struct {
	t    unsafe.Pointer // the type's address
	enc  addrEnc        // the element's; nil: the shared plan's
	leaf leafEnc        // the element's, or nil
}

var topSlots [64]atomic.Pointer[topEnc]

// leafEnc appends the encoding of the value at p with the default
// options, when that needs no Marshal state: no depth count (the value
// is a string, a byte string, or an array of numbers or strings whose
// elements are at most small fixed arrays of floats, two levels, far
// below the default depth limit), nothing but the buffer. It reports false, leaving
// the caller's dst as it was, for a value it cannot encode (invalid
// UTF-8, too long): the state's encoder then gives the error.
type leafEnc func(dst []byte, p unsafe.Pointer) ([]byte, bool)

// leafEncoderFor returns the leaf encoder of type t, or nil: byte slices
// and arrays, strings, and slices and arrays of numbers or strings, the
// values where a Marshal state would cost more than the encoding (the
// NeoUBJSON payloads' 1K bytes and 1K integers).
func leafEncoderFor(t reflect.Type) leafEnc {
	if ownEncoding(t) {
		return nil
	}
	strict, short := !defaultOpts.Has(opts.AllowInvalidUTF8), defaultOpts.Has(opts.ShortestFloat)
	byteElem := (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) &&
		t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem())
	switch t.Kind() {
	case reflect.String:
		return func(dst []byte, p unsafe.Pointer) ([]byte, bool) { return putStr(dst, *(*string)(p), strict) }
	case reflect.Slice:
		if byteElem {
			return func(dst []byte, p unsafe.Pointer) ([]byte, bool) {
				b := *(*[]byte)(p)
				switch {
				case b == nil:
					return append(dst, bNil), true
				case uint64(len(b)) > maxLen32:
					return dst, false
				}
				return append(appendBinHead(dst, len(b)), b...), true
			}
		}
		s := newSeqEnc(t.Elem())
		if !s.numbers() && s.k != sString {
			return nil
		}
		return func(dst []byte, p unsafe.Pointer) ([]byte, bool) {
			h := *(*[]byte)(p) // the data pointer and length of any slice
			switch {
			case h == nil:
				return append(dst, bNil), true
			case uint64(len(h)) > maxLen32:
				return dst, false
			}
			return s.leaf(dst, unsafe.Pointer(unsafe.SliceData(h)), len(h), strict, short)
		}
	case reflect.Array:
		n := t.Len()
		if uint64(n) > maxLen32 {
			return nil
		}
		if byteElem {
			return func(dst []byte, p unsafe.Pointer) ([]byte, bool) {
				return append(appendBinHead(dst, n), unsafe.Slice((*byte)(p), n)...), true
			}
		}
		s := newSeqEnc(t.Elem())
		if !s.numbers() && s.k != sString {
			return nil
		}
		return func(dst []byte, p unsafe.Pointer) ([]byte, bool) { return s.leaf(dst, p, n, strict, short) }
	}
	return nil
}

// defaultOpts is opts.Collect(): Marshal's options when it is given none.
var defaultOpts = opts.Collect()

// encState is a Marshal state kept in encPool; dflt: its options are
// defaultOpts.
type encState struct {
	binfmt.Enc
	dflt bool
}

// encPool keeps Marshal states (and their scratch buffers) between calls.
var encPool = sync.Pool{New: func() any { return new(encState) }}

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

// special returns the encoder of the types with a MessagePack form of
// their own.
func special(t reflect.Type) binfmt.EncFunc {
	switch t {
	case timeType:
		return encodeTime
	case bigIntType:
		return encodeBigInt
	case numberType:
		return encodeNumber
	case extType:
		return encodeExt
	}
	return nil
}

// kindEncoder returns the encoders of booleans, numbers, strings and
// byte strings.
func kindEncoder(t reflect.Type) binfmt.EncFunc {
	switch t.Kind() {
	case reflect.Bool:
		return func(e *binfmt.Enc, v reflect.Value) error {
			e.Buf = append(e.Buf, bFalse+byte(b2i(v.Bool())))
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
			e.Buf = appendFloat(e.Buf, v.Float(), 32, false)
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
		return addrKind(t)
	case reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem()) {
			return encodeByteArray
		}
		return addrKind(t)
	case reflect.Struct:
		return addrKind(t)
	}
	return nil
}

// elemHasMethods reports whether a byte element type has its own
// marshaling methods, which make its slices arrays of objects.
func elemHasMethods(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return p.Implements(marshalerType) || p.Implements(textMarshalerType)
}

func encodeString(e *binfmt.Enc, v reflect.Value) error {
	s := v.String()
	if !e.O.Has(opts.AllowInvalidUTF8) && !kernels.ValidUTF8(unsafeBytes(s)) {
		return &errs.Detail{Msg: "msgpack: invalid UTF-8 in string " + strconv.Quote(s), Sentinel: ErrInvalidUTF8}
	}
	if uint64(len(s)) > maxLen32 {
		return limitError("string of " + strconv.Itoa(len(s)) + " bytes exceeds the 2^32-1 bytes of MessagePack")
	}
	e.Buf = appendStrHead(e.Buf, len(s))
	e.Buf = append(e.Buf, s...)
	return nil
}

func encodeByteSlice(e *binfmt.Enc, v reflect.Value) error {
	if v.IsNil() {
		e.Buf = append(e.Buf, bNil)
		return nil
	}
	b := v.Bytes()
	if uint64(len(b)) > maxLen32 {
		return limitError("[]byte of " + strconv.Itoa(len(b)) + " bytes exceeds the 2^32-1 bytes of MessagePack")
	}
	e.Buf = appendBinHead(e.Buf, len(b))
	e.Buf = append(e.Buf, b...)
	return nil
}

func encodeByteArray(e *binfmt.Enc, v reflect.Value) error {
	n := v.Len()
	e.Buf = appendBinHead(e.Buf, n)
	if v.CanAddr() {
		e.Buf = append(e.Buf, v.Bytes()...)
		return nil
	}
	for i := range n {
		e.Buf = append(e.Buf, byte(v.Index(i).Uint()))
	}
	return nil
}

// bulkWriter returns the writer of slices and arrays (addressable ones)
// of fixed-size numbers of type t (without marshaling methods), which
// loops without reflection per element; nil for other types.
func bulkWriter(t reflect.Type) binfmt.BulkFunc {
	if elemHasMethods(t) || t.Implements(marshalerType) || t.Implements(textMarshalerType) {
		return nil
	}
	switch t.Kind() {
	case reflect.Int8:
		return bulkWrite[int8]
	case reflect.Int16:
		return bulkWrite[int16]
	case reflect.Int32:
		return bulkWrite[int32]
	case reflect.Int64:
		return bulkWrite[int64]
	case reflect.Int:
		return bulkWrite[int]
	case reflect.Uint16:
		return bulkWrite[uint16]
	case reflect.Uint32:
		return bulkWrite[uint32]
	case reflect.Uint64:
		return bulkWrite[uint64]
	case reflect.Uint:
		return bulkWrite[uint]
	case reflect.Float32:
		return bulkWrite[float32]
	case reflect.Float64:
		return bulkWrite[float64]
	}
	return nil
}

// bulkWrite writes the slice or addressable array v of numbers T: its
// head, then each number in its smallest format (floats: their own width,
// float64 as float32 with ShortestFloat when that keeps the value).
func bulkWrite[T int8 | int16 | int32 | int64 | int | uint16 | uint32 | uint64 | uint | float32 | float64](e *binfmt.Enc, v reflect.Value) (bool, error) {
	var p unsafe.Pointer
	switch {
	case v.Kind() == reflect.Slice:
		if uint64(v.Len()) > maxLen32 {
			return false, limitError("slice of " + strconv.Itoa(v.Len()) + " elements exceeds the 2^32-1 of MessagePack")
		}
		p = v.UnsafePointer()
	case v.CanAddr():
		p = binfmt.Addr(v)
	default:
		return false, nil
	}
	n := v.Len()
	e.Buf = bulkBody[T](appendArrayHead(e.Buf, false, uint64(n)), p, n, e.Short)
	return true, nil
}

func bulkInts[T int8 | int16 | int32 | int64 | int](dst []byte, s []T) []byte {
	for _, x := range s {
		if x >= -32 && x <= 0x7f {
			dst = append(dst, byte(x))
			continue
		}
		dst = appendInt(dst, int64(x))
	}
	return dst
}

func bulkUints[T uint16 | uint32 | uint64 | uint](dst []byte, s []T) []byte {
	for _, x := range s {
		if x <= 0x7f {
			dst = append(dst, byte(x))
			continue
		}
		dst = appendUint(dst, uint64(x))
	}
	return dst
}

func encodeMarshaler(e *binfmt.Enc, v reflect.Value) error {
	if v.Kind() == reflect.Pointer && v.IsNil() || v.Kind() == reflect.Interface && v.IsNil() {
		e.Buf = append(e.Buf, bNil)
		return nil
	}
	b, err := v.Interface().(Marshaler).MarshalMsgpack()
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
		e.Buf = append(e.Buf, bNil)
		return nil
	}
	b, err := v.Interface().(encoding.TextMarshaler).MarshalText()
	if err != nil {
		return &MarshalerError{Type: v.Type(), Err: err}
	}
	if !e.O.Has(opts.AllowInvalidUTF8) && !kernels.ValidUTF8(b) {
		return &MarshalerError{Type: v.Type(), Err: ErrInvalidUTF8}
	}
	e.Buf = appendStrHead(e.Buf, len(b))
	e.Buf = append(e.Buf, b...)
	return nil
}

// encodeTime writes a time.Time as the timestamp extension, in the
// smallest of its formats; the location is not kept (a timestamp is an
// instant).
func encodeTime(e *binfmt.Enc, v reflect.Value) error {
	t := v.Interface().(time.Time)
	e.Buf = appendTimestamp(e.Buf, t.Unix(), int64(t.Nanosecond()))
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
	switch {
	case n.IsInt64():
		e.Buf = appendInt(e.Buf, n.Int64())
		return nil
	case n.IsUint64():
		e.Buf = appendUint(e.Buf, n.Uint64())
		return nil
	}
	var err error
	e.Buf, err = inexact(e.Buf, n.Append(nil, 10), e.O.Flags, "big.Int ", " is beyond the 64-bit range of MessagePack")
	return err
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

func encodeExt(e *binfmt.Enc, v reflect.Value) error {
	x := v.Interface().(Ext)
	if uint64(len(x.Data)) > maxLen32 {
		return limitError("ext of " + strconv.Itoa(len(x.Data)) + " bytes exceeds the 2^32-1 bytes of MessagePack")
	}
	if x.Type == timestampType {
		if _, _, ok := decodeTimestamp(x.Data); !ok {
			return unsupported("invalid timestamp payload of " + strconv.Itoa(len(x.Data)) + " bytes")
		}
	}
	e.Buf = appendExtHead(e.Buf, x.Type, len(x.Data))
	e.Buf = append(e.Buf, x.Data...)
	return nil
}
