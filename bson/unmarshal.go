package bson

import (
	"encoding"
	"encoding/binary"
	"io"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"sync"
	"time"
	"unsafe"

	"github.com/celerjson/celer/internal/binfmt"
	"github.com/celerjson/celer/internal/opts"
)

// decState is the state of one Unmarshal call over a valid document.
type decState struct {
	data []byte
	o    opts.Struct
	err  error // the first type error; decoding goes on after it
	at   int   // offset of the element being decoded, for errors
}

// decFunc decodes the value of type t at d.data[i] into v.
type decFunc func(d *decState, t byte, i int, v reflect.Value)

var decCache sync.Map // reflect.Type -> decFunc

// Unmarshal decodes the BSON document data into the value v points to: a
// struct, a map with string (or integer, or TextUnmarshaler) keys, a D,
// an empty interface (map[string]any), a Raw, an Unmarshaler. The data is
// first checked entirely (see Validate: a *SyntaxError), so nothing is
// allocated for malformed or hostile input. A value that does not fit its
// Go type is skipped and reported, as encoding/json does, with an
// *UnmarshalTypeError after the rest is decoded. See the package
// documentation for how BSON maps to Go values.
func Unmarshal(data []byte, v any, o ...Options) error {
	if err := Validate(data, o...); err != nil {
		return err
	}
	return unmarshalValid(data, v, opts.Collect(o...))
}

// decPool keeps decoding states between calls.
var decPool = sync.Pool{New: func() any { return new(decState) }}

func unmarshalValid(data []byte, v any, o opts.Struct) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &InvalidUnmarshalError{Type: reflect.TypeOf(v)}
	}
	d := decPool.Get().(*decState)
	*d = decState{data: data, o: o}
	defer func() {
		*d = decState{}
		decPool.Put(d)
	}()
	decoderFor(rv.Type().Elem())(d, TypeDocument, 0, rv.Elem())
	if te, ok := d.err.(*UnmarshalTypeError); ok {
		te.Path = pathAt(data, int(te.Offset))
	}
	return d.err
}

// A Decoder reads BSON documents from an io.Reader, one per Decode call,
// holding one document in memory at a time.
type Decoder struct {
	r *Reader
	o opts.Struct
}

// NewDecoder returns a Decoder reading from r.
func NewDecoder(r io.Reader, o ...Options) *Decoder {
	return &Decoder{r: NewReader(r, o...), o: opts.Collect(o...)}
}

// Decode reads the next document and decodes it into the value v points
// to. At the end of input it returns io.EOF.
func (dec *Decoder) Decode(v any) error {
	doc, err := dec.r.ReadDocument()
	if err != nil {
		return err
	}
	return unmarshalValid(doc, v, dec.o)
}

// pathAt returns the path of the element whose type byte is at offset
// off of a valid document (the empty path for the document itself).
func pathAt(data []byte, off int) string {
	r := NewReaderBytes(data, AllowInvalidUTF8(true))
	for {
		at, elem := r.pos, len(r.stack) > 0 && r.pend == 0
		if _, err := r.ReadToken(); err != nil || at > off {
			return ""
		}
		if at == off && elem {
			return r.path()
		}
	}
}

// typeErr records a type error for a value of type t at i.
func (d *decState) typeErr(t byte, i int, typ reflect.Type) {
	d.typeErrMsg(typeName(t), typ)
}

func (d *decState) typeErrMsg(what string, typ reflect.Type) {
	if d.err == nil {
		d.err = &UnmarshalTypeError{Value: what, Type: typ, Offset: int64(d.at)}
	}
}

// valueEnd returns the end of the value of type t at i (valid data).
func (d *decState) valueEnd(t byte, i int) int {
	b := d.data
	switch t {
	case TypeDouble, TypeDateTime, TypeTimestamp, TypeInt64:
		return i + 8
	case TypeString, TypeJavaScript, TypeSymbol:
		return i + 4 + int(binary.LittleEndian.Uint32(b[i:]))
	case TypeDocument, TypeArray, TypeCodeWithScope:
		return i + int(binary.LittleEndian.Uint32(b[i:]))
	case TypeBinary:
		return i + 5 + int(binary.LittleEndian.Uint32(b[i:]))
	case TypeObjectID:
		return i + 12
	case TypeBoolean:
		return i + 1
	case TypeRegex:
		for b[i] != 0 {
			i++
		}
		for i++; b[i] != 0; i++ {
		}
		return i + 1
	case TypeDBPointer:
		return i + 4 + int(binary.LittleEndian.Uint32(b[i:])) + 12
	case TypeInt32:
		return i + 4
	case TypeDecimal128:
		return i + 16
	}
	return i // undefined, null, min key, max key
}

