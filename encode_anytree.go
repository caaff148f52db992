package celer

import (
	"math"
	"unsafe"

	"github.com/celerjson/celer/internal/ftoa"
	"github.com/celerjson/celer/internal/scan"
)

// Trees of map[string]any, []any, string, float64, bool and nil (what
// Unmarshal into an any produces) are written by a walker of their own,
// without going back through encodeAny for every value.
//
// Decoded documents repeat the same sets of names (every tweet, every user
// of an API response), so sorting each map's names again is most of the
// work. The walker remembers, per map size, the sorted names of the last
// map of that size together with their quoted text. A map of that size
// that holds every remembered name has exactly those names, and is
// written by looking its values up in name order: no iteration, no sort,
// no quoting of names.

// encKeySet is the remembered sorted name set of one map size.
type encKeySet struct {
	keys   []string        // sorted; the strings point into raw
	raw    []byte          // the names' bytes
	quoted []byte          // per name: ',' (but the first), the quoted name, ':'
	offs   []uint32        // name j's text is quoted[offs[j]:offs[j+1]]
	qf     scan.QuoteFlags // the quoting flags quoted was made with
	busy   int             // maps of this size being written with keys
}

// encKeySetMin and encKeySetMax bound the sizes of maps whose name sets
// are remembered: smaller ones sort fast, larger ones rarely repeat.
const (
	encKeySetMin = 3
	encKeySetMax = 128
)

// encKeySetBytes bounds the name bytes of a remembered set, which a pooled
// encState keeps.
const encKeySetBytes = 4 << 10

// encTree is the state of one walk: remembered name sets, and a stack of
// values looked up ahead of writing them (nested maps push above the
// values of the maps that contain them).
type encTree struct {
	sets   [encKeySetMax + 1]encKeySet
	vals   []any
	active int // calls of encodeMapAny under way
}

// encodeMapAny writes a map[string]any (the decoded form of a JSON
// object) and everything in it.
//
// The walk's encTree lives in e across calls (e.tree). A walk that
// panicked leaves it with values and busy counts: the next call that
// starts with nothing open (depth 0) resets it.
func (e *encState) encodeMapAny(b []byte, m map[string]any) []byte {
	if e.tree == nil {
		e.tree = new(encTree)
	}
	t := e.tree
	if e.depth == 0 && t.active != 0 {
		t.reset()
	}
	t.active++
	b = e.treeMap(t, b, m)
	t.active--
	return b
}

// reset forgets the values and busy counts of a walk that did not finish.
func (t *encTree) reset() {
	clear(t.vals)
	t.vals = t.vals[:0]
	for i := range t.sets {
		t.sets[i].busy = 0
	}
	t.active = 0
}

// treeValue writes v, a value inside a tree.
func (e *encState) treeValue(t *encTree, b []byte, v any) []byte {
	switch x := v.(type) {
	case string:
		return e.appendString(b, x)
	case float64:
		return encAppendFloat64(b, x)
	case map[string]any:
		return e.treeMap(t, b, x)
	case bool:
		if x {
			return append(b, "true"...)
		}
		return append(b, "false"...)
	case nil:
		return append(b, "null"...)
	case []any:
		return e.treeSlice(t, b, x)
	}
	return e.encodeAny(b, v)
}

// treeSlice writes a []any inside a tree.
func (e *encState) treeSlice(t *encTree, b []byte, s []any) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	k := encSeenKey{p: unsafe.Pointer(unsafe.SliceData(s)), n: len(s)}
	e.enter(k)
	b = append(b, '[')
	for i, v := range s {
		if i > 0 {
			b = append(b, ',')
		}
		if f, ok := v.(float64); ok { // arrays of numbers: coordinates, series
			b = encAppendFloat64(b, f)
			continue
		}
		b = e.treeValue(t, b, v)
	}
	e.leave(k)
	return append(b, ']')
}

