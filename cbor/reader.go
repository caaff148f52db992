package cbor

import (
	"encoding/binary"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/token"
)

// minRead is the smallest read a streaming Reader asks for.
const minRead = 16 << 10

// maxHeldKey bounds the encoded size of a map key kept for error paths.
const maxHeldKey = 256

// rframe is an open array or map.
type rframe struct {
	left  int64 // data items left in a definite-length container (keys and values both count), -1 if indefinite
	n     int64 // data items read so far
	obj   bool  // a map
	keyAt int64 // input offset of the current key's encoding, -1 if none or not kept
	keyN  int   // its length
	held  []byte
	tags  int                 // tags right before the container
	seen  map[string]struct{} // scalar keys read, with RejectDuplicateNames
}

// A Reader reads CBOR data items (RFC 8949) as tokens: a CBOR sequence
// (RFC 8742) of any number of top-level items, from an io.Reader in
// memory bounded by the largest string, or from a byte slice without
// copying.
//
// It checks that the input is well-formed (RFC 8949 Appendix F) and that
// text strings are valid UTF-8, and enforces MaxDepth, MaxBytes,
// MaxTokenBytes and MaxElements. Every length is checked against the
// input left (for a byte slice) and the limits before anything is read or
// allocated for it; a streaming Reader grows its buffer only as data
// actually arrives.
//
// Tokens: unsigned and negative integers as Int (or Uint above MaxInt64,
// or a Number token of the exact text below -2^63); byte and text strings
// as Bytes and String (indefinite-length strings joined into one token);
// arrays and maps as BeginArray/BeginObject with their length (-1 for
// indefinite length), the items (for maps, alternately key and value) and
// the End token; tags as Tag tokens before their content (bignums and
// dates included: the Reader does not interpret tags); false, true, null;
// undefined and the other simple values as Ext tokens of
// token.FamilySimple; floats as Float tokens with their width (16, 32 or
// 64).
//
// A Reader is not safe for concurrent use.
type Reader struct {
	o      opts.Struct
	strict bool // reject invalid UTF-8
	dups   bool // reject duplicate map keys

	r    io.Reader
	buf  []byte // buf[pos:] is unread input
	pos  int
	base int64 // input offset of buf[0]
	keep int   // buffer offset refills must keep
	pin  int   // buffer offset of a value being read whole, or -1
	eof  bool
	err  error

	stack    []rframe
	afterTag bool // the next item is a tag's content
	tags     int  // tags in a row before the next item
	nest     int  // open containers plus the tags before each
	scratch  []byte
	tokEnd   int // buffer offset after the last token
}

// NewReader returns a Reader reading from r.
func NewReader(r io.Reader, o ...Options) *Reader {
	d := new(Reader)
	d.init(o)
	d.Reset(r)
	return d
}

// NewReaderBytes returns a Reader reading from b, which it does not copy
// or modify.
func NewReaderBytes(b []byte, o ...Options) *Reader {
	d := new(Reader)
	d.init(o)
	d.ResetBytes(b)
	return d
}

func (d *Reader) init(o []Options) {
	d.o = opts.Collect(o...)
	d.strict = !d.o.Has(opts.AllowInvalidUTF8)
	d.dups = d.o.Has(opts.RejectDuplicateNames)
}

// Reset makes d read from r, keeping its options and buffer.
func (d *Reader) Reset(r io.Reader) {
	buf := d.buf
	if d.r == nil {
		buf = nil // never write into a caller's byte slice
	}
	d.reset()
	d.r, d.buf = r, buf[:0]
}

// ResetBytes makes d read from b, keeping its options.
func (d *Reader) ResetBytes(b []byte) {
	d.reset()
	d.r, d.buf, d.eof = nil, b, true
	if d.o.MaxBytes > 0 && int64(len(b)) > d.o.MaxBytes {
		d.err = d.errAt(int(d.o.MaxBytes), ErrLimit, "input exceeds MaxBytes")
	}
}

func (d *Reader) reset() {
	*d = Reader{o: d.o, strict: d.strict, dups: d.dups, stack: d.stack[:0], scratch: d.scratch[:0], buf: d.buf, pin: -1}
}

// Depth returns the number of open arrays and maps.
func (d *Reader) Depth() int { return len(d.stack) }

