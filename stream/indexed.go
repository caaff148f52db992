package stream

import (
	"github.com/celerjson/celer/internal/index"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
)

// The indexed token reader. A Decoder runs stage 1 of the two-stage
// scanner (package index) over its input a window at a time, ahead of the
// tokens it returns. Stage 1 has found the offset of every structural
// character, string quote and scalar start, and checked string contents
// (control bytes, escapes, UTF-8), so reading a token is a walk over a
// list of offsets: whitespace is never looked at, and a string's end is
// its closing quote's entry.
//
// The indexed reader handles the well-formed, fully buffered case only.
//   - When a token is not wholly in the indexed part of the buffer (stage 1
//     indexes whole 64-byte blocks until the end of input is known), the
//     one-pass reader reads that token, refilling the buffer as it always
//     does; the indexed reader resumes after it. So a Decoder reading from
//     a pipe returns every token as soon as its bytes arrive, as before.
//   - When anything is unusual (stage 1 reports an error in a window, a
//     scalar does not end where a token may end, the grammar is broken) it
//     turns itself off and the one-pass reader takes over for good, from
//     the start of the token being read, so errors and their positions
//     are exactly the one-pass reader's.
//
// The state both readers share (expectation, stack, positions) stays in
// the Decoder. Stage 1 must see every byte of the input in order, so the
// buffer keeps bytes it has not indexed yet (fill calls ixAdvance).

// ixWindow is how much input stage 1 indexes at a time (a multiple of
// 64), and ixMin the size of a byte slice below which the one-pass reader
// wins. Tests make both small.
var ixWindow, ixMin = 32 << 10, 512

// ixFirstWindow is the first window's size after stage 1 (re)starts: a
// Decoder that mixes ReadToken with ReadValue or SkipValue may not need
// much of the index before it skips ahead again.
const ixFirstWindow = 1 << 10

// ixState is the indexed reader's state, kept across resets.
type ixState struct {
	x index.Builder
	// base is the input offset the entries of Decoder.ixIdx are relative
	// to, off that of the first byte not indexed yet; done is set once the
	// final window has been indexed.
	base, off int64
	done      bool
	at        int64 // input offset of Decoder.pos when the indexed reader last ran
	win       int   // size of the next window: it grows from ixFirstWindow to ixWindow
	flags     uint  // index.StrictUTF8 or 0

	// Strings overlapping [surLo, surHi) (input offsets) lie in windows
	// where stage 1 saw an escaped UTF-16 surrogate: their pairing is
	// checked by the scalar scanner, which stage 1 leaves to stage 2.
	surLo, surHi int64
}

// startIndex turns on the indexed reader after a reset, when the options
// and the input suit it.
func (d *Decoder) startIndex() {
	d.ixOn = false
	if d.o.MaxTokenBytes > 0 || d.err != nil {
		return
	}
	if d.r == nil && (len(d.buf) < ixMin || uint64(len(d.buf)) >= 1<<32-uint64(ixWindow)) {
		return
	}
	if d.ix == nil {
		d.ix = new(ixState)
		d.ixIdx = make([]uint32, 0, 1024)
	}
	x := d.ix
	x.flags = 0
	if d.mode&scan.AllowInvalidUTF8 == 0 {
		x.flags = index.StrictUTF8
	}
	x.x.Reset(x.flags)
	d.ixIdx, d.ixK = d.ixIdx[:0], 0
	x.base, x.off, x.done, x.at = 0, 0, false, 0
	d.ixDelta = int(-d.base)
	x.win = ixWindow
	x.surLo, x.surHi = 0, 0
	d.ixOn = true
	d.tp.on = d.r == nil && !d.o.Has(opts.RejectDuplicateNames)
}

// ixRefill results.
const (
	ixGot   = iota // new entries were indexed
	ixWait         // nothing more can be indexed before more input is read (or the input ended)
	ixError        // stage 1 found an error: the indexed reader is off
)

