package path

import (
	"errors"
	"sync"

	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
	"github.com/celerjson/celer/stream"
)

// Evaluation on raw JSON text. A run of leading name and index steps is
// walked directly on the bytes: object members before the one sought and
// array elements before the one sought are skipped by the grammar scanner
// (which checks them as it goes), and nothing after the selected value is
// read. What follows the walk (wildcards, slices, filters, descendants)
// runs on a DOM of the entered value only.
//
// So raw evaluation checks the syntax of everything it reads, but not of
// the text after the selected value: a document that is broken further on
// still yields its earlier values. Options that need the whole document
// (RejectDuplicateNames, MaxBytes) and queries whose filters refer to the
// root ($) make it parse the whole document first.

// Options configure the parsing of raw JSON; see the stream package's
// option constructors (AllowInvalidUTF8, MaxDepth, RejectDuplicateNames,
// MaxBytes).
type Options = stream.Options

// rawKind is what a raw step selects.
type rawKind uint8

const (
	rawName   rawKind = iota // a member of an object
	rawIndex                 // an element of an array (negative: from the end)
	rawEither                // a member, or an element when index >= 0 (pointer and dotted tokens)
)

// rawStep is one step of a raw walk.
type rawStep struct {
	kind  rawKind
	name  string
	index int
}

// walkStatus is the outcome of a raw walk.
type walkStatus uint8

const (
	walkFound walkStatus = iota
	walkMissing
	walkBad // a syntax error (or a depth limit) on the way
)

// rawWalker walks raw JSON text.
type rawWalker struct {
	b        []byte
	mode     scan.Mode
	maxDepth int
	trusted  bool // TrustInput: skip unchecked, over the structural index
}

// walk follows steps from the value at the start of w.b (after optional
// whitespace) and returns the bounds of the value reached, which it has
// checked. Large inputs are walked over their structural index.
func (w *rawWalker) walk(steps []rawStep) (start, end int, st walkStatus) {
	if (len(w.b) >= minIndexedWalk || w.trusted) && uint64(len(w.b)) < 1<<32-maxWindow {
		if start, end, st, ok := w.walkIndexed(steps); ok {
			return start, end, st
		}
	}
	return w.walkFrom(kernels.SkipSpace(w.b, 0), steps, 0)
}

// walkFrom follows steps from the value at i, nested at depth0.
func (w *rawWalker) walkFrom(i int, steps []rawStep, depth0 int) (start, end int, st walkStatus) {
	b := w.b
	for k, s := range steps {
		depth := depth0 + k
		if i >= len(b) {
			return 0, 0, walkBad
		}
		if depth+1 > w.maxDepth && (b[i] == '{' || b[i] == '[') {
			return 0, 0, walkBad
		}
		switch b[i] {
		case '{':
			if s.kind == rawIndex {
				return 0, 0, walkMissing
			}
			i, st = w.member(i, s.name, depth+1)
		case '[':
			idx := s.index
			if s.kind == rawName || (s.kind == rawEither && idx < 0) {
				return 0, 0, walkMissing
			}
			if idx < 0 {
				n, st := w.countElements(i, depth+1)
				if st != walkFound {
					return 0, 0, st
				}
				if idx += n; idx < 0 {
					return 0, 0, walkMissing
				}
			}
			i, st = w.element(i, idx, depth+1)
		default:
			return 0, 0, walkMissing
		}
		if st != walkFound {
			return 0, 0, st
		}
	}
	if i >= len(b) {
		return 0, 0, walkBad
	}
	n, code := scan.Value(b[i:], w.mode, w.maxDepth-depth0-len(steps), true)
	if code != scan.OK {
		return 0, 0, walkBad
	}
	return i, i + n, walkFound
}

