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

// encState is the state of one Marshal call.
type encState struct {
	buf   []byte
	o     opts.Struct
	depth int
	kbuf  []byte // the key being written (copied into buf before its value)
}

// encFunc appends the value of v to e.buf and returns its element type.
type encFunc func(e *encState, v reflect.Value) (byte, error)

var encCache sync.Map // reflect.Type -> encFunc

// Marshal returns the BSON document of v, which must be a struct, a map
// with string (or integer, or TextMarshaler) keys, a D, a Raw, a
// Marshaler, or a pointer or interface holding one: BSON's top level is a
// document. See the package documentation for how Go values map to BSON.
func Marshal(v any, o ...Options) ([]byte, error) {
	return AppendMarshal(nil, v, o...)
}

// AppendMarshal appends the BSON document of v to dst.
func AppendMarshal(dst []byte, v any, o ...Options) ([]byte, error) {
	e := &encState{buf: dst, o: opts.Collect(o...)}
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return dst, &UnsupportedTypeError{Type: reflect.TypeFor[any](), Msg: "BSON's top level must be a document, not nil"}
	}
	typ, err := encoderFor(rv.Type())(e, rv)
	if err != nil {
		return dst, err
	}
	if typ != TypeDocument {
		return dst, &UnsupportedTypeError{Type: rv.Type(), Msg: "BSON's top level must be a document, not " + typeName(typ)}
	}
	if len(e.buf)-len(dst) > maxDocLen {
		return dst, limitError("document exceeds 2^31-1 bytes")
	}
	return e.buf, nil
}

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

