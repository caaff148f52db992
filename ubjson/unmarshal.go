package ubjson

import (
	"encoding"
	"encoding/binary"
	"encoding/json"
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

// decState is the state of one Unmarshal call over a valid value.
type decState struct {
	data []byte
	o    opts.Struct
	err  error // the first type error; decoding goes on after it
}

// decFunc decodes the value of marker m whose payload starts at
// d.data[i] into v and returns its end. (The marker is at i-1, or absent
// in a strongly typed container.)
type decFunc func(d *decState, m byte, i int, v reflect.Value) int

var decCache sync.Map // reflect.Type -> decFunc

// maxFreeAlloc bounds what Unmarshal allocates for the values of a
// strongly typed array of null, true or false, which take no input.
const maxFreeAlloc = 16 << 20

// Unmarshal decodes the single UBJSON value data into the value v points
// to. The data is first checked entirely (validity, UTF-8, MaxDepth,
// MaxBytes, MaxTokenBytes, MaxElements, MaxMarkerOnly: a *SyntaxError),
// so nothing is allocated for malformed or hostile input. A value that
// does not fit its Go type is skipped and reported, as encoding/json does,
// with an *UnmarshalTypeError after the rest is decoded. See the package
// documentation for how UBJSON maps to Go values.
func Unmarshal(data []byte, v any, o ...Options) error {
	s := opts.Collect(o...)
	if s.Has(opts.RejectDuplicateNames) || !validFast(data, &s) { // Validate, options collected once
		if err := validateTokens(data, o...); err != nil {
			return err
		}
	}
	return unmarshalValid(data, v, s)
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
	m, i := d.next(0)
	decoderFor(rv.Type().Elem())(d, m, i, rv.Elem())
	if te, ok := d.err.(*UnmarshalTypeError); ok {
		te.Path = pathAt(data, int(te.Offset))
	}
	return d.err
}

// A Decoder reads UBJSON values from an io.Reader, one per Decode call,
// holding one value in memory at a time.
type Decoder struct {
	r *Reader
	o opts.Struct
}

// NewDecoder returns a Decoder reading from r.
func NewDecoder(r io.Reader, o ...Options) *Decoder {
	return &Decoder{r: NewReader(r, o...), o: opts.Collect(o...)}
}

// Decode reads the next value and decodes it into the value v points to.
// At the end of input it returns io.EOF.
func (dec *Decoder) Decode(v any) error {
	item, err := dec.r.ReadValue()
	if err != nil {
		return err
	}
	return unmarshalValid(item, v, dec.o)
}

// pathAt returns the path of the value at offset off of valid data.
func pathAt(data []byte, off int) string {
	r := NewReaderBytes(data, AllowInvalidUTF8(true))
	for {
		at := r.pos
		_, err := r.ReadToken()
		if err != nil || at > off {
			return ""
		}
		if off >= at && off < r.pos {
			return r.path()
		}
	}
}

// at returns the offset of the value of marker m with payload at i, for
// errors: its marker's, unless it is in a strongly typed container.
func (d *decState) at(m byte, i int) int {
	if i > 0 && d.data[i-1] == m {
		return i - 1
	}
	return i
}

// typeErr records a type error for the value and returns its end.
func (d *decState) typeErr(m byte, i int, t reflect.Type, what string) int {
	if d.err == nil {
		if what == "" {
			what = describe(m)
		}
		d.err = &UnmarshalTypeError{Value: what, Type: t, Offset: int64(d.at(m, i))}
	}
	return d.skip(m, i)
}

func (d *decState) rangeErr(m byte, i, end int, t reflect.Type, num string) int {
	if d.err == nil {
		d.err = &UnmarshalTypeError{Value: "number " + num, Type: t, Offset: int64(d.at(m, i))}
	}
	return end
}

// describe names the type of marker m for errors.
func describe(m byte) string {
	switch m {
	case mNull:
		return "null"
	case mTrue, mFalse:
		return "bool"
	case mInt8:
		return "int8"
	case mUint8:
		return "uint8"
	case mInt16:
		return "int16"
	case mInt32:
		return "int32"
	case mInt64:
		return "int64"
	case mFloat32:
		return "float32"
	case mFloat64:
		return "float64"
	case mHigh:
		return "high-precision number"
	case mChar:
		return "char"
	case mString:
		return "string"
	case mArray:
		return "array"
	}
	return "object"
}

// next returns the marker and payload offset of the value at j, no-ops
// skipped.
func (d *decState) next(j int) (byte, int) {
	for d.data[j] == mNoop {
		j++
	}
	return d.data[j], j + 1
}

// length reads an integer with its marker at i.
func (d *decState) length(i int) (int, int) {
	m := d.data[i]
	return int(readInt(m, d.data[i+1:])), i + 1 + int(sizes[m])
}

// header reads the optional parameters of a container whose content
// starts at i: its type (0 if none), its count (-1 if none), and the
// offset of its first value.
func (d *decState) header(i int) (typ byte, count int, j int) {
	count = -1
	if d.data[i] == mType {
		typ = d.data[i+1]
		i += 2
	}
	if d.data[i] == mCount {
		count, i = d.length(i + 1)
	}
	return typ, count, i
}

// text returns the text of a string, char or high-precision number, and
// its end.
func (d *decState) text(m byte, i int) ([]byte, int) {
	if m == mChar {
		return d.data[i : i+1], i + 1
	}
	n, j := d.length(i)
	return d.data[j : j+n], j + n
}

// skip returns the end of the value of marker m whose payload starts at
// i.
func (d *decState) skip(m byte, i int) int {
	switch sz := sizes[m]; sz {
	case szVariable:
		_, end := d.text(m, i)
		return end
	case szContainer:
		if m == mArray {
			return d.elems(i, func(m byte, j int) int { return d.skip(m, j) })
		}
		return d.members(i, func(_ []byte, _ int, m byte, j int) int { return d.skip(m, j) })
	default:
		return i + int(sz)
	}
}

// elems calls f for each value of the array whose content starts at i,
// with its marker and payload offset; f returns the value's end. elems
// returns the array's end.
func (d *decState) elems(i int, f func(m byte, j int) int) int {
	typ, count, j := d.header(i)
	if count >= 0 {
		for range count {
			m, p := typ, j
			if typ == 0 {
				m, p = d.next(j)
			}
			j = f(m, p)
		}
		return j
	}
	for {
		m, p := d.next(j)
		if m == mArrayEnd {
			return p
		}
		j = f(m, p)
	}
}

// members calls f for each pair of the object whose content starts at i,
// with the key, the key's offset, and the value's marker and payload
// offset; f returns the value's end. members returns the object's end.
func (d *decState) members(i int, f func(key []byte, k int, m byte, j int) int) int {
	typ, count, j := d.header(i)
	for n := 0; count < 0 || n < count; n++ {
		for d.data[j] == mNoop {
			j++
		}
		if count < 0 && d.data[j] == mObjectEnd {
			return j + 1
		}
		k := j
		l, p := d.length(j)
		m, v := typ, p+l
		if typ == 0 {
			m, v = d.next(v)
		}
		j = f(d.data[p:p+l], k, m, v)
	}
	return j
}

// decoderFor returns the decoder of type t, built once.
func decoderFor(t reflect.Type) decFunc {
	if f, ok := decCache.Load(t); ok {
		return f.(decFunc)
	}
	var real decFunc
	var wg sync.WaitGroup
	wg.Add(1)
	f, loaded := decCache.LoadOrStore(t, decFunc(func(d *decState, m byte, i int, v reflect.Value) int {
		wg.Wait()
		return real(d, m, i, v)
	}))
	if loaded {
		return f.(decFunc)
	}
	real = newDecoder(t)
	wg.Done()
	decCache.Store(t, real)
	return real
}

func newDecoder(t reflect.Type) decFunc {
	switch {
	case t == timeType:
		return decodeTime
	case t == bigIntType:
		return decodeBigInt
	case t == numberType:
		return decodeNumber
	case t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(unmarshalerType):
		return decodeUnmarshaler
	case t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(textUnmarshalType):
		return decodeText
	}
	switch t.Kind() {
	case reflect.Bool:
		return decodeBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return decodeInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return decodeUint
	case reflect.Float32, reflect.Float64:
		return decodeFloat
	case reflect.String:
		return decodeString
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem()) {
			return decodeByteSlice
		}
		return sliceDecoder(t)
	case reflect.Array:
		return arrayDecoder(t)
	case reflect.Map:
		return mapDecoder(t)
	case reflect.Struct:
		return structDecoder(t)
	case reflect.Pointer:
		return pointerDecoder(t)
	case reflect.Interface:
		return decodeInterface
	}
	return func(d *decState, m byte, i int, v reflect.Value) int {
		if m == mNull {
			return i
		}
		return d.typeErr(m, i, t, "")
	}
}

