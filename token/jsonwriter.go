package token

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"io"
	"math"
	"math/big"
	"strconv"

	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
	"github.com/celerjson/celer/stream"
)

// Byte string encodings in JSON text, chosen by the expected-conversion
// tags 21 to 23 of RFC 8949 section 3.4.5.2.
const (
	encBase64URL = iota // default, and tag 21: base64url without padding
	encBase64           // tag 22: base64 with padding
	encBase16           // tag 23: lower-case hex
)

// maxBigBytes bounds the byte strings of bignums (tags 2 and 3) that a
// JSONWriter turns into decimal numbers, and maxBigExp the binary exponents
// of bigfloats (tag 5): the conversions take time quadratic in the size.
const (
	maxBigBytes = 8 << 10
	maxBigExp   = 1 << 14
)

// A JSONWriter writes tokens as JSON text, over a stream.Encoder: compact
// (or indented with stream.WithIndent), each top-level value followed by a
// newline. The package documentation lists how every token maps to JSON;
// in short, bytes become base64url strings, bignums and decimal fractions
// become exact numbers, other tags are dropped (their content is written),
// and NaN, infinities, simple values and non-string map keys are errors
// unless SubstituteNull or StringifyKeys allow them.
type JSONWriter struct {
	e     *stream.Encoder
	o     opts.Flags
	stack []jframe
	pend  pending
	frac  fraction
	buf   []byte
	err   error
}

// jframe is an open container.
type jframe struct {
	obj bool  // an object
	key bool  // the next value is a member name
	enc uint8 // byte string encoding inside
}

// pending records the tags that apply to the next value.
type pending struct {
	any  bool
	big  uint8 // 2 or 3 when the innermost tag is a bignum tag
	frac uint8 // 4 or 5 when the innermost tag is a decimal fraction or bigfloat
	enc  uint8 // byte string encoding set by tags 21-23, plus one (0: inherit)
}

// fraction is a decimal fraction or bigfloat being read: tag 4 or 5, then
// an array of an exponent and a mantissa (an integer or a bignum).
type fraction struct {
	tag     uint8 // 4 or 5; 0 when not reading one
	enc     uint8 // byte string encoding of the array, if replayed
	step    uint8 // 0: exponent next, 1: mantissa, 2: bignum bytes, 3: end
	exp     Token
	mant    Token
	mantTag uint64 // 2 or 3 when the mantissa is a bignum
	bytes   []byte // the bignum's bytes, owned
}

// NewJSONWriter returns a JSONWriter writing to w with the options of
// stream.NewEncoder, plus SubstituteNull and StringifyKeys.
func NewJSONWriter(w io.Writer, o ...Options) *JSONWriter {
	s := opts.Collect(o...)
	return &JSONWriter{e: stream.NewEncoder(w, o...), o: s.Flags}
}

// SubstituteNull makes a JSONWriter write null for values JSON cannot
// represent, instead of failing with ErrUnsupported: NaN and infinities,
// CBOR simple values other than false, true, null and undefined, and
// extension values with no JSON convention. Affects JSON writing only.
func SubstituteNull(v bool) Options { return opts.Flag(opts.SubstituteNull, v) }

// StringifyKeys makes a JSONWriter turn map keys that are not text strings
// into member names, instead of failing with ErrUnsupported: integers,
// floats and numbers as their JSON text, true, false and null as those
// words, byte strings in their string encoding. Keys that are arrays or
// maps remain an error. Two keys may then collide; the writer does not
// check. Affects JSON writing only.
func StringifyKeys(v bool) Options { return opts.Flag(opts.StringifyKeys, v) }

// Reset makes w write to out from the top level, keeping its options.
func (w *JSONWriter) Reset(out io.Writer) {
	w.e.Reset(out)
	w.stack, w.pend, w.frac, w.err = w.stack[:0], pending{}, fraction{}, nil
}

// Flush writes any buffered output.
func (w *JSONWriter) Flush() error {
	if err := w.e.Flush(); err != nil {
		return err
	}
	return w.err
}

