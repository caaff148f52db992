package stream

import (
	"unsafe"

	"github.com/celerjson/celer/internal/scan"
)

// The tape: tokens checked ahead of the reader. Over a byte slice, the
// indexed reader (indexed.go) checks a batch of tokens at a time against
// the index, in one loop that keeps the grammar state in local variables,
// and puts them on the tape: one word per token, the token's buffer offset
// and its Token.info. ReadToken then only hands out the next word, which
// is small enough to be inlined into the caller's loop.
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
)

// tapeState is the tape loop's state after the last token on the tape.
type tapeState struct {
	on    bool // the tape is used for this input
	live  bool // the state below continues the tape (else it restarts from the Decoder's)
	stop  uint8
	batch int
	k0    int // Decoder.ixK at the start of the tape
	syncK int // tape entries already replayed into the Decoder's state

	exp          expect
	depth        int
	obj          bool
	cnt          int // the innermost frame's count
	nameP, nameN int // its member name (buffer offset, length; 0 length for none)
	// Frames below the innermost one, from index low on, as spilled by
	// the loop when it opened a container inside them; frames below low
	// are unchanged since the tape started and are read from the stack.
	low int
	sh  []frame
}

// readTokenSlow is ReadToken when the tape is used up.
func (d *Decoder) readTokenSlow() (Token, error) {
	d.pin = -1
	if d.tp.on && d.err == nil && d.tapeRefill() {
		e := d.tape[0]
		d.tk = 1
		return Token{p: (*byte)(unsafe.Add(d.tapeP, uint32(e))), info: e >> 32}, nil
	}
	if d.ixOn && d.err == nil {
		return d.readTokenIx()
	}
	return d.readToken()
}

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
		d.tapeFill()
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
	t.cnt, t.nameP, t.nameN = 0, 0, 0
	if n > 0 {
		f := &d.stack[n-1]
		t.cnt, t.nameP, t.nameN = f.count, int(f.nameAt-d.base), f.nameN
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
	if t.syncK > 0 {
		d.replay(t.syncK, len(d.tape))
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
			f.obj, f.count, f.nameAt, f.nameN, f.held = s.obj, s.count, s.nameAt, s.nameN, -1
		}
		d.inObj = false
		if n > 0 {
			f := &d.stack[n-1]
			f.obj, f.count, f.nameAt, f.nameN, f.held = t.obj, t.cnt, d.base+int64(t.nameP), t.nameN, -1
			d.inObj = t.obj
		}
		d.exp = t.exp
		e := d.tape[len(d.tape)-1]
		end := int(uint32(e)) + int(e>>48)
		d.pos, d.tokEnd = end, end
		d.ix.at = d.base + int64(end)
	}
	d.tape, d.tk, t.syncK = d.tape[:0], 0, 0
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
	if d.tk < len(d.tape) {
		d.ixK = d.tp.k0
		d.ix.at = -1 // ixSync finds the entry at d.pos again
	}
	d.tape, d.tk, d.tp.syncK = d.tape[:0], 0, 0
	d.tp.live = false
}

