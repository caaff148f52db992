package ubjson

import (
	"encoding/binary"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
	"github.com/celerjson/celer/token"
)

// minRead is the smallest read a streaming Reader asks for.
const minRead = 16 << 10

// maxHeldKey bounds the keys kept for error paths.
const maxHeldKey = 256

// maxLen bounds the lengths and counts a Reader takes: nothing longer can
// be held in memory, and sums of such lengths cannot overflow.
const maxLen = math.MaxInt >> 2

// MaxMarkerOnly is the number of values without payload a Reader accepts
// in the strongly typed arrays of null, true or false ([$Z#, [$T#, [$F#)
// of one top-level value. Such values take no input at all, so that their
// count cannot be checked against the input: without a bound, a few bytes
// could make a Reader return billions of tokens and Unmarshal allocate
// for each. More is an error wrapping ErrLimit.
const MaxMarkerOnly = 1 << 16

// rframe is an open array or object.
type rframe struct {
	obj     bool
	counted bool  // a count was given: no end marker
	left    int64 // elements (objects: pairs) left when counted
	n       int64 // values read (objects: keys and values both count)
	typ     byte  // the element type of a strongly typed container, or 0
	keyAt   int64 // input offset of the current key
	key     []byte
	keyOK   bool                // key is the whole current key
	seen    map[string]struct{} // keys read, with RejectDuplicateNames
}

// A Reader reads UBJSON values (Draft 12) as tokens: any number of
// top-level values one after the other (no-op markers between them are
// skipped), from an io.Reader in memory bounded by the largest string, or
// from a byte slice without copying.
//
// It checks that the input is valid UBJSON and that strings are valid
// UTF-8, and enforces MaxDepth, MaxBytes, MaxTokenBytes, MaxElements and
// MaxMarkerOnly. Every length is checked against the input left (for a
// byte slice: also every container count, times the least size of its
// elements) and the limits before anything is read or allocated for it;
// a streaming Reader grows its buffer only as data actually arrives.
//
// Tokens: null (Z) as Null; true and false (T, F); int8, uint8, int16,
// int32 and int64 (i, U, I, l, L) as Int; float32 and float64 (d, D) as
// Float tokens with their width; high-precision numbers (H), whose text
// must follow the JSON number grammar, as Int or Uint when they are
// integers that fit 64 bits and otherwise as Number tokens of their exact
// text; char (C, at most 127) and string (S) as String; arrays and objects
// as BeginArray/BeginObject, with their count when the optimized format
// gives one (-1 otherwise), the values (for objects, alternately the key,
// a String, and the value) and the End token. No-op markers (N) are
// skipped wherever a value, a key or an end marker may come outside
// strongly typed containers. A strongly typed array of uint8 ([$U#n, the
// specification's binary data) is one Bytes token of its n bytes, copied
// in bulk; other strongly typed containers give their values one by one.
//
// A Reader is not safe for concurrent use.
type Reader struct {
	o      opts.Struct
	strict bool // reject invalid UTF-8
	dups   bool // reject duplicate keys

	r    io.Reader
	buf  []byte // buf[pos:] is unread input
	pos  int
	base int64 // input offset of buf[0]
	keep int   // buffer offset refills must keep
	pin  int   // buffer offset of a value being read whole, or -1
	eof  bool
	err  error

	stack  []rframe
	free   int64 // values without payload read in the current top-level value
	tokEnd int   // buffer offset after the last token
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
	*d = Reader{o: d.o, strict: d.strict, dups: d.dups, stack: d.stack[:0], buf: d.buf, pin: -1}
}

// Depth returns the number of open arrays and objects.
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

// need makes n bytes from buffer offset at, within a value that starts
// at buffer offset start, available, refilling as needed; at the end of
// input it fails with ErrUnexpectedEOF at the value. It returns the
// (possibly moved) offsets.
func (d *Reader) need(start, at, n int) (int, int, error) {
	for len(d.buf)-at < n {
		abs, absStart := d.base+int64(at), d.base+int64(start)
		err := d.fill()
		at, start = int(abs-d.base), int(absStart-d.base)
		if err == io.EOF {
			return start, at, d.errAt(start, ErrUnexpectedEOF, "unexpected end of input in a value")
		}
		if err != nil {
			return start, at, err
		}
	}
	return start, at, nil
}

