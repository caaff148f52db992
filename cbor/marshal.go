package cbor

import (
	"encoding"
	"encoding/json"
	"io"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/celerjson/celer/internal/binfmt"
	"github.com/celerjson/celer/internal/errs"
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
)

// format is what CBOR puts in the plans shared with the other binary
// formats (internal/binfmt).
var format = newFormat(true)

// newFormat returns CBOR's table for the shared plans; without byAddr,
// struct fields and elements of slices and arrays go through their
// reflection encoders (the reference TestMarshalByAddress compares with).
func newFormat(byAddr bool) *binfmt.Format {
	kind, addr := kindEncoder, addrFields
	if !byAddr {
		addr = nil
		kind = func(t reflect.Type) binfmt.EncFunc {
			if k := t.Kind(); k == reflect.Slice || k == reflect.Array {
				if t.Elem().Kind() != reflect.Uint8 || elemHasMethods(t.Elem()) {
					return nil
				}
			}
			return kindEncoder(t)
		}
	}
	return &binfmt.Format{
		Name:            "cbor",
		Structs:         &structs,
		Null:            []byte{0xf6},
		Marshaler:       marshalerType,
		Special:         special,
		EncodeMarshaler: encodeMarshaler,
		EncodeText:      encodeText,
		Kind:            kind,
		Bulk:            bulkEncoder,
		BulkTyped:       true,
		Begin: func(e *binfmt.Enc, k reflect.Kind, n int) (int, error) {
			major := byte(majorArray)
			if k == reflect.Map || k == reflect.Struct {
				major = majorMap
			}
			e.Buf = appendHead(e.Buf, major, uint64(n))
			return 0, nil
		},
		Counted:         true,
		SortFields:      true,
		AddrFields:      addr,
		DupKey:          dupKey,
		UnsupportedType: func(t reflect.Type, _ string) error { return &UnsupportedTypeError{Type: t} },
		MarshalerError:  func(t reflect.Type, err error) error { return &MarshalerError{Type: t, Err: err} },
	}
}

// Marshal returns the CBOR encoding of v, in preferred serialization
// (Deterministic for the core deterministic encoding). See the package
// documentation for how Go values map to CBOR.
func Marshal(v any, o ...Options) ([]byte, error) {
	return AppendMarshal(nil, v, o...)
}

// AppendMarshal appends the CBOR encoding of v to dst.
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

// special returns the encoder of the types with a CBOR form of their own.
func special(t reflect.Type) binfmt.EncFunc {
	switch t {
	case timeType:
		return encodeTime
	case bigIntType:
		return encodeBigInt
	case numberType:
		return encodeNumber
	case tagType:
		return encodeTag
	case simpleType:
		return encodeSimple
	}
	return nil
}

// kindEncoder returns the encoders of booleans, numbers, strings and
// byte strings.
func kindEncoder(t reflect.Type) binfmt.EncFunc {
	switch t.Kind() {
	case reflect.Bool:
		return func(e *binfmt.Enc, v reflect.Value) error {
			e.Buf = append(e.Buf, 0xf4+b2b(v.Bool()))
			return nil
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(e *binfmt.Enc, v reflect.Value) error {
			e.Buf = appendInt(e.Buf, v.Int())
			return nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(e *binfmt.Enc, v reflect.Value) error {
			e.Buf = appendHead(e.Buf, majorUint, v.Uint())
			return nil
		}
	case reflect.Float32, reflect.Float64:
		return func(e *binfmt.Enc, v reflect.Value) error {
			e.Buf = appendFloat(e.Buf, v.Float())
			return nil
		}
	case reflect.String:
		return encodeString
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem()) {
			return encodeByteSlice
		}
		return scalarSeqEncoder(t)
	case reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem()) {
			return encodeByteArray
		}
		return scalarSeqEncoder(t)
	case reflect.Map:
		if t.Key() == stringType && t.Elem() == stringType {
			return stringMapEncoder(t)
		}
	}
	return nil
}

