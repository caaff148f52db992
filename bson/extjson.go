package bson

import (
	"bytes"
	"io"

	"github.com/celerjson/celer/token"
)

// MarshalExtJSON returns the Extended JSON, in mode m, of the BSON
// document of v (see Marshal), compact and without a final newline.
func MarshalExtJSON(v any, m Mode, o ...Options) ([]byte, error) {
	b, err := Marshal(v, o...)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	r := NewReaderBytes(b, append(o, AllowInvalidUTF8(true))...)
	if _, err := token.Copy(NewExtJSONWriter(&out, m, o...), r); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(out.Bytes(), []byte("\n")), nil
}

// UnmarshalExtJSON reads one Extended JSON document (canonical or
// relaxed) and decodes its BSON into the value v points to (see
// Unmarshal).
func UnmarshalExtJSON(data []byte, v any, o ...Options) error {
	var buf bytes.Buffer
	w := NewWriter(&buf, o...)
	r := NewExtJSONReaderBytes(data, o...)
	n, err := token.CopyValue(w, r)
	if err == nil {
		if _, err2 := r.ReadToken(); err2 != io.EOF {
			err = &SyntaxError{Offset: r.InputOffset(), Msg: "data after the Extended JSON document", Err: ErrSyntax}
		}
	}
	if err == io.EOF || err == nil && n == 0 {
		err = &SyntaxError{Msg: "no Extended JSON document", Err: ErrUnexpectedEOF}
	}
	if err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return Unmarshal(buf.Bytes(), v, o...)
}
