package path

import (
	"sync"

	"github.com/celerjson/celer/dom"
)

// Evaluation is depth first: a node selected by segment k is passed at once
// to segment k+1, and a node that passes the last segment is emitted. The
// result is the concatenation the RFC defines (each segment's nodelist in
// input order), without intermediate nodelists: name, index, wildcard and
// slice steps allocate nothing. A negative slice step buffers the array's
// elements on a scratch stack shared by the whole evaluation.

// emitMode says what the evaluator does with the nodes it selects.
type emitMode uint8

const (
	emitCollect emitMode = iota // append to out (and paths, if tracked)
	emitCount                   // count, stopping at limit when limit > 0
)

// pathStep is one step of the normalized path of the current node: a
// member name, or an array index when isName is false. The name may be a
// view of the document that is valid only while the step is on the stack.
type pathStep struct {
	name   []byte
	index  int
	isName bool
}

// evaluator is the state of one evaluation. It lives on the caller's stack.
type evaluator struct {
	q    *Query
	root dom.Value

	out []dom.Value // emitCollect

	// Normalized paths, when track is set: steps is the path of the
	// current node; each emitted node's path is appended to paths and its
	// end offset to pathEnds.
	steps    []pathStep
	paths    []byte
	pathEnds []int

	counter // emitCount

	buf *buffers // scratch buffers, taken from bufferPool when first needed
}

// buffers are scratch buffers of an evaluation, pooled across evaluations
// so that steady-state evaluation does not allocate.
type buffers struct {
	scratch []dom.Value // elements of arrays sliced with a negative step
	text    []byte      // string contents compared by filters
	vals    []dom.Value // results of raw evaluation before they become bytes
}

var bufferPool = sync.Pool{New: func() any { return new(buffers) }}

// bufs returns e's scratch buffers.
func (e *evaluator) bufs() *buffers {
	if e.buf == nil {
		e.buf = bufferPool.Get().(*buffers)
	}
	return e.buf
}

// release returns e's scratch buffers to the pool; the evaluation is over.
func (e *evaluator) release() {
	if e.buf != nil {
		e.buf.text = e.buf.text[:0]
		bufferPool.Put(e.buf)
		e.buf = nil
	}
}

// textMark returns the length of the text buffer, to truncate back to.
func (e *evaluator) textMark() int {
	if e.buf == nil {
		return 0
	}
	return len(e.buf.text)
}

// truncText drops the text after mark.
func (e *evaluator) truncText(mark int) {
	if e.buf != nil {
		e.buf.text = e.buf.text[:mark]
	}
}

// counter is the state of counting mode, saved and restored around the
// evaluation of a filter's query.
type counter struct {
	mode         emitMode
	track        bool
	count, limit int       // nodes seen; stop at limit (if > 0)
	first        dom.Value // the first node
	stop         bool      // limit reached
}

func (e *evaluator) push(s pathStep) {
	if e.track {
		e.steps = append(e.steps, s)
	}
}

func (e *evaluator) pop() {
	if e.track {
		e.steps = e.steps[:len(e.steps)-1]
	}
}

func (e *evaluator) emit(v dom.Value) {
	switch e.mode {
	case emitCollect:
		e.out = append(e.out, v)
		if e.track {
			e.paths = appendNormalized(e.paths, e.steps)
			e.pathEnds = append(e.pathEnds, len(e.paths))
		}
	case emitCount:
		if e.count == 0 {
			e.first = v
		}
		e.count++
		if e.limit > 0 && e.count >= e.limit {
			e.stop = true
		}
	}
}

// segs applies segs to v.
func (e *evaluator) segs(segs []segment, v dom.Value) {
	if len(segs) == 0 {
		e.emit(v)
		return
	}
	s := &segs[0]
	if s.tail && !e.track {
		if r := singularLookup(segs, v); r.Exists() {
			e.emit(r)
		}
		return
	}
	if s.desc {
		e.descend(s, segs[1:], v)
		return
	}
	e.child(s, segs[1:], v)
}

// child applies the selectors of s to v and passes each selected node on
// to rest.
func (e *evaluator) child(s *segment, rest []segment, v dom.Value) {
	k := v.Kind()
	if k != dom.Object && k != dom.Array {
		return // selectors select nothing from a primitive value
	}
	for i := range s.sels {
		if e.stop {
			return
		}
		sel := &s.sels[i]
		switch sel.kind {
		case selName:
			if k == dom.Object {
				if c := v.GetName(&sel.key); c.Exists() {
					e.push(pathStep{name: sel.nameB, isName: true})
					e.segs(rest, c)
					e.pop()
				}
			}
		case selIndex:
			if k == dom.Array {
				i := sel.index
				if i < 0 {
					i += v.Len()
				}
				if c := v.Index(i); i >= 0 && c.Exists() {
					e.push(pathStep{index: i})
					e.segs(rest, c)
					e.pop()
				}
			}
		case selWildcard:
			e.wildcard(rest, v, k)
		case selSlice:
			if k == dom.Array {
				e.slice(sel, rest, v)
			}
		case selFilter:
			e.filter(sel.filter, rest, v, k)
		}
	}
}