// InputOffset returns the input offset just after the last token read.
func (d *Reader) InputOffset() int64 { return d.base + int64(d.tokEnd) }

// errAt returns (and makes sticky) a SyntaxError at buffer offset off.
func (d *Reader) errAt(off int, sentinel error, msg string) error {
	d.err = &SyntaxError{Offset: d.base + int64(off), Path: d.path(), Msg: msg, Err: sentinel}
	return d.err
}

// fill reads more input, keeping the buffer from min(d.keep, d.pin) on.
// It returns io.EOF when no more input will come.
func (d *Reader) fill() error {
	if d.eof {
		return io.EOF
	}
	keep := d.keep
	if d.pin >= 0 && d.pin < keep {
		keep = d.pin
	}
	for k := range d.stack { // keep short map keys still being read, for error paths
		f := &d.stack[k]
		if off := int(f.keyAt - d.base); f.keyAt >= d.base && f.keyN == 0 && off < keep && keep-off <= maxHeldKey {
			keep = off
		}
	}
	if keep > 0 && (keep >= len(d.buf)/2 || cap(d.buf)-len(d.buf) < minRead/2) {
		d.discard(keep)
	}
	if cap(d.buf)-len(d.buf) < minRead/2 {
		nb := make([]byte, len(d.buf), max(2*cap(d.buf), minRead))
		copy(nb, d.buf)
		d.buf = nb
	}
	for range 100 {
		n, err := d.r.Read(d.buf[len(d.buf):cap(d.buf)])
		d.buf = d.buf[:len(d.buf)+n]
		if d.o.MaxBytes > 0 && d.base+int64(len(d.buf)) > d.o.MaxBytes {
			return d.errAt(int(d.o.MaxBytes-d.base), ErrLimit, "input exceeds MaxBytes")
		}
		if err == io.EOF {
			d.eof = true
			if n > 0 {
				return nil
			}
			return io.EOF
		}
		if err != nil {
			d.err = err
			return err
		}
		if n > 0 {
			return nil
		}
	}
	d.err = io.ErrNoProgress
	return d.err
}

// discard drops buf[:n], first copying the keys that error paths need.
func (d *Reader) discard(n int) {
	for k := range d.stack {
		f := &d.stack[k]
		if f.keyAt >= d.base && f.keyN > 0 && len(f.held) == 0 && f.keyAt < d.base+int64(n) {
			off := int(f.keyAt - d.base)
			f.held = append(f.held[:0], d.buf[off:off+f.keyN]...)
		}
	}
	m := copy(d.buf, d.buf[n:])
	d.buf = d.buf[:m]
	d.pos -= n
	d.keep -= n
	d.tokEnd -= n
	if d.pin >= 0 {
		d.pin -= n
	}
	d.base += int64(n)
}

// need makes n bytes from buffer offset at, the start of a data item (or
// chunk), available, refilling as needed; at the end of input it fails
// with ErrUnexpectedEOF at the item. It returns the (possibly moved)
// offset.
func (d *Reader) need(at, n int) (int, error) {
	for len(d.buf)-at < n {
		abs := d.base + int64(at)
		err := d.fill()
		at = int(abs - d.base)
		if err == io.EOF {
			return at, d.errAt(at, ErrUnexpectedEOF, "unexpected end of input in a data item")
		}
		if err != nil {
			return at, err
		}
	}
	return at, nil
}

// ReadToken reads the next token; see token.Reader. At the end of input
// between top-level items it returns io.EOF.
func (d *Reader) ReadToken() (token.Token, error) {
	t, err := d.readToken()
	if d.dups && err == nil && t.Kind().IsScalar() {
		if n := len(d.stack); n > 0 && d.stack[n-1].obj && d.stack[n-1].n&1 == 1 {
			return t, d.checkDup(&d.stack[n-1], t)
		}
	}
	return t, err
}

// checkDup fails if the scalar map key t was already read in map f. Keys
// compare by kind and value (text by its characters, however chunked);
// tags on keys are not compared, nor are keys that are arrays or maps.
func (d *Reader) checkDup(f *rframe, t token.Token) error {
	var num [9]byte
	num[0] = byte(t.Kind())
	binary.BigEndian.PutUint64(num[1:], t.Uint())
	key := string(num[:]) + string(t.Data())
	if f.seen == nil {
		f.seen = map[string]struct{}{}
	}
	if _, dup := f.seen[key]; dup {
		at := d.pos
		if f.keyAt >= d.base {
			at = int(f.keyAt - d.base)
		}
		return d.errAt(at, ErrDuplicateName, "duplicate map key "+t.String())
	}
	f.seen[key] = struct{}{}
	return nil
}

