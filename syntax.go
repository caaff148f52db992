package celer

import (
	"bytes"
	"encoding/json"

	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
	"github.com/celerjson/celer/stream"
)

// SyntaxError is encoding/json's description of a JSON syntax error, so
// that errors.As works the same with either package.
type SyntaxError = json.SyntaxError

// v1 is the syntax mode of encoding/json: invalid UTF-8 is accepted.
var v1 = stream.AllowInvalidUTF8(true)

// Valid reports whether data is a valid JSON encoding, with encoding/json's
// rules (invalid UTF-8 inside strings is accepted).
func Valid(data []byte) bool {
	return scan.ValidIndexed(data, scan.AllowInvalidUTF8, opts.DefaultMaxDepth)
}

// Compact appends to dst the JSON-encoded src with insignificant space
// characters elided. The output is byte-identical to encoding/json's.
func Compact(dst *bytes.Buffer, src []byte) error {
	dst.Grow(len(src))
	b, err := stream.AppendCompact(dst.AvailableBuffer(), src, v1)
	if err != nil {
		return stdError(src, json.Compact)
	}
	dst.Write(b)
	return nil
}

// Indent appends to dst an indented form of the JSON-encoded src, exactly
// as encoding/json.Indent does: each element begins on a new line starting
// with prefix followed by one or more copies of indent according to the
// nesting; leading space is dropped and trailing space kept.
func Indent(dst *bytes.Buffer, src []byte, prefix, indent string) error {
	dst.Grow(2 * len(src))
	b, err := stream.AppendIndent(dst.AvailableBuffer(), src, prefix, indent, v1)
	if err != nil {
		return stdError(src, func(d *bytes.Buffer, s []byte) error { return json.Indent(d, s, prefix, indent) })
	}
	dst.Write(b)
	return nil
}

// stdError runs encoding/json on invalid input so that the error (type,
// message and offset) is exactly the one encoding/json returns.
func stdError(src []byte, f func(*bytes.Buffer, []byte) error) error {
	var scratch bytes.Buffer
	return f(&scratch, src)
}

// HTMLEscape appends to dst the JSON-encoded src with <, >, & and the line
// terminators U+2028 and U+2029 inside string literals changed to \u003c,
// \u003e, \u0026, \u2028 and \u2029, as encoding/json does.
func HTMLEscape(dst *bytes.Buffer, src []byte) {
	dst.Grow(len(src))
	dst.Write(appendHTMLEscape(dst.AvailableBuffer(), src))
}

const hex = "0123456789abcdef"

func appendHTMLEscape(dst, src []byte) []byte {
	start := 0
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '<', '>', '&':
			dst = append(dst, src[start:i]...)
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			start = i + 1
		case 0xE2:
			if i+2 < len(src) && src[i+1] == 0x80 && src[i+2]&^1 == 0xA8 {
				dst = append(dst, src[start:i]...)
				dst = append(dst, '\\', 'u', '2', '0', '2', hex[src[i+2]&0xF])
				start = i + 3
				i += 2
			}
		}
	}
	return append(dst, src[start:]...)
}
