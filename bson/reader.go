package bson

import (
	"bytes"
	"encoding/binary"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/token"
)

var (
	_ token.Reader = (*Reader)(nil)
	_ token.Writer = (*Writer)(nil)
	_ token.Reader = (*ExtJSONReader)(nil)
	_ token.Writer = (*ExtJSONWriter)(nil)
)

// maxDocLen is the largest length BSON can declare (an int32).
const maxDocLen = math.MaxInt32

// minRead is the first buffer size of a streaming Reader; the buffer
// grows with the data that actually arrives, never to a declared length
// ahead of the data.
const minRead = 16 << 10

// rframe is an open document or array.
type rframe struct {
	start int  // buffer offset of its length prefix
	end   int  // buffer offset of its terminating NUL
	arr   bool // an array
	n     int  // elements read
	key   []byte
	seen  map[string]struct{} // keys read, with RejectDuplicateNames
}

// A Reader reads BSON documents as tokens: a sequence of any number of
// top-level documents (a .bson file), from a byte slice without copying
// or from an io.Reader, holding one top-level document in memory at a
// time (BSON puts each document's length first, and a document is only
// valid once its end matches that length).
//
// It checks every length against the input left (for an io.Reader: as
// the data arrives, growing its buffer only with data actually read) and
// against the enclosing document, the limits (MaxBytes, MaxTokenBytes,
// MaxElements, MaxDepth), terminating NUL bytes, key and string UTF-8
// (unless AllowInvalidUTF8), booleans (0 or 1), the inner length of
// binary subtype 2, the lengths inside code with scope, and the order of
// regular expression options. Errors are *SyntaxError values with the
// byte offset and the path of the element.
//
// Tokens: each document as BeginObject(-1), alternately a String key and
// a value, EndObject; arrays as BeginArray(-1), the values, EndArray
// (their keys are read as cstrings but not otherwise checked, as drivers
// do); double as a Float of width 64; string as String; binary subtype 0
// as Bytes; undefined as token.Undefined; boolean, null; int32 and int64
// as Int tokens of width 32 and 64 (token.IntWidth); every other element type as an Ext token of
// token.FamilyBSON whose type is the element type byte (0xFF for min key)
// and whose payload is the element's value bytes as BSON stores them
// (see the package documentation).
//
// A Reader is not safe for concurrent use.
type Reader struct {
	o      opts.Struct
	strict bool // reject invalid UTF-8
	dups   bool // reject duplicate keys

	r    io.Reader
	buf  []byte // bytes: the whole input; stream: the current document
	pos  int
	base int64 // input offset of buf[0]
	err  error

	stack  []rframe
	pend   byte // type of the element whose value comes next, after its key
	pendAt int  // buffer offset of that element
	tokEnd int
	prefix string // path of the enclosing value, for nested readers
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
	d.r, d.buf = nil, b
	if d.o.MaxBytes > 0 && int64(len(b)) > d.o.MaxBytes {
		d.errAt(int(d.o.MaxBytes), ErrLimit, "input exceeds MaxBytes")
	}
}

func (d *Reader) reset() {
	*d = Reader{o: d.o, strict: d.strict, dups: d.dups, stack: d.stack[:0], buf: d.buf}
}

// Depth returns the number of open documents and arrays.
func (d *Reader) Depth() int { return len(d.stack) }

// InputOffset returns the input offset just after the last token read.
func (d *Reader) InputOffset() int64 { return d.base + int64(d.tokEnd) }

// errAt returns (and makes sticky) a SyntaxError at buffer offset off.
func (d *Reader) errAt(off int, sentinel error, msg string) error {
	d.err = &SyntaxError{Offset: d.base + int64(off), Path: d.path(), Msg: msg, Err: sentinel}
	return d.err
}