// skipNoops skips no-op markers at d.pos and reports whether input is
// left (false at the end of input; err for other failures).
func (d *Reader) skipNoops() (bool, error) {
	for {
		if d.pos >= len(d.buf) {
			if err := d.fill(); err != nil {
				if err == io.EOF {
					return false, nil
				}
				return false, err
			}
		}
		if d.buf[d.pos] != mNoop {
			return true, nil
		}
		d.pos++
		if d.pin < 0 {
			d.keep = d.pos
		}
	}
}

// ReadToken reads the next token; see token.Reader. At the end of input
// between top-level values it returns io.EOF.
func (d *Reader) ReadToken() (token.Token, error) {
	if d.err != nil {
		return token.Token{}, d.err
	}
	if d.pin < 0 {
		d.keep = d.pos
	}
	n := len(d.stack)
	if n == 0 {
		more, err := d.skipNoops()
		if err != nil {
			return token.Token{}, err
		}
		if !more {
			return token.Token{}, io.EOF
		}
		d.free = 0
		return d.value(0)
	}
	f := &d.stack[n-1]
	if f.counted && f.left == 0 && (!f.obj || f.n&1 == 0) {
		return d.pop(), nil
	}
	if f.typ == 0 || f.obj && f.n&1 == 0 {
		more, err := d.skipNoops()
		if err != nil {
			return token.Token{}, err
		}
		if !more {
			return token.Token{}, d.errAt(len(d.buf), ErrUnexpectedEOF, "unexpected end of input in a container")
		}
		f = &d.stack[n-1]
		if !f.counted {
			switch c := d.buf[d.pos]; {
			case c == mArrayEnd && !f.obj:
				d.pos++
				return d.pop(), nil
			case c == mObjectEnd && f.obj && f.n&1 == 0:
				d.pos++
				return d.pop(), nil
			case c == mArrayEnd || c == mObjectEnd:
				return token.Token{}, d.errAt(d.pos, ErrSyntax, "misplaced end marker "+strconv.QuoteRune(rune(c)))
			}
			if lim := d.o.MaxElements; lim > 0 && f.n >= int64(lim)<<b2i(f.obj) {
				return token.Token{}, d.errAt(d.pos, ErrLimit, "container exceeds MaxElements")
			}
		}
	}
	if f.obj && f.n&1 == 0 {
		if f.counted {
			f.left--
		}
		return d.key(f)
	}
	if !f.obj && f.counted {
		f.left--
	}
	f.n++
	return d.value(f.typ)
}

// key reads the key of the next pair of object f.
func (d *Reader) key(f *rframe) (token.Token, error) {
	start := d.pos
	f.n++
	f.keyAt, f.keyOK = d.base+int64(start), false
	s, end, err := d.text(start, start, "object key")
	if err != nil {
		return token.Token{}, err
	}
	f = &d.stack[len(d.stack)-1]
	if len(s) <= maxHeldKey {
		f.key, f.keyOK = append(f.key[:0], s...), true
	}
	if d.dups {
		if f.seen == nil {
			f.seen = map[string]struct{}{}
		}
		if _, dup := f.seen[string(s)]; dup {
			return token.Token{}, d.errAt(start, ErrDuplicateName, "duplicate key "+strconv.Quote(string(s)))
		}
		f.seen[string(s)] = struct{}{}
	}
	d.pos, d.tokEnd = end, end
	return token.StringBytes(s).WithValidUTF8(), nil
}

// text reads a length (an integer with its marker) at buffer offset at
// and the UTF-8 text that follows, for a value that starts at start. It
// returns the text and the buffer offset after it; d.pos is set to the
// (possibly moved) start.
func (d *Reader) text(start, at int, what string) ([]byte, int, error) {
	n, at, err := d.length(start, at, what)
	if err != nil {
		return nil, 0, err
	}
	start = d.pos
	if start, at, err = d.need(start, at, int(n)); err != nil {
		return nil, 0, err
	}
	d.pos = start
	s := d.buf[at : at+int(n) : at+int(n)]
	if d.strict && !kernels.ValidUTF8(s) {
		return nil, 0, d.errAt(start, ErrInvalidUTF8, "invalid UTF-8 in "+what)
	}
	return s, at + int(n), nil
}

