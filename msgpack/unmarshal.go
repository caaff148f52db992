package msgpack

import (
	"encoding"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"math/big"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"
	"unsafe"

	"github.com/celerjson/celer/internal/binfmt"
	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
)

// decState is the state of one Unmarshal call over a valid object.
type decState struct {
	data []byte
	o    opts.Struct
	err  error // the first type error; decoding goes on after it
	// strs is the chunk that short Go strings are carved from (see str):
	// bytes below len(strs) belong to strings already handed out and are
	// never written again.
	strs []byte
	// check: the data has not been validated; decoding checks what it
	// reads and panics with errUnchecked at the first thing a Reader
	// would reject (see unmarshalChecked). depth counts the containers
	// open around the object being decoded.
	check bool
	depth int
	// budget: the bytes the checked decoders may still allocate for
	// objects before reading them (see presize).
	budget int
	// zeroCopy: strings and byte slices share the input's memory
	// (ZeroCopyStrings; only Unmarshal sets it, its data is the caller's).
	zeroCopy bool
}

// errUnchecked is the panic of a decoder that finds unchecked data
// invalid.
var errUnchecked = errors.New("msgpack: invalid data found while decoding")

// open counts the container at hand (a map when isMap) of n elements,
// whose content starts at j, as open; unchecked, it first checks it as a
// Reader would: depth, MaxElements, and the bytes left (each element
// takes one at least), before anything is allocated for it. The decoder
// decrements d.depth when the container ends.
func (d *decState) open(n uint64, isMap bool, j int) {
	if d.check {
		m := n
		if isMap {
			m *= 2
		}
		if d.o.MaxElements > 0 && n > uint64(d.o.MaxElements) || d.depth >= d.o.MaxDepth || m > uint64(len(d.data)-j) {
			panic(errUnchecked)
		}
	}
	d.depth++
}

// presize returns for how many of the n objects (size bytes each) of a
// checked container the decoder may allocate room before reading them.
// Every container only checks its count against the bytes left, which
// the containers around it also count on, so the room allocated ahead of
// the objects the data holds is taken from a budget for the whole call
// (decState.budget, 8 bytes per byte of input); beyond it, the container
// grows as objects are decoded, each of which takes bytes of the input.
// Valid data within the budget is allocated for whole.
func (d *decState) presize(n uint64, size int) int {
	if !d.check {
		return int(n)
	}
	c := min(n, uint64(d.budget/size))
	d.budget -= int(c) * size
	return int(c)
}

// checkText checks, unchecked, the payload p of a str (UTF-8) or of a bin
// (isStr false) against MaxTokenBytes.
func (d *decState) checkText(p []byte, isStr bool) {
	if d.o.MaxTokenBytes > 0 && len(p) > d.o.MaxTokenBytes || isStr && !d.o.Has(opts.AllowInvalidUTF8) && !binfmt.ValidUTF8(p) {
		panic(errUnchecked)
	}
}

// skip returns the end of the object at i; unchecked, it checks the
// object as a Reader would.
func (d *decState) skip(i int) int {
	if !d.check {
		return skip(d.data, i)
	}
	end, ok := validObject(d.data, i, &d.o, d.depth)
	if !ok {
		panic(errUnchecked)
	}
	return end
}

// Limits for carving strings from chunks (see str).
const (
	strMax   = 256      // longer strings get their own allocation
	chunkMax = 16 << 10 // the size of a chunk when the input is larger
	chunkMin = 512      // below twice this left, a chunk takes all the input left
)

// str returns b as a Go string. Short strings are not allocated one by
// one: they are copied into a shared chunk (one allocation for many
// strings) and made into strings that point there. A chunk is never
// larger than half the input left (all of it when that is small; never
// more than chunkMax, never less than the string), so it is never much
// larger than the strings it will hold, and a string keeps at most one
// chunk alive.
func (d *decState) str(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if d.zeroCopy {
		return unsafe.String(&b[0], len(b))
	}
	if len(b) > strMax {
		return string(b)
	}
	if cap(d.strs)-len(d.strs) < len(b) {
		// Half the input left from b on: the strings of a document share
		// it with keys, numbers and heads, and a chunk the size of the
		// input doubled the bytes small documents allocate (so the
		// collections they cause).
		rem := len(d.data)
		if off := uintptr(unsafe.Pointer(unsafe.SliceData(b))) - uintptr(unsafe.Pointer(unsafe.SliceData(d.data))); off < uintptr(len(d.data)) {
			rem -= int(off)
		}
		if rem > 2*chunkMin {
			rem /= 2
		}
		d.strs = make([]byte, 0, max(min(rem, chunkMax), len(b)))
	}
	i := len(d.strs)
	d.strs = append(d.strs, b...)
	return unsafe.String(&d.strs[i], len(b))
}

// decFunc decodes the object at d.data[i] into v and returns its end.
type decFunc func(d *decState, i int, v reflect.Value) int

