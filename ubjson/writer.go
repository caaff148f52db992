package ubjson

import (
	"bytes"
	"encoding/binary"
	"io"
	"math"
	"strconv"

	"github.com/celerjson/celer/internal/binfmt"
	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
	"github.com/celerjson/celer/stream"
	"github.com/celerjson/celer/token"
)

// flushAt is the buffered size at which a Writer writes out on its own,
// between values, when it holds nothing back.
const flushAt = 32 << 10

// wframe is an open array or object.
type wframe struct {
	obj   bool
	key   bool  // the next value is a key
	left  int64 // values it may still take, -1 if unbounded
	cand  bool  // an array that may be rewritten strongly typed (TypedArrays)
	start int   // buffer offset of its '[' (candidates)
}

// A Writer writes tokens as UBJSON values (Draft 12), one after the other
// when given several top-level values.
//
// Null, booleans and strings take their markers (a one-character ASCII
// string the char type C, as the specification's examples do), integers
// the smallest integer type that holds them (int8 for -128 to 127, uint8
// for 128 to 255, then int16, int32, int64), and integers beyond int64
// (Uint tokens, bignums, JSON integers) high-precision numbers (H) of
// their decimal text. Floats of width 32 (or 16) are written as float32
// (d), others as float64 (D), or as float32 with ShortestFloat when
// float32 holds the value exactly; NaN and infinities as null, as the
// specification requires. Byte strings (Bytes tokens) are written as
// strongly typed arrays of uint8 ([$U#n), the specification's binary
// data. Arrays and objects are written with their end markers, streaming
// whatever their declared length; with TypedArrays, arrays of numbers are
// held and written strongly typed (see TypedArrays).
//
// Number tokens (exact decimal text, as from JSON) are written as
// integers when they have no fraction and no exponent ("-0" as the float
// -0.0), and otherwise as the float whose value is exactly the number's
// ("0.1" is the double nearest 0.1); a number no float holds
// (0.10000000000000000001, 1e400) is an error wrapping ErrUnsupported, or
// by option a high-precision number of its text (InexactAsDecimal), a
// string (InexactAsString) or the nearest double (InexactAsFloat).
//
// Object keys must be String tokens (with StringifyKeys, other scalars
// become their JSON text). Tags (from CBOR) are dropped and their content
// written as it comes, except bignums (tags 2 and 3 on a byte string),
// written as integers, and decimal fractions and bigfloats (tags 4 and 5
// on an array of an exponent and a mantissa), written as the number of
// their exact value by the number rules above. Undefined (a CBOR simple
// value) is written as null; other Ext tokens are errors wrapping
// ErrUnsupported.
//
// Writers buffer their output: call Flush after the last token. A Writer
// is not safe for concurrent use.
type Writer struct {
	o      opts.Struct
	strict bool // check strings are valid UTF-8
	typed  bool // TypedArrays
	short  bool // ShortestFloat

	w       io.Writer
	buf     []byte
	stack   []wframe
	holding bool // a candidate array holds the buffer from hold on
	hold    int
	tag     uint64
	tagged  bool // a tag applies to the next value
	err     error
	frac    binfmt.Fraction // a decimal fraction or bigfloat being read
	num     []byte          // its text
	tmp     []byte
	unq     []byte // the unescaped text of a JSON string (CopyJSON)
}

// NewWriter returns a Writer writing to w.
func NewWriter(w io.Writer, o ...Options) *Writer {
	e := &Writer{o: opts.Collect(o...), w: w}
	e.strict = !e.o.Has(opts.AllowInvalidUTF8)
	e.typed = e.o.Has(opts.TypedArrays)
	e.short = e.o.Has(opts.ShortestFloat)
	return e
}

// Reset makes e write to w from the top level, keeping its options.
func (e *Writer) Reset(w io.Writer) {
	e.w, e.buf, e.stack = w, e.buf[:0], e.stack[:0]
	e.frac.Tag = 0
	e.holding, e.hold, e.tagged, e.err = false, 0, false, nil
}

