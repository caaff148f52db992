package cbor

import (
	"bytes"
	"io"
	"slices"
	"strconv"

	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/stream"
	"github.com/celerjson/celer/token"
)

// flushAt is the buffered size at which a Writer writes out on its own,
// between items, when it holds nothing back.
const flushAt = 32 << 10

// wframe is an open array or map.
type wframe struct {
	obj   bool
	indef bool  // written with indefinite-length encoding
	holds bool  // its content is held in the buffer (hole or deterministic map)
	left  int64 // items it may still take, -1 if unbounded
	count int64 // items written (keys and values both count)
	hole  int   // index in holes of its head, written when it ends, or -1
	start int   // buffer offset of its content
}

// hole is a head to insert at buffer offset pos, once the number of items
// of its container is known.
type hole struct {
	pos   int
	major byte
	n     uint64
}

// entry is a key-value pair of a map being sorted: offsets of the key's
// start and end and of the value's end.
type entry struct{ ks, ke, ve int }

// A Writer writes tokens as CBOR data items (RFC 8949), a CBOR sequence
// when given several top-level values.
//
// It writes the preferred serialization (section 4.1): the shortest head
// for every integer, length and tag, the shortest float that keeps the
// value, and definite lengths: an array or map of unknown length
// (BeginArray(-1)) is held in the buffer until it ends and then written
// with its length, unless IndefiniteLength asks for streaming
// indefinite-length encoding. With Deterministic it writes the core
// deterministic encoding (section 4.2.1): map entries sorted by their
// encoded keys, never indefinite lengths.
//
// Number tokens (exact decimal text, as from JSON) are written as
// integers when they have no fraction and no exponent (beyond 64 bits as
// bignums, tags 2 and 3; "-0" as the float -0.0), and otherwise as the
// shortest float that holds the same value: a float whose shortest
// decimal form is the number itself, so "0.1" is written as the double
// nearest to 0.1 but "0.10000000000000000001" has no such float and is an
// error wrapping ErrUnsupported, or by option the nearest double
// (InexactAsFloat), a text string (InexactAsString) or a decimal fraction
// (tag 4, InexactAsDecimal).
//
// Writers buffer their output: call Flush after the last token. A Writer
// is not safe for concurrent use.
type Writer struct {
	o      opts.Struct
	strict bool // check text strings are valid UTF-8
	det    bool // core deterministic encoding
	indef  bool // indefinite lengths for unknown lengths

	w        io.Writer
	buf      []byte
	stack    []wframe
	holes    []hole
	holding  int // open frames that hold their content
	hold     int // buffer offset from which output is held (valid when holding > 0)
	afterTag bool
	tags     int // tags in a row
	err      error

	tmp  []byte
	ents []entry
	unq  []byte // the unescaped text of a JSON string (CopyJSON)
}

// NewWriter returns a Writer writing to w.
func NewWriter(w io.Writer, o ...Options) *Writer {
	e := &Writer{o: opts.Collect(o...), w: w}
	e.strict = !e.o.Has(opts.AllowInvalidUTF8)
	e.det = e.o.Has(opts.Deterministic)
	e.indef = e.o.Has(opts.IndefiniteLength) && !e.det
	return e
}

// Reset makes e write to w from the top level, keeping its options.
func (e *Writer) Reset(w io.Writer) {
	e.w, e.buf, e.stack, e.holes = w, e.buf[:0], e.stack[:0], e.holes[:0]
	e.holding, e.hold, e.afterTag, e.tags, e.err = 0, 0, false, 0, nil
}

// Depth returns the number of open arrays and maps.
func (e *Writer) Depth() int { return len(e.stack) }

func seqError(msg string) error {
	return &errs.Detail{Msg: "cbor: " + msg, Sentinel: ErrInvalidSequence}
}

func unsupported(msg string) error {
	return &errs.Detail{Msg: "cbor: " + msg, Sentinel: ErrUnsupported}
}

