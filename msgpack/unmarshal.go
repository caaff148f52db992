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
	"sync/atomic"
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
	s := defaultOpts
	if len(o) > 0 {
		s = opts.Collect(o...)
	}
	if !s.Has(opts.RejectDuplicateNames) && (s.MaxBytes <= 0 || int64(len(data)) <= s.MaxBytes) {
		if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && !rv.IsNil() {
			ti := topFor(v)
			if ti.bytes {
				if b, ok := topBytes(data, &s); ok {
					*(*[]byte)(rv.UnsafePointer()) = b
					return nil
				}
			}
			if ev := rv.Elem(); ti.sweep && (zeroMem(rv.UnsafePointer(), ti.size) || ev.IsZero()) {
				if err, ok := unmarshalChecked(data, ti.dec, ev, s); ok {
					return err
				}
				ev.SetZero()
				return validateThenUnmarshal(data, rv, s, o)
			}
		}
	}
	if s.Has(opts.RejectDuplicateNames) || !validFast(data, &s) { // Validate, options collected once
		if err := validateTokens(data, o...); err != nil {
			return err
		}
	}
	return unmarshalValid(data, v, s)
}

// topInfo is what Unmarshal needs of the pointer type of its argument:
// the decoder of the element type, and whether it may be decoded from
// unchecked data (oneSweep). typ is the type word of the argument (an
// any), which identifies the type.
type topInfo struct {
	typ   unsafe.Pointer
	dec   decFunc
	sweep bool
	bytes bool    // a slice of bytes decoded by decodeByteSlice (topBytes)
	size  uintptr // the element type's size (zeroMem)
}

// zeroMem reports whether the n bytes at p are all zero: then the value
// there is a zero value (reflect.Value.IsZero, which walks struct fields
// one by one and is also true for some values with bytes that are not
// zero, such as an empty string with a pointer: the callers ask it then).
func zeroMem(p unsafe.Pointer, n uintptr) bool {
	if n > 256 {
		return false
	}
	b := unsafe.Slice((*byte)(p), n)
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b) != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

var (
	lastTop  atomic.Pointer[topInfo] // the type of the last call, most often the type of this one
	topCache sync.Map                // reflect.Type -> *topInfo
)

