package bson

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
	"strings"
	"sync"
	"time"

	"github.com/celerjson/celer/internal/binfmt"
	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
)

// Marshaler is implemented by types that encode themselves as a BSON
// document (which Marshal checks and writes as an embedded document).
type Marshaler interface {
	MarshalBSON() ([]byte, error)
}

// Unmarshaler is implemented by types that decode themselves from a BSON
// document (an embedded document, checked beforehand); other element
// types are a type error. UnmarshalBSON must copy the data if it keeps
// it.
type Unmarshaler interface {
	UnmarshalBSON([]byte) error
}

var (
	marshalerType     = reflect.TypeFor[Marshaler]()
	unmarshalerType   = reflect.TypeFor[Unmarshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	textUnmarshalType = reflect.TypeFor[encoding.TextUnmarshaler]()
	timeType          = reflect.TypeFor[time.Time]()
	bigIntType        = reflect.TypeFor[big.Int]()
	numberType        = reflect.TypeFor[json.Number]()
	objectIDType      = reflect.TypeFor[ObjectID]()
	decimalType       = reflect.TypeFor[Decimal128]()
	dateTimeType      = reflect.TypeFor[DateTime]()
	timestampType     = reflect.TypeFor[Timestamp]()
	regexType         = reflect.TypeFor[Regex]()
	binaryType        = reflect.TypeFor[Binary]()
	jsType            = reflect.TypeFor[JavaScript]()
	symbolType        = reflect.TypeFor[Symbol]()
	codeScopeType     = reflect.TypeFor[CodeWithScope]()
	dbPointerType     = reflect.TypeFor[DBPointer]()
	minKeyType        = reflect.TypeFor[MinKey]()
	maxKeyType        = reflect.TypeFor[MaxKey]()
	undefinedType     = reflect.TypeFor[Undefined]()
	dType             = reflect.TypeFor[D]()
	rawType           = reflect.TypeFor[Raw]()
)

// format is what BSON puts in the plans shared with the other binary
// formats (internal/binfmt): every encoder sets e.Type to the element
// type of the value it wrote.
var format = &binfmt.Format{
	Name:            "bson",
	Structs:         &structs,
	NullType:        TypeNull,
	Marshaler:       marshalerType,
	Special:         special,
	EncodeMarshaler: encodeMarshaler,
	EncodeText:      encodeText,
	Kind:            kindEncoder,
	Begin:           func(e *binfmt.Enc, _ reflect.Kind, _ int) (int, error) { return open(e) },
	End: func(e *binfmt.Enc, k reflect.Kind, start int) {
		closeDoc(e, start)
		if k == reflect.Slice || k == reflect.Array {
			e.Type = TypeArray
		} else {
			e.Type = TypeDocument
		}
	},
	Elements:   true,
	BeginDepth: true,
	AppendKey: func(e *binfmt.Enc, dst, k []byte) ([]byte, error) {
		return appendKey(e, dst, unsafeString(k))
	},
	BadField: func(f *binfmt.Field) error {
		return unsupported("a field name with a NUL byte " + strconv.Quote(f.Name))
	},
	UnsupportedType: func(t reflect.Type, msg string) error { return &UnsupportedTypeError{Type: t, Msg: msg} },
	MarshalerError:  func(t reflect.Type, err error) error { return &MarshalerError{Type: t, Err: err} },
}

// Marshal returns the BSON document of v, which must be a struct, a map
// with string (or integer, or TextMarshaler) keys, a D, a Raw, a
// Marshaler, or a pointer or interface holding one: BSON's top level is a
// document. See the package documentation for how Go values map to BSON.
func Marshal(v any, o ...Options) ([]byte, error) {
	return AppendMarshal(nil, v, o...)
}

// AppendMarshal appends the BSON document of v to dst.
func AppendMarshal(dst []byte, v any, o ...Options) ([]byte, error) {
	e := encPool.Get().(*binfmt.Enc)
	format.InitEnc(e, dst, marshalOpts(o))
	b, err := appendMarshal(e, dst, v)
	e.Buf = nil // the caller's
	encPool.Put(e)
	return b, err
}

func appendMarshal(e *binfmt.Enc, dst []byte, v any) ([]byte, error) {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return dst, &UnsupportedTypeError{Type: reflect.TypeFor[any](), Msg: "BSON's top level must be a document, not nil"}
	}
	if err := format.EncoderFor(rv.Type())(e, rv); err != nil {
		return dst, err
	}
	if e.Type != TypeDocument {
		return dst, &UnsupportedTypeError{Type: rv.Type(), Msg: "BSON's top level must be a document, not " + typeName(e.Type)}
	}
	if len(e.Buf)-len(dst) > maxDocLen {
		return dst, limitError("document exceeds 2^31-1 bytes")
	}
	return e.Buf, nil
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

// An Encoder writes BSON documents to an io.Writer, one per Encode call.
type Encoder struct {
	w   io.Writer
	o   []Options
	buf []byte
}

// NewEncoder returns an Encoder writing to w.
func NewEncoder(w io.Writer, o ...Options) *Encoder { return &Encoder{w: w, o: o} }

// Encode writes the document of v (see Marshal).
func (enc *Encoder) Encode(v any) error {
	b, err := AppendMarshal(enc.buf[:0], v, enc.o...)
	if err != nil {
		return err
	}
	enc.buf = b
	_, err = enc.w.Write(b)
	return err
}

// typeName names an element type for messages.
func typeName(t byte) string {
	switch t {
	case TypeDouble:
		return "double"
	case TypeString:
		return "string"
	case TypeDocument:
		return "document"
	case TypeArray:
		return "array"
	case TypeBinary:
		return "binary"
	case TypeUndefined:
		return "undefined"
	case TypeObjectID:
		return "ObjectId"
	case TypeBoolean:
		return "boolean"
	case TypeDateTime:
		return "datetime"
	case TypeNull:
		return "null"
	case TypeRegex:
		return "regular expression"
	case TypeDBPointer:
		return "DBPointer"
	case TypeJavaScript:
		return "JavaScript code"
	case TypeSymbol:
		return "symbol"
	case TypeCodeWithScope:
		return "code with scope"
	case TypeInt32:
		return "int32"
	case TypeTimestamp:
		return "timestamp"
	case TypeInt64:
		return "int64"
	case TypeDecimal128:
		return "Decimal128"
	case TypeMinKey:
		return "min key"
	case TypeMaxKey:
		return "max key"
	}
	return "element type 0x" + strconv.FormatUint(uint64(t), 16)
}

// special returns the encoder of the types with a BSON form of their own.
func special(t reflect.Type) binfmt.EncFunc {
	switch t {
	case timeType:
		return func(e *binfmt.Enc, v reflect.Value) error {
			e.Buf = binary.LittleEndian.AppendUint64(e.Buf, uint64(v.Interface().(time.Time).UnixMilli()))
			e.Type = TypeDateTime
			return nil
		}
	case objectIDType:
		return func(e *binfmt.Enc, v reflect.Value) error {
			id := v.Interface().(ObjectID)
			e.Buf = append(e.Buf, id[:]...)
			e.Type = TypeObjectID
			return nil
		}
	case decimalType:
		return func(e *binfmt.Enc, v reflect.Value) error {
			e.Buf = v.Interface().(Decimal128).appendBytes(e.Buf)
			e.Type = TypeDecimal128
			return nil
		}
	case dateTimeType:
		return func(e *binfmt.Enc, v reflect.Value) error {
			e.Buf = binary.LittleEndian.AppendUint64(e.Buf, uint64(v.Int()))
			e.Type = TypeDateTime
			return nil
		}
	case timestampType:
		return func(e *binfmt.Enc, v reflect.Value) error {
			ts := v.Interface().(Timestamp)
			e.Buf = binary.LittleEndian.AppendUint32(e.Buf, ts.I)
			e.Buf = binary.LittleEndian.AppendUint32(e.Buf, ts.T)
			e.Type = TypeTimestamp
			return nil
		}
	case regexType:
		return encodeRegex
	case binaryType:
		return func(e *binfmt.Enc, v reflect.Value) error {
			b := v.Interface().(Binary)
			e.Buf = appendBinary(e.Buf, b.Subtype, b.Data)
			e.Type = TypeBinary
			return nil
		}
	case jsType, symbolType:
		typ := TypeJavaScript
		if t == symbolType {
			typ = TypeSymbol
		}
		return func(e *binfmt.Enc, v reflect.Value) error {
			if err := checkUTF8(e, v.String()); err != nil {
				return err
			}
			e.Buf = appendString(e.Buf, unsafeBytes(v.String()))
			e.Type = typ
			return nil
		}
	case codeScopeType:
		return encodeCodeWithScope
	case dbPointerType:
		return func(e *binfmt.Enc, v reflect.Value) error {
			p := v.Interface().(DBPointer)
			if err := checkUTF8(e, p.Namespace); err != nil {
				return err
			}
			e.Buf = appendString(e.Buf, unsafeBytes(p.Namespace))
			e.Buf = append(e.Buf, p.ID[:]...)
			e.Type = TypeDBPointer
			return nil
		}
	case minKeyType:
		return func(e *binfmt.Enc, _ reflect.Value) error { e.Type = TypeMinKey; return nil }
	case maxKeyType:
		return func(e *binfmt.Enc, _ reflect.Value) error { e.Type = TypeMaxKey; return nil }
	case undefinedType:
		return func(e *binfmt.Enc, _ reflect.Value) error { e.Type = TypeUndefined; return nil }
	case dType:
		return encodeD
	case rawType:
		return encodeRaw
	case bigIntType:
		return encodeBigInt
	case numberType:
		return func(e *binfmt.Enc, v reflect.Value) error {
			s := v.String()
			if s == "" {
				s = "0"
			}
			var typ byte
			var err error
			e.Buf, typ, err = appendNumber(e.Buf, unsafeBytes(s), e.O.Flags)
			e.Type = typ
			return err
		}
	}
	return nil
}

// kindEncoder returns the encoders of booleans, numbers, strings and
// byte slices and arrays.
func kindEncoder(t reflect.Type) binfmt.EncFunc {
	switch t.Kind() {
	case reflect.Bool:
		return func(e *binfmt.Enc, v reflect.Value) error {
			b := byte(0)
			if v.Bool() {
				b = 1
			}
			e.Buf = append(e.Buf, b)
			e.Type = TypeBoolean
			return nil
		}
	case reflect.Int8, reflect.Int16, reflect.Int32:
		return func(e *binfmt.Enc, v reflect.Value) error {
			e.Buf = binary.LittleEndian.AppendUint32(e.Buf, uint32(v.Int()))
			e.Type = TypeInt32
			return nil
		}
	case reflect.Int64:
		return func(e *binfmt.Enc, v reflect.Value) error {
			e.Buf = binary.LittleEndian.AppendUint64(e.Buf, uint64(v.Int()))
			e.Type = TypeInt64
			return nil
		}
	case reflect.Int:
		return func(e *binfmt.Enc, v reflect.Value) error {
			var typ byte
			e.Buf, typ = appendInt(e.Buf, v.Int())
			e.Type = typ
			return nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(e *binfmt.Enc, v reflect.Value) error {
			u := v.Uint()
			if u > math.MaxInt64 {
				return unsupported("unsigned integer " + strconv.FormatUint(u, 10) + " is beyond int64")
			}
			var typ byte
			e.Buf, typ = appendInt(e.Buf, int64(u))
			e.Type = typ
			return nil
		}
	case reflect.Float32, reflect.Float64:
		return func(e *binfmt.Enc, v reflect.Value) error {
			e.Buf = appendDouble(e.Buf, v.Float())
			e.Type = TypeDouble
			return nil
		}
	case reflect.String:
		return func(e *binfmt.Enc, v reflect.Value) error {
			if err := checkUTF8(e, v.String()); err != nil {
				return err
			}
			e.Buf = appendString(e.Buf, unsafeBytes(v.String()))
			e.Type = TypeString
			return nil
		}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem()) {
			return func(e *binfmt.Enc, v reflect.Value) error {
				if v.IsNil() {
					e.Type = TypeNull
					return nil
				}
				e.Buf = appendBinary(e.Buf, SubtypeGeneric, v.Bytes())
				e.Type = TypeBinary
				return nil
			}
		}
	case reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem()) {
			return encodeByteArray
		}
	}
	return nil
}

