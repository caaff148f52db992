package stream

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"unsafe"

	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
)

// expect is what the grammar allows next.
type expect uint8

const (
	expTop        expect = iota // a top-level value, or the end of input
	expValue                    // a value (after ':' or an array's ',')
	expValueOrEnd               // a value or ']' (after '[')
	expName                     // a member name (after an object's ',')
	expNameOrEnd                // a member name or '}' (after '{')
	expColon                    // ':' after a member name
	expCommaOrEnd               // ',' or the container's end, after a value
)

// frame is one open container.
type frame struct {
	obj   bool
	count int // members or elements read so far
	// The current member name: meaningful only when obj (an array's
	// frame may keep a stale name, which the tape loop does not clear).
	nameAt int64 // input offset of the current member name's token
	nameN  int   // its length
	held   int   // its offset in Decoder.names once the buffer dropped it, or -1
	names  names // member names seen, when rejecting duplicates
}

type names map[string]struct{}

const minRead = 16 << 10

// A Decoder reads JSON tokens and values from an io.Reader or a byte
// slice. It reads a stream of zero or more top-level values separated by
// optional whitespace (which covers NDJSON), holding in memory only the
// token or value being read: a huge top-level array can be read element
// by element in memory bounded by the largest element.
//
// Tokens and values returned are views into the Decoder's buffer, valid
// until its next call. A Decoder is not safe for concurrent use.
type Decoder struct {
	o    opts.Struct
	mode scan.Mode

	r    io.Reader
	buf  []byte // buf[pos:] is unread input
	pos  int
	base int64 // input offset of buf[0]
	eof  bool  // no more input after buf
	err  error // sticky error
	rerr error // a read error that came with the last bytes read
	// readFail: the error fill returned last is the reader's (not a
	// limit): refill's read-ahead keeps it for later.
	readFail bool
	pin      int // buffer offset that refills must keep, or -1

	line      int   // 1-based line number at buf[0]
	lineStart int64 // input offset where that line starts

	exp   expect
	inObj bool // the innermost open container is an object
	stack []frame
	names []byte // raw names the buffer no longer holds, for Pointer
	// heldUpTo counts the outer frames whose names need no holding.
	heldUpTo int
	tokEnd   int // offset after the last token, for InputOffset

	// The indexed reader (indexed.go): its entries (from ixK on) and the
	// buffer offset they are relative to; the rest of its state, kept
	// for reuse across resets.
	ixIdx   []uint32
	ixK     int
	ixDelta int
	ix      *ixState
	ixOn    bool // the indexed reader is on

	// The tape (tape.go): tokens checked ahead, handed out by ReadToken
	// from tape[tk] on; each word holds a token's offset from tapeP and
	// its Token.info.
	tape  []uint64
	tk    int
	tapeP unsafe.Pointer
	tp    tapeState
}

// NewDecoder returns a Decoder reading from r.
func NewDecoder(r io.Reader, o ...Options) *Decoder {
	d := new(Decoder)
	d.init(o)
	d.Reset(r)
	return d
}

// NewDecoderBytes returns a Decoder reading from b, which it does not copy
// or modify.
func NewDecoderBytes(b []byte, o ...Options) *Decoder {
	d := new(Decoder)
	d.init(o)
	d.ResetBytes(b)
	return d
}

func (d *Decoder) init(o []Options) {
	d.o = opts.Collect(o...)
	d.mode = 0
	if d.o.Has(opts.AllowInvalidUTF8) {
		d.mode = scan.AllowInvalidUTF8
	}
}

// Reset makes d read from r, keeping its options and its buffer.
func (d *Decoder) Reset(r io.Reader) {
	buf := d.buf
	if d.r == nil {
		buf = nil // never reuse a caller's byte slice
	}
	d.reset()
	d.r, d.buf = r, buf[:0]
	d.startIndex()
}

// ResetBytes makes d read from b, keeping its options.
func (d *Decoder) ResetBytes(b []byte) {
	d.reset()
	d.r, d.buf, d.eof = nil, b, true
	if d.o.MaxBytes > 0 && int64(len(b)) > d.o.MaxBytes {
		d.err = d.errAt(int(d.o.MaxBytes), &errs.Detail{Msg: "input exceeds MaxBytes", Sentinel: errs.ErrLimit})
	}
	d.startIndex()
}

