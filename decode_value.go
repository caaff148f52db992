package celer

import (
	"encoding/binary"
	"fmt"
	"reflect"
	"strconv"
	"unsafe"

	"github.com/celerjson/celer/internal/scan"
)

// value decodes the value at d.off (after whitespace) into v, an
// addressable value of type p.t, and leaves d.off after it. It returns
// only fatal errors; type errors are saved (saveError) and decoding goes
// on, as in encoding/json.
//
// The switch handles the cases where the JSON kind suits the Go kind;
// everything else goes to valueSlow, which is encoding/json's own logic.
func (d *decodeState) value(v reflect.Value, p *plan) error {
	if p.generic {
		return d.valueGeneric(v)
	}
	c := d.data[d.off]
	switch p.kind {
	case pString:
		if c == '"' {
			s, e, f := d.readString()
			v.SetString(d.str(d.data[s:e], f))
			return nil
		}
	case pInt:
		if c == '-' || c-'0' < 10 {
			s, e := d.readLiteral()
			if n, ok := parseInt(d.data[s:e]); ok && !v.OverflowInt(n) {
				v.SetInt(n)
				return nil
			}
			return d.literalInto(d.data[s:e], v, false)
		}
	case pUint:
		if c-'0' < 10 {
			s, e := d.readLiteral()
			if n, ok := parseUint(d.data[s:e]); ok && !v.OverflowUint(n) {
				v.SetUint(n)
				return nil
			}
			return d.literalInto(d.data[s:e], v, false)
		}
	case pFloat:
		if c == '-' || c-'0' < 10 {
			s, e := d.readLiteral()
			n, ok := 0.0, false
			if p.t.Kind() == reflect.Float64 {
				n, ok = scan.ParseFloat64(d.data[s:e])
			}
			var err error
			if !ok {
				n, err = strconv.ParseFloat(string(d.data[s:e]), p.t.Bits())
			}
			if err == nil && !v.OverflowFloat(n) {
				v.SetFloat(n)
				return nil
			}
			return d.literalInto(d.data[s:e], v, false)
		}
	case pBool:
		switch c {
		case 't':
			d.off += 4
			v.SetBool(true)
			return nil
		case 'f':
			d.off += 5
			v.SetBool(false)
			return nil
		}
	case pNumber:
		if c == '-' || c-'0' < 10 {
			s, e := d.readLiteral()
			v.SetString(string(d.data[s:e]))
			return nil
		}
	case pStruct:
		if c == '{' {
			return d.structInto(v, p)
		}
	case pSlice, pArray:
		if c == '[' {
			return d.arrayInto(v, p)
		}
	case pMap:
		if c == '{' {
			return d.objectInto(v, p)
		}
	case pPointer:
		return d.pointer(v, p)
	case pAny:
		if v.IsNil() || v.Elem().Kind() != reflect.Pointer {
			if c == 'n' {
				d.off += 4
				v.SetZero()
				return nil
			}
			// nil here is an out-of-range number: the type error is
			// saved and, as in encoding/json, v is left alone.
			if x := d.valueInterface(); x != nil {
				v.Set(reflect.ValueOf(x))
			}
			return nil
		}
		return d.valueGeneric(v)
	}
	return d.valueSlow(v, p)
}

// valueSlow is encoding/json's value after indirect found no methods:
// v is not a pointer, and (for non-generic plans) has no decoding methods.
func (d *decodeState) valueSlow(v reflect.Value, p *plan) error {
	switch d.data[d.off] {
	case '[':
		return d.arrayInto(v, p)
	case '{':
		return d.objectInto(v, p)
	}
	s, e := d.readLiteral()
	return d.literalInto(d.data[s:e], v, false)
}

// pointer decodes into a pointer without methods: null sets it to nil,
// anything else decodes into what it points to, allocated if needed.
func (d *decodeState) pointer(v reflect.Value, p *plan) error {
	if !v.CanSet() {
		return d.valueGeneric(v)
	}
	if d.data[d.off] == 'n' {
		d.off += 4
		v.SetZero()
		return nil
	}
	if v.IsNil() {
		v.Set(reflect.New(p.t.Elem()))
	}
	return d.value(v.Elem(), p.elem())
}

