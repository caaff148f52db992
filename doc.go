// Package celer is a fast, strict JSON toolkit. This package is a drop-in
// replacement for encoding/json: the same functions and types, with the
// same output bytes and the same acceptance rules (encoding/json v1's
// leniencies, such as invalid UTF-8 inside strings, included).
//
// The syntax layer lives in package stream (tokens, raw values, streaming
// validation and formatting, strict RFC 8259 by default); this package
// builds the encoding/json API on top of it.
//
// # Differences from encoding/json
//
// None in output or acceptance. Syntax errors are encoding/json's own
// *SyntaxError values (this package re-runs encoding/json on the error path
// so that messages and offsets match exactly); use package stream for
// errors with line, column and JSON Pointer.
package celer
