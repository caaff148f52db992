package scan

import (
	"encoding/binary"
	"sync"

	"github.com/celerjson/celer/internal/index"
)

// Stage 2 of the two-stage validator: a grammar state machine that walks
// the structural positions found by package index (stage 1) instead of
// every byte. Stage 1 has already checked string contents (control bytes,
// escapes, UTF-8); stage 2 checks the grammar, scalars and nesting.

// window is how much input stage 1 indexes at a time, which bounds the
// index buffer whatever the input size.
const window = 64 << 10

// minIndexed is the input size below which the one-pass scanner wins.
const minIndexed = 512

type walker struct {
	x   index.Builder
	idx []uint32
	k   int    // next entry of idx
	b   []byte // the whole input
	off int    // start of the next window
	bad bool   // stage 1 found an error

	// With emit set, valid also appends the input without whitespace to
	// out: run is the start of the pending run of bytes to copy and last
	// the end of the last token. With indent set as well, it appends the
	// input indented instead, starting lines with nl[:1+len(prefix)+depth*unit].
	emit      bool
	indent    bool
	depth     int // nesting depth of the next token, when indenting
	out       []byte
	run, last int
	nl        []byte
	nlBase    int // 1 + len(prefix)
	unit      string
}

// newline appends a line break and the indentation of depth.
func (w *walker) newline(depth int) {
	n := w.nlBase + depth*len(w.unit)
	for len(w.nl) < n { // ends at once when the indent unit is empty
		w.nl = append(w.nl, w.unit...)
	}
	if cap(w.nl) < n+16 { // 16 readable bytes for putShort
		w.nl = append(w.nl, make([]byte, 16)...)[:len(w.nl)]
	}
	w.out = putShort(w.out, w.nl[:cap(w.nl)], n)
}

// putShort appends src[:n] to dst. Short copies, the common case when
// indenting, are two unaligned 8-byte stores instead of a call to memmove:
// src must have 16 readable bytes and dst is grown to have 16 spare ones,
// which later appends overwrite.
func putShort(dst, src []byte, n int) []byte {
	if n > 16 || len(src) < 16 {
		return append(dst, src[:n]...)
	}
	l := len(dst)
	if cap(dst)-l < 16 {
		dst = append(dst, make([]byte, 16)...)[:l]
	}
	t := dst[l : l+16]
	binary.LittleEndian.PutUint64(t, binary.LittleEndian.Uint64(src))
	binary.LittleEndian.PutUint64(t[8:], binary.LittleEndian.Uint64(src[8:]))
	return dst[:l+n]
}

// itok records, when indenting, the token b[p:end] at depth.
func (w *walker) itok(p, end, depth int) {
	switch c := w.b[p]; c {
	case '{', '[':
		w.out = append(w.out, c)
		w.newline(depth)
	case '}', ']':
		w.newline(depth)
		w.out = append(w.out, c)
	case ',':
		w.out = append(w.out, ',')
		w.newline(depth)
	case ':':
		w.out = append(w.out, ':', ' ')
	default:
		w.out = putShort(w.out, w.b[p:], end-p)
	}
	w.last = end
}

// tok records, when compacting, a token at b[p:end]: whitespace before it
// ends the pending run.
func (w *walker) tok(p, end int) {
	if w.indent {
		w.itok(p, end, w.depth)
		return
	}
	if p > w.last {
		w.out = append(w.out, w.b[w.run:w.last]...)
		w.run = p
	}
	w.last = end
}

var walkers = sync.Pool{New: func() any { return &walker{idx: make([]uint32, 0, window)} }}

// next returns the next structural position, or -1 at the end of input.
func (w *walker) next() int {
	if w.k >= len(w.idx) {
		return w.refill()
	}
	w.k++
	return int(w.idx[w.k-1])
}

// peek returns the next structural position without consuming it.
func (w *walker) peek() int {
	q := w.next()
	if q >= 0 {
		w.k--
	}
	return q
}

func (w *walker) refill() int {
	for w.off < len(w.b) && !w.bad {
		end := min(w.off+window, len(w.b))
		w.idx = w.x.Index(w.b[w.off:end], uint32(w.off), end == len(w.b), w.idx[:0])
		w.off = end
		if w.x.Bad() {
			w.bad = true
			return -1
		}
		if len(w.idx) > 0 {
			w.k = 1
			return int(w.idx[0])
		}
	}
	return -1
}

// delim marks the bytes that may follow a number or literal.
var delim = func() (t [256]bool) {
	for _, c := range []byte(" \t\r\n,]}:[{\"") {
		t[c] = true
	}
	return t
}()

// ValidIndexed reports whether b is exactly one valid JSON value with
// optional surrounding whitespace, like Valid, using the two-stage scanner.
// It reports only yes or no: callers that need the position of an error
// run Valid, which finds the same verdict byte by byte.
func ValidIndexed(b []byte, m Mode, maxDepth int) bool {
	if len(b) < minIndexed || uint64(len(b)) >= 1<<32-window {
		_, code := Valid(b, m, maxDepth)
		return code == OK
	}
	return validIndexed(b, m, maxDepth)
}

func validIndexed(b []byte, m Mode, maxDepth int) bool {
	_, ok := walk(nil, b, m, maxDepth, nil)
	return ok
}