// parseInt parses a JSON integer of up to 18 digits; longer numbers,
// fractions and exponents report !ok and go to strconv.
func parseInt(b []byte) (int64, bool) {
	neg := false
	if len(b) > 0 && b[0] == '-' {
		neg = true
		b = b[1:]
	}
	n, ok := parseUint(b)
	if !ok {
		return 0, false
	}
	if neg {
		return -int64(n), true
	}
	return int64(n), true
}

func parseUint(b []byte) (uint64, bool) {
	if len(b) == 0 || len(b) > 18 {
		return 0, false
	}
	var n uint64
	for _, c := range b {
		c -= '0'
		if c > 9 {
			return 0, false
		}
		n = n*10 + uint64(c)
	}
	return n, true
}

// arrayInto decodes a JSON array into v: encoding/json's array after
// indirect.
func (d *decodeState) arrayInto(v reflect.Value, p *plan) error {
	switch v.Kind() {
	case reflect.Interface:
		if v.NumMethod() == 0 {
			v.Set(reflect.ValueOf(d.arrayInterface()))
			return nil
		}
		fallthrough
	default:
		d.saveError(&UnmarshalTypeError{Value: "array", Type: v.Type(), Offset: int64(d.off + 1)})
		d.skip()
		return nil
	case reflect.Array, reflect.Slice:
	}
	if p.t != v.Type() {
		p = planFor(v.Type())
	}
	ep := p.elem()
	if v.Kind() == reflect.Slice && v.CanSet() && ep.byAddrElem() {
		h := (*sliceHeader)(unsafe.Pointer(v.UnsafeAddr()))
		if h.cap == 0 && p.scratch {
			return d.sliceScratch(h, p, ep)
		}
		return d.sliceAt(h, v, ep)
	}
	d.off++ // '['
	i := 0
	if !d.empty() {
		slice := v.Kind() == reflect.Slice
		n := v.Len()
		for {
			if slice && i >= n {
				if i >= v.Cap() {
					// Double the capacity: Grow(1) would grow large
					// slices by a quarter at a time (the runtime's append
					// policy), allocating and copying about five times
					// the final size instead of about two.
					v.Grow(max(v.Cap(), 4))
				}
				n = i + 1
				v.SetLen(n)
			}
			if i < n {
				ev := v.Index(i)
				if ep.fast == fNone || !ev.CanSet() || !d.fast(unsafe.Pointer(ev.UnsafeAddr()), ep.fast) {
					if err := d.value(ev, ep); err != nil {
						return err
					}
				}
			} else {
				d.skip() // ran out of a fixed array
			}
			i++
			if b := d.data; b[d.off] == ',' && b[d.off+1] > ' ' { // d.more(), inlined
				d.off++
			} else if !d.more() {
				break
			}
		}
	}
	if i < v.Len() {
		if v.Kind() == reflect.Array {
			for ; i < v.Len(); i++ {
				v.Index(i).SetZero()
			}
		} else {
			v.SetLen(i)
		}
	}
	if i == 0 && v.Kind() == reflect.Slice {
		v.Set(reflect.MakeSlice(v.Type(), 0, 0))
	}
	return nil
}

// sliceHeader is the layout of a slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// sliceAt is arrayInto for a settable slice v whose elements are plain
// scalars or structs without methods: elements are reached by address
// rather than through reflect.Value, and the slice grows as arrayInto's.
//
// h is v's header.
func (d *decodeState) sliceAt(h *sliceHeader, v reflect.Value, ep *plan) error {
	size := ep.t.Size()
	d.off++ // '['
	i := 0
	if !d.empty() {
		for {
			if i >= h.len {
				if i >= h.cap {
					v.Grow(max(h.cap, 4)) // doubling, as in arrayInto
				}
				h.len = i + 1
			}
			ptr := unsafe.Add(h.data, uintptr(i)*size)
			switch {
			case ep.fast != fNone:
				if d.fast(ptr, ep.fast) {
					break
				}
				if err := d.value(reflect.NewAt(ep.t, ptr).Elem(), ep); err != nil {
					return err
				}
			case d.data[d.off] == '{':
				if err := d.structAt(ptr, reflect.Value{}, ep); err != nil {
					return err
				}
			default:
				if err := d.value(reflect.NewAt(ep.t, ptr).Elem(), ep); err != nil {
					return err
				}
			}
			i++
			if b := d.data; b[d.off] == ',' && b[d.off+1] > ' ' { // d.more(), inlined
				d.off++
			} else if !d.more() {
				break
			}
		}
	}
	if i < h.len {
		h.len = i
	}
	if i == 0 {
		// A new empty slice, as arrayInto's reflect.MakeSlice(t, 0, 0)
		// makes, without allocating that call's result header.
		*h = sliceHeader{unsafe.Pointer(&emptyArray), 0, 0}
	}
	return nil
}

