package msgpack

import (
	"encoding/binary"
	"math"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"unsafe"

	"github.com/celerjson/celer/internal/binfmt"
	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
)

// Marshal by address.
//
// The shared plans of internal/binfmt pass every value as a
// reflect.Value: a field costs a FieldByIndex, an indirect call and a
// v.Int() or v.String() through reflect's flags. For the types most
// documents are made of (structs, slices, arrays and pointers of
// booleans, numbers and strings, and map[string]string) MessagePack has
// encoders that read the value's memory at its address instead, with the
// scalar fields of a struct written inline in its loop, each after its
// key encoded once with the plan. They write exactly what the shared
// plans write (TestMarshalByAddress compares them over the corpus); any
// type they do not take (marshaling methods, the format's own types,
// interfaces, other maps, embedded pointers) goes to the shared encoder
// of its type, given a reflect.Value made from its address.
//
// The shared plans reach them through the Kind hook (addrKind): a
// struct, slice or array value that has an address (every value under a
// pointer, every slice element) is encoded by address; one without (a
// struct passed by value, a map's values) by the shared plan.

// addrEnc appends the encoding of the value of its type at p.
type addrEnc func(e *binfmt.Enc, p unsafe.Pointer) error

var addrCache sync.Map // reflect.Type -> addrEnc

// addrEncoderFor returns the address encoder of type t, built once.
func addrEncoderFor(t reflect.Type) addrEnc {
	if enc, ok := addrCache.Load(t); ok {
		return enc.(addrEnc)
	}
	// Recursive types: a stand-in calls the real encoder once built.
	var real addrEnc
	var wg sync.WaitGroup
	wg.Add(1)
	enc, loaded := addrCache.LoadOrStore(t, addrEnc(func(e *binfmt.Enc, p unsafe.Pointer) error {
		wg.Wait()
		return real(e, p)
	}))
	if loaded {
		return enc.(addrEnc)
	}
	real = newAddrEncoder(t)
	wg.Done()
	addrCache.Store(t, real)
	return real
}

// ownEncoding reports whether values of type t are encoded other than by
// their kind: the format's own types and marshaling methods (on t or on
// *t, which an addressed value has).
func ownEncoding(t reflect.Type) bool {
	if special(t) != nil || t.Kind() == reflect.Pointer && special(t.Elem()) != nil {
		return true
	}
	if t.Implements(marshalerType) || t.Implements(textMarshalerType) {
		return true
	}
	p := reflect.PointerTo(t)
	return t.Kind() != reflect.Pointer && (p.Implements(marshalerType) || p.Implements(textMarshalerType))
}

// valueAt returns the addressable reflect.Value of type t at p; pt is an
// empty interface holding a *t (any pointer of that type), whose type
// word it borrows, so that no pointer type is looked up per call.
func valueAt(pt any, p unsafe.Pointer) reflect.Value {
	x := pt
	(*[2]unsafe.Pointer)(unsafe.Pointer(&x))[1] = p
	return reflect.ValueOf(x).Elem()
}

// viaShared encodes the value at p with enc, a reflection encoder of t.
func viaShared(t reflect.Type, enc binfmt.EncFunc) addrEnc {
	pt := reflect.New(t).Interface()
	return func(e *binfmt.Enc, p unsafe.Pointer) error { return enc(e, valueAt(pt, p)) }
}

func newAddrEncoder(t reflect.Type) addrEnc {
	if ownEncoding(t) {
		return viaShared(t, format.EncoderFor(t))
	}
	if k := scalarKind(t); k != 0 {
		return func(e *binfmt.Enc, p unsafe.Pointer) error { return scalar(e, k, p) }
	}
	switch t.Kind() {
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem()) {
			return func(e *binfmt.Enc, p unsafe.Pointer) error { return appendBin(e, *(*[]byte)(p)) }
		}
		s := newSeqEnc(t.Elem())
		s.name = t.String()
		return func(e *binfmt.Enc, p unsafe.Pointer) error {
			h := (*[]byte)(p) // the data pointer and length of any slice
			if *h == nil {
				e.Buf = append(e.Buf, bNil)
				return nil
			}
			if uint64(len(*h)) > maxLen32 {
				return limitError("slice of " + strconv.Itoa(len(*h)) + " elements exceeds the 2^32-1 of MessagePack")
			}
			return s.encodeSlice(e, unsafe.Pointer(unsafe.SliceData(*h)), len(*h))
		}
	case reflect.Array:
		n := t.Len()
		if t.Elem().Kind() == reflect.Uint8 && !elemHasMethods(t.Elem()) {
			return func(e *binfmt.Enc, p unsafe.Pointer) error {
				return appendBin(e, unsafe.Slice((*byte)(p), n))
			}
		}
		if uint64(n) > maxLen32 {
			return viaShared(t, format.SharedEncoder(t)) // the shared plan's error
		}
		s := newSeqEnc(t.Elem())
		return func(e *binfmt.Enc, p unsafe.Pointer) error { return s.encode(e, p, n) }
	case reflect.Struct:
		if st := structEncFor(t); st != nil {
			return st.encode
		}
		return viaShared(t, format.SharedEncoder(t))
	case reflect.Pointer:
		elem := t.Elem()
		var enc addrEnc
		var once sync.Once
		return func(e *binfmt.Enc, p unsafe.Pointer) error {
			q := *(*unsafe.Pointer)(p)
			if q == nil {
				e.Buf = append(e.Buf, bNil)
				return nil
			}
			if e.Depth++; e.Depth > e.O.MaxDepth {
				return &errs.Detail{Msg: "msgpack: exceeded max depth (a pointer cycle?) marshaling " + t.String(), Sentinel: errs.ErrDepth}
			}
			once.Do(func() { enc = addrEncoderFor(elem) })
			err := enc(e, q)
			e.Depth--
			return err
		}
	case reflect.Map:
		if t.Key() == stringType && t.Elem() == stringType {
			shared := format.EncoderFor(t)
			pt := reflect.New(t).Interface()
			return func(e *binfmt.Enc, p unsafe.Pointer) error {
				if e.Det {
					return shared(e, valueAt(pt, p))
				}
				return stringMap(e, t, *(*map[string]string)(p))
			}
		}
		if t.Key() == stringType && addrSafe(t.Elem(), map[reflect.Type]bool{}) {
			return stringKeyMap(t)
		}
	}
	return viaShared(t, format.EncoderFor(t))
}