// Depth returns the number of open arrays and objects.
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
	var f *wframe
	if n := len(e.stack); n > 0 {
		f = &e.stack[n-1]
	}
	if !e.tagged && f != nil {
		if f.left == 0 {
			return seqError("more values than the container declared")
		}
		if f.left > 0 {
			f.left--
		}
	}
	if k == token.KindTag {
		e.tag, e.tagged = t.Tag(), true
		return nil
	}
	tag, tagged := e.tag, e.tagged
	e.tagged = false
	if f != nil && f.obj && f.key {
		f.key = false
		return e.key(t)
	}
	if f != nil {
		if f.obj {
			f.key = true
		}
		if f.cand && !isNumberKind(k) {
			e.cancel(f)
		}
	}
	if tagged {
		switch {
		case (tag == 2 || tag == 3) && k == token.KindBytes:
			var err error
			e.buf, err = appendBignum(e.buf, tag == 3, t.Data())
			if err != nil {
				return err
			}
			return e.done()
		case (tag == 4 || tag == 5) && k == token.KindBeginArray:
			if t.Len() >= 0 && t.Len() != 2 {
				return unsupported("the content of tag " + strconv.FormatUint(tag, 10) + " is not [exponent, mantissa]")
			}
			e.frac.Start(tag, fracError)
			return nil
		}
	}
	switch k {
	case token.KindBeginArray, token.KindBeginObject:
		return e.begin(k == token.KindBeginObject, t.Len())
	case token.KindNull:
		e.buf = append(e.buf, mNull)
	case token.KindBool:
		if t.Bool() {
			e.buf = append(e.buf, mTrue)
		} else {
			e.buf = append(e.buf, mFalse)
		}
	case token.KindInt:
		e.buf = appendInt(e.buf, t.Int())
	case token.KindUint:
		e.buf = appendHigh(e.buf, strconv.AppendUint(e.tmp[:0], t.Uint(), 10))
	case token.KindFloat:
		e.buf = appendFloat(e.buf, t.Float(), t.FloatBits(), e.short)
	case token.KindNumber:
		var err error
		if e.buf, err = appendNumber(e.buf, t.Data(), e.o.Flags); err != nil {
			return err
		}
	case token.KindString:
		s := t.Data()
		if e.strict && !t.ValidUTF8() && !kernels.ValidUTF8(s) {
			return &errs.Detail{Msg: "ubjson: invalid UTF-8 in string", Sentinel: ErrInvalidUTF8}
		}
		if len(s) == 1 && s[0] < 0x80 {
			e.buf = append(e.buf, mChar, s[0])
			break
		}
		e.buf = appendInt(append(e.buf, mString), int64(len(s)))
		if err := e.appendPayload(s); err != nil {
			return err
		}
	case token.KindBytes:
		s := t.Data()
		e.buf = append(e.buf, mArray, mType, mUint8, mCount)
		e.buf = appendInt(e.buf, int64(len(s)))
		if err := e.appendPayload(s); err != nil {
			return err
		}
	case token.KindExt:
		if t.Family() == token.FamilySimple && t.ExtType() == 23 { // undefined
			e.buf = append(e.buf, mNull)
			break
		}
		return unsupported("no UBJSON form for " + t.String())
	default:
		return seqError("invalid token")
	}
	return e.done()
}