func checkUTF8(e *binfmt.Enc, s string) error {
	if !e.O.Has(opts.AllowInvalidUTF8) && !kernels.ValidUTF8(unsafeBytes(s)) {
		return &errs.Detail{Msg: "bson: invalid UTF-8 in string " + strconv.Quote(s), Sentinel: ErrInvalidUTF8}
	}
	return nil
}

// elemHasMethods reports whether a byte element type has its own
// marshaling methods, which make its slices arrays of items.
func elemHasMethods(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return p.Implements(marshalerType) || p.Implements(textMarshalerType)
}

func encodeByteArray(e *binfmt.Enc, v reflect.Value) error {
	n := v.Len()
	e.Buf = binary.LittleEndian.AppendUint32(e.Buf, uint32(n))
	e.Buf = append(e.Buf, SubtypeGeneric)
	if v.CanAddr() {
		e.Buf = append(e.Buf, v.Bytes()...)
		e.Type = TypeBinary
		return nil
	}
	for i := range n {
		e.Buf = append(e.Buf, byte(v.Index(i).Uint()))
	}
	e.Type = TypeBinary
	return nil
}

// open starts a document or array; closeDoc ends it.
func open(e *binfmt.Enc) (int, error) {
	if e.Depth++; e.Depth > e.O.MaxDepth {
		return 0, &errs.Detail{Msg: "bson: exceeded max depth", Sentinel: ErrDepth}
	}
	start := len(e.Buf)
	e.Buf = append(e.Buf, 0, 0, 0, 0)
	return start, nil
}