// Scalar kinds written inline: the kinds of booleans, numbers and strings
// without encodings of their own, and pointers to strings.
const (
	sNone uint8 = iota
	sBool
	sInt
	sInt8
	sInt16
	sInt32
	sInt64
	sUint
	sUint8
	sUint16
	sUint32
	sUint64
	sUintptr
	sFloat32
	sFloat64
	sString
	sStringPtr
	sFloat64Array // seqEnc only: elements [m]float64 (m <= 15)
)

// scalarKind returns the inline kind of type t, or sNone.
func scalarKind(t reflect.Type) uint8 {
	if ownEncoding(t) {
		return sNone
	}
	switch t.Kind() {
	case reflect.Bool:
		return sBool
	case reflect.Int:
		return sInt
	case reflect.Int8:
		return sInt8
	case reflect.Int16:
		return sInt16
	case reflect.Int32:
		return sInt32
	case reflect.Int64:
		return sInt64
	case reflect.Uint:
		return sUint
	case reflect.Uint8:
		return sUint8
	case reflect.Uint16:
		return sUint16
	case reflect.Uint32:
		return sUint32
	case reflect.Uint64:
		return sUint64
	case reflect.Uintptr:
		return sUintptr
	case reflect.Float32:
		return sFloat32
	case reflect.Float64:
		return sFloat64
	case reflect.String:
		return sString
	case reflect.Pointer:
		if t.Elem() == stringType {
			return sStringPtr
		}
	}
	return sNone
}

// scalar writes the value of inline kind k at p.
func scalar(e *binfmt.Enc, k uint8, p unsafe.Pointer) error {
	switch k {
	case sString:
		return appendStr(e, *(*string)(p))
	case sInt64:
		e.Buf = appendIntFast(e.Buf, *(*int64)(p))
	case sInt:
		e.Buf = appendIntFast(e.Buf, int64(*(*int)(p)))
	case sBool:
		e.Buf = append(e.Buf, bFalse+*(*byte)(p)&1)
	case sFloat64:
		e.Buf = appendFloat64(e.Buf, *(*float64)(p), e.Short)
	case sStringPtr:
		q := *(**string)(p)
		if q == nil {
			e.Buf = append(e.Buf, bNil)
			return nil
		}
		if e.Depth+1 > e.O.MaxDepth { // as the pointer encoder counts it
			return &errs.Detail{Msg: "msgpack: exceeded max depth (a pointer cycle?) marshaling *string", Sentinel: errs.ErrDepth}
		}
		return appendStr(e, *q)
	case sInt8:
		e.Buf = appendIntFast(e.Buf, int64(*(*int8)(p)))
	case sInt16:
		e.Buf = appendIntFast(e.Buf, int64(*(*int16)(p)))
	case sInt32:
		e.Buf = appendIntFast(e.Buf, int64(*(*int32)(p)))
	case sUint64:
		e.Buf = appendUintFast(e.Buf, *(*uint64)(p))
	case sUint:
		e.Buf = appendUintFast(e.Buf, uint64(*(*uint)(p)))
	case sUintptr:
		e.Buf = appendUintFast(e.Buf, uint64(*(*uintptr)(p)))
	case sUint8:
		e.Buf = appendUintFast(e.Buf, uint64(*(*uint8)(p)))
	case sUint16:
		e.Buf = appendUintFast(e.Buf, uint64(*(*uint16)(p)))
	case sUint32:
		e.Buf = appendUintFast(e.Buf, uint64(*(*uint32)(p)))
	case sFloat32:
		e.Buf = appendFloat(e.Buf, float64(*(*float32)(p)), 32, false)
	}
	return nil
}

// appendStr writes string s (valid UTF-8 unless AllowInvalidUTF8).
func appendStr(e *binfmt.Enc, s string) error {
	if !e.O.Has(opts.AllowInvalidUTF8) && !binfmt.ValidUTF8(unsafeBytes(s)) {
		return &errs.Detail{Msg: "msgpack: invalid UTF-8 in string " + strconv.Quote(s), Sentinel: ErrInvalidUTF8}
	}
	if uint64(len(s)) > maxLen32 {
		return limitError("string of " + strconv.Itoa(len(s)) + " bytes exceeds the 2^32-1 bytes of MessagePack")
	}
	if len(s) <= 31 {
		e.Buf = append(append(e.Buf, bFixstr|byte(len(s))), s...)
		return nil
	}
	e.Buf = append(appendStrHead(e.Buf, len(s)), s...)
	return nil
}

// appendBin writes the byte slice b, nil as nil.
func appendBin(e *binfmt.Enc, b []byte) error {
	if b == nil {
		e.Buf = append(e.Buf, bNil)
		return nil
	}
	if uint64(len(b)) > maxLen32 {
		return limitError("[]byte of " + strconv.Itoa(len(b)) + " bytes exceeds the 2^32-1 bytes of MessagePack")
	}
	e.Buf = append(appendBinHead(e.Buf, len(b)), b...)
	return nil
}

// appendIntFast is appendInt with one capacity check.
func appendIntFast(dst []byte, n int64) []byte {
	if uint64(n+32) < 0x80+32 { // -32 to 127: a fixint
		return append(dst, byte(n))
	}
	return appendInt(dst, n)
}

// appendUintFast is appendUint with the fixint case first.
func appendUintFast(dst []byte, n uint64) []byte {
	if n <= 0x7f {
		return append(dst, byte(n))
	}
	return appendUint(dst, n)
}

