package stream

import (
	"math/bits"
	"unsafe"

	"github.com/celerjson/celer/internal/scan"
)

// The tape: tokens checked ahead of the reader. Over a byte slice, the
// indexed reader (indexed.go) checks a batch of tokens at a time against
// the index, in one loop that keeps the grammar state in local variables,
// and puts them on the tape: one word per token, the token's offset and
// its Token.info. ReadToken then only hands out the next word: about
// twenty instructions. (With its call to the slow path ReadToken is over
// the inliner's budget, so that path is kept minimal instead.)
//
// The loop also keeps, as the one-pass reader does, what the Decoder's
// state (stack, counts, member names, expectation, offsets) will be after
// the last token on the tape; it is written back to the Decoder when the
// tape is used up (commit). Until then the Decoder's own state is that of
// the start of the tape. Anything that needs the state in between (Depth,
// Pointer, InputOffset) replays the tokens handed out since into it with
// the one-pass reader's own bookkeeping (syncTape); anything that moves the
// position otherwise (ReadValue, SkipValue, PeekKind at the end of the
// tape) gives the remaining tokens back (dropTape), and the tape starts
// again from the Decoder's state at the next ReadToken.
//
// The loop takes exactly the tokens the indexed reader would (it mirrors
// readTokenIx, whose equivalence with the one-pass reader the tests check)
// and stops before any other: the end of the indexed input, an error, a
// token too long for the tape's 16-bit length, too deep a container. The
// other readers then read that token, with their positioned errors.
//
// The tape is used for byte slices only: a Decoder over an io.Reader drops
// bytes it has read, so the member names of open objects would have to be
// held (holdNames) at every refill; it uses readTokenIx token by token.

// tapeFirst is the size of the first batch after the tape (re)starts, and
// tapeMax the largest: batches double while they are used up. A caller
// that mixes ReadToken with ReadValue or SkipValue gives back at most a
// small batch each time.
var tapeFirst, tapeMax = 16, 1 << 13

// tapeMaxLen bounds the length of a token on the tape (packed in 16 bits).
const tapeMaxLen = 1<<16 - 1

// Why the tape loop stopped.
const (
	stopFull = iota // the batch is full: the loop goes on from its state
	stopMore        // the index entries ran out: index more, then go on
	stopSlow        // the next token is left to the other readers
	stopGrow        // the shadow stack is full: grow it, then go on
)

// tapeState is the tape loop's state after the last token on the tape.
type tapeState struct {
	on    bool // the tape is used for this input
	live  bool // the state below continues the tape (else it restarts from the Decoder's)
	stop  uint8
	batch int
	k0    int // Decoder.ixK at the start of the tape
	delta int // buffer offset of the tape's offset 0 (Decoder.ixDelta then): tapeP is &buf[delta]
	syncK int // tape entries already replayed into the Decoder's state

	exp    expect
	depth  int
	obj    bool
	cnt    int   // the innermost frame's count
	nameAt int64 // its member name (input offset and length; 0 length for none)
	nameN  int
	// Frames below the innermost one, from index low on, as spilled by
	// the loop when it opened a container inside them; frames below low
	// are unchanged since the tape started and are read from the stack.
	low int
	sh  []shFrame

	// Set for one run of the loop: whether the batch is bounded by the
	// entries (full), whether the input is all indexed (done), the end of
	// the indexed input, of the strings that need their surrogate escapes
	// checked and of the input, and the input offset of tape offset 0.
	full, done bool
	lim, surHi int // in tape offsets
	blen       int // in tape offsets
	nIx        int // the entries the run may use
	nameBase   int64
	runK, runN int     // d.ixK and the tape's length when the run started
	maxDepth   int     // Options.MaxDepth
	stk        []frame // Decoder.stack

	sur      bool // a string on the tape lies before surHi
	numCheck bool // a number on the tape needs scan.NumberRun
	replay   bool // the tape was cut (tapeCut): commit replays it
}

