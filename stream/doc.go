// Package stream is celer's JSON syntax layer: it reads and writes JSON
// text as tokens and raw values, validates, compacts and indents, over byte
// slices and in a streaming fashion over io.Reader and io.Writer. It knows
// JSON syntax and nothing about Go types (it does not import reflect).
//
// # Strictness
//
// Decoding is strict RFC 8259 by default: strings must be valid UTF-8 and
// \u escapes must not leave a UTF-16 surrogate unpaired. AllowInvalidUTF8
// relaxes both, which gives encoding/json v1's acceptance rules exactly.
// Duplicate member names are accepted unless RejectDuplicateNames is set.
// Nesting is limited to 10000 levels (MaxDepth); MaxBytes and
// MaxTokenBytes bound input and buffering.
//
// JSONTestSuite's implementation-defined (i_) cases: numbers of any size
// or exponent are accepted as text (callers choose how to convert them);
// 500 nested arrays are accepted; a byte-order mark, UTF-16 text, invalid
// UTF-8 and unpaired surrogate escapes are rejected by default.
//
// # Errors
//
// Every decoding error is a *SyntaxError with the byte offset, line and
// column, the JSON Pointer of the value being decoded and a quote of the
// input; errors.Is finds the sentinel (ErrSyntax, ErrUnexpectedEOF,
// ErrInvalidUTF8, ErrDuplicateName, ErrDepth, ErrLimit) inside.
//
// # Streams
//
// A Decoder reads any number of top-level values separated by whitespace,
// so NDJSON and concatenated JSON need nothing special. It buffers only the
// current token (or the current value, for ReadValue), so a huge top-level
// array can be read element by element in bounded memory. Compact, Indent
// and ValidateReader stream from an io.Reader in constant memory.
//
// # Specifications
//
// RFC 8259 (JSON), RFC 3629 (UTF-8), RFC 6901 (JSON Pointer, for error
// locations).
package stream