// seqEnc writes the elements of a slice or array.
type seqEnc struct {
	bulk func(dst []byte, p unsafe.Pointer, n int, short bool) []byte // numbers in one loop
	k    uint8                                                        // inline scalar kind
	st   *structEnc                                                   // the encoder of struct elements
	elem addrEnc
	size uintptr
	m    int    // the length of sFloat64Array's arrays
	name string // the slice type, for the depth error (encodeSlice)
}

func newSeqEnc(t reflect.Type) *seqEnc {
	s := &seqEnc{bulk: bulkBodyFor(t), size: t.Size()}
	switch k := scalarKind(t); {
	case k == sInt64 || k == sInt && s.size == 8:
		s.bulk, s.k = nil, sInt64 // written by putInt, without bulkBody's dispatch
	case k == sFloat64:
		s.bulk, s.k = nil, sFloat64 // by putFloat64
	case t.Kind() == reflect.Array && t.Len() >= 1 && t.Len() <= 15 && scalarKind(t.Elem()) == sFloat64 && !ownEncoding(t):
		s.k, s.m = sFloat64Array, t.Len() // points, pairs: one loop over all their numbers
	}
	if s.bulk == nil && s.k == sNone {
		if s.k = scalarKind(t); s.k == sNone {
			if t.Kind() == reflect.Struct {
				s.st = structEncFor(t)
			}
			if s.st == nil {
				s.elem = addrEncoderFor(t)
			}
		}
	}
	return s
}

// encodeSlice writes a slice's n elements at p. A slice whose elements
// can hold slices, maps or pointers counts in the depth, as pointers and
// maps do: a slice that contains itself (t := []T{{}}; t[0].K = t) nests
// without end and would overflow the stack.
func (s *seqEnc) encodeSlice(e *binfmt.Enc, p unsafe.Pointer, n int) error {
	if s.st == nil && s.elem == nil { // numbers, strings, booleans
		return s.encode(e, p, n)
	}
	if e.Depth++; e.Depth > e.O.MaxDepth {
		return &errs.Detail{Msg: "msgpack: exceeded max depth (a slice cycle?) marshaling " + s.name, Sentinel: errs.ErrDepth}
	}
	err := s.encode(e, p, n)
	e.Depth--
	return err
}

// encode writes the n elements at p (n <= maxLen32).
func (s *seqEnc) encode(e *binfmt.Enc, p unsafe.Pointer, n int) error {
	e.Buf = appendArrayHead(e.Buf, false, uint64(n))
	if n == 0 { // p may be a [0]string at the end of a struct: no string fits there
		return nil
	}
	switch {
	case s.numbers():
		e.Buf = s.putNumbers(e.Buf, p, n, e.Short)
	case s.st != nil:
		st := s.st
		if st.once.Do(st.build); !e.Det && len(st.fields) <= 256 && !slowStruct {
			return st.fast(e, p, n, s.size) // encode's choice made once for all
		}
		for i := range n {
			if err := st.encode(e, unsafe.Add(p, uintptr(i)*s.size)); err != nil {
				return err
			}
		}
	case s.k == sString:
		strict := !e.O.Has(opts.AllowInvalidUTF8)
		for _, x := range unsafe.Slice((*string)(p), n) {
			var ok bool
			if e.Buf, ok = putStr(e.Buf, x, strict); !ok {
				if err := appendStr(e, x); err != nil {
					return err
				}
			}
		}
	case s.k != sNone:
		for i := range n {
			if err := scalar(e, s.k, unsafe.Add(p, uintptr(i)*s.size)); err != nil {
				return err
			}
		}
	default:
		for i := range n {
			if err := s.elem(e, unsafe.Add(p, uintptr(i)*s.size)); err != nil {
				return err
			}
		}
	}
	return nil
}

// numbers reports whether the elements are numbers written by
// putNumbers.
func (s *seqEnc) numbers() bool {
	return s.bulk != nil || s.k == sInt64 || s.k == sFloat64 || s.k == sFloat64Array
}

// putNumbers appends the n numbers at p (s.numbers()), floats in their
// shortest exact width when short.
func (s *seqEnc) putNumbers(buf []byte, p unsafe.Pointer, n int, short bool) []byte {
	switch {
	case s.bulk != nil:
		return s.bulk(buf, p, n, short)
	// The loops below reserve room for the longest encoding of a chunk
	// of elements at a time, so that short encodings leave little unused
	// capacity behind (and the size never overflows).
	case s.k == sInt64:
		for xs := unsafe.Slice((*int64)(p), n); len(xs) > 0; {
			k := min(len(xs), bulkChunk)
			buf = growBy(buf, 9*k)
			base, l := unsafe.Pointer(unsafe.SliceData(buf)), len(buf)
			for _, x := range xs[:k] {
				// The small integers of most arrays without a call.
				switch d := unsafe.Add(base, l); {
				case uint64(x+32) < 0x80+32: // a fixint
					*(*byte)(d) = byte(x)
					l++
				case uint64(x) <= math.MaxUint8:
					*(*[2]byte)(d) = [2]byte{bUint8, byte(x)}
					l += 2
				case uint64(x) <= math.MaxUint16:
					*(*[3]byte)(d) = [3]byte{bUint16, byte(x >> 8), byte(x)}
					l += 3
				default:
					l += putInt((*[9]byte)(d), x)
				}
			}
			buf = buf[:l]
			xs = xs[k:]
		}
	case s.k == sFloat64:
		for xs := unsafe.Slice((*float64)(p), n); len(xs) > 0; {
			k := min(len(xs), bulkChunk)
			buf = growBy(buf, 9*k)
			base, l := unsafe.Pointer(unsafe.SliceData(buf)), len(buf)
			for _, x := range xs[:k] {
				l += putFloat64((*[9]byte)(unsafe.Add(base, l)), x, short)
			}
			buf = buf[:l]
			xs = xs[k:]
		}
	case s.k == sFloat64Array:
		m := s.m
		for fs := unsafe.Slice((*float64)(p), n*m); len(fs) > 0; {
			k := min(len(fs), bulkChunk*m) // whole arrays
			buf = putFloatArrays(buf, fs[:k], m, short)
			fs = fs[k:]
		}
	}
	return buf
}