func decodeBool(d *decState, m byte, i int, v reflect.Value) int {
	switch m {
	case mTrue, mFalse:
		v.SetBool(m == mTrue)
		return i
	case mNull:
		return i
	}
	return d.typeErr(m, i, v.Type(), "")
}

// integer reads the integer value at i: its value when it fits int64, or
// as a uint64 (big true) above; text is the high-precision text, if any.
// ok is false when the value is not an integer.
func (d *decState) integer(m byte, i int) (x int64, u uint64, big bool, text []byte, end int, ok bool) {
	switch m {
	case mInt8, mUint8, mInt16, mInt32, mInt64:
		return readInt(m, d.data[i:]), 0, false, nil, i + int(sizes[m]), true
	case mHigh:
		s, end := d.text(m, i)
		if n, err := strconv.ParseInt(unsafeString(s), 10, 64); err == nil {
			return n, 0, false, s, end, true
		}
		if n, err := strconv.ParseUint(unsafeString(s), 10, 64); err == nil {
			return 0, n, true, s, end, true
		}
		for _, c := range s {
			if c == '.' || c == 'e' || c == 'E' {
				return 0, 0, false, s, end, false
			}
		}
		return 0, 0, true, s, end, true // beyond 64 bits
	}
	return 0, 0, false, nil, i, false
}