// ReadToken reads the next token; see token.Reader. At the end of input
// between top-level documents it returns io.EOF.
func (d *Reader) ReadToken() (token.Token, error) {
	if d.err != nil {
		return token.Token{}, d.err
	}
	n := len(d.stack)
	if n == 0 {
		return d.begin()
	}
	f := &d.stack[n-1]
	if d.pend != 0 {
		t := d.pend
		d.pend = 0
		return d.value(f, t, d.pendAt)
	}
	at := d.pos
	if at == f.end {
		if d.buf[at] != 0 {
			return token.Token{}, d.errAt(at, ErrSyntax, "document does not end with a NUL byte where its length says")
		}
		d.pos++
		return d.pop(), nil
	}
	t := d.buf[at]
	if t == 0 {
		return token.Token{}, d.errAt(at, ErrSyntax, "document ends "+strconv.Itoa(f.end-at)+" bytes before its declared length")
	}
	if lim := d.o.MaxElements; lim > 0 && f.n >= lim {
		return token.Token{}, d.errAt(at, ErrLimit, "document exceeds MaxElements")
	}
	k := bytes.IndexByte(d.buf[at+1:f.end], 0)
	if k < 0 {
		return token.Token{}, d.errAt(at, ErrSyntax, "key without a terminating NUL byte within its document")
	}
	key := d.buf[at+1 : at+1+k : at+1+k]
	if d.strict && !kernels.ValidUTF8(key) {
		return token.Token{}, d.errAt(at, ErrInvalidUTF8, "invalid UTF-8 in key")
	}
	f.n++
	f.key = key
	d.pos = at + 2 + k
	if f.arr {
		return d.value(f, t, at)
	}
	if d.dups {
		if err := d.checkDup(f, at, key); err != nil {
			return token.Token{}, err
		}
	}
	d.pend, d.pendAt = t, at
	d.tokEnd = d.pos
	return d.text(key), nil
}

// text returns a String token for text checked (or not, with
// AllowInvalidUTF8) to be valid UTF-8.
func (d *Reader) text(b []byte) token.Token {
	if d.strict {
		return token.StringBytes(b).WithValidUTF8()
	}
	return token.StringBytes(b)
}

// checkDup fails if key was already read in document f.
func (d *Reader) checkDup(f *rframe, at int, key []byte) error {
	if f.seen == nil {
		f.seen = map[string]struct{}{}
	}
	if _, dup := f.seen[string(key)]; dup {
		return d.errAt(at, ErrDuplicateName, "duplicate key "+strconv.Quote(string(key)))
	}
	f.seen[string(key)] = struct{}{}
	return nil
}

// begin reads the length of the next top-level document (for a stream,
// the whole document) and opens it.
func (d *Reader) begin() (token.Token, error) {
	if d.r != nil {
		if err := d.readDocument(); err != nil {
			return token.Token{}, err
		}
	}
	at := d.pos
	left := len(d.buf) - at
	if left == 0 {
		return token.Token{}, io.EOF
	}
	if left < 4 {
		return token.Token{}, d.errAt(at, ErrUnexpectedEOF, "unexpected end of input in a document length")
	}
	n := int32(binary.LittleEndian.Uint32(d.buf[at:]))
	if err := d.checkDocLen(at, n); err != nil {
		return token.Token{}, err
	}
	if int(n) > left {
		return token.Token{}, d.errAt(at, ErrUnexpectedEOF, "document of length "+strconv.Itoa(int(n))+" exceeds the "+strconv.Itoa(left)+" bytes left")
	}
	return d.push(at, int(n), false)
}

// checkDocLen checks a top-level document length n at buffer offset at.
func (d *Reader) checkDocLen(at int, n int32) error {
	if n < 5 {
		return d.errAt(at, ErrSyntax, "invalid document length "+strconv.Itoa(int(n)))
	}
	if lim := d.o.MaxBytes; lim > 0 && int64(n) > lim-d.base-int64(at) {
		return d.errAt(at, ErrLimit, "document of length "+strconv.Itoa(int(n))+" exceeds MaxBytes")
	}
	return nil
}

// readDocument makes the buffer of a streaming Reader hold the next
// top-level document (or nothing at the end of input): it reads the
// length, checks it, then reads the rest, growing the buffer with the
// data that arrives.
func (d *Reader) readDocument() error {
	d.base += int64(len(d.buf))
	d.buf, d.pos, d.tokEnd = d.buf[:0], 0, 0
	if cap(d.buf) < 4 {
		d.buf = make([]byte, 0, minRead)
	}
	got, err := io.ReadFull(d.r, d.buf[:4])
	switch {
	case got == 0 && (err == io.EOF || err == io.ErrUnexpectedEOF):
		return nil
	case err == io.ErrUnexpectedEOF:
		d.buf = d.buf[:got]
		return d.errAt(0, ErrUnexpectedEOF, "unexpected end of input in a document length")
	case err != nil:
		d.err = err
		return err
	}
	d.buf = d.buf[:4]
	n := int32(binary.LittleEndian.Uint32(d.buf))
	if err := d.checkDocLen(0, n); err != nil {
		return err
	}
	for stalls := 0; len(d.buf) < int(n); {
		if len(d.buf) == cap(d.buf) {
			nb := make([]byte, len(d.buf), min(int(n), 2*cap(d.buf)))
			copy(nb, d.buf)
			d.buf = nb
		}
		m, err := d.r.Read(d.buf[len(d.buf):min(int(n), cap(d.buf))])
		d.buf = d.buf[:len(d.buf)+m]
		if err == io.EOF && len(d.buf) < int(n) {
			return d.errAt(0, ErrUnexpectedEOF, "input ends "+strconv.Itoa(len(d.buf))+" bytes into a document of length "+strconv.Itoa(int(n)))
		}
		if err != nil && err != io.EOF {
			d.err = err
			return err
		}
		if m > 0 {
			stalls = 0
		} else if stalls++; stalls >= 100 {
			d.err = io.ErrNoProgress
			return d.err
		}
	}
	return nil
}

