package msgpack

import (
	"bytes"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/celerjson/celer/internal/binfmt"
	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/stream"
	"github.com/celerjson/celer/token"
)

// flushAt is the buffered size at which a Writer writes out on its own,
// between objects, when it holds nothing back.
const flushAt = 32 << 10

// wframe is an open array or map.
type wframe struct {
	obj   bool
	holds bool  // its content is held in the buffer (hole or sorted map)
	left  int64 // objects it may still take, -1 if unknown
	count int64 // objects written (keys and values both count)
	hole  int   // index in holes of its head, written when it ends, or -1
	start int   // buffer offset of its content
}

// hole is an array or map head to insert at buffer offset pos, once the
// number of elements of its container is known.
type hole struct {
	pos int
	obj bool
	n   uint64
}

// entry is a key-value pair of a map being sorted: offsets of the key's
// start and end and of the value's end.
type entry struct{ ks, ke, ve int }

// A Writer writes tokens as MessagePack objects, one after the other when
// given several top-level values.
//
// Every integer and length takes its smallest format, as the
// specification asks: non-negative integers the positive fixint or the
// smallest uint format, negative ones the negative fixint or the smallest
// int format. Floats of width 32 (or 16) are written as float 32, others
// as float 64, or as float 32 when ShortestFloat is set and float 32
// holds the value exactly. MessagePack arrays and maps always declare
// their length: one whose length is unknown when it starts (BeginArray(-1),
// as from a JSON reader) is held in the buffer until it ends. With
// Deterministic the pairs of every map are sorted by their encoded keys.
//
// Number tokens (exact decimal text, as from JSON) are written as
// integers when they have no fraction and no exponent ("-0" as the float
// -0.0), and otherwise as a float whose value is exactly the number's
// ("0.1" is the double nearest 0.1, whose shortest decimal form is 0.1).
// An integer beyond 64 bits or a number no float holds
// (0.10000000000000000001, 1e400) is an error wrapping ErrUnsupported, or
// by option a str of its text (InexactAsString) or the nearest double
// (InexactAsFloat).
//
// Tags (from CBOR) are read for their meaning where MessagePack has one:
// tag 0 on RFC 3339 text and tag 1 on a number of seconds since the epoch
// become the timestamp extension (in its smallest format, the time zone
// offset dropped; text that does not parse, or a number that is not a
// whole number of nanoseconds, is written as it is), tags 2 and 3 on a
// byte string (bignums) become integers when they fit 64 bits, and follow
// the number policy above otherwise, and so do decimal fractions and
// bigfloats (tag 4 or 5 on an array of an exponent and a mantissa), as
// the number of their exact value. Other tags are dropped and their
// content written as it comes, as package token's JSON writer does.
//
// Ext tokens of token.FamilyMsgpack are written as extensions (a
// timestamp payload is checked), undefined (a CBOR simple value) as nil;
// other Ext tokens are errors wrapping ErrUnsupported. Map keys may be of
// any kind.
//
// Writers buffer their output: call Flush after the last token. A Writer
// is not safe for concurrent use.
type Writer struct {
	o      opts.Struct
	strict bool // check str values are valid UTF-8
	det    bool // sort map keys

	w       io.Writer
	buf     []byte
	stack   []wframe
	holes   []hole
	holding int // open frames that hold their content
	hold    int // buffer offset from which output is held (valid when holding > 0)
	tag     uint64
	tagged  bool // a tag applies to the next value
	err     error
	frac    binfmt.Fraction // a decimal fraction or bigfloat being read
	num     []byte          // its text

	tmp  []byte
	ents []entry
	unq  []byte // the unescaped text of a JSON string (CopyJSON)
}

// NewWriter returns a Writer writing to w.
func NewWriter(w io.Writer, o ...Options) *Writer {
	e := &Writer{o: opts.Collect(o...), w: w}
	e.strict = !e.o.Has(opts.AllowInvalidUTF8)
	e.det = e.o.Has(opts.Deterministic)
	return e
}

// Reset makes e write to w from the top level, keeping its options.
func (e *Writer) Reset(w io.Writer) {
	e.w, e.buf, e.stack, e.holes = w, e.buf[:0], e.stack[:0], e.holes[:0]
	e.frac.Tag = 0
	e.holding, e.hold, e.tagged, e.err = 0, 0, false, nil
}

// Depth returns the number of open arrays and maps.
func (e *Writer) Depth() int { return len(e.stack) }

// WriteToken writes one token; see token.Writer.
func (e *Writer) WriteToken(t token.Token) error {
	if e.err != nil {
		return e.err
	}
	var err error
	if e.frac.Tag != 0 {
		err = e.fractionToken(t)
	} else {
		err = e.write(t)
	}
	if err != nil {
		e.err = err
	}
	return err
}

// fractionToken takes the next token of a decimal fraction or bigfloat
// (CBOR tag 4 or 5), and writes its value as a number when it ends.
func (e *Writer) fractionToken(t token.Token) error {
	text, done, err := e.frac.Next(t, e.num)
	if err != nil || !done {
		return err
	}
	e.frac.Tag, e.num = 0, text
	if e.buf, err = appendNumber(e.buf, text, e.o.Flags); err != nil {
		return err
	}
	return e.done()
}

