package cbor

import (
	"bytes"
	"encoding"
	"encoding/binary"
	"io"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/celerjson/celer/internal/binfmt"
	"github.com/celerjson/celer/internal/opts"
)

// decState is the state of one Unmarshal call over a well-formed item.
type decState struct {
	data []byte
	o    opts.Struct
	err  error // the first type error; decoding goes on after it
	buf  []byte
	// check: the data has not been validated; decoding checks what it
	// reads (see onepass.go). depth counts the arrays and maps open
	// around the item being decoded.
	check bool
	depth int
	// budget: the bytes the checked decoders may still allocate for
	// items before reading them (see presize).
	budget int
	// strs is the chunk short Go strings are carved from (see string):
	// its bytes below len(strs) belong to strings handed out already and
	// are never written again.
	strs []byte
}

// decFunc decodes the item at d.data[i] into v and returns its end.
type decFunc func(d *decState, i int, v reflect.Value) int

var decCache sync.Map // reflect.Type -> decFunc

// Unmarshal decodes the single CBOR data item data into the value v
// points to. Data that is not well-formed or breaks a limit
// (well-formedness, UTF-8, MaxDepth, MaxBytes, MaxTokenBytes,
// MaxElements) is a *SyntaxError and leaves *v as it was. When *v is a
// zero value of a type without decoding methods (the usual new value),
// the data is checked while it is decoded, in one pass; on a syntax error
// *v is set back to zero, and what was allocated for it (every count
// checked against the bytes left first, so at most in proportion to the
// input's size) is garbage. Otherwise the data is checked entirely first,
// so nothing is allocated for malformed or hostile input. A value that
// does not fit its Go type is skipped and reported, as encoding/json
// does, with an *UnmarshalTypeError after the rest is decoded. See the
// package documentation for how CBOR maps to Go values.
func Unmarshal(data []byte, v any, o ...Options) error {
	s := defaultOpts
	if len(o) > 0 {
		s = opts.Collect(o...)
	}
	if !s.Has(opts.RejectDuplicateNames) && (s.MaxBytes <= 0 || int64(len(data)) <= s.MaxBytes) {
		if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer && !rv.IsNil() {
			ti := topFor(v)
			if ti.bytes {
				if b, ok := topBytes(data, s.MaxTokenBytes); ok {
					*(*[]byte)(rv.UnsafePointer()) = b
					return nil
				}
			}
			if ev := rv.Elem(); ti.sweep && ev.IsZero() {
				if err, ok := unmarshalChecked(data, ti.dec, ev, s); ok {
					return err
				}
				ev.SetZero()
				if err := validateTokens(data, o...); err != nil {
					return err
				}
				return unmarshalValid(data, v, s)
			}
		}
	}
	if !validFast(data, &s) { // Validate, options collected once
		if err := validateTokens(data, o...); err != nil {
			return err
		}
	}
	return unmarshalValid(data, v, s)
}

// defaultOpts are the options of Unmarshal without options.
var defaultOpts = opts.Collect()

// decPool keeps decoding states between calls.
var decPool = sync.Pool{New: func() any { return new(decState) }}

func unmarshalValid(data []byte, v any, o opts.Struct) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &InvalidUnmarshalError{Type: reflect.TypeOf(v)}
	}
	d := decPool.Get().(*decState)
	*d = decState{data: data, o: o, buf: d.buf[:0]}
	defer func() {
		*d = decState{buf: d.buf[:0]}
		decPool.Put(d)
	}()
	topFor(v).dec(d, 0, rv.Elem())
	if d.err != nil {
		if te, ok := d.err.(*UnmarshalTypeError); ok {
			te.Path = pathAt(data, int(te.Offset))
		}
	}
	return d.err
}

// A Decoder reads CBOR data items from an io.Reader (a CBOR sequence),
// one per Decode call, holding one item in memory at a time.
type Decoder struct {
	r *Reader
	o opts.Struct
}

// NewDecoder returns a Decoder reading from r.
func NewDecoder(r io.Reader, o ...Options) *Decoder {
	return &Decoder{r: NewReader(r, o...), o: opts.Collect(o...)}
}

// Decode reads the next item and decodes it into the value v points to.
// At the end of input it returns io.EOF.
func (dec *Decoder) Decode(v any) error {
	item, err := dec.r.ReadValue()
	if err != nil {
		return err
	}
	return unmarshalValid(item, v, dec.o)
}

