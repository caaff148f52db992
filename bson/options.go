package bson

import (
	"github.com/celerjson/celer/internal/opts"
)

// Options configure reading, writing, marshaling and unmarshaling. The
// type is shared by every celer package (stream.MaxDepth and the like work
// here too); options that do not apply to a call are ignored, and a later
// option overrides an earlier one.
type Options = opts.Options

// MaxDepth limits how deeply documents and arrays may nest (default
// 10000; the top-level document counts as one). Exceeding it is an error
// wrapping ErrDepth.
func MaxDepth(n int) Options { return opts.MaxDepth(n) }

// MaxBytes limits the total size of the input when reading (default: no
// limit): a document length that claims more is an error wrapping
// ErrLimit, found before anything is read or allocated for it. When
// writing, it limits the size of one top-level document, which a Writer
// holds in memory until it ends (BSON puts each document's length first).
func MaxBytes(n int64) Options { return opts.MaxBytes(n) }

// MaxTokenBytes limits the size of one string or binary value (default:
// no limit). Exceeding it is an error wrapping ErrLimit.
func MaxTokenBytes(n int) Options { return opts.MaxTokenBytes(n) }

// MaxElements limits the number of elements of one document or array
// (default: no limit other than the input's size). Exceeding it is an
// error wrapping ErrLimit.
func MaxElements(n int) Options { return opts.MaxElements(n) }

// AllowInvalidUTF8 accepts strings and keys that are not valid UTF-8 when
// reading and writing. Off by default: BSON strings are UTF-8, and
// invalid ones are rejected with an error wrapping ErrInvalidUTF8.
func AllowInvalidUTF8(v bool) Options { return opts.Flag(opts.AllowInvalidUTF8, v) }

// RejectDuplicateNames makes Readers (and so Unmarshal and Validate)
// reject a document with the same key twice. BSON gives duplicate keys no
// meaning; off by default, as with JSON. Array keys are not compared.
func RejectDuplicateNames(v bool) Options { return opts.Flag(opts.RejectDuplicateNames, v) }

// Deterministic makes Marshal write the entries of Go maps sorted by key.
// Off by default, maps are written in iteration order. (Structs and D
// keep their order either way.)
func Deterministic(v bool) Options { return opts.Flag(opts.Deterministic, v) }

// InexactAsString makes a Writer (and Marshal, for json.Number) write a
// number that BSON cannot hold exactly as a string of its exact text,
// instead of failing with ErrUnsupported: a non-integer no double holds
// exactly (0.10000000000000000001, 1e400) or an integer beyond 64 bits.
func InexactAsString(v bool) Options { return opts.Flag(opts.InexactAsString, v) }

// InexactAsDecimal makes a Writer write a number that BSON cannot hold
// exactly as a Decimal128 of the same value and digits (1.10 stays
// 110E-2), instead of failing with ErrUnsupported; a number Decimal128
// cannot hold either (more than 34 significant digits, or an exponent out
// of its range) still fails. InexactAsString wins when both are set.
func InexactAsDecimal(v bool) Options { return opts.Flag(opts.InexactAsDecimal, v) }

// InexactAsFloat makes a Writer write a number that BSON cannot hold
// exactly as the nearest double, as most JSON decoders would read it (the
// value changes), instead of failing with ErrUnsupported. A number beyond
// the double range (1e400) still fails. InexactAsString and
// InexactAsDecimal win over it.
func InexactAsFloat(v bool) Options { return opts.Flag(opts.InexactAsFloat, v) }

// StringifyKeys makes a Writer turn map keys that are not strings
// (integers, floats, numbers, booleans, null, as from CBOR or
// MessagePack) into their JSON text, instead of failing with
// ErrUnsupported. Keys that are arrays, maps or byte strings remain an
// error.
func StringifyKeys(v bool) Options { return opts.Flag(opts.StringifyKeys, v) }

// KeepInt64 has no effect any more: Readers (BSON and Extended JSON)
// give int32 and int64 values as Int tokens of width 32 and 64
// (token.IntWidth), and the Writer and the Extended JSON writer keep the
// int64 type of an Int of width 64, so BSON and Extended JSON keep their
// integer types through token.Copy without an option.
//
// Deprecated: widths do what this option did; it is ignored.
func KeepInt64(v bool) Options { return opts.Flag(opts.KeepInt64, v) }

// RejectUnknownFields makes Unmarshal report a document key that matches
// no field of the struct being decoded (encoding/json's
// DisallowUnknownFields), with an *UnmarshalTypeError. Off by default:
// such elements are skipped.
func RejectUnknownFields(v bool) Options { return opts.Flag(opts.RejectUnknownMembers, v) }

// MatchCaseSensitive makes Unmarshal match document keys to struct fields
// exactly. Off by default: as encoding/json, a key matches a field whose
// name differs only in case when no field matches exactly.
func MatchCaseSensitive(v bool) Options { return opts.Flag(opts.MatchCaseSensitive, v) }