var decCache sync.Map // reflect.Type -> decFunc

// Unmarshal decodes the single MessagePack object data into the value v
// points to. Invalid data (validity, UTF-8, MaxDepth, MaxBytes,
// MaxTokenBytes, MaxElements) is a *SyntaxError and leaves *v as it was.
// When *v is a zero value of a type without decoding methods (the usual
// new value), the data is checked while it is decoded, in one pass; on a
// syntax error *v is set back to zero, and what was allocated for it
// (every length checked against the bytes left first, so at most in
// proportion to the input's size) is garbage. Otherwise the data is
// checked entirely first, so nothing is allocated for malformed or
// hostile input. A value that does not fit its Go type is skipped and
// reported, as encoding/json does, with an *UnmarshalTypeError after the
// rest is decoded. See the package documentation for how MessagePack maps
// to Go values.
func Unmarshal(data []byte, v any, o ...Options) error {
	s := opts.Collect(o...)
	if !s.Has(opts.RejectDuplicateNames) && (s.MaxBytes <= 0 || int64(len(data)) <= s.MaxBytes) {
		rv := reflect.ValueOf(v)
		if rv.Kind() == reflect.Pointer && !rv.IsNil() && oneSweep(rv.Type().Elem()) && rv.Elem().IsZero() {
			if err, ok := unmarshalChecked(data, rv, s); ok {
				return err
			}
			rv.Elem().SetZero()
			return validateThenUnmarshal(data, rv, s, o)
		}
	}
	if s.Has(opts.RejectDuplicateNames) || !validFast(data, &s) { // Validate, options collected once
		if err := validateTokens(data, o...); err != nil {
			return err
		}
	}
	return unmarshalValid(data, v, s)
}

// validateThenUnmarshal is Unmarshal after the one-pass decoder found
// data invalid: the Reader gives the error (the decoder stops at the
// first fault without one); if it finds none, the data is decoded again.
func validateThenUnmarshal(data []byte, rv reflect.Value, s opts.Struct, o []Options) error {
	if err := validateTokens(data, o...); err != nil {
		return err
	}
	return unmarshalValid(data, rv.Interface(), s)
}

// unmarshalChecked decodes unchecked data into the zero value rv points
// to, checking it as it goes (decState.check). ok is false when the data
// is invalid, and err is then nil.
func unmarshalChecked(data []byte, rv reflect.Value, o opts.Struct) (err error, ok bool) {
	if len(data) == 0 {
		return nil, false
	}
	d := decPool.Get().(*decState)
	*d = decState{data: data, o: o, check: true, zeroCopy: o.Has(opts.ZeroCopyStrings), budget: 8 * min(len(data), math.MaxInt/8)}
	defer func() {
		// A decoder reading past the end (a length or count beyond the
		// data) panics with a runtime error; other panics are not ours.
		if r := recover(); r != nil {
			if _, rt := r.(runtime.Error); !rt && r != errUnchecked {
				panic(r)
			}
			err, ok = nil, false
		}
		*d = decState{}
		decPool.Put(d)
	}()
	if end := decoderFor(rv.Type().Elem())(d, 0, rv.Elem()); end != len(data) {
		return nil, false
	}
	if te, ok := d.err.(*UnmarshalTypeError); ok {
		te.Path = pathAt(data, int(te.Offset))
	}
	return d.err, true
}

// sweep decides which types unmarshalChecked may decode (binfmt.Sweep).
var sweep = binfmt.Sweep{
	Structs: &structs,
	Builtin: func(t reflect.Type) bool { // decoded by newDecoder, not by methods
		return t == timeType || t == bigIntType || t == extType || t == numberType
	},
	Methods: []reflect.Type{unmarshalerType, textUnmarshalType},
}

// oneSweep reports whether values of type t may be decoded from
// unchecked data (unmarshalChecked): no type reachable from t has a
// decoding method (which would see data before it is all checked) or is
// a non-empty interface (whose value's type could have one).
func oneSweep(t reflect.Type) bool { return sweep.OK(t) }

var stringType = reflect.TypeFor[string]()

// decPool keeps decoding states between calls.
var decPool = sync.Pool{New: func() any { return new(decState) }}

func unmarshalValid(data []byte, v any, o opts.Struct) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &InvalidUnmarshalError{Type: reflect.TypeOf(v)}
	}
	d := decPool.Get().(*decState)
	*d = decState{data: data, o: o, zeroCopy: o.Has(opts.ZeroCopyStrings)}
	defer func() {
		*d = decState{}
		decPool.Put(d)
	}()
	decoderFor(rv.Type().Elem())(d, 0, rv.Elem())
	if te, ok := d.err.(*UnmarshalTypeError); ok {
		te.Path = pathAt(data, int(te.Offset))
	}
	return d.err
}