func closeDoc(e *binfmt.Enc, start int) {
	e.Buf = append(e.Buf, 0)
	binary.LittleEndian.PutUint32(e.Buf[start:], uint32(len(e.Buf)-start))
	e.Depth--
}

// appendKey appends key and its NUL, failing for a key with a NUL byte or
// (unless AllowInvalidUTF8) invalid UTF-8.
func appendKey(e *binfmt.Enc, dst []byte, key string) ([]byte, error) {
	if err := checkUTF8(e, key); err != nil {
		return dst, err
	}
	if strings.IndexByte(key, 0) >= 0 {
		return dst, unsupported("a document key with a NUL byte " + strconv.Quote(key))
	}
	dst = append(dst, key...)
	return append(dst, 0), nil
}

func encodeD(e *binfmt.Enc, v reflect.Value) error {
	if v.IsNil() {
		e.Type = TypeNull
		return nil
	}
	d := v.Interface().(D)
	start, err := open(e)
	if err != nil {
		return err
	}
	for _, el := range d {
		if e.Kbuf, err = appendKey(e, e.Kbuf[:0], el.Key); err != nil {
			return err
		}
		at := len(e.Buf)
		e.Buf = append(e.Buf, 0)
		e.Buf = append(e.Buf, e.Kbuf...)
		if err := e.Value(reflect.ValueOf(el.Value)); err != nil {
			return err
		}
		e.Buf[at] = e.Type
	}
	closeDoc(e, start)
	e.Type = TypeDocument
	return nil
}

