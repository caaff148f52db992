package celer

import "github.com/celerjson/celer/internal/opts"

// Options configure marshaling and unmarshaling. The type is shared by
// every celer package (stream.Options is the same type); options that do
// not apply to a call are ignored and a later option overrides an earlier
// one. Without options, every function of this package behaves exactly
// like encoding/json.
type Options = opts.Options

// Deterministic writes map entries sorted by key, as encoding/json does
// (the default). Deterministic(false) writes them in Go's map iteration
// order, which saves the sort. Affects marshaling only.
func Deterministic(v bool) Options { return opts.Flag(opts.Deterministic, v) }

// EscapeHTML escapes '<', '>' and '&' inside strings (names included) as
// \u003c, \u003e and \u0026, as encoding/json does by default. Affects
// marshaling only.
func EscapeHTML(v bool) Options { return opts.Flag(opts.EscapeHTML, v) }

// EscapeLineTerminators escapes U+2028 and U+2029 inside strings, as
// encoding/json does (the default). Affects marshaling only.
func EscapeLineTerminators(v bool) Options { return opts.Flag(opts.EscapeLineTerminators, v) }

// AllowInvalidUTF8 is on by default, as in encoding/json: invalid UTF-8 in a
// Go string is written as U+FFFD, and accepted inside JSON strings when
// unmarshaling. AllowInvalidUTF8(false) makes both an error wrapping
// stream.ErrInvalidUTF8.
func AllowInvalidUTF8(v bool) Options { return opts.Flag(opts.AllowInvalidUTF8, v) }

// RejectDuplicateNames rejects an object that has the same member name
// twice. Off by default, as in encoding/json. Affects unmarshaling only.
func RejectDuplicateNames(v bool) Options { return opts.Flag(opts.RejectDuplicateNames, v) }

// MaxDepth limits how deeply arrays and objects may nest when unmarshaling
// (default 10000, encoding/json's limit).
func MaxDepth(n int) Options { return opts.MaxDepth(n) }

// WithIndent writes multi-line output, as MarshalIndent does: each element
// on its own line, starting with prefix followed by one indent per level.
// Affects marshaling only.
func WithIndent(prefix, indent string) Options { return opts.WithIndent(prefix, indent) }

// JoinOptions combines several options into one.
func JoinOptions(list ...Options) Options { return opts.Join(list...) }

// flagOr reports option f of s, or def when no option set it.
func flagOr(s *opts.Struct, f opts.Flags, def bool) bool {
	if s.Set&f == 0 {
		return def
	}
	return s.Flags&f != 0
}