func (d *Reader) readToken() (token.Token, error) {
	if d.err != nil {
		return token.Token{}, d.err
	}
	if d.pin < 0 {
		d.keep = d.pos
	}
	if n := len(d.stack); n > 0 && d.stack[n-1].left == 0 && !d.afterTag {
		return d.pop(), nil
	}
	if d.pos >= len(d.buf) {
		if err := d.fill(); err != nil {
			if err != io.EOF {
				return token.Token{}, err
			}
			if len(d.stack) == 0 && !d.afterTag {
				return token.Token{}, io.EOF
			}
			return token.Token{}, d.errAt(len(d.buf), ErrUnexpectedEOF, "unexpected end of input")
		}
	}
	start := d.pos
	ib := d.buf[start]
	if ib == breakByte {
		return d.readBreak(start)
	}
	major, ai := ib>>5, ib&31
	if !d.afterTag {
		if n := len(d.stack); n > 0 {
			f := &d.stack[n-1]
			if f.left > 0 {
				f.left--
			} else if lim := d.o.MaxElements; lim > 0 && f.n >= int64(lim)*(1+b2i(f.obj)) {
				return token.Token{}, d.errAt(start, ErrLimit, "container exceeds MaxElements")
			}
			f.n++
			if f.obj && f.n&1 == 1 {
				f.keyAt, f.keyN, f.held = d.base+int64(start), 0, f.held[:0]
			}
		}
	} else {
		d.afterTag = false
	}
	if major != majorTag && major != majorArray && major != majorMap {
		d.tags = 0
	}
	arg, hl, err := d.head(start, ai, major)
	if err != nil {
		return token.Token{}, err
	}
	start = d.pos // the buffer may have moved
	i := start + hl
	switch major {
	case majorUint:
		return d.scalar(i, token.Uint(arg)), nil
	case majorNeg:
		if arg <= math.MaxInt64 {
			return d.scalar(i, token.Int(^int64(arg))), nil
		}
		d.scratch = append(d.scratch[:0], '-')
		if arg == math.MaxUint64 {
			d.scratch = append(d.scratch, "18446744073709551616"...)
		} else {
			d.scratch = strconv.AppendUint(d.scratch, arg+1, 10)
		}
		return d.scalar(i, token.NumberBytes(d.scratch)), nil
	case majorBytes, majorText:
		if ai == aiIndef {
			return d.readChunks(start, major)
		}
		return d.readString(start, hl, major, arg)
	case majorArray, majorMap:
		return d.push(start, hl, major, ai, arg)
	case majorTag:
		d.tags++
		if d.nest+d.tags > d.o.MaxDepth {
			return token.Token{}, d.errAt(start, ErrDepth, "exceeded max depth")
		}
		d.afterTag = true
		d.pos, d.tokEnd = i, i
		return token.Tag(arg), nil
	}
	switch ai {
	case 20, 21, 22:
		return d.scalar(i, token.Simple(ai)), nil
	case aiOne:
		return d.scalar(i, token.Simple(uint8(arg))), nil
	case aiTwo:
		return d.scalar(i, token.FloatWidth(halfToFloat64(uint16(arg)), 16)), nil
	case aiFour:
		return d.scalar(i, token.FloatWidth(float32ToFloat64(uint32(arg)), 32)), nil
	case aiEight:
		return d.scalar(i, token.FloatWidth(math.Float64frombits(arg), 64)), nil
	}
	return d.scalar(i, token.Simple(ai)), nil
}

// scalar finishes a scalar item that ends at buffer offset end.
func (d *Reader) scalar(end int, t token.Token) token.Token {
	d.pos, d.tokEnd = end, end
	d.keyDone(end)
	return t
}

// keyDone records the length of a map key that just ended at end.
func (d *Reader) keyDone(end int) {
	if n := len(d.stack); n > 0 {
		f := &d.stack[n-1]
		if f.obj && f.n&1 == 1 && f.keyAt >= 0 {
			if k := d.base + int64(end) - f.keyAt; k <= maxHeldKey {
				f.keyN = int(k)
			} else {
				f.keyAt = -1
			}
		}
	}
}