// shFrame is a frame spilled by the tape loop. (Without the map of frame,
// spilling stores no pointer: no write barrier.) arr is 1 for an array, 0
// for an object: what a value adds to the frame's count.
type shFrame struct {
	arr    uint8
	count  int
	nameAt int64
	nameN  int
}

// readTokenSlow is ReadToken when the tape is used up.
func (d *Decoder) readTokenSlow() (Token, error) {
	d.pin = -1
	if d.tp.on && d.err == nil && d.tapeRefill() {
		d.tk = 1
		return d.tapeToken(d.tape[0]), nil
	}
	if d.ixOn && d.err == nil {
		return d.readTokenIx()
	}
	return d.readToken()
}

// tapeToken returns the token of tape entry e: literals and delimiters are
// the package's own tokens, as the other readers return them.
//
// A tape entry's info is that of the package's token of its kind, so only
// the pointer is chosen, without a branch: the kinds of consecutive tokens
// are hard to predict, and a mispredicted branch here cost more than the
// rest of ReadToken.
func (d *Decoder) tapeToken(e uint64) Token {
	p := (*byte)(unsafe.Add(d.tapeP, uint32(e)))
	c := uint8(e >> 32)
	if f := fixedPtr[c]; c >= '[' { // n f t { } [ ]; strings and numbers are below
		p = f
	}
	return Token{p: p, info: e >> 32}
}

// fixedPtr holds the encoded forms of fixedTokens.
var fixedPtr = func() (t [256]*byte) {
	for i := range fixedTokens {
		t[i] = fixedTokens[i].p
	}
	return t
}()

// tapeRefill commits the used-up tape and puts the next batch of tokens
// on it; false when the other readers must read the next token.
func (d *Decoder) tapeRefill() bool {
	d.commit()
	t := &d.tp
	for d.ixOn {
		switch {
		case !t.live:
			if !d.tapeStart() {
				return false
			}
		case t.stop == stopSlow:
			t.live = false
			return false
		case t.stop == stopMore:
			if d.ixRefill() != ixGot {
				t.live = false
				return false
			}
		case t.batch < tapeMax:
			t.batch *= 2
		}
		if n := max(tapeMax, t.batch) + 1; cap(d.tape) < n { // + 1: the loop's tape pointer stays inside
			d.tape = make([]uint64, 0, n)
		}
		d.tapeFill()
		for t.stop == stopGrow {
			t.sh = append(t.sh, make([]shFrame, len(t.sh)+16)...)
			d.tapeFill()
		}
		if len(d.tape) > 0 {
			return true
		}
	}
	t.live = false
	return false
}

// tapeStart starts the tape loop from the Decoder's state.
func (d *Decoder) tapeStart() bool {
	if d.ix.at != d.base+int64(d.pos) && !d.ixSync() {
		return false
	}
	t := &d.tp
	n := len(d.stack)
	t.exp, t.depth, t.obj, t.low = d.exp, n, d.inObj, n-1
	t.cnt, t.nameAt, t.nameN = 0, 0, 0
	if n > 0 {
		f := &d.stack[n-1]
		t.cnt, t.nameAt, t.nameN = f.count, f.nameAt, f.nameN
	}
	t.batch, t.stop, t.live = tapeFirst, stopFull, true
	return true
}

// commit brings the Decoder's state to the end of the used-up tape and
// empties it.
func (d *Decoder) commit() {
	t := &d.tp
	if len(d.tape) == 0 {
		return
	}
	if t.syncK > 0 || t.replay {
		d.replay(t.syncK, len(d.tape))
		if t.replay {
			d.ix.at = -1 // d.ixK is the tape's first entry: ixSync finds d.pos
		}
	} else {
		n := t.depth
		if n > cap(d.stack) {
			s := make([]frame, len(d.stack), 2*n)
			copy(s, d.stack)
			d.stack = s
		}
		d.stack = d.stack[:n]
		for i := max(t.low, 0); i < n-1; i++ {
			f, s := &d.stack[i], &t.sh[i]
			f.obj, f.count, f.nameAt, f.nameN, f.held = s.arr == 0, s.count, s.nameAt, s.nameN, -1
		}
		d.inObj = false
		if n > 0 {
			f := &d.stack[n-1]
			f.obj, f.count, f.nameAt, f.nameN, f.held = t.obj, t.cnt, t.nameAt, t.nameN, -1
			d.inObj = t.obj
		}
		d.exp = t.exp
		e := d.tape[len(d.tape)-1]
		end := t.delta + int(uint32(e)) + int(e>>48)
		d.pos, d.tokEnd = end, end
		d.ix.at = d.base + int64(end)
	}
	d.tape, d.tk, t.syncK, t.replay = d.tape[:0], 0, 0, false
}

