package path

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"sync"

	"github.com/celerjson/celer/internal/index"
	"github.com/celerjson/celer/internal/kernels"
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
// variable for tests, which run both walks on small inputs). Where stage 1
// runs its AVX-512 code it indexes a few hundred bytes in less time than
// the byte-wise walk takes over their whitespace and strings (the 603-byte
// glossary lookup was 1.3x faster); elsewhere stage 1 costs more than the
// byte-wise walk up to some kilobytes. The threshold may depend on the
// processor because the answer does not: a checked indexed walk that meets
// an error leaves the decision to the byte-wise walk (see walkIndexed).
var minIndexedWalk = 4 << 10

func init() {
	if index.Accelerated() {
		minIndexedWalk = 256
	}
}

const (
	firstWindow = 2 << 10  // size of the first window indexed
	maxWindow   = 64 << 10 // size the windows grow to

	// A window is dense in numbers (and the next one gets a bitmap of
	// its non-digits if it has minBitmapWindow bytes or more) when it has
	// one number per numbersDense bytes or more.
	numbersDense    = 48
	minBitmapWindow = 16 << 10
)

// bitmapAlways makes the checked walk build the bitmap of non-digits for
// every window, whatever its size and density (for tests, which run
// small inputs through both ways of checking numbers).
var bitmapAlways = false

// idxWalker walks structural positions.
type idxWalker struct {
	b        []byte
	strict   bool // strict UTF-8: surrogate escapes must pair up
	trusted  bool // TrustInput: values passed over are skipped unchecked
	maxDepth int

	x    index.Builder
	idx  []uint32 // positions of the current window
	k    int      // next position in idx
	off  int      // start of the next window
	win  int      // size of the next window
	done bool     // the final window is indexed

	spill  []uint64 // kinds of containers more than 64 levels out (see run)
	nd     []uint64 // checked walk: the window's non-digits, or none (see refill)
	ndOff  int      // offset of the window, the byte of bit 0 of nd
	nums   int      // numbers the checked walk has met in the window
	starts []int    // element offsets, for negative indexes

	// skip's state while it calls out (see park), and the containers
	// it may open (MaxDepth less the depth of the value skipped).
	sp, sr, room int
	sstack       uint64
}

var idxWalkers = sync.Pool{New: func() any { return &idxWalker{idx: make([]uint32, 0, 1024)} }}

// walkIndexed runs the indexed walk of steps for w; ok is false when the
// indexed walk cannot decide and rawWalker must run instead: surrogate
// escapes to check, or (checked walk) an error. The indexed walk fails on
// an error anywhere in a window stage 1 indexed, where the byte-wise walk
// finds a value that comes before it, and it checks that the selected
// value ends where a value may end, where the byte-wise walk reads it as
// one token ("0" of "01"). Otherwise it passes and checks what the
// byte-wise walk does, so leaving errors to it gives the byte-wise walk's
// answer on every input, whatever walk runs first; invalid input, the
// rare case, pays for the two walks.
func (w *rawWalker) walkIndexed(steps []rawStep) (start, end int, st walkStatus, ok bool) {
	iw := idxWalkers.Get().(*idxWalker)
	defer func() {
		iw.b = nil
		idxWalkers.Put(iw)
	}()
	var flags uint
	iw.trusted = w.trusted
	iw.strict = w.mode&scan.AllowInvalidUTF8 == 0 && !w.trusted
	if iw.strict {
		flags = index.StrictUTF8
	}
	iw.x.Reset(flags)
	iw.b, iw.maxDepth = w.b, w.maxDepth
	iw.idx, iw.k, iw.off, iw.win, iw.done = iw.idx[:0], 0, 0, firstWindow, false
	iw.spill = iw.spill[:0] // a skip that failed may have left some
	iw.nd, iw.ndOff, iw.nums = iw.nd[:0], 0, 0
	start, end, st = iw.walk(steps, w)
	if iw.strict && iw.x.SurrogateEscape() || st == walkBad && !iw.trusted {
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
		// The bitmap pays for itself only where numbers are dense
		// (citylots' coordinates, one number per 34 bytes: the lookup is
		// 1.2x faster with it; citm's windows of one per 70 to 130 bytes
		// were slower): it is built for a window of 16 KiB or more when
		// the walk met numbers that densely in the one before, which is
		// most often of the same shape. Small windows go without: the
		// saving does not cover the kernel call and its setup.
		w.nd = w.nd[:0]
		if !w.trusted && (end-w.off >= minBitmapWindow && w.nums*numbersDense >= w.off-w.ndOff || bitmapAlways) {
			w.nd = kernels.AppendNonDigits(w.nd, w.b[w.off:end])
		}
		w.nums, w.ndOff = 0, w.off
		w.k, w.off = 0, end
		w.win = min(w.win*4, maxWindow)
		if w.x.Bad() {
			return -1
		}
	}
	w.k++
	return int(w.idx[w.k-1])
}

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
			p, st = w.member(s.name, depth+1)
		case '[':
			idx := s.index
			if s.kind == rawName || (s.kind == rawEither && idx < 0) {
				return 0, 0, walkMissing
			}
			if idx < 0 {
				// Count the elements, then go on from the one selected
				// with the byte-wise walker (this array is checked).
				var n int
				n, st = w.element(-1, depth+1)
				if st != walkFound {
					return 0, 0, st
				}
				if idx += n; idx < 0 {
					return 0, 0, walkMissing
				}
				return scalar.walkFrom(w.starts[idx], steps[depth+1:], depth+1)
			}
			p, st = w.element(idx, depth+1)
		default:
			return 0, 0, walkMissing
		}
		if st != walkFound {
			return 0, 0, st
		}
	}
	if w.trusted {
		if end, ok := w.endTrusted(p, len(steps)); ok {
			return p, end, walkFound
		}
		return 0, 0, walkBad
	}
	end, ok := w.skip(p, len(steps))
	if !ok {
		return 0, 0, walkBad
	}
	return p, end, walkFound
}