// each calls f for every element of the document or array at i, with its
// type, key and value offset; d.at is the element's offset.
func (d *decState) each(i int, f func(t byte, key []byte, vi int)) {
	b := d.data
	j := i + 4
	for b[j] != 0 {
		t := b[j]
		k := j + 1
		for b[k] != 0 {
			k++
		}
		key := b[j+1 : k]
		d.at = j
		f(t, key, k+1)
		j = d.valueEnd(t, k+1)
	}
}

// count returns the number of elements of the document or array at i.
func (d *decState) count(i int) int {
	n := 0
	b := d.data
	j := i + 4
	for b[j] != 0 {
		t := b[j]
		k := j + 1
		for b[k] != 0 {
			k++
		}
		j = d.valueEnd(t, k+1)
		n++
	}
	return n
}

func (d *decState) str(i int) []byte {
	n := int(binary.LittleEndian.Uint32(d.data[i:]))
	return d.data[i+4 : i+4+n-1]
}

// binData returns the subtype and data of binary at i (for subtype 2,
// after the inner length).
func (d *decState) binData(i int) (byte, []byte) {
	n := int(binary.LittleEndian.Uint32(d.data[i:]))
	sub := d.data[i+4]
	b := d.data[i+5 : i+5+n]
	if sub == SubtypeBinaryOld {
		b = b[4:]
	}
	return sub, b
}

func isNull(t byte) bool { return t == TypeNull || t == TypeUndefined }

// decoderFor returns the decoder of type t, built once.
func decoderFor(t reflect.Type) decFunc {
	if f, ok := decCache.Load(t); ok {
		return f.(decFunc)
	}
	var real decFunc
	var wg sync.WaitGroup
	wg.Add(1)
	f, loaded := decCache.LoadOrStore(t, decFunc(func(d *decState, ty byte, i int, v reflect.Value) {
		wg.Wait()
		real(d, ty, i, v)
	}))
	if loaded {
		return f.(decFunc)
	}
	real = newDecoder(t)
	wg.Done()
	decCache.Store(t, real)
	return real
}

// one returns a decoder for a Go type that takes exactly one element type
// (or null, which leaves it alone).
func one(want byte, set func(d *decState, i int, v reflect.Value)) decFunc {
	return func(d *decState, t byte, i int, v reflect.Value) {
		switch {
		case t == want:
			set(d, i, v)
		case !isNull(t):
			d.typeErr(t, i, v.Type())
		}
	}
}