// syncTape replays the tokens handed out since the tape started (or since
// the last sync) into the Decoder's state.
func (d *Decoder) syncTape() {
	if d.tk > d.tp.syncK {
		d.replay(d.tp.syncK, d.tk)
		d.tp.syncK = d.tk
	}
}

// dropTape brings the Decoder's state to the last token handed out and
// gives the remaining ones back: their index entries are read again.
func (d *Decoder) dropTape() {
	if !d.tp.on {
		return
	}
	d.syncTape()
	if d.tk < len(d.tape) || d.tp.replay {
		d.ixK = d.tp.k0
		d.ix.at = -1 // ixSync finds the entry at d.pos again
	}
	d.tape, d.tk, d.tp.syncK, d.tp.replay = d.tape[:0], 0, 0, false
	d.tp.live = false
}

// tapeValue consumes the next value (or member name) from the tape when
// it lies wholly there, and returns its bounds in the buffer. Otherwise it
// consumes nothing and ReadValue and SkipValue give the tape back, so a
// caller that reads names and skips values keeps reading from the tape.
func (d *Decoder) tapeValue() (int, int, bool) {
	if !d.tp.on || d.err != nil || d.tk >= len(d.tape) && !d.tapeRefill() {
		return 0, 0, false
	}
	k := d.tk
	e := d.tape[k]
	if c := byte(e >> 32); c == '}' || c == ']' {
		return 0, 0, false // no value: the other readers report it
	}
	start := d.tp.delta + int(uint32(e))
	for depth := 0; k < len(d.tape); k++ {
		e = d.tape[k]
		switch byte(e >> 32) {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		}
		if depth == 0 {
			d.tk = k + 1
			return start, d.tp.delta + int(uint32(e)) + int(e>>48), true
		}
	}
	return 0, 0, false
}

// replay applies tape[from:to] to the Decoder's state as the one-pass
// reader would have.
func (d *Decoder) replay(from, to int) {
	for _, e := range d.tape[from:to] {
		p := d.tp.delta + int(uint32(e))
		end := p + int(e>>48)
		switch c := byte(e >> 32); c {
		case '{', '[':
			d.countValue()
			d.push(p, c == '{') // below MaxDepth: checked by the tape loop
		case '}', ']':
			d.pop(p)
		default:
			if meta(e>>40)&metaName != 0 {
				d.dropHeld(len(d.stack) - 1)
				fr := &d.stack[len(d.stack)-1]
				fr.count++
				fr.nameAt, fr.nameN = d.base+int64(p), end-p
				d.exp = expColon
			} else {
				d.countValue()
				d.afterValue()
			}
			d.pos, d.tokEnd = end, end
		}
	}
	d.ix.at = d.base + int64(d.pos)
}

// tapeWord is the tape entry of the token buf[p:end] of kind k.
func tapeWord(p, end int, k byte, m meta) uint64 {
	return uint64(p) | (uint64(end-p)<<16|uint64(m)<<8|uint64(k))<<32
}

