package path

import (
	"bytes"
	"regexp"
	"unicode/utf8"

	"github.com/celerjson/celer/dom"
)

// test evaluates the logical expression f with cur as the current node.
func (e *evaluator) test(f *expr, cur dom.Value) bool {
	switch f.kind {
	case exOr:
		for _, a := range f.args {
			if e.test(a, cur) {
				return true
			}
		}
		return false
	case exAnd:
		for _, a := range f.args {
			if !e.test(a, cur) {
				return false
			}
		}
		return true
	case exNot:
		return !e.test(f.args[0], cur)
	case exExists:
		n, _ := e.countNodes(f.q, cur, 1)
		return n > 0
	case exTest:
		return e.logical(f.args[0], cur)
	case exCmp:
		if f.litQ != nil {
			return e.cmpLiteral(f, singularLookup(f.litQ.segs, cur))
		}
		return e.compare(f.op, e.value(f.args[0], cur), e.value(f.args[1], cur))
	}
	return false
}

// cmpLiteral evaluates comparison f of node n, the value of f's query,
// with f's literal: compare without building the operands' vals when n
// and the literal are numbers or strings. Values of different kinds (and
// Nothing, for a missing n) are unequal and unordered, so only != holds.
func (e *evaluator) cmpLiteral(f *expr, n dom.Value) bool {
	lit := &f.args[1].lit
	if f.swap {
		lit = &f.args[0].lit
	}
	var c int // the sign of n - lit
	switch n.Kind() {
	case dom.Number:
		if lit.k != vNum {
			return f.op == opNe
		}
		x, _ := n.Float64() // beyond float64: ±Inf, still ordered
		switch {
		case x < lit.num:
			c = -1
		case x > lit.num:
			c = 1
		}
	case dom.String:
		if lit.k != vStr {
			return f.op == opNe
		}
		t, raw := n.TextRaw() // no copy for a string without escapes
		mark := 0
		if !raw {
			b := e.bufs()
			mark = len(b.text)
			b.text, _ = n.AppendText(b.text)
			t = b.text[mark:]
		}
		eqOp := f.op == opEq || f.op == opNe
		eq := eqOp && string(t) == string(lit.str)
		if !eqOp {
			c = bytes.Compare(t, lit.str)
		}
		if !raw {
			e.buf.text = e.buf.text[:mark]
		}
		if eqOp {
			return eq == (f.op == opEq)
		}
	default:
		a, l := e.nodeVal(n), *lit
		if f.swap {
			a, l = l, a
		}
		return e.compare(f.op, a, l)
	}
	if f.swap {
		c = -c
	}
	switch f.op {
	case opEq:
		return c == 0
	case opNe:
		return c != 0
	case opLt:
		return c < 0
	case opLe:
		return c <= 0
	case opGt:
		return c > 0
	}
	return c >= 0 // opGe
}

// logical evaluates a function of LogicalType or NodesType as a test.
func (e *evaluator) logical(f *expr, cur dom.Value) bool {
	switch f.fn.id {
	case fnMatch, fnSearch:
		s := e.value(f.args[0], cur)
		if s.k != vStr || f.reBad {
			return false
		}
		re := f.re
		if re == nil {
			pat := e.value(f.args[1], cur)
			if pat.k != vStr {
				return false
			}
			re = e.q.regexp(string(pat.str), f.fn.id == fnMatch)
			if re == nil {
				return false
			}
		}
		return re.Match(s.str)
	}
	// An extension known only by its signature: no result.
	return false
}

// value evaluates a comparable or a ValueType argument.
func (e *evaluator) value(a *expr, cur dom.Value) val {
	switch a.kind {
	case exLit:
		return a.lit
	case exQuery:
		start := cur
		if a.q.abs {
			start = e.root
		}
		return e.nodeVal(singularLookup(a.q.segs, start))
	case exFunc:
		switch a.fn.id {
		case fnLength:
			v := e.value(a.args[0], cur)
			switch v.k {
			case vStr:
				return val{k: vNum, num: float64(utf8.RuneCount(v.str))}
			case vArr, vObj:
				return val{k: vNum, num: float64(v.node.Len())}
			}
			return val{}
		case fnCount:
			n, _ := e.countNodes(a.args[0].q, cur, 0)
			return val{k: vNum, num: float64(n)}
		case fnValue:
			n, first := e.countNodes(a.args[0].q, cur, 2)
			if n != 1 {
				return val{}
			}
			return e.nodeVal(first)
		}
	}
	return val{}
}