// leaf appends the array of the n elements at p (n <= maxLen32), numbers
// (s.numbers()) or strings, for a leafEnc: false, with dst as it was,
// for a string that is not valid UTF-8 when strict.
func (s *seqEnc) leaf(dst []byte, p unsafe.Pointer, n int, strict, short bool) ([]byte, bool) {
	buf := appendArrayHead(dst, false, uint64(n))
	if n == 0 { // p may be past the end of an object: no element fits there
		return buf, true
	}
	if s.k != sString {
		return s.putNumbers(buf, p, n, short), true
	}
	for _, x := range unsafe.Slice((*string)(p), n) {
		var ok bool
		if buf, ok = putStr(buf, x, strict); !ok {
			return dst, false
		}
	}
	return buf, true
}

// fieldEnc is one field of a struct encoded by address.
type fieldEnc struct {
	key  []byte   // the name as a str
	pad  [32]byte // key, when it has up to 32 bytes, then zeros
	klen int
	off  uintptr
	k    uint8      // inline scalar kind, or sNone: st or enc
	omit uint8      // how the field is left out: oNever, oNil, oLen or oFunc (skip)
	ptr  bool       // a pointer or slice encoded by its encoder by address: nil is written inline
	seq  uint8      // a slice (ptr): seqFlat or seqDeep, how an empty one is written inline
	st   *structEnc // the encoder of a struct
	enc  addrEnc    // the encoder of other types
	skip func(p unsafe.Pointer) bool
	rest int // the room the fields after this one need (structEnc.fast)
}

// How structEnc.fast writes an empty slice field (not nil) inline:
// always when its elements cannot nest (seqFlat), only within MaxDepth
// when they can (seqDeep: the slice counts in the depth, and the call
// reports the depth error); seqNone: by the call.
const (
	seqNone uint8 = iota
	seqFlat
	seqDeep
)

// How a field is left out: never, omitempty on a nil pointer or
// interface (its first word), omitempty on an empty string or slice (its
// length word), or by skip.
const (
	oNever uint8 = iota
	oNil
	oLen
	oFunc
)

// structEnc writes a struct as a map of its fields. Its fields are
// built at its first use, so that recursive types and the struct
// fields and elements that call it directly need no stand-in.
type structEnc struct {
	t        reflect.Type
	once     sync.Once
	fields   []fieldEnc
	sorted   []int // fields in the byte order of their keys (Deterministic)
	optional bool  // some field may be left out
	opt      []int // the fields that may be left out (omit is not oNever)
	room     int   // the room fast needs before its first field
}

var structCache sync.Map // reflect.Type -> *structEnc (nil: not by address)

// structEncFor returns the encoder by address of struct type t, or nil
// when a field is reached through an embedded pointer (the shared
// plan's) or t has an encoding of its own.
func structEncFor(t reflect.Type) *structEnc {
	if st, ok := structCache.Load(t); ok {
		return st.(*structEnc)
	}
	var st *structEnc
	if !ownEncoding(t) && !slices.ContainsFunc(structs.For(t).Fields, func(f binfmt.Field) bool { return f.EmbedPtr }) {
		st = &structEnc{t: t}
	}
	got, _ := structCache.LoadOrStore(t, st)
	return got.(*structEnc)
}

// room returns the bytes field f can take when fast writes it inline:
// its key and the longest value written inline for its kind (a str of
// up to 31 bytes, a number of 9, a nil of 1), or, when more, the 16 or
// 32 bytes the store of a short key's word writes.
func (f *fieldEnc) room() int {
	v := 0
	switch f.k {
	case sString:
		v = 32
	case sInt64, sFloat64:
		v = 9
	case sBool, sStringPtr, sNone:
		v = 1
	}
	word := 0
	switch {
	case f.klen <= 16:
		word = 16
	case f.klen <= 32:
		word = 32
	}
	return max(f.klen+v, word)
}

func (st *structEnc) build() {
	s := structs.For(st.t)
	st.fields, st.sorted, st.optional = make([]fieldEnc, len(s.Fields)), s.Sorted, s.Optional
	for i := range s.Fields {
		fd := &s.Fields[i]
		f := fieldEnc{key: fd.Key, klen: len(fd.Key), off: fd.Offset, k: scalarKind(fd.Type), skip: skipFunc(fd)}
		copy(f.pad[:], fd.Key)
		if f.k == sInt && unsafe.Sizeof(int(0)) == 8 {
			f.k = sInt64
		}
		if f.skip != nil {
			f.omit = oFunc
			if fd.OmitEmpty && !fd.OmitZero {
				switch fd.Type.Kind() {
				case reflect.Pointer, reflect.Interface:
					f.omit = oNil
				case reflect.String, reflect.Slice:
					f.omit = oLen
				}
			}
		}
		if f.k == sNone {
			if fd.Type.Kind() == reflect.Struct {
				f.st = structEncFor(fd.Type)
			}
			if f.st == nil {
				f.enc = addrEncoderFor(fd.Type)
				switch el := fd.Type; {
				case ownEncoding(fd.Type):
				case el.Kind() == reflect.Pointer:
					f.ptr = true
				case el.Kind() == reflect.Slice && !(el.Elem().Kind() == reflect.Uint8 && !elemHasMethods(el.Elem())):
					// The slice encoder's: nil as nil, empty as an empty array.
					f.ptr, f.seq = true, seqDeep
					if s := newSeqEnc(el.Elem()); s.st == nil && s.elem == nil {
						f.seq = seqFlat
					}
				}
			}
		}
		st.fields[i] = f
		if f.omit != oNever {
			st.opt = append(st.opt, i)
		}
	}
	room := 0
	for i := len(st.fields) - 1; i >= 0; i-- {
		st.fields[i].rest = room
		room += st.fields[i].room()
	}
	st.room = room
}