// WriteToken writes one token; see token.Writer.
func (e *Writer) WriteToken(t token.Token) error {
	if e.err != nil {
		return e.err
	}
	if err := e.write(t); err != nil {
		e.err = err
		return err
	}
	return nil
}

func (e *Writer) write(t token.Token) error {
	k := t.Kind()
	switch k {
	case token.KindEndArray, token.KindEndObject:
		return e.end(k == token.KindEndObject)
	case token.KindInvalid:
		return seqError("invalid token")
	}
	if !e.afterTag {
		if n := len(e.stack); n > 0 {
			f := &e.stack[n-1]
			if f.left == 0 {
				return seqError("more items than the container declared")
			}
			if f.left > 0 {
				f.left--
			}
			f.count++
		}
	}
	e.afterTag = false
	switch k {
	case token.KindTag:
		e.tags++
		if len(e.stack)+e.tags > e.o.MaxDepth {
			return &errs.Detail{Msg: "cbor: exceeded max depth", Sentinel: ErrDepth}
		}
		e.buf = appendHead(e.buf, majorTag, t.Tag())
		e.afterTag = true
		return nil
	case token.KindBeginArray, token.KindBeginObject:
		e.tags = 0
		return e.begin(k == token.KindBeginObject, t.Len())
	case token.KindNull:
		e.buf = append(e.buf, 0xf6)
	case token.KindBool:
		if t.Bool() {
			e.buf = append(e.buf, 0xf5)
		} else {
			e.buf = append(e.buf, 0xf4)
		}
	case token.KindInt:
		e.buf = appendInt(e.buf, t.Int())
	case token.KindUint:
		e.buf = appendHead(e.buf, majorUint, t.Uint())
	case token.KindFloat:
		e.buf = appendFloat(e.buf, t.Float())
	case token.KindNumber:
		if err := e.number(t.Data()); err != nil {
			return err
		}
	case token.KindString:
		s := t.Data()
		if e.strict && !t.ValidUTF8() && !kernels.ValidUTF8(s) {
			return &errs.Detail{Msg: "cbor: invalid UTF-8 in text string", Sentinel: ErrInvalidUTF8}
		}
		if err := e.appendString(majorText, s); err != nil {
			return err
		}
	case token.KindBytes:
		if err := e.appendString(majorBytes, t.Data()); err != nil {
			return err
		}
	case token.KindExt:
		if err := e.ext(t); err != nil {
			return err
		}
	default:
		return seqError("invalid token")
	}
	e.tags = 0
	return e.done()
}

// CopyJSON copies the tokens of d (a token.JSONReader's decoder) as
// WriteToken would write the tokens the JSONReader makes of them,
// without making Tokens; see token.JSONCopier. token.Copy calls it.
// Number text goes straight to appendValidNumber, strings to
// appendString. TestCopyJSON and FuzzCopyJSON compare it with copying
// token by token.
func (e *Writer) CopyJSON(d *stream.Decoder, validUTF8 bool) (n int64, ok bool, err error) {
	if e.err != nil || e.afterTag {
		return 0, false, nil // token by token: WriteToken's own cases
	}
	for {
		t, err := d.ReadToken()
		if err != nil {
			if err == io.EOF {
				return n, true, nil
			}
			return n, true, err
		}
		if err := e.jsonToken(t, validUTF8); err != nil {
			e.err = err
			return n, true, err
		}
		n++
	}
}