func (e *Writer) write(t token.Token) error {
	k := t.Kind()
	switch k {
	case token.KindEndArray, token.KindEndObject:
		if e.tagged {
			return seqError("tag without content")
		}
		return e.end(k == token.KindEndObject)
	case token.KindInvalid:
		return seqError("invalid token")
	}
	if !e.tagged {
		if n := len(e.stack); n > 0 {
			f := &e.stack[n-1]
			if f.left == 0 {
				return seqError("more elements than the container declared")
			}
			if f.left > 0 {
				f.left--
			}
			f.count++
		}
	}
	if k == token.KindTag {
		e.tag, e.tagged = t.Tag(), true
		return nil
	}
	if e.tagged {
		e.tagged = false
		done, err := e.tagValue(e.tag, t)
		if err != nil || done {
			if err == nil {
				err = e.done()
			}
			return err
		}
	}
	switch k {
	case token.KindBeginArray, token.KindBeginObject:
		return e.begin(k == token.KindBeginObject, t.Len())
	case token.KindNull:
		e.buf = append(e.buf, bNil)
	case token.KindBool:
		e.buf = append(e.buf, bFalse+byte(b2i(t.Bool())))
	case token.KindInt:
		e.buf = appendInt(e.buf, t.Int())
	case token.KindUint:
		e.buf = appendUint(e.buf, t.Uint())
	case token.KindFloat:
		e.buf = appendFloat(e.buf, t.Float(), t.FloatBits(), e.o.Has(opts.ShortestFloat))
	case token.KindNumber:
		var err error
		if t.ValidNumber() {
			e.buf, err = appendValidNumber(e.buf, t.Data(), e.o.Flags)
		} else {
			e.buf, err = appendNumber(e.buf, t.Data(), e.o.Flags)
		}
		if err != nil {
			return err
		}
	case token.KindString:
		s := t.Data()
		if e.strict && !t.ValidUTF8() && !kernels.ValidUTF8(s) {
			return &errs.Detail{Msg: "msgpack: invalid UTF-8 in str", Sentinel: ErrInvalidUTF8}
		}
		if err := e.appendPayload(appendStrHead, s, "str"); err != nil {
			return err
		}
	case token.KindBytes:
		if err := e.appendPayload(appendBinHead, t.Data(), "bin"); err != nil {
			return err
		}
	case token.KindExt:
		if err := e.ext(t); err != nil {
			return err
		}
	default:
		return seqError("invalid token")
	}
	return e.done()
}

// tagValue writes value t under tag when the tag gives it a MessagePack
// form (see Writer); done is false when t is to be written as it is.
func (e *Writer) tagValue(tag uint64, t token.Token) (done bool, err error) {
	switch {
	case tag == 0 && t.Kind() == token.KindString:
		if sec, nsec, ok := parseRFC3339(t.Data()); ok {
			e.buf = appendTimestamp(e.buf, sec, nsec)
			return true, nil
		}
	case tag == 1:
		if sec, nsec, ok := epochFromToken(t); ok {
			e.buf = appendTimestamp(e.buf, sec, nsec)
			return true, nil
		}
	case (tag == 2 || tag == 3) && t.Kind() == token.KindBytes:
		e.buf, err = appendBignum(e.buf, tag == 3, t.Data(), e.o.Flags)
		return true, err
	case (tag == 4 || tag == 5) && t.Kind() == token.KindBeginArray:
		if t.Len() >= 0 && t.Len() != 2 {
			return true, unsupported("the content of tag " + strconv.FormatUint(tag, 10) + " is not [exponent, mantissa]")
		}
		e.frac.Start(tag, fracError)
		return true, nil
	}
	return false, nil
}

// appendPayload writes a str or bin with its head; a long one bypasses the
// buffer when nothing is held.
func (e *Writer) appendPayload(head func([]byte, int) []byte, s []byte, what string) error {
	if uint64(len(s)) > maxLen32 {
		return limitError(what + " of " + strconv.Itoa(len(s)) + " bytes exceeds the 2^32-1 bytes of MessagePack")
	}
	e.buf = head(e.buf, len(s))
	if len(s) < flushAt || e.holding > 0 || e.w == nil {
		e.buf = append(e.buf, s...)
		return nil
	}
	if err := e.flushAll(); err != nil {
		return err
	}
	_, err := e.w.Write(s)
	if err != nil {
		e.err = err
	}
	return err
}