// length reads a length (an integer with its marker) at buffer offset at,
// for a value (or a key) that starts at start, and checks it against the
// input left and the limits. It returns the length and the buffer offset
// after it; d.pos is set to the (possibly moved) start.
func (d *Reader) length(start, at int, what string) (int64, int, error) {
	start, at, err := d.need(start, at, 1)
	if err != nil {
		return 0, 0, err
	}
	m := d.buf[at]
	if !isInt(m) {
		return 0, 0, d.errAt(start, ErrSyntax, "length of "+what+" is not an integer (marker "+quoteMarker(m)+")")
	}
	size := int(sizes[m])
	if start, at, err = d.need(start, at, 1+size); err != nil {
		return 0, 0, err
	}
	d.pos = start
	n := readInt(m, d.buf[at+1:])
	at += 1 + size
	switch {
	case n < 0:
		return 0, 0, d.errAt(start, ErrSyntax, "negative length of "+what)
	case d.r == nil && n > int64(len(d.buf)-at):
		return 0, 0, d.errAt(start, ErrUnexpectedEOF, what+" of length "+strconv.FormatInt(n, 10)+" exceeds the "+strconv.Itoa(len(d.buf)-at)+" bytes left")
	case d.o.MaxBytes > 0 && n > d.o.MaxBytes-d.base-int64(at):
		return 0, 0, d.errAt(start, ErrLimit, what+" of length "+strconv.FormatInt(n, 10)+" exceeds MaxBytes")
	case d.o.MaxTokenBytes > 0 && n > int64(d.o.MaxTokenBytes):
		return 0, 0, d.errAt(start, ErrLimit, what+" of length "+strconv.FormatInt(n, 10)+" exceeds MaxTokenBytes")
	case n > maxLen:
		return 0, 0, d.errAt(start, ErrLimit, what+" of length "+strconv.FormatInt(n, 10)+" is too long")
	}
	return n, at, nil
}

func quoteMarker(m byte) string {
	if m >= 0x20 && m < 0x7f {
		return strconv.QuoteRune(rune(m))
	}
	return "0x" + strconv.FormatUint(uint64(m), 16)
}

// value reads the value at d.pos: its marker first when typ is 0, else
// the payload of a value of type typ.
func (d *Reader) value(typ byte) (token.Token, error) {
	start, at := d.pos, d.pos
	m := typ
	if typ == 0 {
		var err error
		if start, at, err = d.need(start, at, 1); err != nil {
			return token.Token{}, err
		}
		m = d.buf[at]
		at++
	}
	switch sz := int(sizes[m]); sz {
	case 0:
		switch m {
		case mNull:
			return d.scalar(at, token.Null), nil
		case mTrue:
			return d.scalar(at, token.True), nil
		}
		return d.scalar(at, token.False), nil
	case 1, 2, 4, 8:
		start, at, err := d.need(start, at, sz)
		if err != nil {
			return token.Token{}, err
		}
		b := d.buf[at:]
		switch m {
		case mFloat32:
			return d.scalar(at+4, token.FloatWidth(float64(math.Float32frombits(binary.BigEndian.Uint32(b))), 32)), nil
		case mFloat64:
			return d.scalar(at+8, token.FloatWidth(math.Float64frombits(binary.BigEndian.Uint64(b)), 64)), nil
		case mChar:
			if b[0] > 127 {
				return token.Token{}, d.errAt(start, ErrSyntax, "char above 127")
			}
			return d.scalar(at+1, token.StringBytes(b[:1:1]).WithValidUTF8()), nil
		}
		return d.scalar(at+sz, token.Int(readInt(m, b))), nil
	case szVariable:
		what := "string"
		if m == mHigh {
			what = "high-precision number"
		}
		s, end, err := d.text(start, at, what)
		if err != nil {
			return token.Token{}, err
		}
		if m == mString {
			t := token.StringBytes(s)
			if d.strict {
				t = t.WithValidUTF8()
			}
			return d.scalar(end, t), nil
		}
		if n, code := scan.Number(s, true); code != scan.OK || n != len(s) {
			return token.Token{}, d.errAt(d.pos, ErrSyntax, "high-precision number "+strconv.Quote(shorten(s))+" is not a JSON number")
		}
		return d.scalar(end, numberToken(s)), nil
	case szContainer:
		return d.push(start, at, m == mObject)
	}
	if m == mNoop {
		return token.Token{}, d.errAt(start, ErrSyntax, "no-op as the type of a strongly typed container")
	}
	return token.Token{}, d.errAt(start, ErrSyntax, "unknown marker "+quoteMarker(m))
}

// scalar finishes a scalar value that ends at buffer offset end.
func (d *Reader) scalar(end int, t token.Token) token.Token {
	d.pos, d.tokEnd = end, end
	return t
}