func specialDecoder(t reflect.Type) decFunc {
	switch t {
	case timeType:
		return one(TypeDateTime, func(d *decState, i int, v reflect.Value) {
			v.Set(reflect.ValueOf(time.UnixMilli(int64(binary.LittleEndian.Uint64(d.data[i:]))).UTC()))
		})
	case objectIDType:
		return one(TypeObjectID, func(d *decState, i int, v reflect.Value) {
			reflect.Copy(v, reflect.ValueOf(d.data[i:i+12]))
		})
	case decimalType:
		return one(TypeDecimal128, func(d *decState, i int, v reflect.Value) {
			v.Set(reflect.ValueOf(decimalFromBytes(d.data[i:])))
		})
	case dateTimeType:
		return one(TypeDateTime, func(d *decState, i int, v reflect.Value) {
			v.SetInt(int64(binary.LittleEndian.Uint64(d.data[i:])))
		})
	case timestampType:
		return one(TypeTimestamp, func(d *decState, i int, v reflect.Value) {
			v.Set(reflect.ValueOf(Timestamp{I: binary.LittleEndian.Uint32(d.data[i:]), T: binary.LittleEndian.Uint32(d.data[i+4:])}))
		})
	case regexType:
		return one(TypeRegex, func(d *decState, i int, v reflect.Value) {
			v.Set(reflect.ValueOf(d.regex(i)))
		})
	case binaryType:
		return one(TypeBinary, func(d *decState, i int, v reflect.Value) {
			sub, b := d.binData(i)
			v.Set(reflect.ValueOf(Binary{Subtype: sub, Data: append([]byte(nil), b...)}))
		})
	case jsType, symbolType:
		want := TypeJavaScript
		if t == symbolType {
			want = TypeSymbol
		}
		return func(d *decState, ty byte, i int, v reflect.Value) {
			switch {
			case ty == want || ty == TypeString:
				v.SetString(string(d.str(i)))
			case !isNull(ty):
				d.typeErr(ty, i, v.Type())
			}
		}
	case codeScopeType:
		return func(d *decState, ty byte, i int, v reflect.Value) {
			switch ty {
			case TypeCodeWithScope, TypeJavaScript:
				v.Set(reflect.ValueOf(d.codeWithScope(ty, i)))
			default:
				if !isNull(ty) {
					d.typeErr(ty, i, v.Type())
				}
			}
		}
	case dbPointerType:
		return one(TypeDBPointer, func(d *decState, i int, v reflect.Value) {
			v.Set(reflect.ValueOf(d.dbPointer(i)))
		})
	case minKeyType:
		return one(TypeMinKey, func(*decState, int, reflect.Value) {})
	case maxKeyType:
		return one(TypeMaxKey, func(*decState, int, reflect.Value) {})
	case undefinedType:
		return func(d *decState, ty byte, i int, v reflect.Value) {
			if ty != TypeUndefined && ty != TypeNull {
				d.typeErr(ty, i, v.Type())
			}
		}
	case dType:
		return func(d *decState, ty byte, i int, v reflect.Value) {
			switch ty {
			case TypeDocument:
				v.Set(reflect.ValueOf(d.docD(i)))
			case TypeNull, TypeUndefined:
				v.SetZero()
			default:
				d.typeErr(ty, i, v.Type())
			}
		}
	case rawType:
		return func(d *decState, ty byte, i int, v reflect.Value) {
			switch ty {
			case TypeDocument:
				v.SetBytes(append([]byte(nil), d.data[i:d.valueEnd(ty, i)]...))
			case TypeNull, TypeUndefined:
				v.SetZero()
			default:
				d.typeErr(ty, i, v.Type())
			}
		}
	case bigIntType:
		return func(d *decState, ty byte, i int, v reflect.Value) {
			switch ty {
			case TypeInt32, TypeInt64:
				v.Set(reflect.ValueOf(*big.NewInt(d.int(ty, i))))
			default:
				if !isNull(ty) {
					d.typeErr(ty, i, v.Type())
				}
			}
		}
	case numberType:
		return func(d *decState, ty byte, i int, v reflect.Value) {
			switch ty {
			case TypeInt32, TypeInt64:
				v.SetString(strconv.FormatInt(d.int(ty, i), 10))
			case TypeDouble:
				f := math.Float64frombits(binary.LittleEndian.Uint64(d.data[i:]))
				if math.IsNaN(f) || math.IsInf(f, 0) {
					d.typeErr(ty, i, v.Type())
					return
				}
				v.SetString(strconv.FormatFloat(f, 'g', -1, 64))
			case TypeDecimal128:
				dec := decimalFromBytes(d.data[i:])
				if dec.IsNaN() || dec.IsInf(0) {
					d.typeErr(ty, i, v.Type())
					return
				}
				v.SetString(dec.String())
			default:
				if !isNull(ty) {
					d.typeErr(ty, i, v.Type())
				}
			}
		}
	}
	return nil
}

