// Package token is celer's value model shared by every format: JSON, CBOR
// and the binary formats to come (MessagePack, BSON, UBJSON) read and
// write the same tokens, so that any Reader can be copied into any Writer
// (transcoding) streaming, one token at a time, with no Go value or tree
// in between.
//
// # Tokens
//
// A Token is a small value (no allocation, no interface) of one of these
// kinds:
//
//	Kind         carries                               made by
//	Null                                               Null
//	Bool         true or false                         True, False, Bool
//	Int          an int64, and its source width        Int, IntWidth
//	             (8, 16, 32 or 64 bits, 0 if unknown)
//	Uint         a uint64 above MaxInt64               Uint (gives Int when it fits)
//	Float        a float64, and its source width       Float, FloatWidth
//	             (16, 32 or 64 bits, 0 if unknown)
//	Number       exact decimal text (JSON grammar)     Number, NumberBytes
//	String       UTF-8 text                            String, StringBytes
//	Bytes        a byte string                         Bytes
//	BeginArray   the number of elements, -1 unknown    BeginArray(n)
//	EndArray                                           EndArray
//	BeginObject  the number of pairs, -1 unknown       BeginObject(n)
//	EndObject                                          EndObject
//	Tag          a tag number (uint64) for the value   Tag(n)
//	             that follows: a prefix, not a value
//	Ext          a family, a type number (uint64) and  Ext(family, type, payload),
//	             a payload: a self-contained value     Simple(v), Undefined
//
// A value is one scalar token, or a Begin token, the values inside (for an
// object: alternately a key and a member value; keys are values of any
// kind, JSON's are always strings) and the matching End token; any value
// may be preceded by Tag tokens. Tags are CBOR's (RFC 8949 section 3.4);
// Ext families name format-specific types: FamilySimple for CBOR simple
// values (undefined is simple value 23), FamilyMsgpack for MessagePack
// extension types, FamilyBSON for BSON element types with no counterpart
// in the model (ObjectID, datetime, Decimal128, ...).
//
// Readers produce canonical tokens, so that one value has one form: Int
// for every integer in the int64 range, Uint only above it, Number only
// for what neither holds exactly (JSON numbers with a fraction or an
// exponent, integers beyond 64 bits, "-0"). Writers accept every form.
//
// Widths record the type a number had in its source, where the format
// has a choice the value does not decide. A Float's width is its IEEE
// size; an Int's width is set by the BSON and Extended JSON readers (32
// for int32 and $numberInt, 64 for int64 and $numberLong) and kept by the
// BSON and canonical Extended JSON writers, so BSON → BSON keeps every
// int64 that would fit 32 bits an int64. Other readers give width 0, and
// other writers ignore it: they pick the smallest form, as BSON writers
// do for width 0 (so BSON → JSON → BSON turns such an int64 into an
// int32).
//
// Tokens from a Reader are views into its buffer, valid until its next
// call; Clone copies one. Tokens made by the constructors refer to the
// strings and slices given, without copying.
//
// # Readers, writers and copying
//
// A Reader returns tokens until io.EOF, which comes only between
// top-level values; a Writer checks the token sequence and that its
// format can hold each value, and buffers (Flush writes out). Copy pumps
// every value from a Reader to a Writer and flushes; CopyValue copies one
// value. Both hold one token at a time. From a JSONReader, Copy lets a
// Writer that is a JSONCopier (msgpack's) read the JSON decoder's tokens
// itself: the same output, without a Token per value.
//
// # JSON
//
// NewJSONReader and NewJSONReaderBytes read JSON text over a
// stream.Decoder, with its options, limits and positioned errors. JSON
// maps to tokens as follows: null, true and false to Null and Bool;
// strings to String tokens of their unescaped text; numbers that are
// integers (no fraction, no exponent) in the int64 or uint64 range to Int
// or Uint, and every other number (with a fraction or an exponent, beyond
// 64 bits, or -0) to a Number token of its exact text; objects to
// BeginObject(-1), String key, value, ..., EndObject; arrays to
// BeginArray(-1), elements, EndArray.
//
// NewJSONWriter writes JSON text over a stream.Encoder: compact unless
// stream.WithIndent is given, each top-level value followed by a newline.
// Each token is written as follows.
//
//   - Null, Bool, Int, Uint: null, false, true, the integer.
//   - Float: the shortest text that reads back as the same float64, as
//     encoding/json formats floats, plus ".0" when the value is integral
//     and the text would otherwise read back as an integer (40.0, not 40,
//     so that the value stays a float through JSON and back). A float of
//     width 16 or 32 is written by its exact value, which the float64
//     holds. NaN and infinities are an error wrapping ErrUnsupported; null
//     with SubstituteNull.
//   - Number: its text, after checking the JSON number grammar.
//   - String: the string, escaped as the encoder's options say.
//   - Bytes: a string of the bytes in base64url without padding (RFC 4648
//     section 5), as RFC 8949 section 6.1 advises; inside the content of
//     tag 22 in base64 with padding, of tag 23 in lower-case hex, of tag 21
//     in base64url (the expected-conversion tags of RFC 8949 section
//     3.4.5.2, which apply to every byte string within their content).
//   - Tag 2 or 3 on a byte string (a bignum): the integer, as an exact
//     JSON number. (RFC 8949 section 6.1 suggests a base64url string to
//     spare JSON decoders an overflow; celer keeps numbers exact instead,
//     so JSON to CBOR to JSON gives the same integer back.) A bignum of
//     more than 8 KiB is an error wrapping ErrLimit.
//   - Tag 4 or 5 on an array of two integers, exponent e and mantissa m (a
//     decimal fraction m*10^e or a bigfloat m*2^e, RFC 8949 section
//     3.4.4): the exact value as a JSON number with every digit of the
//     mantissa, in plain notation (273.15, 0.0015) when the exponent is
//     negative and the point falls at most 6 zeros before the digits,
//     in e-notation otherwise (1.5e-7, 1.5e+1), so that the text reads
//     back as the same decimal fraction; an integral bigfloat as a plain
//     integer. A
//     bigfloat exponent beyond ±16384 is an error wrapping ErrLimit. Any
//     other content of tag 4 or 5 is written as it comes.
//   - Any other tag: nothing; its content is written as it comes (so tag 0
//     date/time text becomes a string, tag 1 epoch time a number), as RFC
//     8949 section 6.1 advises.
//   - Ext: undefined (simple value 23) becomes null; every other simple
//     value and every other extension is an error wrapping ErrUnsupported,
//     or null with SubstituteNull.
//   - Begin and End tokens: '[', ']', '{', '}'; declared lengths are not
//     checked by the JSON writer.
//   - A map key that is not a text string is an error wrapping
//     ErrUnsupported; with StringifyKeys integers, floats and numbers
//     become their JSON text, false, true and null those words, byte
//     strings their encoding as above, and undefined "null" (keys that
//     are arrays or maps remain an error).
//
// JSON to another format and back therefore gives the same compact JSON
// (strings with the encoder's escaping), except for numbers with a
// fraction or an exponent, which come back with the same value in the
// writer's float form (1.0 stays 1.0, but 1.50 becomes 1.5 and 1E+2
// becomes 100.0).
//
// # BSON types (FamilyBSON)
//
// Package bson reads the BSON element types that have no kind of their
// own as Ext tokens of FamilyBSON: the type is the element type byte
// (0xFF for min key) and the payload the element's value bytes exactly
// as BSON stores them (little-endian):
//
//	type  element               payload
//	0x05  binary, subtype != 0  int32 length n, subtype byte, n bytes
//	                            (subtype 2: n includes its inner int32 length)
//	0x07  ObjectId              12 bytes
//	0x09  UTC datetime          int64 milliseconds since the Unix epoch
//	0x0B  regular expression    pattern, 0, options (sorted), 0
//	0x0C  DBPointer             int32 length, namespace, 0, 12-byte ObjectId
//	0x0D  JavaScript code       int32 length, text, 0
//	0x0E  symbol                int32 length, text, 0
//	0x0F  code with scope       int32 total length, string as 0x0D, document
//	0x11  timestamp             uint32 increment, uint32 seconds
//	0x12  int64                 8 bytes (readers give Int tokens of width
//	                            64 instead; writers still accept it)
//	0x13  Decimal128            16 bytes, IEEE 754-2008 BID, low half first
//	0xFF  min key               none
//	0x7F  max key               none
//
// Binary subtype 0 is a Bytes token, undefined (0x06) is Undefined, and
// double, string, document, array, boolean, null, int32 and int64 have
// their kinds (int32 and int64 as Int tokens of width 32 and 64). A BSON Writer accepts an Ext token of any scalar element
// type (0x10 and 0x01 included) after checking its payload.
//
// JSON has no form for these tokens: JSONWriter fails on them with
// ErrUnsupported (null with SubstituteNull). Their JSON convention is the
// relaxed form of MongoDB Extended JSON v2 (type wrapper objects such as
// {"$oid": "57e193d7a9cc81b4027498b5"}, {"$date": "1970-01-01T00:00:00Z"}
// or, outside 1970 to 9999, {"$date": {"$numberLong": "-1"}}, a finite
// Decimal128 as a JSON number of its exact text), written by a JSONWriter
// wrapped with bson.WrapWriter(w, bson.WrappersOnly), as celer convert
// does from bson or extjson to json (and, wrapping their writers the same
// way, to the other formats, which lack these types too); the other
// tokens keep the mapping above. bson.NewExtJSONWriter writes complete Extended JSON, canonical
// or relaxed, and bson.NewExtJSONReader reads it back.
//
// # MessagePack extensions (FamilyMsgpack)
//
// Package msgpack reads MessagePack extension types as Ext tokens of
// FamilyMsgpack: the type is the extension type, an int8 stored as
// uint64(int64(type)), the payload the extension's data. The timestamp
// extension (type -1) is the exception: a msgpack Reader decodes it into
// the form CBOR gives dates, tag 0 and its RFC 3339 text in UTC with the
// nanoseconds that are not zero ("2013-03-21T20:04:00.5Z") for the years
// 0 to 9999, and otherwise tag 1 and the seconds since the epoch (an Int,
// or a Number of the exact decimal text when there are nanoseconds). A
// timestamp thus becomes a JSON string of its RFC 3339 text (JSONWriter
// drops the tag) and a CBOR date, and a msgpack Writer turns tags 0 and 1
// on such content (from MessagePack or CBOR) back into the timestamp
// extension, in its smallest format.
//
// The other extensions have this JSON convention: an extension of type T
// (-128 to 127) with data D is the object
//
//	{"$msgpackExt": {"type": T, "data": "<D in base64>"}}
//
// with D in standard base64 with padding (RFC 4648 section 4), as the
// wrappers of MongoDB Extended JSON hold BSON's types. JSONWriter itself
// fails on these tokens with ErrUnsupported (null with SubstituteNull),
// as do the CBOR and UBJSON writers; a Writer wrapped by
// msgpack.WrapWriter writes them as such objects, and msgpack.UnwrapReader
// reads objects of exactly that form (one member; "type" and "data" in
// either order; canonical base64; not the timestamp type -1, which comes
// as a date) back as extensions, leaving every other object as it is. A
// msgpack Writer writes them as they are. (UBJSON needs
// no family: its strongly typed uint8 arrays are Bytes tokens, its
// high-precision numbers Number tokens, or Int and Uint for integers that
// fit 64 bits.)
//
// # Security
//
// Readers check every length against the input left and the limits
// (stream.MaxDepth, MaxBytes, MaxTokenBytes, and MaxElements for binary
// formats) before allocating anything for it; see each format's package.
// The JSON writer bounds the sizes it converts between binary and decimal
// (bignums, bigfloat exponents), as those conversions take quadratic time.
package token