func (d *Decoder) reset() {
	*d = Decoder{o: d.o, mode: d.mode, stack: d.stack[:0], names: d.names[:0], buf: d.buf, ix: d.ix, ixIdx: d.ixIdx[:0],
		tape: d.tape[:0], tp: tapeState{sh: d.tp.sh}}
	d.pin = -1
	d.line = 1
}

// Depth returns the number of open arrays and objects.
func (d *Decoder) Depth() int {
	d.syncTape()
	return len(d.stack)
}

// InputOffset returns the input offset just after the last token or value
// read.
func (d *Decoder) InputOffset() int64 {
	d.syncTape()
	return d.base + int64(d.tokEnd)
}

// fill reads more input into the buffer, keeping everything from keep on.
// It returns io.EOF when no more input will come.
func (d *Decoder) fill(keep int) error {
	if d.eof {
		return io.EOF
	}
	d.readFail = false
	if d.rerr != nil {
		d.err, d.readFail = d.rerr, true
		return d.err
	}
	if lim := d.o.MaxTokenBytes; lim > 0 && len(d.buf)-keep > lim {
		return d.errAt(keep, &errs.Detail{Msg: "token exceeds MaxTokenBytes", Sentinel: errs.ErrLimit})
	}
	if d.pin >= 0 && d.pin < keep {
		keep = d.pin
	}
	if keep > 0 && (keep >= len(d.buf)/2 || cap(d.buf)-len(d.buf) < minRead/2) {
		d.discard(keep)
	}
	if cap(d.buf)-len(d.buf) < minRead/2 {
		grow := max(2*cap(d.buf), minRead)
		nb := make([]byte, len(d.buf), grow)
		copy(nb, d.buf)
		d.buf = nb
	}
	for tries := 0; tries < 100; tries++ {
		n, err := d.r.Read(d.buf[len(d.buf):cap(d.buf)])
		d.buf = d.buf[:len(d.buf)+n]
		if d.o.MaxBytes > 0 && d.base+int64(len(d.buf)) > d.o.MaxBytes {
			return d.errAt(int(d.o.MaxBytes-d.base), &errs.Detail{Msg: "input exceeds MaxBytes", Sentinel: errs.ErrLimit})
		}
		if err != nil {
			if err == io.EOF {
				d.eof = true
				if n > 0 {
					return nil
				}
				return io.EOF
			}
			if n > 0 { // use the bytes first: the error comes next time
				d.rerr = err
				return nil
			}
			d.err, d.readFail = err, true
			return err
		}
		if n > 0 {
			return nil
		}
	}
	d.err, d.readFail = io.ErrNoProgress, true
	return d.err
}

// discard drops buf[:n], keeping track of lines for error positions.
func (d *Decoder) discard(n int) {
	d.holdNames(n)
	gone := d.buf[:n]
	if k := bytes.Count(gone, []byte{'\n'}); k > 0 {
		d.line += k
		d.lineStart = d.base + int64(bytes.LastIndexByte(gone, '\n')) + 1
	}
	m := copy(d.buf, d.buf[n:])
	d.buf = d.buf[:m]
	d.pos -= n
	d.tokEnd -= n
	if d.pin >= 0 {
		d.pin -= n
	}
	d.base += int64(n)
	d.ixDelta -= n
}

// holdNames copies the member names of open objects that lie in buf[:n]
// into d.names, before those bytes are dropped. Frames below d.heldUpTo
// need nothing more, so each name is copied at most once.
func (d *Decoder) holdNames(n int) {
	for k := d.heldUpTo; k < len(d.stack); k++ {
		f := &d.stack[k]
		if f.obj && f.nameN > 0 && f.held < 0 {
			off := int(f.nameAt - d.base)
			if off >= n {
				return // names of deeper frames lie further on
			}
			f.held = len(d.names)
			d.names = append(d.names, d.buf[off:off+f.nameN]...)
		}
		d.heldUpTo = k + 1
	}
}

// dropHeld forgets the held name of frame k, the innermost one.
func (d *Decoder) dropHeld(k int) {
	f := &d.stack[k]
	if f.held >= 0 {
		d.names = d.names[:f.held]
		f.held = -1
	}
	d.heldUpTo = min(d.heldUpTo, k)
}

// skipSpace advances past whitespace, refilling as needed. It returns the
// offset of the next byte, or an error (io.EOF at the end of input).
func (d *Decoder) skipSpace() (int, error) {
	for {
		i := kernels.SkipSpace(d.buf, d.pos)
		if i < len(d.buf) {
			d.pos = i
			return i, nil
		}
		d.pos = i
		if err := d.fill(i); err != nil {
			return d.pos, err
		}
	}
}

