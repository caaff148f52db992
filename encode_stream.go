package celer

import (
	"io"

	"github.com/celerjson/celer/stream"
)

// An Encoder writes JSON values to an output stream, exactly as
// encoding/json's Encoder does: each value is followed by a newline.
type Encoder struct {
	w          io.Writer
	err        error
	html       bool
	prefix     string
	indent     string
	indentBuf  []byte
	indentedOn bool
}

// NewEncoder returns a new encoder that writes to w.
func NewEncoder(w io.Writer) *Encoder {
	return &Encoder{w: w, html: true}
}

// Encode writes the JSON encoding of v to the stream, followed by a
// newline character. After a write error every call returns that error.
func (enc *Encoder) Encode(v any) error {
	if enc.err != nil {
		return enc.err
	}
	e := encGet()
	e.setV1(enc.html)
	b, err := e.marshal(e.buf[:0], v)
	if err != nil {
		encPut(e, b)
		return encStdError(v, enc.html, err)
	}
	b = append(b, '\n')
	out := b
	if enc.indentedOn {
		enc.indentBuf, _ = stream.AppendIndent(enc.indentBuf[:0], b, enc.prefix, enc.indent, encSyntaxV1)
		out = enc.indentBuf
	}
	if _, err = enc.w.Write(out); err != nil {
		enc.err = err
	}
	encPut(e, b)
	return err
}

// SetIndent makes the encoder format each subsequent value as Indent
// would with the same prefix and indent. SetIndent("", "") turns it off.
func (enc *Encoder) SetIndent(prefix, indent string) {
	enc.prefix, enc.indent = prefix, indent
	enc.indentedOn = prefix != "" || indent != ""
}

// SetEscapeHTML sets whether '<', '>' and '&' are escaped inside JSON
// strings (as \u003c, \u003e and \u0026). It is on by default.
func (enc *Encoder) SetEscapeHTML(on bool) {
	enc.html = on
}