// CopyJSON copies the tokens of d (a token.JSONReader's decoder) as
// WriteToken would write the tokens the JSONReader makes of them,
// without making Tokens; see token.JSONCopier. token.Copy calls it.
// Number text goes straight to appendValidNumber. TestCopyJSON and
// FuzzCopyJSON compare it with copying token by token.
func (e *Writer) CopyJSON(d *stream.Decoder, validUTF8 bool) (n int64, ok bool, err error) {
	if e.err != nil || e.tagged || e.frac.Tag != 0 {
		return 0, false, nil // token by token: WriteToken's own cases
	}
	if len(e.stack) > 0 {
		// Inside a container the caller opened, a key may come next, and
		// jsonToken takes every key for a string (as JSON's own are).
		return 0, false, nil
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
// JSONReader makes of it (never a tag).
func (e *Writer) jsonToken(t stream.Token, validUTF8 bool) error {
	k := t.Kind()
	if k == stream.KindEndArray || k == stream.KindEndObject {
		return e.end(k == stream.KindEndObject)
	}
	var f *wframe
	if n := len(e.stack); n > 0 {
		f = &e.stack[n-1]
		if f.left == 0 {
			return seqError("more values than the container declared")
		}
		if f.left > 0 {
			f.left--
		}
	}
	var s []byte
	if k == stream.KindString {
		raw := t.Raw()
		s = raw[1 : len(raw)-1]
		if bytes.IndexByte(s, '\\') >= 0 {
			e.unq = t.AppendString(e.unq[:0])
			s = e.unq
		}
	}
	if f != nil && f.obj && f.key { // a key: JSON's are strings
		f.key = false
		if e.strict && !validUTF8 && !kernels.ValidUTF8(s) {
			return &errs.Detail{Msg: "ubjson: invalid UTF-8 in object key", Sentinel: ErrInvalidUTF8}
		}
		e.buf = appendInt(e.buf, int64(len(s)))
		e.buf = append(e.buf, s...)
		return nil
	}
	if f != nil {
		if f.obj {
			f.key = true
		}
		if f.cand && k != stream.KindNumber {
			e.cancel(f)
		}
	}
	switch k {
	case stream.KindBeginArray, stream.KindBeginObject:
		return e.begin(k == stream.KindBeginObject, -1)
	case stream.KindNumber:
		var err error
		if e.buf, err = appendValidNumber(e.buf, t.Raw(), e.o.Flags); err != nil {
			return err
		}
	case stream.KindString:
		if e.strict && !validUTF8 && !kernels.ValidUTF8(s) {
			return &errs.Detail{Msg: "ubjson: invalid UTF-8 in string", Sentinel: ErrInvalidUTF8}
		}
		if len(s) == 1 && s[0] < 0x80 {
			e.buf = append(e.buf, mChar, s[0])
			break
		}
		e.buf = appendInt(append(e.buf, mString), int64(len(s)))
		if err := e.appendPayload(s); err != nil {
			return err
		}
	case stream.KindTrue:
		e.buf = append(e.buf, mTrue)
	case stream.KindFalse:
		e.buf = append(e.buf, mFalse)
	default:
		e.buf = append(e.buf, mNull)
	}
	return e.done()
}

func isNumberKind(k token.Kind) bool {
	switch k {
	case token.KindInt, token.KindUint, token.KindFloat, token.KindNumber:
		return true
	}
	return false
}

// key writes an object key.
func (e *Writer) key(t token.Token) error {
	var s []byte
	switch t.Kind() {
	case token.KindString:
		s = t.Data()
		if e.strict && !t.ValidUTF8() && !kernels.ValidUTF8(s) {
			return &errs.Detail{Msg: "ubjson: invalid UTF-8 in object key", Sentinel: ErrInvalidUTF8}
		}
	case token.KindBeginArray, token.KindBeginObject:
		return unsupported("an object key that is an " + t.Kind().String()[6:])
	default:
		if !e.o.Has(opts.StringifyKeys) {
			return unsupported("an object key that is not a string (" + t.String() + ")")
		}
		var ok bool
		if s, ok = e.keyText(t); !ok {
			return unsupported("an object key " + t.String() + " with no string form")
		}
	}
	e.buf = appendInt(e.buf, int64(len(s)))
	e.buf = append(e.buf, s...)
	return nil
}

// keyText returns the JSON text of a scalar key that is not a string.
func (e *Writer) keyText(t token.Token) ([]byte, bool) {
	b := e.tmp[:0]
	switch t.Kind() {
	case token.KindNull:
		b = append(b, "null"...)
	case token.KindBool:
		b = strconv.AppendBool(b, t.Bool())
	case token.KindInt:
		b = strconv.AppendInt(b, t.Int(), 10)
	case token.KindUint:
		b = strconv.AppendUint(b, t.Uint(), 10)
	case token.KindNumber:
		if n, code := scan.Number(t.Data(), true); code != scan.OK || n != len(t.Data()) {
			return nil, false
		}
		b = append(b, t.Data()...)
	case token.KindFloat:
		var err error
		if b, err = scan.AppendFloat(b, t.Float(), 64); err != nil {
			return nil, false
		}
	default:
		return nil, false
	}
	e.tmp = b
	return b, true
}

// appendPayload appends the bytes of a string; a long one bypasses the
// buffer when nothing is held.
func (e *Writer) appendPayload(s []byte) error {
	if len(s) < flushAt || e.holding || e.w == nil {
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

// begin opens an array or object; declared lengths are only checked.
func (e *Writer) begin(obj bool, n int) error {
	if len(e.stack) >= e.o.MaxDepth {
		return &errs.Detail{Msg: "ubjson: exceeded max depth", Sentinel: ErrDepth}
	}
	if k := len(e.stack); k > 0 && e.stack[k-1].cand {
		e.cancel(&e.stack[k-1])
	}
	f := wframe{obj: obj, key: obj, left: -1, start: len(e.buf)}
	if n >= 0 {
		f.left = int64(n) << b2i(obj)
	}
	if obj {
		e.buf = append(e.buf, mObject)
	} else {
		e.buf = append(e.buf, mArray)
		if e.typed && !e.holding {
			f.cand, e.holding, e.hold = true, true, f.start
		}
	}
	e.stack = append(e.stack, f)
	return nil
}

// cancel makes candidate array f an ordinary one: its content, already
// written with markers, is no longer held.
func (e *Writer) cancel(f *wframe) {
	f.cand, e.holding = false, false
}

// end closes the innermost container.
func (e *Writer) end(obj bool) error {
	n := len(e.stack)
	if n == 0 || e.stack[n-1].obj != obj {
		if obj {
			return seqError("unexpected end of object")
		}
		return seqError("unexpected end of array")
	}
	f := e.stack[n-1]
	switch {
	case obj && !f.key:
		return seqError("object key without a value")
	case f.left > 0:
		return seqError("fewer values than the container declared")
	}
	e.stack = e.stack[:n-1]
	if f.cand {
		e.holding = false
		if e.rewriteTyped(f.start) {
			return e.done()
		}
	}
	if obj {
		e.buf = append(e.buf, mObjectEnd)
	} else {
		e.buf = append(e.buf, mArrayEnd)
	}
	return e.done()
}

// rewriteTyped rewrites the array whose '[' is at buffer offset start,
// all of whose values follow it with their markers, as a strongly typed
// array when all the values are integers or all are floats and the
// typed form is no larger; it reports whether it did (then the array is
// complete, with no end marker).
func (e *Writer) rewriteTyped(start int) bool {
	region := e.buf[start+1:]
	var n, lo, hi int64
	ints, floats, wide := false, false, false
	for i := 0; i < len(region); {
		m := region[i]
		switch m {
		case mInt8, mUint8, mInt16, mInt32, mInt64:
			x := readInt(m, region[i+1:])
			if !ints {
				lo, hi = x, x
			}
			lo, hi = min(lo, x), max(hi, x)
			ints = true
		case mFloat32:
			floats = true
		case mFloat64:
			floats, wide = true, true
		default:
			return false // null (NaN), high precision, ...
		}
		i += 1 + int(sizes[m])
		n++
	}
	plain := int64(len(region)) + 2 // '[' ... ']'
	if n == 0 || ints && floats {
		return false
	}
	typ := byte(mFloat32)
	switch {
	case ints:
		typ = widerInt(intRank(lo), intRank(hi))
	case wide:
		typ = mFloat64
	}
	head := appendInt([]byte{mArray, mType, typ, mCount}, n)
	if int64(len(head))+n*int64(sizes[typ]) > plain {
		return false
	}
	out := append(e.tmp[:0], head...)
	for i := 0; i < len(region); {
		m := region[i]
		p := region[i+1:]
		switch {
		case ints:
			out = appendIntAs(out, typ, readInt(m, p))
		case typ == mFloat32:
			out = append(out, p[:4]...)
		case m == mFloat32:
			f := math.Float32frombits(binary.BigEndian.Uint32(p))
			out = binary.BigEndian.AppendUint64(out, math.Float64bits(float64(f)))
		default:
			out = append(out, p[:8]...)
		}
		i += 1 + int(sizes[m])
	}
	e.buf = append(e.buf[:start], out...)
	e.tmp = out
	return true
}

// done follows a complete value: it writes the buffer out when it is
// large and nothing is held.
func (e *Writer) done() error {
	if !e.holding && len(e.buf) >= flushAt && e.w != nil {
		return e.flushAll()
	}
	return nil
}

// Flush writes out everything buffered except an array held to be
// rewritten strongly typed (see TypedArrays).
func (e *Writer) Flush() error {
	if e.err != nil {
		return e.err
	}
	if !e.holding {
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