func newDecoder(t reflect.Type) decFunc {
	if f := specialDecoder(t); f != nil {
		return f
	}
	switch {
	case t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(unmarshalerType):
		return func(d *decState, ty byte, i int, v reflect.Value) {
			switch {
			case ty == TypeDocument:
				if err := v.Addr().Interface().(Unmarshaler).UnmarshalBSON(d.data[i:d.valueEnd(ty, i)]); err != nil && d.err == nil {
					d.err = err
				}
			case !isNull(ty):
				d.typeErr(ty, i, v.Type())
			}
		}
	case t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(textUnmarshalType):
		return func(d *decState, ty byte, i int, v reflect.Value) {
			switch {
			case ty == TypeString:
				if err := v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText(d.str(i)); err != nil && d.err == nil {
					d.err = err
				}
			case !isNull(ty):
				d.typeErr(ty, i, v.Type())
			}
		}
	}
	switch t.Kind() {
	case reflect.Bool:
		return one(TypeBoolean, func(d *decState, i int, v reflect.Value) { v.SetBool(d.data[i] == 1) })
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return decodeInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return decodeUint
	case reflect.Float32, reflect.Float64:
		return decodeFloat
	case reflect.String:
		return func(d *decState, ty byte, i int, v reflect.Value) {
			switch {
			case ty == TypeString || ty == TypeSymbol || ty == TypeJavaScript:
				v.SetString(string(d.str(i)))
			case !isNull(ty):
				d.typeErr(ty, i, v.Type())
			}
		}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem()) {
			return byteSliceDecoder(t)
		}
		return sliceDecoder(t)
	case reflect.Array:
		return arrayDecoder(t)
	case reflect.Map:
		return mapDecoder(t)
	case reflect.Struct:
		return structDecoder(t)
	case reflect.Pointer:
		elem := decoderFor(t.Elem())
		return func(d *decState, ty byte, i int, v reflect.Value) {
			if isNull(ty) {
				v.SetZero()
				return
			}
			if v.IsNil() {
				v.Set(reflect.New(t.Elem()))
			}
			elem(d, ty, i, v.Elem())
		}
	case reflect.Interface:
		return decodeInterface
	}
	return func(d *decState, ty byte, i int, v reflect.Value) {
		if !isNull(ty) {
			d.typeErr(ty, i, v.Type())
		}
	}
}

// int returns the value of an int32 or int64 at i.
func (d *decState) int(t byte, i int) int64 {
	if t == TypeInt32 {
		return int64(int32(binary.LittleEndian.Uint32(d.data[i:])))
	}
	return int64(binary.LittleEndian.Uint64(d.data[i:]))
}

// integer returns the value at i as an integer: int32, int64, or a
// double with an integral value in the int64 range.
func (d *decState) integer(t byte, i int) (int64, bool) {
	switch t {
	case TypeInt32, TypeInt64:
		return d.int(t, i), true
	case TypeDouble:
		f := math.Float64frombits(binary.LittleEndian.Uint64(d.data[i:]))
		if f == math.Trunc(f) && f >= -(1<<63) && f < 1<<63 {
			return int64(f), true
		}
	}
	return 0, false
}

func decodeInt(d *decState, t byte, i int, v reflect.Value) {
	if isNull(t) {
		return
	}
	x, ok := d.integer(t, i)
	switch {
	case !ok && (t == TypeDouble):
		d.typeErrMsg("double "+strconv.FormatFloat(math.Float64frombits(binary.LittleEndian.Uint64(d.data[i:])), 'g', -1, 64), v.Type())
	case !ok:
		d.typeErr(t, i, v.Type())
	case v.OverflowInt(x):
		d.typeErrMsg(typeName(t)+" "+strconv.FormatInt(x, 10), v.Type())
	default:
		v.SetInt(x)
	}
}

func decodeUint(d *decState, t byte, i int, v reflect.Value) {
	if isNull(t) {
		return
	}
	x, ok := d.integer(t, i)
	switch {
	case !ok && (t == TypeDouble):
		d.typeErrMsg("double "+strconv.FormatFloat(math.Float64frombits(binary.LittleEndian.Uint64(d.data[i:])), 'g', -1, 64), v.Type())
	case !ok:
		d.typeErr(t, i, v.Type())
	case x < 0 || v.OverflowUint(uint64(x)):
		d.typeErrMsg(typeName(t)+" "+strconv.FormatInt(x, 10), v.Type())
	default:
		v.SetUint(uint64(x))
	}
}

func decodeFloat(d *decState, t byte, i int, v reflect.Value) {
	var f float64
	switch t {
	case TypeDouble:
		f = math.Float64frombits(binary.LittleEndian.Uint64(d.data[i:]))
	case TypeInt32, TypeInt64:
		f = float64(d.int(t, i))
	default:
		if !isNull(t) {
			d.typeErr(t, i, v.Type())
		}
		return
	}
	if v.Kind() == reflect.Float32 && !math.IsInf(f, 0) && v.OverflowFloat(f) {
		d.typeErrMsg(typeName(t)+" "+strconv.FormatFloat(f, 'g', -1, 64), v.Type())
		return
	}
	v.SetFloat(f)
}

