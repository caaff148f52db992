package bson

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"io"
	"math"
	"strconv"
	"time"

	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
	"github.com/celerjson/celer/token"
)

// Mode selects a form of Extended JSON for writing.
type Mode uint8

const (
	// Canonical is Canonical Extended JSON: every BSON type in its type
	// wrapper, numbers included ({"$numberInt": "1"}, {"$numberDouble":
	// "1.5"}), so that the text keeps every type.
	Canonical Mode = iota
	// Relaxed is Relaxed Extended JSON: int32, int64 and finite doubles as
	// JSON numbers, datetimes from 1970 to 9999 as RFC 3339 text, the
	// other types as in Canonical.
	Relaxed
	// WrappersOnly writes only the tokens that have no JSON form of their
	// own, Ext tokens of token.FamilyBSON, as relaxed type wrappers (a
	// finite Decimal128 as a JSON number of its exact text), and every
	// other token as the underlying writer writes it (for a
	// token.JSONWriter: bytes as base64url strings, undefined as null,
	// bignums as numbers). It is the JSON convention of BSON types for
	// plain JSON output (package token).
	WrappersOnly
)

// An ExtJSONWriter writes tokens as MongoDB Extended JSON v2, in
// canonical or relaxed form, through a token.Writer (a token.JSONWriter
// made by NewExtJSONWriter, or any writer given to WrapWriter): it turns
// the tokens that JSON cannot hold into type wrapper objects and passes
// the others on. With a Reader as source it writes the Extended JSON of
// BSON documents, and an ExtJSONReader reads it back to the same BSON
// (see the package documentation for the exceptions).
//
// Tokens map as follows, in canonical (relaxed) form:
//
//	Int in the int32 range      {"$numberInt": "1"}          (1)
//	Int beyond, int64 Ext       {"$numberLong": "1"}          (1)
//	Float                       {"$numberDouble": "1.5"}     (1.5; NaN and
//	                            infinities stay wrapped as "NaN", "Infinity", "-Infinity")
//	Bytes, binary Ext           {"$binary": {"base64": "...", "subType": "00"}}
//	undefined                   {"$undefined": true}
//	ObjectID                    {"$oid": "57e193d7a9cc81b4027498b5"}
//	datetime                    {"$date": {"$numberLong": "0"}}
//	                            ({"$date": "1970-01-01T00:00:00Z"} from 1970 to 9999)
//	regular expression          {"$regularExpression": {"pattern": "a", "options": "i"}}
//	DBPointer                   {"$dbPointer": {"$ref": "db.c", "$id": {"$oid": "..."}}}
//	JavaScript, with scope      {"$code": "..."}, {"$code": "...", "$scope": {...}}
//	symbol                      {"$symbol": "..."}
//	timestamp                   {"$timestamp": {"t": 1, "i": 2}}
//	Decimal128                  {"$numberDecimal": "1.50"}
//	min key, max key            {"$minKey": 1}, {"$maxKey": 1}
//
// Number tokens (exact decimal text) and Uint tokens follow the rules of
// the BSON Writer: integers that fit as int32 or int64, numbers whose
// nearest double has their exact value as doubles, others an error
// wrapping ErrUnsupported or, by the Inexact options, a string, a
// $numberDecimal or the nearest double. Tags (CBOR) are dropped, except
// bignums, written as integers by the same rules. Strings, booleans,
// null, arrays, objects and keys pass unchanged. Doubles are written in
// their shortest form ("1.0", "0.1", "1e+21").
type ExtJSONWriter struct {
	w    token.Writer
	jw   *token.JSONWriter // w, when made by NewExtJSONWriter
	mode Mode
	o    opts.Struct

	stack  []bool // open containers: true for objects
	keyNxt bool   // the next token is an object member name
	tag    uint64
	tagged bool
	err    error

	chk Reader
	tmp []byte
	txt []byte
}

