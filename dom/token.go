package dom

import (
	"bytes"
	"io"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/celerjson/celer/bson"
	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/token"
)

// Documents and the token model (package token): a Value or a Node is
// written to any token.Writer, so that
//
//	err := doc.Root().WriteTokens(cbor.NewWriter(w))
//
// writes a document as CBOR (or MessagePack, UBJSON, BSON, JSON...), and
// ReadDoc and ReadNode build documents from any token.Reader.
//
// Writing gives the tokens a token.JSONReader gives for the document's
// JSON text (so a format's writer produces the same bytes as converting
// the text token by token), except that arrays and objects carry their
// length, which a Doc knows: writers that need lengths up front (CBOR's
// and MessagePack's definite lengths) then need not buffer containers.
//
// Reading turns every token into JSON by the conventions of package
// token, exactly as a token.JSONWriter writes it (byte strings as
// base64url strings, bignums and decimal fractions as exact numbers,
// other tags dropped, undefined as null, MessagePack timestamps as RFC
// 3339 strings), with BSON's types that have no kind of their own
// (ObjectID, datetime, Decimal128, ...) as relaxed Extended JSON type
// wrappers as bson.WrapWriter writes them in bson.WrappersOnly mode. The
// document is that JSON text, parsed.

// WriteTokens writes v to w as one value and flushes w. Numbers are Int
// or Uint tokens when their text is an integer (no fraction, no exponent)
// that fits, other than -0, and Number tokens of their exact text
// otherwise; strings are String tokens of their unescaped text. Writing
// the Invalid value is an error wrapping ErrMissing. The errors are w's.
func (v Value) WriteTokens(w token.Writer) error {
	if !v.Exists() {
		return &KindError{Want: Null, Got: Invalid}
	}
	tw := valueTokens{w: w}
	if err := tw.value(v); err != nil {
		return err
	}
	return w.Flush()
}

type valueTokens struct {
	w   token.Writer
	buf []byte // unescaped text of the current string
}

func (tw *valueTokens) value(v Value) error {
	switch v.Kind() {
	case Null:
		return tw.w.WriteToken(token.Null)
	case Bool:
		b, _ := v.Bool()
		return tw.w.WriteToken(token.Bool(b))
	case Number:
		return tw.w.WriteToken(numberToken(v.Raw()).WithValidNumber()) // a parsed document holds valid numbers
	case String:
		tw.buf, _ = v.AppendText(tw.buf[:0])
		return tw.w.WriteToken(token.StringBytes(tw.buf))
	case Array:
		if err := tw.w.WriteToken(token.BeginArray(v.Len())); err != nil {
			return err
		}
		for e := range v.Elements() {
			if err := tw.value(e); err != nil {
				return err
			}
		}
		return tw.w.WriteToken(token.EndArray)
	case Object:
		if err := tw.w.WriteToken(token.BeginObject(v.Len())); err != nil {
			return err
		}
		for name, m := range v.AllBytes() {
			if err := tw.w.WriteToken(token.StringBytes(name)); err != nil {
				return err
			}
			if err := tw.value(m); err != nil {
				return err
			}
		}
		return tw.w.WriteToken(token.EndObject)
	}
	return &KindError{Want: Null, Got: Invalid}
}

// numberToken returns the canonical token for the valid JSON number text
// b, as a token.JSONReader reads it: Int or Uint for an integer that fits
// (other than -0), a Number of the text otherwise.
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
		if c < '0' || c > '9' {
			return token.NumberBytes(b) // a fraction or an exponent
		}
		if u > math.MaxUint64/10 {
			return token.NumberBytes(b)
		}
		x := u*10 + uint64(c-'0')
		if x < u*10 {
			return token.NumberBytes(b) // beyond 64 bits
		}
		u = x
	}
	switch {
	case !neg:
		return token.Uint(u)
	case u > 1<<63:
		return token.NumberBytes(b)
	}
	return token.Int(int64(-u))
}