func encodeRaw(e *binfmt.Enc, v reflect.Value) error {
	if v.IsNil() {
		e.Type = TypeNull
		return nil
	}
	b := v.Bytes()
	if err := Validate(b, MaxDepth(max(e.O.MaxDepth-e.Depth, 1)), AllowInvalidUTF8(e.O.Has(opts.AllowInvalidUTF8))); err != nil {
		return &MarshalerError{Type: rawType, Err: err}
	}
	e.Buf = append(e.Buf, b...)
	e.Type = TypeDocument
	return nil
}

func encodeMarshaler(e *binfmt.Enc, v reflect.Value) error {
	if v.Kind() == reflect.Pointer && v.IsNil() || v.Kind() == reflect.Interface && v.IsNil() {
		e.Type = TypeNull
		return nil
	}
	b, err := v.Interface().(Marshaler).MarshalBSON()
	if err != nil {
		return &MarshalerError{Type: v.Type(), Err: err}
	}
	if err := Validate(b, MaxDepth(max(e.O.MaxDepth-e.Depth, 1)), AllowInvalidUTF8(e.O.Has(opts.AllowInvalidUTF8))); err != nil {
		return &MarshalerError{Type: v.Type(), Err: err}
	}
	e.Buf = append(e.Buf, b...)
	e.Type = TypeDocument
	return nil
}