// push opens the array or object whose marker (or, strongly typed, whose
// place) is at buffer offset start, with its optional parameters at at.
func (d *Reader) push(start, at int, obj bool) (token.Token, error) {
	if len(d.stack) >= d.o.MaxDepth {
		return token.Token{}, d.errAt(start, ErrDepth, "exceeded max depth")
	}
	var typ byte
	count := int64(-1)
	start, at, err := d.need(start, at, 1)
	if err != nil {
		return token.Token{}, err
	}
	if d.buf[at] == mType {
		if start, at, err = d.need(start, at, 3); err != nil {
			return token.Token{}, err
		}
		typ = d.buf[at+1]
		if sizes[typ] == szInvalid {
			return token.Token{}, d.errAt(start, ErrSyntax, "invalid type "+quoteMarker(typ)+" for a strongly typed container")
		}
		if d.buf[at+2] != mCount {
			return token.Token{}, d.errAt(start, ErrSyntax, "strongly typed container without a count")
		}
		at += 2
	}
	what := "array"
	if obj {
		what = "object"
	}
	if d.buf[at] == mCount {
		d.pos = start
		if count, at, err = d.count(start, at+1, what); err != nil {
			return token.Token{}, err
		}
		start = d.pos
		if err := d.checkCount(start, at, obj, typ, count, what); err != nil {
			return token.Token{}, err
		}
	}
	if typ == mUint8 && !obj {
		// Binary data: the bytes in bulk, as one token.
		switch {
		case d.o.MaxTokenBytes > 0 && count > int64(d.o.MaxTokenBytes):
			return token.Token{}, d.errAt(start, ErrLimit, "uint8 array of "+strconv.FormatInt(count, 10)+" bytes exceeds MaxTokenBytes")
		case d.o.MaxBytes > 0 && count > d.o.MaxBytes-d.base-int64(at):
			return token.Token{}, d.errAt(start, ErrLimit, "uint8 array of "+strconv.FormatInt(count, 10)+" bytes exceeds MaxBytes")
		}
		if start, at, err = d.need(start, at, int(count)); err != nil {
			return token.Token{}, err
		}
		end := at + int(count)
		return d.scalar(end, token.Bytes(d.buf[at:end:end])), nil
	}
	f := rframe{obj: obj, counted: count >= 0, left: count, typ: typ, keyAt: -1}
	if k := len(d.stack); k < cap(d.stack) {
		d.stack = d.stack[:k+1]
		f.key = d.stack[k].key[:0] // reuse the key buffer
		d.stack[k] = f
	} else {
		d.stack = append(d.stack, f)
	}
	d.pos, d.tokEnd = at, at
	if obj {
		return token.BeginObject(int(count)), nil
	}
	return token.BeginArray(int(count)), nil
}

// count reads the count (an integer with its marker) of the container at
// buffer offset start, at buffer offset at; d.pos is set to the (possibly
// moved) start.
func (d *Reader) count(start, at int, what string) (int64, int, error) {
	start, at, err := d.need(start, at, 1)
	if err != nil {
		return 0, 0, err
	}
	m := d.buf[at]
	if !isInt(m) {
		return 0, 0, d.errAt(start, ErrSyntax, "count of "+what+" is not an integer (marker "+quoteMarker(m)+")")
	}
	if start, at, err = d.need(start, at, 1+int(sizes[m])); err != nil {
		return 0, 0, err
	}
	d.pos = start
	n := readInt(m, d.buf[at+1:])
	if n < 0 {
		return 0, 0, d.errAt(start, ErrSyntax, "negative count of "+what)
	}
	return n, at + 1 + int(sizes[m]), nil
}