// skipFunc returns whether field fd at p is left out (omitempty,
// omitzero), or nil when it never is.
func skipFunc(fd *binfmt.Field) func(p unsafe.Pointer) bool {
	if !fd.Optional {
		return nil
	}
	empty := emptyFunc(fd.Type)
	omitEmpty, omitZero, isZero := fd.OmitEmpty, fd.OmitZero, fd.IsZero
	pt := reflect.New(fd.Type).Interface()
	return func(p unsafe.Pointer) bool {
		return omitEmpty && empty(p) || omitZero && isZero(valueAt(pt, p))
	}
}

// emptyFunc returns encoding/json's omitempty test (binfmt.IsEmpty) on
// the memory of a value of type t.
func emptyFunc(t reflect.Type) func(p unsafe.Pointer) bool {
	switch t.Kind() {
	case reflect.Array:
		n := t.Len()
		return func(unsafe.Pointer) bool { return n == 0 }
	case reflect.Slice:
		return func(p unsafe.Pointer) bool { return len(*(*[]byte)(p)) == 0 }
	case reflect.String:
		return func(p unsafe.Pointer) bool { return len(*(*string)(p)) == 0 }
	case reflect.Pointer:
		return func(p unsafe.Pointer) bool { return *(*unsafe.Pointer)(p) == nil }
	case reflect.Interface:
		return func(p unsafe.Pointer) bool { return (*[2]unsafe.Pointer)(p)[0] == nil }
	case reflect.Struct:
		return func(unsafe.Pointer) bool { return false }
	}
	pt := reflect.New(t).Interface() // booleans, numbers, maps
	return func(p unsafe.Pointer) bool { return binfmt.IsEmpty(valueAt(pt, p)) }
}

func (st *structEnc) encode(e *binfmt.Enc, p unsafe.Pointer) error {
	st.once.Do(st.build)
	if !e.Det && len(st.fields) <= 256 && !slowStruct {
		return st.fast(e, p, 1, 0)
	}
	n := len(st.fields)
	// Bit i of skipped: field i is left out (a bit set on the stack for
	// structs of up to 256 fields).
	var small [4]uint64
	var skipped []uint64
	if st.optional {
		skipped = small[:]
		if n > 256 {
			skipped = make([]uint64, (n+63)/64)
		}
		for i := range st.fields {
			f := &st.fields[i]
			if f.skip != nil && f.skip(unsafe.Add(p, f.off)) {
				n--
				skipped[i/64] |= 1 << (i % 64)
			}
		}
	}
	e.Buf = appendArrayHead(e.Buf, true, uint64(n))
	order := st.sorted
	if !e.Det {
		order = nil
	}
	for k := range st.fields {
		i := k
		if order != nil {
			i = order[k]
		}
		if skipped != nil && skipped[i/64]&(1<<(i%64)) != 0 {
			continue
		}
		if err := st.field(e, p, i); err != nil {
			return err
		}
	}
	return nil
}

// slowStruct turns fast off, for the tests that compare it with the
// field-by-field loop. Tests only: it is not synchronized.
var slowStruct bool