func decodeInt(d *decState, m byte, i int, v reflect.Value) int {
	if m == mNull {
		return i
	}
	x, _, big, text, end, ok := d.integer(m, i)
	switch {
	case !ok:
		return d.typeErr(m, i, v.Type(), "")
	case big:
		return d.rangeErr(m, i, end, v.Type(), string(text))
	case v.OverflowInt(x):
		return d.rangeErr(m, i, end, v.Type(), strconv.FormatInt(x, 10))
	}
	v.SetInt(x)
	return end
}

func decodeUint(d *decState, m byte, i int, v reflect.Value) int {
	if m == mNull {
		return i
	}
	x, u, big, text, end, ok := d.integer(m, i)
	switch {
	case !ok:
		return d.typeErr(m, i, v.Type(), "")
	case big && text != nil && u == 0:
		return d.rangeErr(m, i, end, v.Type(), string(text))
	case !big && x < 0:
		return d.rangeErr(m, i, end, v.Type(), strconv.FormatInt(x, 10))
	case !big:
		u = uint64(x)
	}
	if v.OverflowUint(u) {
		return d.rangeErr(m, i, end, v.Type(), strconv.FormatUint(u, 10))
	}
	v.SetUint(u)
	return end
}

// float reads the number at i as a float64 (integers and high-precision
// numbers rounded to the nearest).
func (d *decState) float(m byte, i int) (float64, int, bool) {
	switch m {
	case mFloat32:
		return float64(math.Float32frombits(binary.BigEndian.Uint32(d.data[i:]))), i + 4, true
	case mFloat64:
		return math.Float64frombits(binary.BigEndian.Uint64(d.data[i:])), i + 8, true
	case mHigh:
		s, end := d.text(m, i)
		f, err := strconv.ParseFloat(unsafeString(s), 64)
		return f, end, err == nil
	case mInt8, mUint8, mInt16, mInt32, mInt64:
		return float64(readInt(m, d.data[i:])), i + int(sizes[m]), true
	}
	return 0, i, false
}