// emptyArray is where the empty slices sliceAt makes point.
var emptyArray [0]uint64

// sliceScratch is sliceAt for the slice dst of type p.t without capacity
// (nil, usually): the elements are decoded into a scratch buffer of d's,
// grown by doubling and kept for reuse, then copied into a new slice of
// exactly their number. The result is what sliceAt gives (it decodes
// into zeroed elements either way), without the garbage of the slices it
// would outgrow.
func (d *decodeState) sliceScratch(dst *sliceHeader, p, ep *plan) error {
	s := d.getScratch(p)
	buf, c := s.h.data, s.h.cap
	err := d.sliceAt(&s.h, s.v, ep)
	d.scratchOut(dst, s, p, ep, buf, c)
	return err
}

// scratchOut copies the elements decoded into the scratch buffer s (whose
// array was buf, of capacity c, before decoding) into a new slice at dst,
// and frees s.
func (d *decodeState) scratchOut(dst *sliceHeader, s *scratchBuf, p, ep *plan, buf unsafe.Pointer, c int) {
	if n := s.h.len; n > 0 {
		// The copy is made by growing s.out, which allocates the array
		// alone (reflect.MakeSlice would also allocate its result).
		s.out = sliceHeader{}
		s.ov.Grow(n)
		s.out.len = n
		if p.noPointers {
			size := uintptr(n) * ep.t.Size()
			copy(unsafe.Slice((*byte)(s.out.data), size), unsafe.Slice((*byte)(s.h.data), size))
			clear(unsafe.Slice((*byte)(s.h.data), size)) // the next use needs zeroed elements
		} else {
			reflect.Copy(s.ov, s.v)
			s.v.Clear() // the next use needs zeroed elements; and keep nothing alive
		}
		*dst = s.out
		s.out = sliceHeader{}
		s.h.len = 0
	} else {
		*dst = s.h // the empty slice sliceAt made
		s.h = sliceHeader{buf, 0, c}
	}
	d.putScratch(s)
}

// scratchBuf is a scratch buffer for the elements of slices of type p.t.
type scratchBuf struct {
	p    *plan
	h    sliceHeader
	v    reflect.Value // h as a settable slice
	out  sliceHeader   // the copy being made
	ov   reflect.Value // out as a settable slice
	busy bool
}

// Limits of the scratch buffers a decodeState keeps: their number and
// the size in bytes of each.
const (
	maxScratches = 32
	maxScratch   = 4 << 20
)

// getScratch returns a free scratch buffer for slice plan p.
func (d *decodeState) getScratch(p *plan) *scratchBuf {
	for _, s := range d.scratches {
		if s.p == p && !s.busy {
			s.busy = true
			return s
		}
	}
	s := &scratchBuf{p: p, busy: true}
	s.v = reflect.NewAt(p.t, unsafe.Pointer(&s.h)).Elem()
	s.ov = reflect.NewAt(p.t, unsafe.Pointer(&s.out)).Elem()
	if len(d.scratches) < maxScratches {
		d.scratches = append(d.scratches, s)
	}
	return s
}

// putScratch frees s, dropping a buffer too large to keep.
func (d *decodeState) putScratch(s *scratchBuf) {
	if uintptr(s.h.cap)*s.p.t.Elem().Size() > maxScratch {
		s.h = sliceHeader{}
	}
	s.busy = false
}

// objectInto decodes a JSON object into v: encoding/json's object after
// indirect.
func (d *decodeState) objectInto(v reflect.Value, p *plan) error {
	if v.Kind() == reflect.Interface && v.NumMethod() == 0 {
		v.Set(reflect.ValueOf(d.objectInterface()))
		return nil
	}
	switch v.Kind() {
	case reflect.Map:
		if p.t != v.Type() {
			p = planFor(v.Type())
		}
		if p.mapKey == keyInvalid {
			break
		}
		if v.IsNil() {
			v.Set(reflect.MakeMap(v.Type()))
		}
		return d.mapInto(v, p)
	case reflect.Struct:
		if p.t != v.Type() {
			p = planFor(v.Type())
		}
		return d.structInto(v, p)
	}
	d.saveError(&UnmarshalTypeError{Value: "object", Type: v.Type(), Offset: int64(d.off + 1)})
	d.skip()
	return nil
}