// pathAt returns the path of the item at offset off of well-formed data.
func pathAt(data []byte, off int) string {
	r := NewReaderBytes(data)
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

// typeErr records a type error for the item at i and returns its end.
func (d *decState) typeErr(i int, t reflect.Type, what string) int {
	end := d.skip(i)
	if d.err == nil {
		if what == "" {
			what = describeItem(d.data, i)
		}
		d.err = &UnmarshalTypeError{Value: what, Type: t, Offset: int64(i)}
	}
	return end
}

// describeItem names the kind of the item at b[i] for errors.
func describeItem(b []byte, i int) string {
	major, ai := b[i]>>5, b[i]&31
	switch major {
	case majorUint:
		return "unsigned integer"
	case majorNeg:
		return "negative integer"
	case majorBytes:
		return "byte string"
	case majorText:
		return "text string"
	case majorArray:
		return "array"
	case majorMap:
		return "map"
	case majorTag:
		arg, _, _ := headArg(b[i:])
		return "tag " + strconv.FormatUint(arg, 10)
	}
	switch ai {
	case 20, 21:
		return "boolean"
	case 22:
		return "null"
	case 23:
		return "undefined"
	case aiTwo, aiFour, aiEight:
		return "float"
	}
	return "simple value"
}

// head returns the major type, additional information, argument and end
// of the head at d.data[i].
func (d *decState) head(i int) (major, ai byte, arg uint64, j int) {
	b := d.data
	major, ai = b[i]>>5, b[i]&31
	switch {
	case ai < aiOne:
		return major, ai, uint64(ai), i + 1
	case ai == aiOne:
		return major, ai, uint64(b[i+1]), i + 2
	case ai == aiTwo:
		return major, ai, uint64(binary.BigEndian.Uint16(b[i+1:])), i + 3
	case ai == aiFour:
		return major, ai, uint64(binary.BigEndian.Uint32(b[i+1:])), i + 5
	case ai == aiEight:
		return major, ai, binary.BigEndian.Uint64(b[i+1:]), i + 9
	}
	return major, ai, 0, i + 1 // indefinite
}

// skipTags returns the offset of the content under the tags at i.
func (d *decState) skipTags(i int) int {
	for d.data[i]>>5 == majorTag {
		_, _, _, i = d.head(i)
	}
	return i
}

// isNull reports whether the item at i is null or undefined.
func (d *decState) isNull(i int) bool { return d.data[i] == 0xf6 || d.data[i] == 0xf7 }

// str returns the content of the (byte or text) string at i, joining
// chunks into d.buf, and its end.
func (d *decState) str(i int) ([]byte, int) {
	if b := d.data[i]; b&0xdf-0x40 < 24 { // up to 23 bytes: map keys, most strings
		j := i + 1 + int(b&31)
		if d.check {
			d.checkStr(b, d.data[i+1:j])
		}
		return d.data[i+1 : j], j
	}
	_, ai, n, j := d.head(i)
	if ai != aiIndef {
		if d.check {
			if n > uint64(len(d.data)-j) { // before int(n), which may wrap
				panic(errUnchecked)
			}
			d.checkStr(d.data[i], d.data[j:j+int(n)])
		}
		return d.data[j : j+int(n)], j + int(n)
	}
	if d.check {
		panic(errUnchecked) // the checked decoders do not take indefinite strings
	}
	d.buf = d.buf[:0]
	for d.data[j] != breakByte {
		_, _, n, k := d.head(j)
		d.buf = append(d.buf, d.data[k:k+int(n)]...)
		j = k + int(n)
	}
	return d.buf, j + 1
}

var stringType = reflect.TypeFor[string]()

// topInfo is what Unmarshal needs of the pointer type of its argument:
// the decoder of the element type, and whether it may be decoded from
// unchecked data (oneSweep). typ is the type word of the argument (an
// any), which identifies the type.
type topInfo struct {
	typ   unsafe.Pointer
	dec   decFunc
	sweep bool
	bytes bool // a slice of bytes decoded by decodeByteSlice (topBytes)
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
		ti = &topInfo{typ: typ, dec: decoderFor(e), sweep: oneSweep(e),
			bytes: e.Kind() == reflect.Slice && e.Elem().Kind() == reflect.Uint8 && !elemHasMethods(e.Elem()) && !ownDecoding(e)}
		topCache.Store(t, ti)
	}
	lastTop.Store(ti)
	return ti
}

// topBytes returns a copy of the content of data when data is one
// definite byte string (within maxToken, when above 0), the whole
// validation of such data, and reports false otherwise. Unmarshal into
// a slice of bytes takes it before its general path, which decodes such
// data to the same copy (decodeByteSlice) after a decoding state, a
// deferred recovery and checks that cost as much as copying a kilobyte.
func topBytes(data []byte, maxToken int) ([]byte, bool) {
	if len(data) == 0 || data[0]>>5 != majorBytes {
		return nil, false
	}
	var n uint64
	j := 1
	switch ai := data[0] & 31; {
	case ai < aiOne:
		n = uint64(ai)
	case ai == aiOne && len(data) >= 2:
		n, j = uint64(data[1]), 2
	case ai == aiTwo && len(data) >= 3:
		n, j = uint64(binary.BigEndian.Uint16(data[1:])), 3
	case ai == aiFour && len(data) >= 5:
		n, j = uint64(binary.BigEndian.Uint32(data[1:])), 5
	case ai == aiEight && len(data) >= 9:
		n, j = binary.BigEndian.Uint64(data[1:]), 9
	default:
		return nil, false
	}
	if n != uint64(len(data)-j) || maxToken > 0 && n > uint64(maxToken) {
		return nil, false
	}
	src := data[j:]
	b := make([]byte, len(src))
	copy(b, src) // make and copy: the runtime does not zero b first
	return b, true
}

// Limits for carving strings from chunks (see string).
const (
	strMax   = 256      // longer strings get their own allocation
	chunkMax = 16 << 10 // the size of a chunk when the input is larger
	chunkMin = 512      // below twice this left, a chunk takes all the input left
)

// string returns b as a Go string. Short strings are not allocated one by
// one: they are copied into a shared chunk (one allocation for many
// strings). A chunk is at most half the input left from b on (all of it
// when that is small; at most chunkMax, never less than b), so it is
// never much larger than the strings it will hold, and a string keeps at
// most one chunk alive.
func (d *decState) string(b []byte) string {
	if n := len(d.strs); len(b) <= cap(d.strs)-n && len(b) > 0 && len(b) <= strMax { // room in the chunk
		d.strs = d.strs[:n+len(b)]
		copy(d.strs[n:], b)
		return unsafe.String(&d.strs[n], len(b))
	}
	return d.newString(b)
}

// newString is string when the chunk has no room for b.
func (d *decState) newString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(b) > strMax {
		return string(b)
	}
	if cap(d.strs)-len(d.strs) < len(b) {
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
	case t == tagType:
		return decodeTag
	case t == simpleType:
		return decodeSimple
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
		if d.isNull(i) {
			return i + 1
		}
		return d.typeErr(i, t, "")
	}
}