// push opens a document or array of length n whose length prefix is at
// buffer offset at.
func (d *Reader) push(at, n int, arr bool) (token.Token, error) {
	if len(d.stack) >= d.o.MaxDepth {
		return token.Token{}, d.errAt(at, ErrDepth, "exceeded max depth")
	}
	d.stack = append(d.stack, rframe{start: at, end: at + n - 1, arr: arr})
	d.pos, d.tokEnd = at+4, at+4
	if arr {
		return token.BeginArray(-1), nil
	}
	return token.BeginObject(-1), nil
}

// pop closes the innermost document or array.
func (d *Reader) pop() token.Token {
	n := len(d.stack)
	arr := d.stack[n-1].arr
	d.stack = d.stack[:n-1]
	d.tokEnd = d.pos
	if arr {
		return token.EndArray
	}
	return token.EndObject
}

// need checks that n bytes of value from buffer offset i fit in the
// document f; at is the element's offset, for errors.
func (d *Reader) need(f *rframe, at, i, n int) error {
	if n > f.end-i {
		return d.errAt(at, ErrSyntax, "element value exceeds its document")
	}
	return nil
}

// value reads the value of the element of type t at buffer offset at,
// which starts at d.pos.
func (d *Reader) value(f *rframe, t byte, at int) (token.Token, error) {
	i := d.pos
	var size int // fixed size of the value
	switch t {
	case TypeDouble:
		if err := d.need(f, at, i, 8); err != nil {
			return token.Token{}, err
		}
		x := math.Float64frombits(binary.LittleEndian.Uint64(d.buf[i:]))
		return d.scalar(i+8, token.FloatWidth(x, 64)), nil
	case TypeString:
		s, end, err := d.str(f, at, i)
		if err != nil {
			return token.Token{}, err
		}
		return d.scalar(end, d.text(s)), nil
	case TypeDocument, TypeArray:
		if err := d.need(f, at, i, 4); err != nil {
			return token.Token{}, err
		}
		n := int32(binary.LittleEndian.Uint32(d.buf[i:]))
		if n < 5 {
			return token.Token{}, d.errAt(at, ErrSyntax, "invalid embedded document length "+strconv.Itoa(int(n)))
		}
		if int(n) > f.end-i {
			return token.Token{}, d.errAt(at, ErrSyntax, "embedded document of length "+strconv.Itoa(int(n))+" exceeds its parent")
		}
		return d.push(i, int(n), t == TypeArray)
	case TypeBinary:
		return d.binary(f, at, i)
	case TypeUndefined:
		return d.scalar(i, token.Undefined), nil
	case TypeNull:
		return d.scalar(i, token.Null), nil
	case TypeBoolean:
		if err := d.need(f, at, i, 1); err != nil {
			return token.Token{}, err
		}
		switch d.buf[i] {
		case 0:
			return d.scalar(i+1, token.False), nil
		case 1:
			return d.scalar(i+1, token.True), nil
		}
		return token.Token{}, d.errAt(at, ErrSyntax, "invalid boolean value "+strconv.Itoa(int(d.buf[i])))
	case TypeInt32:
		if err := d.need(f, at, i, 4); err != nil {
			return token.Token{}, err
		}
		return d.scalar(i+4, token.IntWidth(int64(int32(binary.LittleEndian.Uint32(d.buf[i:]))), 32)), nil
	case TypeInt64:
		if err := d.need(f, at, i, 8); err != nil {
			return token.Token{}, err
		}
		return d.scalar(i+8, token.IntWidth(int64(binary.LittleEndian.Uint64(d.buf[i:])), 64)), nil
	case TypeObjectID:
		size = 12
	case TypeDateTime, TypeTimestamp:
		size = 8
	case TypeDecimal128:
		size = 16
	case TypeMinKey, TypeMaxKey:
		size = 0
	case TypeRegex:
		end, err := d.regex(f, at, i)
		if err != nil {
			return token.Token{}, err
		}
		return d.ext(t, i, end), nil
	case TypeJavaScript, TypeSymbol:
		_, end, err := d.str(f, at, i)
		if err != nil {
			return token.Token{}, err
		}
		return d.ext(t, i, end), nil
	case TypeDBPointer:
		_, end, err := d.str(f, at, i)
		if err != nil {
			return token.Token{}, err
		}
		if err := d.need(f, at, end, 12); err != nil {
			return token.Token{}, err
		}
		return d.ext(t, i, end+12), nil
	case TypeCodeWithScope:
		end, err := d.codeWithScope(f, at, i)
		if err != nil {
			return token.Token{}, err
		}
		return d.ext(t, i, end), nil
	default:
		return token.Token{}, d.errAt(at, ErrSyntax, "unknown element type 0x"+strconv.FormatUint(uint64(t), 16))
	}
	if err := d.need(f, at, i, size); err != nil {
		return token.Token{}, err
	}
	return d.ext(t, i, i+size), nil
}