// topFor returns the topInfo of the type of v, a non-nil pointer.
func topFor(v any) *topInfo {
	typ := (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[0]
	if ti := lastTop.Load(); ti != nil && ti.typ == typ {
		return ti
	}
	t := reflect.TypeOf(v)
	var ti *topInfo
	if x, ok := topCache.Load(t); ok {
		ti = x.(*topInfo)
	} else {
		e := t.Elem()
		ti = &topInfo{typ: typ, dec: decoderFor(e), sweep: oneSweep(e), size: e.Size(),
			bytes: e.Kind() == reflect.Slice && e.Elem().Kind() == reflect.Uint8 && !elemHasMethods(e.Elem()) && !ownDecoding(e)}
		topCache.Store(t, ti)
	}
	lastTop.Store(ti)
	return ti
}

// topBytes returns what decodeByteSlice makes of data when data is one
// bin (within MaxTokenBytes), which is then all the validation it needs,
// and reports false otherwise. Unmarshal into a slice of bytes takes it
// before its general path, whose decoding state, deferred recovery and
// checks cost as much as copying a kilobyte.
func topBytes(data []byte, o *opts.Struct) ([]byte, bool) {
	if len(data) == 0 {
		return nil, false
	}
	var n uint64
	j := 0
	switch data[0] {
	case bBin8:
		if len(data) >= 2 {
			n, j = uint64(data[1]), 2
		}
	case bBin16:
		if len(data) >= 3 {
			n, j = uint64(binary.BigEndian.Uint16(data[1:])), 3
		}
	case bBin32:
		if len(data) >= 5 {
			n, j = uint64(binary.BigEndian.Uint32(data[1:])), 5
		}
	}
	if j == 0 || n != uint64(len(data)-j) || o.MaxTokenBytes > 0 && n > uint64(o.MaxTokenBytes) {
		return nil, false
	}
	src := data[j:]
	if o.Has(opts.ZeroCopyStrings) && len(src) > 0 {
		return src[:len(src):len(src)], true
	}
	return cloneBytes(src), true
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

// unmarshalChecked decodes unchecked data into the zero value ev with
// ev's decoder dec, checking it as it goes (decState.check). ok is false
// when the data is invalid, and err is then nil.
func unmarshalChecked(data []byte, dec decFunc, ev reflect.Value, o opts.Struct) (err error, ok bool) {
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
	if end := dec(d, 0, ev); end != len(data) {
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
	// One switch on the first byte, each format read in place (the head
	// table and be's switch cost more than the read).
	data := d.data
	switch b := data[i]; {
	case b < 0x80:
		return false, uint64(b), i + 1, true
	case b >= 0xe0:
		return true, uint64(int64(int8(b))), i + 1, true
	case b == bUint8:
		return false, uint64(data[i+1]), i + 2, true
	case b == bUint16:
		return false, uint64(binary.BigEndian.Uint16(data[i+1:])), i + 3, true
	case b == bUint32:
		return false, uint64(binary.BigEndian.Uint32(data[i+1:])), i + 5, true
	case b == bUint64:
		return false, binary.BigEndian.Uint64(data[i+1:]), i + 9, true
	case b == bInt8:
		x := int64(int8(data[i+1]))
		return x < 0, uint64(x), i + 2, true
	case b == bInt16:
		x := int64(int16(binary.BigEndian.Uint16(data[i+1:])))
		return x < 0, uint64(x), i + 3, true
	case b == bInt32:
		x := int64(int32(binary.BigEndian.Uint32(data[i+1:])))
		return x < 0, uint64(x), i + 5, true
	case b == bInt64:
		x := int64(binary.BigEndian.Uint64(data[i+1:]))
		return x < 0, uint64(x), i + 9, true
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

// sliceHeader is the memory of a slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// storeSlice stores slice s in the slice at p (of s's type).
func storeSlice(p unsafe.Pointer, s reflect.Value) {
	*(*sliceHeader)(p) = sliceHeader{s.UnsafePointer(), s.Len(), s.Cap()}
}

// sliceAt returns the slice of type t of the n elements at sp.
func sliceAt(t reflect.Type, sp unsafe.Pointer, n int) reflect.Value {
	return reflect.NewAt(t, unsafe.Pointer(&sliceHeader{sp, n, n})).Elem()
}

func sliceDecoder(t reflect.Type) decFunc {
	into := sliceInto(t)
	return func(d *decState, i int, v reflect.Value) int {
		if v.CanAddr() {
			end, _ := into(d, i, binfmt.Addr(v))
			return end
		}
		x := reflect.New(t)
		end, _ := into(d, i, x.UnsafePointer())
		v.Set(x.Elem())
		return end
	}
}

// sliceInto returns the decoder of slices of type t into the slice at p
// (a struct field's, or a slice decoder's value); it always reports true.
func sliceInto(t reflect.Type) func(d *decState, i int, p unsafe.Pointer) (int, bool) {
	elem := decoderFor(t.Elem())
	bulk := bulkDecoder(t.Elem())
	inPlace := arrayInPlace(t.Elem())
	// Structs are decoded in place, without a reflect.Value each.
	sd := structPlan(t.Elem())
	// Shared by every empty array: it has no element to share.
	empty := reflect.MakeSlice(t, 0, 0).UnsafePointer()
	size := max(int(t.Elem().Size()), 1) // for the budget: at least a byte each
	stride := uintptr(t.Elem().Size())   // 0 for zero-size elements: every one at the array's start
	return func(d *decState, i int, p unsafe.Pointer) (int, bool) {
		switch infos[d.data[i]].kind {
		case kNil:
			*(*sliceHeader)(p) = sliceHeader{}
			return i + 1, true
		case kArray:
		default:
			return d.typeErr(i, t, ""), true
		}
		_, n, j := d.head(i)
		d.open(n, false, j)
		if n == 0 {
			d.depth--
			*(*sliceHeader)(p) = sliceHeader{data: empty}
			return j, true
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
			var s reflect.Value
			var sp unsafe.Pointer
			if bulk != nil || inPlace != nil {
				// Numbers, arrays of numbers: memory without pointers,
				// 8-byte aligned, allocated without the slice header that
				// reflect.MakeSlice also allocates; s only for an element
				// the bulk loops leave to the element decoder.
				sp = unsafe.Pointer(unsafe.SliceData(make([]uint64, (int(n)*size+7)/8)))
			} else {
				s = reflect.MakeSlice(t, int(n), int(n))
				sp = s.UnsafePointer()
			}
			switch {
			case bulk != nil:
				if end, ok := bulk(d, j, sp, int(n)); ok {
					j = end
					break
				}
				s = sliceAt(t, sp, int(n))
				for k := range int(n) {
					j = elem(d, j, s.Index(k))
				}
			case inPlace != nil:
				for k := range int(n) {
					end, ok := inPlace(d, j, unsafe.Add(sp, uintptr(k)*stride))
					if !ok {
						if !s.IsValid() {
							s = sliceAt(t, sp, int(n))
						}
						end = elem(d, j, s.Index(k))
					}
					j = end
				}
			case sd != nil:
				for k := range int(n) {
					j = sd.decode(d, j, unsafe.Add(sp, uintptr(k)*stride), reflect.Value{})
				}
			default:
				for k := range int(n) {
					j = elem(d, j, s.Index(k))
				}
			}
			d.depth--
			*(*sliceHeader)(p) = sliceHeader{sp, int(n), int(n)}
			return j, true
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
		d.depth--
		storeSlice(p, s.Slice(0, int(n)))
		return j, true
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
		data := d.data
		for k := range s {
			// fixints, uint8 and uint16 without a call
			var x int64
			end := j + 1
			switch b := data[j]; {
			case b < 0x80 || b >= 0xe0:
				x = int64(int8(b))
			case b == bUint8:
				x, end = int64(data[j+1]), j+2
			case b == bUint16:
				x, end = int64(binary.BigEndian.Uint16(data[j+1:])), j+3
			default:
				neg, arg, e, ok := d.integer(j)
				if !ok || !neg && arg > math.MaxInt64 {
					return j, false
				}
				x, end = int64(arg), e
			}
			if int64(T(x)) != x {
				return j, false
			}
			s[k], j = T(x), end
		}
		return j, true
	}
}

func bulkUintsFunc[T uint16 | uint32 | uint64 | uint]() func(d *decState, j int, p unsafe.Pointer, n int) (int, bool) {
	return func(d *decState, j int, p unsafe.Pointer, n int) (int, bool) {
		s := unsafe.Slice((*T)(p), n)
		data := d.data
		for k := range s {
			var x uint64
			end := j + 1
			switch b := data[j]; {
			case b < 0x80:
				x = uint64(b)
			case b == bUint8:
				x, end = uint64(data[j+1]), j+2
			case b == bUint16:
				x, end = uint64(binary.BigEndian.Uint16(data[j+1:])), j+3
			default:
				neg, arg, e, ok := d.integer(j)
				if !ok || neg {
					return j, false
				}
				x, end = arg, e
			}
			if uint64(T(x)) != x {
				return j, false
			}
			s[k], j = T(x), end
		}
		return j, true
	}
}

func bulkFloatsFunc[T float32 | float64]() func(d *decState, j int, p unsafe.Pointer, n int) (int, bool) {
	return func(d *decState, j int, p unsafe.Pointer, n int) (int, bool) {
		s := unsafe.Slice((*T)(p), n)
		for k := range s {
			var f float64
			end := j + 9
			if d.data[j] == bFloat64 { // the common case, without a call
				f = math.Float64frombits(binary.BigEndian.Uint64(d.data[j+1:]))
			} else {
				var ok bool
				if f, end, ok = d.float(j); !ok {
					return j, false
				}
			}
			x := T(f)
			if unsafe.Sizeof(x) == 4 && math.Abs(f) > math.MaxFloat32 && !math.IsInf(f, 0) { // the element decoder reports it
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
	n := t.Len()
	// Points of float64 coordinates, the common case, are read here
	// without a call; anything else (or the end of the data) goes to bulk.
	float64s := t.Elem().Kind() == reflect.Float64
	return func(d *decState, i int, p unsafe.Pointer) (int, bool) {
		if d.data[i] != head {
			return i, false
		}
		if d.check { // the array's checks; its elements are scalars
			d.open(uint64(n), false, i+1)
			d.depth--
		}
		if data, j := d.data, i+1; float64s && j <= len(data)-9*n {
			s := unsafe.Slice((*float64)(p), n)
			k := 0
			for ; k < n && data[j] == bFloat64; k++ {
				s[k] = math.Float64frombits(binary.BigEndian.Uint64(data[j+1:]))
				j += 9
			}
			if k == n {
				return j, true
			}
		}
		return bulk(d, i+1, p, n)
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
	elemSD := structPlan(et)
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
			if stringKey && infos[d.data[j]].kind == kStr {
				s, end := d.payload(j)
				key.SetString(d.str(s))
				j = end
			} else {
				key.SetZero()
				before := d.err
				k := j
				j = keyDec(d, j, key)
				if d.err != before {
					j = d.skip(d.skip(k))
					continue
				}
			}
			elem.SetZero()
			if elemSD != nil { // structs: without the decFunc's reflect.Value checks
				j = elemSD.decode(d, j, binfmt.Addr(elem), elem)
			} else {
				j = elemDec(d, j, elem)
			}
			v.SetMapIndex(key, elem)
		}
		d.depth-- // no defer: a panic abandons the decState
		return j
	}
}

// fieldDec is what decoding needs of one struct field, in one place.
type fieldDec struct {
	key      string // s.Fields[k].Key: the name as Marshal writes it
	asciiKey bool   // the name is ASCII: the key needs no UTF-8 check
	// A key of up to 16 bytes as two little-endian words, zero-padded,
	// and the masks of its bytes: where 16 bytes are left, the key at an
	// offset is compared with two loads. keyN is its length (0: longer).
	keyWords, keyMask [2]uint64
	keyN              int
	kind              reflect.Kind
	// kind: the field is a scalar decoded by scalarInto; ptrKind: it is a
	// pointer to a scalar of that kind, decoded by scalarPtrInto (0: not).
	ptrKind reflect.Kind
	offset  uintptr
	inPlace func(d *decState, i int, p unsafe.Pointer) (int, bool)
	dec     decFunc
}

// structDec decodes maps into structs of one type.
type structDec struct {
	t     reflect.Type
	s     *binfmt.Struct
	fds   []fieldDec // by the index of s.Fields
	built sync.Once  // fds, at the first decoding (field types may lead back to t)
}

var structDecs sync.Map // reflect.Type -> *structDec

// structPlan returns the decoder of struct type t, or nil when newDecoder
// does not decode t as a struct (special types, decoding methods).
func structPlan(t reflect.Type) *structDec {
	if t.Kind() != reflect.Struct || t == timeType || t == bigIntType || t == extType || ownDecoding(t) {
		return nil
	}
	if sd, ok := structDecs.Load(t); ok {
		return sd.(*structDec)
	}
	s := structs.For(t)
	sd, _ := structDecs.LoadOrStore(t, &structDec{t: t, s: s, fds: make([]fieldDec, len(s.Fields))})
	return sd.(*structDec)
}

func structDecoder(t reflect.Type) decFunc {
	sd := structPlan(t)
	return func(d *decState, i int, v reflect.Value) int {
		var base unsafe.Pointer
		if v.CanAddr() {
			base = binfmt.Addr(v)
		}
		return sd.decode(d, i, base, v)
	}
}

// structInPlace returns, for a struct type decoded as a struct, a decoder
// into the struct at p (struct fields of struct type); nil for others.
func structInPlace(t reflect.Type) func(d *decState, i int, p unsafe.Pointer) (int, bool) {
	sd := structPlan(t)
	if sd == nil {
		return nil
	}
	return func(d *decState, i int, p unsafe.Pointer) (int, bool) {
		return sd.decode(d, i, p, reflect.Value{}), true
	}
}

// pointerInPlace returns the decoder of a pointer of type t at p: nil
// makes it nil; a struct decoded as a struct is decoded where it points,
// allocated first when it is nil, as pointerDecoder does; other objects
// it leaves to pointerDecoder (false).
func pointerInPlace(t reflect.Type) func(d *decState, i int, p unsafe.Pointer) (int, bool) {
	et := t.Elem()
	sd := structPlan(et)
	return func(d *decState, i int, p unsafe.Pointer) (int, bool) {
		pp := (*unsafe.Pointer)(p)
		if d.data[i] == bNil {
			*pp = nil
			return i + 1, true
		}
		if sd == nil {
			return i, false
		}
		if *pp == nil {
			*pp = reflect.New(et).UnsafePointer()
		}
		return sd.decode(d, i, *pp, reflect.Value{}), true
	}
}

func (sd *structDec) build() {
	for k, f := range sd.s.Fields {
		fd := &sd.fds[k]
		fd.key = string(f.Key)
		if n := len(f.Key); n > 0 && n <= 16 {
			var w, m [16]byte
			copy(w[:], f.Key)
			for b := range n {
				m[b] = 0xff
			}
			fd.keyWords = [2]uint64{binary.LittleEndian.Uint64(w[:]), binary.LittleEndian.Uint64(w[8:])}
			fd.keyMask = [2]uint64{binary.LittleEndian.Uint64(m[:]), binary.LittleEndian.Uint64(m[8:])}
			fd.keyN = n
		}
		fd.asciiKey = !slices.ContainsFunc([]byte(f.Name), func(c byte) bool { return c >= 0x80 })
		fd.offset = f.Offset
		fd.dec = decoderFor(f.Type)
		fd.kind = f.ScalarKind(ownDecoding(f.Type))
		if !f.EmbedPtr && !ownDecoding(f.Type) {
			fd.inPlace = arrayInPlace(f.Type)
			switch f.Type.Kind() {
			case reflect.Slice:
				if f.Type.Elem().Kind() != reflect.Uint8 || elemHasMethods(f.Type.Elem()) {
					fd.inPlace = sliceInto(f.Type) // what newDecoder's sliceDecoder does
				}
			case reflect.Struct:
				fd.inPlace = structInPlace(f.Type)
			case reflect.Pointer:
				fd.inPlace = pointerInPlace(f.Type)
			}
			fd.ptrKind = scalarPtrKind(f.Type)
		}
	}
}

// decode decodes the object at i into the struct at base (nil: v is not
// addressable) or v (invalid: made from base when a field needs it), and
// returns its end.
func (sd *structDec) decode(d *decState, i int, base unsafe.Pointer, v reflect.Value) int {
	sd.built.Do(sd.build)
	var n uint64
	var j int
	if b := d.data[i]; b&0xf0 == bFixmap { // most structs
		n, j = uint64(b&0x0f), i+1
	} else {
		switch infos[b].kind {
		case kNil:
			return i + 1
		case kMap:
		default:
			return d.typeErr(i, sd.t, "")
		}
		_, n, j = d.head(i)
	}
	fds := sd.fds
	next := 0 // the field expected next
	d.open(n, true, j)
	for ; n > 0; n-- {
		// The key of the field expected next, as Marshal writes it, is
		// matched in place, bytes against bytes (unchecked data: ASCII
		// keys within MaxTokenBytes, which need no check).
		fi := -1
		if next < len(fds) {
			fd := &fds[next]
			e := 0
			if fd.keyN > 0 && j <= len(d.data)-16 { // two loads, no call
				if binary.LittleEndian.Uint64(d.data[j:])&fd.keyMask[0] == fd.keyWords[0] &&
					binary.LittleEndian.Uint64(d.data[j+8:])&fd.keyMask[1] == fd.keyWords[1] {
					e = j + fd.keyN
				}
			} else if len(fd.key) > 0 && j+len(fd.key) <= len(d.data) && string(d.data[j:j+len(fd.key)]) == fd.key {
				e = j + len(fd.key)
			}
			if e > 0 && (!d.check || fd.asciiKey && (d.o.MaxTokenBytes <= 0 || len(fd.key) <= d.o.MaxTokenBytes)) {
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
			if fi = sd.s.LookupNext(name, d.o.Has(opts.MatchCaseSensitive), &next); fi < 0 {
				if d.o.Has(opts.RejectUnknownMembers) && d.err == nil {
					d.err = &UnmarshalTypeError{Value: "unknown field " + strconv.Quote(string(name)), Type: sd.t, Offset: int64(k)}
				}
				j = d.skip(j)
				continue
			}
		}
		fd := &fds[fi]
		if base != nil {
			p := unsafe.Add(base, fd.offset)
			switch {
			case fd.kind != 0:
				if end, ok := d.scalarInto(fd.kind, j, p); ok {
					j = end
					continue
				}
			case fd.ptrKind != 0:
				if end, ok := d.scalarPtrInto(fd.ptrKind, j, p); ok {
					j = end
					continue
				}
			case fd.inPlace != nil:
				if end, ok := fd.inPlace(d, j, p); ok {
					j = end
					continue
				}
			}
		}
		if !v.IsValid() {
			v = reflect.NewAt(sd.t, base).Elem()
		}
		f := &sd.s.Fields[fi]
		fv, ok := binfmt.FieldByIndexAlloc(v, f.Index)
		if !ok {
			j = d.typeErr(j, f.Type, "value for a field behind a nil pointer to an unexported struct")
			continue
		}
		j = fd.dec(d, j, fv)
	}
	d.depth-- // no defer: a panic abandons the decState
	return j
}

// scalarPtrKind returns, for a pointer type to a scalar that scalarInto
// takes (booleans, integers, floats and strings without decoding of their
// own), the scalar's kind; 0 for other types.
func scalarPtrKind(t reflect.Type) reflect.Kind {
	if t.Kind() != reflect.Pointer || ownDecoding(t.Elem()) {
		return 0
	}
	switch k := t.Elem().Kind(); k {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.String:
		return k
	}
	return 0
}

// scalarPtrInto decodes the object at i into the pointer at p to a scalar
// of kind k (scalarPtrKind), as pointerDecoder and the scalar's decoder
// do: nil makes the pointer nil; anything else is stored in the scalar it
// points to, allocated first when the pointer is nil. It reports false,
// having stored nothing, for an object scalarInto does not take, leaving
// it to the pointer's decoder.
func (d *decState) scalarPtrInto(k reflect.Kind, i int, p unsafe.Pointer) (int, bool) {
	pp := (*unsafe.Pointer)(p)
	if d.data[i] == bNil {
		*pp = nil
		return i + 1, true
	}
	q := *pp
	if q != nil {
		return d.scalarInto(k, i, q)
	}
	// A new scalar of the kind's size (and pointers for strings): what is
	// allocated for an object scalarInto refuses is garbage.
	switch k {
	case reflect.String:
		q = unsafe.Pointer(new(string))
	case reflect.Bool, reflect.Int8, reflect.Uint8:
		q = unsafe.Pointer(new(uint8))
	case reflect.Int16, reflect.Uint16:
		q = unsafe.Pointer(new(uint16))
	case reflect.Int32, reflect.Uint32, reflect.Float32:
		q = unsafe.Pointer(new(uint32))
	case reflect.Int, reflect.Uint:
		q = unsafe.Pointer(new(uint))
	default:
		q = unsafe.Pointer(new(uint64))
	}
	end, ok := d.scalarInto(k, i, q)
	if ok {
		*pp = q
	}
	return end, ok
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