// NewExtJSONWriter returns an ExtJSONWriter writing Extended JSON text
// in mode m to w, through a token.JSONWriter with the same options
// (compact, one document per line; stream.WithIndent to indent).
func NewExtJSONWriter(w io.Writer, m Mode, o ...Options) *ExtJSONWriter {
	jw := token.NewJSONWriter(w, o...)
	x := WrapWriter(jw, m, o...)
	x.jw = jw
	return x
}

// WrapWriter returns an ExtJSONWriter in mode m that writes to w.
func WrapWriter(w token.Writer, m Mode, o ...Options) *ExtJSONWriter {
	x := &ExtJSONWriter{w: w, mode: m, o: opts.Collect(o...)}
	x.chk.o = x.o
	x.chk.strict = !x.o.Has(opts.AllowInvalidUTF8)
	x.chk.o.MaxBytes, x.chk.o.MaxElements, x.chk.o.MaxTokenBytes = 0, 0, 0
	return x
}

// Reset makes x write to out from the top level, keeping its options; it
// works only for writers made by NewExtJSONWriter (it does nothing to the
// output of others).
func (x *ExtJSONWriter) Reset(out io.Writer) {
	if x.jw != nil {
		x.jw.Reset(out)
	}
	x.stack, x.keyNxt, x.tagged, x.err = x.stack[:0], false, false, nil
}

// Flush flushes the underlying writer.
func (x *ExtJSONWriter) Flush() error {
	if x.err != nil {
		return x.err
	}
	return x.w.Flush()
}

// WriteToken writes one token; see token.Writer.
func (x *ExtJSONWriter) WriteToken(t token.Token) error {
	if x.err != nil {
		return x.err
	}
	if err := x.write(t); err != nil {
		x.err = err
		return err
	}
	return nil
}

func (x *ExtJSONWriter) write(t token.Token) error {
	k := t.Kind()
	if x.mode == WrappersOnly {
		return x.wrappersOnly(t)
	}
	if k == token.KindTag {
		x.tag, x.tagged = t.Tag(), true
		return nil
	}
	tag, tagged := x.tag, x.tagged
	x.tagged = false
	switch k {
	case token.KindBeginObject, token.KindBeginArray:
		if x.keyNxt {
			return x.w.WriteToken(t) // the JSON writer reports it
		}
		if len(x.stack) >= x.o.MaxDepth {
			return &errs.Detail{Msg: "bson: exceeded max depth", Sentinel: ErrDepth}
		}
		x.stack = append(x.stack, k == token.KindBeginObject)
		x.keyNxt = k == token.KindBeginObject
		return x.w.WriteToken(t)
	case token.KindEndObject, token.KindEndArray:
		if tagged {
			return seqError("tag without content")
		}
		if n := len(x.stack); n > 0 && x.stack[n-1] == (k == token.KindEndObject) && (k == token.KindEndArray || x.keyNxt) {
			x.stack = x.stack[:n-1]
			x.done()
		}
		return x.w.WriteToken(t)
	}
	if x.keyNxt {
		x.keyNxt = false
		return x.w.WriteToken(t)
	}
	if err := x.value(t, tagged && (tag == 2 || tag == 3) && k == token.KindBytes, tag == 3); err != nil {
		return err
	}
	x.done()
	return nil
}

// done records a complete member value.
func (x *ExtJSONWriter) done() {
	if n := len(x.stack); n > 0 && x.stack[n-1] {
		x.keyNxt = true
	}
}

// wrappersOnly writes t in WrappersOnly mode.
func (x *ExtJSONWriter) wrappersOnly(t token.Token) error {
	if t.Kind() != token.KindExt || t.Family() != token.FamilyBSON {
		return x.w.WriteToken(t)
	}
	return x.ext(t)
}