// fast writes count structs at p0, stride bytes apart (at most 256
// fields, not Deterministic), each in one loop, and the elements of a
// slice or array in one call. The room every field written inline can take (st.room) is
// made before the loop, so that keys, short strings, numbers, booleans
// and nil pointers are stored at the end of the buffer through a pointer,
// without a capacity or bounds check each; a field written by a call
// (a nested struct, a long string, any other type) leaves e.Buf as
// append does, and the room of the fields after it (f.rest) is made
// again after the call.
func (st *structEnc) fast(e *binfmt.Enc, p unsafe.Pointer, count int, stride uintptr) error {
	fields := st.fields
	strict := !e.O.Has(opts.AllowInvalidUTF8)
	buf := e.Buf
	var skip [4]uint64                  // bit i: field i is left out (zeros unless optional)
	for ; ; p = unsafe.Add(p, stride) { // count times, p never past the last
		n := len(fields)
		if st.optional {
			skip = [4]uint64{}
			for _, i := range st.opt {
				f := &fields[i]
				fp := unsafe.Add(p, f.off)
				var out bool
				switch f.omit {
				case oNil:
					out = *(*unsafe.Pointer)(fp) == nil
				case oLen:
					out = len(*(*string)(fp)) == 0 // a slice's length is at the same place
				default:
					out = f.skip(fp)
				}
				if out {
					skip[i>>6&3] |= 1 << (i & 63)
					n--
				}
			}
		}
		buf = growBy(buf, 3+st.room)
		if n <= 15 {
			buf = append(buf, bFixmap|byte(n))
		} else {
			buf = append(buf, bMap16, byte(n>>8), byte(n))
		}
		base, l := unsafe.Pointer(unsafe.SliceData(buf)), len(buf)
		for i := range fields {
			if skip[i>>6&3]>>(i&63)&1 != 0 {
				continue
			}
			f := &fields[i]
			switch d := unsafe.Add(base, l); {
			case f.klen <= 16:
				*(*[16]byte)(d) = *(*[16]byte)(f.pad[:16])
			case f.klen <= 32:
				*(*[32]byte)(d) = f.pad
			default:
				copy(unsafe.Slice((*byte)(d), f.klen), f.key)
			}
			l += f.klen
			d := unsafe.Add(base, l)
			fp := unsafe.Add(p, f.off)
			// Tested in this order (a switch on f.k would be a binary search).
			switch k := f.k; {
			case k == sString:
				s := *(*string)(fp)
				if n := len(s); n <= 31 {
					// The str, copied by overlapping words that stay within
					// s's bytes and whose OR tells whether s is ASCII; written
					// out here, as a call would spill the loop's registers.
					*(*byte)(d) = bFixstr | byte(n)
					q, sp := unsafe.Add(d, 1), unsafe.Pointer(unsafe.StringData(s))
					var x uint64
					switch {
					case n >= 8:
						a, w := load64(sp, 0), load64(sp, n-8)
						if n > 16 {
							b, c := load64(sp, 8), load64(sp, n-16)
							store64(q, 8, b)
							store64(q, n-16, c)
							x = b | c
						}
						store64(q, 0, a)
						store64(q, n-8, w)
						x |= a | w
					case n >= 4:
						a, w := load32(sp, 0), load32(sp, n-4)
						store32(q, 0, a)
						store32(q, n-4, w)
						x = uint64(a | w)
					case n > 0:
						a, b, c := *(*byte)(sp), *(*byte)(unsafe.Add(sp, n>>1)), *(*byte)(unsafe.Add(sp, n-1))
						*(*byte)(q) = a
						*(*byte)(unsafe.Add(q, n>>1)) = b
						*(*byte)(unsafe.Add(q, n-1)) = c
						x = uint64(a | b | c)
					}
					if x&0x8080808080808080 == 0 || !strict || validShort(s) {
						l += 1 + n
						continue
					}
				} else if n <= math.MaxUint8 {
					// A str 8 (URLs, sentences): room for it and the fields
					// after, then s copied by words (the last one overlapping)
					// whose OR tells whether s is ASCII; else the call below
					// validates it and writes it again at l.
					if cap(buf)-l < 2+n+f.rest {
						buf = growBy(buf[:l], 2+n+f.rest)
						base = unsafe.Pointer(unsafe.SliceData(buf))
					}
					*(*[2]byte)(unsafe.Add(base, l)) = [2]byte{bStr8, byte(n)}
					q, sp := unsafe.Add(base, l+2), unsafe.Pointer(unsafe.StringData(s))
					var x uint64
					i := 0
					for ; i+16 <= n; i += 16 {
						a, b := load64(sp, i), load64(sp, i+8)
						store64(q, i, a)
						store64(q, i+8, b)
						x |= a | b
					}
					a, b := load64(sp, n-16), load64(sp, n-8)
					store64(q, n-16, a)
					store64(q, n-8, b)
					// Other text (tweets, names) is checked where it was
					// copied, by the vector kernel (n >= 32).
					if (x|a|b)&0x8080808080808080 == 0 || !strict || kernels.ValidUTF8(unsafeBytes(s)) {
						l += 2 + n
						continue
					}
				}
			case k == sInt64:
				// Without a call for the integers most fields hold.
				switch x := *(*int64)(fp); {
				case uint64(x+32) < 0x80+32: // a fixint
					*(*byte)(d) = byte(x)
					l++
				case uint64(x) <= math.MaxUint8:
					*(*[2]byte)(d) = [2]byte{bUint8, byte(x)}
					l += 2
				case uint64(x) <= math.MaxUint16:
					*(*[3]byte)(d) = [3]byte{bUint16, byte(x >> 8), byte(x)}
					l += 3
				default:
					l += putInt((*[9]byte)(d), x)
				}
				continue
			case k == sBool:
				*(*byte)(d) = bFalse + *(*byte)(fp)&1
				l++
				continue
			case k == sFloat64:
				l += putFloat64((*[9]byte)(d), *(*float64)(fp), e.Short)
				continue
			case k == sStringPtr:
				if *(*unsafe.Pointer)(fp) == nil {
					*(*byte)(d) = bNil
					l++
					continue
				}
			case k == sNone:
				if f.ptr {
					if *(*unsafe.Pointer)(fp) == nil {
						*(*byte)(d) = bNil
						l++
						continue
					}
					if f.seq != seqNone && len(*(*[]byte)(fp)) == 0 && (f.seq == seqFlat || e.Depth < e.O.MaxDepth) {
						*(*byte)(d) = bFixarray // an empty slice, within the depth its call counts
						l++
						continue
					}
				}
			}
			// A call: with the buffer in e.Buf, as append leaves it.
			e.Buf = buf[:l]
			var err error
			switch {
			case f.st != nil:
				err = f.st.encode(e, fp)
			case f.k == sNone:
				err = f.enc(e, fp)
			default:
				err = scalar(e, f.k, fp)
			}
			if err != nil {
				return err
			}
			buf = growBy(e.Buf, f.rest)
			base, l = unsafe.Pointer(unsafe.SliceData(buf)), len(buf)
		}
		buf = buf[:l]
		if count--; count == 0 {
			break
		}
	}
	e.Buf = buf
	return nil
}

// putInt stores the integer n in its smallest format (as appendInt) at d
// and returns its size.
func putInt(d *[9]byte, n int64) int {
	if uint64(n+32) < 0x80+32 { // -32 to 127: a fixint
		d[0] = byte(n)
		return 1
	}
	if n >= 0 {
		switch u := uint64(n); {
		case u <= math.MaxUint8:
			d[0], d[1] = bUint8, byte(u)
			return 2
		case u <= math.MaxUint16:
			d[0] = bUint16
			binary.BigEndian.PutUint16(d[1:3], uint16(u))
			return 3
		case u <= math.MaxUint32:
			d[0] = bUint32
			binary.BigEndian.PutUint32(d[1:5], uint32(u))
			return 5
		}
		d[0] = bUint64
		binary.BigEndian.PutUint64(d[1:9], uint64(n))
		return 9
	}
	switch {
	case n >= math.MinInt8:
		d[0], d[1] = bInt8, byte(n)
		return 2
	case n >= math.MinInt16:
		d[0] = bInt16
		binary.BigEndian.PutUint16(d[1:3], uint16(n))
		return 3
	case n >= math.MinInt32:
		d[0] = bInt32
		binary.BigEndian.PutUint32(d[1:5], uint32(n))
		return 5
	}
	d[0] = bInt64
	binary.BigEndian.PutUint64(d[1:9], uint64(n))
	return 9
}