// next consumes separators (':' and ',') and whitespace up to the start of
// the next token, which it returns the offset of. On return d.exp tells
// what that token may be: expTop, expValue, expValueOrEnd, expName,
// expNameOrEnd or expCommaOrEnd (then the token is a closing delimiter).
func (d *Decoder) next() (int, error) {
	if d.err != nil {
		return 0, d.err
	}
	for {
		i, err := d.skipSpace()
		if err != nil {
			if err != io.EOF {
				return i, err
			}
			if d.exp == expTop {
				return i, io.EOF
			}
			return i, d.fail(i, scan.Incomplete)
		}
		switch d.exp {
		case expColon:
			if d.buf[i] != ':' {
				return i, d.fail(i, scan.BadColon)
			}
			d.pos, d.exp = i+1, expValue
			continue
		case expCommaOrEnd:
			f := &d.stack[len(d.stack)-1]
			switch c := d.buf[i]; {
			case c == ',':
				d.pos = i + 1
				d.exp = expValue
				if f.obj {
					d.exp = expName
				}
				continue
			case c == '}' && f.obj, c == ']' && !f.obj:
				return i, nil
			case f.obj:
				return i, d.fail(i, scan.BadObject)
			default:
				return i, d.fail(i, scan.BadArray)
			}
		}
		return i, nil
	}
}

// readToken is ReadToken without releasing a pinned value. It is the hot
// loop of every token reader: separators and the common token kinds are
// handled inline, refills and errors out of line.
func (d *Decoder) readToken() (Token, error) {
	if d.err != nil {
		return Token{}, d.err
	}
	i := d.pos
	for {
		if i >= len(d.buf) || d.buf[i] <= ' ' {
			d.pos = i
			var err error
			if i, err = d.skipSpace(); err != nil {
				return Token{}, d.atEnd(i, err)
			}
		}
		c := d.buf[i]
		switch d.exp {
		case expCommaOrEnd:
			if c == ',' {
				i++
				d.exp = expValue
				if d.inObj {
					d.exp = expName
				}
				continue
			}
			if c == '}' && d.inObj {
				d.pop(i)
				return EndObject, nil
			}
			if c == ']' && !d.inObj {
				d.pop(i)
				return EndArray, nil
			}
			if d.inObj {
				return Token{}, d.fail(i, scan.BadObject)
			}
			return Token{}, d.fail(i, scan.BadArray)
		case expColon:
			if c != ':' {
				return Token{}, d.fail(i, scan.BadColon)
			}
			i++
			d.exp = expValue
			continue
		case expNameOrEnd:
			if c == '}' {
				d.pop(i)
				return EndObject, nil
			}
			fallthrough
		case expName:
			if c != '"' {
				return Token{}, d.fail(i, scan.BadName)
			}
			i, end, m, err := d.readString(i, true)
			if err != nil {
				return Token{}, err
			}
			return mkToken(d.buf[i:end:end], KindString, m), nil
		case expValueOrEnd:
			if c == ']' {
				d.pop(i)
				return EndArray, nil
			}
		}
		d.countValue()
		switch c {
		case '"':
			i, end, m, err := d.readString(i, false)
			if err != nil {
				return Token{}, err
			}
			return mkToken(d.buf[i:end:end], KindString, m), nil
		case '{', '[':
			if err := d.push(i, c == '{'); err != nil {
				return Token{}, err
			}
			if c == '{' {
				return BeginObject, nil
			}
			return BeginArray, nil
		}
		i, end, k, err := d.scanScalar(i)
		if err != nil {
			return Token{}, err
		}
		if lim := d.o.MaxTokenBytes; lim > 0 && end-i > lim {
			return Token{}, d.tooLong(i)
		}
		d.pos, d.tokEnd = end, end
		d.afterValue()
		if k >= '[' { // a literal: the package's own token
			return fixedTokens[k&0x7f], nil
		}
		return mkToken(d.buf[i:end:end], k, 0), nil
	}
}

// atEnd turns the end of input (or a read error) met while looking for a
// token into the right error.
func (d *Decoder) atEnd(i int, err error) error {
	if err != io.EOF {
		return err
	}
	if d.exp == expTop {
		return io.EOF
	}
	return d.fail(i, scan.Incomplete)
}