// AppendCompactIndexed validates b like ValidIndexed and, when it is
// valid, appends it without insignificant whitespace to dst, in one walk.
// On invalid input it returns dst unchanged and false.
func AppendCompactIndexed(dst, b []byte, m Mode, maxDepth int) ([]byte, bool) {
	return walk(dst, b, m, maxDepth, func(w *walker) { w.emit = true })
}

// AppendIndentIndexed validates b like ValidIndexed and, when it is valid,
// appends it indented as encoding/json.Indent does to dst, in one walk.
// On invalid input it returns dst unchanged and false.
func AppendIndentIndexed(dst, b []byte, prefix, indent string, m Mode, maxDepth int) ([]byte, bool) {
	return walk(dst, b, m, maxDepth, func(w *walker) {
		w.emit, w.indent = true, true
		w.nl = append(append(w.nl[:0], '\n'), prefix...)
		w.nlBase, w.unit = len(w.nl), indent
	})
}

// walk runs the two-stage validator over b with a pooled walker that setup,
// when not nil, turns into a compacting or indenting one writing after dst.
// It returns the output and whether b is valid; on invalid input, dst.
func walk(dst, b []byte, m Mode, maxDepth int, setup func(*walker)) ([]byte, bool) {
	if uint64(len(b)) >= 1<<32-window {
		return dst, false
	}
	w := walkers.Get().(*walker)
	defer walkers.Put(w)
	var flags uint
	if m&AllowInvalidUTF8 == 0 {
		flags = index.StrictUTF8
	}
	w.x.Reset(flags)
	w.idx, w.k, w.b, w.off, w.bad = w.idx[:0], 0, b, 0, false
	w.emit, w.indent, w.out, w.run, w.last = false, false, dst, 0, 0
	if setup != nil {
		setup(w)
	}
	ok := w.valid(maxDepth) && !w.bad && !w.x.Bad()
	out := w.out
	if ok && w.emit {
		if w.indent {
			out = append(out, b[w.last:]...) // trailing whitespace is kept
		} else {
			out = append(out, b[w.run:w.last]...)
		}
	}
	w.b, w.out, w.emit, w.indent = nil, nil, false, false
	if ok && m&AllowInvalidUTF8 == 0 && w.x.SurrogateEscape() {
		// Surrogate escapes must pair up: the one-pass scanner checks.
		_, code := Valid(b, m, maxDepth)
		ok = code == OK
	}
	if !ok {
		return dst, false
	}
	return out, true
}

// valid walks the structural positions of one value and the end of input.
func (w *walker) valid(maxDepth int) bool {
	b := w.b
	var st stack
	depth := 0
	p := w.next()
	if p < 0 {
		return false
	}
	w.run, w.last = p, p

value:
	switch c := b[p]; c {
	case '{', '[':
		depth++
		if depth > maxDepth {
			return false
		}
		st.set(depth, c == '{')
		q := w.next()
		if q < 0 {
			return false
		}
		if b[q] == c+2 { // empty: "{}" or "[]"
			if w.emit {
				if w.indent {
					w.out = append(w.out, c, c+2)
					w.last = q + 1
				} else {
					w.tok(p, p+1)
					w.tok(q, q+1)
				}
			}
			depth--
			p = q
			goto next
		}
		if w.emit {
			w.depth = depth
			w.tok(p, p+1)
		}
		p = q
		if c == '{' {
			goto name
		}
		goto value
	case '"':
		q := w.next() // the closing quote
		if q < 0 {
			return false
		}
		if w.emit {
			w.tok(p, q+1)
		}
		goto next
	case 't', 'f', 'n':
		lit := "null"
		if c == 't' {
			lit = "true"
		} else if c == 'f' {
			lit = "false"
		}
		end := p + len(lit)
		if end > len(b) || string(b[p:end]) != lit || end < len(b) && !delim[b[end]] {
			return false
		}
		if w.emit {
			w.tok(p, end)
		}
		goto next
	default:
		if c != '-' && !isDigit(c) {
			return false
		}
		// The run ends at the next structural position, less whitespace.
		e := len(b)
		if w.k < len(w.idx) {
			e = int(w.idx[w.k])
		} else if q := w.peek(); q >= 0 {
			e = q
		}
		for e > p && (b[e-1] == ' ' || b[e-1] == '\n' || b[e-1] == '\r' || b[e-1] == '\t') {
			e--
		}
		if !NumberRun(b, p, e) {
			return false
		}
		if w.emit {
			w.tok(p, e)
		}
		goto next
	}

next:
	p = w.next()
	if depth == 0 {
		return p < 0
	}
	if p < 0 {
		return false
	}
	if w.emit {
		w.depth = depth
		if b[p] != ',' {
			w.depth--
		}
		w.tok(p, p+1)
	}
	switch b[p] {
	case ',':
		p = w.next()
		if p < 0 {
			return false
		}
		if st.isObject(depth) {
			goto name
		}
		goto value
	case '}':
		if !st.isObject(depth) {
			return false
		}
		depth--
		goto next
	case ']':
		if st.isObject(depth) {
			return false
		}
		depth--
		goto next
	}
	return false

name:
	if b[p] != '"' {
		return false
	}
	if q := w.next(); q < 0 { // the closing quote
		return false
	} else if w.emit {
		w.tok(p, q+1)
	}
	if p = w.next(); p < 0 || b[p] != ':' {
		return false
	}
	if w.emit {
		w.tok(p, p+1)
	}
	if p = w.next(); p < 0 {
		return false
	}
	goto value
}