// putFloat64 stores f at d as appendFloat64 writes it and returns its
// size.
func putFloat64(d *[9]byte, f float64, short bool) int {
	b := math.Float64bits(f)
	if short {
		if b32, ok := float32Bits(b); ok {
			d[0] = bFloat32
			binary.BigEndian.PutUint32(d[1:5], b32)
			return 5
		}
	}
	d[0] = bFloat64
	binary.BigEndian.PutUint64(d[1:9], b)
	return 9
}

// field writes field i of the struct at p, key and value.
func (st *structEnc) field(e *binfmt.Enc, p unsafe.Pointer, i int) error {
	f := &st.fields[i]
	e.Buf = append(e.Buf, f.key...)
	fp := unsafe.Add(p, f.off)
	switch {
	case f.st != nil:
		return f.st.encode(e, fp)
	case f.k == sNone:
		return f.enc(e, fp)
	}
	return scalar(e, f.k, fp)
}

// putStr appends the str s when it is valid UTF-8 (or !strict) and not
// longer than MessagePack allows, and reports false otherwise, having
// appended nothing (appendStr gives the error). ASCII is checked by
// words (the vector kernel decides the rest).
func putStr(buf []byte, s string, strict bool) ([]byte, bool) {
	n := len(s)
	if n > 31 {
		if strict && !asciiWords(s) && !binfmt.ValidUTF8(unsafeBytes(s)) || uint64(n) > maxLen32 {
			return buf, false
		}
		return append(appendStrHead(buf, n), s...), true
	}
	if cap(buf)-len(buf) < 40 {
		buf = growBy(buf, 64)
	}
	l := len(buf)
	w := buf[l : l+40]
	w[0] = bFixstr | byte(n)
	copy(w[1:], s)
	if strict {
		// Words of s, overlapping; below 8 bytes, one word of the copy
		// (room is there) with the bytes beyond s masked off.
		var x uint64
		switch p := unsafe.Pointer(unsafe.StringData(s)); {
		case n >= 16:
			x = load64(p, 0) | load64(p, 8) | load64(p, n-16) | load64(p, n-8)
		case n >= 8:
			x = load64(p, 0) | load64(p, n-8)
		default:
			x = binary.LittleEndian.Uint64(w[1:9]) & (1<<(8*uint(n)) - 1)
		}
		if x&0x8080808080808080 != 0 && !binfmt.ValidUTF8(unsafeBytes(s)) {
			return buf, false
		}
	}
	return buf[:l+1+n], true
}

// load64 reads the 8 bytes at p+off (within the object at p).
func load64(p unsafe.Pointer, off int) uint64 {
	return binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(p, off))[:])
}

// store64 writes the 8 bytes of x at p+off, as load64 reads them.
func store64(p unsafe.Pointer, off int, x uint64) {
	binary.LittleEndian.PutUint64((*[8]byte)(unsafe.Add(p, off))[:], x)
}

// load32 and store32 are load64 and store64 for 4 bytes.
func load32(p unsafe.Pointer, off int) uint32 {
	return binary.LittleEndian.Uint32((*[4]byte)(unsafe.Add(p, off))[:])
}

func store32(p unsafe.Pointer, off int, x uint32) {
	binary.LittleEndian.PutUint32((*[4]byte)(unsafe.Add(p, off))[:], x)
}

// asciiWords reports whether s (at least 8 bytes) is ASCII, reading it
// by words up to 256 bytes (beyond, false: the vector kernel decides).
func asciiWords(s string) bool {
	n := len(s)
	if n > 256 {
		return false
	}
	p := unsafe.Pointer(unsafe.StringData(s))
	var x uint64
	for i := 0; i+8 <= n; i += 8 {
		x |= load64(p, i)
	}
	x |= load64(p, n-8)
	return x&0x8080808080808080 == 0
}

// stringMap writes a map[string]string (not Deterministic) as the shared
// plan does: nil as nil, counted in the depth.
func stringMap(e *binfmt.Enc, t reflect.Type, m map[string]string) error {
	if m == nil {
		e.Buf = append(e.Buf, bNil)
		return nil
	}
	if e.Depth++; e.Depth > e.O.MaxDepth {
		return &errs.Detail{Msg: "msgpack: exceeded max depth (a map cycle?) marshaling " + t.String(), Sentinel: errs.ErrDepth}
	}
	defer func() { e.Depth-- }()
	e.Buf = appendArrayHead(e.Buf, true, uint64(len(m)))
	for k, v := range m {
		if err := appendStr(e, k); err != nil {
			return err
		}
		if err := appendStr(e, v); err != nil {
			return err
		}
	}
	return nil
}

// addrSafe reports whether a value of type t, not addressable, is
// encoded as it is at an address: no type in it (but behind pointers,
// slices and maps, whose elements are addressable anyway) has
// marshaling methods on its pointer only, which the shared plans call
// only on addressable values.
func addrSafe(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface && elemHasMethods(t) &&
		!t.Implements(marshalerType) && !t.Implements(textMarshalerType) {
		return false
	}
	switch t.Kind() {
	case reflect.Array:
		return addrSafe(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if !addrSafe(t.Field(i).Type, seen) {
				return false
			}
		}
	}
	return true
}

