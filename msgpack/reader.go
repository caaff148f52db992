package msgpack

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

// maxLen bounds the lengths and counts a Reader takes: nothing longer can
// be held in memory, and sums of such lengths cannot overflow. (On 64-bit
// platforms it is far above MessagePack's own limit of 2^32-1.)
const maxLen = math.MaxInt >> 2

// rframe is an open array or map.
type rframe struct {
	left   int64 // objects left (keys and values both count)
	n      int64 // objects read so far
	obj    bool  // a map
	keyAt  int64 // input offset of the current key
	held   []byte
	heldOK bool                // held is the whole encoding of the current key
	seen   map[string]struct{} // scalar keys read, with RejectDuplicateNames
}

// A Reader reads MessagePack objects as tokens: any number of top-level
// objects one after the other, from an io.Reader in memory bounded by the
// largest str, bin or ext, or from a byte slice without copying.
//
// It checks that the input is valid (the first byte 0xc1 is never used;
// timestamps have a valid length and at most 999999999 nanoseconds) and
// that str values are valid UTF-8, and enforces MaxDepth, MaxBytes,
// MaxTokenBytes and MaxElements. Every length is checked against the
// input left (for a byte slice: also every array or map count, as each
// element takes at least one byte) and the limits before anything is read
// or allocated for it; a streaming Reader grows its buffer only as data
// actually arrives.
//
// Tokens: nil as Null; false and true; every int format as Int (Uint
// above MaxInt64); float 32 and float 64 as Float tokens with their width;
// str as String, bin as Bytes; arrays and maps as BeginArray/BeginObject
// with their length, the objects (for maps, alternately key and value)
// and the End token; the timestamp extension (type -1) as two tokens, tag
// 0 and its RFC 3339 text in UTC with the nanoseconds that are not zero
// ("2013-03-21T20:04:00.5Z", the form of time.RFC3339Nano) for the years
// 0 to 9999, and otherwise tag 1 and the number of seconds since the
// epoch (an Int, or a Number of its exact decimal text when there are
// nanoseconds), as CBOR writes dates (RFC 8949 section 3.4); every other
// extension as an Ext token of token.FamilyMsgpack whose type is the
// extension type (an int8, as uint64(int64(type))) and whose payload is
// the data.
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

	stack   []rframe
	next    token.Token // the content of a timestamp's tag, returned next
	hasNext bool
	scratch []byte
	tokEnd  int // buffer offset after the last token
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
	if keep > 0 && (keep >= len(d.buf)/2 || cap(d.buf)-len(d.buf) < minRead/2) {
		m := copy(d.buf, d.buf[keep:])
		d.buf = d.buf[:m]
		d.pos -= keep
		d.keep -= keep
		d.tokEnd -= keep
		if d.pin >= 0 {
			d.pin -= keep
		}
		d.base += int64(keep)
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

// need makes n bytes from buffer offset at, the start of an object,
// available, refilling as needed; at the end of input it fails with
// ErrUnexpectedEOF at the object. It returns the (possibly moved) offset.
func (d *Reader) need(at, n int) (int, error) {
	for len(d.buf)-at < n {
		abs := d.base + int64(at)
		err := d.fill()
		at = int(abs - d.base)
		if err == io.EOF {
			return at, d.errAt(at, ErrUnexpectedEOF, "unexpected end of input in an object")
		}
		if err != nil {
			return at, err
		}
	}
	return at, nil
}

// ReadToken reads the next token; see token.Reader. At the end of input
// between top-level objects it returns io.EOF.
func (d *Reader) ReadToken() (token.Token, error) {
	t, err := d.readToken()
	if d.dups && err == nil && t.Kind().IsScalar() {
		if n := len(d.stack); n > 0 && d.stack[n-1].obj && d.stack[n-1].n&1 == 1 {
			return t, d.checkDup(&d.stack[n-1], t)
		}
	}
	return t, err
}

// checkDup fails if the scalar map key t was already read in map f.
func (d *Reader) checkDup(f *rframe, t token.Token) error {
	var num [10]byte
	num[0] = byte(t.Kind())
	num[1] = byte(t.Family())
	binary.BigEndian.PutUint64(num[2:], t.Uint())
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
	if d.hasNext {
		d.hasNext = false
		return d.next, nil
	}
	if d.pin < 0 {
		d.keep = d.pos
	}
	if n := len(d.stack); n > 0 && d.stack[n-1].left == 0 {
		return d.pop(), nil
	}
	if d.pos >= len(d.buf) {
		if err := d.fill(); err != nil {
			if err != io.EOF {
				return token.Token{}, err
			}
			if len(d.stack) == 0 {
				return token.Token{}, io.EOF
			}
			return token.Token{}, d.errAt(len(d.buf), ErrUnexpectedEOF, "unexpected end of input")
		}
	}
	start := d.pos
	b := d.buf[start]
	if n := len(d.stack); n > 0 {
		f := &d.stack[n-1]
		f.left--
		f.n++
		if f.obj && f.n&1 == 1 {
			f.keyAt, f.held, f.heldOK = d.base+int64(start), f.held[:0], false
		}
	}
	in := infos[b]
	hl := in.headLen()
	if hl > 1 {
		var err error
		if start, err = d.need(start, hl); err != nil {
			return token.Token{}, err
		}
		d.pos = start
	}
	var n uint64
	if in.fixed {
		n = uint64(in.fix)
	} else if in.size > 0 {
		n = be(d.buf[start+1:], int(in.size))
	}
	switch in.kind {
	case kNil:
		return d.scalar(start, start+1, token.Null), nil
	case kBool:
		return d.scalar(start, start+1, token.Bool(b == bTrue)), nil
	case kUint:
		return d.scalar(start, start+hl, token.Uint(n)), nil
	case kInt:
		if in.fixed {
			return d.scalar(start, start+1, token.Int(int64(int8(b)))), nil
		}
		return d.scalar(start, start+hl, token.Int(signExtend(n, int(in.size)))), nil
	case kFloat32:
		return d.scalar(start, start+hl, token.FloatWidth(float32ToFloat64(uint32(n)), 32)), nil
	case kFloat64:
		return d.scalar(start, start+hl, token.FloatWidth(math.Float64frombits(n), 64)), nil
	case kStr, kBin:
		return d.readString(start, hl, in.kind == kStr, n)
	case kArray, kMap:
		return d.push(start, hl, in.kind == kMap, n)
	case kExt:
		return d.readExt(start, hl, n)
	}
	return token.Token{}, d.errAt(start, ErrSyntax, "never-used byte 0xc1")
}

// scalar finishes a scalar object at buffer offsets start to end.
func (d *Reader) scalar(start, end int, t token.Token) token.Token {
	d.pos, d.tokEnd = end, end
	if n := len(d.stack); n > 0 {
		f := &d.stack[n-1]
		if f.obj && f.n&1 == 1 && end-start <= maxHeldKey {
			f.held, f.heldOK = append(f.held[:0], d.buf[start:end]...), true
		}
	}
	return t
}

// checkLen checks the length n of a payload declared by the head at
// buffer offset at, which ends at end, against the input left, the limits
// and maxLen, before anything is read for it.
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
		return d.errAt(at, ErrLimit, what+" of length "+strconv.FormatUint(n, 10)+" is too long")
	}
	return nil
}