// replay applies tape[from:to] to the Decoder's state as the one-pass
// reader would have.
func (d *Decoder) replay(from, to int) {
	for _, e := range d.tape[from:to] {
		p := int(uint32(e))
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
// from the state in d.tp, and puts them on the (empty) tape, until the
// batch is full, the entries run out or a token must be left to the other
// readers.
//
// It is one long function on purpose: a state machine over labels (as the
// stage-2 walks of package scan) keeps the grammar state in the program
// counter and everything else in registers. Each step reads the separators
// before a token and the token; a stop restores the step's first entry and
// expectation, so the saved state is always the one after the last token.
func (d *Decoder) tapeFill() {
	t := &d.tp
	x := d.ix
	b := d.buf
	ix, k, delta := d.ixIdx, d.ixK, d.ixDelta
	lim := int(x.off - d.base) // the end of the indexed input
	done := x.done
	surLo, surHi := int(max(x.surLo-d.base, -1)), int(x.surHi-d.base)
	base := d.base
	maxDepth := d.o.MaxDepth

	if cap(d.tape) < t.batch {
		d.tape = make([]uint64, 0, tapeMax)
	}
	tape := d.tape[:0]
	max := t.batch
	depth, obj, cnt, nameP, nameN, low := t.depth, t.obj, t.cnt, t.nameP, t.nameN, t.low
	sh := t.sh
	t.k0 = k

	kt, st := k, t.exp // the step's first entry and expectation
	stop := uint8(stopFull)
	var p int

	switch st {
	case expTop, expValue:
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

stepValue: // a value (or the end of input at the top level)
	kt, st = k, expValue
	if depth == 0 {
		st = expTop
	}
	if len(tape) >= max {
		goto out
	}
	if k >= len(ix) {
		goto more
	}
	p, k = int(ix[k])+delta, k+1
	goto value

stepValueOrEnd: // after '['
	kt, st = k, expValueOrEnd
	if len(tape) >= max {
		goto out
	}
	if k >= len(ix) {
		goto more
	}
	p, k = int(ix[k])+delta, k+1
	if b[p] == ']' {
		goto closing
	}
	goto value

stepName: // after an object's ','
	kt, st = k, expName
	if len(tape) >= max {
		goto out
	}
	if k >= len(ix) {
		goto more
	}
	p, k = int(ix[k])+delta, k+1
	goto name

stepNameOrEnd: // after '{'
	kt, st = k, expNameOrEnd
	if len(tape) >= max {
		goto out
	}
	if k >= len(ix) {
		goto more
	}
	p, k = int(ix[k])+delta, k+1
	if b[p] == '}' {
		goto closing
	}
	goto name

stepColon: // after a member name
	kt, st = k, expColon
	if len(tape) >= max {
		goto out
	}
	if k >= len(ix) {
		goto more
	}
	p, k = int(ix[k])+delta, k+1
	if b[p] != ':' {
		goto slow
	}
	if k >= len(ix) {
		goto more
	}
	p, k = int(ix[k])+delta, k+1
	goto value

stepNext: // after a value: ',' or the container's end
	if depth == 0 {
		goto stepValue
	}
	kt, st = k, expCommaOrEnd
	if len(tape) >= max {
		goto out
	}
	if k >= len(ix) {
		goto more
	}
	p, k = int(ix[k])+delta, k+1
	switch c := b[p]; {
	case c == ',':
		if k >= len(ix) {
			goto more
		}
		p, k = int(ix[k])+delta, k+1
		if obj {
			goto name
		}
		goto value
	case c == '}' && obj, c == ']' && !obj:
		goto closing
	}
	goto slow

closing: // the delimiter at b[p] closes the innermost container
	tape = append(tape, tapeWord(p, p+1, b[p], 0))
	depth--
	if depth > 0 {
		i := depth - 1
		var f *frame
		if i >= low {
			f = &sh[i]
		} else {
			f, low = &d.stack[i], i
		}
		obj, cnt, nameP, nameN = f.obj, f.count, int(f.nameAt-base), f.nameN
	} else {
		obj = false
	}
	goto stepNext

name: // a member name at b[p]
	if b[p] != '"' {
		goto slow
	}
	{
		if k >= len(ix) {
			goto more
		}
		end := int(ix[k]) + delta + 1
		if end-p > tapeMaxLen || end > surLo && p < surHi && !surrogatesOK(b[p:end], d.mode) {
			goto slow
		}
		k++
		cnt++
		nameP, nameN = p, end-p
		tape = append(tape, tapeWord(p, end, '"', metaLazy|metaName))
	}
	goto stepColon

value: // a value at b[p]
	switch c := b[p]; c {
	case '"':
		if k >= len(ix) {
			goto more
		}
		end := int(ix[k]) + delta + 1
		if end-p > tapeMaxLen || end > surLo && p < surHi && !surrogatesOK(b[p:end], d.mode) {
			goto slow
		}
		k++
		if !obj {
			cnt++
		}
		tape = append(tape, tapeWord(p, end, '"', metaLazy))
		goto stepNext
	case '{', '[':
		if depth >= maxDepth {
			goto slow
		}
		if depth > 0 {
			if !obj {
				cnt++
			}
			i := depth - 1
			for len(sh) <= i {
				sh = append(sh, frame{})
			}
			sh[i] = frame{obj: obj, count: cnt, nameAt: base + int64(nameP), nameN: nameN, held: -1}
		}
		depth++
		obj, cnt, nameP, nameN = c == '{', 0, 0, 0
		tape = append(tape, tapeWord(p, p+1, c, 0))
		if obj {
			goto stepNameOrEnd
		}
		goto stepValueOrEnd
	case 't', 'f', 'n':
		end := p + 4
		lit := "null"
		if c == 't' {
			lit = "true"
		} else if c == 'f' {
			lit, end = "false", p+5
		}
		// The literal and the byte after it must be indexed.
		if end >= lim && !(done && end == lim) {
			if done {
				goto slow
			}
			goto more
		}
		if string(b[p:end]) != lit || end < len(b) && !ixDelim[b[end]] {
			goto slow
		}
		if !obj {
			cnt++
		}
		tape = append(tape, tapeWord(p, end, c, 0))
		goto stepNext
	}
	{
		// A number: its run ends at the next entry, less whitespace.
		var end int
		if k < len(ix) {
			end = int(ix[k]) + delta
			for end > p && isSpace(b[end-1]) {
				end--
			}
			if !scan.NumberRun(b, p, end) {
				goto slow
			}
		} else {
			if !done {
				goto more
			}
			// The last token of the input.
			n, code := scan.Number(b[p:], true)
			end = p + n
			if code != scan.OK || end < len(b) && !ixDelim[b[end]] {
				goto slow
			}
		}
		if end-p > tapeMaxLen {
			goto slow
		}
		if !obj {
			cnt++
		}
		tape = append(tape, tapeWord(p, end, byte(KindNumber), 0))
	}
	goto stepNext

more:
	stop = stopMore
	if done {
		stop = stopSlow
	}
	goto out
slow:
	stop = stopSlow
out:
	d.ixK = kt
	d.tape, d.tk, t.syncK = tape, 0, 0
	d.tapeP = unsafe.Pointer(unsafe.SliceData(b))
	t.stop, t.exp = stop, st
	t.depth, t.obj, t.cnt, t.nameP, t.nameN, t.low, t.sh = depth, obj, cnt, nameP, nameN, low, sh
}

// surrogatesOK reports whether the string token s, in a window where stage
// 1 saw an escaped UTF-16 surrogate, is valid (stage 1 leaves their pairing
// to stage 2).
func surrogatesOK(s []byte, m scan.Mode) bool {
	n, _, code := scan.String(s, 1, m)
	return code == scan.OK && n == len(s)
}