// tapeFill runs the tape loop: it checks tokens from index entry d.ixK on,
// from the state in d.tp, and appends them to the tape, until the batch is
// full, the entries run out or a token must be left to the other readers.
//
// It is one long function on purpose: a state machine over labels (as the
// stage-2 walks of package scan) keeps the grammar state in the program
// counter. What the loop touches for every token (the entries, the input,
// the tape, the depth, the innermost container's kind and count) stays in
// registers; the rest lives in d.tp and is touched at names and brackets
// only. The loop makes no call: the compiler spills every live register
// around a call, and it placed those spills on the path of every token.
// So number runs and strings with surrogate escapes are checked after the
// loop (tapeCheck), a full shadow stack makes the loop return to have it
// grown (stopGrow), and a batch is bounded by its entries (a token takes
// at least one) rather than by counting tokens. The expectation and entry
// to resume from are worked out from the last token when the loop stops,
// not kept up to date at every step. Input bytes are read without bounds
// checks: stage 1's entries lie inside the input.
func (d *Decoder) tapeFill() {
	t := &d.tp
	t.runN, t.runK = len(d.tape), d.ixK
	if t.runN == 0 {
		t.k0, t.delta = d.ixK, d.ixDelta
		t.sur, t.numCheck = false, false
	}
	ix := d.ixIdx
	t.full = false
	if lim := t.runK + t.batch - t.runN; lim < len(ix) {
		ix, t.full = ix[:lim], true
	}
	if t.runK >= len(ix) {
		t.stop = stopMore
		switch {
		case t.full:
			t.stop = stopFull
		case d.ix.done:
			t.stop = stopSlow
		}
		return
	}
	// Offsets in the loop are the entries' own: relative to b, which is
	// &buf[t.delta] (an entry exists, so t.delta < len(buf)).
	t.lim = int(d.ix.off-d.base) - t.delta
	t.surHi = int(d.ix.surHi-d.base) - t.delta
	t.done = d.ix.done
	t.blen = len(d.buf) - t.delta
	t.nameBase = d.base + int64(t.delta)
	b := unsafe.Pointer(&d.buf[t.delta])
	d.tapeP = b
	t.maxDepth, t.stk = d.o.MaxDepth, d.stack
	// The entries are read through a pointer and their count from memory
	// (t.nIx), not kept in registers: the loop has too few of them.
	t.nIx = len(ix)
	tp, k, stop := tapeLoop(t, b, unsafe.Pointer(unsafe.SliceData(ix)),
		unsafe.Add(unsafe.Pointer(unsafe.SliceData(d.tape)), 8*t.runN))
	t.stk = nil
	n := int((uintptr(tp) - uintptr(unsafe.Pointer(unsafe.SliceData(d.tape)))) / 8)
	d.tape, d.tk, t.syncK = d.tape[:n], 0, 0
	t.stop = stop
	if n == t.runN {
		return // the state, d.ixK included, is the one the loop started from
	}
	// The state after the last token: the entry after it, and what the
	// grammar expects next.
	e := d.tape[n-1]
	end := int(uint32(e)) + int(e>>48)
	for k > t.runK && int(d.ixIdx[k-1]) >= end {
		k--
	}
	d.ixK = k
	switch byte(e >> 32) {
	case '{':
		t.exp = expNameOrEnd
	case '[':
		t.exp = expValueOrEnd
	default:
		switch {
		case meta(e>>40)&metaName != 0:
			t.exp = expColon
		case t.depth == 0:
			t.exp = expTop
		default:
			t.exp = expCommaOrEnd
		}
	}
	if bad := d.tapeCheck(t.runN); bad >= 0 {
		d.tapeCut(bad)
	}
}