// A Decoder reads MessagePack objects from an io.Reader, one per Decode
// call, holding one object in memory at a time.
type Decoder struct {
	r *Reader
	o opts.Struct
}

// NewDecoder returns a Decoder reading from r.
func NewDecoder(r io.Reader, o ...Options) *Decoder {
	return &Decoder{r: NewReader(r, o...), o: opts.Collect(o...)}
}

// Decode reads the next object and decodes it into the value v points
// to. At the end of input it returns io.EOF.
func (dec *Decoder) Decode(v any) error {
	item, err := dec.r.ReadValue()
	if err != nil {
		return err
	}
	o := dec.o
	o.Flags &^= opts.ZeroCopyStrings // item is the Decoder's buffer, reused
	return unmarshalValid(item, v, o)
}

// pathAt returns the path of the object at offset off of valid data.
func pathAt(data []byte, off int) string {
	r := NewReaderBytes(data, AllowInvalidUTF8(true))
	for {
		at := r.pos
		t, err := r.ReadToken()
		if err != nil || at > off {
			return ""
		}
		if at == off && t.Kind().IsScalar() || at == off && r.pos > at {
			return r.path()
		}
	}
}

// typeErr records a type error for the object at i and returns its end.
func (d *decState) typeErr(i int, t reflect.Type, what string) int {
	end := d.skip(i)
	if d.err == nil {
		if what == "" {
			what = describe(d.data, i)
		}
		d.err = &UnmarshalTypeError{Value: what, Type: t, Offset: int64(i)}
	}
	return end
}

func (d *decState) rangeErr(i, end int, t reflect.Type, num string) int {
	if d.err == nil {
		d.err = &UnmarshalTypeError{Value: "number " + num, Type: t, Offset: int64(i)}
	}
	return end
}

// describe names the kind of the object at b[i] for errors.
func describe(b []byte, i int) string {
	in := infos[b[i]]
	switch in.kind {
	case kNil:
		return "nil"
	case kBool:
		return "bool"
	case kUint:
		return "integer"
	case kInt:
		if b[i] >= 0xe0 || int8(b[i+1]) < 0 {
			return "negative integer"
		}
		return "integer"
	case kFloat32, kFloat64:
		return "float"
	case kStr:
		return "str"
	case kBin:
		return "bin"
	case kArray:
		return "array"
	case kMap:
		return "map"
	}
	_, typ, _ := extAt(b, i)
	if typ == timestampType {
		return "timestamp"
	}
	return "ext " + strconv.Itoa(int(typ))
}

// head returns the info of the object at d.data[i], the length or count
// it declares (or the value of an integer), and the offset after its
// head.
func (d *decState) head(i int) (info, uint64, int) {
	in := infos[d.data[i]]
	hl := in.headLen()
	switch {
	case in.fixed:
		return in, uint64(in.fix), i + hl
	case in.size > 0:
		return in, be(d.data[i+1:], int(in.size)), i + hl
	}
	return in, 0, i + hl
}

// extAt returns the payload and type of the ext at b[i], and its end.
func extAt(b []byte, i int) ([]byte, int8, int) {
	in := infos[b[i]]
	hl := in.headLen()
	n := uint64(in.fix)
	if !in.fixed {
		n = be(b[i+1:], int(in.size))
	}
	j := i + hl
	return b[j : j+int(n)], int8(b[j-1]), j + int(n)
}

// payload returns the bytes of the str or bin at d.data[i] and its end.
func (d *decState) payload(i int) ([]byte, int) {
	if b := d.data[i]; b&0xe0 == bFixstr {
		j := i + 1 + int(b&0x1f)
		p := d.data[i+1 : j]
		if d.check {
			d.checkText(p, true)
		}
		return p, j
	}
	in, n, j := d.head(i)
	if d.check {
		if n > uint64(len(d.data)-j) {
			panic(errUnchecked)
		}
		d.checkText(d.data[j:j+int(n)], in.kind == kStr)
	}
	return d.data[j : j+int(n)], j + int(n)
}

// integer reads the integer at i: neg and the magnitude encoding (the
// value is int64(arg) when neg, else arg), and its end; ok is false when
// the object is not an integer.
func (d *decState) integer(i int) (neg bool, arg uint64, end int, ok bool) {
	switch b := d.data[i]; {
	case b < 0x80:
		return false, uint64(b), i + 1, true
	case b >= 0xe0:
		return true, uint64(int64(int8(b))), i + 1, true
	}
	in, n, j := d.head(i)
	switch in.kind {
	case kUint:
		return false, n, j, true
	case kInt:
		x := int64(int8(d.data[i]))
		if !in.fixed {
			x = signExtend(n, int(in.size))
		}
		return x < 0, uint64(x), j, true
	}
	return false, 0, i, false
}

func intText(neg bool, arg uint64) string {
	if neg {
		return strconv.FormatInt(int64(arg), 10)
	}
	return strconv.FormatUint(arg, 10)
}