// WriteToken writes one token; see Writer and the package documentation.
func (w *JSONWriter) WriteToken(t Token) error {
	if w.err != nil {
		return w.err
	}
	var err error
	if w.frac.tag != 0 {
		err = w.fractionToken(t)
	} else {
		err = w.write(t)
	}
	if err != nil {
		w.err = err
	}
	return err
}

func seqError(msg string) error {
	return &errs.Detail{Msg: "celer: " + msg, Sentinel: ErrInvalidSequence}
}

func unsupported(msg string) error {
	return &errs.Detail{Msg: "celer: " + msg + " cannot be written as JSON", Sentinel: ErrUnsupported}
}

// atKey reports whether the next value is an object member name.
func (w *JSONWriter) atKey() bool {
	n := len(w.stack)
	return n > 0 && w.stack[n-1].key
}

// enc returns the byte string encoding in effect for the next value.
func (w *JSONWriter) enc(p pending) uint8 {
	if p.enc != 0 {
		return p.enc - 1
	}
	if n := len(w.stack); n > 0 {
		return w.stack[n-1].enc
	}
	return encBase64URL
}

// done records that a value (or a member name) is complete.
func (w *JSONWriter) done() {
	if n := len(w.stack); n > 0 && w.stack[n-1].obj {
		w.stack[n-1].key = !w.stack[n-1].key
	}
}

func (w *JSONWriter) addTag(n uint64) {
	p := &w.pend
	p.any = true
	p.big, p.frac = 0, 0
	switch n {
	case 2, 3:
		p.big = uint8(n)
	case 4, 5:
		p.frac = uint8(n)
	case 21, 22, 23:
		p.enc = uint8(n-21) + 1
	}
}

func (w *JSONWriter) write(t Token) error {
	if t.kind == KindTag {
		w.addTag(t.num)
		return nil
	}
	p := w.pend
	w.pend = pending{}
	key := w.atKey()
	switch t.kind {
	case KindEndArray, KindEndObject:
		n := len(w.stack)
		if p.any {
			return seqError("tag without content")
		}
		if n == 0 || w.stack[n-1].obj != (t.kind == KindEndObject) {
			return seqError("unexpected " + t.kind.String())
		}
		if w.stack[n-1].obj && !w.stack[n-1].key {
			return seqError("object member name without a value")
		}
		w.stack = w.stack[:n-1]
		st := stream.EndArray
		if t.kind == KindEndObject {
			st = stream.EndObject
		}
		if err := w.e.WriteToken(st); err != nil {
			return err
		}
		w.done()
		return nil
	case KindBeginArray, KindBeginObject:
		if key {
			return unsupported("an " + t.kind.String()[6:] + " as a map key")
		}
		if p.frac != 0 && t.kind == KindBeginArray && (t.Len() < 0 || t.Len() == 2) {
			w.frac = fraction{tag: p.frac, enc: w.enc(p), bytes: w.frac.bytes[:0]}
			return nil
		}
		obj := t.kind == KindBeginObject
		w.stack = append(w.stack, jframe{obj: obj, key: obj, enc: w.enc(p)})
		if obj {
			return w.e.WriteToken(stream.BeginObject)
		}
		return w.e.WriteToken(stream.BeginArray)
	case KindInvalid:
		return seqError("invalid token")
	}
	if err := w.scalar(t, p, key); err != nil {
		return err
	}
	w.done()
	return nil
}