// plain marks the bytes that stand for themselves in a string and need
// no further check: printable ASCII other than '"' and '\\'.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// quickString returns the end of a short plain-ASCII string token at b[i],
// or -1 when the full scanner is needed (escapes, non-ASCII, a long
// string, or the end of the buffer).
func quickString(b []byte, i int) int {
	j, end := i+1, min(len(b), i+24)
	for j < end && plain[b[j]] {
		j++
	}
	if j < end && b[j] == '"' {
		return j + 1
	}
	return -1
}

// readString reads the string token at buf[i], a member name if name,
// and returns its bounds and meta bits. (Helpers of readToken return plain
// values rather than a Token: the compiler copies returned structs through
// memory, which costs a store-forwarding stall per token.)
func (d *Decoder) readString(i int, name bool) (int, int, meta, error) {
	end := quickString(d.buf, i)
	var f scan.StrFlags
	if end < 0 {
		var err error
		if i, end, f, err = d.scanString(i); err != nil {
			return 0, 0, 0, err
		}
	}
	if lim := d.o.MaxTokenBytes; lim > 0 && end-i > lim {
		return 0, 0, 0, d.tooLong(i)
	}
	d.pos, d.tokEnd = end, end
	if !name {
		d.afterValue()
		return i, end, meta(f), nil
	}
	d.dropHeld(len(d.stack) - 1)
	fr := &d.stack[len(d.stack)-1]
	fr.count++
	fr.nameAt, fr.nameN = d.base+int64(i), end-i
	d.exp = expColon
	if d.o.Has(opts.RejectDuplicateNames) {
		if err := d.checkDuplicate(fr, i, end, f); err != nil {
			return 0, 0, 0, err
		}
	}
	return i, end, meta(f) | metaName, nil
}

// scanString scans the string token at buf[i], refilling as needed. It
// returns the token's bounds in the (possibly moved) buffer.
func (d *Decoder) scanString(i int) (int, int, scan.StrFlags, error) {
	var flags scan.StrFlags
	resume := 1
	for {
		n, f, code := scan.String(d.buf[i:], resume, d.mode)
		flags |= f
		if code == scan.OK {
			return i, i + n, flags, nil
		}
		if code != scan.Incomplete {
			return 0, 0, 0, d.fail(i+n, code)
		}
		resume = n
		if err := d.refill(&i, false); err != nil {
			return 0, 0, 0, err
		}
	}
}

// scanScalar scans the number or literal at buf[i], refilling as needed.
// It returns the token's bounds in the (possibly moved) buffer.
func (d *Decoder) scanScalar(i int) (int, int, Kind, error) {
	for {
		var n int
		var code scan.Code
		k := Kind(d.buf[i])
		switch k {
		case KindTrue:
			n, code = scan.Literal(d.buf[i:], "true")
		case KindFalse:
			n, code = scan.Literal(d.buf[i:], "false")
		case KindNull:
			n, code = scan.Literal(d.buf[i:], "null")
		default:
			if kindOf(byte(k)) != KindNumber {
				return 0, 0, 0, d.fail(i, scan.BadValue)
			}
			k = KindNumber
			n, code = scan.Number(d.buf[i:], d.eof)
		}
		if code == scan.OK {
			return i, i + n, k, nil
		}
		if code != scan.Incomplete {
			return 0, 0, 0, d.fail(i+n, code)
		}
		want := 2*(len(d.buf)-i) + 64
		if lim := d.o.MaxTokenBytes; lim > 0 {
			want = min(want, lim) // (more would count against the limit)
		}
		if err := d.refill(&i, false); err != nil {
			return 0, 0, 0, err
		}
		// Read at least as much again as there is of a number, so that a
		// long one read in small pieces is not rescanned for each.
		for k == KindNumber && !d.eof && d.rerr == nil && len(d.buf)-i < want {
			if err := d.refill(&i, true); err != nil {
				return 0, 0, 0, err
			}
		}
	}
}