// scalar finishes a value that ends at buffer offset end.
func (d *Reader) scalar(end int, t token.Token) token.Token {
	d.pos, d.tokEnd = end, end
	return t
}

// ext finishes a value of type t in buf[i:end] as an Ext token.
func (d *Reader) ext(t byte, i, end int) token.Token {
	var payload []byte
	if end > i {
		payload = d.buf[i:end:end]
	}
	return d.scalar(end, token.Ext(token.FamilyBSON, uint64(t), payload))
}

// str reads a BSON string (int32 length including the NUL, the bytes,
// the NUL) at buffer offset i: its text and its end.
func (d *Reader) str(f *rframe, at, i int) ([]byte, int, error) {
	if err := d.need(f, at, i, 4); err != nil {
		return nil, 0, err
	}
	n := int32(binary.LittleEndian.Uint32(d.buf[i:]))
	if n < 1 {
		return nil, 0, d.errAt(at, ErrSyntax, "invalid string length "+strconv.Itoa(int(n)))
	}
	if int(n) > f.end-i-4 {
		return nil, 0, d.errAt(at, ErrSyntax, "string of length "+strconv.Itoa(int(n))+" exceeds its document")
	}
	if lim := d.o.MaxTokenBytes; lim > 0 && int(n)-1 > lim {
		return nil, 0, d.errAt(at, ErrLimit, "string of length "+strconv.Itoa(int(n)-1)+" exceeds MaxTokenBytes")
	}
	end := i + 4 + int(n)
	if d.buf[end-1] != 0 {
		return nil, 0, d.errAt(at, ErrSyntax, "string does not end with a NUL byte")
	}
	s := d.buf[i+4 : end-1 : end-1]
	if d.strict && !kernels.ValidUTF8(s) {
		return nil, 0, d.errAt(at, ErrInvalidUTF8, "invalid UTF-8 in string")
	}
	return s, end, nil
}

// binary reads binary data at buffer offset i: subtype 0 as Bytes, the
// others as Ext tokens.
func (d *Reader) binary(f *rframe, at, i int) (token.Token, error) {
	if err := d.need(f, at, i, 5); err != nil {
		return token.Token{}, err
	}
	n := int32(binary.LittleEndian.Uint32(d.buf[i:]))
	if n < 0 {
		return token.Token{}, d.errAt(at, ErrSyntax, "invalid binary length "+strconv.Itoa(int(n)))
	}
	if int(n) > f.end-i-5 {
		return token.Token{}, d.errAt(at, ErrSyntax, "binary of length "+strconv.Itoa(int(n))+" exceeds its document")
	}
	if lim := d.o.MaxTokenBytes; lim > 0 && int(n) > lim {
		return token.Token{}, d.errAt(at, ErrLimit, "binary of length "+strconv.Itoa(int(n))+" exceeds MaxTokenBytes")
	}
	sub := d.buf[i+4]
	end := i + 5 + int(n)
	switch sub {
	case SubtypeGeneric:
		return d.scalar(end, token.Bytes(d.buf[i+5:end:end])), nil
	case SubtypeBinaryOld:
		if n < 4 || int32(binary.LittleEndian.Uint32(d.buf[i+5:])) != n-4 {
			return token.Token{}, d.errAt(at, ErrSyntax, "binary subtype 2 whose inner length does not match")
		}
	}
	return d.ext(TypeBinary, i, end), nil
}