// value writes a scalar token that is a value (not a key).
func (x *ExtJSONWriter) value(t token.Token, bignum, neg bool) error {
	switch t.Kind() {
	case token.KindInt:
		return x.int(t.Int(), t.IntBits() == 64)
	case token.KindUint:
		x.txt = strconv.AppendUint(x.txt[:0], t.Uint(), 10)
		return x.inexact(x.txt)
	case token.KindFloat:
		return x.double(t.Float())
	case token.KindNumber:
		return x.number(t.Data())
	case token.KindBytes:
		if bignum {
			return x.bignum(t.Data(), neg)
		}
		return x.binary(SubtypeGeneric, t.Data())
	case token.KindExt:
		if t.Family() == token.FamilySimple && t.ExtType() == 23 {
			return x.wrapper("$undefined", token.True)
		}
		if t.Family() != token.FamilyBSON {
			return unsupported("no Extended JSON form for " + t.String())
		}
		return x.ext(t)
	}
	return x.w.WriteToken(t)
}

// int writes an integer: canonically $numberInt or $numberLong (long
// when int64 says so or the value needs it).
func (x *ExtJSONWriter) int(v int64, int64Type bool) error {
	if x.mode != Canonical {
		return x.w.WriteToken(token.Int(v))
	}
	x.txt = strconv.AppendInt(x.txt[:0], v, 10)
	if !int64Type && v == int64(int32(v)) {
		return x.wrapper("$numberInt", token.StringBytes(x.txt))
	}
	return x.wrapper("$numberLong", token.StringBytes(x.txt))
}

// double writes a double.
func (x *ExtJSONWriter) double(f float64) error {
	if x.mode != Canonical && !math.IsNaN(f) && !math.IsInf(f, 0) {
		return x.w.WriteToken(token.FloatWidth(f, 64))
	}
	x.txt = appendDoubleText(x.txt[:0], f)
	return x.wrapper("$numberDouble", token.StringBytes(x.txt))
}

// appendDoubleText appends the Extended JSON text of a double: the
// shortest decimal form that reads back as f, with ".0" when it would
// read as an integer, or Infinity, -Infinity, NaN.
func appendDoubleText(dst []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(dst, "NaN"...)
	case math.IsInf(f, 1):
		return append(dst, "Infinity"...)
	case math.IsInf(f, -1):
		return append(dst, "-Infinity"...)
	}
	start := len(dst)
	dst, _ = scan.AppendFloat(dst, f, 64)
	for _, c := range dst[start:] {
		if c == '.' || c == 'e' || c == 'E' {
			return dst
		}
	}
	return append(dst, '.', '0')
}

// number writes JSON number text by the BSON Writer's rules.
func (x *ExtJSONWriter) number(s []byte) error {
	var typ byte
	var err error
	x.tmp, typ, err = appendNumber(x.tmp[:0], s, x.o.Flags)
	if err != nil {
		return err
	}
	return x.typed(typ, x.tmp)
}

// inexact writes number text that BSON cannot hold exactly, as the
// Inexact options say.
func (x *ExtJSONWriter) inexact(s []byte) error {
	var typ byte
	var err error
	x.tmp, typ, err = appendInexact(x.tmp[:0], s, x.o.Flags, true)
	if err != nil {
		return err
	}
	return x.typed(typ, x.tmp)
}

// bignum writes the integer of a CBOR bignum.
func (x *ExtJSONWriter) bignum(b []byte, neg bool) error {
	var w Writer
	w.o = x.o
	w.tmp = x.txt[:0]
	typ, err := w.bignum(b, neg)
	x.txt = w.tmp
	if err != nil {
		return err
	}
	return x.typed(typ, w.buf)
}

// typed writes a value given as BSON element type and value bytes.
func (x *ExtJSONWriter) typed(typ byte, v []byte) error {
	switch typ {
	case TypeInt32:
		return x.int(int64(int32(binary.LittleEndian.Uint32(v))), false)
	case TypeInt64:
		return x.int(int64(binary.LittleEndian.Uint64(v)), true)
	case TypeDouble:
		return x.double(math.Float64frombits(binary.LittleEndian.Uint64(v)))
	case TypeString:
		return x.w.WriteToken(token.StringBytes(v[4 : len(v)-1]))
	case TypeDecimal128:
		x.txt = decimalFromBytes(v).appendText(x.txt[:0])
		return x.wrapper("$numberDecimal", token.StringBytes(x.txt))
	}
	return seqError("internal: unexpected element type")
}