// skipValue checks and skips the value at i, at nesting depth.
func (w *rawWalker) skipValue(i, depth int) (int, bool) {
	b := w.b
	if i >= len(b) {
		return i, false
	}
	var n int
	var code scan.Code
	// Scalars directly: scan.Value's setup costs more than most of them.
	switch c := b[i]; {
	case c == '"':
		n, _, code = scan.String(b[i:], 1, w.mode)
	case c == '-' || isDigit(c):
		n, code = scan.Number(b[i:], true)
	case c == 't':
		n, code = scan.Literal(b[i:], "true")
	case c == 'f':
		n, code = scan.Literal(b[i:], "false")
	case c == 'n':
		n, code = scan.Literal(b[i:], "null")
	default:
		n, code = scan.Value(b[i:], w.mode, w.maxDepth-depth, true)
	}
	return i + n, code == scan.OK
}

// member finds member name in the object at i and returns the offset of
// its value.
func (w *rawWalker) member(i int, name string, depth int) (int, walkStatus) {
	b := w.b
	i = kernels.SkipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return 0, walkMissing
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return 0, walkBad
		}
		n, flags, code := scan.String(b[i:], 1, w.mode)
		if code != scan.OK {
			return 0, walkBad
		}
		var match bool
		if flags&scan.Escaped == 0 {
			match = string(b[i+1:i+n-1]) == name
		} else {
			match = unquotedEqual(b[i:i+n], name)
		}
		i = kernels.SkipSpace(b, i+n)
		if i >= len(b) || b[i] != ':' {
			return 0, walkBad
		}
		i = kernels.SkipSpace(b, i+1)
		if match {
			return i, walkFound
		}
		var ok bool
		if i, ok = w.skipValue(i, depth); !ok {
			return 0, walkBad
		}
		i = kernels.SkipSpace(b, i)
		if i >= len(b) {
			return 0, walkBad
		}
		switch b[i] {
		case ',':
			i = kernels.SkipSpace(b, i+1)
		case '}':
			return 0, walkMissing
		default:
			return 0, walkBad
		}
	}
}

// unquotedEqual reports whether the string token q, which has escapes,
// stands for name.
func unquotedEqual(q []byte, name string) bool {
	if len(q)-2 < len(name) {
		return false // escapes only make a string shorter
	}
	var buf [128]byte
	return string(scan.AppendUnquote(buf[:0], q)) == name
}

// element finds element idx of the array at i and returns its offset.
func (w *rawWalker) element(i, idx, depth int) (int, walkStatus) {
	b := w.b
	i = kernels.SkipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return 0, walkMissing
	}
	for k := 0; ; k++ {
		if k == idx {
			if i >= len(b) {
				return 0, walkBad
			}
			return i, walkFound
		}
		var ok bool
		if i, ok = w.skipValue(i, depth); !ok {
			return 0, walkBad
		}
		i = kernels.SkipSpace(b, i)
		if i >= len(b) {
			return 0, walkBad
		}
		switch b[i] {
		case ',':
			i = kernels.SkipSpace(b, i+1)
		case ']':
			return 0, walkMissing
		default:
			return 0, walkBad
		}
	}
}

// countElements counts the elements of the array at i, checking them.
func (w *rawWalker) countElements(i, depth int) (int, walkStatus) {
	b := w.b
	i = kernels.SkipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return 0, walkFound
	}
	for k := 1; ; k++ {
		var ok bool
		if i, ok = w.skipValue(i, depth); !ok {
			return 0, walkBad
		}
		i = kernels.SkipSpace(b, i)
		if i >= len(b) {
			return 0, walkBad
		}
		switch b[i] {
		case ',':
			i = kernels.SkipSpace(b, i+1)
		case ']':
			return k, walkFound
		default:
			return 0, walkBad
		}
	}
}

// rawConfig returns the walker settings for options o, and whether the
// options need the whole document to be parsed.
func rawConfig(b []byte, o []Options) (w rawWalker, whole bool) {
	s := opts.Collect(o...)
	w = rawWalker{b: b, maxDepth: s.MaxDepth, trusted: s.Has(opts.TrustInput)}
	if s.Has(opts.AllowInvalidUTF8) {
		w.mode = scan.AllowInvalidUTF8
	}
	return w, s.Has(opts.RejectDuplicateNames) || s.MaxBytes > 0 || s.MaxTokenBytes > 0
}

