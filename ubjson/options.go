package ubjson

import (
	"github.com/celerjson/celer/internal/opts"
)

// Options configure reading, writing, marshaling and unmarshaling. The
// type is shared by every celer package (stream.MaxDepth and the like work
// here too); options that do not apply to a call are ignored, and a later
// option overrides an earlier one.
type Options = opts.Options

// MaxDepth limits how deeply arrays and objects may nest (default 10000).
// Exceeding it is an error wrapping ErrDepth.
func MaxDepth(n int) Options { return opts.MaxDepth(n) }

// MaxBytes limits the total size of the input (default: no limit). A
// length that claims more is an error wrapping ErrLimit, found before
// anything is read or allocated for it.
func MaxBytes(n int64) Options { return opts.MaxBytes(n) }

// MaxTokenBytes limits the size of one string, high-precision number,
// object key or strongly typed uint8 array (default: no limit); a
// streaming Reader buffers at most one of them at a time, so this bounds
// its memory. Exceeding it is an error wrapping ErrLimit.
func MaxTokenBytes(n int) Options { return opts.MaxTokenBytes(n) }

// MaxElements limits the number of elements of one array, or of pairs of
// one object (default: no limit other than the input's size: a declared
// count is checked against the bytes left before anything is allocated
// for it). Exceeding it is an error wrapping ErrLimit.
func MaxElements(n int) Options { return opts.MaxElements(n) }

// AllowInvalidUTF8 accepts strings and keys that are not valid UTF-8
// when reading and writing. Off by default: UBJSON requires UTF-8, and
// such strings are rejected with an error wrapping ErrInvalidUTF8.
func AllowInvalidUTF8(v bool) Options { return opts.Flag(opts.AllowInvalidUTF8, v) }

// RejectDuplicateNames makes Readers (and so Unmarshal and Validate)
// reject an object with the same key twice. Off by default, as with JSON.
func RejectDuplicateNames(v bool) Options { return opts.Flag(opts.RejectDuplicateNames, v) }

// Deterministic makes Marshal write the members of Go maps sorted by key
// (as encoding/json does). Off by default: map iteration order. Writers
// keep the order of the tokens they are given.
func Deterministic(v bool) Options { return opts.Flag(opts.Deterministic, v) }

// ShortestFloat makes Writers and Marshal write a float64 (or a float of
// unknown width, or a JSON number with a fraction or an exponent) as
// float32 (d) when float32 holds its value exactly (1.5, not 0.1). Off by
// default: float64 values are written as float64 (D) and float32 values
// as float32.
func ShortestFloat(v bool) Options { return opts.Flag(opts.ShortestFloat, v) }

// TypedArrays writes arrays of numbers as strongly typed containers
// ([$type#count, then the values without markers), the "automatically use
// strongly typed containers when possible" option the specification
// suggests. Marshal writes slices and arrays of fixed-size integers and
// floats so, copied in bulk (not those holding a NaN, an infinity or, for
// unsigned 64-bit integers, a value above MaxInt64, which UBJSON writes
// as null and H). A Writer holds each array while all its elements are
// numbers and, when it ends, rewrites it typed if it is then no larger:
// all integers as the smallest of int8, int16, int32 and int64 that holds
// them all, all floats as float32 or float64 (mixed integers and floats,
// and numbers written as H, stay as they are). The uint8 type is kept for
// byte strings (see Reader). Off by default.
func TypedArrays(v bool) Options { return opts.Flag(opts.TypedArrays, v) }

// InexactAsString makes a Writer encode a number given as decimal text
// (a Number token, such as a JSON number) that no float holds exactly as a
// string (S) of that text, instead of failing with ErrUnsupported.
func InexactAsString(v bool) Options { return opts.Flag(opts.InexactAsString, v) }

// InexactAsDecimal makes a Writer encode a number given as decimal text
// that no float holds exactly as a high-precision number (H) of that
// text, exact whatever its precision, instead of failing with
// ErrUnsupported. InexactAsString wins when both are set.
func InexactAsDecimal(v bool) Options { return opts.Flag(opts.InexactAsDecimal, v) }

// InexactAsFloat makes a Writer encode a number given as decimal text
// that no float holds exactly as the nearest float64, as most JSON
// decoders would read it (the value changes), instead of failing with
// ErrUnsupported. A number beyond the double range (1e400) still fails.
// InexactAsString and InexactAsDecimal win over it.
func InexactAsFloat(v bool) Options { return opts.Flag(opts.InexactAsFloat, v) }

// StringifyKeys makes a Writer turn object keys that are not strings
// into strings, as package token's JSON writer does with the same option:
// integers, floats and numbers as their JSON text, true, false and null
// as those words. Off by default: such keys are errors wrapping
// ErrUnsupported, as UBJSON keys are strings.
func StringifyKeys(v bool) Options { return opts.Flag(opts.StringifyKeys, v) }

// RejectUnknownFields makes Unmarshal report an object key that matches
// no field of the struct being decoded (encoding/json's
// DisallowUnknownFields), with an *UnmarshalTypeError. Off by default:
// such members are skipped.
func RejectUnknownFields(v bool) Options { return opts.Flag(opts.RejectUnknownMembers, v) }

// MatchCaseSensitive makes Unmarshal match object keys to struct fields
// exactly. Off by default: as encoding/json, a key matches a field whose
// name differs only in case when no field matches exactly.
func MatchCaseSensitive(v bool) Options { return opts.Flag(opts.MatchCaseSensitive, v) }
