package contender

import (
	"bytes"
	"io"

	"github.com/go-json-experiment/json/jsontext"
)

// JSONText is github.com/go-json-experiment/json/jsontext, the syntax
// layer of encoding/json/v2.
//
// Choices, made to compare like with like and to use the fastest
// legitimate API:
//   - Valid and Tokenize keep jsontext's strict UTF-8 checking (as celer
//     does by default) but allow duplicate names, which celer, encoding/json
//     and the other contenders do not look for either.
//   - Valid uses jsontext.Value.IsValid, which runs a pooled decoder
//     straight over the bytes.
//   - Tokenize loops over a reused jsontext.Decoder reading from a
//     *bytes.Buffer, the input jsontext parses in place without copying.
//   - Compact and Indent use jsontext.AppendFormat with the options that
//     Value.Compact and Value.Indent document (duplicate names and invalid
//     UTF-8 allowed, strings kept raw, like encoding/json), which saves the
//     copy Value.Compact needs to work in place. encoding/json.Indent keeps
//     the input's trailing whitespace and AppendFormat drops it, so Indent
//     appends it back.
type JSONText struct {
	dec *jsontext.Decoder
	buf *bytes.Buffer
}

var (
	jsontextStrict  = []jsontext.Options{jsontext.AllowDuplicateNames(true)}
	jsontextCompact = []jsontext.Options{
		jsontext.AllowDuplicateNames(true),
		jsontext.AllowInvalidUTF8(true),
		jsontext.PreserveRawStrings(true),
	}
	jsontextIndent = []jsontext.Options{
		jsontext.AllowDuplicateNames(true),
		jsontext.AllowInvalidUTF8(true),
		jsontext.PreserveRawStrings(true),
		jsontext.Multiline(true),
		jsontext.WithIndentPrefix(IndentPrefix),
		jsontext.WithIndent(IndentString),
	}
)

// NewJSONText returns the jsontext contender.
func NewJSONText() *JSONText { return &JSONText{buf: new(bytes.Buffer)} }

// Name implements [Syntax].
func (*JSONText) Name() string { return "jsontext" }

// Valid calls jsontext.Value.IsValid.
func (*JSONText) Valid(b []byte) bool { return jsontext.Value(b).IsValid(jsontextStrict...) }

// Tokenize loops over jsontext.Decoder.ReadToken.
func (c *JSONText) Tokenize(b []byte) (int, error) {
	*c.buf = *bytes.NewBuffer(b) // re-point the reused Buffer at b without copying
	if c.dec == nil {
		c.dec = jsontext.NewDecoder(c.buf, jsontextStrict...)
	} else {
		c.dec.Reset(c.buf, jsontextStrict...)
	}
	n := 0
	for {
		if _, err := c.dec.ReadToken(); err != nil {
			if err == io.EOF {
				return n, nil
			}
			return n, err
		}
		n++
	}
}

// Compact calls jsontext.AppendFormat with Value.Compact's options.
func (*JSONText) Compact(dst, src []byte) ([]byte, error) {
	return jsontext.AppendFormat(dst, src, jsontextCompact...)
}

// Indent calls jsontext.AppendFormat with Value.Indent's options and keeps
// src's trailing whitespace, as encoding/json.Indent does.
func (*JSONText) Indent(dst, src []byte) ([]byte, error) {
	dst, err := jsontext.AppendFormat(dst, src, jsontextIndent...)
	if err != nil {
		return dst, err
	}
	return append(dst, trailingSpace(src)...), nil
}