// WriteTokens writes n to w as one value and flushes w, as
// Value.WriteTokens does: numbers by their text (Int or Uint tokens for
// integers that fit, Number tokens otherwise), strings as String tokens
// (invalid UTF-8 in a string set from Go replaced by U+FFFD, as
// AppendJSON writes it). A nil Node, also inside an array or object, is
// an error wrapping ErrMissing.
func (n *Node) WriteTokens(w token.Writer) error {
	if err := nodeTokens(w, n); err != nil {
		return err
	}
	return w.Flush()
}

func nodeTokens(w token.Writer, n *Node) error {
	switch n.Kind() {
	case Null:
		return w.WriteToken(token.Null)
	case Bool:
		b, _ := n.Bool()
		return w.WriteToken(token.Bool(b))
	case Number:
		s, _ := n.Number()
		return w.WriteToken(numberToken([]byte(s)).WithValidNumber()) // Nodes hold valid number text (NewNumber checks)
	case String:
		s, _ := n.Text()
		if !utf8.ValidString(s) {
			s = strings.ToValidUTF8(s, "\uFFFD")
		}
		return w.WriteToken(token.String(s))
	case Array:
		if err := w.WriteToken(token.BeginArray(n.Len())); err != nil {
			return err
		}
		for e := range n.Elements() {
			if err := nodeTokens(w, e); err != nil {
				return err
			}
		}
		return w.WriteToken(token.EndArray)
	case Object:
		if err := w.WriteToken(token.BeginObject(n.Len())); err != nil {
			return err
		}
		for name, m := range n.Members() {
			if err := w.WriteToken(token.String(name)); err != nil {
				return err
			}
			if err := nodeTokens(w, m); err != nil {
				return err
			}
		}
		return w.WriteToken(token.EndObject)
	}
	return &KindError{Want: Null, Got: Invalid}
}

// ReadDoc reads the next value from r and returns it as a Doc (see the
// conventions above). It returns io.EOF, having read nothing, when r is
// at the end of its input, so that a sequence of values is read by
// calling it until io.EOF. Errors of r are returned as r returns them (a
// *cbor.SyntaxError, *msgpack.SyntaxError... with the offset and path in
// the binary input); a token that JSON cannot hold (NaN, infinities,
// simple values, unknown extensions, map keys that are not strings) is
// an error wrapping token.ErrUnsupported unless token.SubstituteNull or
// token.StringifyKeys say otherwise.
//
// The options are those of Parse and of token.NewJSONWriter. MaxBytes
// bounds the JSON text (an error wrapping stream.ErrLimit as soon as it
// is exceeded, before it is all built); MaxDepth and RejectDuplicateNames
// are checked on the JSON text, whose offsets their errors report. The
// limits of r (its own options) apply to the input.
func ReadDoc(r token.Reader, o ...Options) (*Doc, error) {
	b, err := readJSON(r, o)
	if err != nil {
		return nil, err
	}
	return Parse(b, o...)
}

// ReadNode is ReadDoc for an editable document: the value read from r as
// a Node.
func ReadNode(r token.Reader, o ...Options) (*Node, error) {
	d, err := ReadDoc(r, o...)
	if err != nil {
		return nil, err
	}
	return FromValue(d.Root()), nil
}

// readJSON returns the next value of r as JSON text.
func readJSON(r token.Reader, o []Options) ([]byte, error) {
	s := opts.Collect(o...)
	out := &limitBuffer{max: s.MaxBytes}
	// Parse checks the depth (with ErrDepth); the writer would fail first,
	// with its own error, so its limit is lifted.
	wo := append(o[:len(o):len(o)], opts.MaxDepth(math.MaxInt32))
	w := bson.WrapWriter(token.NewJSONWriter(out, wo...), bson.WrappersOnly, wo...)
	if _, err := token.CopyValue(w, r); err != nil {
		return nil, err
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// limitBuffer is a bytes.Buffer that fails once it would hold more than
// max bytes (no limit when max <= 0).
type limitBuffer struct {
	bytes.Buffer
	max int64
}

func (b *limitBuffer) Write(p []byte) (int, error) {
	if b.max > 0 && int64(b.Len())+int64(len(p)) > b.max {
		return 0, &errs.Detail{Msg: "dom: document exceeds MaxBytes as JSON text", Sentinel: errs.ErrLimit}
	}
	return b.Buffer.Write(p)
}

var _ io.Writer = (*limitBuffer)(nil)