// regex reads a regular expression (two cstrings) at buffer offset i and
// returns its end.
func (d *Reader) regex(f *rframe, at, i int) (int, error) {
	j := i
	for k := range 2 {
		n := bytes.IndexByte(d.buf[j:f.end], 0)
		if n < 0 {
			return 0, d.errAt(at, ErrSyntax, "regular expression without a terminating NUL byte within its document")
		}
		s := d.buf[j : j+n]
		if d.strict && !kernels.ValidUTF8(s) {
			return 0, d.errAt(at, ErrInvalidUTF8, "invalid UTF-8 in regular expression")
		}
		if k == 1 && !sortedOptions(s) {
			return 0, d.errAt(at, ErrSyntax, "regular expression options "+strconv.Quote(string(s))+" not in alphabetical order")
		}
		j += n + 1
	}
	return j, nil
}

// sortedOptions reports whether regular expression options are in
// strictly increasing order (alphabetical, no letter twice).
func sortedOptions(s []byte) bool {
	for k := 1; k < len(s); k++ {
		if s[k] <= s[k-1] {
			return false
		}
	}
	return true
}

// codeWithScope reads code with scope at buffer offset i (an int32 total
// length, a string, a document that must end exactly at that length) and
// returns its end. The scope document is read through entirely, with
// the same checks and the depth left.
func (d *Reader) codeWithScope(f *rframe, at, i int) (int, error) {
	if err := d.need(f, at, i, 4); err != nil {
		return 0, err
	}
	n := int32(binary.LittleEndian.Uint32(d.buf[i:]))
	if n < 14 { // length, an empty string, an empty document
		return 0, d.errAt(at, ErrSyntax, "invalid code with scope length "+strconv.Itoa(int(n)))
	}
	if int(n) > f.end-i {
		return 0, d.errAt(at, ErrSyntax, "code with scope of length "+strconv.Itoa(int(n))+" exceeds its document")
	}
	end := i + int(n)
	inner := rframe{end: end}
	_, j, err := d.str(&inner, at, i+4)
	if err != nil {
		return 0, err
	}
	if end-j < 5 {
		return 0, d.errAt(at, ErrSyntax, "code with scope has no room for its scope document")
	}
	if int(int32(binary.LittleEndian.Uint32(d.buf[j:]))) != end-j {
		return 0, d.errAt(at, ErrSyntax, "code with scope whose scope document length does not match")
	}
	if len(d.stack) >= d.o.MaxDepth {
		return 0, d.errAt(at, ErrDepth, "exceeded max depth")
	}
	sub := &Reader{o: d.o, strict: d.strict, dups: d.dups, buf: d.buf[j:end], base: d.base + int64(j), prefix: d.path()}
	sub.o.MaxDepth -= len(d.stack)
	sub.o.MaxBytes = 0
	for {
		_, err := sub.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			d.err = err
			return 0, err
		}
	}
	return end, nil
}

// ReadDocument reads the next top-level document whole and returns its
// encoding, a view valid until the next call, after checking it as
// ReadToken does. At the end of input it returns io.EOF. It must be
// called between top-level documents.
func (d *Reader) ReadDocument() ([]byte, error) {
	if d.err != nil {
		return nil, d.err
	}
	if len(d.stack) > 0 {
		return nil, d.errAt(d.pos, ErrInvalidSequence, "ReadDocument inside a document")
	}
	if _, err := d.ReadToken(); err != nil {
		return nil, err
	}
	start := d.stack[0].start
	for len(d.stack) > 0 {
		if _, err := d.ReadToken(); err != nil {
			return nil, err
		}
	}
	return d.buf[start:d.pos:d.pos], nil
}

// path returns the location of the element being read, for errors.
func (d *Reader) path() string {
	var sb strings.Builder
	sb.WriteString(d.prefix)
	for k := range d.stack {
		f := &d.stack[k]
		if f.n == 0 {
			break
		}
		sb.WriteByte('/')
		if f.arr {
			sb.WriteString(strconv.Itoa(f.n - 1))
		} else {
			sb.WriteString(pathKey(string(f.key)))
		}
	}
	return sb.String()
}

// Validate checks that data is exactly one valid BSON document, as a
// Reader with the same options checks it: a *SyntaxError wrapping
// ErrUnexpectedEOF when data ends early (or is empty), ErrSyntax when it
// is malformed or has bytes left after the document, ErrInvalidUTF8,
// ErrDepth, ErrLimit or ErrDuplicateName.
func Validate(data []byte, o ...Options) error {
	r := NewReaderBytes(data, o...)
	if _, err := r.ReadDocument(); err != nil {
		if err == io.EOF {
			return r.errAt(0, ErrUnexpectedEOF, "no document")
		}
		return err
	}
	if r.pos < len(data) {
		return r.errAt(r.pos, ErrSyntax, "data after the document")
	}
	return nil
}

// Valid reports whether data is exactly one valid BSON document with
// valid UTF-8 (see Validate).
func Valid(data []byte) bool { return Validate(data) == nil }