// tapeLoop is the tape loop of tapeFill: it appends tokens at tp from
// entry k of the entries at ixp on, over the input at b, and returns
// where it stopped on the tape and in the entries, and why. It keeps its
// state in t and does not touch the Decoder, so that the Decoder's
// pointer does not take one of the loop's registers. The innermost
// container's kind is kept as arr, 1 in an array (and at the top level)
// and 0 in an object: what a value adds to its count, in one addition.
func tapeLoop(t *tapeState, b, ixp, tp unsafe.Pointer) (unsafe.Pointer, int, uint8) {
	k := t.runK
	depth, arr, cnt := t.depth, 1-b2i(t.obj), t.cnt
	stop := uint8(stopFull)
	var p int

	switch t.exp {
	case expTop:
		goto stepTop
	case expValue:
		goto stepValue
	case expValueOrEnd:
		goto stepValueOrEnd
	case expName:
		goto stepName
	case expNameOrEnd:
		goto stepNameOrEnd
	case expColon:
		goto stepColon
	default:
		goto stepNext
	}

stepTop: // a top-level value, or the end of input
	if k >= t.nIx {
		goto more
	}
	p, k = int(ixAt(ixp, k)), k+1
	goto value

stepValue: // a value (only on entry: after ',' read by PeekKind)
	if k >= t.nIx {
		goto more
	}
	p, k = int(ixAt(ixp, k)), k+1
	goto value

stepName: // a member name (only on entry: after ',' read by PeekKind)
	if k >= t.nIx {
		goto more
	}
	p, k = int(ixAt(ixp, k)), k+1
	goto name

stepValueOrEnd: // after '['
	if k >= t.nIx {
		goto more
	}
	p, k = int(ixAt(ixp, k)), k+1
	if byteAt(b, p) == ']' {
		goto closing
	}
	goto value

stepNameOrEnd: // after '{'
	if k >= t.nIx {
		goto more
	}
	p, k = int(ixAt(ixp, k)), k+1
	if byteAt(b, p) == '}' {
		goto closing
	}
	goto name

stepColon: // after a member name
	if k+1 >= t.nIx {
		goto more
	}
	if byteAt(b, int(ixAt(ixp, k))) != ':' {
		goto slow
	}
	p, k = int(ixAt(ixp, k+1)), k+2
	goto value

stepNext: // after a value: ',' or the container's end
	if depth == 0 {
		goto stepTop
	}
	if k >= t.nIx {
		goto more
	}
	p, k = int(ixAt(ixp, k)), k+1
	if c := byteAt(b, p); c == ',' {
		if k >= t.nIx {
			goto more
		}
		p, k = int(ixAt(ixp, k)), k+1
		if arr == 0 {
			goto name
		}
		goto value
	} else if c != '}'-uint8(arr)<<5 { // '}' closes an object, ']' an array
		goto slow
	}
	goto closing

closing: // the delimiter at p closes the innermost container
	*(*uint64)(tp) = tapeWord(p, p+1, byteAt(b, p), 0)
	tp = unsafe.Add(tp, 8)
	depth--
	if depth == 0 {
		arr = 1
		goto stepTop
	}
	if i := depth - 1; i >= t.low {
		f := &t.sh[i]
		arr, cnt = int(f.arr), f.count
		if arr == 0 { // (an array's frame keeps the names it had: no one reads them)
			t.nameAt, t.nameN = f.nameAt, f.nameN
		}
	} else {
		f := &t.stk[i]
		arr, cnt, t.nameAt, t.nameN = 1-b2i(f.obj), f.count, f.nameAt, f.nameN
		t.low = i
	}
	goto stepNext

name: // a member name at p
	if byteAt(b, p) != '"' {
		goto slow
	}
	{
		if k >= t.nIx {
			goto more
		}
		end := int(*(*uint32)(unsafe.Add(ixp, 4*k))) + 1 // (ixAt would leave a NOP: see load64)
		if end-p > tapeMaxLen {
			goto slow
		}
		if p < t.surHi {
			t.sur = true
		}
		k++
		cnt++
		t.nameAt, t.nameN = t.nameBase+int64(p), end-p
		*(*uint64)(tp) = tapeWord(p, end, '"', metaLazy|metaName)
		tp = unsafe.Add(tp, 8)
	}
	goto stepColon

value: // a value at p
	if c := byteAt(b, p); c-'0' <= 9 || c == '-' {
		goto number // the most common value in number-heavy input, so tested first
	}
	switch c := byteAt(b, p); c {
	case '"':
		if k >= t.nIx {
			goto more
		}
		end := int(*(*uint32)(unsafe.Add(ixp, 4*k))) + 1 // (ixAt would leave a NOP: see load64)
		if end-p > tapeMaxLen {
			goto slow
		}
		if p < t.surHi {
			t.sur = true
		}
		k++
		cnt += arr
		*(*uint64)(tp) = tapeWord(p, end, '"', metaLazy)
		tp = unsafe.Add(tp, 8)
		goto stepNext
	case '{', '[':
		if depth >= t.maxDepth {
			goto slow
		}
		// The entry after the bracket is read here rather than at
		// stepNameOrEnd or stepValueOrEnd: an empty container (a third
		// of citm's arrays) goes on the tape with its end at once, and
		// its frame is never pushed.
		q := -1
		if k < t.nIx {
			// (ixAt would leave a NOP here: see load64.)
			q = int(*(*uint32)(unsafe.Add(ixp, 4*k)))
			if byteAt(b, q) == c+2 { // '{'+2 is '}', '['+2 is ']'
				k++
				cnt += arr
				*(*uint64)(tp) = tapeWord(p, p+1, c, 0)
				*(*uint64)(unsafe.Add(tp, 8)) = tapeWord(q, q+1, c+2, 0)
				tp = unsafe.Add(tp, 16)
				goto stepNext
			}
		}
		if depth > 0 {
			i := depth - 1
			if i >= len(t.sh) {
				stop = stopGrow
				goto out
			}
			cnt += arr
			f := &t.sh[i]
			f.arr, f.count = uint8(arr), cnt
			if arr == 0 { // an array's frame has no member name
				f.nameAt, f.nameN = t.nameAt, t.nameN
			}
		}
		depth++
		arr, cnt, t.nameN = b2i(c == '['), 0, 0
		*(*uint64)(tp) = tapeWord(p, p+1, c, 0)
		tp = unsafe.Add(tp, 8)
		if q < 0 { // the entries ran out
			if arr == 0 {
				goto stepNameOrEnd
			}
			goto stepValueOrEnd
		}
		p, k = q, k+1
		if arr == 0 {
			goto name
		}
		goto value
	case 't', 'f', 'n':
		end := p + 4
		if c == 'f' {
			end++
		}
		// The literal and the byte after it must be indexed.
		if end >= t.lim && !(t.done && end == t.lim) {
			if t.done {
				goto slow // past the end of input
			}
			goto more
		}
		w := load32(b, p)
		if !(c == 't' && w == 't'|'r'<<8|'u'<<16|'e'<<24 ||
			c == 'n' && w == 'n'|'u'<<8|'l'<<16|'l'<<24 ||
			c == 'f' && w == 'f'|'a'<<8|'l'<<16|'s'<<24 && byteAt(b, p+4) == 'e') ||
			end < t.blen && !ixDelim[byteAt(b, end)] {
			goto slow
		}
		cnt += arr
		*(*uint64)(tp) = tapeWord(p, end, c, 0)
		tp = unsafe.Add(tp, 8)
		goto stepNext
	}
	goto slow

number:
	{
		// A number: its run ends at the next entry (or at the end of
		// input), less whitespace. tapeCheck checks the run.
		var end int
		switch {
		case k < t.nIx:
			end = int(ixAt(ixp, k))
		case t.full || !t.done:
			goto more
		default:
			end = t.blen
		}
		for c := byteAt(b, end-1); c <= ' ' && isSpace(c); c = byteAt(b, end-1) { // b[p] is not a space
			end--
		}
		// The usual number (up to 24 bytes: a sign, digits, at most one
		// '.', no exponent) is checked here with a few word operations;
		// any other run has tapeCheck check every number of the batch
		// with scan.NumberRun. In number-heavy input this check is a
		// quarter of the time: it is kept to as few instructions as
		// possible (see scan.NonDigitsLow, which is exact where the check needs it).
		if l := end - p; uint(l) <= 24 && p+24 <= t.blen {
			// The non-digits of the run, byte i of word j at bit 8i+j.
			m := (scan.NonDigitsLow(load64(b, p))>>7 | scan.NonDigitsLow(load64(b, p+8))>>6 |
				scan.NonDigitsLow(load64(b, p+16))>>5) & scan.RunBits[l]
			// The run starts with a digit or a '-' (see value), so bit 0
			// is the sign; the other non-digits are checked below.
			s := int(m & 1)
			m &^= 1
			dot := l // the '.', or the end of the run
			if m != 0 {
				z := bits.TrailingZeros64(m)
				dot = int(scan.RunByte[z]) // the one non-digit, which must be a '.' with a digit after it
				if m&(m-1) != 0 || byteAt(b, p+dot) != '.' || dot >= l-1 {
					t.numCheck = true
				}
			}
			// A digit before the '.', and a leading 0 alone before it.
			if dot <= s || byteAt(b, p+s) == '0' && dot > s+1 {
				t.numCheck = true
			}
		} else if l > tapeMaxLen {
			goto slow
		} else {
			t.numCheck = true
		}
		cnt += arr
		*(*uint64)(tp) = tapeWord(p, end, byte(KindNumber), 0)
		tp = unsafe.Add(tp, 8)
	}
	goto stepNext

more:
	switch {
	case t.full:
		stop = stopFull
	case t.done:
		stop = stopSlow
	default:
		stop = stopMore
	}
	goto out
slow:
	stop = stopSlow
out:
	t.depth, t.obj, t.cnt = depth, arr == 0, cnt
	return tp, k, stop
}