// treeMap writes a map[string]any inside a tree.
func (e *encState) treeMap(t *encTree, b []byte, m map[string]any) []byte {
	if m == nil {
		return append(b, "null"...)
	}
	seen := encSeenKey{p: *(*unsafe.Pointer)(unsafe.Pointer(&m)), n: -1}
	e.enter(seen)
	n := len(m)
	if n < encKeySetMin || n > encKeySetMax || e.unsorted {
		b = e.treeMapSorted(t, b, m)
		e.leave(seen)
		return b
	}
	ks := &t.sets[n]
	if len(ks.keys) == n && ks.qf == e.qf {
		base := len(t.vals)
		hit := true
		for _, k := range ks.keys {
			v, ok := m[k]
			if !ok {
				hit = false
				break
			}
			t.vals = append(t.vals, v)
		}
		if hit {
			b = e.treeMapKeys(t, b, ks, base)
			e.leave(seen)
			return b
		}
		clear(t.vals[base:])
		t.vals = t.vals[:base]
	}
	if ks.busy > 0 {
		b = e.treeMapSorted(t, b, m)
		e.leave(seen)
		return b
	}
	// Remember this map's names, then write it as a hit.
	base := len(e.kvs)
	size := 0
	for k, v := range m {
		e.kvs = append(e.kvs, encKV{k, v})
		size += len(k)
	}
	if size > encKeySetBytes { // too long to keep in a pooled encState
		clear(e.kvs[base:])
		e.kvs = e.kvs[:base]
		b = e.treeMapSorted(t, b, m)
		e.leave(seen)
		return b
	}
	kvs := e.kvs[base:]
	sortKVs(kvs)
	ks.set(e, kvs)
	vbase := len(t.vals)
	for i := range kvs {
		t.vals = append(t.vals, kvs[i].v)
	}
	clear(kvs)
	e.kvs = e.kvs[:base]
	b = e.treeMapKeys(t, b, ks, vbase)
	e.leave(seen)
	return b
}

// treeMapKeys writes the map whose values, in the order of ks's names, are
// t.vals[base:], and pops them.
func (e *encState) treeMapKeys(t *encTree, b []byte, ks *encKeySet, base int) []byte {
	ks.busy++
	b = append(b, '{')
	for j := range ks.keys {
		b = append(b, ks.quoted[ks.offs[j]:ks.offs[j+1]]...)
		b = e.treeValue(t, b, t.vals[base+j])
	}
	ks.busy--
	clear(t.vals[base:])
	t.vals = t.vals[:base]
	return append(b, '}')
}

// set makes ks remember the names of kvs, sorted, quoted with e's flags.
func (ks *encKeySet) set(e *encState, kvs []encKV) {
	ks.keys, ks.raw, ks.quoted, ks.offs = ks.keys[:0], ks.raw[:0], ks.quoted[:0], ks.offs[:0]
	for i := range kvs {
		ks.raw = append(ks.raw, kvs[i].k...)
	}
	for i := range kvs {
		ks.offs = append(ks.offs, uint32(len(ks.quoted)))
		if i > 0 {
			ks.quoted = append(ks.quoted, ',')
		}
		ks.quoted = e.appendString(ks.quoted, kvs[i].k) // may abort (strict UTF-8)
		ks.quoted = append(ks.quoted, ':')
	}
	ks.offs = append(ks.offs, uint32(len(ks.quoted)))
	ks.qf = e.qf
	// The names last: a set is used only when it has all of them, so one
	// whose quoting aborted above is never used.
	at := 0
	for i := range kvs {
		l := len(kvs[i].k)
		ks.keys = append(ks.keys, unsafe.String(unsafe.SliceData(ks.raw[at:]), l))
		at += l
	}
}

// treeMapSorted writes a map by copying its entries out and sorting them
// (unless e is unsorted).
func (e *encState) treeMapSorted(t *encTree, b []byte, m map[string]any) []byte {
	base := len(e.kvs)
	for k, v := range m {
		e.kvs = append(e.kvs, encKV{k, v})
	}
	kvs := e.kvs[base:]
	if !e.unsorted {
		sortKVs(kvs)
	}
	b = append(b, '{')
	for j := range kvs {
		if j > 0 {
			b = append(b, ',')
		}
		b = e.appendString(b, kvs[j].k)
		b = append(b, ':')
		b = e.treeValue(t, b, kvs[j].v)
	}
	clear(kvs)
	e.kvs = e.kvs[:base]
	return append(b, '}')
}

// encAppendFloat64 appends f as encoding/json does. Integers below 2^53
// in magnitude, except zero (which may be -0), are their own shortest
// round-tripping decimal form, written as integers.
func encAppendFloat64(b []byte, f float64) []byte {
	if i := int64(f); float64(i) == f && i != 0 && i > -1<<53 && i < 1<<53 {
		return ftoa.AppendInt(b, i)
	}
	if math.IsInf(f, 0) || math.IsNaN(f) {
		encFail()
	}
	return ftoa.AppendJSON(b, f)
}
