package msgpack

import (
	"github.com/celerjson/celer/internal/opts"
)

// Options configure reading, writing, marshaling and unmarshaling. The
// type is shared by every celer package (stream.MaxDepth and the like work
// here too); options that do not apply to a call are ignored, and a later
// option overrides an earlier one.
type Options = opts.Options

// MaxDepth limits how deeply arrays and maps may nest (default 10000).
// Exceeding it is an error wrapping ErrDepth.
func MaxDepth(n int) Options { return opts.MaxDepth(n) }

// MaxBytes limits the total size of the input (default: no limit). A
// length that claims more is an error wrapping ErrLimit, found before
// anything is read or allocated for it.
func MaxBytes(n int64) Options { return opts.MaxBytes(n) }

// MaxTokenBytes limits the size of one str, bin or ext payload (default:
// no limit); a streaming Reader buffers at most one of them at a time, so
// this bounds its memory. Exceeding it is an error wrapping ErrLimit.
func MaxTokenBytes(n int) Options { return opts.MaxTokenBytes(n) }

// MaxElements limits the number of elements of one array, or of pairs of
// one map (default: no limit other than the input's size: every declared
// count is checked against the bytes left before anything is allocated
// for it). Exceeding it is an error wrapping ErrLimit.
func MaxElements(n int) Options { return opts.MaxElements(n) }

// AllowInvalidUTF8 accepts str values that are not valid UTF-8 when
// reading and writing. Off by default: the type system of the MessagePack
// specification makes String a UTF-8 string, and such values are rejected
// with an error wrapping ErrInvalidUTF8. (The raw bytes of a str are
// always available through Reader tokens with this option.)
func AllowInvalidUTF8(v bool) Options { return opts.Flag(opts.AllowInvalidUTF8, v) }

// RejectDuplicateNames makes Readers (and so Unmarshal and Validate)
// reject a map with the same key twice. Keys compare by kind and value;
// keys that are arrays or maps are not compared. Off by default, as with
// JSON.
func RejectDuplicateNames(v bool) Options { return opts.Flag(opts.RejectDuplicateNames, v) }

// Deterministic makes Writers and Marshal sort the pairs of every map by
// the bytewise order of their encoded keys, so that equal values always
// encode to the same bytes (the "sorted keys" profile the specification
// mentions for hashing); a map with the same key twice is then an error
// wrapping ErrDuplicateName. Off by default: maps keep the order they are
// given in (Go maps: iteration order).
func Deterministic(v bool) Options { return opts.Flag(opts.Deterministic, v) }

// ZeroCopyStrings lets Unmarshal's Go strings and byte slices (from str
// and bin) share memory with the input instead of copying it: the
// binary formats' counterpart of celer.ZeroCopyStrings, with the same
// option bit. The input must then not be modified for as long as any of
// them is in use (which also keeps the whole input alive); a byte slice
// has its capacity cut to its length, so appending to it copies. Affects
// Unmarshal only (a Decoder reads into a buffer it reuses, so it copies).
func ZeroCopyStrings(v bool) Options { return opts.Flag(opts.ZeroCopyStrings, v) }

// ShortestFloat makes Writers and Marshal write a float64 (or a float of
// unknown width, or a JSON number with a fraction or an exponent) as float
// 32 when float 32 holds its value exactly (1.5, not 0.1). Off by default:
// float64 values are written as float 64 and float32 values as float 32.
func ShortestFloat(v bool) Options { return opts.Flag(opts.ShortestFloat, v) }

// InexactAsString makes a Writer encode a number given as decimal text
// (a Number token, such as a JSON number) that MessagePack cannot hold
// exactly (an integer beyond 64 bits, a fraction no float64 holds) as a
// str of that text, instead of failing with ErrUnsupported.
func InexactAsString(v bool) Options { return opts.Flag(opts.InexactAsString, v) }

// InexactAsFloat makes a Writer encode a number given as decimal text
// that no float holds exactly as the nearest float64 (the value changes:
// 0.10000000000000000001 becomes the double nearest 0.1; so do integers
// beyond 64 bits), instead of failing with ErrUnsupported. A number beyond
// the double range (1e400) still fails. InexactAsString wins over it.
func InexactAsFloat(v bool) Options { return opts.Flag(opts.InexactAsFloat, v) }

// RejectUnknownFields makes Unmarshal report a map key that matches no
// field of the struct being decoded (encoding/json's
// DisallowUnknownFields), with an *UnmarshalTypeError. Off by default:
// such members are skipped.
func RejectUnknownFields(v bool) Options { return opts.Flag(opts.RejectUnknownMembers, v) }

// MatchCaseSensitive makes Unmarshal match map keys to struct fields
// exactly. Off by default: as encoding/json, a key matches a field whose
// name differs only in case when no field matches exactly.
func MatchCaseSensitive(v bool) Options { return opts.Flag(opts.MatchCaseSensitive, v) }
