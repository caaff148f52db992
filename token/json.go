package token

import (
	"bytes"
	"io"
	"math"

	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/stream"
)

// A JSONReader reads JSON text as tokens, over a stream.Decoder: it reads
// any number of top-level values (so NDJSON too), in memory bounded by the
// largest token, with the decoder's strictness, limits and positioned
// errors (*stream.SyntaxError).
//
// Tokens: null, true, false; strings as String tokens of their unescaped
// text; numbers as Int or Uint when their text is an integer (no fraction,
// no exponent) that fits, except "-0", and as Number tokens of their exact
// text otherwise; objects as BeginObject(-1), alternately a String key and
// a value, EndObject; arrays as BeginArray(-1), elements, EndArray.
type JSONReader struct {
	d      *stream.Decoder
	strict bool   // strings are checked valid UTF-8
	buf    []byte // unescaped text of the last escaped string
}

// NewJSONReader returns a JSONReader reading from r with the options of
// stream.NewDecoder.
func NewJSONReader(r io.Reader, o ...Options) *JSONReader {
	return &JSONReader{d: stream.NewDecoder(r, o...), strict: strictUTF8(o)}
}

// NewJSONReaderBytes returns a JSONReader reading from b, which it does
// not copy or modify.
func NewJSONReaderBytes(b []byte, o ...Options) *JSONReader {
	return &JSONReader{d: stream.NewDecoderBytes(b, o...), strict: strictUTF8(o)}
}

func strictUTF8(o []Options) bool {
	s := opts.Collect(o...)
	return !s.Has(opts.AllowInvalidUTF8)
}

// Reset makes r read from rd, keeping its options.
func (r *JSONReader) Reset(rd io.Reader) { r.d.Reset(rd) }

// ResetBytes makes r read from b, keeping its options.
func (r *JSONReader) ResetBytes(b []byte) { r.d.ResetBytes(b) }

// Decoder returns the underlying decoder, for its InputOffset, Pointer and
// Depth.
func (r *JSONReader) Decoder() *stream.Decoder { return r.d }

// ReadToken reads the next token; see Reader.
func (r *JSONReader) ReadToken() (Token, error) {
	t, err := r.d.ReadToken()
	if err != nil {
		return Token{}, err
	}
	switch t.Kind() {
	case stream.KindString:
		raw := t.Raw()
		s := raw[1 : len(raw)-1]
		if bytes.IndexByte(s, '\\') >= 0 {
			r.buf = t.AppendString(r.buf[:0])
			s = r.buf
		}
		tok := Token{kind: KindString, data: s}
		if r.strict {
			tok.aux = auxValidUTF8
		}
		return tok, nil
	case stream.KindNumber:
		return jsonNumber(t.Raw()), nil
	case stream.KindBeginObject:
		return BeginObject(-1), nil
	case stream.KindEndObject:
		return EndObject, nil
	case stream.KindBeginArray:
		return BeginArray(-1), nil
	case stream.KindEndArray:
		return EndArray, nil
	case stream.KindTrue:
		return True, nil
	case stream.KindFalse:
		return False, nil
	}
	return Null, nil
}

// jsonNumber returns the canonical token for valid JSON number text b: Int
// or Uint when b is an integer that fits (other than -0), else Number
// (marked valid: the decoder checked it).
func jsonNumber(b []byte) Token {
	d := b
	neg := len(d) > 0 && d[0] == '-'
	if neg {
		d = d[1:]
	}
	if len(d) == 0 || len(d) > 20 || neg && len(d) == 1 && d[0] == '0' {
		return NumberBytes(b).WithValidNumber()
	}
	var u uint64
	for _, c := range d {
		if c-'0' > 9 {
			return NumberBytes(b).WithValidNumber() // a fraction or an exponent
		}
		v := u*10 + uint64(c-'0')
		if u > math.MaxUint64/10 || v < u*10 {
			return NumberBytes(b).WithValidNumber() // beyond 64 bits
		}
		u = v
	}
	if !neg {
		return Uint(u)
	}
	if u > 1<<63 {
		return NumberBytes(b).WithValidNumber()
	}
	return Int(int64(-u))
}