func decodeFloat(d *decState, m byte, i int, v reflect.Value) int {
	if m == mNull {
		return i
	}
	f, end, ok := d.float(m, i)
	if !ok {
		if m == mHigh {
			return d.rangeErr(m, i, end, v.Type(), "beyond the float64 range")
		}
		return d.typeErr(m, i, v.Type(), "")
	}
	if v.Kind() == reflect.Float32 && !math.IsInf(f, 0) && v.OverflowFloat(f) {
		return d.rangeErr(m, i, end, v.Type(), strconv.FormatFloat(f, 'g', -1, 64))
	}
	v.SetFloat(f)
	return end
}

func decodeString(d *decState, m byte, i int, v reflect.Value) int {
	switch m {
	case mString, mChar:
		s, end := d.text(m, i)
		v.SetString(string(s))
		return end
	case mNull:
		return i
	}
	return d.typeErr(m, i, v.Type(), "")
}

// decodeByteSlice accepts strongly typed arrays of uint8 (copied in
// bulk), other arrays of integers, and strings.
func decodeByteSlice(d *decState, m byte, i int, v reflect.Value) int {
	switch m {
	case mArray:
		if typ, count, j := d.header(i); typ == mUint8 {
			v.SetBytes(append(make([]byte, 0, count), d.data[j:j+count]...))
			return j + count
		}
		return sliceDecoder(v.Type())(d, m, i, v)
	case mString, mChar:
		s, end := d.text(m, i)
		v.SetBytes(append(make([]byte, 0, len(s)), s...))
		return end
	case mNull:
		v.SetZero()
		return i
	}
	return d.typeErr(m, i, v.Type(), "")
}

func sliceDecoder(t reflect.Type) decFunc {
	elem := decoderFor(t.Elem())
	bulk := bulkDecoder(t.Elem())
	size := max(int(t.Elem().Size()), 1)
	return func(d *decState, m byte, i int, v reflect.Value) int {
		switch m {
		case mNull:
			v.SetZero()
			return i
		case mArray:
		default:
			return d.typeErr(m, i, t, "")
		}
		typ, count, j := d.header(i)
		if count >= 0 && sizes[typ] == 0 && count*size > maxFreeAlloc {
			if d.err == nil {
				d.err = &UnmarshalTypeError{Value: "array of " + strconv.Itoa(count) + " values without payload (beyond the allocation limit)", Type: t, Offset: int64(d.at(m, i))}
			}
			return j
		}
		counted := count >= 0
		if !counted {
			// Count the values first (the array is valid), so that the
			// slice is allocated once: its size is bounded by the input.
			count = 0
			d.elems(i, func(m byte, j int) int {
				count++
				return d.skip(m, j)
			})
		}
		if size > 8 && count > (1<<20)/size {
			// Large elements: grow as they are decoded.
			s := reflect.MakeSlice(t, 0, (1<<20)/size)
			end := d.elems(i, func(m byte, j int) int {
				if s.Len() == s.Cap() {
					ns := reflect.MakeSlice(t, s.Len(), 2*s.Cap())
					reflect.Copy(ns, s)
					s = ns
				}
				s = s.Slice(0, s.Len()+1)
				return elem(d, m, j, s.Index(s.Len()-1))
			})
			v.Set(s)
			return end
		}
		s := reflect.MakeSlice(t, count, count)
		if bulk != nil && count > 0 {
			if end, ok := bulk(d, typ, counted, j, s.UnsafePointer(), count); ok {
				v.Set(s)
				return end
			}
		}
		k := 0
		end := d.elems(i, func(m byte, j int) int {
			j = elem(d, m, j, s.Index(k))
			k++
			return j
		})
		v.Set(s)
		return end
	}
}