// readString reads a str (text) or bin of n bytes whose head of length
// hl is at buffer offset at.
func (d *Reader) readString(at, hl int, text bool, n uint64) (token.Token, error) {
	what := "bin"
	if text {
		what = "str"
	}
	if err := d.checkLen(at, at+hl, n, what); err != nil {
		return token.Token{}, err
	}
	at, err := d.need(at, hl+int(n))
	if err != nil {
		return token.Token{}, err
	}
	end := at + hl + int(n)
	s := d.buf[at+hl : end : end]
	if !text {
		return d.scalar(at, end, token.Bytes(s)), nil
	}
	if d.strict {
		if !kernels.ValidUTF8(s) {
			return token.Token{}, d.errAt(at, ErrInvalidUTF8, "invalid UTF-8 in str")
		}
		return d.scalar(at, end, token.StringBytes(s).WithValidUTF8()), nil
	}
	return d.scalar(at, end, token.StringBytes(s)), nil
}

// readExt reads an ext with a payload of n bytes whose head of length hl
// (ending with the type byte) is at buffer offset at.
func (d *Reader) readExt(at, hl int, n uint64) (token.Token, error) {
	if err := d.checkLen(at, at+hl, n, "ext"); err != nil {
		return token.Token{}, err
	}
	at, err := d.need(at, hl+int(n))
	if err != nil {
		return token.Token{}, err
	}
	typ := int8(d.buf[at+hl-1])
	end := at + hl + int(n)
	p := d.buf[at+hl : end : end]
	if typ != timestampType {
		return d.scalar(at, end, token.Ext(token.FamilyMsgpack, uint64(int64(typ)), p)), nil
	}
	sec, nsec, ok := decodeTimestamp(p)
	if !ok {
		if len(p) == 4 || len(p) == 8 || len(p) == 12 {
			return token.Token{}, d.errAt(at, ErrSyntax, "timestamp with more than 999999999 nanoseconds")
		}
		return token.Token{}, d.errAt(at, ErrSyntax, "timestamp of "+strconv.Itoa(len(p))+" bytes (4, 8 or 12 expected)")
	}
	var tag token.Token
	tag, d.next, d.scratch = timestampTokens(d.scratch[:0], sec, nsec)
	d.hasNext = true
	return d.scalar(at, end, tag), nil
}

