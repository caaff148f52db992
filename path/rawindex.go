package path

import (
	"bytes"
	"sync"

	"github.com/celerjson/celer/internal/index"
	"github.com/celerjson/celer/internal/scan"
)

// The indexed raw walk: the same walk as rawWalker, over the structural
// positions that package index (the SIMD stage 1 of the validator) finds,
// instead of byte by byte. Stage 1 checks string contents (control bytes,
// escapes, UTF-8) for the whole window it indexes; the walk below checks
// the grammar, scalars and nesting of what it passes over, as stage 2 of
// the validator does, so it accepts and rejects what rawWalker does. The
// windows start small and grow, so a value near the start of a large
// document costs little more to find than with rawWalker.

// minIndexedWalk is the input size from which the indexed walk is used (a
// variable for tests, which run both walks on small inputs).
var minIndexedWalk = 4 << 10

const (
	firstWindow = 2 << 10  // size of the first window indexed
	maxWindow   = 64 << 10 // size the windows grow to
)

// idxWalker walks structural positions.
type idxWalker struct {
	b        []byte
	strict   bool // strict UTF-8: surrogate escapes must pair up
	maxDepth int

	x    index.Builder
	idx  []uint32 // positions of the current window
	k    int      // next position in idx
	off  int      // start of the next window
	win  int      // size of the next window
	done bool     // the final window is indexed

	kinds  []uint64 // container kinds by relative depth: 1 for an object
	starts []int    // element offsets, for negative indexes
}

var idxWalkers = sync.Pool{New: func() any { return &idxWalker{idx: make([]uint32, 0, 1024)} }}

// walkIndexed runs the indexed walk of steps for w; ok is false when the
// indexed walk cannot decide (surrogate escapes to check) and rawWalker
// must run instead.
func (w *rawWalker) walkIndexed(steps []rawStep) (start, end int, st walkStatus, ok bool) {
	iw := idxWalkers.Get().(*idxWalker)
	defer func() {
		iw.b = nil
		idxWalkers.Put(iw)
	}()
	var flags uint
	iw.strict = w.mode&scan.AllowInvalidUTF8 == 0
	if iw.strict {
		flags = index.StrictUTF8
	}
	iw.x.Reset(flags)
	iw.b, iw.maxDepth = w.b, w.maxDepth
	iw.idx, iw.k, iw.off, iw.win, iw.done = iw.idx[:0], 0, 0, firstWindow, false
	start, end, st = iw.walk(steps, w)
	if iw.strict && iw.x.SurrogateEscape() {
		return 0, 0, 0, false
	}
	return start, end, st, true
}

// next returns the next structural position, or -1 at the end of input or
// when stage 1 found the input invalid.
func (w *idxWalker) next() int {
	if w.k < len(w.idx) {
		w.k++
		return int(w.idx[w.k-1])
	}
	return w.refill()
}

// refill indexes windows until one has a position, and returns it.
func (w *idxWalker) refill() int {
	for w.k >= len(w.idx) {
		if w.done || w.x.Bad() {
			return -1
		}
		end := min(w.off+w.win, len(w.b))
		w.done = end == len(w.b)
		w.idx = w.x.Index(w.b[w.off:end], uint32(w.off), w.done, w.idx[:0])
		w.k, w.off = 0, end
		w.win = min(w.win*4, maxWindow)
		if w.x.Bad() {
			return -1
		}
	}
	w.k++
	return int(w.idx[w.k-1])
}

// peek returns the next structural position without consuming it.
func (w *idxWalker) peek() int {
	q := w.next()
	if q >= 0 {
		w.k--
	}
	return q
}

func (w *idxWalker) setKind(rel int, obj bool) {
	i := rel >> 6
	for i >= len(w.kinds) {
		w.kinds = append(w.kinds, 0)
	}
	if obj {
		w.kinds[i] |= 1 << uint(rel&63)
	} else {
		w.kinds[i] &^= 1 << uint(rel&63)
	}
}

func (w *idxWalker) isObject(rel int) bool { return w.kinds[rel>>6]&(1<<uint(rel&63)) != 0 }

// walk follows steps from the first value of the input.
func (w *idxWalker) walk(steps []rawStep, scalar *rawWalker) (start, end int, st walkStatus) {
	b := w.b
	p := w.next()
	if p < 0 {
		return 0, 0, walkBad
	}
	for depth, s := range steps {
		c := b[p]
		if (c == '{' || c == '[') && depth+1 > w.maxDepth {
			return 0, 0, walkBad
		}
		switch c {
		case '{':
			if s.kind == rawIndex {
				return 0, 0, walkMissing
			}
			p, st = w.member(p, s.name, depth+1)
		case '[':
			idx := s.index
			if s.kind == rawName || (s.kind == rawEither && idx < 0) {
				return 0, 0, walkMissing
			}
			if idx < 0 {
				// Count the elements, then go on from the one selected
				// with the byte-wise walker (this array is checked).
				starts, st := w.elements(p, depth+1)
				if st != walkFound {
					return 0, 0, st
				}
				if idx += len(starts); idx < 0 {
					return 0, 0, walkMissing
				}
				return scalar.walkFrom(starts[idx], steps[depth+1:], depth+1)
			}
			p, st = w.element(p, idx, depth+1)
		default:
			return 0, 0, walkMissing
		}
		if st != walkFound {
			return 0, 0, st
		}
	}
	end, ok := w.skip(p, len(steps))
	if !ok {
		return 0, 0, walkBad
	}
	return p, end, walkFound
}