// ixRefill indexes the next window of buffered input, keeping the entries
// not consumed yet.
func (d *Decoder) ixRefill() int {
	x := d.ix
	for {
		win := int64(min(x.win, ixWindow))
		x.win = min(2*x.win, ixWindow)
		avail := d.base + int64(len(d.buf)) - x.off
		final := d.eof && avail <= win
		n := min(avail, win) &^ 63
		if final {
			n = avail
		}
		if x.done || n == 0 && !final {
			return ixWait
		}
		// Keep the unconsumed entries, rebased on the first of them (or
		// on the window when there is none).
		keep := d.ixIdx[d.ixK:]
		nb := x.off
		if len(keep) > 0 {
			nb = x.base + int64(keep[0])
		}
		shift := uint32(nb - x.base)
		for i, e := range keep {
			d.ixIdx[i] = e - shift
		}
		d.ixIdx, d.ixK, x.base = d.ixIdx[:len(keep)], 0, nb
		d.ixDelta = int(nb - d.base)
		start := int(x.off - d.base)
		d.ixIdx = x.x.Index(d.buf[start:start+int(n)], uint32(x.off-nb), final, d.ixIdx)
		x.off += n
		x.done = final
		if x.x.Bad() {
			d.ixOn = false
			return ixError
		}
		if d.mode&scan.AllowInvalidUTF8 == 0 && x.x.SurrogateEscape() {
			x.x.ClearSurrogateEscape()
			if d.base+int64(d.pos) >= x.surHi {
				x.surLo = x.off - n
			}
			x.surHi = x.off
		}
		if len(d.ixIdx) > len(keep) {
			return ixGot
		}
	}
}

// ixSync moves the index to d.pos after a method other than ReadToken,
// or the one-pass reader, moved it. It returns false when the indexed
// reader cannot read the next token.
//
// When the one-pass reader has gone past the indexed input, stage 1
// starts afresh at d.pos: between tokens, outside any string, its state
// is the initial one. So the buffer never has to keep bytes for stage 1.
func (d *Decoder) ixSync() bool {
	x := d.ix
	if d.pos < len(d.buf) && !ixDelim[d.buf[d.pos]] {
		return false // the last token ended inside a scalar run: the one-pass reader reports it
	}
	at := d.base + int64(d.pos)
	for {
		for d.ixK < len(d.ixIdx) {
			if x.base+int64(d.ixIdx[d.ixK]) >= at {
				x.at = at
				return true
			}
			d.ixK++
		}
		if x.off <= at {
			x.x.Reset(x.flags)
			d.ixIdx, d.ixK = d.ixIdx[:0], 0
			x.base, x.off, x.done = at, at, false
			d.ixDelta = d.pos
			x.win = ixFirstWindow
		}
		if d.ixRefill() != ixGot {
			return false
		}
	}
}

// readTokenIx is readToken over the index.
func (d *Decoder) readTokenIx() (Token, error) {
	x := d.ix
	if x.at != d.base+int64(d.pos) && !d.ixSync() {
		return d.readToken()
	}
	exp := d.exp // restored if the one-pass reader takes over
	for {
		if d.ixK >= len(d.ixIdx) && d.ixRefill() != ixGot {
			break // the end of the buffered input, or stage 1 found an error
		}
		p := int(d.ixIdx[d.ixK]) + d.ixDelta
		c := d.buf[p]
		switch d.exp {
		case expCommaOrEnd:
			if c == ',' {
				d.ixK++
				d.exp = expValue
				if d.inObj {
					d.exp = expName
				}
				continue
			}
			if c == '}' && d.inObj {
				d.ixK++
				d.pop(p)
				x.at = d.base + int64(d.pos)
				return EndObject, nil
			}
			if c == ']' && !d.inObj {
				d.ixK++
				d.pop(p)
				x.at = d.base + int64(d.pos)
				return EndArray, nil
			}
		case expColon:
			if c == ':' {
				d.ixK++
				d.exp = expValue
				continue
			}
		case expNameOrEnd, expName:
			if c == '}' && d.exp == expNameOrEnd {
				d.ixK++
				d.pop(p)
				x.at = d.base + int64(d.pos)
				return EndObject, nil
			}
			if c != '"' {
				break
			}
			p, end, ok := d.ixString()
			if !ok {
				break
			}
			d.dropHeld(len(d.stack) - 1)
			fr := &d.stack[len(d.stack)-1]
			fr.count++
			fr.nameAt, fr.nameN = d.base+int64(p), end-p
			d.exp = expColon
			d.pos, d.tokEnd = end, end
			x.at = d.base + int64(end)
			if d.o.Has(opts.RejectDuplicateNames) {
				if err := d.checkDuplicate(fr, p, end, scanFlags(d.buf[p+1:end-1])); err != nil {
					return Token{}, err
				}
			}
			return mkToken(d.buf[p:end:end], KindString, metaLazy|metaName), nil
		case expValueOrEnd:
			if c == ']' {
				d.ixK++
				d.pop(p)
				x.at = d.base + int64(d.pos)
				return EndArray, nil
			}
			fallthrough
		default: // expValue, expTop
			switch c {
			case '"':
				p, end, ok := d.ixString()
				if !ok {
					break
				}
				return d.ixValue(p, end, KindString, metaLazy), nil
			case '{', '[':
				if len(d.stack) >= d.o.MaxDepth {
					break
				}
				d.ixK++
				d.countValue()
				d.push(p, c == '{') // cannot fail below MaxDepth
				x.at = d.base + int64(d.pos)
				if c == '{' {
					return BeginObject, nil
				}
				return BeginArray, nil
			case 't', 'f', 'n':
				lit := "null"
				k := KindNull
				if c == 't' {
					lit, k = "true", KindTrue
				} else if c == 'f' {
					lit, k = "false", KindFalse
				}
				end := p + len(lit)
				// The literal and the byte after it must be indexed.
				if lim := int(x.off - d.base); end >= lim && !(x.done && end == lim) ||
					string(d.buf[p:end]) != lit || end < len(d.buf) && !ixDelim[d.buf[end]] {
					break
				}
				d.ixK++
				return d.ixValue(p, end, k, 0), nil
			default:
				end, ok := d.ixNumber(p)
				if !ok {
					break
				}
				d.ixK++
				return d.ixValue(p, end, KindNumber, 0), nil
			}
		}
		break
	}
	// The one-pass reader reads this token: it returns io.EOF at the end
	// of input, waits for more input, and positions every error.
	d.exp = exp
	return d.readToken()
}

