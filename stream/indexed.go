package stream

import (
	"github.com/celerjson/celer/internal/index"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
)

// The indexed token reader. A Decoder reading a byte slice of some size
// runs stage 1 of the two-stage scanner (package index) over the input a
// window at a time, ahead of the tokens it returns. Stage 1 has found the
// offset of every structural character, string quote and scalar start, and
// checked string contents (control bytes, escapes, UTF-8), so reading a
// token is a walk over a list of offsets: whitespace is never looked at,
// and a string's end is its closing quote's entry.
//
// The indexed reader handles the well-formed case only. Whenever anything
// is unusual (stage 1 reports an error in a window, a scalar does not end
// where a token may end, the grammar is broken) it switches the Decoder to
// the one-pass reader for good, from the start of the token being read, so
// errors and their positions are exactly the one-pass reader's. The state
// both readers share (expectation, stack, positions) stays in the Decoder.

// ixWindow is how much input stage 1 indexes at a time (a multiple of
// 64), and ixMin the input size below which the one-pass reader wins.
// Tests make both small.
var ixWindow, ixMin = 32 << 10, 512

// ixState is the indexed reader's state, kept across ResetBytes.
type ixState struct {
	x   index.Builder
	idx []uint32 // structural offsets of the windows indexed so far, from k on
	k   int      // next entry of idx
	off int      // start of the next window to index
	pos int      // Decoder.pos when the indexed reader last ran

	// Strings overlapping [surLo, surHi) lie in windows where stage 1 saw
	// an escaped UTF-16 surrogate: their pairing is checked by the scalar
	// scanner, which stage 1 leaves to stage 2.
	surLo, surHi int
}

// startIndex turns on the indexed reader for the byte slice just set by
// ResetBytes, when the options and the input size suit it.
func (d *Decoder) startIndex() {
	n := len(d.buf)
	if n < ixMin || uint64(n) >= 1<<32-uint64(ixWindow) || d.o.MaxTokenBytes > 0 || d.err != nil {
		return
	}
	if d.ix == nil {
		d.ix = &ixState{idx: make([]uint32, 0, ixWindow/4)}
	}
	x := d.ix
	var flags uint
	if d.mode&scan.AllowInvalidUTF8 == 0 {
		flags = index.StrictUTF8
	}
	x.x.Reset(flags)
	x.idx, x.k, x.off, x.pos = x.idx[:0], 0, 0, 0
	x.surLo, x.surHi = 0, 0
	d.ixOn = true
}

// ixRefill indexes the next window. It returns false at the end of input,
// or when it turned the indexed reader off (stage 1 found an error).
func (d *Decoder) ixRefill() bool {
	x := d.ix
	for x.off < len(d.buf) {
		end := min(x.off+ixWindow, len(d.buf))
		x.idx = x.x.Index(d.buf[x.off:end], uint32(x.off), end == len(d.buf), x.idx[:0])
		x.k = 0
		start := x.off
		x.off = end
		if x.x.Bad() {
			d.ixOn = false
			return false
		}
		if d.mode&scan.AllowInvalidUTF8 == 0 && x.x.SurrogateEscape() {
			x.x.ClearSurrogateEscape()
			if d.pos >= x.surHi {
				x.surLo = start
			}
			x.surHi = end
		}
		if len(x.idx) > 0 {
			return true
		}
	}
	return false
}

// ixSync moves the index past d.pos after a method other than ReadToken
// moved it. It returns false when the indexed reader is off.
func (d *Decoder) ixSync() bool {
	x := d.ix
	for {
		for x.k < len(x.idx) {
			if int(x.idx[x.k]) >= d.pos {
				x.pos = d.pos
				return true
			}
			x.k++
		}
		if !d.ixRefill() {
			if !d.ixOn {
				return false
			}
			x.pos = d.pos
			return true // end of input
		}
	}
}