func byteSliceDecoder(t reflect.Type) decFunc {
	generic := sliceDecoder(t)
	return func(d *decState, ty byte, i int, v reflect.Value) {
		switch ty {
		case TypeBinary:
			_, b := d.binData(i)
			v.SetBytes(append(make([]byte, 0, len(b)), b...))
		case TypeArray:
			generic(d, ty, i, v)
		case TypeNull, TypeUndefined:
			v.SetZero()
		default:
			d.typeErr(ty, i, v.Type())
		}
	}
}

func sliceDecoder(t reflect.Type) decFunc {
	elem := decoderFor(t.Elem())
	return func(d *decState, ty byte, i int, v reflect.Value) {
		switch ty {
		case TypeArray:
		case TypeNull, TypeUndefined:
			v.SetZero()
			return
		default:
			d.typeErr(ty, i, t)
			return
		}
		n := d.count(i)
		s := reflect.MakeSlice(t, n, n)
		k := 0
		d.each(i, func(et byte, _ []byte, vi int) {
			elem(d, et, vi, s.Index(k))
			k++
		})
		v.Set(s)
	}
}

func arrayDecoder(t reflect.Type) decFunc {
	elem := decoderFor(t.Elem())
	bytesArray := t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem())
	return func(d *decState, ty byte, i int, v reflect.Value) {
		switch {
		case bytesArray && ty == TypeBinary:
			_, b := d.binData(i)
			k := reflect.Copy(v, reflect.ValueOf(b))
			for ; k < v.Len(); k++ {
				v.Index(k).SetZero()
			}
			return
		case ty == TypeArray:
		case isNull(ty):
			return
		default:
			d.typeErr(ty, i, t)
			return
		}
		k := 0
		d.each(i, func(et byte, _ []byte, vi int) {
			if k < v.Len() {
				elem(d, et, vi, v.Index(k))
			}
			k++
		})
		for ; k < v.Len(); k++ {
			v.Index(k).SetZero()
		}
	}
}

func mapDecoder(t reflect.Type) decFunc {
	kt, et := t.Key(), t.Elem()
	elemDec := decoderFor(et)
	textKey := reflect.PointerTo(kt).Implements(textUnmarshalType)
	return func(d *decState, ty byte, i int, v reflect.Value) {
		switch ty {
		case TypeDocument:
		case TypeNull, TypeUndefined:
			v.SetZero()
			return
		default:
			d.typeErr(ty, i, t)
			return
		}
		if v.IsNil() {
			v.Set(reflect.MakeMapWithSize(t, min(d.count(i), 1024)))
		}
		key := reflect.New(kt).Elem()
		elem := reflect.New(et).Elem()
		d.each(i, func(vt byte, k []byte, vi int) {
			key.SetZero()
			switch {
			case textKey:
				if err := key.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText(k); err != nil {
					if d.err == nil {
						d.err = err
					}
					return
				}
			case kt.Kind() == reflect.String:
				key.SetString(string(k))
			case key.CanInt():
				n, err := strconv.ParseInt(string(k), 10, 64)
				if err != nil || key.OverflowInt(n) {
					d.typeErrMsg("key "+strconv.Quote(string(k)), kt)
					return
				}
				key.SetInt(n)
			case key.CanUint():
				n, err := strconv.ParseUint(string(k), 10, 64)
				if err != nil || key.OverflowUint(n) {
					d.typeErrMsg("key "+strconv.Quote(string(k)), kt)
					return
				}
				key.SetUint(n)
			default:
				d.typeErrMsg("key "+strconv.Quote(string(k)), kt)
				return
			}
			elem.SetZero()
			elemDec(d, vt, vi, elem)
			v.SetMapIndex(key, elem)
		})
	}
}