// lookupRaw walks steps on b for the Lookup methods of Pointer and Dotted:
// nil, nil when nothing is there.
func lookupRaw(b []byte, steps []rawStep, o []Options) ([]byte, error) {
	w, whole := rawConfig(b, o)
	if whole {
		doc, err := dom.Parse(b, o...)
		if err != nil {
			return nil, err
		}
		if v := lookupSteps(steps, doc.Root()); v.Exists() {
			return v.Raw(), nil
		}
		return nil, nil
	}
	start, end, st := w.walk(steps)
	switch st {
	case walkFound:
		return b[start:end], nil
	case walkMissing:
		return nil, nil
	}
	return nil, syntaxError(b, o)
}

// syntaxError returns the positioned error for b, which a walk found
// invalid.
func syntaxError(b []byte, o []Options) error {
	if err := stream.Validate(b, o...); err != nil {
		return err
	}
	// The walk and the validator disagree; report what we can.
	return errInvalidJSON
}

var errInvalidJSON = errors.New("path: invalid JSON")

// rawPrefix returns the raw steps of the leading name and index segments.
func rawPrefix(segs []segment) []rawStep {
	var steps []rawStep
	for i := range segs {
		if !singularSegs(segs[i : i+1]) {
			break
		}
		sel := &segs[i].sels[0]
		if sel.kind == selName {
			steps = append(steps, rawStep{kind: rawName, name: sel.name})
		} else {
			steps = append(steps, rawStep{kind: rawIndex, index: sel.index})
		}
	}
	return steps
}

var parserPool = sync.Pool{New: func() any { return new(dom.Parser) }}

// SelectBytes evaluates the query on the JSON text b and returns the text
// of each selected value (slices of b, in nodelist order), without building
// a DOM of what the query does not enter; see the package documentation
// for how much of b is checked. A syntax error on the way is returned as
// a *stream.SyntaxError for b.
func (q *Query) SelectBytes(b []byte, o ...Options) ([][]byte, error) {
	return q.AppendSelectBytes(nil, b, o...)
}

// AppendSelectBytes is SelectBytes appending to dst.
func (q *Query) AppendSelectBytes(dst [][]byte, b []byte, o ...Options) ([][]byte, error) {
	w, whole := rawConfig(b, o)
	segs := q.segs
	k := 0 // leading singular segments, walked on the bytes
	if !whole && !q.absolute {
		k = len(q.prefix)
	}
	sub := b
	if k > 0 {
		start, end, st := w.walk(q.prefix[:k])
		switch st {
		case walkMissing:
			return dst, nil
		case walkBad:
			return dst, syntaxError(b, o)
		}
		if k == len(segs) {
			return append(dst, b[start:end]), nil
		}
		sub = b[start:end]
		// The entered value is k levels deep: it may nest maxDepth-k more.
		if len(o) == 0 && q.subOpts != nil {
			o = q.subOpts
		} else {
			o = append(o[:len(o):len(o)], stream.MaxDepth(max(w.maxDepth-k, 1)))
		}
	}
	p := parserPool.Get().(*dom.Parser)
	defer parserPool.Put(p)
	doc, err := p.Parse(sub, o...)
	if err != nil {
		if k > 0 {
			return dst, syntaxError(b, o[:len(o)-1])
		}
		return dst, err
	}
	root := doc.Root()
	e := evaluator{q: q, root: root}
	bb := e.bufs()
	e.out = bb.vals[:0]
	e.segs(segs[k:], root)
	for _, v := range e.out {
		dst = append(dst, v.Raw())
	}
	clear(e.out)
	bb.vals = e.out[:0]
	e.release()
	return dst, nil
}
