package cbor

import (
	"github.com/celerjson/celer/internal/opts"
)

// Options configure reading, writing, marshaling and unmarshaling. The
// type is shared by every celer package (stream.MaxDepth and the like work
// here too); options that do not apply to a call are ignored, and a later
// option overrides an earlier one.
type Options = opts.Options

// MaxDepth limits how deeply arrays, maps and tags may nest (default
// 10000). Exceeding it is an error wrapping ErrDepth.
func MaxDepth(n int) Options { return opts.MaxDepth(n) }

// MaxBytes limits the total size of the input (default: no limit). A
// length that claims more is an error wrapping ErrLimit, found before
// anything is read or allocated for it.
func MaxBytes(n int64) Options { return opts.MaxBytes(n) }

// MaxTokenBytes limits the size of one byte or text string (default: no
// limit); a streaming Reader buffers at most one string at a time, so this
// bounds its memory. Exceeding it is an error wrapping ErrLimit.
func MaxTokenBytes(n int) Options { return opts.MaxTokenBytes(n) }

// MaxElements limits the number of elements of one array, or of pairs of
// one map (default: no limit other than the input's size: every declared
// count is checked against the bytes left before anything is allocated
// for it). Exceeding it is an error wrapping ErrLimit.
func MaxElements(n int) Options { return opts.MaxElements(n) }

// AllowInvalidUTF8 accepts text strings that are not valid UTF-8 when
// reading and writing. Off by default: RFC 8949 makes such strings
// invalid, and they are rejected with an error wrapping ErrInvalidUTF8.
func AllowInvalidUTF8(v bool) Options { return opts.Flag(opts.AllowInvalidUTF8, v) }

// Deterministic selects the core deterministic encoding of RFC 8949
// section 4.2.1 when writing and marshaling: preferred serialization, no
// indefinite-length items, and the keys of every map sorted by the
// bytewise lexicographic order of their encodings (a map with the same key
// twice is then an error wrapping ErrDuplicateName). Off by default, maps
// keep the order they are given in (Go maps: iteration order).
func Deterministic(v bool) Options { return opts.Flag(opts.Deterministic, v) }

// IndefiniteLength makes a Writer encode arrays and maps whose length is
// unknown when they start (BeginArray(-1), as from a JSON reader) with
// indefinite-length encoding, streaming in constant memory. Off by
// default: the Writer holds such a container until it ends and writes it
// with a definite length, the preferred serialization. Ignored with
// Deterministic.
func IndefiniteLength(v bool) Options { return opts.Flag(opts.IndefiniteLength, v) }

// InexactAsString makes a Writer encode a number given as decimal text
// (a Number token, such as a JSON number) that no float holds exactly as a
// text string of that text, instead of failing with ErrUnsupported.
func InexactAsString(v bool) Options { return opts.Flag(opts.InexactAsString, v) }

// InexactAsDecimal makes a Writer encode a number given as decimal text
// that no float holds exactly as a decimal fraction (tag 4, RFC 8949
// section 3.4.4), exact whatever its precision, instead of failing with
// ErrUnsupported. InexactAsString wins when both are set.
func InexactAsDecimal(v bool) Options { return opts.Flag(opts.InexactAsDecimal, v) }

// InexactAsFloat makes a Writer encode a number given as decimal text
// that no float holds exactly as the nearest double, as most JSON decoders
// would read it (the value changes: 0.10000000000000000001 becomes the
// double nearest 0.1), instead of failing with ErrUnsupported. A number
// beyond the double range (1e400) still fails. InexactAsString and
// InexactAsDecimal win over it.
func InexactAsFloat(v bool) Options { return opts.Flag(opts.InexactAsFloat, v) }

// EpochTime makes Marshal encode time.Time as an epoch-based date/time
// (tag 1: an integer number of seconds, or a float when the time has a
// fraction of a second, which rounds it to about a microsecond for
// present-day dates). Off by default: tag 0 with RFC 3339 text, exact to
// the nanosecond and keeping the UTC offset.
func EpochTime(v bool) Options { return opts.Flag(opts.EpochTime, v) }

// TypedArrays makes Marshal encode slices and arrays of fixed-size
// integers and floats (other than []byte) as RFC 8746 typed arrays: one
// tagged byte string in little-endian order, copied in bulk. Unmarshal
// always accepts typed arrays. Off by default: arrays of numbers.
func TypedArrays(v bool) Options { return opts.Flag(opts.TypedArrays, v) }

// RejectUnknownFields makes Unmarshal report a map key that matches no
// field of the struct being decoded (encoding/json's
// DisallowUnknownFields), with an *UnmarshalTypeError. Off by default:
// such members are skipped.
func RejectUnknownFields(v bool) Options { return opts.Flag(opts.RejectUnknownMembers, v) }

// MatchCaseSensitive makes Unmarshal match map keys to struct fields
// exactly. Off by default: as encoding/json, a key matches a field whose
// name differs only in case when no field matches exactly.
func MatchCaseSensitive(v bool) Options { return opts.Flag(opts.MatchCaseSensitive, v) }

// RejectDuplicateNames makes Readers (and so Unmarshal and Validate)
// reject a map with the same key twice, an invalid map in RFC 8949 terms.
// Keys compare by kind and value (text strings by their characters,
// however chunked); tags on keys are not compared, nor keys that are
// arrays or maps. Off by default, as with JSON.
func RejectDuplicateNames(v bool) Options { return opts.Flag(opts.RejectDuplicateNames, v) }