// addrFields writes the fields fs of the struct at base, their values
// as kindEncoder's encoders of their kinds write them
// (TestMarshalByAddress compares them), in one loop.
func addrFields(e *binfmt.Enc, base unsafe.Pointer, fs []binfmt.AddrField) error {
	strict := !e.O.Has(opts.AllowInvalidUTF8)
	buf := e.Buf
	for i := range fs {
		f := &fs[i]
		p := unsafe.Add(base, f.Off)
		buf = append(buf, f.Key...)
		if f.Ptr {
			if p = *(*unsafe.Pointer)(p); p == nil {
				buf = append(buf, 0xf6)
				continue
			}
		}
		switch f.Kind {
		case reflect.String:
			s := *(*string)(p)
			if strict && !binfmt.ValidUTF8(unsafeBytes(s)) {
				e.Buf = buf
				return invalidText(s)
			}
			buf = append(appendHead(buf, majorText, uint64(len(s))), s...)
		case reflect.Int:
			buf = appendInt(buf, int64(*(*int)(p)))
		case reflect.Int64:
			buf = appendInt(buf, *(*int64)(p))
		case reflect.Int32:
			buf = appendInt(buf, int64(*(*int32)(p)))
		case reflect.Int16:
			buf = appendInt(buf, int64(*(*int16)(p)))
		case reflect.Int8:
			buf = appendInt(buf, int64(*(*int8)(p)))
		case reflect.Uint:
			buf = appendHead(buf, majorUint, uint64(*(*uint)(p)))
		case reflect.Uintptr:
			buf = appendHead(buf, majorUint, uint64(*(*uintptr)(p)))
		case reflect.Uint64:
			buf = appendHead(buf, majorUint, *(*uint64)(p))
		case reflect.Uint32:
			buf = appendHead(buf, majorUint, uint64(*(*uint32)(p)))
		case reflect.Uint16:
			buf = appendHead(buf, majorUint, uint64(*(*uint16)(p)))
		case reflect.Uint8:
			buf = appendHead(buf, majorUint, uint64(*(*uint8)(p)))
		case reflect.Float64:
			buf = appendFloat(buf, *(*float64)(p))
		case reflect.Float32:
			buf = appendFloat(buf, float64(*(*float32)(p)))
		case reflect.Bool:
			buf = append(buf, 0xf4+b2b(*(*bool)(p)))
		}
	}
	e.Buf = buf
	return nil
}

// scalarSeqEncoder returns the encoder of slice or array type t when its
// elements have a scalar kind encoded by kind alone (binfmt.ScalarKind),
// or nil. It reads the elements from memory in a loop per kind, where
// the shared plan made a reflect.Value and an indirect call per element
// (1K ints, coordinates); it writes what the shared plan writes
// (TestMarshalByAddress): nil slices as null, typed arrays with
// TypedArrays, and arrays without an address by the shared plan.
func scalarSeqEncoder(t reflect.Type) binfmt.EncFunc {
	et := t.Elem()
	k := binfmt.ScalarKind(et, marshalerType, special)
	if k == reflect.Invalid {
		return nil
	}
	bulk := bulkEncoder(et)
	slice := t.Kind() == reflect.Slice
	return func(e *binfmt.Enc, v reflect.Value) error {
		var p unsafe.Pointer
		switch {
		case slice && v.IsNil():
			e.Null()
			return nil
		case slice:
			p = v.UnsafePointer()
		case v.CanAddr():
			p = binfmt.Addr(v)
		default:
			return e.F.SharedEncoder(t)(e, v)
		}
		if bulk != nil && e.Typed {
			if done, err := bulk(e, v); done || err != nil {
				return err
			}
		}
		n := v.Len()
		e.Buf = appendHead(e.Buf, majorArray, uint64(n))
		return appendScalars(e, k, p, n)
	}
}

// appendScalars writes the n values of kind k at p, an array of them.
func appendScalars(e *binfmt.Enc, k reflect.Kind, p unsafe.Pointer, n int) error {
	if n == 0 { // p may be a [0]string at the end of a struct: no string fits there
		return nil
	}
	switch k {
	case reflect.String:
		strict := !e.O.Has(opts.AllowInvalidUTF8)
		for _, s := range unsafe.Slice((*string)(p), n) {
			if strict && !binfmt.ValidUTF8(unsafeBytes(s)) {
				return invalidText(s)
			}
			e.Buf = append(appendHead(e.Buf, majorText, uint64(len(s))), s...)
		}
	case reflect.Int:
		e.Buf = appendInts[int](e.Buf, p, n)
	case reflect.Int64:
		e.Buf = appendInts[int64](e.Buf, p, n)
	case reflect.Int32:
		e.Buf = appendInts[int32](e.Buf, p, n)
	case reflect.Int16:
		e.Buf = appendInts[int16](e.Buf, p, n)
	case reflect.Int8:
		e.Buf = appendInts[int8](e.Buf, p, n)
	case reflect.Uint:
		e.Buf = appendUints[uint](e.Buf, p, n)
	case reflect.Uintptr:
		e.Buf = appendUints[uintptr](e.Buf, p, n)
	case reflect.Uint64:
		e.Buf = appendUints[uint64](e.Buf, p, n)
	case reflect.Uint32:
		e.Buf = appendUints[uint32](e.Buf, p, n)
	case reflect.Uint16:
		e.Buf = appendUints[uint16](e.Buf, p, n)
	case reflect.Uint8:
		e.Buf = appendUints[uint8](e.Buf, p, n)
	case reflect.Float64:
		for _, f := range unsafe.Slice((*float64)(p), n) {
			e.Buf = appendFloat(e.Buf, f)
		}
	case reflect.Float32:
		for _, f := range unsafe.Slice((*float32)(p), n) {
			e.Buf = appendFloat(e.Buf, float64(f))
		}
	case reflect.Bool:
		for _, b := range unsafe.Slice((*bool)(p), n) {
			e.Buf = append(e.Buf, 0xf4+b2b(b))
		}
	}
	return nil
}