// scalar writes a scalar token, as a member name when key.
func (w *JSONWriter) scalar(t Token, p pending, key bool) error {
	switch t.kind {
	case KindString:
		return w.e.WriteToken(stream.String(unsafeString(t.data)))
	case KindNull:
		return w.literal(stream.Null, "null", key)
	case KindBool:
		if t.Bool() {
			return w.literal(stream.True, "true", key)
		}
		return w.literal(stream.False, "false", key)
	case KindInt:
		if key {
			return w.keyText(strconv.AppendInt(w.buf[:0], int64(t.num), 10))
		}
		return w.e.WriteToken(stream.Int(int64(t.num)))
	case KindUint:
		if key {
			return w.keyText(strconv.AppendUint(w.buf[:0], t.num, 10))
		}
		return w.e.WriteToken(stream.Uint(t.num))
	case KindFloat:
		f := t.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			if w.o&opts.SubstituteNull == 0 {
				return unsupported(formatFloatDiag(f))
			}
			return w.literal(stream.Null, "null", key)
		}
		if f == math.Trunc(f) { // would read back as an integer: add ".0"
			w.buf, _ = scan.AppendFloat(w.buf[:0], f, 64)
			if bytes.IndexAny(w.buf, ".eE") < 0 {
				w.buf = append(w.buf, '.', '0')
			}
			if key {
				return w.keyText(w.buf)
			}
			return w.e.WriteToken(stream.Number(string(w.buf)))
		}
		if key {
			b, _ := scan.AppendFloat(w.buf[:0], f, 64)
			return w.keyText(b)
		}
		return w.e.WriteToken(stream.Float(f))
	case KindNumber:
		if n, code := scan.Number(t.data, true); code != scan.OK || n != len(t.data) {
			return unsupported("invalid number text " + strconv.Quote(string(t.data)))
		}
		if key {
			return w.keyText(t.data)
		}
		return w.e.WriteToken(stream.Number(string(t.data)))
	case KindBytes:
		if p.big != 0 {
			text, err := w.bignum(p.big, t.data)
			if err != nil {
				return err
			}
			if key {
				return w.keyText(text)
			}
			return w.e.WriteToken(stream.Number(string(text)))
		}
		if key && w.o&opts.StringifyKeys == 0 {
			return unsupported("a byte string as a map key")
		}
		w.buf = appendBytes(w.buf[:0], t.data, w.enc(p))
		return w.e.WriteToken(stream.String(unsafeString(w.buf)))
	case KindExt:
		if t.Family() == FamilySimple && t.num == 23 {
			return w.literal(stream.Null, "null", key)
		}
		if w.o&opts.SubstituteNull == 0 {
			return unsupported(t.String())
		}
		return w.literal(stream.Null, "null", key)
	}
	return seqError("invalid token")
}

// literal writes null, true or false, or its word as a member name.
func (w *JSONWriter) literal(st stream.Token, word string, key bool) error {
	if !key {
		return w.e.WriteToken(st)
	}
	return w.keyText(append(w.buf[:0], word...))
}

// keyText writes a member name for a key that is not a text string.
func (w *JSONWriter) keyText(text []byte) error {
	if w.o&opts.StringifyKeys == 0 {
		return unsupported("a map key that is not a text string (" + string(text) + ")")
	}
	w.buf = text
	return w.e.WriteToken(stream.String(unsafeString(text)))
}

// appendBytes appends b in encoding enc.
func appendBytes(dst, b []byte, enc uint8) []byte {
	switch enc {
	case encBase64:
		return base64.StdEncoding.AppendEncode(dst, b)
	case encBase16:
		return hex.AppendEncode(dst, b)
	}
	return base64.RawURLEncoding.AppendEncode(dst, b)
}

// bignum returns the decimal text of the bignum of tag 2 or 3 with content
// b, in w.buf.
func (w *JSONWriter) bignum(tag uint8, b []byte) ([]byte, error) {
	if len(b) > maxBigBytes {
		return nil, &errs.Detail{Msg: "celer: bignum of " + strconv.Itoa(len(b)) + " bytes exceeds the limit for JSON conversion", Sentinel: ErrLimit}
	}
	var n big.Int
	n.SetBytes(b)
	if tag == 3 {
		n.Add(&n, bigOne)
		n.Neg(&n)
	}
	w.buf = n.Append(w.buf[:0], 10)
	return w.buf, nil
}

var bigOne = big.NewInt(1)