// head reads the argument of the head at buffer offset at, whose initial
// byte has major type major and additional information ai. It returns the
// argument and the head's length, after checking the well-formedness
// rules that depend on the head alone. d.pos is set to the (possibly
// moved) offset of the head.
func (d *Reader) head(at int, ai, major byte) (uint64, int, error) {
	d.pos = at
	switch {
	case ai < aiOne:
		return uint64(ai), 1, nil
	case ai == aiIndef:
		switch major {
		case majorUint, majorNeg, majorTag:
			return 0, 0, d.errAt(at, ErrSyntax, "indefinite length not allowed for major type "+strconv.Itoa(int(major)))
		}
		return 0, 1, nil
	case ai > aiEight:
		return 0, 0, d.errAt(at, ErrSyntax, "reserved additional information value "+strconv.Itoa(int(ai)))
	}
	n := 1 << (ai - aiOne)
	at, err := d.need(at, 1+n)
	d.pos = at
	if err != nil {
		return 0, 0, err
	}
	b := d.buf[at+1:]
	var arg uint64
	switch n {
	case 1:
		arg = uint64(b[0])
		if major == majorSimple && arg < 32 {
			return 0, 0, d.errAt(at, ErrSyntax, "simple value "+strconv.Itoa(int(arg))+" in two-byte form")
		}
	case 2:
		arg = uint64(binary.BigEndian.Uint16(b))
	case 4:
		arg = uint64(binary.BigEndian.Uint32(b))
	default:
		arg = binary.BigEndian.Uint64(b)
	}
	return arg, 1 + n, nil
}

// maxLen bounds the lengths and counts a Reader takes: nothing longer can
// be held in memory, and sums of such lengths cannot overflow.
const maxLen = math.MaxInt >> 2

// checkLen checks the length n of a string declared by the head at buffer
// offset at, which ends at end, against the input left, the limits and
// maxLen, before anything is read for it.
func (d *Reader) checkLen(at, end int, n uint64, what string) error {
	if d.r == nil && n > uint64(len(d.buf)-end) {
		return d.errAt(at, ErrUnexpectedEOF, what+" of length "+strconv.FormatUint(n, 10)+" exceeds the "+strconv.Itoa(len(d.buf)-end)+" bytes left")
	}
	if lim := d.o.MaxBytes; lim > 0 && n > uint64(lim-d.base-int64(end)) {
		return d.errAt(at, ErrLimit, what+" of length "+strconv.FormatUint(n, 10)+" exceeds MaxBytes")
	}
	if lim := d.o.MaxTokenBytes; lim > 0 && n > uint64(lim) {
		return d.errAt(at, ErrLimit, what+" of length "+strconv.FormatUint(n, 10)+" exceeds MaxTokenBytes")
	}
	if n > maxLen {
		// A stream may still end first, which is the better diagnosis.
		if _, err := d.need(at, maxLen); err != nil {
			return err
		}
		return d.errAt(at, ErrLimit, what+" of length "+strconv.FormatUint(n, 10)+" is too long")
	}
	return nil
}

// readString reads a definite-length byte or text string of n bytes whose
// head of length hl is at buffer offset at.
func (d *Reader) readString(at, hl int, major byte, n uint64) (token.Token, error) {
	if err := d.checkLen(at, at+hl, n, "string"); err != nil {
		return token.Token{}, err
	}
	at, err := d.need(at, hl+int(n))
	if err != nil {
		return token.Token{}, err
	}
	s := d.buf[at+hl : at+hl+int(n) : at+hl+int(n)]
	if major == majorBytes {
		return d.scalar(at+hl+int(n), token.Bytes(s)), nil
	}
	if d.strict {
		if !kernels.ValidUTF8(s) {
			return token.Token{}, d.errAt(at, ErrInvalidUTF8, "invalid UTF-8 in text string")
		}
		return d.scalar(at+hl+int(n), token.StringBytes(s).WithValidUTF8()), nil
	}
	return d.scalar(at+hl+int(n), token.StringBytes(s)), nil
}