// refill reads more input while a token starting at *i is incomplete,
// updating *i for the moved buffer.
//
// With ahead set it reads ahead of a token that may be complete already:
// the end of input is then no error, and a read error is kept for the next
// fill, as the bytes before it come first. Only a limit stops it.
func (d *Decoder) refill(i *int, ahead bool) error {
	if d.eof {
		if ahead {
			return nil
		}
		return d.fail(len(d.buf), scan.Incomplete) // the token runs to the end of input
	}
	off := d.base + int64(*i)
	err := d.fill(*i)
	*i = int(off - d.base)
	if err == nil {
		return nil
	}
	if err == io.EOF {
		if ahead || kindOf(d.buf[*i]) == KindNumber {
			return nil // a number at the very end of input: final now
		}
		return d.fail(len(d.buf), scan.Incomplete)
	}
	if ahead && d.readFail { // (not a limit: a reader's error, which may be anything)
		d.rerr, d.err = err, nil
		return nil
	}
	return err
}

func (d *Decoder) tooLong(i int) error {
	return d.errAt(i, &errs.Detail{Msg: "token exceeds MaxTokenBytes", Sentinel: errs.ErrLimit})
}

// push opens a container at buf[i].
func (d *Decoder) push(i int, obj bool) error {
	if len(d.stack) >= d.o.MaxDepth {
		return d.fail(i, scan.TooDeep)
	}
	if len(d.stack) < cap(d.stack) {
		d.stack = d.stack[:len(d.stack)+1]
		f := &d.stack[len(d.stack)-1]
		*f = frame{obj: obj, held: -1, names: f.names}
		if f.names != nil {
			clear(f.names)
		}
	} else {
		d.stack = append(d.stack, frame{obj: obj, held: -1})
	}
	d.inObj = obj
	d.pos, d.tokEnd = i+1, i+1
	if obj {
		d.exp = expNameOrEnd
	} else {
		d.exp = expValueOrEnd
	}
	return nil
}

// pop closes the innermost container with the delimiter at buf[i].
func (d *Decoder) pop(i int) {
	d.dropHeld(len(d.stack) - 1)
	d.stack = d.stack[:len(d.stack)-1]
	d.inObj = len(d.stack) > 0 && d.stack[len(d.stack)-1].obj
	d.pos, d.tokEnd = i+1, i+1
	d.afterValue()
}

// countValue counts a value (or a container being opened) in its parent.
func (d *Decoder) countValue() {
	if n := len(d.stack); n > 0 && !d.inObj {
		d.stack[n-1].count++
	}
}

func (d *Decoder) afterValue() {
	if len(d.stack) == 0 {
		d.exp = expTop
	} else {
		d.exp = expCommaOrEnd
	}
}

// checkDuplicate fails if the member name buf[i:end] was already seen in
// object f.
func (d *Decoder) checkDuplicate(f *frame, i, end int, sf scan.StrFlags) error {
	if f.names == nil {
		f.names = make(names)
	}
	// Compare unescaped names, with invalid UTF-8 replaced by U+FFFD as
	// in every decoded string, so the verdict never depends on escapes.
	name := string(d.buf[i+1 : end-1])
	if sf != 0 {
		name = string(scan.AppendUnquote(nil, d.buf[i:end]))
	}
	if _, dup := f.names[name]; dup {
		return d.errAt(i, &errs.Detail{Msg: "duplicate object member name " + strconv.Quote(name), Sentinel: errs.ErrDuplicateName})
	}
	f.names[name] = struct{}{}
	return nil
}

// PeekKind returns the kind of the next token without consuming it, or
// KindInvalid at the end of input or on an error (which the next read
// returns).
func (d *Decoder) PeekKind() Kind {
	d.pin = -1
	if d.tp.on && d.err == nil && (d.tk < len(d.tape) || d.tapeRefill()) {
		return Kind(d.tape[d.tk] >> 32) // the tape holds valid tokens only
	}
	d.dropTape()
	i, err := d.next()
	if err != nil {
		return KindInvalid
	}
	c := d.buf[i]
	switch d.exp {
	case expName:
		if c != '"' {
			return KindInvalid
		}
	case expNameOrEnd:
		if c != '"' && c != '}' {
			return KindInvalid
		}
	case expValue, expTop:
		if c == '}' || c == ']' {
			return KindInvalid
		}
	case expValueOrEnd:
		if c == '}' {
			return KindInvalid
		}
	}
	return kindOf(c)
}

// ReadValue reads the next whole value (a name, when a member name is
// next) and returns its exact text, a view valid until the next call.
func (d *Decoder) ReadValue() ([]byte, error) {
	d.pin = -1
	if start, end, ok := d.tapeValue(); ok {
		return d.buf[start:end:end], nil
	}
	start, err := d.value(true)
	if err != nil {
		return nil, err
	}
	return d.buf[start:d.pos:d.pos], nil
}