func decodeBool(d *decState, i int, v reflect.Value) int {
	if !d.plain(i) {
		return d.validated(decodeBool, i, v)
	}
	i = d.skipTags(i)
	switch d.data[i] {
	case 0xf4, 0xf5:
		v.SetBool(d.data[i] == 0xf5)
		return i + 1
	case 0xf6, 0xf7:
		return i + 1
	}
	return d.typeErr(i, v.Type(), "")
}

// integer reads the integer (or bignum) at i: its value as a big.Int when
// it does not fit 64 bits, else as neg and the magnitude encoding (the
// value is -1-arg when neg). ok is false when the item is not an integer.
func (d *decState) integer(i int) (neg bool, arg uint64, big *big.Int, end int, ok bool) {
	for {
		major, _, a, j := d.head(i)
		switch major {
		case majorUint, majorNeg:
			return major == majorNeg, a, nil, j, true
		case majorTag:
			if (a == 2 || a == 3) && d.data[j]>>5 == majorBytes {
				b, end := d.str(j)
				n := bigFromBytes(b, a == 3)
				return false, 0, n, end, true
			}
			i = j
			continue
		}
		return false, 0, nil, i, false
	}
}

func bigFromBytes(b []byte, neg bool) *big.Int {
	n := new(big.Int).SetBytes(b)
	if neg {
		n.Add(n, bigOne)
		n.Neg(n)
	}
	return n
}

func intText(neg bool, arg uint64) string {
	if !neg {
		return strconv.FormatUint(arg, 10)
	}
	if arg == math.MaxUint64 {
		return "-18446744073709551616"
	}
	return "-" + strconv.FormatUint(arg+1, 10)
}

func decodeInt(d *decState, i int, v reflect.Value) int {
	if !d.plain(i) {
		return d.validated(decodeInt, i, v)
	}
	start := d.skipTags(i)
	if d.isNull(start) {
		return start + 1
	}
	neg, arg, n, end, ok := d.integer(i)
	if !ok {
		return d.typeErr(start, v.Type(), "")
	}
	var x int64
	switch {
	case n != nil && n.IsInt64():
		x = n.Int64()
	case n != nil:
		return d.rangeErr(start, end, v.Type(), n.String())
	case !neg && arg <= math.MaxInt64:
		x = int64(arg)
	case neg && arg <= math.MaxInt64:
		x = ^int64(arg)
	default:
		return d.rangeErr(start, end, v.Type(), intText(neg, arg))
	}
	if v.OverflowInt(x) {
		return d.rangeErr(start, end, v.Type(), strconv.FormatInt(x, 10))
	}
	v.SetInt(x)
	return end
}

func (d *decState) rangeErr(i, end int, t reflect.Type, num string) int {
	if d.err == nil {
		d.err = &UnmarshalTypeError{Value: "number " + num, Type: t, Offset: int64(i)}
	}
	return end
}

func decodeUint(d *decState, i int, v reflect.Value) int {
	if !d.plain(i) {
		return d.validated(decodeUint, i, v)
	}
	start := d.skipTags(i)
	if d.isNull(start) {
		return start + 1
	}
	neg, arg, n, end, ok := d.integer(i)
	if !ok {
		return d.typeErr(start, v.Type(), "")
	}
	var x uint64
	switch {
	case n != nil && n.IsUint64():
		x = n.Uint64()
	case n != nil:
		return d.rangeErr(start, end, v.Type(), n.String())
	case neg:
		return d.rangeErr(start, end, v.Type(), intText(neg, arg))
	default:
		x = arg
	}
	if v.OverflowUint(x) {
		return d.rangeErr(start, end, v.Type(), strconv.FormatUint(x, 10))
	}
	v.SetUint(x)
	return end
}

// float reads the number at i as a float64 (integers and bignums rounded
// to the nearest).
func (d *decState) float(i int) (float64, int, bool) {
	if d.data[i] == 0xfb { // a double, the common case
		return math.Float64frombits(binary.BigEndian.Uint64(d.data[i+1 : i+9])), i + 9, true
	}
	i = d.skipTags(i)
	major, ai, arg, j := d.head(i)
	if major == majorSimple {
		switch ai {
		case aiTwo:
			return halfToFloat64(uint16(arg)), j, true
		case aiFour:
			return float32ToFloat64(uint32(arg)), j, true
		case aiEight:
			return math.Float64frombits(arg), j, true
		}
		return 0, i, false
	}
	neg, a, n, end, ok := d.integer(i)
	switch {
	case !ok:
		return 0, i, false
	case n != nil:
		f, _ := new(big.Float).SetInt(n).Float64()
		return f, end, true
	case neg:
		return -1 - float64(a), end, true
	}
	return float64(a), end, true
}

func decodeFloat(d *decState, i int, v reflect.Value) int {
	if !d.plain(i) {
		return d.validated(decodeFloat, i, v)
	}
	start := d.skipTags(i)
	if d.isNull(start) {
		return start + 1
	}
	f, end, ok := d.float(i)
	if !ok {
		return d.typeErr(start, v.Type(), "")
	}
	if v.Kind() == reflect.Float32 && !math.IsInf(f, 0) && v.OverflowFloat(f) {
		return d.rangeErr(start, end, v.Type(), strconv.FormatFloat(f, 'g', -1, 64))
	}
	v.SetFloat(f)
	return end
}

func decodeString(d *decState, i int, v reflect.Value) int {
	if !d.plain(i) {
		return d.validated(decodeString, i, v)
	}
	i = d.skipTags(i)
	if d.data[i]>>5 != majorText {
		if d.isNull(i) {
			return i + 1
		}
		return d.typeErr(i, v.Type(), "")
	}
	s, end := d.str(i)
	v.SetString(d.string(s))
	return end
}

