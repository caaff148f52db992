package stream

import (
	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/opts"
)

// Options configure decoding and encoding. The type is shared by every
// celer package; options that do not apply to a call are ignored, and a
// later option overrides an earlier one.
type Options = opts.Options

// AllowInvalidUTF8 accepts invalid UTF-8 and unpaired UTF-16 surrogate
// escapes inside strings when decoding (encoding/json v1 behaviour), and
// replaces invalid UTF-8 with U+FFFD when encoding. Off by default: strict
// RFC 8259 text must be valid UTF-8.
func AllowInvalidUTF8(v bool) Options { return opts.Flag(opts.AllowInvalidUTF8, v) }

// RejectDuplicateNames rejects an object that has the same member name
// twice (compared after unescaping). Off by default, as RFC 8259 allows it.
// Affects decoding only.
func RejectDuplicateNames(v bool) Options { return opts.Flag(opts.RejectDuplicateNames, v) }

// EscapeHTML escapes '<', '>' and '&' inside strings when encoding, as
// encoding/json does by default. Affects encoding only.
func EscapeHTML(v bool) Options { return opts.Flag(opts.EscapeHTML, v) }

// EscapeForJS escapes U+2028 and U+2029 inside strings when encoding, so
// that the output is also valid JavaScript, as encoding/json does by
// default. Affects encoding only.
func EscapeForJS(v bool) Options { return opts.Flag(opts.EscapeLineTerminators, v) }

// MaxDepth limits how deeply arrays and objects may nest (default 10000,
// encoding/json's limit). Exceeding it is an error wrapping ErrDepth.
func MaxDepth(n int) Options { return opts.MaxDepth(n) }

// MaxBytes limits the total size of the input (default: no limit).
// Exceeding it is an error wrapping ErrLimit.
func MaxBytes(n int64) Options { return opts.MaxBytes(n) }

// MaxTokenBytes limits the size of a single token, such as one string or
// number (default: no limit). A streaming Decoder buffers at most one token
// (or one value for ReadValue), so this bounds its memory. Exceeding it is
// an error wrapping ErrLimit.
func MaxTokenBytes(n int) Options { return opts.MaxTokenBytes(n) }

// WithIndent makes an Encoder write multi-line output: each element on its
// own line, starting with prefix followed by one indent per level.
// Affects encoding only.
func WithIndent(prefix, indent string) Options { return opts.WithIndent(prefix, indent) }

// JoinOptions combines several options into one.
func JoinOptions(list ...Options) Options { return opts.Join(list...) }

// SyntaxError is a positioned error in JSON text: byte offset, line and
// column, the JSON Pointer of the value being decoded and a short quote of
// the input. errors.Is sees the sentinel errors through it.
type SyntaxError = errs.SyntaxError

// Sentinel errors wrapped by every SyntaxError.
var (
	ErrSyntax        = errs.ErrSyntax        // malformed JSON
	ErrUnexpectedEOF = errs.ErrUnexpectedEOF // input ended inside a value (io.ErrUnexpectedEOF)
	ErrInvalidUTF8   = errs.ErrInvalidUTF8   // invalid UTF-8 or unpaired surrogate in a string
	ErrDuplicateName = errs.ErrDuplicateName // repeated object member name
	ErrDepth         = errs.ErrDepth         // nesting deeper than MaxDepth
	ErrLimit         = errs.ErrLimit         // MaxBytes or MaxTokenBytes exceeded
)