// nodeVal returns the value of a node; Nothing for a missing one. The
// content of a string is copied to e.text.
func (e *evaluator) nodeVal(v dom.Value) val {
	switch v.Kind() {
	case dom.Null:
		return val{k: vNull, node: v}
	case dom.Bool:
		if b, _ := v.Bool(); b {
			return val{k: vTrue, node: v}
		}
		return val{k: vFalse, node: v}
	case dom.Number:
		f, _ := v.Float64() // beyond float64: ±Inf, still ordered
		return val{k: vNum, num: f, node: v}
	case dom.String:
		b := e.bufs()
		start := len(b.text)
		b.text, _ = v.AppendText(b.text)
		return val{k: vStr, str: b.text[start:len(b.text):len(b.text)], node: v}
	case dom.Array:
		return val{k: vArr, node: v}
	case dom.Object:
		return val{k: vObj, node: v}
	}
	return val{}
}

// compare applies op per RFC 9535 section 2.3.5.2.2: == and < are
// primitive, the others derive from them.
func (e *evaluator) compare(op cmpOp, a, b val) bool {
	switch op {
	case opEq:
		return e.equal(a, b)
	case opNe:
		return !e.equal(a, b)
	case opLt:
		return less(a, b)
	case opLe:
		return less(a, b) || e.equal(a, b)
	case opGt:
		return less(b, a)
	case opGe:
		return less(b, a) || e.equal(a, b)
	}
	return false
}

// less is <: numbers and strings only; strings by Unicode scalar values,
// which is the byte order of their UTF-8.
func less(a, b val) bool {
	switch {
	case a.k == vNum && b.k == vNum:
		return a.num < b.num
	case a.k == vStr && b.k == vStr:
		return bytes.Compare(a.str, b.str) < 0
	}
	return false
}

// equal is ==: Nothing equals only Nothing; numbers compare as float64;
// arrays and objects compare deeply.
func (e *evaluator) equal(a, b val) bool {
	if a.k != b.k {
		return false
	}
	switch a.k {
	case vNum:
		return a.num == b.num
	case vStr:
		return bytes.Equal(a.str, b.str)
	case vArr, vObj:
		return e.deepEqual(a.node, b.node)
	}
	return true // Nothing, null, true, false
}

// deepEqual compares two values of the same kind structurally.
func (e *evaluator) deepEqual(x, y dom.Value) bool {
	if x.Len() != y.Len() {
		return false
	}
	switch x.Kind() {
	case dom.Array:
		if x == y {
			return true
		}
		var xs []dom.Value
		for c := range x.Elements() {
			xs = append(xs, c)
		}
		i := 0
		for c := range y.Elements() {
			if i >= len(xs) || !e.equalNodes(xs[i], c) {
				return false
			}
			i++
		}
		return i == len(xs)
	case dom.Object:
		// Equal objects have the same names, none twice, with equal values.
		if hasDuplicateNames(x) || hasDuplicateNames(y) {
			return false
		}
		if x == y {
			return true
		}
		for name, c := range x.AllBytes() {
			d := y.Get(string(name))
			if !d.Exists() || !e.equalNodes(c, d) {
				return false
			}
		}
		return true
	}
	return e.equalNodes(x, y)
}

// equalNodes compares two nodes, releasing the text it copies.
func (e *evaluator) equalNodes(x, y dom.Value) bool {
	mark := e.textMark()
	eq := e.equal(e.nodeVal(x), e.nodeVal(y))
	e.truncText(mark)
	return eq
}

// hasDuplicateNames reports whether object v has a member name twice.
func hasDuplicateNames(v dom.Value) bool {
	n := v.Len()
	if n < 2 {
		return false
	}
	if n <= 8 {
		var names [8]string
		k := 0
		for name := range v.All() { // names are kept: All copies them
			for _, seen := range names[:k] {
				if seen == name {
					return true
				}
			}
			names[k] = name
			k++
		}
		return false
	}
	seen := make(map[string]struct{}, n)
	for name := range v.All() {
		if _, ok := seen[name]; ok {
			return true
		}
		seen[name] = struct{}{}
	}
	return false
}

// maxCachedRegexps bounds the regexps a Query caches for patterns that
// come from the data rather than from the query.
const maxCachedRegexps = 64

// regexp returns the compiled I-Regexp pat, or nil if it is not valid,
// caching up to maxCachedRegexps of them.
func (q *Query) regexp(pat string, anchored bool) *regexp.Regexp {
	key := reKey{pat, anchored}
	q.reMu.Lock()
	re, ok := q.reCache[key]
	q.reMu.Unlock()
	if ok {
		return re
	}
	re, err := compileIRegexp(pat, anchored)
	if err != nil {
		re = nil
	}
	q.reMu.Lock()
	if q.reCache == nil {
		q.reCache = make(map[reKey]*regexp.Regexp)
	}
	if len(q.reCache) < maxCachedRegexps {
		q.reCache[key] = re
	}
	q.reMu.Unlock()
	return re
}

type reKey struct {
	pat      string
	anchored bool
}