// readTokenIx is readToken over the index.
func (d *Decoder) readTokenIx() (Token, error) {
	x := d.ix
	if x.pos != d.pos && !d.ixSync() {
		return d.readToken()
	}
	exp := d.exp // restored if the one-pass reader takes over
	for {
		if x.k >= len(x.idx) && !d.ixRefill() {
			break // the end of input, or stage 1 found an error
		}
		p := int(x.idx[x.k])
		c := d.buf[p]
		switch d.exp {
		case expCommaOrEnd:
			if c == ',' {
				x.k++
				d.exp = expValue
				if d.inObj {
					d.exp = expName
				}
				continue
			}
			if c == '}' && d.inObj {
				x.k++
				d.pop(p)
				x.pos = d.pos
				return EndObject, nil
			}
			if c == ']' && !d.inObj {
				x.k++
				d.pop(p)
				x.pos = d.pos
				return EndArray, nil
			}
		case expColon:
			if c == ':' {
				x.k++
				d.exp = expValue
				continue
			}
		case expNameOrEnd, expName:
			if c == '}' && d.exp == expNameOrEnd {
				x.k++
				d.pop(p)
				x.pos = d.pos
				return EndObject, nil
			}
			if c != '"' {
				break
			}
			end, ok := d.ixString(p)
			if !ok {
				break
			}
			d.dropHeld(len(d.stack) - 1)
			fr := &d.stack[len(d.stack)-1]
			fr.count++
			fr.nameAt, fr.nameN = d.base+int64(p), end-p
			d.exp = expColon
			d.pos, d.tokEnd, x.pos = end, end, end
			if d.o.Has(opts.RejectDuplicateNames) {
				if err := d.checkDuplicate(fr, p, end, scanFlags(d.buf[p+1:end-1])); err != nil {
					return Token{}, err
				}
			}
			return mkToken(d.buf[p:end:end], KindString, metaLazy|metaName), nil
		case expValueOrEnd:
			if c == ']' {
				x.k++
				d.pop(p)
				x.pos = d.pos
				return EndArray, nil
			}
			fallthrough
		default: // expValue, expTop
			switch c {
			case '"':
				end, ok := d.ixString(p)
				if !ok {
					break
				}
				d.countValue()
				d.pos, d.tokEnd, x.pos = end, end, end
				d.afterValue()
				return mkToken(d.buf[p:end:end], KindString, metaLazy), nil
			case '{', '[':
				if len(d.stack) >= d.o.MaxDepth {
					break
				}
				x.k++
				d.countValue()
				d.push(p, c == '{') // cannot fail below MaxDepth
				x.pos = d.pos
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
				if end > len(d.buf) || string(d.buf[p:end]) != lit || end < len(d.buf) && !ixDelim[d.buf[end]] {
					break
				}
				x.k++
				d.countValue()
				d.pos, d.tokEnd, x.pos = end, end, end
				d.afterValue()
				return mkToken(d.buf[p:end:end], k, 0), nil
			default:
				// The run ends at the next index entry, less whitespace.
				end := len(d.buf)
				if x.k+1 < len(x.idx) {
					end = int(x.idx[x.k+1])
				}
				for end > p && isSpace(d.buf[end-1]) {
					end--
				}
				if x.k+1 >= len(x.idx) || !scan.NumberRun(d.buf, p, end) {
					// The run may go on in the next window: scan it.
					n, code := scan.Number(d.buf[p:], true)
					end = p + n
					if code != scan.OK || end < len(d.buf) && !ixDelim[d.buf[end]] {
						break
					}
				}
				x.k++
				d.countValue()
				d.pos, d.tokEnd, x.pos = end, end, end
				d.afterValue()
				return mkToken(d.buf[p:end:end], KindNumber, 0), nil
			}
		}
		break
	}
	// Hand over to the one-pass reader from the start of this token: it
	// returns io.EOF at the end of input and positions every error.
	d.ixOn = false
	d.exp = exp
	return d.readToken()
}

// ixString returns the end of the string token whose opening quote is
// buf[p], the next index entry, consuming both quotes' entries; false when
// the one-pass reader must take over.
func (d *Decoder) ixString(p int) (int, bool) {
	x := d.ix
	if x.k+1 >= len(x.idx) {
		// The closing quote is in a later window: index it first.
		if !d.ixRefill() {
			return 0, false
		}
		x.k = 1
		return d.ixCheckString(p, int(x.idx[0])+1)
	}
	q := int(x.idx[x.k+1])
	x.k += 2
	return d.ixCheckString(p, q+1)
}

// ixCheckString checks what stage 1 leaves to stage 2 in the string
// buf[p:end]: the pairing of escaped surrogates.
func (d *Decoder) ixCheckString(p, end int) (int, bool) {
	x := d.ix
	if end > x.surLo && p < x.surHi {
		if n, _, code := scan.String(d.buf[p:end], 1, d.mode); code != scan.OK || n != end-p {
			return 0, false
		}
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