// jsonToken writes the JSON token t as write writes the token a
// JSONReader makes of it (never a tag: afterTag stays false).
func (e *Writer) jsonToken(t stream.Token, validUTF8 bool) error {
	k := t.Kind()
	if k == stream.KindEndArray || k == stream.KindEndObject {
		return e.end(k == stream.KindEndObject)
	}
	if n := len(e.stack); n > 0 {
		f := &e.stack[n-1]
		if f.left == 0 {
			return seqError("more items than the container declared")
		}
		if f.left > 0 {
			f.left--
		}
		f.count++
	}
	e.tags = 0
	switch k {
	case stream.KindNumber:
		var err error
		if e.buf, err = appendValidNumber(e.buf, t.Raw(), e.o.Flags); err != nil {
			return err
		}
	case stream.KindString:
		raw := t.Raw()
		s := raw[1 : len(raw)-1]
		if bytes.IndexByte(s, '\\') >= 0 {
			e.unq = t.AppendString(e.unq[:0])
			s = e.unq
		}
		if e.strict && !validUTF8 && !kernels.ValidUTF8(s) {
			return &errs.Detail{Msg: "cbor: invalid UTF-8 in text string", Sentinel: ErrInvalidUTF8}
		}
		if err := e.appendString(majorText, s); err != nil {
			return err
		}
	case stream.KindBeginArray, stream.KindBeginObject:
		return e.begin(k == stream.KindBeginObject, -1)
	case stream.KindTrue:
		e.buf = append(e.buf, 0xf5)
	case stream.KindFalse:
		e.buf = append(e.buf, 0xf4)
	default:
		e.buf = append(e.buf, 0xf6)
	}
	return e.done()
}

// appendString writes a byte or text string; a long one bypasses the
// buffer when nothing is held.
func (e *Writer) appendString(major byte, s []byte) error {
	e.buf = appendHead(e.buf, major, uint64(len(s)))
	if len(s) < flushAt || e.holding > 0 || e.w == nil {
		e.buf = append(e.buf, s...)
		return nil
	}
	if err := e.flushAll(); err != nil {
		return err
	}
	_, err := e.w.Write(s)
	return err
}

// ext writes an Ext token: CBOR simple values; other families have no
// CBOR form.
func (e *Writer) ext(t token.Token) error {
	v := t.ExtType()
	if t.Family() != token.FamilySimple {
		return unsupported("no CBOR form for " + t.String())
	}
	switch {
	case v < 24:
		e.buf = append(e.buf, majorSimple<<5|byte(v))
	case v < 32 || v > 255:
		return unsupported("simple value " + strconv.FormatUint(v, 10) + " is reserved or out of range")
	default:
		e.buf = append(e.buf, majorSimple<<5|aiOne, byte(v))
	}
	return nil
}

// begin opens an array or map of n items (pairs), or of unknown length
// when n < 0.
func (e *Writer) begin(obj bool, n int) error {
	if len(e.stack) >= e.o.MaxDepth {
		return &errs.Detail{Msg: "cbor: exceeded max depth", Sentinel: ErrDepth}
	}
	major := byte(majorArray)
	unit := int64(1)
	if obj {
		major, unit = majorMap, 2
	}
	f := wframe{obj: obj, left: -1, hole: -1}
	if n > maxLen {
		return &errs.Detail{Msg: "cbor: container length " + strconv.Itoa(n) + " is too long", Sentinel: ErrLimit}
	}
	switch {
	case n >= 0:
		f.left = int64(n) * unit
		e.buf = appendHead(e.buf, major, uint64(n))
		f.holds = e.det && obj
	case e.indef:
		e.buf = append(e.buf, major<<5|aiIndef)
		f.indef = true
	default:
		f.hole = len(e.holes)
		e.holes = append(e.holes, hole{pos: len(e.buf), major: major})
		f.holds = true
	}
	f.start = len(e.buf)
	if f.holds {
		if e.holding == 0 {
			e.hold = f.start
		}
		e.holding++
	}
	e.stack = append(e.stack, f)
	return nil
}

// end closes the innermost container.
func (e *Writer) end(obj bool) error {
	n := len(e.stack)
	switch {
	case e.afterTag:
		return seqError("tag without content")
	case n == 0 || e.stack[n-1].obj != obj:
		if obj {
			return seqError("unexpected end of map")
		}
		return seqError("unexpected end of array")
	}
	f := e.stack[n-1]
	switch {
	case obj && f.count&1 == 1:
		return seqError("map key without a value")
	case f.left > 0:
		return seqError("fewer items than the container declared")
	case f.indef:
		e.buf = append(e.buf, breakByte)
	case f.hole >= 0:
		e.holes[f.hole].n = uint64(f.count)
		if obj {
			e.holes[f.hole].n /= 2
		}
	}
	if e.det && obj {
		if err := e.sortMap(&f); err != nil {
			return err
		}
	}
	e.stack = e.stack[:n-1]
	if f.holds {
		e.holding--
		if e.holding == 0 {
			e.resolve(0)
		}
	}
	e.tags = 0
	return e.done()
}