// checkCount checks the count n of a container (at buffer offset start,
// its content at at) against the limits, and for a byte slice against the
// input left times the least size of an element.
func (d *Reader) checkCount(start, at int, obj bool, typ byte, n int64, what string) error {
	if lim := d.o.MaxElements; lim > 0 && n > int64(lim) {
		return d.errAt(start, ErrLimit, what+" of "+strconv.FormatInt(n, 10)+" elements exceeds MaxElements")
	}
	if n > maxLen {
		return d.errAt(start, ErrLimit, what+" of "+strconv.FormatInt(n, 10)+" elements is too long")
	}
	least := int64(1) // an untyped value: its marker
	switch sz := sizes[typ]; {
	case typ == 0:
	case sz >= 0:
		least = int64(sz)
	case sz == szVariable:
		least = 2 // a length marker and its byte
	}
	if obj {
		least += 2 // a key: its length marker and byte
	}
	if least == 0 {
		if d.free += n; d.free > MaxMarkerOnly {
			return d.errAt(start, ErrLimit, "more than "+strconv.Itoa(MaxMarkerOnly)+" values without payload in strongly typed arrays")
		}
		return nil
	}
	if left := int64(len(d.buf) - at); d.r == nil && n > left/least {
		return d.errAt(start, ErrUnexpectedEOF, what+" of "+strconv.FormatInt(n, 10)+" elements exceeds the "+strconv.FormatInt(left, 10)+" bytes left")
	}
	return nil
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

// ReadValue reads the next whole value and returns its encoding, a view
// valid until the next call; inside a strongly typed container, which
// omits the markers of its values, it is an error. The value is checked
// as ReadToken checks it.
func (d *Reader) ReadValue() ([]byte, error) {
	if d.err != nil {
		return nil, d.err
	}
	if n := len(d.stack); n > 0 {
		if f := &d.stack[n-1]; f.typ != 0 || f.obj && f.n&1 == 0 || f.counted && f.left == 0 {
			return nil, seqError("ReadValue where no value with its marker comes")
		}
	}
	if _, err := d.skipNoops(); err != nil {
		return nil, err
	}
	d.keep = d.pos
	d.pin = d.pos
	defer func() { d.pin = -1 }()
	start := d.base + int64(d.pos)
	depth := len(d.stack)
	for {
		_, err := d.ReadToken()
		if err != nil {
			return nil, err
		}
		if n := len(d.stack); n > depth {
			// The values of a strongly typed array of fixed-size numbers
			// need no checking (chars do: at most 127): skip them in bulk.
			if f := &d.stack[n-1]; !f.obj && f.left > 0 && sizes[f.typ] > 0 && f.typ != mChar {
				size := int(f.left) * int(sizes[f.typ])
				if _, at, err := d.need(d.pos, d.pos, size); err != nil {
					return nil, err
				} else {
					d.pos = at + size
				}
				f.n += f.left
				f.left = 0
			}
		}
		if len(d.stack) == depth {
			s := int(start - d.base)
			return d.buf[s:d.pos:d.pos], nil
		}
	}
}

// path returns the location of the value being read, for errors.
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
		if !f.keyOK {
			sb.WriteByte('?')
			continue
		}
		s := strings.ReplaceAll(string(f.key), "~", "~0")
		sb.WriteString(strings.ReplaceAll(s, "/", "~1"))
	}
	return sb.String()
}

func shorten(s []byte) string {
	if len(s) > 40 {
		return string(s[:37]) + "..."
	}
	return string(s)
}

// numberToken returns the canonical token of valid JSON number text b:
// Int or Uint when b is an integer that fits (other than -0), else
// Number.
func numberToken(b []byte) token.Token {
	d := b
	neg := len(d) > 0 && d[0] == '-'
	if neg {
		d = d[1:]
	}
	if len(d) == 0 || len(d) > 20 || neg && len(d) == 1 && d[0] == '0' {
		return token.NumberBytes(b)
	}
	var u uint64
	for _, c := range d {
		if c-'0' > 9 {
			return token.NumberBytes(b) // a fraction or an exponent
		}
		v := u*10 + uint64(c-'0')
		if u > math.MaxUint64/10 || v < u*10 {
			return token.NumberBytes(b) // beyond 64 bits
		}
		u = v
	}
	if !neg {
		return token.Uint(u)
	}
	if u > 1<<63 {
		return token.NumberBytes(b)
	}
	return token.Int(int64(-u))
}

// Validate checks that data is exactly one valid UBJSON value (no-op
// markers around it allowed), as a Reader with the same options checks
// it: a SyntaxError wrapping ErrUnexpectedEOF when data ends early (or has
// no value), ErrSyntax when it is malformed or has bytes left after the
// value, ErrInvalidUTF8, ErrDepth, ErrLimit or ErrDuplicateName.
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
			return r.errAt(len(data), ErrUnexpectedEOF, "no value")
		}
		return err
	}
	if more, _ := r.skipNoops(); more {
		return r.errAt(r.pos, ErrSyntax, "data after the top-level value")
	}
	return nil
}

// Valid reports whether data is exactly one valid UBJSON value with valid
// UTF-8 strings (see Validate).
func Valid(data []byte) bool { return Validate(data) == nil }