// decoderFor returns the decoder of type t, built once.
func decoderFor(t reflect.Type) decFunc {
	if f, ok := decCache.Load(t); ok {
		return f.(decFunc)
	}
	var real decFunc
	var wg sync.WaitGroup
	wg.Add(1)
	f, loaded := decCache.LoadOrStore(t, decFunc(func(d *decState, i int, v reflect.Value) int {
		wg.Wait()
		return real(d, i, v)
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
	case t == extType:
		return decodeExt
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
	return func(d *decState, i int, v reflect.Value) int {
		if d.data[i] == bNil {
			return i + 1
		}
		return d.typeErr(i, t, "")
	}
}

func decodeBool(d *decState, i int, v reflect.Value) int {
	switch d.data[i] {
	case bFalse, bTrue:
		v.SetBool(d.data[i] == bTrue)
		return i + 1
	case bNil:
		return i + 1
	}
	return d.typeErr(i, v.Type(), "")
}

func decodeInt(d *decState, i int, v reflect.Value) int {
	if d.data[i] == bNil {
		return i + 1
	}
	neg, arg, end, ok := d.integer(i)
	switch {
	case !ok:
		return d.typeErr(i, v.Type(), "")
	case !neg && arg > math.MaxInt64, v.OverflowInt(int64(arg)):
		return d.rangeErr(i, end, v.Type(), intText(neg, arg))
	}
	v.SetInt(int64(arg))
	return end
}

func decodeUint(d *decState, i int, v reflect.Value) int {
	if d.data[i] == bNil {
		return i + 1
	}
	neg, arg, end, ok := d.integer(i)
	switch {
	case !ok:
		return d.typeErr(i, v.Type(), "")
	case neg || v.OverflowUint(arg):
		return d.rangeErr(i, end, v.Type(), intText(neg, arg))
	}
	v.SetUint(arg)
	return end
}

// float reads the number at i as a float64 (integers rounded to the
// nearest).
func (d *decState) float(i int) (float64, int, bool) {
	if d.data[i] == bFloat64 {
		return math.Float64frombits(binary.BigEndian.Uint64(d.data[i+1 : i+9])), i + 9, true
	}
	in, n, j := d.head(i)
	switch in.kind {
	case kFloat32:
		return float32ToFloat64(uint32(n)), j, true
	case kFloat64:
		return math.Float64frombits(n), j, true
	}
	neg, arg, end, ok := d.integer(i)
	switch {
	case !ok:
		return 0, i, false
	case neg:
		return float64(int64(arg)), end, true
	}
	return float64(arg), end, true
}

func decodeFloat(d *decState, i int, v reflect.Value) int {
	if d.data[i] == bNil {
		return i + 1
	}
	f, end, ok := d.float(i)
	if !ok {
		return d.typeErr(i, v.Type(), "")
	}
	if v.Kind() == reflect.Float32 && !math.IsInf(f, 0) && v.OverflowFloat(f) {
		return d.rangeErr(i, end, v.Type(), strconv.FormatFloat(f, 'g', -1, 64))
	}
	v.SetFloat(f)
	return end
}

// decodeString accepts str, and bin holding valid UTF-8 (or any bytes
// with AllowInvalidUTF8): old MessagePack had one raw type for both.
func decodeString(d *decState, i int, v reflect.Value) int {
	switch infos[d.data[i]].kind {
	case kStr:
		s, end := d.payload(i)
		v.SetString(d.str(s))
		return end
	case kBin:
		s, end := d.payload(i)
		if !d.o.Has(opts.AllowInvalidUTF8) && !kernels.ValidUTF8(s) {
			return d.typeErr(i, v.Type(), "bin that is not UTF-8")
		}
		v.SetString(d.str(s))
		return end
	case kNil:
		return i + 1
	}
	return d.typeErr(i, v.Type(), "")
}

// decodeByteSlice accepts bin and str, and arrays of integers.
func decodeByteSlice(d *decState, i int, v reflect.Value) int {
	switch infos[d.data[i]].kind {
	case kBin, kStr:
		s, end := d.payload(i)
		if d.zeroCopy && len(s) > 0 {
			v.SetBytes(s[:len(s):len(s)])
		} else {
			v.SetBytes(cloneBytes(s))
		}
		return end
	case kNil:
		v.SetZero()
		return i + 1
	case kArray:
		return sliceDecoder(v.Type())(d, i, v)
	}
	return d.typeErr(i, v.Type(), "")
}

// cloneBytes returns a copy of b, empty but not nil when b is empty. The
// copy is appended to nil: append does not clear the memory it then
// overwrites, as make does.
func cloneBytes(b []byte) []byte {
	if len(b) == 0 {
		return []byte{}
	}
	return append([]byte(nil), b...)
}

func sliceDecoder(t reflect.Type) decFunc {
	elem := decoderFor(t.Elem())
	bulk := bulkDecoder(t.Elem())
	inPlace := arrayInPlace(t.Elem())
	empty := reflect.MakeSlice(t, 0, 0) // shared by every empty array: it has no element to share
	size := max(int(t.Elem().Size()), 1)
	return func(d *decState, i int, v reflect.Value) int {
		switch infos[d.data[i]].kind {
		case kNil:
			v.SetZero()
			return i + 1
		case kArray:
		default:
			return d.typeErr(i, t, "")
		}
		_, n, j := d.head(i)
		d.open(n, false, j)
		defer func() { d.depth-- }()
		if n == 0 {
			v.Set(empty)
			return j
		}
		// The data is valid, so n objects are there (each at least one
		// byte): the slice is allocated whole when that takes at most 8
		// bytes per byte of input (or 1 MiB); one of larger elements grows
		// as they are decoded.
		limit := max(1<<20, 8*len(d.data)) / size
		pre := n // checked: what the budget allows
		if d.check {
			pre = uint64(d.presize(n, size))
		}
		if pre == n && (size <= 8 || n <= uint64(limit)) {
			s := reflect.MakeSlice(t, int(n), int(n))
			if bulk != nil && n > 0 {
				if end, ok := bulk(d, j, s.UnsafePointer(), int(n)); ok {
					v.Set(s)
					return end
				}
			}
			if inPlace != nil {
				p := s.UnsafePointer()
				for k := range int(n) {
					end, ok := inPlace(d, j, unsafe.Add(p, k*size))
					if !ok {
						end = elem(d, j, s.Index(k))
					}
					j = end
				}
				v.Set(s)
				return j
			}
			for k := range int(n) {
				j = elem(d, j, s.Index(k))
			}
			v.Set(s)
			return j
		}
		// Its length is its capacity; the objects decoded are s[:k].
		c := max(int(min(uint64(limit), pre)), 1)
		s := reflect.MakeSlice(t, c, c)
		for k := range int(n) {
			if k == s.Len() {
				ns := reflect.MakeSlice(t, 2*k, 2*k)
				reflect.Copy(ns, s)
				s = ns
			}
			j = elem(d, j, s.Index(k))
		}
		v.Set(s.Slice(0, int(n)))
		return j
	}
}

// bulkDecoder returns a loop that decodes n numbers into memory at p
// without reflection, for fixed-size number types without methods; it
// reports false (having stored nothing it cannot redo) when an element is
// not a number that fits, and the caller then decodes element by element
// for the error.
func bulkDecoder(t reflect.Type) func(d *decState, j int, p unsafe.Pointer, n int) (int, bool) {
	if elemHasMethods(t) {
		return nil
	}
	switch t.Kind() {
	case reflect.Int8:
		return bulkIntsFunc[int8]()
	case reflect.Int16:
		return bulkIntsFunc[int16]()
	case reflect.Int32:
		return bulkIntsFunc[int32]()
	case reflect.Int64:
		return bulkIntsFunc[int64]()
	case reflect.Int:
		return bulkIntsFunc[int]()
	case reflect.Uint16:
		return bulkUintsFunc[uint16]()
	case reflect.Uint32:
		return bulkUintsFunc[uint32]()
	case reflect.Uint64:
		return bulkUintsFunc[uint64]()
	case reflect.Uint:
		return bulkUintsFunc[uint]()
	case reflect.Float32:
		return bulkFloatsFunc[float32]()
	case reflect.Float64:
		return bulkFloatsFunc[float64]()
	}
	return nil
}

func bulkIntsFunc[T int8 | int16 | int32 | int64 | int]() func(d *decState, j int, p unsafe.Pointer, n int) (int, bool) {
	return func(d *decState, j int, p unsafe.Pointer, n int) (int, bool) {
		s := unsafe.Slice((*T)(p), n)
		for k := range s {
			if b := d.data[j]; b < 0x80 || b >= 0xe0 { // fixints
				s[k], j = T(int8(b)), j+1
				continue
			}
			neg, arg, end, ok := d.integer(j)
			x := T(int64(arg))
			if !ok || !neg && arg > math.MaxInt64 || int64(x) != int64(arg) {
				return j, false
			}
			s[k], j = x, end
		}
		return j, true
	}
}

func bulkUintsFunc[T uint16 | uint32 | uint64 | uint]() func(d *decState, j int, p unsafe.Pointer, n int) (int, bool) {
	return func(d *decState, j int, p unsafe.Pointer, n int) (int, bool) {
		s := unsafe.Slice((*T)(p), n)
		for k := range s {
			if b := d.data[j]; b < 0x80 { // positive fixint
				s[k], j = T(b), j+1
				continue
			}
			neg, arg, end, ok := d.integer(j)
			x := T(arg)
			if !ok || neg || uint64(x) != arg {
				return j, false
			}
			s[k], j = x, end
		}
		return j, true
	}
}

func bulkFloatsFunc[T float32 | float64]() func(d *decState, j int, p unsafe.Pointer, n int) (int, bool) {
	return func(d *decState, j int, p unsafe.Pointer, n int) (int, bool) {
		s := unsafe.Slice((*T)(p), n)
		for k := range s {
			f, end, ok := d.float(j)
			x := T(f)
			if !ok || unsafe.Sizeof(x) == 4 && math.Abs(f) > math.MaxFloat32 && !math.IsInf(f, 0) { // the element decoder reports it
				return j, false
			}
			s[k], j = x, end
		}
		return j, true
	}
}

// arrayInPlace returns, for an array type of numbers that bulkDecoder
// takes, a decoder of an array object of exactly that length into the
// memory at p (the elements of a slice of arrays: coordinates), and nil
// for other types. It reports false for anything else, and for an element
// that does not fit, leaving the object to the array's decoder.
func arrayInPlace(t reflect.Type) func(d *decState, i int, p unsafe.Pointer) (int, bool) {
	if t.Kind() != reflect.Array || t.Len() == 0 || t.Len() > 15 {
		return nil
	}
	bulk := bulkDecoder(t.Elem())
	if bulk == nil {
		return nil
	}
	head := bFixarray | byte(t.Len())
	return func(d *decState, i int, p unsafe.Pointer) (int, bool) {
		if d.data[i] != head {
			return i, false
		}
		d.open(uint64(head&0x0f), false, i+1)
		end, ok := bulk(d, i+1, p, int(head&0x0f))
		d.depth--
		return end, ok
	}
}

func arrayDecoder(t reflect.Type) decFunc {
	elem := decoderFor(t.Elem())
	bulk := bulkDecoder(t.Elem())
	bytesArray := t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem())
	return func(d *decState, i int, v reflect.Value) int {
		kind := infos[d.data[i]].kind
		switch {
		case kind == kNil:
			return i + 1
		case bytesArray && (kind == kBin || kind == kStr):
			s, end := d.payload(i)
			k := reflect.Copy(v, reflect.ValueOf(s))
			for ; k < v.Len(); k++ {
				v.Index(k).SetZero()
			}
			return end
		case kind != kArray:
			return d.typeErr(i, t, "")
		}
		_, n, j := d.head(i)
		d.open(n, false, j)
		defer func() { d.depth-- }()
		if bulk != nil && n == uint64(t.Len()) && n > 0 && v.CanAddr() {
			if end, ok := bulk(d, j, binfmt.Addr(v), int(n)); ok {
				return end
			}
		}
		k := 0
		for ; uint64(k) < n; k++ {
			if k < v.Len() {
				j = elem(d, j, v.Index(k))
			} else {
				j = d.skip(j)
			}
		}
		for ; k < v.Len(); k++ {
			v.Index(k).SetZero()
		}
		return j
	}
}

func mapDecoder(t reflect.Type) decFunc {
	kt, et := t.Key(), t.Elem()
	keyDec, elemDec := decoderFor(kt), decoderFor(et)
	stringKey := kt.Kind() == reflect.String && !reflect.PointerTo(kt).Implements(textUnmarshalType) && !reflect.PointerTo(kt).Implements(unmarshalerType)
	// A map of (unnamed) strings to strings stores str pairs directly.
	strMap := kt == stringType && et == stringType
	entrySize := max(int(kt.Size()+et.Size()), 1)
	return func(d *decState, i int, v reflect.Value) int {
		switch infos[d.data[i]].kind {
		case kNil:
			v.SetZero()
			return i + 1
		case kMap:
		default:
			return d.typeErr(i, t, "")
		}
		_, n, j := d.head(i)
		d.open(n, true, j)
		defer func() { d.depth-- }()
		if v.IsNil() {
			v.Set(reflect.MakeMapWithSize(t, d.presize(min(n, 1024), entrySize)))
		}
		var m map[string]string
		if strMap && v.CanAddr() {
			m = *(*map[string]string)(binfmt.Addr(v))
		}
		var key, elem reflect.Value
		for ; n > 0; n-- {
			if m != nil && infos[d.data[j]].kind == kStr {
				k, end := d.payload(j)
				if infos[d.data[end]].kind == kStr {
					s, end := d.payload(end)
					m[d.str(k)] = d.str(s)
					j = end
					continue
				}
			}
			if !key.IsValid() {
				key, elem = reflect.New(kt).Elem(), reflect.New(et).Elem()
			}
			key.SetZero()
			if stringKey && infos[d.data[j]].kind == kStr {
				s, end := d.payload(j)
				key.SetString(d.str(s))
				j = end
			} else {
				before := d.err
				k := j
				j = keyDec(d, j, key)
				if d.err != before {
					j = d.skip(d.skip(k))
					continue
				}
			}
			elem.SetZero()
			j = elemDec(d, j, elem)
			v.SetMapIndex(key, elem)
		}
		return j
	}
}

func structDecoder(t reflect.Type) decFunc {
	s := structs.For(t)
	decs := make([]decFunc, len(s.Fields))
	kinds := make([]reflect.Kind, len(s.Fields)) // fields decoded by scalarInto
	inPlace := make([]func(d *decState, i int, p unsafe.Pointer) (int, bool), len(s.Fields))
	asciiKeys := make([]bool, len(s.Fields))
	for k, f := range s.Fields {
		asciiKeys[k] = !slices.ContainsFunc([]byte(f.Name), func(c byte) bool { return c >= 0x80 })
	}
	var built sync.Once
	return func(d *decState, i int, v reflect.Value) int {
		built.Do(func() {
			for k, f := range s.Fields {
				decs[k] = decoderFor(f.Type)
				kinds[k] = f.ScalarKind(ownDecoding(f.Type))
				if !f.EmbedPtr && !ownDecoding(f.Type) {
					inPlace[k] = arrayInPlace(f.Type)
				}
			}
		})
		switch infos[d.data[i]].kind {
		case kNil:
			return i + 1
		case kMap:
		default:
			return d.typeErr(i, t, "")
		}
		var base unsafe.Pointer
		if v.CanAddr() {
			base = binfmt.Addr(v)
		}
		next := 0 // the field expected next
		_, n, j := d.head(i)
		d.open(n, true, j)
		defer func() { d.depth-- }()
		for ; n > 0; n-- {
			// The key of the field expected next, as Marshal writes it,
			// is matched in place, bytes against bytes (unchecked data:
			// ASCII keys within MaxTokenBytes, which need no check).
			fi := -1
			if next < len(s.Fields) {
				key := s.Fields[next].Key
				if e := j + len(key); e <= len(d.data) && string(d.data[j:e]) == string(key) &&
					(!d.check || asciiKeys[next] && (d.o.MaxTokenBytes <= 0 || len(key) <= d.o.MaxTokenBytes)) {
					fi, j = next, e
					next++
				}
			}
			if fi < 0 {
				if infos[d.data[j]].kind != kStr {
					j = d.skip(d.skip(j))
					continue
				}
				k := j
				var name []byte
				name, j = d.payload(j)
				if fi = s.LookupNext(name, d.o.Has(opts.MatchCaseSensitive), &next); fi < 0 {
					if d.o.Has(opts.RejectUnknownMembers) && d.err == nil {
						d.err = &UnmarshalTypeError{Value: "unknown field " + strconv.Quote(string(name)), Type: t, Offset: int64(k)}
					}
					j = d.skip(j)
					continue
				}
			}
			f := &s.Fields[fi]
			if base != nil && kinds[fi] != 0 {
				if end, ok := d.scalarInto(kinds[fi], j, unsafe.Add(base, f.Offset)); ok {
					j = end
					continue
				}
			}
			if base != nil && inPlace[fi] != nil {
				if end, ok := inPlace[fi](d, j, unsafe.Add(base, f.Offset)); ok {
					j = end
					continue
				}
			}
			fv, ok := binfmt.FieldByIndexAlloc(v, f.Index)
			if !ok {
				j = d.typeErr(j, f.Type, "value for a field behind a nil pointer to an unexported struct")
				continue
			}
			j = decs[fi](d, j, fv)
		}
		return j
	}
}

// ownDecoding reports whether type t has a decoding other than by its
// kind (newDecoder's special types and methods).
func ownDecoding(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return t == numberType || p.Implements(unmarshalerType) || p.Implements(textUnmarshalType)
}

// scalarInto decodes the object at i into the boolean, integer, float or
// string of kind k at p when it has the form that kind takes and fits,
// and reports false otherwise (nil, other types, out of range), leaving
// the object to the decoder of the field's type, which has the same
// result for what scalarInto takes and reports the rest.
func (d *decState) scalarInto(k reflect.Kind, i int, p unsafe.Pointer) (int, bool) {
	switch k {
	case reflect.String:
		if infos[d.data[i]].kind != kStr {
			return i, false
		}
		s, end := d.payload(i)
		*(*string)(p) = d.str(s)
		return end, true
	case reflect.Bool:
		switch d.data[i] {
		case bFalse, bTrue:
			*(*bool)(p) = d.data[i] == bTrue
			return i + 1, true
		}
		return i, false
	case reflect.Float32, reflect.Float64:
		f, end, ok := d.float(i)
		if !ok || !binfmt.StoreFloat(k, p, f) {
			return i, false
		}
		return end, true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		neg, arg, end, ok := d.integer(i)
		if !ok || neg || !binfmt.StoreUint(k, p, arg) {
			return i, false
		}
		return end, true
	}
	neg, arg, end, ok := d.integer(i)
	if !ok || !neg && arg > math.MaxInt64 || !binfmt.StoreInt(k, p, int64(arg)) {
		return i, false
	}
	return end, true
}

func pointerDecoder(t reflect.Type) decFunc {
	elem := decoderFor(t.Elem())
	return func(d *decState, i int, v reflect.Value) int {
		if d.data[i] == bNil {
			v.SetZero()
			return i + 1
		}
		if v.IsNil() {
			v.Set(reflect.New(t.Elem()))
		}
		return elem(d, i, v.Elem())
	}
}

func decodeInterface(d *decState, i int, v reflect.Value) int {
	if v.NumMethod() == 0 {
		if !v.IsNil() && v.Elem().Kind() == reflect.Pointer && !v.Elem().IsNil() && d.data[i] != bNil {
			return decoderFor(v.Elem().Type())(d, i, v.Elem())
		}
		x, end := d.any(i)
		if x == nil {
			v.SetZero()
		} else {
			v.Set(reflect.ValueOf(x))
		}
		return end
	}
	switch {
	case d.data[i] == bNil:
		v.SetZero()
		return i + 1
	case !v.IsNil() && v.Elem().Kind() == reflect.Pointer && !v.Elem().IsNil():
		return decoderFor(v.Elem().Type())(d, i, v.Elem())
	}
	return d.typeErr(i, v.Type(), "")
}

func decodeUnmarshaler(d *decState, i int, v reflect.Value) int {
	end := d.skip(i)
	if err := v.Addr().Interface().(Unmarshaler).UnmarshalMsgpack(d.data[i:end]); err != nil && d.err == nil {
		d.err = err
	}
	return end
}

func decodeText(d *decState, i int, v reflect.Value) int {
	switch infos[d.data[i]].kind {
	case kNil:
		return i + 1
	case kStr:
	default:
		return d.typeErr(i, v.Type(), "")
	}
	s, end := d.payload(i)
	if err := v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText(s); err != nil && d.err == nil {
		d.err = err
	}
	return end
}

// decodeTime reads a timestamp, or an RFC 3339 str, or a number of
// seconds since the epoch (an integer or a float), as a time.Time (UTC
// for timestamps and numbers).
func decodeTime(d *decState, i int, v reflect.Value) int {
	if d.data[i] == bNil {
		return i + 1
	}
	t, end, ok := d.time(i)
	if !ok {
		return d.typeErr(i, v.Type(), "")
	}
	v.Set(reflect.ValueOf(t))
	return end
}

func (d *decState) time(i int) (time.Time, int, bool) {
	switch infos[d.data[i]].kind {
	case kExt:
		if d.check {
			d.skip(i)
		}
		p, typ, end := extAt(d.data, i)
		if typ != timestampType {
			return time.Time{}, end, false
		}
		sec, nsec, _ := decodeTimestamp(p)
		return time.Unix(sec, nsec).UTC(), end, true
	case kStr:
		s, end := d.payload(i)
		t, err := time.Parse(time.RFC3339Nano, string(s))
		return t, end, err == nil
	case kUint, kInt:
		neg, arg, end, _ := d.integer(i)
		if !neg && arg > math.MaxInt64 {
			return time.Time{}, end, false
		}
		return time.Unix(int64(arg), 0).UTC(), end, true
	}
	f, end, ok := d.float(i)
	if !ok || math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > 1<<62 {
		return time.Time{}, end, false
	}
	sec, frac := math.Modf(f)
	return time.Unix(int64(sec), int64(math.Round(frac*1e9))).UTC(), end, true
}

func decodeBigInt(d *decState, i int, v reflect.Value) int {
	if d.data[i] == bNil {
		return i + 1
	}
	neg, arg, end, ok := d.integer(i)
	if !ok {
		return d.typeErr(i, v.Type(), "")
	}
	var n big.Int
	if neg {
		n.SetInt64(int64(arg))
	} else {
		n.SetUint64(arg)
	}
	v.Set(reflect.ValueOf(n))
	return end
}

func decodeExt(d *decState, i int, v reflect.Value) int {
	switch infos[d.data[i]].kind {
	case kNil:
		return i + 1
	case kExt:
	default:
		return d.typeErr(i, v.Type(), "")
	}
	if d.check {
		d.skip(i)
	}
	p, typ, end := extAt(d.data, i)
	v.Set(reflect.ValueOf(Ext{Type: typ, Data: append([]byte{}, p...)}))
	return end
}

func decodeNumber(d *decState, i int, v reflect.Value) int {
	if d.data[i] == bNil {
		return i + 1
	}
	if neg, arg, end, ok := d.integer(i); ok {
		v.SetString(intText(neg, arg))
		return end
	}
	f, end, ok := d.float(i)
	if !ok || math.IsNaN(f) || math.IsInf(f, 0) {
		return d.typeErr(i, v.Type(), "")
	}
	v.SetString(strconv.FormatFloat(f, 'g', -1, 64))
	return end
}