// readChunks reads an indefinite-length string whose head is at buffer
// offset at, joining its chunks.
func (d *Reader) readChunks(at int, major byte) (token.Token, error) {
	d.scratch = d.scratch[:0]
	i := at + 1
	for {
		var err error
		if i, err = d.need(i, 1); err != nil {
			return token.Token{}, err
		}
		if d.pin < 0 {
			d.keep = i // the chunks before are copied already
		}
		ib := d.buf[i]
		if ib == breakByte {
			i++
			break
		}
		if ib>>5 != major || ib&31 == aiIndef {
			return token.Token{}, d.errAt(i, ErrSyntax, "indefinite-length string chunk of the wrong type")
		}
		n, hl, err := d.head(i, ib&31, major)
		if err != nil {
			return token.Token{}, err
		}
		i = d.pos
		if err := d.checkLen(i, i+hl, n, "string chunk"); err != nil {
			return token.Token{}, err
		}
		if lim := d.o.MaxTokenBytes; lim > 0 && n > uint64(lim-len(d.scratch)) {
			return token.Token{}, d.errAt(i, ErrLimit, "string exceeds MaxTokenBytes")
		}
		if i, err = d.need(i, hl+int(n)); err != nil {
			return token.Token{}, err
		}
		chunk := d.buf[i+hl : i+hl+int(n)]
		if major == majorText && d.strict && !kernels.ValidUTF8(chunk) {
			return token.Token{}, d.errAt(i, ErrInvalidUTF8, "invalid UTF-8 in text string chunk")
		}
		d.scratch = append(d.scratch, chunk...)
		i += hl + int(n)
	}
	s := d.scratch
	if major == majorBytes {
		return d.scalar(i, token.Bytes(s)), nil
	}
	t := token.StringBytes(s)
	if d.strict {
		t = t.WithValidUTF8()
	}
	return d.scalar(i, t), nil
}

// push opens an array or map whose head of length hl is at buffer offset
// at.
func (d *Reader) push(at, hl int, major, ai byte, n uint64) (token.Token, error) {
	if d.nest+d.tags >= d.o.MaxDepth {
		return token.Token{}, d.errAt(at, ErrDepth, "exceeded max depth")
	}
	obj := major == majorMap
	left, length := int64(-1), -1
	if ai != aiIndef {
		// Counts are not checked against the input left: a Reader
		// allocates nothing per element, and a short container fails when
		// the input ends (or at a misplaced break, which Appendix F ranks
		// first).
		if lim := d.o.MaxElements; lim > 0 && n > uint64(lim) {
			return token.Token{}, d.errAt(at, ErrLimit, "container of "+strconv.FormatUint(n, 10)+" elements exceeds MaxElements")
		}
		if n > maxLen {
			return token.Token{}, d.errAt(at, ErrLimit, "container of "+strconv.FormatUint(n, 10)+" elements is too long")
		}
		left, length = int64(n)*(1+b2i(obj)), int(n)
	}
	d.stack = append(d.stack, rframe{left: left, obj: obj, keyAt: -1, held: d.heldBuf(), tags: d.tags})
	if f := &d.stack[len(d.stack)-1]; d.dups && obj {
		f.seen = nil
	}
	d.nest += 1 + d.tags
	d.tags = 0
	d.pos, d.tokEnd = at+hl, at+hl
	if obj {
		return token.BeginObject(length), nil
	}
	return token.BeginArray(length), nil
}

// heldBuf returns the held-key buffer of the frame about to be pushed, so
// that frames reuse their buffers.
func (d *Reader) heldBuf() []byte {
	if len(d.stack) < cap(d.stack) {
		return d.stack[:len(d.stack)+1][len(d.stack)].held[:0]
	}
	return nil
}

// pop closes the innermost container.
func (d *Reader) pop() token.Token {
	n := len(d.stack)
	obj := d.stack[n-1].obj
	d.nest -= 1 + d.stack[n-1].tags
	d.stack = d.stack[:n-1]
	d.tokEnd = d.pos
	d.keyDone(d.pos)
	if obj {
		return token.EndObject
	}
	return token.EndArray
}

// readBreak reads a break stop code at buffer offset at.
func (d *Reader) readBreak(at int) (token.Token, error) {
	n := len(d.stack)
	switch {
	case d.afterTag:
		return token.Token{}, d.errAt(at, ErrSyntax, "break stop code in place of tag content")
	case n == 0 || d.stack[n-1].left >= 0:
		return token.Token{}, d.errAt(at, ErrSyntax, "break stop code outside an indefinite-length array or map")
	case d.stack[n-1].obj && d.stack[n-1].n&1 == 1:
		return token.Token{}, d.errAt(at, ErrSyntax, "break stop code in place of a map value")
	}
	d.pos = at + 1
	return d.pop(), nil
}