// ext writes an Ext token of token.FamilyBSON.
func (x *ExtJSONWriter) ext(t token.Token) error {
	typ := byte(t.ExtType())
	p := t.Data()
	if uint64(typ) != t.ExtType() || typ == TypeDocument || typ == TypeArray || typ == 0 {
		return unsupported("no BSON element type " + strconv.FormatUint(t.ExtType(), 10) + " for an Ext token")
	}
	d := &x.chk
	d.buf, d.pos, d.base, d.err, d.stack, d.prefix = p, 0, 0, nil, d.stack[:0], ""
	d.o.MaxDepth = max(x.o.MaxDepth-len(x.stack), 1)
	f := rframe{end: len(p)}
	v, err := d.value(&f, typ, 0)
	if err == nil && d.pos != len(p) {
		err = d.errAt(d.pos, ErrSyntax, "extra bytes after the value")
	}
	if err != nil {
		return unsupported("invalid payload for element type 0x" + strconv.FormatUint(uint64(typ), 16) + ": " + err.Error())
	}
	switch typ {
	case TypeDouble:
		return x.double(v.Float())
	case TypeString, TypeBoolean, TypeNull:
		return x.w.WriteToken(v)
	case TypeInt32:
		return x.int(v.Int(), false)
	case TypeInt64:
		return x.int(int64(binary.LittleEndian.Uint64(p)), true)
	case TypeUndefined:
		return x.wrapper("$undefined", token.True)
	case TypeBinary:
		if v.Kind() == token.KindBytes {
			return x.binary(SubtypeGeneric, v.Data())
		}
		data := p[5:]
		if p[4] == SubtypeBinaryOld {
			data = data[4:]
		}
		return x.binary(p[4], data)
	case TypeObjectID:
		x.txt = hex.AppendEncode(x.txt[:0], p)
		return x.wrapper("$oid", token.StringBytes(x.txt))
	case TypeDateTime:
		return x.date(int64(binary.LittleEndian.Uint64(p)))
	case TypeRegex:
		k := 0
		for p[k] != 0 {
			k++
		}
		return x.objectIn("$regularExpression", []string{"pattern", "options"},
			[]token.Token{token.StringBytes(p[:k]), token.StringBytes(p[k+1 : len(p)-1])})
	case TypeDBPointer:
		n := len(p) - 12
		x.txt = hex.AppendEncode(x.txt[:0], p[n:])
		if err := x.open("$dbPointer"); err != nil {
			return err
		}
		if err := x.seq(token.BeginObject(2), token.String("$ref"), token.StringBytes(p[4:n-1]), token.String("$id")); err != nil {
			return err
		}
		if err := x.wrapper("$oid", token.StringBytes(x.txt)); err != nil {
			return err
		}
		return x.seq(token.EndObject, token.EndObject)
	case TypeJavaScript:
		return x.wrapper("$code", token.StringBytes(p[4:len(p)-1]))
	case TypeSymbol:
		return x.wrapper("$symbol", token.StringBytes(p[4:len(p)-1]))
	case TypeCodeWithScope:
		return x.codeWithScope(p)
	case TypeTimestamp:
		i, tm := binary.LittleEndian.Uint32(p), binary.LittleEndian.Uint32(p[4:])
		return x.objectIn("$timestamp", []string{"t", "i"}, []token.Token{token.Int(int64(tm)), token.Int(int64(i))})
	case TypeDecimal128:
		dec := decimalFromBytes(p)
		x.txt = dec.appendText(x.txt[:0])
		if x.mode == WrappersOnly && !dec.IsNaN() && !dec.IsInf(0) {
			return x.w.WriteToken(token.NumberBytes(x.txt))
		}
		return x.wrapper("$numberDecimal", token.StringBytes(x.txt))
	case TypeMinKey:
		return x.wrapper("$minKey", token.Int(1))
	case TypeMaxKey:
		return x.wrapper("$maxKey", token.Int(1))
	}
	return unsupported("no Extended JSON form for element type 0x" + strconv.FormatUint(uint64(typ), 16))
}

