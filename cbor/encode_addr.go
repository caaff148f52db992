package cbor

import (
	"reflect"
	"slices"
	"sync"
	"unsafe"

	"github.com/celerjson/celer/internal/binfmt"
	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/opts"
)

// Structs by address.
//
// The shared struct plan (internal/binfmt) passes every field it does
// not write through Format.AddrFields as a reflect.Value: a nested
// struct, a pointer or a slice of structs costs a FieldByIndex, an
// indirect call, the plan's checks again (sync.Once, option tests, the
// Begin hook), and a struct held as a map value has no address at all,
// so all its fields go through reflection. The encoders below read a
// struct from its memory instead: scalar fields (as addrFields writes
// them), nested structs, pointers to structs, slices of structs and maps
// with string keys are written in one loop per struct, by direct calls;
// any other field goes to its type's encoder of the shared plans, given
// an addressable reflect.Value made from its address. They write what
// the shared plans write (TestMarshalByAddress compares them with
// refFormat, byte for byte and error for error).
//
// The Kind hook reaches them for struct types and slices of structs
// (addrKind): a value with an address (every value under a pointer,
// every element of a slice) is encoded by address, one without (a struct
// passed by value) by the shared plan.

// addrEnc appends the encoding of the value of its type at p.
type addrEnc func(e *binfmt.Enc, p unsafe.Pointer) error

// structEnc writes a struct as a map of its fields. Its fields are
// built at its first use, so that recursive types need no stand-in.
type structEnc struct {
	t        reflect.Type
	once     sync.Once
	fields   []fieldEnc
	sorted   []int // fields in the byte order of their keys (Deterministic)
	optional bool  // some field may be left out
	// runs[k] (sortedRuns[k] in key order) is the run of consecutive
	// scalar fields that are never left out starting at position k,
	// written by one call of addrFields; nil inside a run or where none
	// starts. ptrs: some run has a pointer (which counts in the depth).
	runs, sortedRuns [][]binfmt.AddrField
	ptrs             bool
}

// fieldEnc is one field of a struct encoded by address: a scalar kind
// written inline (k, or its pointer when ptr), a struct (st), a pointer
// to one (pst), a slice of them (seq), or any other type (enc).
type fieldEnc struct {
	key  []byte
	off  uintptr
	k    reflect.Kind
	ptr  bool
	st   *structEnc
	pst  *structEnc
	seq  *structEnc
	size uintptr      // seq: the size of an element
	sk   reflect.Kind // a slice of this scalar kind, written by appendScalars
	typ  bool         // sk: TypedArrays writes the slice by enc (bulkEncoder)
	smap bool         // a map[string]string (encodeStringMap)
	enc  addrEnc
	name string // the type's name, for depth errors (ptr, pst, seq)
	skip func(p unsafe.Pointer) bool
}

var structEncs sync.Map // reflect.Type -> *structEnc (nil: by the shared plan)

// structEncFor returns the encoder by address of struct type t, or nil
// when t has an encoding of its own or a field is reached through an
// embedded pointer (the shared plan's).
func structEncFor(t reflect.Type) *structEnc {
	if st, ok := structEncs.Load(t); ok {
		return st.(*structEnc)
	}
	var st *structEnc
	if !ownEncoding(t) && !slices.ContainsFunc(structs.For(t).Fields, func(f binfmt.Field) bool { return f.EmbedPtr }) {
		st = &structEnc{t: t}
	}
	got, _ := structEncs.LoadOrStore(t, st)
	return got.(*structEnc)
}

// ownEncoding reports whether values of type t are encoded other than by
// their kind: CBOR's own types and marshaling methods (on t or on *t,
// which an addressed value has).
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
// empty interface holding a *t, whose type word it borrows, so that no
// pointer type is looked up per call.
func valueAt(pt any, p unsafe.Pointer) reflect.Value {
	x := pt
	(*[2]unsafe.Pointer)(unsafe.Pointer(&x))[1] = p
	return reflect.ValueOf(x).Elem()
}

// viaShared returns the encoder of the value of type t at p by enc, a
// reflection encoder of t.
func viaShared(t reflect.Type, enc binfmt.EncFunc) addrEnc {
	pt := reflect.New(t).Interface()
	return func(e *binfmt.Enc, p unsafe.Pointer) error { return enc(e, valueAt(pt, p)) }
}

