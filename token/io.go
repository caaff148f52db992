package token

import (
	"errors"
	"io"

	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/stream"
)

// Options configure readers and writers. The type is shared by every
// celer package; options that do not apply to a call are ignored, and a
// later option overrides an earlier one.
type Options = opts.Options

// A Reader reads the tokens of a sequence of values.
//
// ReadToken returns the next token. A value is one scalar token, or a
// BeginArray/BeginObject token, the tokens of its elements (for an object,
// alternately a key value and a member value) and the matching End token;
// any value may be preceded by Tag tokens that apply to it. Tokens are
// views into the Reader's buffer, valid until its next call.
//
// At the end of input between top-level values ReadToken returns io.EOF;
// input that ends inside a value is an error wrapping io.ErrUnexpectedEOF
// (ErrUnexpectedEOF in every celer package). Errors are sticky: once
// ReadToken fails it keeps failing.
//
// Readers produce canonical tokens: KindInt for every integer in the
// int64 range, KindUint only above it, and KindNumber only for numbers
// neither can hold exactly (JSON numbers with a fraction or an exponent,
// integers beyond 64 bits).
type Reader interface {
	ReadToken() (Token, error)
}

// A Writer writes the tokens of a sequence of values.
//
// WriteToken writes one token, checking that it belongs where it comes
// (balanced containers, declared lengths honoured, a key before each
// member value) and that the format can represent it; a token out of place
// is an error wrapping ErrInvalidSequence, a value the format cannot hold
// an error wrapping ErrUnsupported. Errors are sticky. WriteToken does not
// retain the token's data after it returns.
//
// Writers may buffer: Flush writes out everything buffered that can be
// written (a writer that must know a container's length before writing it
// holds that container until it ends). Call Flush after the last value.
type Writer interface {
	WriteToken(Token) error
	Flush() error
}

// Errors wrapped by writers.
var (
	// ErrInvalidSequence reports a token written out of place: an end
	// without a start, a container with more or fewer elements than it
	// declared, a missing value after a key or after a tag.
	ErrInvalidSequence = errors.New("invalid token sequence")
	// ErrUnsupported reports a value the target format cannot represent
	// under the writer's options (NaN in JSON, a number no float holds
	// exactly, a map key JSON cannot have, an unknown extension).
	ErrUnsupported = errors.New("value not representable in the target format")
	// ErrLimit reports an input or a value beyond a limit (shared with
	// every celer package).
	ErrLimit = errs.ErrLimit
)

// Copy copies every value from r to w, token by token, until r returns
// io.EOF, then flushes w. It returns the number of tokens copied and the
// first error met (nil at a clean end of input). Copy holds one token at
// a time: its memory does not depend on the size of the values (though w
// may buffer, see Writer).
func Copy(w Writer, r Reader) (n int64, err error) {
	if jr, ok := r.(*JSONReader); ok {
		if c, ok := w.(JSONCopier); ok {
			if n, ok, err := c.CopyJSON(jr.d, jr.strict); ok {
				if err != nil {
					return n, err
				}
				return n, w.Flush()
			}
		}
	}
	for {
		t, err := r.ReadToken()
		if err != nil {
			if err == io.EOF {
				return n, w.Flush()
			}
			return n, err
		}
		if err := w.WriteToken(t); err != nil {
			return n, err
		}
		n++
	}
}

// A JSONCopier is a Writer that copies JSON text itself, reading the
// tokens of a JSONReader's stream.Decoder d straight into its own format
// instead of through Tokens: Copy calls CopyJSON when it copies from a
// JSONReader. CopyJSON must write what WriteToken would write for every
// token the JSONReader would give (strings marked valid UTF-8 when
// validUTF8), up to io.EOF (which it does not return), and return the
// number of those tokens and the first error met, as Copy would, without
// flushing; ok false tells Copy to copy token by token instead (nothing
// read, nothing written). A Writer wrapped in a type that has only the
// Writer methods is copied to token by token.
type JSONCopier interface {
	CopyJSON(d *stream.Decoder, validUTF8 bool) (n int64, ok bool, err error)
}

// CopyValue copies the next value from r to w, tags included, and returns
// the number of tokens copied. It returns io.EOF, having copied nothing,
// when r is at the end of its input. It does not flush w.
func CopyValue(w Writer, r Reader) (n int64, err error) {
	depth := 0
	for {
		t, err := r.ReadToken()
		if err != nil {
			if err == io.EOF && n > 0 {
				err = io.ErrUnexpectedEOF
			}
			return n, err
		}
		if err := w.WriteToken(t); err != nil {
			return n, err
		}
		n++
		switch t.kind {
		case KindBeginArray, KindBeginObject:
			depth++
			continue
		case KindEndArray, KindEndObject:
			depth--
		case KindTag:
			continue
		}
		if depth <= 0 {
			return n, nil
		}
	}
}
