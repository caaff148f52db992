// Package bson reads and writes BSON (bsonspec.org, version 1.1) and
// MongoDB Extended JSON v2: as tokens of celer's shared value model
// (package token), so that BSON transcodes to and from JSON, CBOR and
// every other celer format streaming, and as Go values with Marshal and
// Unmarshal, which reuse the `json:"..."` struct tags.
//
// # Tokens
//
// A Reader reads a sequence of BSON documents (a .bson file) as tokens and
// a Writer writes tokens as BSON documents; token.Copy pumps one into the
// other:
//
//	token.Copy(bson.NewWriter(w), token.NewJSONReader(r)) // JSON to BSON
//	token.Copy(token.NewJSONWriter(w), bson.NewReader(r)) // BSON to JSON
//
// From JSON, token.Copy lets the Writer read the JSON decoder's tokens
// itself (Writer.CopyJSON, a token.JSONCopier): the same bytes as token by
// token, without making a Token of each.
//
// BSON's top level is a document: a Writer fails with ErrUnsupported on a
// top-level value that is not an object. Documents read as BeginObject,
// key, value, ..., EndObject; arrays as BeginArray, the values, EndArray
// (their "0", "1", ... keys are not tokens; a Writer writes them). The
// element types map to tokens as follows:
//
//	BSON                      token
//	double                    Float (width 64)
//	string                    String
//	document, array           BeginObject/BeginArray(-1) ... End
//	binary, subtype 0         Bytes
//	binary, other subtypes    Ext(FamilyBSON, 0x05, length, subtype, data)
//	undefined                 token.Undefined
//	ObjectId                  Ext(FamilyBSON, 0x07, 12 bytes)
//	boolean, null             Bool, Null
//	UTC datetime              Ext(FamilyBSON, 0x09, int64 milliseconds)
//	regular expression        Ext(FamilyBSON, 0x0B, pattern, 0, options, 0)
//	DBPointer                 Ext(FamilyBSON, 0x0C, string, 12 bytes)
//	JavaScript code, symbol   Ext(FamilyBSON, 0x0D or 0x0E, string)
//	code with scope           Ext(FamilyBSON, 0x0F, length, string, document)
//	int32, int64              Int of width 32, 64 (token.IntWidth); the
//	                          Writer keeps width 64 an int64, and writes
//	                          other Int tokens in the smallest type
//	timestamp                 Ext(FamilyBSON, 0x11, increment, seconds)
//	Decimal128                Ext(FamilyBSON, 0x13, 16 bytes)
//	min key, max key          Ext(FamilyBSON, 0xFF or 0x7F, no payload)
//
// An Ext payload is the element's value bytes exactly as BSON stores them
// (little-endian; "string" is an int32 length with the NUL, the UTF-8
// bytes and the NUL); package token documents the layouts. A Writer
// accepts every scalar element type as an Ext token, checking the payload
// as a Reader would.
//
// A Writer writes Int tokens as int32 when they fit and int64 otherwise,
// Float tokens as doubles, and Number tokens (exact decimal text, from
// JSON) as int32 or int64 when they are integers that fit, as doubles
// when the nearest double has exactly their value (1.0, 0.1, 1e300, and
// -0 as -0.0), and otherwise (integers beyond 64 bits, Uint tokens,
// 0.10000000000000000001, 1e400) as an error wrapping ErrUnsupported, or
// by option a Decimal128 of the same digits (InexactAsDecimal), a string
// of the text (InexactAsString) or the nearest double (InexactAsFloat).
// So JSON to BSON to JSON keeps the exact value of every number, and the
// text of every integer and string (JSON whose top level is an object and
// whose member names have no NUL character, which a BSON key cannot
// hold). CBOR tags are dropped except bignums (tags 2 and 3), which
// follow the integer rules; CBOR undefined becomes BSON undefined.
//
// A Writer holds each top-level document in memory until it ends: BSON
// puts a document's length before its content. Embedded documents get
// their lengths filled in place when they end, so memory is the size of
// the largest top-level document, which MaxBytes bounds (and BSON at
// 2^31-1 bytes). A streaming Reader likewise holds one top-level
// document.
//
// # Extended JSON
//
// An ExtJSONWriter writes tokens as Extended JSON v2, Canonical (every
// type in its type wrapper: {"$numberInt": "1"}, {"$numberDouble":
// "1.5"}) or Relaxed (numbers as JSON numbers, datetimes from 1970 to
// 9999 as RFC 3339 text); an ExtJSONReader reads either and gives the
// tokens a Reader gives for the same BSON. As integer tokens keep their
// width, BSON to canonical Extended JSON and back gives the same bytes, with two
// exceptions Extended JSON cannot write: NaN payloads (every NaN is
// "NaN", read as the quiet NaN 0x7FF8000000000000) and non-canonical
// Decimal128 encodings (written as the value they stand for). Relaxed
// Extended JSON does not tell int64 from int32 (an int64 that fits 32
// bits comes back as int32), as the specification says.
//
// The ExtJSONReader follows the specification's parser rules: every
// object but the top-level one whose keys include a type wrapper key
// must be exactly that wrapper, with values of the right types (an error
// otherwise); other "$" keys ($ref, $id, $regex...) are plain keys; JSON
// integers become int32 or int64 by size and other numbers the nearest
// double (the specification's rule, unlike the JSON reader's exact
// numbers); $uuid is binary subtype 4; regular expression options are
// sorted. The legacy Extended JSON forms ({"$binary": "...", "$type":
// "00"}, {"$date": 0}, {"$regex": ...}) are not read as wrappers.
//
// The WrappersOnly mode writes only the tokens JSON has no form for (Ext
// tokens of token.FamilyBSON) as relaxed wrappers, and a finite
// Decimal128 as a JSON number of its exact text, leaving every other
// token to the JSON writer (bytes as base64url strings): it is the JSON
// convention for BSON types (see package token).
//
// # Go values
//
// Marshal and Unmarshal map Go values to BSON as follows.
//
//	Go                                 BSON
//	bool                               boolean
//	int8, int16, int32                 int32
//	int64                              int64
//	int, uint8...uint64, uintptr       int32 when the value fits, else int64
//	                                   (uint64 beyond int64: an error)
//	float32, float64                   double
//	string                             string (valid UTF-8 required)
//	[]byte, [N]byte                    binary subtype 0 (nil slice: null)
//	other slices and arrays            array (nil slice: null)
//	map with string, integer or        document (nil: null), keys as text;
//	TextMarshaler keys                 sorted with Deterministic
//	struct                             document (see below)
//	pointer, interface                 the value pointed to, or null when nil
//	time.Time                          UTC datetime (milliseconds: finer
//	                                   precision is truncated)
//	ObjectID, Decimal128, DateTime,    their element types
//	Timestamp, Regex, Binary,
//	JavaScript, Symbol, CodeWithScope,
//	DBPointer, MinKey, MaxKey, Undefined
//	D                                  document, in order
//	Raw, Marshaler                     their document, checked
//	big.Int                            int32 or int64 (beyond: the Inexact
//	                                   options, else an error)
//	json.Number                        as a Number token (see Writer)
//	encoding.TextMarshaler             string
//
// The top-level value must be a document (a struct, map, D, Raw or
// Marshaler, or a pointer to one). Struct fields follow encoding/json's
// rules (exported fields, embedding, conflicts, the json tag's name,
// omitempty and omitzero; ",string" is ignored). A `bson:"name,opts"` tag
// overrides the json tag of its field: its name (when not empty) and its
// options replace the json tag's, and `bson:"-"` drops the field.
//
// Unmarshal accepts what Marshal writes and more: int32, int64 and
// integral doubles into any integer type (range checked), any number into
// floats, symbols and JavaScript code into strings, binary of any subtype
// into []byte, datetimes into time.Time (UTC); struct fields matched by
// exact name, then case-insensitively (unless MatchCaseSensitive),
// unknown keys skipped (unless RejectUnknownFields). Null and undefined
// set pointers, interfaces, maps and slices to nil and leave other values
// alone. Into an empty interface it gives float64, string, map[string]any
// (D inside a D), []any, []byte (binary subtype 0), Binary, Undefined,
// ObjectID, bool, time.Time, nil, Regex, DBPointer, JavaScript, Symbol,
// CodeWithScope, int32, Timestamp, int64, Decimal128, MinKey, MaxKey: so
// a document decoded into an empty interface marshals back to the same
// BSON (keys of Go maps aside, which lose their order). A value that does
// not fit its Go type is skipped and reported after the rest is decoded,
// as an *UnmarshalTypeError with its offset and path.
//
// # Security
//
// Input is untrusted by default. Every length (of a document, string,
// binary, code with scope) is checked against the input left (for a
// stream, as the data arrives: the buffer grows only with data actually
// read) and against its enclosing document, and against MaxBytes and
// MaxTokenBytes, before anything is read or allocated for it: a 10-byte
// input claiming a 2 GiB document fails after reading 10 bytes, with a
// few hundred bytes allocated. Readers also check that documents end
// with their NUL where their length says, that keys are cstrings within
// their document, booleans 0 or 1, binary subtype 2's inner length, the
// lengths inside code with scope (whose scope document is read
// through), and UTF-8 in keys and strings (unless AllowInvalidUTF8).
// MaxDepth (default 10000) bounds nesting, MaxElements the elements of
// one document. Unmarshal checks the whole document first, then decodes:
// malformed or over-limit input allocates nothing. Errors are
// *SyntaxError values with the byte offset and the path of the element,
// wrapping ErrSyntax, ErrUnexpectedEOF, ErrInvalidUTF8, ErrDepth, ErrLimit
// or ErrDuplicateName (RejectDuplicateNames).
//
// # Specifications
//
// BSON 1.1 (bsonspec.org), MongoDB Extended JSON v2, BSON Decimal128
// (IEEE 754-2008 BID encoding, General Decimal Arithmetic string
// conversions), RFC 3339 (Extended JSON dates), RFC 4648 (base64).
package bson