func structDecoder(t reflect.Type) decFunc {
	s := structs.For(t)
	decs := make([]decFunc, len(s.Fields))
	kinds := make([]reflect.Kind, len(s.Fields)) // fields decoded by scalarInto
	var built sync.Once
	return func(d *decState, ty byte, i int, v reflect.Value) {
		built.Do(func() {
			for k, f := range s.Fields {
				decs[k] = decoderFor(f.Type)
				kinds[k] = f.ScalarKind(ownDecoding(f.Type))
			}
		})
		switch ty {
		case TypeDocument:
		case TypeNull, TypeUndefined:
			return
		default:
			d.typeErr(ty, i, t)
			return
		}
		var base unsafe.Pointer
		if v.CanAddr() {
			base = binfmt.Addr(v)
		}
		next := 0 // the field expected next
		d.each(i, func(vt byte, name []byte, vi int) {
			fi := s.LookupNext(name, d.o.Has(opts.MatchCaseSensitive), &next)
			if fi < 0 {
				if d.o.Has(opts.RejectUnknownMembers) {
					d.typeErrMsg("unknown field "+strconv.Quote(string(name)), t)
				}
				return
			}
			f := &s.Fields[fi]
			if base != nil && kinds[fi] != 0 && d.scalarInto(kinds[fi], vt, vi, unsafe.Add(base, f.Offset)) {
				return
			}
			fv, ok := binfmt.FieldByIndexAlloc(v, f.Index)
			if !ok {
				d.typeErrMsg("value for a field behind a nil pointer to an unexported struct", f.Type)
				return
			}
			decs[fi](d, vt, vi, fv)
		})
	}
}

// ownDecoding reports whether type t has a decoding other than by its
// kind (newDecoder's special types and methods).
func ownDecoding(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return specialDecoder(t) != nil || p.Implements(unmarshalerType) || p.Implements(textUnmarshalType)
}

// scalarInto decodes the value of element type ty at i into the boolean,
// integer, float or string of kind k at p when it is of the element type
// that kind takes (int32, int64, double, string, boolean) and fits, and
// reports false otherwise, leaving the value to the decoder of the
// field's type, which has the same result for what scalarInto takes and
// reports the rest.
func (d *decState) scalarInto(k reflect.Kind, ty byte, i int, p unsafe.Pointer) bool {
	switch k {
	case reflect.String:
		if ty != TypeString {
			return false
		}
		*(*string)(p) = string(d.str(i))
		return true
	case reflect.Bool:
		if ty != TypeBoolean {
			return false
		}
		*(*bool)(p) = d.data[i] == 1
		return true
	case reflect.Float32, reflect.Float64:
		if ty != TypeDouble {
			return false
		}
		return binfmt.StoreFloat(k, p, math.Float64frombits(binary.LittleEndian.Uint64(d.data[i:])))
	}
	if ty != TypeInt32 && ty != TypeInt64 {
		return false
	}
	x := d.int(ty, i)
	switch k {
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return x >= 0 && binfmt.StoreUint(k, p, uint64(x))
	}
	return binfmt.StoreInt(k, p, x)
}

func decodeInterface(d *decState, t byte, i int, v reflect.Value) {
	if v.NumMethod() == 0 {
		if !v.IsNil() && v.Elem().Kind() == reflect.Pointer && !v.Elem().IsNil() && !isNull(t) {
			decoderFor(v.Elem().Type())(d, t, i, v.Elem())
			return
		}
		x := d.any(t, i, false)
		if x == nil {
			v.SetZero()
		} else {
			v.Set(reflect.ValueOf(x))
		}
		return
	}
	switch {
	case isNull(t):
		v.SetZero()
	case !v.IsNil() && v.Elem().Kind() == reflect.Pointer && !v.Elem().IsNil():
		decoderFor(v.Elem().Type())(d, t, i, v.Elem())
	default:
		d.typeErr(t, i, v.Type())
	}
}

func (d *decState) regex(i int) Regex {
	k := i
	for d.data[k] != 0 {
		k++
	}
	j := k + 1
	for d.data[j] != 0 {
		j++
	}
	return Regex{Pattern: string(d.data[i:k]), Options: string(d.data[k+1 : j])}
}

func (d *decState) dbPointer(i int) DBPointer {
	var p DBPointer
	p.Namespace = string(d.str(i))
	end := d.valueEnd(TypeDBPointer, i)
	copy(p.ID[:], d.data[end-12:end])
	return p
}

// codeWithScope decodes code with scope (the scope as D), or code.
func (d *decState) codeWithScope(t byte, i int) CodeWithScope {
	if t == TypeJavaScript {
		return CodeWithScope{Code: string(d.str(i))}
	}
	code := string(d.str(i + 4))
	n := int(binary.LittleEndian.Uint32(d.data[i+4:]))
	at := d.at
	scope := d.docD(i + 8 + n)
	d.at = at
	if scope == nil {
		scope = D{}
	}
	return CodeWithScope{Code: code, Scope: scope}
}