func (st *structEnc) build() {
	s := structs.For(st.t)
	st.fields, st.sorted, st.optional = make([]fieldEnc, len(s.Fields)), s.Sorted, s.Optional
	for i := range s.Fields {
		fd := &s.Fields[i]
		t := fd.Type
		f := fieldEnc{key: fd.Key, off: fd.Offset, name: t.String(), skip: skipFunc(fd)}
		switch {
		case t.Kind() == reflect.Pointer && special(t) == nil && binfmt.ScalarKind(t.Elem(), marshalerType, special) != reflect.Invalid:
			f.k, f.ptr = t.Elem().Kind(), true
		case binfmt.ScalarKind(t, marshalerType, special) != reflect.Invalid:
			f.k = t.Kind()
		case t.Kind() == reflect.Struct:
			f.st = structEncFor(t)
		case t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct:
			f.pst = structEncFor(t.Elem())
		case ownEncoding(t):
		case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Struct:
			f.seq, f.size = structEncFor(t.Elem()), t.Elem().Size()
		case t.Kind() == reflect.Slice && t.Elem().Kind() != reflect.Uint8:
			// (slices of bytes are byte strings, or of a type with methods)
			f.sk, f.typ = binfmt.ScalarKind(t.Elem(), marshalerType, special), bulkEncoder(t.Elem()) != nil
			f.enc = viaShared(t, format.EncoderFor(t))
		case t.Kind() == reflect.Map && t.Key() == stringType && t.Elem() == stringType:
			f.smap = true
		case t.Kind() == reflect.Map && t.Key() == stringType && addrSafe(t.Elem(), map[reflect.Type]bool{}):
			f.enc = stringKeyMap(t)
		}
		if f.k == reflect.Invalid && f.st == nil && f.pst == nil && f.seq == nil && !f.smap && f.enc == nil {
			f.enc = viaShared(t, format.EncoderFor(t))
		}
		st.fields[i] = f
	}
	st.runs, st.sortedRuns = st.scalarRuns(nil), st.scalarRuns(st.sorted)
}

// scalarRuns returns the runs of structEnc for the fields in order (nil:
// declaration order).
func (st *structEnc) scalarRuns(order []int) [][]binfmt.AddrField {
	runs := make([][]binfmt.AddrField, len(st.fields))
	for k := 0; k < len(st.fields); {
		var run []binfmt.AddrField
		for j := k; j < len(st.fields); j++ {
			i := j
			if order != nil {
				i = order[j]
			}
			f := &st.fields[i]
			if f.k == reflect.Invalid || f.skip != nil {
				break
			}
			run = append(run, binfmt.AddrField{Key: f.key, Off: f.off, Kind: f.k, Ptr: f.ptr})
			st.ptrs = st.ptrs || f.ptr
		}
		if run == nil {
			k++
			continue
		}
		runs[k] = run
		k += len(run)
	}
	return runs
}

// skipFunc returns whether field fd at p is left out (omitempty,
// omitzero), or nil when it never is (not EmbedPtr: no such field is
// encoded by address).
func skipFunc(fd *binfmt.Field) func(p unsafe.Pointer) bool {
	if !fd.Optional {
		return nil
	}
	if fd.OmitEmpty && !fd.OmitZero {
		switch fd.Type.Kind() {
		case reflect.Pointer:
			return func(p unsafe.Pointer) bool { return *(*unsafe.Pointer)(p) == nil }
		case reflect.String, reflect.Slice: // the length is the second word of both
			return func(p unsafe.Pointer) bool { return len(*(*string)(p)) == 0 }
		}
	}
	pt := reflect.New(fd.Type).Interface()
	return func(p unsafe.Pointer) bool { return fd.Skip(valueAt(pt, p), true) }
}