// done follows a complete item: it writes the buffer out when it is large
// and nothing is held.
func (e *Writer) done() error {
	if e.holding == 0 && len(e.buf) >= flushAt && e.w != nil {
		return e.flushAll()
	}
	return nil
}

// resolve inserts the heads of holes[first:], which all lie in the tail of
// the buffer, moving each byte once (from the last hole backwards).
func (e *Writer) resolve(first int) {
	hs := e.holes[first:]
	if len(hs) == 0 {
		return
	}
	extra := 0
	for _, h := range hs {
		extra += headLen(h.n)
	}
	end := len(e.buf)
	e.buf = slices.Grow(e.buf, extra)[:end+extra]
	shift := extra
	for i := len(hs) - 1; i >= 0; i-- {
		h := hs[i]
		copy(e.buf[h.pos+shift:end+shift], e.buf[h.pos:end])
		shift -= headLen(h.n)
		putHead(e.buf[h.pos+shift:], h.major, h.n)
		end = h.pos
	}
	e.holes = e.holes[:first]
}

// sortMap sorts the entries of the map f that just ended by the bytewise
// order of their encoded keys (RFC 8949 section 4.2.1).
func (e *Writer) sortMap(f *wframe) error {
	first := f.hole + 1
	if f.hole < 0 {
		first = len(e.holes)
		for first > 0 && e.holes[first-1].pos >= f.start {
			first--
		}
	}
	e.resolve(first)
	region := e.buf[f.start:]
	ents := e.ents[:0]
	for i := 0; i < len(region); {
		ke := skip(region, i)
		ve := skip(region, ke)
		ents = append(ents, entry{i, ke, ve})
		i = ve
	}
	e.ents = ents
	cmp := func(a, b entry) int { return bytes.Compare(region[a.ks:a.ke], region[b.ks:b.ke]) }
	if slices.IsSortedFunc(ents, cmp) {
		for k := 1; k < len(ents); k++ {
			if cmp(ents[k-1], ents[k]) == 0 {
				return dupKey(region[ents[k].ks:ents[k].ke])
			}
		}
		return nil
	}
	slices.SortFunc(ents, cmp)
	tmp := e.tmp[:0]
	for k, en := range ents {
		if k > 0 && cmp(ents[k-1], en) == 0 {
			return dupKey(region[en.ks:en.ke])
		}
		tmp = append(tmp, region[en.ks:en.ve]...)
	}
	copy(region, tmp)
	e.tmp = tmp
	return nil
}

func dupKey(key []byte) error {
	s, err := Diagnose(key)
	if err != nil {
		s = "?"
	}
	return &errs.Detail{Msg: "cbor: duplicate map key " + s + " in deterministic encoding", Sentinel: ErrDuplicateName}
}

// Flush writes out everything buffered except the content of containers
// still held (see Writer).
func (e *Writer) Flush() error {
	if e.err != nil {
		return e.err
	}
	if e.holding == 0 {
		return e.flushAll()
	}
	if e.hold == 0 {
		return nil
	}
	if _, err := e.w.Write(e.buf[:e.hold]); err != nil {
		e.err = err
		return err
	}
	n := e.hold
	e.buf = e.buf[:copy(e.buf, e.buf[n:])]
	for i := range e.holes {
		e.holes[i].pos -= n
	}
	for i := range e.stack {
		e.stack[i].start = max(e.stack[i].start-n, 0)
	}
	e.hold = 0
	return nil
}

func (e *Writer) flushAll() error {
	if len(e.buf) == 0 {
		return nil
	}
	_, err := e.w.Write(e.buf)
	e.buf = e.buf[:0]
	if err != nil {
		e.err = err
	}
	return err
}