// member finds member name in the object whose '{' at depth was just
// consumed, and returns the position of its value (consumed).
func (w *idxWalker) member(name string, depth int) (int, walkStatus) {
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
		match := nameIs(b[q+1:c], name, b[q:c+1])
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
		if _, ok := w.pass(v, depth); !ok {
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

// element finds element i of the array whose '[' at depth was just
// consumed and returns its position (consumed). With i < 0 it checks the
// whole array instead, leaves the offsets of its elements in w.starts and
// returns their number.
func (w *idxWalker) element(i, depth int) (int, walkStatus) {
	b := w.b
	all := i < 0
	w.starts = w.starts[:0]
	q := w.next()
	if q < 0 {
		return 0, walkBad
	}
	if b[q] == ']' {
		if all {
			return 0, walkFound
		}
		return 0, walkMissing
	}
	for k := 0; ; k++ {
		if k == i {
			return q, walkFound
		}
		if all {
			w.starts = append(w.starts, q)
		}
		if _, ok := w.pass(q, depth); !ok {
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
			if all {
				return k + 1, walkFound
			}
			return 0, walkMissing
		default:
			return 0, walkBad
		}
	}
}

// skip is stage 2 of the validator over the structural positions, for
// the values a walk passes over: it checks the value whose first position
// p was just consumed, nested at depth base (the depth of the container
// around it), and returns the offset just past it. Stage 1 has checked
// the strings; skip checks the grammar, literals, numbers and nesting.
//
// It is one state machine written with gotos, shaped like dom's stage 2 so
// that what it touches per position stays in registers: the window of
// positions and its cursor, the number of containers open and the kinds
// of the innermost 64 as bits of one word (more are spilled to w.spill).
// The NEXT blocks are next() written out by hand for that reason; refill
// runs once per window. The few calls (refill, numberEnd, the spill's
// append) are wrapped in park and unpark and return w, so that no value
// is live across a call: the compiler then has no spills to place, which
// it put on the merge points of the fast paths (value's entry stored nine
// registers each time; skip runs 10% fewer instructions on citylots than
// with them and with the depth, the base depth and the innermost kind in
// registers of their own).
func (w *idxWalker) skip(p, base int) (int, bool) {
	b := w.b
	idx, k := w.idx, w.k
	r := 0           // containers open in the value
	var stack uint64 // their kinds (1: object), the innermost one in bit 0; more than 64 are spilled
	w.room = w.maxDepth - base
	var c byte
	var q int

value:
	c = b[p]
	switch valueClass[c] {
	case classContainer:
		if r >= w.room {
			goto bad
		}
		if c == '[' && len(w.nd) != 0 && k < len(idx) {
			// An array in a window dense in numbers: if it holds
			// only numbers and arrays of them (GeoJSON's coordinates),
			// numberArrays checks it in one tight loop.
			if c = b[idx[k]]; c == '[' || valueClass[c] == classNumber {
				w.park(p, k, r, stack)
				var e int
				w, e = w.numberArrays(w.room - w.sr)
				b, idx, p, k, r, stack = w.unpark()
				if e >= 0 {
					p = e
					goto closed
				}
			}
			c = b[p]
		}
		// Open the container, then look at what follows: an empty one
		// closes at once.
		if r > 0 && r&63 == 0 {
			w.park(p, k, r, stack)
			w = w.pushSpill(stack)
			b, idx, p, k, r, stack = w.unpark()
			c = b[p]
			stack = 0
		}
		stack <<= 1
		if c == '{' {
			stack |= 1
		}
		r++
		// NEXT into q
		if k < len(idx) {
			q = int(idx[k])
			k++
		} else {
			w.park(p, k, r, stack)
			w, q = w.refilled()
			b, idx, p, k, r, stack = w.unpark()
			if q < 0 {
				goto bad
			}
			c = b[p]
		}
		p = q
		if b[q] == c+2 { // empty: "{}" or "[]"
			goto pop
		}
		if stack&1 != 0 {
			goto name
		}
		goto value
	case classString:
		// Stage 1 has checked the content: the closing quote is the next
		// position, and what follows it the one after.
		if r != 0 && k+1 < len(idx) {
			p = int(idx[k+1])
			k += 2
			goto sep
		}
		// NEXT into p: the closing quote
		if k < len(idx) {
			p = int(idx[k])
			k++
		} else {
			w.park(p, k, r, stack)
			w, q = w.refilled()
			b, idx, p, k, r, stack = w.unpark()
			if p = q; p < 0 {
				goto bad
			}
		}
		goto closed
	case classLiteral:
		{
			// One load and compare checks the first four bytes.
			word, size := uint32('n'|'u'<<8|'l'<<16|'l'<<24), 4
			if c == 't' {
				word = 't' | 'r'<<8 | 'u'<<16 | 'e'<<24
			} else if c == 'f' {
				word, size = 'f'|'a'<<8|'l'<<16|'s'<<24, 5
			}
			end := p + size
			if end > len(b) || binary.LittleEndian.Uint32(b[p:]) != word || size == 5 && b[p+4] != 'e' || end < len(b) && !delim[b[end]] {
				goto bad
			}
			p = end - 1
		}
		goto closed
	case classNumber:
		if len(w.nd) != 0 {
			goto number // the window has a bitmap of its non-digits
		}
		w.nums++
		{
			// The common numbers are checked here, a word at a time without
			// a loop or a call (which would spill the registers above): an
			// integer part of at most 15 digits, then a fraction of up to
			// 23, then a byte that ends a scalar run. numberEnd does the
			// rest (exponents, longer runs, the last bytes of the input).
			e := -1
			if p+32 <= len(b) {
				w := (*[32]byte)(b[p : p+32])
				s := 0
				if c == '-' {
					s = 1
				}
				// A byte outside '0'..'9' sets its top bit in x-'0' or
				// x+0x46; borrows and carries reach only bytes above the
				// first marked one, which is exact. A number that ends at
				// the next structural position needs no look at the byte
				// there (a scalar run cannot start right after a digit).
				x := binary.LittleEndian.Uint64(w[s : s+8])
				m := ((x - 0x3030303030303030) | (x + 0x4646464646464646)) & 0x8080808080808080
				i := s + bits.TrailingZeros64(m)>>3 // end of the integer part (s+8 if m == 0)
				if m == 0 {                         // 8 digits or more, as ids often have
					x = binary.LittleEndian.Uint64(w[s+8 : s+16])
					m = ((x - 0x3030303030303030) | (x + 0x4646464646464646)) & 0x8080808080808080
					i = s + 8 + bits.TrailingZeros64(m)>>3
				}
				if m != 0 && i > s && (w[s] != '0' || i == s+1) {
					if w[i] == '.' {
						j := i + 1
						x = binary.LittleEndian.Uint64(w[j : j+8])
						m = ((x - 0x3030303030303030) | (x + 0x4646464646464646)) & 0x8080808080808080
						j += bits.TrailingZeros64(m) >> 3
						if m == 0 && j+8 <= len(w) {
							x = binary.LittleEndian.Uint64(w[j : j+8])
							m = ((x - 0x3030303030303030) | (x + 0x4646464646464646)) & 0x8080808080808080
							j += bits.TrailingZeros64(m) >> 3
							if m == 0 && j+8 <= len(w) {
								x = binary.LittleEndian.Uint64(w[j : j+8])
								m = ((x - 0x3030303030303030) | (x + 0x4646464646464646)) & 0x8080808080808080
								j += bits.TrailingZeros64(m) >> 3
							}
						}
						if m != 0 && j > i+1 {
							i = j
						} else {
							i = -1
						}
					}
					if i > 0 {
						if k < len(idx) && p+i == int(idx[k]) && r != 0 {
							// What follows is the next position: go
							// straight to it.
							p += i
							k++
							goto sep
						}
						if delim[w[i]] {
							e = p + i
						}
					}
				}
			}
			if e < 0 {
				w.park(p, k, r, stack)
				w, e = w.numberEnd(p)
				b, idx, p, k, r, stack = w.unpark()
				if e < 0 {
					goto bad
				}
			}
			p = e - 1
		}
		goto closed
	}
	goto bad

number: // a number starts at p
	{
		// The common numbers (an integer part and an optional fraction)
		// are checked here on the window's bitmap of non-digits, without
		// a loop or a call (which would spill the registers above): the
		// 64 bits from the first digit on are two loads, and the ends of
		// the integer part and of the fraction one count of trailing
		// zeros each. The bitmap marks the bytes past the window as
		// non-digits, and every byte that ends a part is read from b, so
		// a number cut by the window's end is left to numberEnd, like
		// exponents and runs of 64 bytes or more.
		f := p // the first digit
		if b[p] == '-' {
			f++
		}
		w.nums++
		// q < 0 (a number that started before the window) wraps to a
		// large value and fails the one compare.
		q, nd := uint(f-w.ndOff), w.nd
		if q>>6+1 < uint(len(nd)) {
			sh := q & 63
			m := nd[q>>6]>>sh | nd[q>>6+1]<<(63-sh)<<1
			i := uint(bits.TrailingZeros64(m)) // digits of the integer part
			e := f + int(i)
			if i-1 < 63 && e < len(b) && (b[f] != '0' || i == 1) {
				c := b[e]
				if c == '.' {
					// The first non-digit after the point ends the fraction.
					j := uint(bits.TrailingZeros64(m &^ (2<<i - 1)))
					e = f + int(j)
					if j <= i+1 || j >= 64 || e >= len(b) {
						goto numberEnd
					}
					c = b[e]
				}
				if k < len(idx) && r != 0 {
					// The next position follows the number, or only
					// whitespace does: a scalar run cannot start right
					// after a digit, and every run after whitespace is a
					// position. sep checks the byte there.
					if n := int(idx[k]); n == e || isSpace(c) {
						if b[n] == ',' && stack&1 == 0 && k+1 < len(idx) && valueClass[b[idx[k+1]]] == classNumber {
							// The next element is a number: straight
							// to it, without going through sep and
							// value's dispatch.
							p = int(idx[k+1])
							k += 2
							goto number
						}
						p = n
						k++
						goto sep
					}
				} else if delim[c] {
					p = e - 1
					goto closed
				}
			}
		}
	}
	goto numberEnd

numberEnd: // a number starts at p, not checked by the fast paths
	{
		w.park(p, k, r, stack)
		var e int
		w, e = w.numberEnd(p)
		b, idx, p, k, r, stack = w.unpark()
		if e < 0 {
			goto bad
		}
		p = e - 1
	}
	goto closed

closed: // a value ends at p, inclusive
	if r == 0 {
		w.k = k
		return p + 1, true
	}
	// NEXT into p
	if k < len(idx) {
		p = int(idx[k])
		k++
	} else {
		w.park(p, k, r, stack)
		w, q = w.refilled()
		b, idx, p, k, r, stack = w.unpark()
		if p = q; p < 0 {
			goto bad
		}
	}
sep: // p follows a value
	switch b[p] {
	case ',':
		// NEXT into p
		if k < len(idx) {
			p = int(idx[k])
			k++
		} else {
			w.park(p, k, r, stack)
			w, q = w.refilled()
			b, idx, p, k, r, stack = w.unpark()
			if p = q; p < 0 {
				goto bad
			}
		}
		if stack&1 != 0 {
			goto name
		}
		if b[p] == '"' && k+1 < len(idx) {
			// A string element, as in classString (r > 0 here).
			p = int(idx[k+1])
			k += 2
			goto sep
		}
		goto value
	case '}':
		if stack&1 == 0 {
			goto bad
		}
	case ']':
		if stack&1 != 0 {
			goto bad
		}
	default:
		goto bad
	}
pop: // a container closes at p
	stack >>= 1
	r--
	if r > 0 && r&63 == 0 {
		stack = w.spill[len(w.spill)-1]
		w.spill = w.spill[:len(w.spill)-1]
	}
	goto closed

name:
	if b[p] != '"' {
		goto bad
	}
	// Three NEXTs: the closing quote, the colon, then the value.
	if k+2 < len(idx) {
		p, q = int(idx[k+1]), int(idx[k+2])
		k += 3
	} else {
		w.park(p, k, r, stack)
		var colon int
		w, colon, q = w.next3()
		b, idx, p, k, r, stack = w.unpark()
		p = colon
	}
	if p < 0 || b[p] != ':' || q < 0 {
		goto bad
	}
	p = q
	if b[p] == '"' && k+1 < len(idx) {
		// A string value, as in classString (r > 0 here), without
		// value's dispatch.
		p = int(idx[k+1])
		k += 2
		goto sep
	}
	goto value

bad:
	w.k = k
	return 0, false
}

// park stores what skip keeps in registers before it calls out, and
// unpark returns it. Go's calls clobber every register: a value of skip
// live across a call is spilled, and in skip's graph of gotos the spills
// land on the merge points of the fast paths. Parked around the calls,
// on slow paths only, nothing is live across one.
func (w *idxWalker) park(p, k, r int, stack uint64) {
	w.sp, w.k, w.sr, w.sstack = p, k, r, stack
}

func (w *idxWalker) unpark() (b []byte, idx []uint32, p, k, r int, stack uint64) {
	return w.b, w.idx, w.sp, w.k, w.sr, w.sstack
}

// refilled, numberEnd, next3 and pushSpill are skip's calls. Each returns
// w, so that w is not live across the call either (see park).

//go:noinline
func (w *idxWalker) refilled() (*idxWalker, int) { return w, w.refill() }

//go:noinline
func (w *idxWalker) numberEnd(p int) (*idxWalker, int) { return w, numberEnd(w.b, p) }

// numberArrays checks the array whose '[' skip has just consumed (the
// position before w.k) when it holds only numbers and arrays of the same,
// nested at most numberArraysDepth deep (the array itself included; limit,
// the nesting MaxDepth allows, must be as large), and returns the
// position of its ']', with w.k past it. Numbers are checked as skip's
// number block does, on the window's bitmap of non-digits. It returns -1
// and leaves w.k as it was when it cannot decide: an element of another
// kind, a number the bitmap does not settle (exponents, long runs, the
// window's end), the end of the window's positions, too deep a nesting, or
// an error; skip then walks the array itself, from the same position.
// It is a leaf, so that its loop keeps everything in registers.
//
//go:noinline
func (w *idxWalker) numberArrays(limit int) (*idxWalker, int) {
	if limit < numberArraysDepth {
		return w, -1
	}
	end, k := numberArrays(w.b, w.idx, w.k, w.nd, w.ndOff)
	if end >= 0 {
		w.nums += (k - w.k) >> 1 // about one number per two positions
		w.k = k
	}
	return w, end
}

//go:noinline
func (w *idxWalker) next3() (*idxWalker, int, int) {
	w.next()
	colon := w.next()
	return w, colon, w.next()
}

//go:noinline
func (w *idxWalker) pushSpill(stack uint64) *idxWalker {
	w.spill = append(w.spill, stack)
	return w
}

// nameIs reports whether the content key of the string token tok, whose
// content stage 1 has checked, stands for name. Most names are told apart
// by their length or first byte, without a compare; an escape makes a
// name longer than what it stands for and starts with a backslash.
func nameIs(key []byte, name string, tok []byte) bool {
	if len(key) < len(name) {
		return false
	}
	if len(name) == 0 {
		return len(key) == 0
	}
	if key[0] != name[0] && key[0] != '\\' {
		return false
	}
	if len(key) == len(name) {
		return string(key) == name && bytes.IndexByte(key, '\\') < 0
	}
	return bytes.IndexByte(key, '\\') >= 0 && unquotedEqual(tok, name)
}

// The classes of the first byte of a value, for run's dispatch.
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

// delim marks the bytes that may follow a number or literal: those that
// end a run of scalar bytes.
var delim = func() (t [256]bool) {
	for _, c := range []byte(" \t\r\n,]}:[{\"") {
		t[c] = true
	}
	return t
}()

// isSpace reports whether c is JSON whitespace.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// isDelim reports whether c may follow a number or a literal.
func isDelim(c byte) bool { return delim[c] }

// numberEnd checks the number at p and returns the offset just past it,
// or -1 when it is not a number that ends a scalar run.
func numberEnd(b []byte, p int) int {
	n, code := scan.Number(b[p:], true)
	e := p + n
	if code != scan.OK || e < len(b) && !delim[b[e]] {
		return -1
	}
	return e
}