// encode writes the struct at p.
func (st *structEnc) encode(e *binfmt.Enc, p unsafe.Pointer) error {
	st.once.Do(st.build)
	fields := st.fields
	n := len(fields)
	// Bit i of skipped: field i is left out (on the stack for structs of
	// up to 256 fields).
	var small [4]uint64
	var skipped []uint64
	if st.optional {
		skipped = small[:]
		if n > 256 {
			skipped = make([]uint64, (n+63)/64)
		}
		for i := range fields {
			f := &fields[i]
			if f.skip != nil && f.skip(unsafe.Add(p, f.off)) {
				n--
				skipped[i/64] |= 1 << (i % 64)
			}
		}
	}
	e.Buf = appendHead(e.Buf, majorMap, uint64(n))
	var order []int
	runs := st.runs
	if e.Det {
		order, runs = st.sorted, st.sortedRuns
	}
	if st.ptrs && e.Depth >= e.O.MaxDepth {
		runs = nil // the loop below reports a non-nil pointer's depth
	}
	for k := 0; k < len(fields); k++ {
		if runs != nil && runs[k] != nil {
			if err := addrFields(e, p, runs[k]); err != nil {
				return err
			}
			k += len(runs[k]) - 1
			continue
		}
		i := k
		if order != nil {
			i = order[k]
		}
		if skipped != nil && skipped[i/64]&(1<<(i%64)) != 0 {
			continue
		}
		f := &fields[i]
		e.Buf = append(e.Buf, f.key...)
		fp := unsafe.Add(p, f.off)
		var err error
		switch {
		case f.k != reflect.Invalid:
			if f.ptr {
				if fp = *(*unsafe.Pointer)(fp); fp == nil {
					e.Buf = append(e.Buf, 0xf6)
					continue
				}
				if e.Depth+1 > e.O.MaxDepth { // as the shared pointer encoder counts it
					return pointerDepth(f.name)
				}
			}
			err = putScalar(e, f.k, fp)
		case f.st != nil:
			err = f.st.encode(e, fp)
		case f.pst != nil:
			err = f.pst.encodePtr(e, *(*unsafe.Pointer)(fp), f.name)
		case f.seq != nil:
			err = f.seq.encodeSlice(e, fp, f.size, f.name)
		case f.smap:
			err = encodeStringMap(e, *(*map[string]string)(fp), f.name)
		case f.sk != reflect.Invalid && !(f.typ && e.Typed):
			// as scalarSeqEncoder writes it
			if h := *(*[]byte)(fp); h == nil {
				e.Buf = append(e.Buf, 0xf6)
			} else {
				e.Buf = appendHead(e.Buf, majorArray, uint64(len(h)))
				err = appendScalars(e, f.sk, unsafe.Pointer(unsafe.SliceData(h)), len(h))
			}
		default:
			err = f.enc(e, fp)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// encodePtr writes the struct at q, the value of a pointer of type name,
// as the shared pointer encoder does: nil as null, counted in the depth.
func (st *structEnc) encodePtr(e *binfmt.Enc, q unsafe.Pointer, name string) error {
	if q == nil {
		e.Buf = append(e.Buf, 0xf6)
		return nil
	}
	if e.Depth++; e.Depth > e.O.MaxDepth {
		return pointerDepth(name)
	}
	err := st.encode(e, q)
	e.Depth--
	return err
}

// encodeSlice writes the slice of structs at p (elements size bytes
// apart, its type named name) as the shared plan does: nil as null,
// counted in the depth (a slice that contains itself nests without end).
func (st *structEnc) encodeSlice(e *binfmt.Enc, p unsafe.Pointer, size uintptr, name string) error {
	h := (*[]byte)(p) // the data pointer and length of any slice
	if *h == nil {
		e.Buf = append(e.Buf, 0xf6)
		return nil
	}
	if e.Depth++; e.Depth > e.O.MaxDepth {
		return &errs.Detail{Msg: "cbor: exceeded max depth (a slice cycle?) marshaling " + name, Sentinel: errs.ErrDepth}
	}
	n := len(*h)
	e.Buf = appendHead(e.Buf, majorArray, uint64(n))
	q := unsafe.Pointer(unsafe.SliceData(*h))
	for i := range n {
		if err := st.encode(e, unsafe.Add(q, uintptr(i)*size)); err != nil {
			return err
		}
	}
	e.Depth--
	return nil
}

func pointerDepth(name string) error {
	return &errs.Detail{Msg: "cbor: exceeded max depth (a pointer cycle?) marshaling " + name, Sentinel: errs.ErrDepth}
}

// putScalar writes the value of scalar kind k at p, as kindEncoder's
// encoder of that kind does.
func putScalar(e *binfmt.Enc, k reflect.Kind, p unsafe.Pointer) error {
	switch k {
	case reflect.String:
		s := *(*string)(p)
		if !e.O.Has(opts.AllowInvalidUTF8) && !binfmt.ValidUTF8(unsafeBytes(s)) {
			return invalidText(s)
		}
		e.Buf = append(appendHead(e.Buf, majorText, uint64(len(s))), s...)
	case reflect.Int:
		e.Buf = appendInt(e.Buf, int64(*(*int)(p)))
	case reflect.Int64:
		e.Buf = appendInt(e.Buf, *(*int64)(p))
	case reflect.Int32:
		e.Buf = appendInt(e.Buf, int64(*(*int32)(p)))
	case reflect.Int16:
		e.Buf = appendInt(e.Buf, int64(*(*int16)(p)))
	case reflect.Int8:
		e.Buf = appendInt(e.Buf, int64(*(*int8)(p)))
	case reflect.Uint:
		e.Buf = appendHead(e.Buf, majorUint, uint64(*(*uint)(p)))
	case reflect.Uintptr:
		e.Buf = appendHead(e.Buf, majorUint, uint64(*(*uintptr)(p)))
	case reflect.Uint64:
		e.Buf = appendHead(e.Buf, majorUint, *(*uint64)(p))
	case reflect.Uint32:
		e.Buf = appendHead(e.Buf, majorUint, uint64(*(*uint32)(p)))
	case reflect.Uint16:
		e.Buf = appendHead(e.Buf, majorUint, uint64(*(*uint16)(p)))
	case reflect.Uint8:
		e.Buf = appendHead(e.Buf, majorUint, uint64(*(*uint8)(p)))
	case reflect.Float64:
		e.Buf = appendFloat(e.Buf, *(*float64)(p))
	case reflect.Float32:
		e.Buf = appendFloat(e.Buf, float64(*(*float32)(p)))
	case reflect.Bool:
		e.Buf = append(e.Buf, 0xf4+*(*byte)(p)&1)
	}
	return nil
}

// addrSafe reports whether a value of type t, not addressable, is
// encoded as it is at an address: no type in it (but behind pointers,
// slices and maps, whose elements are addressable anyway) has a
// marshaling method on its pointer that the shared plans (NewEncoder)
// call only on addressable values: MarshalCBOR on the pointer only, or
// MarshalText on the pointer only and no MarshalCBOR (a type with
// MarshalText on the value and MarshalCBOR on the pointer is written by
// MarshalCBOR at an address, by its kind without one).
func addrSafe(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface && !t.Implements(marshalerType) {
		p := reflect.PointerTo(t)
		if p.Implements(marshalerType) || !t.Implements(textMarshalerType) && p.Implements(textMarshalerType) {
			return false
		}
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
// into one addressable variable and encoded by address, each key as a
// text string, as the shared plan writes them (which it does with
// Deterministic).
func stringKeyMap(t reflect.Type) addrEnc {
	var shared binfmt.EncFunc
	var val addrEnc
	var once sync.Once
	pt := reflect.New(t).Interface()
	return func(e *binfmt.Enc, p unsafe.Pointer) error {
		once.Do(func() {
			shared = format.EncoderFor(t)
			if t.Elem().Kind() != reflect.Struct {
				val = viaShared(t.Elem(), format.EncoderFor(t.Elem()))
			} else if st := structEncFor(t.Elem()); st != nil {
				val = st.encode
			} else {
				val = viaShared(t.Elem(), format.EncoderFor(t.Elem()))
			}
		})
		m := valueAt(pt, p)
		if e.Det {
			return shared(e, m)
		}
		if m.IsNil() {
			e.Buf = append(e.Buf, 0xf6)
			return nil
		}
		if e.Depth++; e.Depth > e.O.MaxDepth {
			return &errs.Detail{Msg: "cbor: exceeded max depth (a map cycle?) marshaling " + t.String(), Sentinel: errs.ErrDepth}
		}
		e.Buf = appendHead(e.Buf, majorMap, uint64(m.Len()))
		k, v := reflect.New(t.Key()).Elem(), reflect.New(t.Elem()).Elem()
		kp, vp := k.Addr().UnsafePointer(), v.Addr().UnsafePointer()
		strict := !e.O.Has(opts.AllowInvalidUTF8)
		it := m.MapRange()
		for it.Next() {
			k.SetIterKey(it)
			v.SetIterValue(it)
			s := *(*string)(kp)
			if strict && !binfmt.ValidUTF8(unsafeBytes(s)) {
				return invalidText(s)
			}
			e.Buf = append(appendHead(e.Buf, majorText, uint64(len(s))), s...)
			if err := val(e, vp); err != nil {
				return err
			}
		}
		e.Depth--
		return nil
	}
}

// addrKind is the Kind hook's encoder of struct types and slices of
// structs encoded by address (nil for other types): by address when the
// value has one (a slice: through its data pointer), else by the shared
// plan.
func addrKind(t reflect.Type) binfmt.EncFunc {
	switch {
	case t.Kind() == reflect.Struct:
		st := structEncFor(t)
		if st == nil {
			return nil
		}
		var shared binfmt.EncFunc
		var once sync.Once
		return func(e *binfmt.Enc, v reflect.Value) error {
			if v.CanAddr() {
				return st.encode(e, binfmt.Addr(v))
			}
			once.Do(func() { shared = format.SharedEncoder(t) })
			return shared(e, v)
		}
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Struct:
		st := structEncFor(t.Elem())
		if st == nil {
			return nil
		}
		size, name := t.Elem().Size(), t.String()
		return func(e *binfmt.Enc, v reflect.Value) error {
			if v.IsNil() {
				e.Buf = append(e.Buf, 0xf6)
				return nil
			}
			h := struct {
				p   unsafe.Pointer
				n   int
				cap int
			}{v.UnsafePointer(), v.Len(), v.Len()}
			return st.encodeSlice(e, unsafe.Pointer(&h), size, name)
		}
	}
	return nil
}

// The Kind hook of format (not of the reference table newFormat(false)
// builds for the tests) tries addrKind first. It is set here, not in
// newFormat: addrKind's encoders refer to format.
func init() {
	kind := format.Kind
	format.Kind = func(t reflect.Type) binfmt.EncFunc {
		if enc := addrKind(t); enc != nil {
			return enc
		}
		return kind(t)
	}
}
