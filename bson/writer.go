package bson

import (
	"bytes"
	"encoding/binary"
	"io"
	"math/big"
	"strconv"

	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
	"github.com/celerjson/celer/stream"
	"github.com/celerjson/celer/token"
)

// flushAt is the buffered size of complete documents at which a Writer
// writes out on its own.
const flushAt = 32 << 10

// maxBigBytes bounds the byte strings of bignums (CBOR tags 2 and 3)
// that a Writer turns into numbers: the conversion to decimal takes time
// quadratic in the size.
const maxBigBytes = 8 << 10

// wframe is an open document or array.
type wframe struct {
	start  int  // buffer offset of its length prefix
	arr    bool // an array
	idx    int  // array: index of the next element
	key    bool // document: a key was written, its value comes next
	typeAt int  // document: buffer offset of the pending element's type byte
}

// A Writer writes tokens as BSON documents, one after the other (a .bson
// file). BSON's top level must be a document: a top-level token other
// than BeginObject is an error wrapping ErrUnsupported.
//
// BSON writes each document's length before its content, so a Writer
// holds each top-level document in memory until it ends (embedded
// documents and arrays get their lengths filled in when they end, in
// place): its memory is the size of the largest top-level document,
// which MaxBytes bounds (ErrLimit beyond it; BSON itself caps a document
// at 2^31-1 bytes). Complete documents are written out once 32 KiB
// accumulate, and by Flush.
//
// Tokens map to elements as follows: Null, Bool, String (UTF-8 checked
// unless AllowInvalidUTF8), Bytes as binary subtype 0, Float as double
// (whatever its width), token.Undefined as undefined, BeginObject as an
// embedded document, BeginArray as an array with keys "0", "1", ...; Int
// as int32 when it fits, else int64; Number tokens (exact decimal text,
// from JSON) as int32 or int64 when they are integers that fit, as a
// double when they have a fraction or an exponent and the nearest double
// has exactly their value (and "-0" as the double -0.0), and otherwise
// (integers beyond 64 bits, Uint tokens, numbers no double holds such as
// 0.10000000000000000001 or 1e400) as an error wrapping ErrUnsupported,
// or by option a string of their text (InexactAsString), a Decimal128
// (InexactAsDecimal) or the nearest double (InexactAsFloat). Ext tokens
// of token.FamilyBSON are written with their element type and payload,
// after the checks a Reader makes (see the package documentation for the
// payloads); other Ext tokens are an error wrapping ErrUnsupported.
// Tag tokens (CBOR) are dropped, their content written as it comes,
// except bignums (tags 2 and 3 on a byte string), written as integers by
// the rules of Number tokens. Keys must be strings without NUL bytes;
// with StringifyKeys, scalar keys of other kinds become their JSON text.
//
// A Writer is not safe for concurrent use.
type Writer struct {
	o         opts.Struct
	strict    bool // check strings are valid UTF-8
	stringify bool // scalar keys that are not strings become text
	limit     int  // largest top-level document

	w        io.Writer
	buf      []byte
	stack    []wframe
	docStart int    // buffer offset of the open top-level document
	tag      uint64 // innermost tag before the next value
	tagged   bool   // tags before the next value
	err      error

	chk Reader // checks Ext payloads
	tmp []byte
	unq []byte // the unescaped text of a JSON string (CopyJSON)
}

// NewWriter returns a Writer writing to w.
func NewWriter(w io.Writer, o ...Options) *Writer {
	e := &Writer{o: opts.Collect(o...), w: w}
	e.strict = !e.o.Has(opts.AllowInvalidUTF8)
	e.stringify = e.o.Has(opts.StringifyKeys)
	e.limit = maxDocLen
	if m := e.o.MaxBytes; m > 0 && m < int64(e.limit) {
		e.limit = int(m)
	}
	e.chk.o = e.o
	e.chk.strict = e.strict
	e.chk.o.MaxBytes, e.chk.o.MaxElements, e.chk.o.MaxTokenBytes = 0, 0, 0
	return e
}