// ixValue consumes the string, number or literal buf[p:end] whose index
// entries are consumed.
func (d *Decoder) ixValue(p, end int, k Kind, m meta) Token {
	d.countValue()
	d.pos, d.tokEnd = end, end
	d.ix.at = d.base + int64(end)
	d.afterValue()
	if k >= '[' { // a literal: the package's own token
		return fixedTokens[k&0x7f]
	}
	return mkToken(d.buf[p:end:end], k, m)
}

// ixString returns the bounds of the string token whose opening quote is
// the next index entry, consuming both quotes' entries; false when the
// one-pass reader must read it.
func (d *Decoder) ixString() (int, int, bool) {
	x := d.ix
	if d.ixK+1 >= len(d.ixIdx) && d.ixRefill() != ixGot { // the closing quote is in a later window
		return 0, 0, false
	}
	p, end := int(d.ixIdx[d.ixK])+d.ixDelta, int(d.ixIdx[d.ixK+1])+d.ixDelta+1
	if abs := d.base + int64(p); end > int(x.surLo-d.base) && abs < x.surHi {
		if n, _, code := scan.String(d.buf[p:end], 1, d.mode); code != scan.OK || n != end-p {
			return 0, 0, false
		}
	}
	d.ixK += 2
	return p, end, true
}

// ixNumber returns the end of the number at buffer offset p, the next
// index entry; false when the one-pass reader must read it.
func (d *Decoder) ixNumber(p int) (int, bool) {
	x := d.ix
	if d.ixK+1 >= len(d.ixIdx) && !x.done && d.ixRefill() == ixError {
		return 0, false
	}
	if d.ixK+1 < len(d.ixIdx) {
		// The run ends at the next index entry, less whitespace.
		end := int(d.ixIdx[d.ixK+1]) + d.ixDelta
		for end > p && isSpace(d.buf[end-1]) {
			end--
		}
		if scan.NumberRun(d.buf, p, end) {
			return end, true
		}
	}
	if !x.done {
		return 0, false
	}
	// The last token of the input, or a run NumberRun does not take.
	n, code := scan.Number(d.buf[p:], true)
	end := p + n
	if code != scan.OK || end < len(d.buf) && !ixDelim[d.buf[end]] {
		return 0, false
	}
	return end, true
}

// ixDelim marks the bytes that may follow a number or literal: whitespace,
// structural characters and quotes (each of those starts the next index
// entry, or is skipped as whitespace).
var ixDelim = func() (t [256]bool) {
	for _, c := range []byte(" \t\r\n,]}:[{\"") {
		t[c] = true
	}
	return t
}()

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

// scanFlags computes the string flags of a string body that stage 1 has
// checked.
func scanFlags(b []byte) scan.StrFlags {
	var f scan.StrFlags
	for _, c := range b {
		if c == '\\' {
			f |= scan.Escaped
		} else if c >= 0x80 {
			f |= scan.NonASCII
		}
	}
	return f
}
