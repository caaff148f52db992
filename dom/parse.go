package dom

import (
	"bytes"
	"encoding/binary"
	"io"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/index"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
	"github.com/celerjson/celer/stream"
)

// Parsing is two-stage, like stream.Valid: package index (stage 1) finds
// the structural positions of a window of input with SIMD kernels and
// checks string contents (control bytes, escapes, UTF-8); stage 2, below,
// walks those positions with a grammar state machine and appends tape
// entries. Only on failure is the input scanned again, by stream.Validate,
// which finds the first error with its position, so a Doc and an error
// always agree with the syntax layer.

// window is how much input stage 1 indexes at a time: it bounds the index
// buffer and keeps the window's bytes in cache for stage 2.
const window = 16 << 10

// Doc is a parsed JSON document: read-only, so any number of goroutines
// may read it at once. It references the input it was parsed from, which
// must not be modified while the Doc is in use.
type Doc struct {
	tape  []uint64
	src   []byte
	cur   cursor    // where Index last stepped to; see cursor
	elems elemCache // the element table of one array; see elemTable
	rows  rowCache  // the row table of one array; see rowTable
}

// Root returns the document's top-level value.
func (d *Doc) Root() Value { return Value{d: d} }

// Parser parses documents, reusing its buffers from one document to the
// next, so that steady-state parsing does not allocate. A Parser is not
// safe for concurrent use.
type Parser struct {
	doc Doc
	st  *state
}

// state is stage 2's working memory, reused across documents.
type state struct {
	x      index.Builder
	idx    []uint32
	k      int
	b      []byte
	off    int
	bad    bool
	frames []frame
	tape   []uint64 // the tape being built; its length is in build's n
}

type frame struct {
	open  uint32 // tape index of the container's first word
	count uint32 // children of the container around it, so far
	obj   bool   // whether the container around it is an object
}

// A state holds a 64 KiB index buffer: parsing takes one from a slot
// that survives garbage collection, else from a pool, so that a steady
// stream of Parse calls does not allocate one per document.
var (
	stateSlot atomic.Pointer[state]
	states    = sync.Pool{New: func() any { return newState() }}
)

func newState() *state {
	return &state{idx: make([]uint32, 0, window+64), frames: make([]frame, 0, 64)}
}

func getState() *state {
	if st := stateSlot.Swap(nil); st != nil {
		return st
	}
	return states.Get().(*state)
}

func putState(st *state) {
	if !stateSlot.CompareAndSwap(nil, st) {
		states.Put(st)
	}
}

// Parse parses b, which must hold exactly one JSON value with optional
// whitespace around it. It accepts what stream.Valid accepts with the same
// options, and reports errors as stream.Validate does: a
// *stream.SyntaxError with offset, line and column. The Doc references b.
func Parse(b []byte, o ...Options) (*Doc, error) {
	d := new(Doc)
	st := getState()
	err := st.parse(d, b, o)
	putState(st)
	if err != nil {
		return nil, err
	}
	return d, nil
}

// Parse is like the package function Parse but reuses p's buffers: the
// Doc it returns, and every Value from it, becomes invalid at the next
// call.
func (p *Parser) Parse(b []byte, o ...Options) (*Doc, error) {
	if p.st == nil {
		p.st = newState()
	}
	if err := p.st.parse(&p.doc, b, o); err != nil {
		return nil, err
	}
	return &p.doc, nil
}