// tapeCheck checks what the tape loop leaves to be checked in the tokens
// from tape entry from on: that number runs are numbers, and that strings
// in windows with escaped surrogates pair them correctly. It returns the
// first bad entry, or -1.
func (d *Decoder) tapeCheck(from int) int {
	t := &d.tp
	if !t.sur && !t.numCheck {
		return -1
	}
	for i, e := range d.tape[from:] {
		switch byte(e >> 32) {
		case byte(KindNumber):
			p := t.delta + int(uint32(e))
			if t.numCheck && !scan.NumberRun(d.buf, p, p+int(e>>48)) {
				return from + i
			}
		case '"':
			p := int(uint32(e))
			if t.sur && p < t.surHi && !d.surrogatesOK(t.delta+p, t.delta+p+int(e>>48)) {
				return from + i
			}
		}
	}
	return -1
}

// tapeCut cuts the tape before entry i, whose token the other readers
// read. The loop's state has gone past it: the Decoder's state (that of
// the start of the tape) is brought to the cut by replay when the tape is
// used up, and the index is read again from the tape's first entry.
func (d *Decoder) tapeCut(i int) {
	t := &d.tp
	d.tape = d.tape[:i]
	t.stop = stopSlow
	d.ixK = t.k0
	t.replay = i > 0
}

