// Package ubjson reads and writes UBJSON, Universal Binary JSON (Draft 12,
// with the optimized container format and high-precision numbers): as
// tokens of celer's shared value model (package token), so that UBJSON
// transcodes to and from JSON and every other celer format streaming, and
// as Go values with Marshal and Unmarshal, which reuse the `json:"..."`
// struct tags.
//
// # Tokens
//
// A Reader reads UBJSON values as tokens and a Writer writes tokens as
// UBJSON; token.Copy pumps one into the other:
//
//	token.Copy(ubjson.NewWriter(w), token.NewJSONReader(r)) // JSON to UBJSON
//	token.Copy(token.NewJSONWriter(w), ubjson.NewReader(r)) // UBJSON to JSON
//
// From JSON, token.Copy lets the Writer read the JSON decoder's tokens
// itself (Writer.CopyJSON, a token.JSONCopier): the same bytes as token by
// token, without making a Token of each.
//
// UBJSON's values map one to one to JSON's, with more number types: the
// Reader gives integers as Int, floats with their width (32 or 64),
// high-precision numbers (H) as Int or Uint when they are integers that
// fit 64 bits and otherwise as Number tokens of their exact text, chars
// and strings as String, arrays and objects with their count when the
// optimized format gives one. A strongly typed array of uint8 ([$U#n),
// which the specification makes the form of binary data, is read as one
// Bytes token (so it becomes a base64url string in JSON, see package
// token), and Bytes tokens are written so; other strongly typed
// containers are read value by value.
//
// The Writer writes every integer in its smallest type, floats as float64
// (float32 for float32 values, or with ShortestFloat whenever exact), NaN
// and infinities as null (as the specification requires), integers beyond
// int64 as high-precision numbers, and containers with end markers,
// streaming. Number tokens (exact decimal text, from JSON) become
// integers when they have no fraction or exponent, and otherwise the
// float whose value is exactly the number's; a number no float holds
// (0.10000000000000000001, 1e400) is an error wrapping ErrUnsupported, or
// by option a high-precision number of its text (InexactAsDecimal, exact
// whatever the precision), a string or the nearest double. JSON to UBJSON
// to JSON thus keeps the exact value of every number: strings and
// integers come back byte for byte, numbers with a fraction or an
// exponent with the same value in the JSON writer's float form (1.50 as
// 1.5). With TypedArrays the Writer writes arrays of numbers as strongly
// typed containers when that is smaller (see TypedArrays), never with the
// uint8 type, which reads back as bytes: the round trip stays exact.
//
// # Go values
//
// Marshal and Unmarshal map Go values to UBJSON as follows.
//
//	Go                              UBJSON
//	bool                            T, F
//	intN, uintN                     the smallest integer type (uint64 above
//	                                MaxInt64: high-precision number)
//	float32, float64                float32 (d), float64 (D, or d with
//	                                ShortestFloat when exact); NaN and
//	                                infinities: null
//	string                          char (one ASCII character) or string
//	                                (valid UTF-8 required)
//	[]byte, [N]byte                 [$U#n and the bytes (nil slice: null)
//	other slices and arrays         array (nil slice: null); slices and
//	                                arrays of fixed-size numbers in one loop
//	                                over their memory, and with TypedArrays
//	                                as strongly typed arrays ([$l#n ...)
//	                                when that is smaller
//	map                             object (nil: null); keys are strings,
//	                                encoding.TextMarshaler or integers (as
//	                                encoding/json); sorted with
//	                                Deterministic
//	struct                          object (see below)
//	pointer, interface              the value pointed to, or null when nil
//	time.Time                       string of its RFC 3339 text
//	big.Int                         an integer, or a high-precision number
//	json.Number                     as a Number token (see Writer)
//	RawMessage, Marshaler           their encoding, checked to be valid
//	encoding.TextMarshaler          string
//
// Struct fields follow encoding/json's rules (exported fields, embedding,
// conflicts, the json tag's name, omitempty and omitzero; ",string" is
// ignored). A `ubjson:"name,opts"` tag overrides the json tag of its
// field: its name (when not empty) and its options replace the json
// tag's, and `ubjson:"-"` drops the field. Limits: the ubjson tag is read
// on the fields that encoding/json's rules keep, and on direct fields
// hidden by `json:"-"`; a ubjson tag on an embedded struct does not change
// how it is embedded.
//
// Unmarshal accepts what Marshal writes and more: every optimized
// container form, integers and high-precision numbers into any integer or
// float type (range checked), strongly typed arrays of numbers into
// slices and arrays of numbers (converted in bulk), [$U#n and strings into
// byte slices, RFC 3339 strings and epoch seconds into time.Time; struct
// fields matched by exact name, then case-insensitively (unless
// MatchCaseSensitive), unknown keys skipped (unless RejectUnknownFields).
// Null sets pointers, interfaces, maps and slices to nil and leaves other
// values alone. Into an empty interface it gives nil, bool, int64,
// float64, high-precision numbers as int64, uint64, *big.Int, float64
// (when exact) or json.Number, string, []byte ([$U#n), []any and
// map[string]any. A value that does not fit its Go type is skipped and
// reported after the rest is decoded, as an *UnmarshalTypeError with its
// offset and path.
//
// # Security
//
// Input is untrusted by default. Readers check validity and UTF-8, and
// every length against the input left (byte slices) or as data arrives
// (streams), and against MaxBytes and MaxTokenBytes, before reading or
// allocating anything for it; the count of an optimized container is
// checked against the input left times the least size of its values
// (reading a byte slice), so that [#L and 2^62 fails at once. Strongly
// typed arrays of null, true or false take no input per value: a Reader
// accepts MaxMarkerOnly such values per top-level value. MaxDepth (default
// 10000) bounds nesting, MaxElements the number of values of one
// container. Unmarshal checks the whole value first, then decodes:
// malformed or over-limit input allocates nothing. Errors are
// *SyntaxError values with the byte offset and the path of the value,
// wrapping ErrSyntax, ErrUnexpectedEOF, ErrInvalidUTF8, ErrDepth, ErrLimit
// or ErrDuplicateName.
//
// # Specifications
//
// Universal Binary JSON Specification, Draft 12 (ubjson.org, spec12),
// including the optimized container format ($ type, # count) and
// high-precision numbers; RFC 8259 (JSON numbers), RFC 3339.
package ubjson