// SkipValue reads past the next whole value without returning it; a
// streaming Decoder holds only one token of it in memory at a time.
func (d *Decoder) SkipValue() error {
	d.pin = -1
	if _, _, ok := d.tapeValue(); ok {
		return nil
	}
	_, err := d.value(false)
	return err
}

// value consumes the next value and returns its start in buf. keep pins
// the value's bytes in the buffer while it is read token by token.
func (d *Decoder) value(keep bool) (int, error) {
	d.pin = -1
	d.dropTape()
	i, err := d.next()
	if err != nil {
		return 0, err
	}
	c := d.buf[i]
	if d.exp == expCommaOrEnd || c == ']' && d.exp == expValueOrEnd || c == '}' && d.exp == expNameOrEnd {
		return 0, d.fail(i, scan.BadValue)
	}
	if d.exp == expName || d.exp == expNameOrEnd || c != '{' && c != '[' {
		// One token, read off the tape so that d.pos follows it.
		var t Token
		var err error
		if d.ixOn {
			t, err = d.readTokenIx()
		} else {
			t, err = d.readToken()
		}
		return d.pos - len(t.rawb()), err
	}
	// Fast path: the whole container is already buffered.
	if !d.o.Has(opts.RejectDuplicateNames) && d.o.MaxTokenBytes <= 0 {
		n, code := scan.Value(d.buf[i:], d.mode, d.o.MaxDepth-len(d.stack), d.eof)
		if code == scan.OK {
			d.countValue()
			d.pos, d.tokEnd = i+n, i+n
			d.afterValue()
			return i, nil
		}
	}
	// Slow path: token by token, refilling as needed. Invalid input takes
	// it too, for a fully positioned error.
	off := d.base + int64(i)
	depth := len(d.stack)
	for {
		if keep {
			d.pin = int(off - d.base)
		}
		var err error
		if d.ixOn {
			_, err = d.readTokenIx()
		} else {
			_, err = d.readToken()
		}
		if err != nil {
			return 0, err
		}
		if len(d.stack) == depth {
			d.pin = -1
			return int(off - d.base), nil
		}
	}
}

// fail returns a positioned syntax error for code at buf[off] and makes it
// sticky.
func (d *Decoder) fail(off int, code scan.Code) error {
	var ch byte
	if off < len(d.buf) {
		ch = d.buf[off]
	}
	sentinel := errs.ErrSyntax
	switch code {
	case scan.Incomplete:
		sentinel = errs.ErrUnexpectedEOF
	case scan.BadUTF8, scan.BadSurrogate:
		sentinel = errs.ErrInvalidUTF8
	case scan.TooDeep:
		sentinel = errs.ErrDepth
	}
	return d.errAt(off, &errs.Detail{Msg: scan.Message(code, ch), Sentinel: sentinel})
}

func (d *Decoder) errAt(off int, err error) error {
	line, col := errs.Locate(d.buf, off, d.line, d.lineStart, d.base)
	d.err = &errs.SyntaxError{
		Offset:  d.base + int64(off),
		Line:    line,
		Column:  col,
		Pointer: d.Pointer(),
		Quote:   errs.QuoteAt(d.buf, off),
		Err:     err,
	}
	return d.err
}

// Pointer returns the RFC 6901 JSON Pointer of the value most recently
// read or being read: inside an object, the member named last; inside an
// array, the element counted last.
func (d *Decoder) Pointer() string {
	d.syncTape()
	var sb strings.Builder
	for _, f := range d.stack {
		if !f.obj {
			if f.count == 0 {
				break // no element read yet: the array itself
			}
			sb.WriteByte('/')
			sb.WriteString(strconv.Itoa(f.count - 1))
			continue
		}
		var raw []byte
		switch {
		case f.nameN == 0:
			return sb.String() // no member read yet: the object itself
		case f.held >= 0:
			raw = d.names[f.held : f.held+f.nameN]
		default:
			off := int(f.nameAt - d.base)
			raw = d.buf[off : off+f.nameN]
		}
		sb.WriteByte('/')
		name := string(scan.AppendUnquote(nil, raw))
		name = strings.ReplaceAll(name, "~", "~0")
		sb.WriteString(strings.ReplaceAll(name, "/", "~1"))
	}
	return sb.String()
}