var mapStringAnyType = reflect.TypeFor[map[string]any]()

// mapInto decodes the members of the object at d.off into the non-nil map
// v, which it does not clear.
func (d *decodeState) mapInto(v reflect.Value, p *plan) error {
	d.off++ // '{'
	if d.empty() {
		return nil
	}
	if p.t == mapStringAnyType {
		d.membersInto(v.Interface().(map[string]any))
		return nil
	}
	t := p.t
	kt := t.Key()
	ep := p.elem()
	elem := reflect.New(t.Elem()).Elem()
	elemAt := unsafe.Pointer(elem.UnsafeAddr())
	first := true
	var kv reflect.Value
	if p.mapKey == keyPlainString || p.mapKey == keyString {
		kv = reflect.New(kt).Elem()
	}
	for {
		start, end, f := d.readString()
		item := d.data[start:end]
		var key string
		if p.mapKey != keyText {
			key = d.str(item, f)
		}
		if b := d.data; b[d.off] == ':' && b[d.off+1] > ' ' { // d.afterName(), inlined
			d.off++
		} else {
			d.afterNameSpace()
		}
		if !first {
			elem.SetZero()
		}
		first = false
		if err := d.valueAt(elemAt, ep); err != nil {
			return err
		}
		switch p.mapKey {
		case keyText:
			pk := reflect.New(kt)
			if err := d.literalStore(item, pk, true); err != nil {
				return err
			}
			v.SetMapIndex(pk.Elem(), elem)
		case keyPlainString, keyString:
			kv.SetString(key)
			v.SetMapIndex(kv, elem)
		case keyInt:
			n, err := strconv.ParseInt(key, 10, 64)
			if err != nil || reflect.Zero(kt).OverflowInt(n) {
				d.saveError(&UnmarshalTypeError{Value: "number " + key, Type: kt, Offset: int64(start + 1)})
				break
			}
			k := reflect.New(kt).Elem()
			k.SetInt(n)
			v.SetMapIndex(k, elem)
		case keyUint:
			n, err := strconv.ParseUint(key, 10, 64)
			if err != nil || reflect.Zero(kt).OverflowUint(n) {
				d.saveError(&UnmarshalTypeError{Value: "number " + key, Type: kt, Offset: int64(start + 1)})
				break
			}
			k := reflect.New(kt).Elem()
			k.SetUint(n)
			v.SetMapIndex(k, elem)
		}
		if b := d.data; b[d.off] == ',' && b[d.off+1] > ' ' { // d.more(), inlined
			d.off++
		} else if !d.more() {
			return nil
		}
	}
}

// structInto decodes the members of the object at d.off into the struct
// v, matching names to fields and keeping errorContext as encoding/json
// does.
func (d *decodeState) structInto(v reflect.Value, p *plan) error {
	var base unsafe.Pointer
	if v.CanSet() {
		base = unsafe.Pointer(v.UnsafeAddr()) // (Addr would look up the pointer type)
	}
	return d.structAt(base, v, p)
}

// structAt is structInto for the struct at base, which may be written
// through (nil if not settable). v is the struct as a reflect.Value; when
// base is set it may be the zero Value, made from base only if a member
// needs reflection.
func (d *decodeState) structAt(base unsafe.Pointer, v reflect.Value, p *plan) error {
	d.off++ // '{'
	if d.empty() {
		return nil
	}
	sp := p.structPlan()
	hint := 0 // members usually come in field order
	for {
		// The member expected next, spelled as its field's name: matched
		// in place, without reading the name as a string.
		if base != nil {
			b, i := d.data, d.off
			if nf := &sp.next[hint]; i+8 <= len(b) && binary.LittleEndian.Uint64(b[i:])&nf.mask == nf.word &&
				(len(nf.rest) == 0 || hasPrefixAt(b, i+8, nf.rest)) {
				d.off = i + nf.n
				if b[d.off] <= ' ' {
					d.spaces()
				}
				// A plain scalar by its fast store; anything else, or a
				// scalar the fast store refuses, by fieldAt.
				if fp := nf.fp; fp.fast == fNone || !d.fast(unsafe.Add(base, fp.off), fp.fast) {
					if err := d.fieldAt(unsafe.Add(base, fp.off), fp, p.t); err != nil {
						return err
					}
				}
				hint++
				if b := d.data; b[d.off] == ',' && b[d.off+1] > ' ' { // d.more(), inlined
					d.off++
				} else if !d.more() {
					return nil
				}
				continue
			}
		}
		more, err := d.member(base, &v, p, sp, &hint)
		if err != nil || !more {
			return err
		}
	}
}