func (e *encState) value(v reflect.Value) (byte, error) {
	if !v.IsValid() {
		return TypeNull, nil
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
	f, loaded := encCache.LoadOrStore(t, encFunc(func(e *encState, v reflect.Value) (byte, error) {
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

// special returns the encoder of the types with a BSON form of their own.
func special(t reflect.Type) encFunc {
	switch t {
	case timeType:
		return func(e *encState, v reflect.Value) (byte, error) {
			e.buf = binary.LittleEndian.AppendUint64(e.buf, uint64(v.Interface().(time.Time).UnixMilli()))
			return TypeDateTime, nil
		}
	case objectIDType:
		return func(e *encState, v reflect.Value) (byte, error) {
			id := v.Interface().(ObjectID)
			e.buf = append(e.buf, id[:]...)
			return TypeObjectID, nil
		}
	case decimalType:
		return func(e *encState, v reflect.Value) (byte, error) {
			e.buf = v.Interface().(Decimal128).appendBytes(e.buf)
			return TypeDecimal128, nil
		}
	case dateTimeType:
		return func(e *encState, v reflect.Value) (byte, error) {
			e.buf = binary.LittleEndian.AppendUint64(e.buf, uint64(v.Int()))
			return TypeDateTime, nil
		}
	case timestampType:
		return func(e *encState, v reflect.Value) (byte, error) {
			ts := v.Interface().(Timestamp)
			e.buf = binary.LittleEndian.AppendUint32(e.buf, ts.I)
			e.buf = binary.LittleEndian.AppendUint32(e.buf, ts.T)
			return TypeTimestamp, nil
		}
	case regexType:
		return encodeRegex
	case binaryType:
		return func(e *encState, v reflect.Value) (byte, error) {
			b := v.Interface().(Binary)
			e.buf = appendBinary(e.buf, b.Subtype, b.Data)
			return TypeBinary, nil
		}
	case jsType, symbolType:
		typ := TypeJavaScript
		if t == symbolType {
			typ = TypeSymbol
		}
		return func(e *encState, v reflect.Value) (byte, error) {
			if err := e.checkUTF8(v.String()); err != nil {
				return 0, err
			}
			e.buf = appendString(e.buf, unsafeBytes(v.String()))
			return typ, nil
		}
	case codeScopeType:
		return encodeCodeWithScope
	case dbPointerType:
		return func(e *encState, v reflect.Value) (byte, error) {
			p := v.Interface().(DBPointer)
			if err := e.checkUTF8(p.Namespace); err != nil {
				return 0, err
			}
			e.buf = appendString(e.buf, unsafeBytes(p.Namespace))
			e.buf = append(e.buf, p.ID[:]...)
			return TypeDBPointer, nil
		}
	case minKeyType:
		return func(*encState, reflect.Value) (byte, error) { return TypeMinKey, nil }
	case maxKeyType:
		return func(*encState, reflect.Value) (byte, error) { return TypeMaxKey, nil }
	case undefinedType:
		return func(*encState, reflect.Value) (byte, error) { return TypeUndefined, nil }
	case dType:
		return encodeD
	case rawType:
		return encodeRaw
	case bigIntType:
		return encodeBigInt
	case numberType:
		return func(e *encState, v reflect.Value) (byte, error) {
			s := v.String()
			if s == "" {
				s = "0"
			}
			var typ byte
			var err error
			e.buf, typ, err = appendNumber(e.buf, unsafeBytes(s), e.o.Flags)
			return typ, err
		}
	}
	return nil
}

// newEncoder builds the encoder of type t; methods says whether to look
// at its marshaling methods.
func newEncoder(t reflect.Type, methods bool) encFunc {
	if t.Kind() == reflect.Pointer && special(t.Elem()) != nil {
		methods = false // the pointer case below, then the element's own encoder
	}
	if methods {
		if f := special(t); f != nil {
			return f
		}
		switch {
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
		return func(e *encState, v reflect.Value) (byte, error) {
			b := byte(0)
			if v.Bool() {
				b = 1
			}
			e.buf = append(e.buf, b)
			return TypeBoolean, nil
		}
	case reflect.Int8, reflect.Int16, reflect.Int32:
		return func(e *encState, v reflect.Value) (byte, error) {
			e.buf = binary.LittleEndian.AppendUint32(e.buf, uint32(v.Int()))
			return TypeInt32, nil
		}
	case reflect.Int64:
		return func(e *encState, v reflect.Value) (byte, error) {
			e.buf = binary.LittleEndian.AppendUint64(e.buf, uint64(v.Int()))
			return TypeInt64, nil
		}
	case reflect.Int:
		return func(e *encState, v reflect.Value) (byte, error) {
			var typ byte
			e.buf, typ = appendInt(e.buf, v.Int())
			return typ, nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(e *encState, v reflect.Value) (byte, error) {
			u := v.Uint()
			if u > math.MaxInt64 {
				return 0, unsupported("unsigned integer " + strconv.FormatUint(u, 10) + " is beyond int64")
			}
			var typ byte
			e.buf, typ = appendInt(e.buf, int64(u))
			return typ, nil
		}
	case reflect.Float32, reflect.Float64:
		return func(e *encState, v reflect.Value) (byte, error) {
			e.buf = appendDouble(e.buf, v.Float())
			return TypeDouble, nil
		}
	case reflect.String:
		return func(e *encState, v reflect.Value) (byte, error) {
			if err := e.checkUTF8(v.String()); err != nil {
				return 0, err
			}
			e.buf = appendString(e.buf, unsafeBytes(v.String()))
			return TypeString, nil
		}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem()) {
			return func(e *encState, v reflect.Value) (byte, error) {
				if v.IsNil() {
					return TypeNull, nil
				}
				e.buf = appendBinary(e.buf, SubtypeGeneric, v.Bytes())
				return TypeBinary, nil
			}
		}
		return sliceEncoder(t)
	case reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem()) {
			return encodeByteArray
		}
		return sliceEncoder(t)
	case reflect.Map:
		return mapEncoder(t)
	case reflect.Struct:
		return structEncoder(t)
	case reflect.Pointer:
		elem := t.Elem()
		return func(e *encState, v reflect.Value) (byte, error) {
			if v.IsNil() {
				return TypeNull, nil
			}
			if e.depth++; e.depth > e.o.MaxDepth {
				return 0, &errs.Detail{Msg: "bson: exceeded max depth (a pointer cycle?) marshaling " + t.String(), Sentinel: ErrDepth}
			}
			typ, err := encoderFor(elem)(e, v.Elem())
			e.depth--
			return typ, err
		}
	case reflect.Interface:
		return func(e *encState, v reflect.Value) (byte, error) {
			if v.IsNil() {
				return TypeNull, nil
			}
			return e.value(v.Elem())
		}
	}
	return func(*encState, reflect.Value) (byte, error) { return 0, &UnsupportedTypeError{Type: t} }
}

func (e *encState) checkUTF8(s string) error {
	if !e.o.Has(opts.AllowInvalidUTF8) && !kernels.ValidUTF8(unsafeBytes(s)) {
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

// addrEncoder uses withAddr (a method on the pointer) when v is
// addressable and plain otherwise, as encoding/json does.
func addrEncoder(plain, withAddr encFunc) encFunc {
	return func(e *encState, v reflect.Value) (byte, error) {
		if v.CanAddr() {
			return withAddr(e, v.Addr())
		}
		return plain(e, v)
	}
}

func encodeByteArray(e *encState, v reflect.Value) (byte, error) {
	n := v.Len()
	e.buf = binary.LittleEndian.AppendUint32(e.buf, uint32(n))
	e.buf = append(e.buf, SubtypeGeneric)
	if v.CanAddr() {
		e.buf = append(e.buf, v.Bytes()...)
		return TypeBinary, nil
	}
	for i := range n {
		e.buf = append(e.buf, byte(v.Index(i).Uint()))
	}
	return TypeBinary, nil
}

// open starts a document or array; close ends it.
func (e *encState) open() (int, error) {
	if e.depth++; e.depth > e.o.MaxDepth {
		return 0, &errs.Detail{Msg: "bson: exceeded max depth", Sentinel: ErrDepth}
	}
	start := len(e.buf)
	e.buf = append(e.buf, 0, 0, 0, 0)
	return start, nil
}

func (e *encState) close(start int) {
	e.buf = append(e.buf, 0)
	binary.LittleEndian.PutUint32(e.buf[start:], uint32(len(e.buf)-start))
	e.depth--
}

// elem writes the element of key (a cstring with its NUL) and value v.
func (e *encState) elem(key []byte, enc encFunc, v reflect.Value) error {
	at := len(e.buf)
	e.buf = append(e.buf, 0)
	e.buf = append(e.buf, key...)
	typ, err := enc(e, v)
	e.buf[at] = typ
	return err
}

func sliceEncoder(t reflect.Type) encFunc {
	elem := encoderFor(t.Elem())
	isSlice := t.Kind() == reflect.Slice
	return func(e *encState, v reflect.Value) (byte, error) {
		if isSlice && v.IsNil() {
			return TypeNull, nil
		}
		start, err := e.open()
		if err != nil {
			return 0, err
		}
		var key [24]byte
		for i := range v.Len() {
			k := append(strconv.AppendInt(key[:0], int64(i), 10), 0)
			if err := e.elem(k, elem, v.Index(i)); err != nil {
				return 0, err
			}
		}
		e.close(start)
		return TypeArray, nil
	}
}

// mapKey returns the key text of map key k, or an error.
type keyFunc func(k reflect.Value) (string, error)

func keyEncoder(t reflect.Type) keyFunc {
	switch {
	case t.Kind() == reflect.String && !reflect.PointerTo(t).Implements(textMarshalerType) && !t.Implements(textMarshalerType):
		return func(k reflect.Value) (string, error) { return k.String(), nil }
	case t.Implements(textMarshalerType):
		return func(k reflect.Value) (string, error) {
			if k.Kind() == reflect.Pointer && k.IsNil() {
				return "", nil
			}
			b, err := k.Interface().(encoding.TextMarshaler).MarshalText()
			if err != nil {
				return "", &MarshalerError{Type: t, Err: err}
			}
			return string(b), nil
		}
	}
	switch t.Kind() {
	case reflect.String:
		return func(k reflect.Value) (string, error) { return k.String(), nil }
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(k reflect.Value) (string, error) { return strconv.FormatInt(k.Int(), 10), nil }
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(k reflect.Value) (string, error) { return strconv.FormatUint(k.Uint(), 10), nil }
	}
	return nil
}

func mapEncoder(t reflect.Type) encFunc {
	keyOf := keyEncoder(t.Key())
	if keyOf == nil {
		return func(*encState, reflect.Value) (byte, error) {
			return 0, &UnsupportedTypeError{Type: t, Msg: "map keys must be strings, integers or TextMarshalers"}
		}
	}
	val := encoderFor(t.Elem())
	return func(e *encState, v reflect.Value) (byte, error) {
		if v.IsNil() {
			return TypeNull, nil
		}
		start, err := e.open()
		if err != nil {
			return 0, err
		}
		type kv struct {
			k string
			v reflect.Value
		}
		var ents []kv
		if e.o.Has(opts.Deterministic) {
			ents = make([]kv, 0, v.Len())
		}
		it := v.MapRange()
		for it.Next() {
			k, err := keyOf(it.Key())
			if err != nil {
				return 0, err
			}
			if ents != nil {
				ents = append(ents, kv{k, it.Value()})
				continue
			}
			if e.kbuf, err = e.key(e.kbuf[:0], k); err != nil {
				return 0, err
			}
			if err := e.elem(e.kbuf, val, it.Value()); err != nil {
				return 0, err
			}
		}
		if ents != nil {
			slices.SortFunc(ents, func(a, b kv) int { return strings.Compare(a.k, b.k) })
			for _, en := range ents {
				if e.kbuf, err = e.key(e.kbuf[:0], en.k); err != nil {
					return 0, err
				}
				if err := e.elem(e.kbuf, val, en.v); err != nil {
					return 0, err
				}
			}
		}
		e.close(start)
		return TypeDocument, nil
	}
}

// key appends key and its NUL, failing for a key with a NUL byte or
// (unless AllowInvalidUTF8) invalid UTF-8.
func (e *encState) key(dst []byte, key string) ([]byte, error) {
	if err := e.checkUTF8(key); err != nil {
		return dst, err
	}
	if strings.IndexByte(key, 0) >= 0 {
		return dst, unsupported("a document key with a NUL byte " + strconv.Quote(key))
	}
	dst = append(dst, key...)
	return append(dst, 0), nil
}

func structEncoder(t reflect.Type) encFunc {
	s := structFields(t)
	encs := make([]encFunc, len(s.fields))
	var built sync.Once
	return func(e *encState, v reflect.Value) (byte, error) {
		built.Do(func() {
			for i, f := range s.fields {
				encs[i] = encoderFor(f.typ)
			}
		})
		start, err := e.open()
		if err != nil {
			return 0, err
		}
		for i := range s.fields {
			f := &s.fields[i]
			fv, ok := fieldByIndex(v, f.index)
			if !ok || f.omitEmpty && isEmpty(fv) || f.omitZero && f.isZero(fv) {
				continue
			}
			if f.badName {
				return 0, unsupported("a field name with a NUL byte " + strconv.Quote(f.name))
			}
			if err := e.elem(f.key, encs[i], fv); err != nil {
				return 0, err
			}
		}
		e.close(start)
		return TypeDocument, nil
	}
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

func encodeD(e *encState, v reflect.Value) (byte, error) {
	if v.IsNil() {
		return TypeNull, nil
	}
	d := v.Interface().(D)
	start, err := e.open()
	if err != nil {
		return 0, err
	}
	for _, el := range d {
		if e.kbuf, err = e.key(e.kbuf[:0], el.Key); err != nil {
			return 0, err
		}
		at := len(e.buf)
		e.buf = append(e.buf, 0)
		e.buf = append(e.buf, e.kbuf...)
		typ, err := e.value(reflect.ValueOf(el.Value))
		if err != nil {
			return 0, err
		}
		e.buf[at] = typ
	}
	e.close(start)
	return TypeDocument, nil
}

func encodeRaw(e *encState, v reflect.Value) (byte, error) {
	if v.IsNil() {
		return TypeNull, nil
	}
	b := v.Bytes()
	if err := Validate(b, MaxDepth(max(e.o.MaxDepth-e.depth, 1)), AllowInvalidUTF8(e.o.Has(opts.AllowInvalidUTF8))); err != nil {
		return 0, &MarshalerError{Type: rawType, Err: err}
	}
	e.buf = append(e.buf, b...)
	return TypeDocument, nil
}

func encodeMarshaler(e *encState, v reflect.Value) (byte, error) {
	if v.Kind() == reflect.Pointer && v.IsNil() || v.Kind() == reflect.Interface && v.IsNil() {
		return TypeNull, nil
	}
	b, err := v.Interface().(Marshaler).MarshalBSON()
	if err != nil {
		return 0, &MarshalerError{Type: v.Type(), Err: err}
	}
	if err := Validate(b, MaxDepth(max(e.o.MaxDepth-e.depth, 1)), AllowInvalidUTF8(e.o.Has(opts.AllowInvalidUTF8))); err != nil {
		return 0, &MarshalerError{Type: v.Type(), Err: err}
	}
	e.buf = append(e.buf, b...)
	return TypeDocument, nil
}

func encodeText(e *encState, v reflect.Value) (byte, error) {
	if v.Kind() == reflect.Pointer && v.IsNil() {
		return TypeNull, nil
	}
	b, err := v.Interface().(encoding.TextMarshaler).MarshalText()
	if err != nil {
		return 0, &MarshalerError{Type: v.Type(), Err: err}
	}
	if !e.o.Has(opts.AllowInvalidUTF8) && !kernels.ValidUTF8(b) {
		return 0, &MarshalerError{Type: v.Type(), Err: ErrInvalidUTF8}
	}
	e.buf = appendString(e.buf, b)
	return TypeString, nil
}

func encodeRegex(e *encState, v reflect.Value) (byte, error) {
	r := v.Interface().(Regex)
	if strings.IndexByte(r.Pattern, 0) >= 0 || strings.IndexByte(r.Options, 0) >= 0 {
		return 0, unsupported("a regular expression with a NUL byte")
	}
	if err := e.checkUTF8(r.Pattern); err != nil {
		return 0, err
	}
	o := []byte(r.Options)
	slices.Sort(o)
	if !sortedOptions(o) {
		return 0, unsupported("regular expression options " + strconv.Quote(r.Options) + " repeat a letter")
	}
	if err := e.checkUTF8(string(o)); err != nil {
		return 0, err
	}
	e.buf = append(e.buf, r.Pattern...)
	e.buf = append(e.buf, 0)
	e.buf = append(e.buf, o...)
	e.buf = append(e.buf, 0)
	return TypeRegex, nil
}

func encodeCodeWithScope(e *encState, v reflect.Value) (byte, error) {
	c := v.Interface().(CodeWithScope)
	if err := e.checkUTF8(c.Code); err != nil {
		return 0, err
	}
	start := len(e.buf)
	e.buf = append(e.buf, 0, 0, 0, 0)
	e.buf = appendString(e.buf, unsafeBytes(c.Code))
	if c.Scope == nil {
		e.buf = append(e.buf, 5, 0, 0, 0, 0)
	} else {
		sv := reflect.ValueOf(c.Scope)
		typ, err := e.value(sv)
		if err != nil {
			return 0, err
		}
		if typ != TypeDocument {
			return 0, &UnsupportedTypeError{Type: sv.Type(), Msg: "a code with scope's scope must be a document, not " + typeName(typ)}
		}
	}
	binary.LittleEndian.PutUint32(e.buf[start:], uint32(len(e.buf)-start))
	return TypeCodeWithScope, nil
}

func encodeBigInt(e *encState, v reflect.Value) (byte, error) {
	var n *big.Int
	if v.CanAddr() {
		n = v.Addr().Interface().(*big.Int)
	} else {
		c := v.Interface().(big.Int)
		n = &c
	}
	if n.IsInt64() {
		var typ byte
		e.buf, typ = appendInt(e.buf, n.Int64())
		return typ, nil
	}
	var typ byte
	var err error
	text := n.Append(nil, 10)
	e.buf, typ, err = appendInexact(e.buf, text, e.o.Flags, true)
	return typ, err
}