// ext writes an Ext token.
func (e *Writer) ext(t token.Token) error {
	switch t.Family() {
	case token.FamilyMsgpack:
	case token.FamilySimple:
		if t.ExtType() == 23 { // undefined
			e.buf = append(e.buf, bNil)
			return nil
		}
		fallthrough
	default:
		return unsupported("no MessagePack form for " + t.String())
	}
	typ := int64(t.ExtType())
	p := t.Data()
	switch {
	case typ < math.MinInt8 || typ > math.MaxInt8:
		return unsupported("extension type " + strconv.FormatInt(typ, 10) + " is out of the int8 range")
	case uint64(len(p)) > maxLen32:
		return limitError("ext of " + strconv.Itoa(len(p)) + " bytes exceeds the 2^32-1 bytes of MessagePack")
	case typ == timestampType:
		if _, _, ok := decodeTimestamp(p); !ok {
			return unsupported("invalid timestamp payload of " + strconv.Itoa(len(p)) + " bytes")
		}
	}
	e.buf = appendExtHead(e.buf, int8(typ), len(p))
	e.buf = append(e.buf, p...)
	return nil
}

// begin opens an array or map of n elements (pairs), or of unknown length
// when n < 0.
func (e *Writer) begin(obj bool, n int) error {
	if len(e.stack) >= e.o.MaxDepth {
		return &errs.Detail{Msg: "msgpack: exceeded max depth", Sentinel: ErrDepth}
	}
	if uint64(n) > maxLen32 && n >= 0 {
		return limitError("container of " + strconv.Itoa(n) + " elements exceeds the 2^32-1 of MessagePack")
	}
	f := wframe{obj: obj, left: -1, hole: -1}
	if n >= 0 {
		f.left = int64(n) << b2i(obj)
		e.buf = appendArrayHead(e.buf, obj, uint64(n))
		f.holds = e.det && obj
	} else {
		f.hole = len(e.holes)
		e.holes = append(e.holes, hole{pos: len(e.buf), obj: obj})
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
	if n == 0 || e.stack[n-1].obj != obj {
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
		return seqError("fewer elements than the container declared")
	case f.hole >= 0:
		c := uint64(f.count) >> b2i(obj)
		if c > maxLen32 {
			return limitError("container of " + strconv.FormatUint(c, 10) + " elements exceeds the 2^32-1 of MessagePack")
		}
		e.holes[f.hole].n = c
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
	return e.done()
}

// done follows a complete object: it writes the buffer out when it is
// large and nothing is held.
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
		extra += arrayHeadLen(h.n)
	}
	end := len(e.buf)
	e.buf = slices.Grow(e.buf, extra)[:end+extra]
	shift := extra
	for i := len(hs) - 1; i >= 0; i-- {
		h := hs[i]
		copy(e.buf[h.pos+shift:end+shift], e.buf[h.pos:end])
		shift -= arrayHeadLen(h.n)
		appendArrayHead(e.buf[h.pos+shift:h.pos+shift], h.obj, h.n)
		end = h.pos
	}
	e.holes = e.holes[:first]
}

// sortMap sorts the pairs of the map f that just ended by the bytewise
// order of their encoded keys.
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
	sorted := slices.IsSortedFunc(ents, cmp)
	if !sorted {
		slices.SortFunc(ents, cmp)
	}
	for k := 1; k < len(ents); k++ {
		if cmp(ents[k-1], ents[k]) == 0 {
			return dupKey(region[ents[k].ks:ents[k].ke])
		}
	}
	if !sorted {
		tmp := e.tmp[:0]
		for _, en := range ents {
			tmp = append(tmp, region[en.ks:en.ve]...)
		}
		copy(region, tmp)
		e.tmp = tmp
	}
	return nil
}

func dupKey(key []byte) error {
	return &errs.Detail{Msg: "msgpack: duplicate map key " + keyPath(key) + " with Deterministic", Sentinel: ErrDuplicateName}
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

// CopyJSON copies the tokens of d (a token.JSONReader's decoder) as
// WriteToken would write them, without making Tokens of them; see
// token.JSONCopier. token.Copy calls it. Number text goes straight to
// appendValidNumber (which gives integer text the integer a JSONReader's
// Int or Uint token would get), strings to the str writer.
func (e *Writer) CopyJSON(d *stream.Decoder, validUTF8 bool) (n int64, ok bool, err error) {
	if e.err != nil || e.tagged || e.frac.Tag != 0 {
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

// jsonToken writes the JSON token t as write does the token a JSONReader
// makes of it.
func (e *Writer) jsonToken(t stream.Token, validUTF8 bool) error {
	k := t.Kind()
	if k == stream.KindEndArray || k == stream.KindEndObject {
		return e.end(k == stream.KindEndObject)
	}
	if n := len(e.stack); n > 0 {
		f := &e.stack[n-1]
		if f.left == 0 {
			return seqError("more elements than the container declared")
		}
		if f.left > 0 {
			f.left--
		}
		f.count++
	}
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
			return &errs.Detail{Msg: "msgpack: invalid UTF-8 in str", Sentinel: ErrInvalidUTF8}
		}
		if err := e.appendPayload(appendStrHead, s, "str"); err != nil {
			return err
		}
	case stream.KindBeginArray, stream.KindBeginObject:
		return e.begin(k == stream.KindBeginObject, -1)
	case stream.KindTrue:
		e.buf = append(e.buf, bTrue)
	case stream.KindFalse:
		e.buf = append(e.buf, bFalse)
	default:
		e.buf = append(e.buf, bNil)
	}
	return e.done()
}