// date writes a datetime of ms milliseconds since the epoch.
func (x *ExtJSONWriter) date(ms int64) error {
	if x.mode != Canonical && ms >= 0 && ms <= maxRelaxedDate {
		x.txt = appendDate(x.txt[:0], ms)
		return x.wrapper("$date", token.StringBytes(x.txt))
	}
	x.txt = strconv.AppendInt(x.txt[:0], ms, 10)
	if err := x.open("$date"); err != nil {
		return err
	}
	if err := x.wrapper("$numberLong", token.StringBytes(x.txt)); err != nil {
		return err
	}
	return x.w.WriteToken(token.EndObject)
}

// maxRelaxedDate is the last millisecond of year 9999.
const maxRelaxedDate = 253402300799999

// appendDate appends a datetime as RFC 3339 text in UTC, with three
// decimals of seconds when there is a fraction and none otherwise.
func appendDate(dst []byte, ms int64) []byte {
	t := time.UnixMilli(ms).UTC()
	if ms%1000 == 0 {
		return t.AppendFormat(dst, "2006-01-02T15:04:05Z")
	}
	return t.AppendFormat(dst, "2006-01-02T15:04:05.000Z")
}

// binary writes {"$binary": {"base64": ..., "subType": ...}}.
func (x *ExtJSONWriter) binary(sub byte, data []byte) error {
	x.txt = base64.StdEncoding.AppendEncode(x.txt[:0], data)
	var st [2]byte
	hex.Encode(st[:], []byte{sub})
	return x.objectIn("$binary", []string{"base64", "subType"}, []token.Token{token.StringBytes(x.txt), token.StringBytes(st[:])})
}

// codeWithScope writes {"$code": ..., "$scope": {...}}, the scope read
// from the payload p and written through x (its values in Extended JSON).
func (x *ExtJSONWriter) codeWithScope(p []byte) error {
	n := int(binary.LittleEndian.Uint32(p[4:]))
	code := p[8 : 8+n-1]
	if err := x.seq(token.BeginObject(2), token.String("$code"), token.StringBytes(code), token.String("$scope")); err != nil {
		return err
	}
	r := NewReaderBytes(p[8+n:], MaxDepth(max(x.o.MaxDepth-len(x.stack), 1)), AllowInvalidUTF8(true))
	depth := len(x.stack)
	keyNxt := x.keyNxt
	x.keyNxt = false
	for {
		t, err := r.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if err := x.write(t); err != nil {
			return err
		}
	}
	x.stack, x.keyNxt = x.stack[:depth], keyNxt
	return x.w.WriteToken(token.EndObject)
}

// open writes the start of a wrapper object and its key.
func (x *ExtJSONWriter) open(key string) error {
	return x.seq(token.BeginObject(1), token.String(key))
}

// wrapper writes {key: v}.
func (x *ExtJSONWriter) wrapper(key string, v token.Token) error {
	return x.seq(token.BeginObject(1), token.String(key), v, token.EndObject)
}

// objectIn writes {key: {keys[0]: vals[0], ...}}.
func (x *ExtJSONWriter) objectIn(key string, keys []string, vals []token.Token) error {
	if err := x.seq(token.BeginObject(1), token.String(key), token.BeginObject(len(keys))); err != nil {
		return err
	}
	for i, k := range keys {
		if err := x.seq(token.String(k), vals[i]); err != nil {
			return err
		}
	}
	return x.seq(token.EndObject, token.EndObject)
}

// seq writes tokens to the underlying writer.
func (x *ExtJSONWriter) seq(ts ...token.Token) error {
	for _, t := range ts {
		if err := x.w.WriteToken(t); err != nil {
			return err
		}
	}
	return nil
}