// bulkDecoder returns a loop that decodes the n numbers of an array (a
// strongly typed one of type typ, or with markers when typ is 0), whose
// first value is at j, into memory at p without reflection, for
// fixed-size number types without methods. It returns the array's end,
// or false when a value is not a number that fits: the caller then
// decodes value by value, for the error.
func bulkDecoder(t reflect.Type) func(d *decState, typ byte, counted bool, j int, p unsafe.Pointer, n int) (int, bool) {
	if elemHasMethods(t) {
		return nil
	}
	switch t.Kind() {
	case reflect.Int8:
		return bulkIntsDec[int8]
	case reflect.Int16:
		return bulkIntsDec[int16]
	case reflect.Int32:
		return bulkIntsDec[int32]
	case reflect.Int64:
		return bulkIntsDec[int64]
	case reflect.Int:
		return bulkIntsDec[int]
	case reflect.Uint16:
		return bulkIntsDec[uint16]
	case reflect.Uint32:
		return bulkIntsDec[uint32]
	case reflect.Uint64:
		return bulkIntsDec[uint64]
	case reflect.Uint:
		return bulkIntsDec[uint]
	case reflect.Float32:
		return bulkFloatsDec[float32]
	case reflect.Float64:
		return bulkFloatsDec[float64]
	}
	return nil
}

// arrayEnd returns the end of an array whose values end at j: after its
// end marker (and the no-ops before it) when it has no count.
func (d *decState) arrayEnd(j int, counted bool) int {
	if counted {
		return j
	}
	for d.data[j] == mNoop {
		j++
	}
	return j + 1 // ']'
}

func bulkIntsDec[T int8 | int16 | int32 | int64 | int | uint16 | uint32 | uint64 | uint](d *decState, typ byte, counted bool, j int, p unsafe.Pointer, n int) (int, bool) {
	if typ != 0 && !isInt(typ) {
		return 0, false
	}
	s := unsafe.Slice((*T)(p), n)
	for k := range s {
		m := typ
		if m == 0 {
			m, j = d.next(j)
			if !isInt(m) {
				return 0, false
			}
		}
		x := readInt(m, d.data[j:])
		y := T(x)
		if int64(y) != x || x < 0 && y > 0 || x >= 0 && y < 0 {
			return 0, false
		}
		s[k] = y
		j += int(sizes[m])
	}
	return d.arrayEnd(j, counted), true
}

func bulkFloatsDec[T float32 | float64](d *decState, typ byte, counted bool, j int, p unsafe.Pointer, n int) (int, bool) {
	s := unsafe.Slice((*T)(p), n)
	for k := range s {
		m := typ
		if m == 0 {
			m, j = d.next(j)
		}
		var f float64
		switch m {
		case mFloat32:
			f = float64(math.Float32frombits(binary.BigEndian.Uint32(d.data[j:])))
		case mFloat64:
			f = math.Float64frombits(binary.BigEndian.Uint64(d.data[j:]))
		default:
			if !isInt(m) {
				return 0, false
			}
			f = float64(readInt(m, d.data[j:]))
		}
		if unsafe.Sizeof(s[0]) == 4 && math.Abs(f) > math.MaxFloat32 && !math.IsInf(f, 0) {
			return 0, false // the element decoder reports it
		}
		s[k] = T(f)
		j += int(sizes[m])
	}
	return d.arrayEnd(j, counted), true
}

func arrayDecoder(t reflect.Type) decFunc {
	elem := decoderFor(t.Elem())
	bytesArray := t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem())
	return func(d *decState, m byte, i int, v reflect.Value) int {
		switch m {
		case mNull:
			return i
		case mArray:
		case mString, mChar:
			if !bytesArray {
				return d.typeErr(m, i, t, "")
			}
			s, end := d.text(m, i)
			k := reflect.Copy(v, reflect.ValueOf(s))
			for ; k < v.Len(); k++ {
				v.Index(k).SetZero()
			}
			return end
		default:
			return d.typeErr(m, i, t, "")
		}
		if typ, count, j := d.header(i); bytesArray && typ == mUint8 {
			k := reflect.Copy(v, reflect.ValueOf(d.data[j:j+count]))
			for ; k < v.Len(); k++ {
				v.Index(k).SetZero()
			}
			return j + count
		}
		k := 0
		end := d.elems(i, func(m byte, j int) int {
			if k < v.Len() {
				j = elem(d, m, j, v.Index(k))
			} else {
				j = d.skip(m, j)
			}
			k++
			return j
		})
		for ; k < v.Len(); k++ {
			v.Index(k).SetZero()
		}
		return end
	}
}