// wildcard passes every child of v on to rest.
func (e *evaluator) wildcard(rest []segment, v dom.Value, k dom.Kind) {
	if k == dom.Object {
		if !e.track { // no names needed
			for c := range v.Members() {
				e.segs(rest, c)
				if e.stop {
					return
				}
			}
			return
		}
		for name, c := range v.AllBytes() {
			e.push(pathStep{name: name, isName: true})
			e.segs(rest, c)
			e.pop()
			if e.stop {
				return
			}
		}
		return
	}
	if e.tailCollect(rest) {
		// The common shape $.a[*].b.c: look each element's node up and
		// collect it, without a call per element through segs and emit.
		if len(rest) > 0 && rest[0].names != nil {
			e.out = v.AppendGetNames(e.out, rest[0].names)
			return
		}
		for c := range v.Elements() {
			if r := singularLookup(rest, c); r.Exists() {
				e.out = append(e.out, r)
			}
		}
		return
	}
	i := 0
	for c := range v.Elements() {
		e.push(pathStep{index: i})
		e.segs(rest, c)
		e.pop()
		if e.stop {
			return
		}
		i++
	}
}

// tailCollect reports whether the nodes rest selects from each node can be
// looked up by singularLookup and appended to e.out directly: rest is
// singular (or empty), and e collects without tracking paths.
func (e *evaluator) tailCollect(rest []segment) bool {
	return e.mode == emitCollect && !e.track && (len(rest) == 0 || rest[0].tail)
}

// slice passes the elements of array v that sel selects on to rest, per
// RFC 9535 section 2.3.4.2.2.
func (e *evaluator) slice(sel *selector, rest []segment, v dom.Value) {
	step := sel.step
	if step == 0 {
		return
	}
	n := v.Len()
	lower, upper := sliceBounds(sel, n)
	if step > 0 {
		if lower >= upper {
			return
		}
		if e.tailCollect(rest) { // as in wildcard
			for _, c := range v.ElementsStep(lower, upper, step) {
				if r := singularLookup(rest, c); r.Exists() {
					e.out = append(e.out, r)
				}
			}
			return
		}
		for i, c := range v.ElementsStep(lower, upper, step) {
			e.push(pathStep{index: i})
			e.segs(rest, c)
			e.pop()
			if e.stop {
				return
			}
		}
		return
	}
	if upper <= lower {
		return
	}
	// Negative step: buffer the elements up to upper, then go backwards.
	// Nested evaluations append after base; they may move the buffer, so
	// it is read through e.buf each time.
	b := e.bufs()
	base := len(b.scratch)
	i := 0
	for c := range v.Elements() {
		if i > upper {
			break
		}
		b.scratch = append(b.scratch, c)
		i++
	}
	for i := upper; lower < i; i += step {
		e.push(pathStep{index: i})
		e.segs(rest, b.scratch[base+i])
		e.pop()
		if e.stop {
			break
		}
	}
	clear(b.scratch[base:])
	b.scratch = b.scratch[:base]
}

// sliceBounds returns the lower and upper bounds of sel on an array of n
// elements: the Bounds function of RFC 9535 section 2.3.4.2.2.
func sliceBounds(sel *selector, n int) (lower, upper int) {
	norm := func(i int) int {
		if i >= 0 {
			return i
		}
		return n + i
	}
	if sel.step >= 0 {
		start, end := 0, n
		if sel.hasStart {
			start = norm(sel.index)
		}
		if sel.hasEnd {
			end = norm(sel.end)
		}
		return min(max(start, 0), n), min(max(end, 0), n)
	}
	start, end := n-1, -n-1
	if sel.hasStart {
		start = norm(sel.index)
	}
	if sel.hasEnd {
		end = norm(sel.end)
	}
	return min(max(end, -1), n-1), min(max(start, -1), n-1)
}