func appendInts[T int | int64 | int32 | int16 | int8](dst []byte, p unsafe.Pointer, n int) []byte {
	for _, x := range unsafe.Slice((*T)(p), n) {
		dst = appendInt(dst, int64(x))
	}
	return dst
}

func appendUints[T uint | uintptr | uint64 | uint32 | uint16 | uint8](dst []byte, p unsafe.Pointer, n int) []byte {
	for _, x := range unsafe.Slice((*T)(p), n) {
		dst = appendHead(dst, majorUint, uint64(x))
	}
	return dst
}

// stringMapEncoder returns the encoder of map type t, whose keys and
// values are plain strings: it ranges over the map itself where the
// shared plan's reflect.MapIter copied every key and value into a new
// allocation (HTTP headers and parameters: twice fxamacker's time). It
// writes what the shared plan writes (TestStringMap): nil as null,
// counted in the depth, and with Deterministic the entries sorted by
// their encoded keys, which for text strings is by length, then bytes.
func stringMapEncoder(t reflect.Type) binfmt.EncFunc {
	name := t.String()
	return func(e *binfmt.Enc, v reflect.Value) error {
		p := v.UnsafePointer() // a map is a pointer
		return encodeStringMap(e, *(*map[string]string)(unsafe.Pointer(&p)), name)
	}
}

// encodeStringMap writes m, of a map type named name whose keys and
// values are plain strings (see stringMapEncoder).
func encodeStringMap(e *binfmt.Enc, m map[string]string, name string) error {
	if m == nil {
		e.Null()
		return nil
	}
	if e.Depth++; e.Depth > e.O.MaxDepth {
		return &errs.Detail{Msg: "cbor: exceeded max depth (a map cycle?) marshaling " + name, Sentinel: errs.ErrDepth}
	}
	e.Buf = appendHead(e.Buf, majorMap, uint64(len(m)))
	strict := !e.O.Has(opts.AllowInvalidUTF8)
	if e.Det {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(a, b string) int {
			if len(a) != len(b) {
				return len(a) - len(b)
			}
			return strings.Compare(a, b)
		})
		for _, k := range keys {
			if err := appendEntry(e, k, m[k], strict); err != nil {
				return err
			}
		}
	} else {
		for k, x := range m {
			if err := appendEntry(e, k, x, strict); err != nil {
				return err
			}
		}
	}
	e.Depth--
	return nil
}

// appendEntry writes the map entry of text strings k and x, checking
// them for UTF-8 when strict (by words for short ASCII text: the kernel's
// call and setup cost more than checking the short keys and values of
// headers and parameters).
func appendEntry(e *binfmt.Enc, k, x string, strict bool) error {
	if strict {
		if !binfmt.ValidUTF8(unsafeBytes(k)) {
			return invalidText(k)
		}
		if !binfmt.ValidUTF8(unsafeBytes(x)) {
			return invalidText(x)
		}
	}
	e.Buf = append(appendHead(e.Buf, majorText, uint64(len(k))), k...)
	e.Buf = append(appendHead(e.Buf, majorText, uint64(len(x))), x...)
	return nil
}

// invalidText is the error of text string s, which is not valid UTF-8.
func invalidText(s string) error {
	return &errs.Detail{Msg: "cbor: invalid UTF-8 in string " + strconv.Quote(s), Sentinel: ErrInvalidUTF8}
}