// fieldAt decodes the value at d.off into the field fp of a struct of type
// st, at ptr, with the field on the error context (left there if decoding
// fails, as member leaves it).
func (d *decodeState) fieldAt(ptr unsafe.Pointer, fp *fieldPlan, st reflect.Type) error {
	origStruct, origLen := d.ctx.Struct, len(d.ctx.FieldStack)
	d.ctx.Struct = st
	d.ctx.FieldStack = append(d.ctx.FieldStack, fp.name)
	if err := d.valueAt(ptr, fp.plan); err != nil {
		return err
	}
	d.ctx.FieldStack = d.ctx.FieldStack[:origLen]
	d.ctx.Struct = origStruct
	return nil
}

// valueAt is value for the settable value of type p.t at ptr, which it
// reaches by address where it can: structs, pointers without methods,
// map[string]string and plain scalars; anything else goes to value.
func (d *decodeState) valueAt(ptr unsafe.Pointer, p *plan) error {
	c := d.data[d.off]
	switch {
	case p.generic:
	case p.fast != fNone:
		if d.fast(ptr, p.fast) {
			return nil
		}
	case p.kind == pStruct:
		if c == '{' {
			return d.structAt(ptr, reflect.Value{}, p)
		}
	case p.kind == pPointer:
		if c == 'n' {
			d.off += 4
			*(*unsafe.Pointer)(ptr) = nil
			return nil
		}
		ep := p.elem()
		q := *(*unsafe.Pointer)(ptr)
		if q == nil {
			q = reflect.New(ep.t).UnsafePointer()
			*(*unsafe.Pointer)(ptr) = q
		}
		return d.valueAt(q, ep)
	case p.kind == pSlice:
		if h := (*sliceHeader)(ptr); c == '[' && h.cap == 0 && p.scratch {
			if ep := p.elem(); ep.byAddrElem() {
				return d.sliceScratch(h, p, ep)
			}
		}
	case p.t == mapStringStringType:
		if c == '{' {
			return d.mapStringString(ptr)
		}
	}
	return d.value(reflect.NewAt(p.t, ptr).Elem(), p)
}

var (
	mapStringStringType = reflect.TypeFor[map[string]string]()
	stringPlan          = planFor(reflect.TypeFor[string]())
)

// mapStringString is mapInto for the map[string]string at ptr.
func (d *decodeState) mapStringString(ptr unsafe.Pointer) error {
	m := *(*map[string]string)(ptr)
	if m == nil {
		m = make(map[string]string)
		*(*map[string]string)(ptr) = m
	}
	d.off++ // '{'
	if d.empty() {
		return nil
	}
	for {
		key := d.readStr()
		if b := d.data; b[d.off] == ':' && b[d.off+1] > ' ' { // d.afterName(), inlined
			d.off++
		} else {
			d.afterNameSpace()
		}
		var val string
		if !d.fast(unsafe.Pointer(&val), fString) {
			var err error
			if val, err = d.stringSlow(); err != nil {
				return err
			}
		}
		m[key] = val
		if b := d.data; b[d.off] == ',' && b[d.off+1] > ' ' { // d.more(), inlined
			d.off++
		} else if !d.more() {
			return nil
		}
	}
}

// stringSlow decodes the value at d.off, which is not a string, into a
// string as value does (null leaves it empty; others are type errors).
func (d *decodeState) stringSlow() (string, error) {
	var s string
	err := d.value(reflect.ValueOf(&s).Elem(), stringPlan)
	return s, err
}

// hasPrefixAt reports whether b[i:] starts with s.
func hasPrefixAt(b []byte, i int, s string) bool {
	return len(b)-i >= len(s) && string(b[i:i+len(s)]) == s
}