// push opens an array or map of n elements (pairs) whose head of length
// hl is at buffer offset at.
func (d *Reader) push(at, hl int, obj bool, n uint64) (token.Token, error) {
	if len(d.stack) >= d.o.MaxDepth {
		return token.Token{}, d.errAt(at, ErrDepth, "exceeded max depth")
	}
	what := "array"
	if obj {
		what = "map"
	}
	if lim := d.o.MaxElements; lim > 0 && n > uint64(lim) {
		return token.Token{}, d.errAt(at, ErrLimit, what+" of "+strconv.FormatUint(n, 10)+" elements exceeds MaxElements")
	}
	items := n << b2i(obj) // n <= 2^32-1: no overflow
	if d.r == nil && items > uint64(len(d.buf)-at-hl) {
		// Each object takes at least one byte.
		return token.Token{}, d.errAt(at, ErrUnexpectedEOF, what+" of "+strconv.FormatUint(n, 10)+" elements exceeds the "+strconv.Itoa(len(d.buf)-at-hl)+" bytes left")
	}
	if len(d.stack) < cap(d.stack) {
		d.stack = d.stack[:len(d.stack)+1]
		f := &d.stack[len(d.stack)-1]
		*f = rframe{left: int64(items), obj: obj, keyAt: -1, held: f.held[:0]}
	} else {
		d.stack = append(d.stack, rframe{left: int64(items), obj: obj, keyAt: -1})
	}
	d.pos, d.tokEnd = at+hl, at+hl
	if obj {
		return token.BeginObject(int(n)), nil
	}
	return token.BeginArray(int(n)), nil
}

// pop closes the innermost container.
func (d *Reader) pop() token.Token {
	n := len(d.stack)
	obj := d.stack[n-1].obj
	d.stack = d.stack[:n-1]
	d.tokEnd = d.pos
	if obj {
		return token.EndObject
	}
	return token.EndArray
}

// ReadValue reads the next whole object and returns its encoding, a view
// valid until the next call. The object is checked as ReadToken checks
// it.
func (d *Reader) ReadValue() ([]byte, error) {
	if d.err != nil {
		return nil, d.err
	}
	if n := len(d.stack); n > 0 && d.stack[n-1].left == 0 {
		return nil, seqError("no value left in the container")
	}
	if d.hasNext {
		return nil, seqError("ReadValue between a timestamp's tag and its content")
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

// path returns the location of the object being read, for errors.
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
		if !f.heldOK {
			sb.WriteByte('?')
			continue
		}
		sb.WriteString(keyPath(f.held))
	}
	return sb.String()
}

// keyPath renders the encoded map key for a path: a str as its text
// (with "~" and "/" escaped as in JSON Pointer), any other key in the
// style of CBOR diagnostic notation.
func keyPath(key []byte) string {
	if in := infos[key[0]]; in.kind == kStr {
		s := string(key[in.headLen():])
		s = strings.ReplaceAll(s, "~", "~0")
		return strings.ReplaceAll(s, "/", "~1")
	}
	r := NewReaderBytes(key, AllowInvalidUTF8(true))
	var sb strings.Builder
	tags := 0
	for {
		t, err := r.ReadToken()
		if err != nil {
			break
		}
		sb.WriteString(t.String())
		if t.Kind() == token.KindTag {
			tags++
		}
	}
	return sb.String() + strings.Repeat(")", tags)
}

// Validate checks that data is exactly one valid MessagePack object, as a
// Reader with the same options checks it: a SyntaxError wrapping
// ErrUnexpectedEOF when data ends early (or is empty), ErrSyntax when it
// is malformed or has bytes left after the object, ErrInvalidUTF8,
// ErrDepth, ErrLimit or ErrDuplicateName.
func Validate(data []byte, o ...Options) error {
	if s := opts.Collect(o...); !s.Has(opts.RejectDuplicateNames) && validFast(data, &s) {
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
			return r.errAt(0, ErrUnexpectedEOF, "no object")
		}
		return err
	}
	if r.pos < len(data) {
		return r.errAt(r.pos, ErrSyntax, "data after the top-level object")
	}
	return nil
}

// Valid reports whether data is exactly one valid MessagePack object with
// valid UTF-8 str values (see Validate).
func Valid(data []byte) bool { return Validate(data) == nil }