// ParseReader reads r to its end and parses what it read. With MaxBytes,
// it reads at most one byte more than the limit.
func ParseReader(r io.Reader, o ...Options) (*Doc, error) {
	s := opts.Collect(o...)
	if s.MaxBytes > 0 {
		r = io.LimitReader(r, s.MaxBytes+1)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return Parse(b, o...)
}

func (st *state) parse(d *Doc, b []byte, o []Options) error {
	s := opts.Collect(o...)
	if s.MaxTokenBytes > 0 || s.MaxBytes > 0 && int64(len(b)) > s.MaxBytes {
		// Limits the tape does not track: the syntax layer checks them.
		if err := stream.Validate(b, o...); err != nil {
			return err
		}
	}
	if limit := uint64(maxInput); uint64(len(b)) >= limit { // (never true where int is 32 bits)
		return &errs.SyntaxError{Offset: int64(limit), Line: 1, Column: 1,
			Err: &errs.Detail{Msg: "document larger than 4 GiB", Sentinel: errs.ErrLimit}}
	}
	d.cur.reset()
	d.elems.reset()
	d.rows.reset()
	mode := scan.Mode(0)
	if s.Has(opts.AllowInvalidUTF8) {
		mode = scan.AllowInvalidUTF8
	}
	ok := st.build(d, b, mode, s.MaxDepth)
	if ok && mode&scan.AllowInvalidUTF8 == 0 && st.x.SurrogateEscape() {
		// Stage 1 does not pair surrogate escapes: the one-pass scanner does.
		_, code := scan.Valid(b, mode, s.MaxDepth)
		ok = code == scan.OK
	}
	if ok && s.Has(opts.RejectDuplicateNames) {
		ok = !d.hasDuplicateNames()
	}
	st.b = nil
	if ok {
		return nil
	}
	d.tape, d.src = d.tape[:0], nil
	if err := stream.Validate(b, o...); err != nil {
		return err
	}
	// Not reached unless stage 2 and the syntax layer disagree.
	return &errs.SyntaxError{Line: 1, Column: 1, Err: errs.ErrSyntax}
}

// next returns the next structural position, or -1 at the end of input.
func (st *state) next() int {
	if st.k < len(st.idx) {
		st.k++
		return int(st.idx[st.k-1])
	}
	return st.refill()
}

func (st *state) refill() int {
	for st.off < len(st.b) && !st.bad {
		end := min(st.off+window, len(st.b))
		st.idx = st.x.Index(st.b[st.off:end], uint32(st.off), end == len(st.b), st.idx[:0])
		st.off = end
		if st.x.Bad() {
			st.bad = true
			return -1
		}
		if len(st.idx) > 0 {
			st.k = 1
			return int(st.idx[0])
		}
	}
	return -1
}

// The classes of the first byte of a value, for build's dispatch: a
// dense switch on them is one indexed jump.
const (
	classBad = iota
	classContainer
	classString
	classLiteral
	classNumber
)

var valueClass = func() (t [256]uint8) {
	t['{'], t['['], t['"'] = classContainer, classContainer, classString
	t['t'], t['f'], t['n'] = classLiteral, classLiteral, classLiteral
	t['-'] = classNumber
	for c := '0'; c <= '9'; c++ {
		t[c] = classNumber
	}
	return t
}()

// delim marks the bytes that may follow a number or literal.
var delim = func() (t [256]bool) {
	for _, c := range []byte(" \t\r\n,]}:[{\"") {
		t[c] = true
	}
	return t
}()

// build runs stage 2 over b, filling d. It reports whether b is valid,
// save for the checks parse adds (surrogate pairs, duplicate names).
//
// It is one state machine written with gotos, like scan's walker, so that
// each state is a tight block. It is shaped to keep what it touches per
// token in registers: the index window and its cursor, the count of the
// innermost container, and the tape as a base pointer and a length. The
// open containers live in st.frames and the tape's capacity in memory,
// touched only when a container opens or closes or a window is refilled.
// The NEXT blocks below are st.next() written out by hand for that reason.
//
// Tape writes are unchecked (tw), under this invariant: after each step,
// the tape has room for as many words as the window has structural
// positions left. Each position yields at most one word, save an opening
// bracket, which yields two and so checks for room itself (open); a new
// window checks for room for all its positions (more).
func (st *state) build(d *Doc, b []byte, mode scan.Mode, maxDepth int) bool {
	var flags uint
	if mode&scan.AllowInvalidUTF8 == 0 {
		flags = index.StrictUTF8
	}
	st.x.Reset(flags)
	st.idx, st.k, st.b, st.off, st.bad = st.idx[:0], 0, b, 0, false
	st.frames = st.frames[:0]
	st.tape = d.tape[:0]
	ok := false
	var p, q int
	var c byte
	var idx []uint32
	k := 0
	n := 0                // tape length
	bs := -1              // the first backslash after the last string start, when above it
	count := uint32(0)    // children of the innermost open container so far
	obj := false          // whether that container is an object
	var tw unsafe.Pointer // the tape's first word

	p = st.refill()
	idx, k = st.idx, st.k
	if p < 0 {
		goto done
	}
	if cap(st.tape) == 0 {
		st.tape = make([]uint64, 0, st.tapeEstimate(len(b)))
	}
	st.room(0, len(idx))
	tw = unsafe.Pointer(unsafe.SliceData(st.tape))

value:
	c = b[p]
	switch valueClass[c] {
	case classContainer:
		if len(st.frames) >= maxDepth {
			goto done
		}
		if cap(st.tape)-n < 2+len(idx)-k {
			st.room(n, 2+len(idx)-k)
			tw = unsafe.Pointer(unsafe.SliceData(st.tape))
		}
		tag := tagArray
		if c == '{' {
			tag = tagObject
		}
		if obj { // a member's value: mark its name entry (see contBit)
			*(*uint64)(unsafe.Add(tw, n*8-8)) |= contBit
		}
		*(*uint64)(unsafe.Add(tw, n*8)) = tag << tagShift
		*(*uint64)(unsafe.Add(tw, n*8+8)) = uint64(p)
		n += 2
		// NEXT into q
		if k < len(idx) {
			q = int(idx[k])
			k++
		} else {
			q = st.more(n)
			idx, k, tw = st.idx, st.k, unsafe.Pointer(unsafe.SliceData(st.tape))
		}
		if q < 0 {
			goto done
		}
		if b[q] == c+2 { // empty: "{}" or "[]"
			*(*uint64)(unsafe.Add(tw, n*8-16)) |= uint64(n)
			*(*uint64)(unsafe.Add(tw, n*8-8)) |= uint64(q) << 32
			goto next
		}
		st.frames = append(st.frames, frame{open: uint32(n - 2), count: count, obj: obj})
		count, obj = 0, c == '{'
		p = q
		if obj {
			goto name
		}
		goto value
	case classString:
		// NEXT into q: the closing quote
		if k < len(idx) {
			q = int(idx[k])
			k++
		} else {
			q = st.more(n)
			idx, k, tw = st.idx, st.k, unsafe.Pointer(unsafe.SliceData(st.tape))
		}
		if q < 0 {
			goto done
		}
		if bs <= p {
			bs = nextBackslash(b, p+1)
		}
		if bs > q {
			*(*uint64)(unsafe.Add(tw, n*8)) = scalar(tagString, p, q+1-p)
		} else {
			*(*uint64)(unsafe.Add(tw, n*8)) = scalar(tagEscString, p, q+1-p)
		}
		n++
		goto next
	case classLiteral:
		// One load and compare checks the first four bytes.
		word, size, tag := uint32('n'|'u'<<8|'l'<<16|'l'<<24), 4, tagNull
		if c == 't' {
			word, tag = 't'|'r'<<8|'u'<<16|'e'<<24, tagTrue
		} else if c == 'f' {
			word, size, tag = 'f'|'a'<<8|'l'<<16|'s'<<24, 5, tagFalse
		}
		end := p + size
		if end > len(b) || binary.LittleEndian.Uint32(b[p:]) != word || size == 5 && b[p+4] != 'e' || end < len(b) && !delim[b[end]] {
			goto done
		}
		*(*uint64)(unsafe.Add(tw, n*8)) = tag<<tagShift | uint64(p)
		n++
		goto next
	case classNumber:
		// The common numbers are checked here, a word at a time without a
		// loop: an integer part of at most 7 digits, then a fraction of
		// at most 15, then a byte that ends a scalar. A call would spill
		// every live register of this loop; numberEnd does the rest
		// (exponents, longer runs, the last bytes of the input).
		e := -1
		if p+32 <= len(b) {
			w := (*[32]byte)(unsafe.Pointer(&b[p]))
			s := 0
			if c == '-' {
				s = 1
			}
			// A byte outside '0'..'9' sets its top bit in x-'0' or x+0x46;
			// borrows and carries reach only bytes above the first marked
			// one, which is exact. The byte that ends the number is known
			// to be a delimiter without loading it when it is the next
			// structural position (a scalar run cannot start right after
			// a digit).
			x := binary.LittleEndian.Uint64(w[s : s+8])
			m := ((x - 0x3030303030303030) | (x + 0x4646464646464646)) & 0x8080808080808080
			i := s + bits.TrailingZeros64(m)>>3 // end of the integer part (s+8 if m == 0)
			if m != 0 && i > s && (w[s] != '0' || i == s+1) {
				if w[i] == '.' {
					x = binary.LittleEndian.Uint64(w[i+1 : i+9])
					m = ((x - 0x3030303030303030) | (x + 0x4646464646464646)) & 0x8080808080808080
					j := i + 1 + bits.TrailingZeros64(m)>>3
					if m == 0 {
						x = binary.LittleEndian.Uint64(w[i+9 : i+17])
						m = ((x - 0x3030303030303030) | (x + 0x4646464646464646)) & 0x8080808080808080
						j = i + 9 + bits.TrailingZeros64(m)>>3
					}
					if m != 0 && j > i+1 && (k < len(idx) && p+j == int(idx[k]) || delim[w[j]]) {
						e = p + j
					}
				} else if k < len(idx) && p+i == int(idx[k]) || delim[w[i]] {
					e = p + i
				}
			}
		}
		if e < 0 {
			if e = numberEnd(b, p); e < 0 {
				goto done
			}
		}
		*(*uint64)(unsafe.Add(tw, n*8)) = scalar(tagNumber, p, e-p)
		n++
		goto next
	}
	goto done

next:
	// NEXT into p
	if k < len(idx) {
		p = int(idx[k])
		k++
	} else {
		p = st.more(n)
		idx, k, tw = st.idx, st.k, unsafe.Pointer(unsafe.SliceData(st.tape))
	}
	if len(st.frames) == 0 {
		ok = p < 0
		goto done
	}
	count++
	if p < 0 {
		goto done
	}
	switch b[p] {
	case ',':
		// NEXT into p
		if k < len(idx) {
			p = int(idx[k])
			k++
		} else {
			p = st.more(n)
			idx, k, tw = st.idx, st.k, unsafe.Pointer(unsafe.SliceData(st.tape))
		}
		if p < 0 {
			goto done
		}
		if obj {
			goto name
		}
		goto value
	case '}', ']':
		if obj != (b[p] == '}') {
			goto done
		}
		f := st.frames[len(st.frames)-1]
		st.frames = st.frames[:len(st.frames)-1]
		*(*uint64)(unsafe.Add(tw, uintptr(f.open)*8)) |= sat(int(count))<<lenShift | uint64(n)
		*(*uint64)(unsafe.Add(tw, uintptr(f.open)*8+8)) |= uint64(p) << 32
		count, obj = f.count, f.obj
		goto next
	}
	goto done

name:
	if b[p] != '"' {
		goto done
	}
	// NEXT into q: the closing quote
	if k < len(idx) {
		q = int(idx[k])
		k++
	} else {
		q = st.more(n)
		idx, k, tw = st.idx, st.k, unsafe.Pointer(unsafe.SliceData(st.tape))
	}
	if q < 0 {
		goto done
	}
	if bs <= p {
		bs = nextBackslash(b, p+1)
	}
	if bs > q {
		*(*uint64)(unsafe.Add(tw, n*8)) = scalar(tagString, p, q+1-p)
	} else {
		*(*uint64)(unsafe.Add(tw, n*8)) = scalar(tagEscString, p, q+1-p)
	}
	n++
	// Two NEXTs: the colon, then the value.
	if k+1 < len(idx) {
		p, q = int(idx[k]), int(idx[k+1])
		k += 2
	} else {
		st.k = k
		p = st.nextRoom(n)
		q = st.nextRoom(n)
		idx, k, tw = st.idx, st.k, unsafe.Pointer(unsafe.SliceData(st.tape))
	}
	if p < 0 || b[p] != ':' || q < 0 {
		goto done
	}
	p = q
	goto value

done:
	ok = ok && !st.bad && !st.x.Bad()
	d.tape, d.src = st.tape[:n], b
	st.tape = nil
	return ok
}

// nextRoom is next for build: a new window comes with room for its words
// on the tape, of length n.
func (st *state) nextRoom(n int) int {
	if st.k < len(st.idx) {
		st.k++
		return int(st.idx[st.k-1])
	}
	return st.more(n)
}

// more returns the first structural position of the next window (-1 at
// the end of input), once the tape, of length n, has room for a word per
// position of that window.
func (st *state) more(n int) int {
	p := st.refill()
	if p >= 0 {
		st.room(n, len(st.idx))
	}
	return p
}

// room makes the tape's capacity at least n+words, keeping its first n
// words.
func (st *state) room(n, words int) {
	if cap(st.tape)-n < words {
		st.tape = slices.Grow(st.tape[:n], words)
	}
}

// tapeEstimate returns the initial tape capacity for an input of n bytes,
// once its first window is indexed. Every tape word stands for at least
// one structural position, on average (a string has two positions and one
// word, a container two and two, a scalar one and one), so when the window
// is the whole input its index length is a bound. Otherwise the first
// window's words are counted from its positions (2 per opening bracket, 1
// per scalar, 1 per pair of quotes) and extrapolated with a margin. Both
// add the slack that build's room checks ask for beyond the words written
// (a window's positions; a few levels of nesting), so that the tape is
// allocated once for nearly every input: fresh memory costs page faults
// and zeroing, so a tight estimate pays.
func (st *state) tapeEstimate(n int) int {
	if st.off >= n {
		return len(st.idx) + 64
	}
	halves := 0
	for _, pos := range st.idx {
		halves += int(tapeHalves[st.b[pos]])
	}
	return int(int64(halves/2)*int64(n)/int64(st.off)*9/8) + len(st.idx) + 256
}

// tapeHalves is twice the number of tape words that a structural position
// starting with the byte stands for.
var tapeHalves = func() (t [256]uint8) {
	for c := range t {
		t[c] = 2 // a scalar
	}
	for _, c := range []byte(",:]} \t\r\n") {
		t[c] = 0
	}
	t['"'] = 1
	t['{'], t['['] = 4, 4
	return t
}()

// nextBackslash returns the offset of the first backslash at or after i,
// or len(b). Stage 2 asks for it only when it passes the last one found,
// so the input is searched once, with the SIMD byte search, whatever the
// number of strings: a string has escapes exactly when the next backslash
// lies before its closing quote.
func nextBackslash(b []byte, i int) int {
	if i >= len(b) {
		return len(b)
	}
	if k := bytes.IndexByte(b[i:], '\\'); k >= 0 {
		return i + k
	}
	return len(b)
}