// member finds member name in the object whose '{' is at p (consumed) and
// returns the position of its value (consumed).
func (w *idxWalker) member(p int, name string, depth int) (int, walkStatus) {
	b := w.b
	q := w.next()
	if q < 0 {
		return 0, walkBad
	}
	if b[q] == '}' {
		return 0, walkMissing
	}
	for {
		if b[q] != '"' {
			return 0, walkBad
		}
		c := w.next() // the closing quote
		if c < 0 {
			return 0, walkBad
		}
		key := b[q+1 : c]
		match := false
		if len(key) >= len(name) { // escapes only make a name shorter
			if bytes.IndexByte(key, '\\') < 0 {
				match = string(key) == name
			} else {
				match = unquotedEqual(b[q:c+1], name)
			}
		}
		if colon := w.next(); colon < 0 || b[colon] != ':' {
			return 0, walkBad
		}
		v := w.next()
		if v < 0 {
			return 0, walkBad
		}
		if match {
			return v, walkFound
		}
		if _, ok := w.skip(v, depth); !ok {
			return 0, walkBad
		}
		switch q = w.next(); {
		case q < 0:
			return 0, walkBad
		case b[q] == ',':
			if q = w.next(); q < 0 {
				return 0, walkBad
			}
		case b[q] == '}':
			return 0, walkMissing
		default:
			return 0, walkBad
		}
	}
}

// element finds element i of the array whose '[' is at p (consumed) and
// returns its position (consumed).
func (w *idxWalker) element(p, i, depth int) (int, walkStatus) {
	b := w.b
	q := w.next()
	if q < 0 {
		return 0, walkBad
	}
	if b[q] == ']' {
		return 0, walkMissing
	}
	for k := 0; ; k++ {
		if k == i {
			return q, walkFound
		}
		if _, ok := w.skip(q, depth); !ok {
			return 0, walkBad
		}
		switch q = w.next(); {
		case q < 0:
			return 0, walkBad
		case b[q] == ',':
			if q = w.next(); q < 0 {
				return 0, walkBad
			}
		case b[q] == ']':
			return 0, walkMissing
		default:
			return 0, walkBad
		}
	}
}

// elements checks the array whose '[' is at p (consumed) and returns the
// offsets of its elements.
func (w *idxWalker) elements(p, depth int) ([]int, walkStatus) {
	b := w.b
	starts := w.starts[:0]
	defer func() { w.starts = starts[:0] }()
	q := w.next()
	if q < 0 {
		return nil, walkBad
	}
	if b[q] == ']' {
		return nil, walkFound
	}
	for {
		starts = append(starts, q)
		if _, ok := w.skip(q, depth); !ok {
			return nil, walkBad
		}
		switch q = w.next(); {
		case q < 0:
			return nil, walkBad
		case b[q] == ',':
			if q = w.next(); q < 0 {
				return nil, walkBad
			}
		case b[q] == ']':
			return starts, walkFound
		default:
			return nil, walkBad
		}
	}
}

// skip checks the value whose first position p was just consumed, nested
// at depth base, and returns the offset just past it. It is stage 2 of the
// validator for one value: a state machine written with gotos, each state
// one block.
func (w *idxWalker) skip(p, base int) (int, bool) {
	b := w.b
	depth := base

value:
	switch c := b[p]; c {
	case '{', '[':
		depth++
		if depth > w.maxDepth {
			return 0, false
		}
		w.setKind(depth-base, c == '{')
		q := w.next()
		if q < 0 {
			return 0, false
		}
		if b[q] == c+2 { // empty: "{}" or "[]"
			depth--
			p = q
			goto closed
		}
		p = q
		if c == '{' {
			goto name
		}
		goto value
	case '"':
		if p = w.next(); p < 0 { // the closing quote
			return 0, false
		}
		goto closed
	case 't', 'f', 'n':
		lit := "null"
		if c == 't' {
			lit = "true"
		} else if c == 'f' {
			lit = "false"
		}
		end := p + len(lit)
		if end > len(b) || string(b[p:end]) != lit || end < len(b) && !isDelim(b[end]) {
			return 0, false
		}
		p = end - 1
		goto closed
	default:
		if c != '-' && !isDigit(c) {
			return 0, false
		}
		// The run ends at the next structural position, less whitespace.
		e := len(b)
		if q := w.peek(); q >= 0 {
			e = q
		}
		for e > p && isBlank(b[e-1]) {
			e--
		}
		if !scan.NumberRun(b, p, e) {
			return 0, false
		}
		p = e - 1
		goto closed
	}

closed: // a value ends at p, inclusive
	if depth == base {
		return p + 1, true
	}
	p = w.next()
	if p < 0 {
		return 0, false
	}
	switch b[p] {
	case ',':
		if p = w.next(); p < 0 {
			return 0, false
		}
		if w.isObject(depth - base) {
			goto name
		}
		goto value
	case '}':
		if !w.isObject(depth - base) {
			return 0, false
		}
		depth--
		goto closed
	case ']':
		if w.isObject(depth - base) {
			return 0, false
		}
		depth--
		goto closed
	}
	return 0, false

name:
	if b[p] != '"' {
		return 0, false
	}
	if q := w.next(); q < 0 { // the closing quote
		return 0, false
	}
	if p = w.next(); p < 0 || b[p] != ':' {
		return 0, false
	}
	if p = w.next(); p < 0 {
		return 0, false
	}
	goto value
}

// isDelim reports whether c may follow a number or a literal.
func isDelim(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', ',', ']', '}', ':', '[', '{', '"':
		return true
	}
	return false
}