func decodeByteSlice(d *decState, i int, v reflect.Value) int {
	if !d.plain(i) {
		return d.validated(decodeByteSlice, i, v)
	}
	i = d.skipTags(i)
	switch {
	case d.isNull(i):
		v.SetZero()
		return i + 1
	case d.data[i]>>5 != majorBytes:
		if d.data[i]>>5 == majorArray {
			return sliceDecoder(v.Type())(d, i, v)
		}
		return d.typeErr(i, v.Type(), "")
	}
	s, end := d.str(i)
	b := make([]byte, len(s))
	copy(b, s) // make and copy: the runtime does not zero b first
	if v.CanAddr() {
		*(*[]byte)(binfmt.Addr(v)) = b // v is a slice of a byte kind
	} else {
		v.SetBytes(b)
	}
	return end
}

func sliceDecoder(t reflect.Type) decFunc {
	elem := decoderFor(t.Elem())
	bulk := bulkDecoder(t.Elem())
	inPlace := arrayInPlace(t.Elem())
	empty := reflect.MakeSlice(t, 0, 0) // shared by every empty array: it has no element to share
	size := max(int(t.Elem().Size()), 1)
	var self decFunc
	self = func(d *decState, i int, v reflect.Value) int {
		if !d.plain(i) {
			return d.validated(self, i, v)
		}
		i = d.skipTypedTags(i, v)
		if i < 0 {
			return -i
		}
		switch {
		case d.isNull(i):
			v.SetZero()
			return i + 1
		case d.data[i]>>5 != majorArray:
			return d.typeErr(i, t, "")
		}
		_, ai, n, j := d.head(i)
		if ai != aiIndef {
			d.open(n, false, j)
			defer d.close()
		}
		if n == 0 && ai != aiIndef {
			v.Set(empty)
			return j
		}
		limit := max(1<<20, 8*len(d.data)) / size // elements allocated at once
		pre := n                                  // checked: what the budget allows
		if d.check && ai != aiIndef {
			pre = uint64(d.presize(n, size))
		}
		if ai != aiIndef && pre == n && (size <= 8 || n <= uint64(limit)) {
			// The data is well-formed, so n items are there (each at
			// least one byte): the slice is allocated whole when that
			// takes at most 8 bytes per byte of input (or 1 MiB).
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
		// Large elements, or an unknown count: the slice grows as items
		// are decoded (its length is its capacity; the items decoded are
		// s[:k]).
		s := reflect.MakeSlice(t, 4, 4)
		if ai != aiIndef {
			c := max(int(min(uint64(limit), pre)), 1)
			s = reflect.MakeSlice(t, c, c)
		}
		k := 0
		for more := n; ai == aiIndef && d.data[j] != breakByte || ai != aiIndef && more > 0; more-- {
			if k == s.Len() {
				ns := reflect.MakeSlice(t, 2*k, 2*k)
				reflect.Copy(ns, s)
				s = ns
			}
			j = elem(d, j, s.Index(k))
			k++
		}
		if ai == aiIndef {
			j++
		}
		v.Set(s.Slice(0, k))
		return j
	}
	return self
}

// bulkFunc decodes n items into the elements at p without reflection. It
// reports false when an item is not of the form it handles (having stored
// nothing the element decoders will not redo); the caller then decodes
// the items one by one, which reports the errors.
type bulkFunc func(d *decState, j int, p unsafe.Pointer, n int) (int, bool)

// bulkDecoder returns the bulk decoder of slices of t: integers, floats
// and strings of types without unmarshaling methods; nil for others.
func bulkDecoder(t reflect.Type) bulkFunc {
	p := reflect.PointerTo(t)
	if p.Implements(unmarshalerType) || p.Implements(textUnmarshalType) || t == numberType || t == simpleType {
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
		return bulkUints[uint16]
	case reflect.Uint32:
		return bulkUints[uint32]
	case reflect.Uint64:
		return bulkUints[uint64]
	case reflect.Uint:
		return bulkUints[uint]
	case reflect.Float32:
		return bulkFloats[float32]
	case reflect.Float64:
		return bulkFloats[float64]
	case reflect.String:
		return bulkStrings
	}
	return nil
}

func bulkInts[T int8 | int16 | int32 | int64 | int](d *decState, j int, p unsafe.Pointer, n int) (int, bool) {
	s := unsafe.Slice((*T)(p), n)
	for k := range s {
		if b := d.data[j]; b < aiOne { // 0 to 23
			s[k], j = T(b), j+1
			continue
		}
		if !d.plain(j) {
			return j, false
		}
		neg, arg, big, end, ok := d.integer(j)
		if !ok || big != nil || arg > math.MaxInt64 {
			return j, false
		}
		x := int64(arg)
		if neg {
			x = ^x
		}
		if int64(T(x)) != x {
			return j, false
		}
		s[k], j = T(x), end
	}
	return j, true
}

func bulkUints[T uint16 | uint32 | uint64 | uint](d *decState, j int, p unsafe.Pointer, n int) (int, bool) {
	s := unsafe.Slice((*T)(p), n)
	for k := range s {
		if b := d.data[j]; b < aiOne {
			s[k], j = T(b), j+1
			continue
		}
		if !d.plain(j) {
			return j, false
		}
		neg, arg, big, end, ok := d.integer(j)
		if !ok || big != nil || neg || uint64(T(arg)) != arg {
			return j, false
		}
		s[k], j = T(arg), end
	}
	return j, true
}

func bulkFloats[T float32 | float64](d *decState, j int, p unsafe.Pointer, n int) (int, bool) {
	s := unsafe.Slice((*T)(p), n)
	for k := range s {
		var f float64
		end := j + 9
		if d.data[j] == 0xfb { // a double, the common case
			f = math.Float64frombits(binary.BigEndian.Uint64(d.data[j+1:]))
		} else {
			var ok bool
			if !d.plain(j) {
				return j, false
			}
			if f, end, ok = d.float(j); !ok {
				return j, false
			}
		}
		if unsafe.Sizeof(s[k]) == 4 && math.Abs(f) > math.MaxFloat32 && !math.IsInf(f, 0) {
			return j, false // the element decoder reports it
		}
		s[k], j = T(f), end
	}
	return j, true
}

func bulkStrings(d *decState, j int, p unsafe.Pointer, n int) (int, bool) {
	if n == 0 { // p may be a [0]string at the end of a struct: no string fits there
		return j, true
	}
	s := unsafe.Slice((*string)(p), n)
	for k := range s {
		if !d.plain(j) {
			return j, false
		}
		i := d.skipTags(j)
		if d.data[i]>>5 != majorText {
			return j, false
		}
		b, end := d.str(i)
		s[k], j = d.string(b), end
	}
	return j, true
}

// skipTypedTags skips the tags at i. When the innermost is an RFC 8746
// typed array tag on a byte string, it decodes the typed array into slice
// or array v and returns minus its end.
func (d *decState) skipTypedTags(i int, v reflect.Value) int {
	for d.data[i]>>5 == majorTag {
		_, _, tag, j := d.head(i)
		if te, ok := typedInfo(tag); ok && d.data[j]>>5 == majorBytes {
			return -d.typedArray(i, j, te, v)
		}
		i = j
	}
	return i
}

// typedArray decodes the typed array whose byte string is at j into v.
func (d *decState) typedArray(i, j int, te typedElem, v reflect.Value) int {
	b, end := d.str(j)
	et := v.Type().Elem()
	if len(b)%te.size != 0 || !isNumberKind(et.Kind()) {
		return d.typeErrEnd(i, end, v.Type(), "typed array")
	}
	n := len(b) / te.size
	if v.Kind() == reflect.Slice {
		v.Set(reflect.MakeSlice(v.Type(), n, n))
	}
	for k := 0; k < n && k < v.Len(); k++ {
		x, u, f := te.load(b[k*te.size:])
		e := v.Index(k)
		ok := true
		switch {
		case te.float:
			ok = setFloatTo(e, f)
		case te.signed:
			ok = setIntTo(e, x)
		default:
			ok = setUintTo(e, u)
		}
		if !ok {
			return d.typeErrEnd(i, end, v.Type(), "typed array element out of range")
		}
	}
	for k := n; k < v.Len(); k++ {
		v.Index(k).SetZero()
	}
	return end
}

func (d *decState) typeErrEnd(i, end int, t reflect.Type, what string) int {
	if d.err == nil {
		d.err = &UnmarshalTypeError{Value: what, Type: t, Offset: int64(i)}
	}
	return end
}

func isNumberKind(k reflect.Kind) bool {
	switch k {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return true
	}
	return false
}

func setIntTo(v reflect.Value, x int64) bool {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(x))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if x < 0 || v.OverflowUint(uint64(x)) {
			return false
		}
		v.SetUint(uint64(x))
	default:
		if v.OverflowInt(x) {
			return false
		}
		v.SetInt(x)
	}
	return true
}