// member decodes the object member at d.off into the struct (at base,
// or *v) and consumes the ',' or '}' after it, reporting whether another
// member follows. *hint is the field expected next.
func (d *decodeState) member(base unsafe.Pointer, v *reflect.Value, p *plan, sp *structPlan, hint *int) (bool, error) {
	s, e, f := d.readString()
	key := d.unquote(d.data[s:e], f)
	fp, fi := sp.lookup(key, *hint, d.flags&dCaseSensitive != 0)
	*hint = fi + 1
	if fp != nil && fp.byAddr && base != nil {
		if b := d.data; b[d.off] == ':' && b[d.off+1] > ' ' { // d.afterName(), inlined
			d.off++
		} else {
			d.afterNameSpace()
		}
		if fp.fast == fNone || !d.fast(unsafe.Add(base, fp.off), fp.fast) {
			if err := d.fieldAt(unsafe.Add(base, fp.off), fp, p.t); err != nil {
				return false, err
			}
		}
		return d.more(), nil
	}
	if !v.IsValid() {
		*v = reflect.NewAt(p.t, base).Elem()
	}
	origStruct, origLen := d.ctx.Struct, len(d.ctx.FieldStack)
	var subv reflect.Value
	destring := false
	if fp != nil {
		destring = fp.quoted
		if fp.direct {
			subv = v.Field(fp.index[0])
		} else {
			subv = d.fieldByIndex(*v, fp)
			if !subv.IsValid() {
				destring = false
			}
		}
		d.ctx.Struct = p.t
		d.ctx.FieldStack = append(d.ctx.FieldStack, fp.name)
	} else if d.flags&dDisallowUnknown != 0 {
		d.saveError(fmt.Errorf("json: unknown field %q", key))
	}
	if b := d.data; b[d.off] == ':' && b[d.off+1] > ' ' { // d.afterName(), inlined
		d.off++
	} else {
		d.afterNameSpace()
	}
	switch {
	case destring:
		if err := d.valueQuotedInto(subv); err != nil {
			return false, err
		}
	case subv.IsValid():
		if err := d.value(subv, fp.plan); err != nil {
			return false, err
		}
	default:
		d.skip()
	}
	d.ctx.FieldStack = d.ctx.FieldStack[:origLen]
	d.ctx.Struct = origStruct
	return d.more(), nil
}

// fieldByIndex walks to a promoted field, allocating embedded pointers,
// and pushes the embedded fields' names on the error context. It returns
// the invalid Value when it meets a nil embedded pointer to an unexported
// struct type, which cannot be set.
func (d *decodeState) fieldByIndex(v reflect.Value, fp *fieldPlan) reflect.Value {
	subv := v
	for i, ind := range fp.index {
		if subv.Kind() == reflect.Pointer {
			if subv.IsNil() {
				if !subv.CanSet() {
					d.saveError(fmt.Errorf("json: cannot set embedded pointer to unexported struct: %v", subv.Type().Elem()))
					return reflect.Value{}
				}
				subv.Set(reflect.New(subv.Type().Elem()))
			}
			subv = subv.Elem()
		}
		if i < len(fp.index)-1 {
			d.ctx.FieldStack = append(d.ctx.FieldStack, fp.embeds[i])
		}
		subv = subv.Field(ind)
	}
	return subv
}

// valueQuotedInto decodes the value of a field with the ",string" option:
// encoding/json's valueQuoted followed by the literalStore it feeds.
func (d *decodeState) valueQuotedInto(subv reflect.Value) error {
	switch qv := d.valueQuoted().(type) {
	case nil:
		return d.literalStore(nullLiteral, subv, false)
	case string:
		return d.literalStore([]byte(qv), subv, true)
	default:
		d.saveError(fmt.Errorf("json: invalid use of ,string struct tag, trying to unmarshal unquoted value into %v", subv.Type()))
	}
	return nil
}

type unquotedValue struct{}

// valueQuoted returns a string or null literal as an interface value, and
// unquotedValue{} for anything else.
func (d *decodeState) valueQuoted() any {
	switch d.data[d.off] {
	case '[', '{':
		d.skip()
	default:
		switch v := d.literalInterface(); v.(type) {
		case nil, string:
			return v
		}
	}
	return unquotedValue{}
}

var nullLiteral = []byte("null")

