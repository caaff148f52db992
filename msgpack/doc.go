// Package msgpack reads and writes MessagePack: as tokens of celer's
// shared value model (package token), so that MessagePack transcodes to
// and from JSON and every other celer format streaming, and as Go values
// with Marshal and Unmarshal, which reuse the `json:"..."` struct tags.
//
// # Tokens
//
// A Reader reads MessagePack objects (any number, one after the other) as
// tokens and a Writer writes tokens as MessagePack; token.Copy pumps one
// into the other:
//
//	token.Copy(msgpack.NewWriter(w), token.NewJSONReader(r)) // JSON to MessagePack
//	token.Copy(token.NewJSONWriter(w), msgpack.NewReader(r)) // MessagePack to JSON
//
// From JSON, token.Copy lets the Writer read the JSON decoder's tokens
// itself (Writer.CopyJSON, a token.JSONCopier): the same bytes as token by
// token, without making a Token of each.
//
// The Reader gives integers as Int (Uint above MaxInt64), floats with
// their width (32 or 64), str as String and bin as Bytes, arrays and maps
// with their length, extensions as Ext tokens of token.FamilyMsgpack
// (type and data), except the timestamp extension (type -1), which it
// decodes into the form CBOR gives dates: tag 0 and RFC 3339 text in UTC
// ("2013-03-21T20:04:00.5Z") for the years 0 to 9999, tag 1 and the
// seconds since the epoch otherwise. Through package token's JSON writer a
// timestamp thus becomes a JSON string of its RFC 3339 text, and through
// the CBOR writer a CBOR date. The other extensions have a JSON form by
// convention, {"$msgpackExt": {"type": T, "data": "<base64>"}} (ExtKey):
// a Writer wrapped by WrapWriter writes them so (JSON, CBOR, UBJSON and
// BSON writers, which have no such extensions, fail on them otherwise),
// and UnwrapReader turns such objects back into extensions.
//
// The Writer writes every integer and length in its smallest format, as
// the specification asks; floats as float 64, or float 32 when they came
// as float 32 (or, with ShortestFloat, whenever float 32 holds the value
// exactly). Arrays and maps of unknown length (from JSON) are held until
// they end, as MessagePack heads declare lengths. Number tokens (exact
// decimal text, from JSON) become integers when they have no fraction or
// exponent, and otherwise the float whose value is exactly the number's
// ("0.1" is the double nearest 0.1, whose shortest form is 0.1); an
// integer beyond the 64 bits of MessagePack or a number no float holds
// (0.10000000000000000001, 1e400) is an error wrapping ErrUnsupported, or
// by option a str of its text (InexactAsString) or the nearest double
// (InexactAsFloat). This rule makes JSON to MessagePack to JSON keep the
// exact value of every number: integers and strings come back byte for
// byte, numbers with a fraction or an exponent with the same value in
// the JSON writer's float form (1.50 as 1.5). CBOR dates (tags 0 and 1)
// become timestamps and bignums that fit 64 bits integers (see Writer).
//
// # Go values
//
// Marshal and Unmarshal map Go values to MessagePack as follows.
//
//	Go                              MessagePack
//	bool                            false, true
//	intN, uintN                     the smallest int format
//	float32                         float 32
//	float64                         float 64 (float 32 with ShortestFloat
//	                                when exact)
//	string                          str (valid UTF-8 required)
//	[]byte, [N]byte                 bin (nil slice: nil)
//	other slices and arrays         array (nil slice: nil); slices and
//	                                arrays of fixed-size numbers are
//	                                written and read in one loop over their
//	                                memory, without reflection per element
//	map                             map (nil: nil), keys of any type;
//	                                sorted with Deterministic
//	struct                          map with str keys (see below)
//	pointer, interface              the value pointed to, or nil when nil
//	time.Time                       timestamp extension (-1), in the
//	                                smallest of its formats
//	big.Int                         an integer (beyond 64 bits: ErrUnsupported,
//	                                or a str with InexactAsString)
//	json.Number                     as a Number token (see Writer)
//	Ext                             ext of its type and data
//	RawMessage, Marshaler           their encoding, checked to be valid
//	encoding.TextMarshaler          str
//
// Struct fields follow encoding/json's rules (exported fields, embedding,
// conflicts, the json tag's name, omitempty and omitzero; ",string" is
// ignored). A `msgpack:"name,opts"` tag overrides the json tag of its
// field: its name (when not empty) and its options replace the json
// tag's, and `msgpack:"-"` drops the field. Limits: the msgpack tag is
// read on the fields that encoding/json's rules keep, and on direct fields
// hidden by `json:"-"`; a msgpack tag on an embedded struct does not
// change how it is embedded.
//
// Unmarshal accepts what Marshal writes and more: integers into any
// integer or float type (range checked), floats into float types, str and
// bin into strings (bin when valid UTF-8) and byte slices, arrays of
// integers into byte slices, timestamps, RFC 3339 str and epoch seconds
// into time.Time; struct fields matched by exact name, then
// case-insensitively (unless MatchCaseSensitive), unknown keys skipped
// (unless RejectUnknownFields). Nil sets pointers, interfaces, maps and
// slices to nil and leaves other values alone. Into an empty interface it
// gives nil, bool, int64 (uint64 above MaxInt64), float64, string, []byte,
// []any, map[string]any (map[any]any when a key is not a str), time.Time
// (timestamps) and Ext (other extensions). A value that does not fit its
// Go type is skipped and reported after the rest is decoded, as an
// *UnmarshalTypeError with its offset and path.
//
// # Security
//
// Input is untrusted by default. Readers check validity and UTF-8, and
// every length against the input left (byte slices) or as data arrives
// (streams), and against MaxBytes and MaxTokenBytes, before reading or
// allocating anything for it. Reading a byte slice, the count of an array
// or map is checked against the bytes left too (each element takes at
// least one byte): the 5 bytes dd ff ff ff ff, an array claiming 2^32-1
// elements, fail at once at offset 0; a streaming Reader allocates
// nothing per declared element and fails when the input ends. MaxDepth
// (default 10000) bounds nesting, MaxElements the number of elements of
// one container. Unmarshal into a zero value of a type without decoding
// methods (a new value, the usual case) checks the data as it decodes
// it, in one pass: malformed or over-limit input fails at its first
// fault with the Reader's error, the value is set back to zero, and what
// was allocated before the fault is at most in proportion to the input's
// size (every count and length is checked against the bytes left before
// anything is allocated for it). Into other values Unmarshal checks the
// whole object first, then decodes: malformed or over-limit input
// allocates nothing and leaves the value as it was. Errors are
// *SyntaxError values with the byte offset and the path of the object,
// wrapping ErrSyntax, ErrUnexpectedEOF, ErrInvalidUTF8, ErrDepth, ErrLimit
// or ErrDuplicateName.
//
// # Specifications
//
// The MessagePack specification (github.com/msgpack/msgpack, spec.md,
// last modified 2017-08-09), with its timestamp extension; RFC 3339 (date
// and time).
package msgpack