func setUintTo(v reflect.Value, x uint64) bool {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(x))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if x > math.MaxInt64 || v.OverflowInt(int64(x)) {
			return false
		}
		v.SetInt(int64(x))
	default:
		if v.OverflowUint(x) {
			return false
		}
		v.SetUint(x)
	}
	return true
}

func setFloatTo(v reflect.Value, f float64) bool {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		v.SetFloat(f)
		return true
	}
	return false
}

// arrayInPlace returns, for an array type of numbers that bulkDecoder
// takes, a decoder of a definite array item of exactly that length (no
// tags) into the memory at p (the elements of a slice of arrays:
// coordinates; struct fields), and nil for other types. It reports false
// for anything else, and for an element that does not fit, leaving the
// item to the array's decoder.
func arrayInPlace(t reflect.Type) func(d *decState, i int, p unsafe.Pointer) (int, bool) {
	if t.Kind() != reflect.Array || t.Len() == 0 || t.Len() >= aiOne {
		return nil
	}
	bulk := bulkDecoder(t.Elem())
	if bulk == nil {
		return nil
	}
	head := majorArray<<5 | byte(t.Len())
	return func(d *decState, i int, p unsafe.Pointer) (int, bool) {
		if d.data[i] != head {
			return i, false
		}
		d.open(uint64(head&31), false, i+1)
		end, ok := bulk(d, i+1, p, int(head&31))
		d.close()
		return end, ok
	}
}

func arrayDecoder(t reflect.Type) decFunc {
	elem := decoderFor(t.Elem())
	bulk := bulkDecoder(t.Elem())
	bytesArray := t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem())
	var self decFunc
	self = func(d *decState, i int, v reflect.Value) int {
		if !d.plain(i) {
			return d.validated(self, i, v)
		}
		i = d.skipTypedTags(i, v)
		if i < 0 {
			return -i
		}
		major := d.data[i] >> 5
		switch {
		case d.isNull(i):
			return i + 1
		case bytesArray && major == majorBytes:
			s, end := d.str(i)
			k := reflect.Copy(v, reflect.ValueOf(s))
			for ; k < v.Len(); k++ {
				v.Index(k).SetZero()
			}
			return end
		case major != majorArray:
			return d.typeErr(i, t, "")
		}
		_, ai, n, j := d.head(i)
		if ai != aiIndef {
			d.open(n, false, j)
			defer d.close()
		}
		if bulk != nil && ai != aiIndef && n == uint64(t.Len()) && n > 0 && v.CanAddr() {
			if end, ok := bulk(d, j, binfmt.Addr(v), int(n)); ok {
				return end
			}
		}
		k := 0
		for ; ai == aiIndef && d.data[j] != breakByte || ai != aiIndef && uint64(k) < n; k++ {
			if k < v.Len() {
				j = elem(d, j, v.Index(k))
			} else {
				j = d.skip(j)
			}
		}
		for ; k < v.Len(); k++ {
			v.Index(k).SetZero()
		}
		if ai == aiIndef {
			j++
		}
		return j
	}
	return self
}