// stringKeyMap returns the encoder of map type t (string keys, values
// that addrSafe accepts) without Deterministic: each value is copied
// into one addressable variable and encoded by address, each key written
// as a string, as the shared plan writes them (which it is with
// Deterministic).
func stringKeyMap(t reflect.Type) addrEnc {
	shared := format.EncoderFor(t)
	pt := reflect.New(t).Interface()
	var val addrEnc
	var once sync.Once
	return func(e *binfmt.Enc, p unsafe.Pointer) error {
		m := valueAt(pt, p)
		if e.Det {
			return shared(e, m)
		}
		if m.IsNil() {
			e.Buf = append(e.Buf, bNil)
			return nil
		}
		if e.Depth++; e.Depth > e.O.MaxDepth {
			return &errs.Detail{Msg: "msgpack: exceeded max depth (a map cycle?) marshaling " + t.String(), Sentinel: errs.ErrDepth}
		}
		once.Do(func() { val = addrEncoderFor(t.Elem()) })
		e.Buf = appendArrayHead(e.Buf, true, uint64(m.Len()))
		k, v := reflect.New(t.Key()).Elem(), reflect.New(t.Elem()).Elem()
		kp, vp := k.Addr().UnsafePointer(), v.Addr().UnsafePointer()
		it := m.MapRange()
		for it.Next() {
			k.SetIterKey(it)
			v.SetIterValue(it)
			if err := appendStr(e, *(*string)(kp)); err != nil {
				return err
			}
			if err := val(e, vp); err != nil {
				return err
			}
		}
		e.Depth--
		return nil
	}
}

// sharedOnly turns the encoders by address off, for the tests that
// compare them with the shared plans. Tests only: it is not synchronized.
var sharedOnly bool

// addrKind is the Kind hook's encoder of struct, slice and array type t:
// by address when the value has one (or, for slices, through its data
// pointer), else the shared plan.
func addrKind(t reflect.Type) binfmt.EncFunc {
	var (
		once   sync.Once
		enc    addrEnc
		seq    *seqEnc
		shared binfmt.EncFunc
	)
	build := func() {
		enc = addrEncoderFor(t)
		if t.Kind() == reflect.Slice {
			seq = newSeqEnc(t.Elem())
			seq.name = t.String()
		}
		shared = format.SharedEncoder(t)
	}
	return func(e *binfmt.Enc, v reflect.Value) error {
		once.Do(build)
		switch {
		case sharedOnly:
			return shared(e, v)
		case v.CanAddr():
			return enc(e, binfmt.Addr(v))
		case seq != nil:
			if v.IsNil() {
				e.Buf = append(e.Buf, bNil)
				return nil
			}
			if uint64(v.Len()) > maxLen32 {
				return limitError("slice of " + strconv.Itoa(v.Len()) + " elements exceeds the 2^32-1 of MessagePack")
			}
			return seq.encodeSlice(e, v.UnsafePointer(), v.Len())
		}
		return shared(e, v)
	}
}

// bulkBodyFor returns the loop writing n numbers of type t at p (the
// elements of bulkWriter's slices and arrays), or nil.
func bulkBodyFor(t reflect.Type) func(dst []byte, p unsafe.Pointer, n int, short bool) []byte {
	if bulkWriter(t) == nil {
		return nil
	}
	switch t.Kind() {
	case reflect.Int8:
		return bulkBody[int8]
	case reflect.Int16:
		return bulkBody[int16]
	case reflect.Int32:
		return bulkBody[int32]
	case reflect.Int64:
		return bulkBody[int64]
	case reflect.Int:
		return bulkBody[int]
	case reflect.Uint16:
		return bulkBody[uint16]
	case reflect.Uint32:
		return bulkBody[uint32]
	case reflect.Uint64:
		return bulkBody[uint64]
	case reflect.Uint:
		return bulkBody[uint]
	case reflect.Float32:
		return bulkBody[float32]
	case reflect.Float64:
		return bulkBody[float64]
	}
	return nil
}

// bulkBody writes the n numbers T at p, each in its smallest format
// (floats: their own width, float64 as float32 with short when that keeps
// the value).
func bulkBody[T int8 | int16 | int32 | int64 | int | uint16 | uint32 | uint64 | uint | float32 | float64](dst []byte, p unsafe.Pointer, n int, short bool) []byte {
	switch s := any(unsafe.Slice((*T)(p), n)).(type) {
	case []float64:
		if !short {
			dst = growBy(dst, 9*n)
			for _, f := range s {
				dst = binary.BigEndian.AppendUint64(append(dst, bFloat64), math.Float64bits(f))
			}
			return dst
		}
		for _, f := range s {
			dst = appendFloat64(dst, f, short)
		}
	case []float32:
		dst = growBy(dst, 5*n)
		for _, f := range s {
			b := math.Float32bits(f)
			dst = append(dst, bFloat32, byte(b>>24), byte(b>>16), byte(b>>8), byte(b))
		}
	case []int8:
		dst = bulkInts(dst, s)
	case []int16:
		dst = bulkInts(dst, s)
	case []int32:
		dst = bulkInts(dst, s)
	case []int64:
		dst = bulkInts(dst, s)
	case []int:
		dst = bulkInts(dst, s)
	case []uint16:
		dst = bulkUints(dst, s)
	case []uint32:
		dst = bulkUints(dst, s)
	case []uint64:
		dst = bulkUints(dst, s)
	case []uint:
		dst = bulkUints(dst, s)
	}
	return dst
}

// growBy returns dst with room for n more bytes.
func growBy(dst []byte, n int) []byte {
	if cap(dst)-len(dst) < n {
		dst = append(dst[:cap(dst)], make([]byte, n)...)[:len(dst)]
	}
	return dst
}

// bulkChunk is how many numbers the bulk loops reserve room for at a time.
const bulkChunk = 512

// putFloatArrays appends fs, whole [m]float64 arrays, as MessagePack
// arrays of m floats (float32 where short allows and the value is exact).
func putFloatArrays(buf []byte, fs []float64, m int, short bool) []byte {
	buf = growBy(buf, len(fs)/m*(1+9*m))
	base, l := unsafe.Pointer(unsafe.SliceData(buf)), len(buf)
	for i := 0; i < len(fs); i += m {
		*(*byte)(unsafe.Add(base, l)) = bFixarray | byte(m)
		l++
		for _, x := range fs[i : i+m] {
			if d := (*[9]byte)(unsafe.Add(base, l)); !short {
				d[0] = bFloat64
				binary.BigEndian.PutUint64(d[1:9], math.Float64bits(x))
				l += 9
			} else {
				l += putFloat64(d, x, true)
			}
		}
	}
	return buf[:l]
}