// Reset makes e write to w from the top level, keeping its options.
func (e *Writer) Reset(w io.Writer) {
	e.w, e.buf, e.stack, e.docStart, e.tagged, e.err = w, e.buf[:0], e.stack[:0], 0, false, nil
}

// Depth returns the number of open documents and arrays.
func (e *Writer) Depth() int { return len(e.stack) }

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
	case token.KindTag:
		e.tag, e.tagged = t.Tag(), true
		return nil
	case token.KindInvalid:
		return seqError("invalid token")
	case token.KindEndObject, token.KindEndArray:
		return e.end(k == token.KindEndArray)
	}
	n := len(e.stack)
	if n == 0 {
		if k != token.KindBeginObject {
			return unsupported("BSON's top level must be a document, not " + kindName(t))
		}
		e.tagged = false
		e.docStart = len(e.buf)
		return e.push(false)
	}
	f := &e.stack[n-1]
	if !f.arr && !f.key {
		return e.key(f, t)
	}
	tag, tagged := e.tag, e.tagged
	e.tagged = false
	at := e.elem(f)
	typ, err := e.value(t, tagged && (tag == 2 || tag == 3) && k == token.KindBytes, tag)
	if err != nil {
		return err
	}
	e.buf[at] = typ
	if len(e.buf)-e.docStart > e.limit {
		return e.tooBig()
	}
	return nil
}