// pairs calls f for each key of the map at i with the key's offset, and
// f returns the end of the value; pairs returns the map's end.
func (d *decState) pairs(i int, f func(k int) int) int {
	_, ai, n, j := d.head(i)
	if ai == aiIndef {
		for d.data[j] != breakByte {
			j = f(j)
		}
		return j + 1
	}
	d.open(n, true, j)
	for ; n > 0; n-- {
		j = f(j)
	}
	d.close()
	return j
}

func mapDecoder(t reflect.Type) decFunc {
	kt, et := t.Key(), t.Elem()
	keyDec, elemDec := decoderFor(kt), decoderFor(et)
	stringKey := kt.Kind() == reflect.String && !reflect.PointerTo(kt).Implements(textUnmarshalType) && !reflect.PointerTo(kt).Implements(unmarshalerType)
	// A map of (unnamed) strings to strings stores text pairs directly.
	strMap := kt == stringType && et == stringType
	entrySize := max(int(kt.Size()+et.Size()), 1)
	var self decFunc
	self = func(d *decState, i int, v reflect.Value) int {
		if !d.plain(i) {
			return d.validated(self, i, v)
		}
		i = d.skipTags(i)
		switch {
		case d.isNull(i):
			v.SetZero()
			return i + 1
		case d.data[i]>>5 != majorMap:
			return d.typeErr(i, t, "")
		}
		if v.IsNil() {
			_, _, n, j := d.head(i)
			d.checkCount(n, true, j) // before the map is made for it
			v.Set(reflect.MakeMapWithSize(t, d.presize(min(n, 1024), entrySize)))
		}
		var m map[string]string
		if strMap && v.CanAddr() {
			m = *(*map[string]string)(binfmt.Addr(v))
		}
		var key, elem reflect.Value
		return d.pairs(i, func(k int) int {
			if m != nil && d.data[k]>>5 == majorText && d.data[k] != majorText<<5|aiIndef && d.plain(k) { // a definite key is not in d.buf, which the value may use
				name, end := d.str(k)
				if d.data[end]>>5 == majorText && d.plain(end) {
					s, end := d.str(end)
					m[d.string(name)] = d.string(s)
					return end
				}
			}
			if !d.plain(k) {
				d.skip(k) // checks the key
			}
			if !key.IsValid() {
				key, elem = reflect.New(kt).Elem(), reflect.New(et).Elem()
			}
			key.SetZero()
			var j int
			if k2 := d.skipTags(k); stringKey && d.data[k2]>>5 == majorText {
				s, end := d.str(k2)
				key.SetString(d.string(s))
				j = end
			} else {
				before := d.err
				j = keyDec(d, k, key)
				if d.err != before {
					return d.skip(j)
				}
			}
			elem.SetZero()
			j = elemDec(d, j, elem)
			v.SetMapIndex(key, elem)
			return j
		})
	}
	return self
}

// structDec decodes maps into structs of one type.
type structDec struct {
	t      reflect.Type
	s      *binfmt.Struct
	fields []fieldDec // by the index of s.Fields
}

// fieldDec is what decoding needs of one field, in one place.
type fieldDec struct {
	key     keyWords
	keyUTF8 bool         // the field's name is valid UTF-8: a key equal to it needs no check
	kind    reflect.Kind // the field is decoded by scalarInto (0: not)
	offset  uintptr
	inPlace func(d *decState, i int, p unsafe.Pointer) (int, bool)
	dec     decFunc
}

// keyWords holds a field's encoded key of up to 16 bytes (head and name)
// as two little-endian words, zero-padded, and the masks of its bytes, to
// compare the key at an offset with two loads when 16 bytes are left
// there; n is the key's length, 0 when it is longer (or not UTF-8).
type keyWords struct {
	w, m [2]uint64
	n    int
}

func newKeyWords(key []byte) keyWords {
	var kw keyWords
	if len(key) == 0 || len(key) > 16 {
		return kw
	}
	var b, m [16]byte
	copy(b[:], key)
	for i := range key {
		m[i] = 0xff
	}
	kw.w = [2]uint64{binary.LittleEndian.Uint64(b[:]), binary.LittleEndian.Uint64(b[8:])}
	kw.m = [2]uint64{binary.LittleEndian.Uint64(m[:]), binary.LittleEndian.Uint64(m[8:])}
	kw.n = len(key)
	return kw
}

func structDecoder(t reflect.Type) decFunc {
	s := structs.For(t)
	sd := &structDec{t: t, s: s, fields: make([]fieldDec, len(s.Fields))}
	var built sync.Once
	var self decFunc
	self = func(d *decState, i int, v reflect.Value) int {
		if !d.plain(i) {
			return d.validated(self, i, v)
		}
		built.Do(func() {
			for k, f := range s.Fields {
				fd := &sd.fields[k]
				fd.dec = decoderFor(f.Type)
				fd.kind = f.ScalarKind(ownDecoding(f.Type))
				if !f.EmbedPtr && !ownDecoding(f.Type) {
					fd.inPlace = arrayInPlace(f.Type)
				}
				fd.keyUTF8 = len(f.Key) > 0 && utf8.ValidString(f.Name)
				if fd.keyUTF8 {
					fd.key = newKeyWords(f.Key)
				}
				fd.offset = f.Offset
			}
		})
		i = d.skipTags(i)
		switch {
		case d.isNull(i):
			return i + 1
		case d.data[i]>>5 != majorMap:
			return d.typeErr(i, t, "")
		}
		var base unsafe.Pointer
		if v.CanAddr() {
			base = binfmt.Addr(v)
		}
		next := 0 // the field expected next
		_, ai, n, j := d.head(i)
		if ai == aiIndef {
			for d.data[j] != breakByte {
				j = sd.pair(d, j, v, base, &next)
			}
			return j + 1
		}
		d.open(n, true, j)
		for ; n > 0; n-- {
			j = sd.pair(d, j, v, base, &next)
		}
		d.close()
		return j
	}
	return self
}

