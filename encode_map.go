package celer

import (
	"encoding"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unsafe"
)

// Map plans. A nil map is null; keys are strings, integers or
// TextMarshalers, written as JSON strings and sorted (unless
// Deterministic(false)); values are not addressable. Maps count towards
// encoding/json's cycle detection.

// encMapEntry is one map entry waiting to be sorted: its key text and its
// position in the copied values.
type encMapEntry struct {
	key string
	i   int
}

// encKV is one entry of a map[string]any.
type encKV struct {
	k string
	v any
}

// encSS is one entry of a map[string]string.
type encSS struct{ k, v string }

func (b *encBuilder) mapPlan(t reflect.Type) encFn {
	if t == reflect.TypeFor[map[string]string]() {
		return encodeMapSS
	}
	kt, vt := t.Key(), t.Elem()
	switch kt.Kind() {
	case reflect.String,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
	default:
		if !kt.Implements(encTextMarshalerType) {
			return encUnsupported
		}
	}
	m := &encMap{
		typ:   t,
		keys:  reflect.SliceOf(kt),
		vals:  reflect.SliceOf(vt),
		vsize: vt.Size(),
		ksize: kt.Size(),
		elem:  b.plan(vt, false),
		key:   encMapKeyFunc(kt),
	}
	return m.encode
}

type encMap struct {
	typ          reflect.Type
	keys, vals   reflect.Type // slice types used to copy the entries out
	ksize, vsize uintptr
	elem         encFn
	key          func(keys reflect.Value, p unsafe.Pointer, i int) string
}

// encMapKeyFunc returns how to turn the i-th copied key (stored at p, also
// reachable as keys.Index(i)) into its JSON name, as encoding/json does:
// string kinds as they are, then TextMarshalers (a nil pointer is ""),
// then integers in decimal.
func encMapKeyFunc(kt reflect.Type) func(reflect.Value, unsafe.Pointer, int) string {
	switch {
	case kt.Kind() == reflect.String:
		return func(_ reflect.Value, p unsafe.Pointer, _ int) string { return *(*string)(p) }
	case kt.Implements(encTextMarshalerType):
		return func(keys reflect.Value, _ unsafe.Pointer, i int) string {
			k := keys.Index(i)
			if k.Kind() == reflect.Pointer && k.IsNil() {
				return ""
			}
			text, err := k.Interface().(encoding.TextMarshaler).MarshalText()
			if err != nil {
				encFail()
			}
			return string(text)
		}
	}
	switch kt.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(keys reflect.Value, _ unsafe.Pointer, i int) string {
			return strconv.FormatInt(keys.Index(i).Int(), 10)
		}
	}
	return func(keys reflect.Value, _ unsafe.Pointer, i int) string {
		return strconv.FormatUint(keys.Index(i).Uint(), 10)
	}
}

func (m *encMap) encode(e *encState, b []byte, p unsafe.Pointer) []byte {
	mv := reflect.NewAt(m.typ, p).Elem()
	if mv.IsNil() {
		return append(b, "null"...)
	}
	seen := encSeenKey{p: mv.UnsafePointer(), n: -1}
	e.enter(seen)
	n := mv.Len()
	buf := e.mapBuf(m, n) // used from 0 to n (Slice would allocate)
	keys, vals := buf.keys, buf.vals
	var it reflect.MapIter
	it.Reset(mv)
	for i := 0; it.Next(); i++ {
		keys.Index(i).SetIterKey(&it)
		vals.Index(i).SetIterValue(&it)
	}
	kp, vp := keys.UnsafePointer(), vals.UnsafePointer()
	base := len(e.ents)
	for i := range n {
		e.ents = append(e.ents, encMapEntry{m.key(keys, unsafe.Add(kp, uintptr(i)*m.ksize), i), i})
	}
	ents := e.ents[base:]
	if !e.unsorted {
		slices.SortFunc(ents, func(a, b encMapEntry) int { return strings.Compare(a.key, b.key) })
	}
	b = append(b, '{')
	for j, ent := range ents {
		if j > 0 {
			b = append(b, ',')
		}
		b = e.appendString(b, ent.key)
		b = append(b, ':')
		b = m.elem(e, b, unsafe.Add(vp, uintptr(ent.i)*m.vsize))
	}
	clear(ents)
	e.ents = e.ents[:base]
	if n > keys.Len()/4 {
		keys.Clear()
		vals.Clear()
	} else {
		for i := range n {
			keys.Index(i).SetZero()
			vals.Index(i).SetZero()
		}
	}
	if buf.keys.Len() <= encMapBufMax {
		e.mapBufs[m] = append(e.mapBufs[m], buf)
	}
	e.leave(seen)
	return append(b, '}')
}