// CopyJSON copies the tokens of d (a token.JSONReader's decoder) as
// WriteToken would write the tokens the JSONReader makes of them,
// without making Tokens; see token.JSONCopier. token.Copy calls it.
// Number text goes straight to appendValidNumber (which writes integer
// text as the JSONReader's Int and Uint tokens are written). TestCopyJSON
// and FuzzCopyJSON compare it with copying token by token.
func (e *Writer) CopyJSON(d *stream.Decoder, validUTF8 bool) (n int64, ok bool, err error) {
	if e.err != nil || e.tagged {
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
// JSONReader makes of it.
func (e *Writer) jsonToken(t stream.Token, validUTF8 bool) error {
	k := t.Kind()
	switch k {
	case stream.KindEndObject, stream.KindEndArray:
		return e.end(k == stream.KindEndArray)
	}
	n := len(e.stack)
	if n == 0 {
		if k != stream.KindBeginObject {
			return unsupported("BSON's top level must be a document, not " + jsonKindName(k))
		}
		e.docStart = len(e.buf)
		return e.push(false)
	}
	var s []byte
	if k == stream.KindString {
		raw := t.Raw()
		s = raw[1 : len(raw)-1]
		if bytes.IndexByte(s, '\\') >= 0 {
			e.unq = t.AppendString(e.unq[:0])
			s = e.unq
		}
		if e.strict && !validUTF8 && !kernels.ValidUTF8(s) {
			what := "string"
			if f := &e.stack[n-1]; !f.arr && !f.key {
				what = "key"
			}
			return &errs.Detail{Msg: "bson: invalid UTF-8 in " + what, Sentinel: ErrInvalidUTF8}
		}
	}
	f := &e.stack[n-1]
	if !f.arr && !f.key { // a key: JSON's are strings
		if bytes.IndexByte(s, 0) >= 0 {
			return unsupported("a document key with a NUL byte " + strconv.Quote(string(s)))
		}
		f.typeAt, f.key = len(e.buf), true
		e.buf = append(e.buf, 0)
		e.buf = append(e.buf, s...)
		e.buf = append(e.buf, 0)
		return nil
	}
	at := e.elem(f)
	var typ byte
	var err error
	switch k {
	case stream.KindBeginObject:
		typ, err = TypeDocument, e.push(false)
	case stream.KindBeginArray:
		typ, err = TypeArray, e.push(true)
	case stream.KindNumber:
		e.buf, typ, err = appendValidNumber(e.buf, t.Raw(), e.o.Flags)
	case stream.KindString:
		e.buf, typ = appendString(e.buf, s), TypeString
	case stream.KindTrue:
		e.buf, typ = append(e.buf, 1), TypeBoolean
	case stream.KindFalse:
		e.buf, typ = append(e.buf, 0), TypeBoolean
	default:
		typ = TypeNull
	}
	if err != nil {
		return err
	}
	e.buf[at] = typ
	if len(e.buf)-e.docStart > e.limit {
		return e.tooBig()
	}
	return nil
}

// jsonKindName is kindName for the JSON tokens a document cannot be.
func jsonKindName(k stream.Kind) string {
	switch k {
	case stream.KindBeginArray:
		return "an array"
	case stream.KindNumber:
		return "a number"
	case stream.KindString:
		return "a string"
	case stream.KindTrue, stream.KindFalse:
		return "a boolean"
	}
	return "null"
}

// kindName describes a token for messages.
func kindName(t token.Token) string {
	switch t.Kind() {
	case token.KindBeginArray, token.KindEndArray:
		return "an array"
	case token.KindBeginObject, token.KindEndObject:
		return "an object"
	case token.KindInt, token.KindUint, token.KindFloat, token.KindNumber:
		return "a number"
	case token.KindString:
		return "a string"
	case token.KindBytes:
		return "a byte string"
	case token.KindBool:
		return "a boolean"
	case token.KindNull:
		return "null"
	case token.KindTag:
		return "a tag"
	}
	return t.String()
}

func (e *Writer) tooBig() error {
	return &errs.Detail{Msg: "bson: document exceeds " + strconv.Itoa(e.limit) + " bytes", Sentinel: ErrLimit}
}

// elem starts the element of the next value in frame f and returns the
// buffer offset of its type byte: for a document, the one written with
// the key; for an array, a new one with the element's index as key.
func (e *Writer) elem(f *wframe) int {
	if !f.arr {
		f.key = false
		return f.typeAt
	}
	at := len(e.buf)
	e.buf = append(e.buf, 0)
	e.buf = strconv.AppendInt(e.buf, int64(f.idx), 10)
	e.buf = append(e.buf, 0)
	f.idx++
	return at
}

// key writes the type byte placeholder and key of the next element.
func (e *Writer) key(f *wframe, t token.Token) error {
	e.tagged = false
	var s []byte
	switch t.Kind() {
	case token.KindString:
		s = t.Data()
		if e.strict && !t.ValidUTF8() && !kernels.ValidUTF8(s) {
			return &errs.Detail{Msg: "bson: invalid UTF-8 in key", Sentinel: ErrInvalidUTF8}
		}
	case token.KindInt, token.KindUint, token.KindFloat, token.KindNumber, token.KindBool, token.KindNull:
		if !e.stringify {
			return unsupported("a document key that is not a string (" + t.String() + ")")
		}
		s = e.keyText(t)
		if s == nil {
			return unsupported("a document key " + t.String())
		}
	default:
		return unsupported("a document key that is " + kindName(t))
	}
	if bytes.IndexByte(s, 0) >= 0 {
		return unsupported("a document key with a NUL byte " + strconv.Quote(string(s)))
	}
	f.typeAt, f.key = len(e.buf), true
	e.buf = append(e.buf, 0)
	e.buf = append(e.buf, s...)
	e.buf = append(e.buf, 0)
	return nil
}

// keyText returns the JSON text of a scalar key, or nil.
func (e *Writer) keyText(t token.Token) []byte {
	b := e.tmp[:0]
	switch t.Kind() {
	case token.KindInt:
		b = strconv.AppendInt(b, t.Int(), 10)
	case token.KindUint:
		b = strconv.AppendUint(b, t.Uint(), 10)
	case token.KindFloat:
		var err error
		if b, err = scan.AppendFloat(b, t.Float(), 64); err != nil {
			return nil
		}
	case token.KindNumber:
		b = append(b, t.Data()...)
	case token.KindBool:
		b = strconv.AppendBool(b, t.Bool())
	default:
		b = append(b, "null"...)
	}
	e.tmp = b
	return b
}

// value appends the value of a scalar token or opens a container, and
// returns its element type. bignum says t is the byte string of a bignum
// (tag 2 or 3).
func (e *Writer) value(t token.Token, bignum bool, tag uint64) (byte, error) {
	var typ byte
	var err error
	switch t.Kind() {
	case token.KindBeginObject:
		return TypeDocument, e.push(false)
	case token.KindBeginArray:
		return TypeArray, e.push(true)
	case token.KindNull:
		return TypeNull, nil
	case token.KindBool:
		b := byte(0)
		if t.Bool() {
			b = 1
		}
		e.buf = append(e.buf, b)
		return TypeBoolean, nil
	case token.KindInt:
		if t.IntBits() == 64 {
			e.buf = binary.LittleEndian.AppendUint64(e.buf, uint64(t.Int()))
			return TypeInt64, nil
		}
		e.buf, typ = appendInt(e.buf, t.Int())
		return typ, nil
	case token.KindUint:
		e.tmp = strconv.AppendUint(e.tmp[:0], t.Uint(), 10)
		e.buf, typ, err = appendInexact(e.buf, e.tmp, e.o.Flags, true)
		return typ, err
	case token.KindFloat:
		e.buf = appendDouble(e.buf, t.Float())
		return TypeDouble, nil
	case token.KindNumber:
		if t.ValidNumber() {
			e.buf, typ, err = appendValidNumber(e.buf, t.Data(), e.o.Flags)
		} else {
			e.buf, typ, err = appendNumber(e.buf, t.Data(), e.o.Flags)
		}
		return typ, err
	case token.KindString:
		s := t.Data()
		if e.strict && !t.ValidUTF8() && !kernels.ValidUTF8(s) {
			return 0, &errs.Detail{Msg: "bson: invalid UTF-8 in string", Sentinel: ErrInvalidUTF8}
		}
		e.buf = appendString(e.buf, s)
		return TypeString, nil
	case token.KindBytes:
		if bignum {
			return e.bignum(t.Data(), tag == 3)
		}
		e.buf = appendBinary(e.buf, SubtypeGeneric, t.Data())
		return TypeBinary, nil
	case token.KindExt:
		return e.ext(t)
	}
	return 0, seqError("invalid token")
}

// appendBinary appends binary data of subtype sub (for subtype 2, the
// inner length is added).
func appendBinary(dst []byte, sub byte, b []byte) []byte {
	if sub == SubtypeBinaryOld {
		dst = binary.LittleEndian.AppendUint32(dst, uint32(len(b)+4))
		dst = append(dst, sub)
		dst = binary.LittleEndian.AppendUint32(dst, uint32(len(b)))
		return append(dst, b...)
	}
	dst = binary.LittleEndian.AppendUint32(dst, uint32(len(b)))
	dst = append(dst, sub)
	return append(dst, b...)
}

// bignum writes the integer of a CBOR bignum: its magnitude b, negative
// (-1-n) when neg.
func (e *Writer) bignum(b []byte, neg bool) (byte, error) {
	if len(b) > maxBigBytes {
		return 0, limitError("bignum of " + strconv.Itoa(len(b)) + " bytes exceeds the limit for conversion")
	}
	var n big.Int
	n.SetBytes(b)
	if neg {
		n.Add(&n, big.NewInt(1))
		n.Neg(&n)
	}
	if n.IsInt64() {
		var typ byte
		e.buf, typ = appendInt(e.buf, n.Int64())
		return typ, nil
	}
	e.tmp = n.Append(e.tmp[:0], 10)
	var typ byte
	var err error
	e.buf, typ, err = appendInexact(e.buf, e.tmp, e.o.Flags, true)
	return typ, err
}

// ext writes an Ext token: BSON element types with their payload, and
// undefined.
func (e *Writer) ext(t token.Token) (byte, error) {
	if t.Family() == token.FamilySimple && t.ExtType() == 23 {
		return TypeUndefined, nil
	}
	if t.Family() != token.FamilyBSON {
		return 0, unsupported("no BSON form for " + t.String())
	}
	typ := byte(t.ExtType())
	p := t.Data()
	if uint64(typ) != t.ExtType() || typ == TypeDocument || typ == TypeArray || typ == 0 {
		return 0, unsupported("no BSON element type " + strconv.FormatUint(t.ExtType(), 10) + " for an Ext token")
	}
	if err := e.checkPayload(typ, p); err != nil {
		return 0, err
	}
	e.buf = append(e.buf, p...)
	return typ, nil
}

// checkPayload checks the value bytes p of an element of type typ as a
// Reader would read them: exactly one value, valid.
func (e *Writer) checkPayload(typ byte, p []byte) error {
	d := &e.chk
	d.buf, d.pos, d.base, d.err, d.stack, d.prefix = p, 0, 0, nil, d.stack[:0], ""
	d.o.MaxDepth = max(e.o.MaxDepth-len(e.stack), 1)
	f := rframe{end: len(p)}
	_, err := d.value(&f, typ, 0)
	if err == nil && d.pos != len(p) {
		err = d.errAt(d.pos, ErrSyntax, "extra bytes after the value")
	}
	if err != nil {
		msg, sentinel := err.Error(), ErrUnsupported
		if se, ok := err.(*SyntaxError); ok {
			msg = se.Msg
			if se.Err == ErrInvalidUTF8 || se.Err == ErrDepth {
				sentinel = se.Err
			}
		}
		return &errs.Detail{Msg: "bson: invalid payload for element type 0x" + strconv.FormatUint(uint64(typ), 16) + ": " + msg, Sentinel: sentinel}
	}
	return nil
}

// push opens an embedded document or array (or the top-level document)
// whose length prefix comes next.
func (e *Writer) push(arr bool) error {
	if len(e.stack) >= e.o.MaxDepth {
		return &errs.Detail{Msg: "bson: exceeded max depth", Sentinel: ErrDepth}
	}
	e.stack = append(e.stack, wframe{start: len(e.buf), arr: arr})
	e.buf = append(e.buf, 0, 0, 0, 0)
	return nil
}

// end closes the innermost document or array, filling in its length.
func (e *Writer) end(arr bool) error {
	n := len(e.stack)
	switch {
	case e.tagged:
		return seqError("tag without content")
	case n == 0 || e.stack[n-1].arr != arr:
		if arr {
			return seqError("unexpected end of array")
		}
		return seqError("unexpected end of document")
	case !arr && e.stack[n-1].key:
		return seqError("document key without a value")
	}
	f := e.stack[n-1]
	e.buf = append(e.buf, 0)
	if len(e.buf)-e.docStart > e.limit {
		return e.tooBig()
	}
	binary.LittleEndian.PutUint32(e.buf[f.start:], uint32(len(e.buf)-f.start))
	e.stack = e.stack[:n-1]
	if n == 1 && len(e.buf) >= flushAt && e.w != nil {
		return e.flushAll()
	}
	return nil
}

// Flush writes out every complete top-level document; an open one stays
// buffered until it ends.
func (e *Writer) Flush() error {
	if e.err != nil {
		return e.err
	}
	if len(e.stack) == 0 {
		return e.flushAll()
	}
	if e.docStart == 0 {
		return nil
	}
	if _, err := e.w.Write(e.buf[:e.docStart]); err != nil {
		e.err = err
		return err
	}
	n := e.docStart
	e.buf = e.buf[:copy(e.buf, e.buf[n:])]
	for i := range e.stack {
		e.stack[i].start -= n
		e.stack[i].typeAt -= n
	}
	e.docStart = 0
	return nil
}

func (e *Writer) flushAll() error {
	if len(e.buf) == 0 {
		return nil
	}
	_, err := e.w.Write(e.buf)
	e.buf = e.buf[:0]
	e.docStart = 0
	if err != nil {
		e.err = err
	}
	return err
}