// pair decodes the key at k and its value into the field of struct v (at
// base when addressable) that it names, and returns the value's end;
// next is the field expected next.
func (sd *structDec) pair(d *decState, k int, v reflect.Value, base unsafe.Pointer, next *int) int {
	s := sd.s
	fi, j := -1, 0
	// The key the field expected next, written as Marshal writes it: a
	// definite text string of the name's length.
	if n := *next; n < len(sd.fields) && (!d.check || d.o.MaxTokenBytes <= 0 || len(s.Fields[n].Name) <= d.o.MaxTokenBytes) {
		if kw := &sd.fields[n].key; kw.n > 0 && k <= len(d.data)-16 {
			if binary.LittleEndian.Uint64(d.data[k:])&kw.m[0] == kw.w[0] && binary.LittleEndian.Uint64(d.data[k+8:])&kw.m[1] == kw.w[1] {
				fi, j, *next = n, k+kw.n, n+1
			}
		} else if sd.fields[n].keyUTF8 && bytes.HasPrefix(d.data[k:], s.Fields[n].Key) {
			fi, j, *next = n, k+len(s.Fields[n].Key), n+1
		}
	}
	if fi < 0 {
		if !d.plain(k) {
			d.skip(k) // checks the key
		}
		k = d.skipTags(k)
		if d.data[k]>>5 != majorText {
			return d.skip(d.skip(k))
		}
		var name []byte
		name, j = d.str(k)
		fi = s.LookupNext(name, d.o.Has(opts.MatchCaseSensitive), next)
		if fi < 0 {
			if d.o.Has(opts.RejectUnknownMembers) && d.err == nil {
				d.err = &UnmarshalTypeError{Value: "unknown field " + strconv.Quote(string(name)), Type: sd.t, Offset: int64(k)}
			}
			return d.skip(j)
		}
	}
	fd := &sd.fields[fi]
	if base != nil && fd.kind != 0 {
		if end, ok := d.scalarInto(fd.kind, j, unsafe.Add(base, fd.offset)); ok {
			return end
		}
	}
	if base != nil && fd.inPlace != nil {
		if end, ok := fd.inPlace(d, j, unsafe.Add(base, fd.offset)); ok {
			return end
		}
	}
	f := &s.Fields[fi]
	fv, ok := binfmt.FieldByIndexAlloc(v, f.Index)
	if !ok {
		return d.typeErr(j, f.Type, "value for a field behind a nil pointer to an unexported struct")
	}
	return fd.dec(d, j, fv)
}

// ownDecoding reports whether type t has a decoding other than by its
// kind (newDecoder's special types and methods).
func ownDecoding(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return t == numberType || t == simpleType || p.Implements(unmarshalerType) || p.Implements(textUnmarshalType)
}

// scalarInto decodes the item at i into the boolean, integer, float or
// string of kind k at p when it has the form that kind takes and fits,
// and reports false otherwise (null, other types, out of range), leaving
// the item to the decoder of the field's type, which has the same result
// for what scalarInto takes and reports the rest.
func (d *decState) scalarInto(k reflect.Kind, i int, p unsafe.Pointer) (int, bool) {
	b := d.data[i]
	if d.check && !plainHead[b] {
		return i, false
	}
	switch k {
	case reflect.String:
		if b-majorText<<5 < aiOne { // up to 23 bytes, most strings
			end := i + 1 + int(b&31)
			s := d.data[i+1 : end]
			if d.check {
				d.checkStr(b, s)
			}
			*(*string)(p) = d.string(s)
			return end, true
		}
		if b>>5 != majorText {
			return i, false
		}
		s, end := d.str(i)
		*(*string)(p) = d.string(s)
		return end, true
	case reflect.Bool:
		if b != 0xf4 && b != 0xf5 {
			return i, false
		}
		*(*bool)(p) = b == 0xf5
		return i + 1, true
	case reflect.Float32, reflect.Float64:
		f, end, ok := d.float(i)
		if !ok || !binfmt.StoreFloat(k, p, f) {
			return i, false
		}
		return end, true
	}
	neg, arg, n, end, ok := d.integer(i)
	if !ok || n != nil {
		return i, false
	}
	switch k {
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if neg || !binfmt.StoreUint(k, p, arg) {
			return i, false
		}
		return end, true
	}
	x := int64(arg)
	if neg {
		x = ^x
	}
	if arg > math.MaxInt64 || !binfmt.StoreInt(k, p, x) {
		return i, false
	}
	return end, true
}

func pointerDecoder(t reflect.Type) decFunc {
	elem := decoderFor(t.Elem())
	var self decFunc
	self = func(d *decState, i int, v reflect.Value) int {
		if !d.plain(i) {
			return d.validated(self, i, v)
		}
		if d.isNull(d.skipTags(i)) {
			v.SetZero()
			return d.skipTags(i) + 1
		}
		if v.IsNil() {
			v.Set(reflect.New(t.Elem()))
		}
		return elem(d, i, v.Elem())
	}
	return self
}