// encMapBuf is a pair of slices to copy a map's keys and values out into.
type encMapBuf struct{ keys, vals reflect.Value }

// mapBuf returns buffers for n entries of maps of plan m: a free pair of
// e's, or a new one (kept once the map is written, up to encMapBufMax
// entries, so that marshaling many maps allocates for the first few).
func (e *encState) mapBuf(m *encMap, n int) encMapBuf {
	if e.mapBufs == nil {
		e.mapBufs = make(map[*encMap][]encMapBuf)
	}
	c := max(n, 16)
	if free := e.mapBufs[m]; len(free) > 0 {
		// Take the innermost free pair, or replace it by a larger one:
		// the free list is never longer than maps of m are nested.
		k := len(free) - 1
		e.mapBufs[m] = free[:k]
		if free[k].keys.Len() >= n {
			return free[k]
		}
		c = max(c, 2*free[k].keys.Len())
	}
	if n > encMapBufMax {
		c = n
	}
	return encMapBuf{reflect.MakeSlice(m.keys, c, c), reflect.MakeSlice(m.vals, c, c)}
}

// encMapBufMax is the largest map whose buffers an encState keeps.
const encMapBufMax = 1 << 12

// encodeMapSS writes a map[string]string (headers, parameters, labels)
// without copying its entries out through reflection.
func encodeMapSS(e *encState, b []byte, p unsafe.Pointer) []byte {
	m := *(*map[string]string)(p)
	if m == nil {
		return append(b, "null"...)
	}
	seen := encSeenKey{p: *(*unsafe.Pointer)(p), n: -1}
	e.enter(seen)
	base := len(e.sss)
	for k, v := range m {
		e.sss = append(e.sss, encSS{k, v})
	}
	ss := e.sss[base:]
	if !e.unsorted {
		if len(ss) > 12 {
			slices.SortFunc(ss, func(a, b encSS) int { return strings.Compare(a.k, b.k) })
		} else {
			for i := 1; i < len(ss); i++ {
				x, j := ss[i], i
				for ; j > 0 && x.k < ss[j-1].k; j-- {
					ss[j] = ss[j-1]
				}
				ss[j] = x
			}
		}
	}
	b = append(b, '{')
	for j := range ss {
		if j > 0 {
			b = append(b, ',')
		}
		b = e.appendString(b, ss[j].k)
		b = append(b, ':')
		b = e.appendString(b, ss[j].v)
	}
	clear(ss)
	e.sss = e.sss[:base]
	e.leave(seen)
	return append(b, '}')
}

// sortKVs sorts entries by key: insertion sort for the small maps that
// decoded documents are made of, the library sort for larger ones.
func sortKVs(kvs []encKV) {
	if len(kvs) > 12 {
		slices.SortFunc(kvs, func(a, b encKV) int { return strings.Compare(a.k, b.k) })
		return
	}
	for i := 1; i < len(kvs); i++ {
		x := kvs[i]
		j := i
		for ; j > 0 && x.k < kvs[j-1].k; j-- {
			kvs[j] = kvs[j-1]
		}
		kvs[j] = x
	}
}