// keyDecoder returns how object keys are stored in map keys of type t:
// string kinds as they are, encoding.TextUnmarshaler from the text,
// integers from their decimal text (as encoding/json does); nil for other
// types.
func keyDecoder(t reflect.Type) func(key []byte, v reflect.Value) bool {
	switch {
	case reflect.PointerTo(t).Implements(textUnmarshalType):
		return func(key []byte, v reflect.Value) bool {
			return v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText(key) == nil
		}
	case t.Kind() == reflect.String:
		return func(key []byte, v reflect.Value) bool {
			v.SetString(string(key))
			return true
		}
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(key []byte, v reflect.Value) bool {
			n, err := strconv.ParseInt(string(key), 10, 64)
			if err != nil || v.OverflowInt(n) {
				return false
			}
			v.SetInt(n)
			return true
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(key []byte, v reflect.Value) bool {
			n, err := strconv.ParseUint(string(key), 10, 64)
			if err != nil || v.OverflowUint(n) {
				return false
			}
			v.SetUint(n)
			return true
		}
	}
	return nil
}

func mapDecoder(t reflect.Type) decFunc {
	kt, et := t.Key(), t.Elem()
	keyDec, elemDec := keyDecoder(kt), decoderFor(et)
	return func(d *decState, m byte, i int, v reflect.Value) int {
		switch {
		case m == mNull:
			v.SetZero()
			return i
		case m != mObject || keyDec == nil:
			return d.typeErr(m, i, t, "")
		}
		if v.IsNil() {
			_, count, _ := d.header(i)
			v.Set(reflect.MakeMapWithSize(t, min(max(count, 0), 1024)))
		}
		key := reflect.New(kt).Elem()
		elem := reflect.New(et).Elem()
		return d.members(i, func(name []byte, k int, m byte, j int) int {
			key.SetZero()
			if !keyDec(name, key) {
				if d.err == nil {
					d.err = &UnmarshalTypeError{Value: "key " + strconv.Quote(string(name)), Type: kt, Offset: int64(k)}
				}
				return d.skip(m, j)
			}
			elem.SetZero()
			j = elemDec(d, m, j, elem)
			v.SetMapIndex(key, elem)
			return j
		})
	}
}

func structDecoder(t reflect.Type) decFunc {
	s := structs.For(t)
	decs := make([]decFunc, len(s.Fields))
	kinds := make([]reflect.Kind, len(s.Fields)) // fields decoded by scalarInto
	var built sync.Once
	return func(d *decState, m byte, i int, v reflect.Value) int {
		built.Do(func() {
			for k, f := range s.Fields {
				decs[k] = decoderFor(f.Type)
				kinds[k] = f.ScalarKind(ownDecoding(f.Type))
			}
		})
		switch m {
		case mNull:
			return i
		case mObject:
		default:
			return d.typeErr(m, i, t, "")
		}
		var base unsafe.Pointer
		if v.CanAddr() {
			base = binfmt.Addr(v)
		}
		next := 0 // the field expected next
		return d.members(i, func(name []byte, k int, m byte, j int) int {
			fi := s.LookupNext(name, d.o.Has(opts.MatchCaseSensitive), &next)
			if fi < 0 {
				if d.o.Has(opts.RejectUnknownMembers) && d.err == nil {
					d.err = &UnmarshalTypeError{Value: "unknown field " + strconv.Quote(string(name)), Type: t, Offset: int64(k)}
				}
				return d.skip(m, j)
			}
			f := &s.Fields[fi]
			if base != nil && kinds[fi] != 0 {
				if end, ok := d.scalarInto(kinds[fi], m, j, unsafe.Add(base, f.Offset)); ok {
					return end
				}
			}
			fv, ok := binfmt.FieldByIndexAlloc(v, f.Index)
			if !ok {
				return d.typeErr(m, j, f.Type, "value for a field behind a nil pointer to an unexported struct")
			}
			return decs[fi](d, m, j, fv)
		})
	}
}

// ownDecoding reports whether type t has a decoding other than by its
// kind (newDecoder's special types and methods).
func ownDecoding(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return t == numberType || p.Implements(unmarshalerType) || p.Implements(textUnmarshalType)
}

// scalarInto decodes the value of marker m at i into the boolean,
// integer, float or string of kind k at p when it has the form that kind
// takes and fits (high-precision numbers excepted), and reports false
// otherwise, leaving the value to the decoder of the field's type, which
// has the same result for what scalarInto takes and reports the rest.
func (d *decState) scalarInto(k reflect.Kind, m byte, i int, p unsafe.Pointer) (int, bool) {
	switch k {
	case reflect.String:
		if m != mString && m != mChar {
			return i, false
		}
		s, end := d.text(m, i)
		*(*string)(p) = string(s)
		return end, true
	case reflect.Bool:
		if m != mTrue && m != mFalse {
			return i, false
		}
		*(*bool)(p) = m == mTrue
		return i, true
	case reflect.Float32, reflect.Float64:
		if m == mHigh {
			return i, false
		}
		f, end, ok := d.float(m, i)
		if !ok || !binfmt.StoreFloat(k, p, f) {
			return i, false
		}
		return end, true
	}
	switch m {
	case mInt8, mUint8, mInt16, mInt32, mInt64:
	default:
		return i, false
	}
	x, end := readInt(m, d.data[i:]), i+int(sizes[m])
	switch k {
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if x < 0 || !binfmt.StoreUint(k, p, uint64(x)) {
			return i, false
		}
		return end, true
	}
	if !binfmt.StoreInt(k, p, x) {
		return i, false
	}
	return end, true
}

func pointerDecoder(t reflect.Type) decFunc {
	elem := decoderFor(t.Elem())
	return func(d *decState, m byte, i int, v reflect.Value) int {
		if m == mNull {
			v.SetZero()
			return i
		}
		if v.IsNil() {
			v.Set(reflect.New(t.Elem()))
		}
		return elem(d, m, i, v.Elem())
	}
}

func decodeInterface(d *decState, m byte, i int, v reflect.Value) int {
	if v.NumMethod() == 0 {
		if !v.IsNil() && v.Elem().Kind() == reflect.Pointer && !v.Elem().IsNil() && m != mNull {
			return decoderFor(v.Elem().Type())(d, m, i, v.Elem())
		}
		x, end := d.any(m, i)
		if x == nil {
			v.SetZero()
		} else {
			v.Set(reflect.ValueOf(x))
		}
		return end
	}
	switch {
	case m == mNull:
		v.SetZero()
		return i
	case !v.IsNil() && v.Elem().Kind() == reflect.Pointer && !v.Elem().IsNil():
		return decoderFor(v.Elem().Type())(d, m, i, v.Elem())
	}
	return d.typeErr(m, i, v.Type(), "")
}

// decodeUnmarshaler gives the value with its marker (put back for values
// of strongly typed containers).
func decodeUnmarshaler(d *decState, m byte, i int, v reflect.Value) int {
	end := d.skip(m, i)
	raw := append([]byte{m}, d.data[i:end]...)
	if err := v.Addr().Interface().(Unmarshaler).UnmarshalUBJSON(raw); err != nil && d.err == nil {
		d.err = err
	}
	return end
}

func decodeText(d *decState, m byte, i int, v reflect.Value) int {
	switch m {
	case mNull:
		return i
	case mString, mChar:
	default:
		return d.typeErr(m, i, v.Type(), "")
	}
	s, end := d.text(m, i)
	if err := v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText(s); err != nil && d.err == nil {
		d.err = err
	}
	return end
}

// decodeTime reads RFC 3339 text, or a number of seconds since the epoch
// (UTC), as a time.Time.
func decodeTime(d *decState, m byte, i int, v reflect.Value) int {
	if m == mNull {
		return i
	}
	var t time.Time
	var end int
	ok := false
	switch m {
	case mString:
		var s []byte
		s, end = d.text(m, i)
		var err error
		t, err = time.Parse(time.RFC3339Nano, string(s))
		ok = err == nil
	case mInt8, mUint8, mInt16, mInt32, mInt64:
		t, end, ok = time.Unix(readInt(m, d.data[i:]), 0).UTC(), i+int(sizes[m]), true
	default:
		var f float64
		f, end, ok = d.float(m, i)
		if ok && (math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > 1<<62) {
			ok = false
		}
		sec, frac := math.Modf(f)
		t = time.Unix(int64(sec), int64(math.Round(frac*1e9))).UTC()
	}
	if !ok {
		return d.typeErr(m, i, v.Type(), "")
	}
	v.Set(reflect.ValueOf(t))
	return end
}

func decodeBigInt(d *decState, m byte, i int, v reflect.Value) int {
	if m == mNull {
		return i
	}
	x, u, wide, text, end, ok := d.integer(m, i)
	if !ok {
		return d.typeErr(m, i, v.Type(), "")
	}
	var n big.Int
	switch {
	case !wide:
		n.SetInt64(x)
	case u != 0:
		n.SetUint64(u)
	default:
		n.SetString(string(text), 10)
	}
	v.Set(reflect.ValueOf(n))
	return end
}

func decodeNumber(d *decState, m byte, i int, v reflect.Value) int {
	switch m {
	case mNull:
		return i
	case mHigh:
		s, end := d.text(m, i)
		v.SetString(string(s))
		return end
	case mInt8, mUint8, mInt16, mInt32, mInt64:
		v.SetString(strconv.FormatInt(readInt(m, d.data[i:]), 10))
		return i + int(sizes[m])
	}
	f, end, ok := d.float(m, i)
	if !ok {
		return d.typeErr(m, i, v.Type(), "")
	}
	v.SetString(strconv.FormatFloat(f, 'g', -1, 64))
	return end
}

// any decodes the value into a Go value for an empty interface:
//
//	null                       nil
//	true, false                bool
//	int8 ... int64             int64
//	float32, float64           float64
//	high-precision number      int64, uint64 or *big.Int for integers,
//	                           float64 when a float64 holds it exactly,
//	                           json.Number (its text) otherwise
//	char, string               string
//	[$U#n (uint8, typed)       []byte
//	other arrays               []any
//	object                     map[string]any
func (d *decState) any(m byte, i int) (any, int) {
	switch m {
	case mNull:
		return nil, i
	case mTrue, mFalse:
		return m == mTrue, i
	case mInt8, mUint8, mInt16, mInt32, mInt64:
		return readInt(m, d.data[i:]), i + int(sizes[m])
	case mFloat32, mFloat64:
		f, end, _ := d.float(m, i)
		return f, end
	case mHigh:
		s, end := d.text(m, i)
		return highAny(s), end
	case mChar, mString:
		s, end := d.text(m, i)
		return string(s), end
	case mArray:
		typ, count, j := d.header(i)
		if typ == mUint8 {
			return append([]byte{}, d.data[j:j+count]...), j + count
		}
		out := make([]any, 0, max(count, 0))
		end := d.elems(i, func(m byte, j int) int {
			var x any
			x, j = d.any(m, j)
			out = append(out, x)
			return j
		})
		return out, end
	}
	_, count, _ := d.header(i)
	out := make(map[string]any, min(max(count, 0), 1024))
	end := d.members(i, func(key []byte, _ int, m byte, j int) int {
		var x any
		x, j = d.any(m, j)
		out[string(key)] = x
		return j
	})
	return out, end
}

// highAny returns the Go value of high-precision text s (see any).
func highAny(s []byte) any {
	if string(s) == "-0" {
		return math.Copysign(0, -1)
	}
	if n, err := strconv.ParseInt(unsafeString(s), 10, 64); err == nil {
		return n
	}
	if n, err := strconv.ParseUint(unsafeString(s), 10, 64); err == nil {
		return n
	}
	integer := true
	for _, c := range s {
		if c == '.' || c == 'e' || c == 'E' {
			integer = false
		}
	}
	if integer {
		n, _ := new(big.Int).SetString(string(s), 10)
		return n
	}
	if f, ok := binfmt.ExactFloat(s); ok {
		return f
	}
	return json.Number(s)
}
