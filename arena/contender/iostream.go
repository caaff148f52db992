package contender

import (
	"errors"
	"io"
)

// IOBinder binds JSON read from an io.Reader and written to an
// io.Writer, with the library's most direct API for byte streams (Jackson's
// "byte streams in, byte streams out" server case).
type IOBinder interface {
	Name() string
	// DecodeFrom decodes the one JSON value of r into v, a non-nil
	// pointer.
	DecodeFrom(r io.Reader, v any) error
	// EncodeTo writes v to w as JSON (a trailing newline is allowed).
	EncodeTo(w io.Writer, v any) error
}

// RowStreamer decodes the elements of a JSON array read from an
// io.Reader one at a time: a table of rows in bounded memory.
type RowStreamer interface {
	Name() string
	// StreamRows decodes each element of the array in r into v, a
	// non-nil pointer, and calls each after every element.
	StreamRows(r io.Reader, v any, each func()) error
}

// IOBinders returns every reader/writer binding contender, celer first,
// then encoding/json, then the others in the order of [Binders].
func IOBinders() []IOBinder {
	return []IOBinder{
		NewCelerIO(), NewStdIO(), NewJSONv2IO(), NewSonicIO(), NewGoccyIO(),
		NewSegmentioIO(), NewJsoniterIO(), NewEasyJSONIO(),
	}
}

// RowStreamers returns the contenders of [IOBinders] that can decode the
// elements of an array one at a time (sonic, segmentio and easyjson have
// no API for it).
func RowStreamers() []RowStreamer {
	var out []RowStreamer
	for _, b := range IOBinders() {
		if s, ok := b.(RowStreamer); ok {
			out = append(out, s)
		}
	}
	return out
}

// errNotArray reports a row stream that is not a JSON array.
var errNotArray = errors.New("contender: rows are not a JSON array")

// streamTokens decodes the elements of an array with a tokenDecoder.
func streamTokens(token func() (any, error), more func() bool, decode func(any) error, v any, each func()) error {
	t, err := token()
	if err != nil {
		return err
	}
	if d, ok := t.(interface{ String() string }); !ok || d.String() != "[" {
		return errNotArray
	}
	for more() {
		if err := decode(v); err != nil {
			return err
		}
		each()
	}
	_, err = token()
	return err
}