// fractionToken takes the next token of a decimal fraction or bigfloat
// being read. Anything but [integer, integer-or-bignum] makes the writer
// give up and write the tag's content as a plain array.
func (w *JSONWriter) fractionToken(t Token) error {
	f := &w.frac
	switch {
	case f.step == 0 && (t.kind == KindInt || t.kind == KindUint):
		f.exp, f.step = t, 1
		return nil
	case f.step == 1 && (t.kind == KindInt || t.kind == KindUint):
		f.mant, f.step = t, 3
		return nil
	case f.step == 1 && t.kind == KindTag && (t.num == 2 || t.num == 3):
		f.mantTag, f.step = t.num, 2
		return nil
	case f.step == 2 && t.kind == KindBytes:
		f.bytes = append(f.bytes[:0], t.data...)
		f.step = 3
		return nil
	case f.step == 3 && t.kind == KindEndArray:
		text, err := w.fractionText()
		if err != nil {
			return err
		}
		w.frac.tag = 0
		key := w.atKey()
		if key {
			err = w.keyText(text)
		} else {
			err = w.e.WriteToken(stream.Number(string(text)))
		}
		if err == nil {
			w.done()
		}
		return err
	}
	return w.replayFraction(t)
}

// replayFraction writes what was read of a tag 4 or 5 content that is not
// a valid fraction as an ordinary array, followed by t.
func (w *JSONWriter) replayFraction(t Token) error {
	f := w.frac
	w.frac.tag = 0
	w.pend = pending{any: true, enc: f.enc + 1}
	if err := w.write(BeginArray(-1)); err != nil {
		return err
	}
	if f.step >= 1 {
		if err := w.write(f.exp); err != nil {
			return err
		}
	}
	if f.step >= 2 {
		if f.mantTag != 0 {
			if err := w.write(Tag(f.mantTag)); err != nil {
				return err
			}
		}
		if f.step == 3 {
			m := f.mant
			if f.mantTag != 0 {
				m = Bytes(f.bytes)
			}
			if err := w.write(m); err != nil {
				return err
			}
		}
	}
	return w.write(t)
}

// fractionText returns the exact decimal text of the fraction read, in
// w.buf.
func (w *JSONWriter) fractionText() ([]byte, error) {
	f := &w.frac
	if f.exp.kind == KindUint {
		return nil, unsupported("a decimal fraction or bigfloat exponent above 2^63")
	}
	e := int64(f.exp.num)
	var m big.Int
	switch {
	case f.mantTag != 0:
		if len(f.bytes) > maxBigBytes {
			return nil, &errs.Detail{Msg: "celer: bignum exceeds the limit for JSON conversion", Sentinel: ErrLimit}
		}
		m.SetBytes(f.bytes)
		if f.mantTag == 3 {
			m.Add(&m, bigOne)
			m.Neg(&m)
		}
	case f.mant.kind == KindUint:
		m.SetUint64(f.mant.num)
	default:
		m.SetInt64(int64(f.mant.num))
	}
	neg := m.Sign() < 0
	m.Abs(&m)
	if f.tag == 5 { // m * 2^e = (m * 5^-e) * 10^e for e < 0
		if e > maxBigExp || e < -maxBigExp {
			return nil, &errs.Detail{Msg: "celer: bigfloat exponent exceeds the limit for JSON conversion", Sentinel: ErrLimit}
		}
		if e >= 0 {
			m.Lsh(&m, uint(e))
			e = 0
		} else {
			var p big.Int
			p.Exp(big.NewInt(5), big.NewInt(-e), nil)
			m.Mul(&m, &p)
		}
	}
	digits := m.Append(nil, 10)
	if f.tag == 5 {
		for e < 0 && len(digits) > 1 && digits[len(digits)-1] == '0' {
			digits = digits[:len(digits)-1]
			e++
		}
	}
	if m.Sign() == 0 {
		w.buf = append(w.buf[:0], '0')
		return w.buf, nil
	}
	if f.tag == 5 && e == 0 { // an integral bigfloat: a plain integer
		w.buf = append(w.buf[:0], '-')[:b2i(neg)]
		w.buf = append(w.buf, digits...)
		return w.buf, nil
	}
	text, ok := scan.AppendDecimal(w.buf[:0], neg, digits, e)
	if !ok {
		return nil, unsupported("a decimal fraction with an exponent this large")
	}
	w.buf = text
	return text, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