func encodeText(e *binfmt.Enc, v reflect.Value) error {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		e.Type = TypeNull
		return nil
	}
	b, err := v.Interface().(encoding.TextMarshaler).MarshalText()
	if err != nil {
		return &MarshalerError{Type: v.Type(), Err: err}
	}
	if !e.O.Has(opts.AllowInvalidUTF8) && !kernels.ValidUTF8(b) {
		return &MarshalerError{Type: v.Type(), Err: ErrInvalidUTF8}
	}
	e.Buf = appendString(e.Buf, b)
	e.Type = TypeString
	return nil
}

func encodeRegex(e *binfmt.Enc, v reflect.Value) error {
	r := v.Interface().(Regex)
	if strings.IndexByte(r.Pattern, 0) >= 0 || strings.IndexByte(r.Options, 0) >= 0 {
		return unsupported("a regular expression with a NUL byte")
	}
	if err := checkUTF8(e, r.Pattern); err != nil {
		return err
	}
	o := []byte(r.Options)
	slices.Sort(o)
	if !sortedOptions(o) {
		return unsupported("regular expression options " + strconv.Quote(r.Options) + " repeat a letter")
	}
	if err := checkUTF8(e, string(o)); err != nil {
		return err
	}
	e.Buf = append(e.Buf, r.Pattern...)
	e.Buf = append(e.Buf, 0)
	e.Buf = append(e.Buf, o...)
	e.Buf = append(e.Buf, 0)
	e.Type = TypeRegex
	return nil
}

func encodeCodeWithScope(e *binfmt.Enc, v reflect.Value) error {
	c := v.Interface().(CodeWithScope)
	if err := checkUTF8(e, c.Code); err != nil {
		return err
	}
	start := len(e.Buf)
	e.Buf = append(e.Buf, 0, 0, 0, 0)
	e.Buf = appendString(e.Buf, unsafeBytes(c.Code))
	if c.Scope == nil {
		e.Buf = append(e.Buf, 5, 0, 0, 0, 0)
	} else {
		sv := reflect.ValueOf(c.Scope)
		if err := e.Value(sv); err != nil {
			return err
		}
		if e.Type != TypeDocument {
			return &UnsupportedTypeError{Type: sv.Type(), Msg: "a code with scope's scope must be a document, not " + typeName(e.Type)}
		}
	}
	binary.LittleEndian.PutUint32(e.Buf[start:], uint32(len(e.Buf)-start))
	e.Type = TypeCodeWithScope
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
		var typ byte
		e.Buf, typ = appendInt(e.Buf, n.Int64())
		e.Type = typ
		return nil
	}
	var typ byte
	var err error
	text := n.Append(nil, 10)
	e.Buf, typ, err = appendInexact(e.Buf, text, e.O.Flags, true)
	e.Type = typ
	return err
}