// ReadValue reads the next whole data item (tags included) and returns
// its encoding, a view valid until the next call. The item is checked as
// ReadToken checks it.
func (d *Reader) ReadValue() ([]byte, error) {
	if d.err != nil {
		return nil, d.err
	}
	if n := len(d.stack); n > 0 && d.stack[n-1].left == 0 && !d.afterTag {
		return nil, d.errAt(d.pos, ErrInvalidSequence, "no value left in the container")
	}
	d.keep = d.pos
	d.pin = d.pos
	defer func() { d.pin = -1 }()
	start := d.base + int64(d.pos)
	depth := len(d.stack)
	for {
		t, err := d.ReadToken()
		if err != nil {
			return nil, err
		}
		if len(d.stack) == depth && t.Kind() != token.KindTag {
			s := int(start - d.base)
			return d.buf[s:d.pos:d.pos], nil
		}
	}
}

// path returns the location of the item being read, for errors.
func (d *Reader) path() string {
	var sb strings.Builder
	for k := range d.stack {
		f := &d.stack[k]
		if f.n == 0 {
			break
		}
		sb.WriteByte('/')
		if !f.obj {
			sb.WriteString(strconv.FormatInt(f.n-1, 10))
			continue
		}
		var key []byte
		switch {
		case len(f.held) > 0:
			key = f.held
		case f.keyAt >= 0 && f.keyN > 0 && f.keyAt >= d.base:
			off := int(f.keyAt - d.base)
			key = d.buf[off : off+f.keyN]
		}
		sb.WriteString(keyPath(key))
	}
	return sb.String()
}

// keyPath renders the encoded map key for a path: a text string as its
// text (with "~" and "/" escaped as in JSON Pointer), any other key in
// diagnostic notation, an unknown one (not kept) as "?".
func keyPath(key []byte) string {
	if len(key) == 0 {
		return "?"
	}
	if key[0]>>5 == majorText && key[0]&31 != aiIndef {
		if _, n, ok := headArg(key); ok && n <= len(key) {
			s := strings.ReplaceAll(string(key[n:]), "~", "~0")
			return strings.ReplaceAll(s, "/", "~1")
		}
	}
	if s, err := Diagnose(key); err == nil {
		return s
	}
	return "?"
}

// headArg decodes the head at the start of well-formed-looking b: its
// argument and length.
func headArg(b []byte) (uint64, int, bool) {
	ai := b[0] & 31
	switch {
	case ai < aiOne:
		return uint64(ai), 1, true
	case ai > aiEight:
		return 0, 1, ai == aiIndef
	}
	n := 1 << (ai - aiOne)
	if len(b) < 1+n {
		return 0, 0, false
	}
	var arg uint64
	for _, c := range b[1 : 1+n] {
		arg = arg<<8 | uint64(c)
	}
	return arg, 1 + n, true
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// Validate checks that data is exactly one well-formed CBOR data item, as
// a Reader with the same options checks it: a SyntaxError wrapping
// ErrUnexpectedEOF when data ends early (or is empty), ErrSyntax when it is
// malformed or has bytes left after the item, ErrInvalidUTF8, ErrDepth or
// ErrLimit.
func Validate(data []byte, o ...Options) error {
	if s := opts.Collect(o...); validFast(data, &s) {
		return nil
	}
	return validateTokens(data, o...)
}

// validateTokens is Validate by a Reader, which gives errors their offset,
// path and message.
func validateTokens(data []byte, o ...Options) error {
	r := NewReaderBytes(data, o...)
	if _, err := r.ReadValue(); err != nil {
		if err == io.EOF {
			return r.errAt(0, ErrUnexpectedEOF, "no data item")
		}
		return err
	}
	if r.pos < len(data) {
		return r.errAt(r.pos, ErrSyntax, "data after the top-level item")
	}
	return nil
}

// Valid reports whether data is exactly one well-formed CBOR data item
// with valid UTF-8 text strings (see Validate).
func Valid(data []byte) bool { return Validate(data) == nil }