// fastFloats decodes a JSON array of at most n numbers at d.off into the
// [n]float64 at ptr, zeroing the elements after the last one (as
// encoding/json does). Anything else (null, a longer array, an element
// that is not a number in range) reports false with d.off unchanged.
func (d *decodeState) fastFloats(ptr unsafe.Pointer, n int) bool {
	data := d.data
	if data[d.off] != '[' {
		return false
	}
	var tmp [maxFastFloats]float64
	k := 0
	i := skipWS(data, d.off+1)
	if data[i] != ']' {
		for {
			if c := data[i]; k == n || c != '-' && c-'0' >= 10 {
				return false
			}
			f, end, ok := readFloat(data, i)
			if !ok {
				m, _ := scan.Number(data[i:], true)
				var err error
				if f, ok = scan.ParseFloat64(data[i : i+m]); !ok {
					if f, err = strconv.ParseFloat(string(data[i:i+m]), 64); err != nil {
						return false
					}
				}
				end = i + m
			}
			tmp[k] = f
			k++
			i = skipWS(data, end)
			if data[i] == ']' {
				break
			}
			i = skipWS(data, i+1) // the ',' of valid input
		}
	}
	copy(unsafe.Slice((*float64)(ptr), n), tmp[:n])
	d.off = i + 1
	return true
}

// skipWS returns the offset of the first byte at or after i that is not
// JSON whitespace.
func skipWS(b []byte, i int) int {
	for b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t' {
		i++
	}
	return i
}

// fast decodes the value at d.off into the plain scalar at ptr, stored as
// k says, when the JSON value is of the scalar's own kind and in range
// (what value would do without reflection). Otherwise it reports false
// with d.off unchanged, and the caller takes the general path, which
// handles null, type errors and overflow exactly as encoding/json.
func (d *decodeState) fast(ptr unsafe.Pointer, k fastKind) bool {
	c := d.data[d.off]
	if k > fFloats {
		return d.fastFloats(ptr, int(k-fFloats))
	}
	switch k {
	case fString:
		if c != '"' {
			return false
		}
		*(*string)(ptr) = d.readStr()
		return true
	case fBool:
		switch c {
		case 't':
			d.off += 4
			*(*bool)(ptr) = true
			return true
		case 'f':
			d.off += 5
			*(*bool)(ptr) = false
			return true
		}
		return false
	case fFloat64:
		if c != '-' && c-'0' >= 10 {
			return false
		}
		f, end, ok := readFloat(d.data, d.off)
		if !ok {
			start := d.off
			s, e := d.readLiteral()
			if f, ok = scan.ParseFloat64(d.data[s:e]); !ok {
				var err error
				if f, err = strconv.ParseFloat(string(d.data[s:e]), 64); err != nil {
					d.off = start
					return false
				}
			}
			end = e
		}
		d.off = end
		*(*float64)(ptr) = f
		return true
	}
	if c != '-' && c-'0' >= 10 {
		return false
	}
	n, end, ok := readInt(d.data, d.off)
	if !ok {
		return false
	}
	if k <= fInt64 {
		switch k {
		case fInt:
			if int64(int(n)) != n {
				return false
			}
			*(*int)(ptr) = int(n)
		case fInt8:
			if int64(int8(n)) != n {
				return false
			}
			*(*int8)(ptr) = int8(n)
		case fInt16:
			if int64(int16(n)) != n {
				return false
			}
			*(*int16)(ptr) = int16(n)
		case fInt32:
			if int64(int32(n)) != n {
				return false
			}
			*(*int32)(ptr) = int32(n)
		case fInt64:
			*(*int64)(ptr) = n
		}
		d.off = end
		return true
	}
	if c == '-' { // even -0 is a type error for unsigned integers
		return false
	}
	u := uint64(n)
	switch k {
	case fUint:
		if uint64(uint(u)) != u {
			return false
		}
		*(*uint)(ptr) = uint(u)
	case fUint8:
		if uint64(uint8(u)) != u {
			return false
		}
		*(*uint8)(ptr) = uint8(u)
	case fUint16:
		if uint64(uint16(u)) != u {
			return false
		}
		*(*uint16)(ptr) = uint16(u)
	case fUint32:
		if uint64(uint32(u)) != u {
			return false
		}
		*(*uint32)(ptr) = uint32(u)
	case fUint64:
		*(*uint64)(ptr) = u
	case fUintptr:
		if uint64(uintptr(u)) != u {
			return false
		}
		*(*uintptr)(ptr) = uintptr(u)
	}
	d.off = end
	return true
}
