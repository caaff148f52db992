// Package cbor reads and writes CBOR, the Concise Binary Object
// Representation (RFC 8949): as tokens of celer's shared value model
// (package token), so that CBOR transcodes to and from JSON and every other
// celer format streaming, and as Go values with Marshal and Unmarshal,
// which reuse the `json:"..."` struct tags.
//
// # Tokens
//
// A Reader reads a CBOR sequence (RFC 8742) as tokens and a Writer writes
// tokens as CBOR; token.Copy pumps one into the other:
//
//	token.Copy(cbor.NewWriter(w), token.NewJSONReader(r)) // JSON to CBOR
//	token.Copy(token.NewJSONWriter(w), cbor.NewReader(r)) // CBOR to JSON
//
// From JSON, token.Copy lets the Writer read the JSON decoder's tokens
// itself (Writer.CopyJSON, a token.JSONCopier): the same bytes as token by
// token, without making a Token of each.
//
// The Reader gives integers as Int (Uint above MaxInt64, a Number of the
// exact text below -2^63), strings as String and Bytes (indefinite-length
// strings joined), arrays and maps with their length (-1 for indefinite
// length), tags as Tag tokens before their content without interpreting
// them (bignums, dates, typed arrays included), floats with their width,
// undefined and the other simple values as Ext tokens of
// token.FamilySimple.
//
// The Writer writes the preferred serialization (RFC 8949 section 4.1):
// shortest heads, the shortest float that keeps each value (NaN payloads
// included), and definite lengths, holding a container of unknown length
// until it ends (IndefiniteLength streams it instead). Deterministic
// selects the core deterministic encoding (section 4.2.1). Number tokens
// (exact decimal text, from JSON) become integers when they have no
// fraction or exponent (bignums beyond 64 bits; -0 the float -0.0), and
// otherwise the shortest float whose value is exactly the number's: "1.0"
// is f9 3c00, "0.1" is the double nearest 0.1 (whose shortest decimal form
// is 0.1), and a number no float holds, such as 0.10000000000000000001 or
// 1e400 (or -65.613616999999977, a 17-digit form of a double whose
// shortest form is -65.61361699999998), is an error wrapping
// ErrUnsupported, or by option the nearest double (InexactAsFloat), a text
// string (InexactAsString) or a decimal fraction, tag 4
// (InexactAsDecimal). This rule makes JSON to CBOR to JSON keep the exact
// value of every number. How
// CBOR becomes JSON (bytes in base64url, bignums and decimal fractions as
// exact numbers, other tags dropped, undefined as null, NaN and non-text
// keys rejected unless allowed) is documented in package token.
//
// # Go values
//
// Marshal and Unmarshal map Go values to CBOR as follows.
//
//	Go                              CBOR
//	bool                            false, true
//	intN, uintN                     integer (major type 0 or 1)
//	float32, float64                the shortest float that keeps the value
//	string                          text string (valid UTF-8 required)
//	[]byte, [N]byte                 byte string (nil slice: null)
//	other slices and arrays         array (nil slice: null); with TypedArrays,
//	                                numbers as an RFC 8746 typed array
//	                                (little-endian, copied in bulk)
//	map                             map (nil: null), keys of any type;
//	                                sorted with Deterministic
//	struct                          map with text keys (see below)
//	pointer, interface              the value pointed to, or null when nil
//	time.Time                       tag 0 with RFC 3339 text (nanoseconds, UTC
//	                                offset kept); tag 1 with EpochTime, or for
//	                                years outside 0 to 9999
//	big.Int                         integer, or bignum (tag 2 or 3) beyond 64 bits
//	json.Number                     as a Number token (see Writer)
//	Tag                             the tag number and its content
//	Simple                          the simple value
//	RawMessage, Marshaler           their encoding, checked to be well-formed
//	encoding.TextMarshaler          text string
//
// Struct fields follow encoding/json's rules (exported fields, embedding,
// conflicts, the json tag's name, omitempty and omitzero; ",string" is
// ignored). A `cbor:"name,opts"` tag overrides the json tag of its field:
// its name (when not empty) and its options replace the json tag's, and
// `cbor:"-"` drops the field. Limits: the cbor tag is read on the fields
// that encoding/json's rules keep, and on direct fields hidden by
// `json:"-"`; a cbor tag on an embedded struct does not change how it is
// embedded.
//
// Unmarshal accepts what Marshal writes and more: integers into any
// integer or float type (range checked), bignums into integers (range
// checked), floats and big.Int; indefinite-length items; tags before any
// value (ignored where the Go type gives them no meaning); typed arrays of
// every RFC 8746 kind but float128 into slices and arrays of numbers;
// dates as tag 0 text, tag 1 numbers, or the same untagged into
// time.Time; struct fields matched by exact name, then case-insensitively
// (unless MatchCaseSensitive), unknown keys skipped (unless
// RejectUnknownFields). Null and undefined set pointers, interfaces, maps
// and slices to nil and leave other values alone. Into an empty interface
// it gives int64 (uint64 above MaxInt64, *big.Int beyond 64 bits, bignums
// included), float64, string, []byte, []any, map[string]any (map[any]any
// when a key is not a text string), bool, nil, time.Time (tags 0 and 1),
// Tag (other tags) and Simple. A value that does not fit its Go type is
// skipped and reported after the rest is decoded, as an
// *UnmarshalTypeError with its offset and path.
//
// # Security
//
// Input is untrusted by default. Readers check well-formedness (RFC 8949
// Appendix F) and UTF-8, and every string length against the input left
// (byte slices) or as data arrives (streams), and against MaxBytes and
// MaxTokenBytes, before reading or allocating anything for it; a Reader
// allocates nothing per declared element, so a header claiming 2^32
// elements costs nothing until they arrive. MaxDepth (default 10000)
// bounds nesting of arrays, maps and tags together, MaxElements the
// number of items of one container. Unmarshal into a zero value of a type
// without decoding methods checks the item while it decodes it, every
// count against the bytes left before allocating for it (so at most in
// proportion to the input's size), and on an error sets the value back
// to zero; into other values it checks the whole item first, so
// malformed or over-limit input allocates nothing. Slices are
// preallocated only up to the items the input can hold. Errors
// are *SyntaxError values with the byte offset and the path of the item,
// wrapping ErrSyntax, ErrUnexpectedEOF, ErrInvalidUTF8, ErrDepth or
// ErrLimit.
//
// # Specifications
//
// RFC 8949 (CBOR), RFC 8742 (CBOR sequences), RFC 8746 (typed arrays),
// RFC 3339 (date and time), RFC 4648 (base64url, for JSON).
package cbor