// ixAt returns the index entry at ixp+4i.
func ixAt(ixp unsafe.Pointer, i int) uint32 { return *(*uint32)(unsafe.Add(ixp, 4*i)) }

// byteAt returns the byte at b+i.
func byteAt(b unsafe.Pointer, i int) byte { return *(*byte)(unsafe.Add(b, i)) }

// load64 returns the eight bytes at b+i as a little-endian word. (The
// compiler makes one load of the expression; unlike a call to
// binary.LittleEndian.Uint64 it leaves no inlining mark to be a NOP in
// the tape loop.)
func load64(b unsafe.Pointer, i int) uint64 {
	q := (*[8]byte)(unsafe.Add(b, i))
	return uint64(q[0]) | uint64(q[1])<<8 | uint64(q[2])<<16 | uint64(q[3])<<24 |
		uint64(q[4])<<32 | uint64(q[5])<<40 | uint64(q[6])<<48 | uint64(q[7])<<56
}

// load32 returns the four bytes at b+i as a little-endian word (one load,
// as load64).
func load32(b unsafe.Pointer, i int) uint32 {
	q := (*[4]byte)(unsafe.Add(b, i))
	return uint32(q[0]) | uint32(q[1])<<8 | uint32(q[2])<<16 | uint32(q[3])<<24
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// surrogatesOK reports whether the string token buf[p:end], in a window
// where stage 1 saw an escaped UTF-16 surrogate, is valid (stage 1 leaves
// their pairing to stage 2).
func (d *Decoder) surrogatesOK(p, end int) bool {
	if end <= int(d.ix.surLo-d.base) {
		return true
	}
	n, _, code := scan.String(d.buf[p:end], 1, d.mode)
	return code == scan.OK && n == end-p
}