// filter passes the children of v for which f holds on to rest.
func (e *evaluator) filter(f *expr, rest []segment, v dom.Value, k dom.Kind) {
	mark := e.textMark() // strings of enclosing filters live below mark
	defer e.truncText(mark)
	if k == dom.Object {
		if !e.track { // no names needed
			for c := range v.Members() {
				e.truncText(mark)
				if e.test(f, c) {
					e.segs(rest, c)
					if e.stop {
						return
					}
				}
			}
			return
		}
		for name, c := range v.AllBytes() {
			e.truncText(mark)
			if e.test(f, c) {
				e.push(pathStep{name: name, isName: true})
				e.segs(rest, c)
				e.pop()
				if e.stop {
					return
				}
			}
		}
		return
	}
	if f.kind == exCmp && f.litQ != nil && e.tailCollect(rest) {
		// The common shape $.a[?@.b < 1].c: compare, then look the node
		// up and collect it, without the calls through test, segs and emit.
		// A number compared with a number literal, the most common
		// filter, is compared here without cmpLiteral's dispatch.
		num := f.args[1].lit.k == vNum && !f.swap
		if segs := f.litQ.segs; len(segs) > 0 && segs[0].names != nil {
			// Through the Doc's row table on an array queried again.
			for c, n := range v.ElementsGetNames(segs[0].names) {
				e.collectIf(f, num, mark, rest, c, n)
			}
			return
		}
		for c := range v.Elements() {
			e.collectIf(f, num, mark, rest, c, singularLookup(f.litQ.segs, c))
		}
		return
	}
	i := 0
	for c := range v.Elements() {
		e.truncText(mark)
		if e.test(f, c) {
			e.push(pathStep{index: i})
			e.segs(rest, c)
			e.pop()
			if e.stop {
				return
			}
		}
		i++
	}
}

// collectIf appends the node rest selects from c to e.out if n, the node
// of filter f's query, compares with f's literal as f says; num tells
// that the literal is a number on the right.
func (e *evaluator) collectIf(f *expr, num bool, mark int, rest []segment, c, n dom.Value) {
	var ok bool
	if num && n.Kind() == dom.Number {
		x, _ := n.Float64() // beyond float64: ±Inf, still ordered
		ok = cmpNum(f.op, x, f.args[1].lit.num)
	} else {
		e.truncText(mark)
		ok = e.cmpLiteral(f, n)
	}
	if ok {
		if r := singularLookup(rest, c); r.Exists() {
			e.out = append(e.out, r)
		}
	}
}

// descend applies the descendant segment s to v and to every descendant
// of v, in document order with each node before its descendants, passing
// the selected nodes on to rest (RFC 9535 section 2.5.2.2).
func (e *evaluator) descend(s *segment, rest []segment, v dom.Value) {
	e.child(s, rest, v)
	if e.stop {
		return
	}
	switch v.Kind() {
	case dom.Object:
		if !e.track { // no names needed
			for c := range v.Members() {
				if k := c.Kind(); k == dom.Object || k == dom.Array {
					e.descend(s, rest, c)
					if e.stop {
						return
					}
				}
			}
			return
		}
		for name, c := range v.AllBytes() {
			if k := c.Kind(); k != dom.Object && k != dom.Array {
				continue // nothing to select below a primitive value
			}
			e.push(pathStep{name: name, isName: true})
			e.descend(s, rest, c)
			e.pop()
			if e.stop {
				return
			}
		}
	case dom.Array:
		i := 0
		for c := range v.Elements() {
			if k := c.Kind(); k == dom.Object || k == dom.Array {
				e.push(pathStep{index: i})
				e.descend(s, rest, c)
				e.pop()
				if e.stop {
					return
				}
			}
			i++
		}
	}
}

// countNodes counts the nodes q selects from the current node cur, up to
// limit (0: all), and returns the first. It runs on e itself in counting
// mode, sharing its scratch buffers.
func (e *evaluator) countNodes(q *subquery, cur dom.Value, limit int) (int, dom.Value) {
	start := cur
	if q.abs {
		start = e.root
	}
	if q.singular {
		v := singularLookup(q.segs, start)
		if v.Exists() {
			return 1, v
		}
		return 0, dom.Value{}
	}
	saved := e.counter
	e.counter = counter{mode: emitCount, limit: limit}
	e.segs(q.segs, start)
	n, first := e.count, e.first
	e.counter = saved
	return n, first
}

// singularLookup applies the name and index segments of a singular query.
// Get and Index return Invalid for a value of another kind, and Len is 0
// for one, so no step checks the kind first.
func singularLookup(segs []segment, v dom.Value) dom.Value {
	if len(segs) > 0 && segs[0].names != nil {
		names := segs[0].names
		for i := range names {
			if v = v.GetName(&names[i]); !v.Exists() {
				break
			}
		}
		return v
	}
	for i := range segs {
		sel := &segs[i].sels[0]
		if sel.kind == selName {
			v = v.GetName(&sel.key)
		} else {
			i := sel.index
			if i < 0 {
				i += v.Len()
				if i < 0 {
					return dom.Value{}
				}
			}
			v = v.Index(i)
		}
		if !v.Exists() {
			return v
		}
	}
	return v
}

// cmpNum evaluates x op y for numbers.
func cmpNum(op cmpOp, x, y float64) bool {
	switch op {
	case opEq:
		return x == y
	case opNe:
		return x != y
	case opLt:
		return x < y
	case opLe:
		return x <= y
	case opGt:
		return x > y
	}
	return x >= y // opGe
}
