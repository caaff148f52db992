package scan

import (
	"encoding/binary"
	"math/bits"
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

// minIndexed is the input size below which the one-pass scanner wins:
// BenchmarkValidSmall, minimum of 3 ABBA runs, one-pass vs indexed: 142
// bytes 107 vs 135 ns, 218 bytes 139 vs 130, 255 bytes 249 vs 223.
const minIndexed = 192

// walker holds what a walk keeps between windows. The walks themselves
// (validate, indent) keep the current window's entries, their
// position in it and the output in local variables, so that the compiler
// keeps them in registers: an earlier version with one walk reading and
// writing these fields through the pointer for every token, and an emit
// flag tested at every token, was 1.3x (Valid) to 2x (Indent) slower.
type walker struct {
	x   index.Builder
	idx []uint32 // entries of the current window
	b   []byte   // the whole input
	off int      // start of the next window
	bad bool     // stage 1 found an error
	nl  []byte   // indent: a placeholder byte, '\n', prefix, then indent units

	// When compacting, stage 1 appends each window less its whitespace to
	// out as it indexes it (index.Builder.IndexCompact), and stage 2 only
	// validates.
	compacting bool
	out        []byte
}

var walkers = sync.Pool{New: func() any { return &walker{idx: make([]uint32, 0, window)} }}

// more indexes the next window that has entries and returns them; it
// returns none at the end of input or once stage 1 has found an error.
func (w *walker) more() []uint32 {
	for w.off < len(w.b) && !w.bad {
		end := min(w.off+window, len(w.b))
		if w.compacting {
			w.idx, w.out = w.x.IndexCompact(w.b[w.off:end], uint32(w.off), end == len(w.b), w.idx[:0], w.out)
		} else {
			w.idx = w.x.Index(w.b[w.off:end], uint32(w.off), end == len(w.b), w.idx[:0])
		}
		w.off = end
		if w.x.Bad() {
			w.bad = true
			return nil
		}
		if len(w.idx) > 0 {
			return w.idx
		}
	}
	return nil
}

// The walks consume structural positions with
//
//	if k == len(ix) {
//		ix, k = w.window()
//	}
//	p, k = at(ix, k)
//
// written out rather than in a function: with the call to window the
// function would be too costly for the compiler to inline.

// window returns the entries of the next window that has any, or at the
// end of input (or once stage 1 has found an error) the entry -1 only,
// with the position 0 in it. It is kept out of line: it runs once a window.
//
//go:noinline
func (w *walker) window() ([]uint32, int) {
	if ix := w.more(); len(ix) > 0 {
		return ix, 0
	}
	return endOfInput[:], 0
}

// endOfInput is the window past the last: at reads -1 there, for ever.
var endOfInput = [1]uint32{1<<32 - 1}

// at returns the structural position ix[k] (-1 past the end of input)
// and the position after it. Offsets are below 1<<31 (see walk).
func at(ix []uint32, k int) (int, int) {
	return int(int32(ix[k])), k + 1
}

// trimSpace returns e less the whitespace before it, down to p.
func trimSpace(b []byte, p, e int) int {
	for e > p && isSpace[b[e-1]] {
		e--
	}
	return e
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

// delim marks the bytes that may follow a number or literal.
var delim = func() (t [256]bool) {
	for _, c := range []byte(" \t\r\n,]}:[{\"") {
		t[c] = true
	}
	return t
}()

// isSpace marks JSON whitespace.
var isSpace = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}

// literalEnd returns the end of the literal at b[p], or -1 if there is
// none there or it does not end where a token may.
func literalEnd(b []byte, p int) int {
	lit := "null"
	switch b[p] {
	case 't':
		lit = "true"
	case 'f':
		lit = "false"
	}
	end := p + len(lit)
	if end > len(b) || string(b[p:end]) != lit || end < len(b) && !delim[b[end]] {
		return -1
	}
	return end
}

// ValidIndexed reports whether b is exactly one valid JSON value with
// optional surrounding whitespace, like Valid, using the two-stage scanner.
// It reports only yes or no: callers that need the position of an error
// run Valid, which finds the same verdict byte by byte.
func ValidIndexed(b []byte, m Mode, maxDepth int) bool {
	if len(b) < minIndexed || uint64(len(b)) >= 1<<31 { // offsets are read as int32 (see at)
		_, code := Valid(b, m, maxDepth)
		return code == OK
	}
	return validIndexed(b, m, maxDepth)
}

// The three walks.
const (
	walkValid = iota
	walkCompact
	walkIndent
)

func validIndexed(b []byte, m Mode, maxDepth int) bool {
	_, ok := walk(nil, b, m, maxDepth, walkValid, "", "")
	return ok
}

// AppendCompactIndexed validates b like ValidIndexed and, when it is
// valid, appends it without insignificant whitespace to dst, in one walk.
// On invalid input it returns dst unchanged and false.
func AppendCompactIndexed(dst, b []byte, m Mode, maxDepth int) ([]byte, bool) {
	return walk(dst, b, m, maxDepth, walkCompact, "", "")
}

// AppendIndentIndexed validates b like ValidIndexed and, when it is valid,
// appends it indented as encoding/json.Indent does to dst, in one walk.
// On invalid input it returns dst unchanged and false.
func AppendIndentIndexed(dst, b []byte, prefix, indent string, m Mode, maxDepth int) ([]byte, bool) {
	return walk(dst, b, m, maxDepth, walkIndent, prefix, indent)
}

// walk runs the two-stage validator of the given kind over b with a
// pooled walker, writing after dst. It returns the output and whether b is
// valid; on invalid input, dst.
func walk(dst, b []byte, m Mode, maxDepth, kind int, prefix, indent string) ([]byte, bool) {
	if uint64(len(b)) >= 1<<31 { // offsets are read as int32 (see at)
		return dst, false
	}
	w := walkers.Get().(*walker)
	defer walkers.Put(w)
	var flags uint
	if m&AllowInvalidUTF8 == 0 {
		flags = index.StrictUTF8
	}
	w.x.Reset(flags)
	w.idx, w.b, w.off, w.bad = w.idx[:0], b, 0, false
	var out []byte
	var ok bool
	switch kind {
	case walkValid:
		ok = w.validate(maxDepth)
	case walkCompact:
		w.compacting, w.out = true, dst
		ok = w.validate(maxDepth)
		out = w.out
		w.compacting, w.out = false, nil
	default:
		w.nl = append(append(w.nl[:0], 0, '\n'), prefix...)
		out, ok = w.indent(dst, maxDepth, len(w.nl), indent)
	}
	ok = ok && !w.bad && !w.x.Bad()
	w.b = nil
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

// The walks below check the grammar over the structural positions: one
// value, then the end of input. They share their shape; indent adds the
// output. (Compacting is done by stage 1.) The current container's kind is kept in obj and
// the enclosing ones' in a bit stack, pushed and popped at brackets only.

// validate walks the structural positions of one value and the end of input.
func (w *walker) validate(maxDepth int) bool {
	b := w.b
	var st stack
	depth, obj := 0, false
	ix, k := w.window()
	p, k := at(ix, k)
	if p < 0 {
		return false
	}

value:
	switch c := b[p]; c {
	case '{', '[':
		if depth >= maxDepth {
			return false
		}
		var q int
		if k == len(ix) {
			ix, k = w.window()
		}
		if q, k = at(ix, k); q < 0 {
			return false
		}
		if b[q] == c+2 { // empty: "{}" or "[]"
			goto next
		}
		depth++
		st.set(depth, obj)
		obj = c == '{'
		p = q
		if obj {
			goto name
		}
		goto value
	case '"':
		var q int
		if k == len(ix) {
			ix, k = w.window()
		}
		if q, k = at(ix, k); q < 0 { // the closing quote
			return false
		}
		goto next
	case 't', 'f', 'n':
		if literalEnd(b, p) < 0 {
			return false
		}
		goto next
	default:
		if c != '-' && !isDigit(c) {
			return false
		}
		if k == len(ix) {
			ix, k = w.window()
		}
		e := int(int32(ix[k])) // the next structural position
		if e < 0 {
			e = len(b)
		}
		// shortNumber, written out (a call here costs the walk's
		// registers), on the run up to the next structural position:
		// whitespace after the number is a non-digit that it does not
		// take, and is trimmed for NumberRun.
		if l := e - p; uint(l) <= 24 && p+24 <= len(b) {
			q := (*[24]byte)(b[p : p+24])
			m := (NonDigitsLow(binary.LittleEndian.Uint64(q[0:8]))>>7 |
				NonDigitsLow(binary.LittleEndian.Uint64(q[8:16]))>>6 |
				NonDigitsLow(binary.LittleEndian.Uint64(q[16:24]))>>5) & RunBits[l]
			s := int(m & 1)
			m &^= 1
			dot := l
			if m != 0 {
				dot = int(RunByte[bits.TrailingZeros64(m)&63])
				if m&(m-1) != 0 || dot >= l-1 || q[dot] != '.' {
					goto slowNumber
				}
			}
			if dot > s && (q[s] != '0' || dot == s+1) {
				goto next
			}
		}
	slowNumber:
		if !NumberRun(b, p, trimSpace(b, p, e)) {
			return false
		}
		goto next
	}

next:
	if k == len(ix) {
		ix, k = w.window()
	}
	p, k = at(ix, k)
	if depth == 0 {
		return p < 0
	}
	if p < 0 {
		return false
	}
	switch b[p] {
	case ',':
		if k == len(ix) {
			ix, k = w.window()
		}
		if p, k = at(ix, k); p < 0 {
			return false
		}
		if obj {
			goto name
		}
		goto value
	case '}':
		if !obj {
			return false
		}
	case ']':
		if obj {
			return false
		}
	default:
		return false
	}
	obj = st.isObject(depth)
	depth--
	goto next

name:
	if b[p] != '"' {
		return false
	}
	if k == len(ix) {
		ix, k = w.window()
	}
	if p, k = at(ix, k); p < 0 { // the closing quote
		return false
	}
	if k == len(ix) {
		ix, k = w.window()
	}
	if p, k = at(ix, k); p < 0 || b[p] != ':' {
		return false
	}
	if k == len(ix) {
		ix, k = w.window()
	}
	if p, k = at(ix, k); p < 0 {
		return false
	}
	goto value
}

// indent is validate appending the input indented to out, as
// encoding/json.Indent does. w.nl holds a placeholder byte, a line break
// and the prefix (nlBase bytes in all), then indent units: the line break
// and indentation of depth d is w.nl[1:nlBase+d*len(unit)], grown on
// demand, so a line break after a byte c is one short copy of w.nl with c
// stored over the placeholder.
func (w *walker) indent(out []byte, maxDepth, nlBase int, unit string) ([]byte, bool) {
	b := w.b
	var st stack
	depth, obj := 0, false
	u := len(unit)
	nl := w.nl
	ix, k := w.window()
	p, k := at(ix, k)
	if p < 0 {
		return out, false
	}

value:
	switch c := b[p]; c {
	case '{', '[':
		if depth >= maxDepth {
			return out, false
		}
		var q int
		if k == len(ix) {
			ix, k = w.window()
		}
		if q, k = at(ix, k); q < 0 {
			return out, false
		}
		if b[q] == c+2 { // empty: "{}" or "[]"
			out = append(out, c, c+2)
			p = q
			goto next
		}
		depth++
		st.set(depth, obj)
		obj = c == '{'
		n := nlBase + depth*u
		if n+16 > len(nl) {
			nl = w.growNL(n, unit)
		}
		l := len(out)
		out = putShort(out, nl, n)
		out[l] = c
		p = q
		if obj {
			goto name
		}
		goto value
	case '"':
		var q int
		if k == len(ix) {
			ix, k = w.window()
		}
		if q, k = at(ix, k); q < 0 { // the closing quote
			return out, false
		}
		out = putShort(out, b[p:], q+1-p)
		goto next
	case 't', 'f', 'n':
		e := literalEnd(b, p)
		if e < 0 {
			return out, false
		}
		out = append(out, b[p:e]...)
		goto next
	default:
		if c != '-' && !isDigit(c) {
			return out, false
		}
		if k == len(ix) {
			ix, k = w.window()
		}
		e := int(int32(ix[k])) // the next structural position
		if e < 0 {
			e = len(b)
		}
		// shortNumber, written out as in validate.
		if l := e - p; uint(l) <= 24 && p+24 <= len(b) {
			q := (*[24]byte)(b[p : p+24])
			m := (NonDigitsLow(binary.LittleEndian.Uint64(q[0:8]))>>7 |
				NonDigitsLow(binary.LittleEndian.Uint64(q[8:16]))>>6 |
				NonDigitsLow(binary.LittleEndian.Uint64(q[16:24]))>>5) & RunBits[l]
			s := int(m & 1)
			m &^= 1
			dot := l
			if m != 0 {
				dot = int(RunByte[bits.TrailingZeros64(m)&63])
				if m&(m-1) != 0 || dot >= l-1 || q[dot] != '.' {
					goto slowNumber
				}
			}
			if dot > s && (q[s] != '0' || dot == s+1) {
				out = putShort(out, q[:], l)
				goto next
			}
		}
	slowNumber:
		if e = trimSpace(b, p, e); !NumberRun(b, p, e) {
			return out, false
		}
		out = putShort(out, b[p:], e-p)
		goto next
	}

next:
	if k == len(ix) {
		ix, k = w.window()
	}
	p, k = at(ix, k)
	if depth == 0 {
		if p >= 0 {
			return out, false
		}
		// Trailing whitespace is kept: it is all that follows the value.
		e := len(b)
		e = trimSpace(b, 0, e)
		return append(out, b[e:]...), true
	}
	if p < 0 {
		return out, false
	}
	switch b[p] {
	case ',':
		n := nlBase + depth*u
		l := len(out)
		out = putShort(out, nl, n)
		out[l] = ','
		if k == len(ix) {
			ix, k = w.window()
		}
		if p, k = at(ix, k); p < 0 {
			return out, false
		}
		if obj {
			goto name
		}
		goto value
	case '}':
		if !obj {
			return out, false
		}
	case ']':
		if obj {
			return out, false
		}
	default:
		return out, false
	}
	obj = st.isObject(depth)
	depth--
	out = putShort(out, nl[1:], nlBase-1+depth*u)
	out = append(out, b[p])
	goto next

name:
	if b[p] != '"' {
		return out, false
	}
	{
		q := p
		if k == len(ix) {
			ix, k = w.window()
		}
		if p, k = at(ix, k); p < 0 { // the closing quote
			return out, false
		}
		out = putShort(out, b[q:], p+1-q)
	}
	if k == len(ix) {
		ix, k = w.window()
	}
	if p, k = at(ix, k); p < 0 || b[p] != ':' {
		return out, false
	}
	out = append(out, ':', ' ')
	if k == len(ix) {
		ix, k = w.window()
	}
	if p, k = at(ix, k); p < 0 {
		return out, false
	}
	goto value
}

// growNL makes w.nl hold the indentation of n bytes and 16 more readable
// bytes for putShort, and returns it.
func (w *walker) growNL(n int, unit string) []byte {
	for len(w.nl) < n+16 {
		if unit == "" { // n is nlBase: pad only
			w.nl = append(w.nl, make([]byte, 16)...)
			break
		}
		w.nl = append(w.nl, unit...)
	}
	return w.nl
}