// bulkEncoder writes slices and arrays of fixed-size numbers as typed
// arrays with TypedArrays.
func bulkEncoder(t reflect.Type) binfmt.BulkFunc {
	typed := typedArrayTag(t)
	if typed == 0 {
		return nil
	}
	return func(e *binfmt.Enc, v reflect.Value) (bool, error) {
		if !e.Typed {
			return false, nil
		}
		e.Buf = appendTypedArray(e.Buf, typed, v)
		return true, nil
	}
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

func encodeString(e *binfmt.Enc, v reflect.Value) error {
	s := v.String()
	if !e.O.Has(opts.AllowInvalidUTF8) && !binfmt.ValidUTF8(unsafeBytes(s)) {
		return invalidText(s)
	}
	e.Buf = appendHead(e.Buf, majorText, uint64(len(s)))
	e.Buf = append(e.Buf, s...)
	return nil
}

func encodeByteSlice(e *binfmt.Enc, v reflect.Value) error {
	if v.IsNil() {
		e.Buf = append(e.Buf, 0xf6)
		return nil
	}
	b := v.Bytes()
	e.Buf = appendHead(e.Buf, majorBytes, uint64(len(b)))
	e.Buf = append(e.Buf, b...)
	return nil
}

func encodeByteArray(e *binfmt.Enc, v reflect.Value) error {
	n := v.Len()
	e.Buf = appendHead(e.Buf, majorBytes, uint64(n))
	if v.CanAddr() {
		e.Buf = append(e.Buf, v.Bytes()...)
		return nil
	}
	for i := range n {
		e.Buf = append(e.Buf, byte(v.Index(i).Uint()))
	}
	return nil
}

func encodeMarshaler(e *binfmt.Enc, v reflect.Value) error {
	if v.Kind() == reflect.Pointer && v.IsNil() || v.Kind() == reflect.Interface && v.IsNil() {
		e.Buf = append(e.Buf, 0xf6)
		return nil
	}
	b, err := v.Interface().(Marshaler).MarshalCBOR()
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
		e.Buf = append(e.Buf, 0xf6)
		return nil
	}
	b, err := v.Interface().(encoding.TextMarshaler).MarshalText()
	if err != nil {
		return &MarshalerError{Type: v.Type(), Err: err}
	}
	if !e.O.Has(opts.AllowInvalidUTF8) && !binfmt.ValidUTF8(b) {
		return &MarshalerError{Type: v.Type(), Err: ErrInvalidUTF8}
	}
	e.Buf = appendHead(e.Buf, majorText, uint64(len(b)))
	e.Buf = append(e.Buf, b...)
	return nil
}

// encodeTime writes a time.Time as tag 0 and RFC 3339 text with
// nanoseconds, or with EpochTime (and for years outside 0 to 9999, which
// RFC 3339 cannot write) as tag 1 and an integer (whole seconds) or a
// float (fractional seconds, rounded to the nearest double).
func encodeTime(e *binfmt.Enc, v reflect.Value) error {
	t := v.Interface().(time.Time)
	if !e.O.Has(opts.EpochTime) && t.Year() >= 0 && t.Year() <= 9999 {
		b, err := t.MarshalText()
		if err != nil {
			return &MarshalerError{Type: timeType, Err: err}
		}
		e.Buf = append(e.Buf, 0xc0)
		e.Buf = appendHead(e.Buf, majorText, uint64(len(b)))
		e.Buf = append(e.Buf, b...)
		return nil
	}
	e.Buf = append(e.Buf, 0xc1)
	if t.Nanosecond() == 0 {
		e.Buf = appendInt(e.Buf, t.Unix())
		return nil
	}
	e.Buf = appendFloat(e.Buf, float64(t.Unix())+float64(t.Nanosecond())/1e9)
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
	m := new(big.Int).Abs(n)
	e.Buf = appendBigInt(e.Buf, n.Sign() < 0, m)
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

func encodeTag(e *binfmt.Enc, v reflect.Value) error {
	t := v.Interface().(Tag)
	e.Buf = appendHead(e.Buf, majorTag, t.Number)
	if e.Depth++; e.Depth > e.O.MaxDepth {
		return &errs.Detail{Msg: "cbor: exceeded max depth marshaling a Tag", Sentinel: ErrDepth}
	}
	err := e.Value(reflect.ValueOf(t.Content))
	e.Depth--
	return err
}

func encodeSimple(e *binfmt.Enc, v reflect.Value) error {
	s := v.Uint()
	if s >= 20 && s < 32 {
		return unsupported("simple value " + strconv.FormatUint(s, 10) + " is reserved or has its own Go type")
	}
	if s < 24 {
		e.Buf = append(e.Buf, majorSimple<<5|byte(s))
	} else {
		e.Buf = append(e.Buf, majorSimple<<5|aiOne, byte(s))
	}
	return nil
}