func decodeInterface(d *decState, i int, v reflect.Value) int {
	if d.check {
		return d.validated(decodeInterface, i, v)
	}
	if v.NumMethod() == 0 {
		if !v.IsNil() && v.Elem().Kind() == reflect.Pointer && !v.Elem().IsNil() && !d.isNull(i) {
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
	case d.isNull(d.skipTags(i)):
		v.SetZero()
		return d.skipTags(i) + 1
	case !v.IsNil() && v.Elem().Kind() == reflect.Pointer && !v.Elem().IsNil():
		return decoderFor(v.Elem().Type())(d, i, v.Elem())
	}
	return d.typeErr(i, v.Type(), "")
}

func decodeUnmarshaler(d *decState, i int, v reflect.Value) int {
	if d.check {
		return d.validated(decodeUnmarshaler, i, v)
	}
	end := skip(d.data, i)
	if err := v.Addr().Interface().(Unmarshaler).UnmarshalCBOR(d.data[i:end]); err != nil && d.err == nil {
		d.err = err
	}
	return end
}

func decodeText(d *decState, i int, v reflect.Value) int {
	if d.check {
		return d.validated(decodeText, i, v)
	}
	i = d.skipTags(i)
	if d.isNull(i) {
		return i + 1
	}
	if d.data[i]>>5 != majorText {
		return d.typeErr(i, v.Type(), "")
	}
	s, end := d.str(i)
	if err := v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText(s); err != nil && d.err == nil {
		d.err = err
	}
	return end
}

// decodeTime reads tag 0 (RFC 3339 text) or tag 1 (epoch seconds,
// integer or float), or the same content untagged, as a time.Time (UTC
// for epoch times).
func decodeTime(d *decState, i int, v reflect.Value) int {
	if d.check {
		return d.validated(decodeTime, i, v)
	}
	j := d.skipTags(i)
	if d.isNull(j) {
		return j + 1
	}
	t, end, ok := d.time(j)
	if !ok {
		return d.typeErr(j, v.Type(), "")
	}
	v.Set(reflect.ValueOf(t))
	return end
}

// smallBignum reports whether the item at j is a bignum (tag 2 or 3 on a
// byte string, no other tag) whose value fits an int64.
func (d *decState) smallBignum(j int) bool {
	if _, _, tag, k := d.head(j); d.data[j]>>5 != majorTag || tag != 2 && tag != 3 || d.data[k]>>5 != majorBytes {
		return false
	}
	_, _, n, _, ok := d.integer(j)
	return ok && n != nil && n.IsInt64()
}

func (d *decState) time(j int) (time.Time, int, bool) {
	switch d.data[j] >> 5 {
	case majorText:
		s, end := d.str(j)
		t, err := time.Parse(time.RFC3339Nano, string(s))
		return t, end, err == nil
	case majorTag:
		if d.smallBignum(j) { // as its integer, which Marshal writes for it
			_, _, n, end, _ := d.integer(j)
			return time.Unix(n.Int64(), 0).UTC(), end, true
		}
	case majorUint, majorNeg:
		neg, arg, _, end, _ := d.integer(j)
		if arg > math.MaxInt64 {
			return time.Time{}, end, false
		}
		sec := int64(arg)
		if neg {
			sec = ^sec
		}
		return time.Unix(sec, 0).UTC(), end, true
	}
	f, end, ok := d.float(j)
	if !ok || math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) > 1<<62 {
		return time.Time{}, end, false
	}
	sec, frac := math.Modf(f)
	return time.Unix(int64(sec), int64(math.Round(frac*1e9))).UTC(), end, true
}

func decodeBigInt(d *decState, i int, v reflect.Value) int {
	if d.check {
		return d.validated(decodeBigInt, i, v)
	}
	start := d.skipTags(i)
	if d.isNull(start) {
		return start + 1
	}
	neg, arg, n, end, ok := d.integer(i)
	if !ok {
		return d.typeErr(start, v.Type(), "")
	}
	if n == nil {
		n = new(big.Int).SetUint64(arg)
		if neg {
			n.Add(n, bigOne)
			n.Neg(n)
		}
	}
	v.Set(reflect.ValueOf(*n))
	return end
}

func decodeTag(d *decState, i int, v reflect.Value) int {
	if d.check {
		return d.validated(decodeTag, i, v)
	}
	if d.data[i]>>5 != majorTag {
		if d.isNull(i) {
			return i + 1
		}
		return d.typeErr(i, v.Type(), "")
	}
	_, _, tag, j := d.head(i)
	content, end := d.any(j)
	v.Set(reflect.ValueOf(Tag{Number: tag, Content: content}))
	return end
}

func decodeSimple(d *decState, i int, v reflect.Value) int {
	if d.check {
		return d.validated(decodeSimple, i, v)
	}
	i = d.skipTags(i)
	major, ai, arg, j := d.head(i)
	if major != majorSimple || ai >= 20 && ai <= 23 || ai >= aiTwo {
		return d.typeErr(i, v.Type(), "")
	}
	v.SetUint(arg)
	return j
}

func decodeNumber(d *decState, i int, v reflect.Value) int {
	if d.check {
		return d.validated(decodeNumber, i, v)
	}
	start := d.skipTags(i)
	if d.isNull(start) {
		return start + 1
	}
	if neg, arg, n, end, ok := d.integer(i); ok {
		s := intText(neg, arg)
		if n != nil {
			s = n.String()
		}
		v.SetString(s)
		return end
	}
	f, end, ok := d.float(i)
	if !ok || math.IsNaN(f) || math.IsInf(f, 0) {
		return d.typeErr(start, v.Type(), "")
	}
	v.SetString(strconv.FormatFloat(f, 'g', -1, 64))
	return end
}
