package token

import (
	"encoding/hex"
	"math"
	"strconv"
	"unsafe"
)

// Kind is the kind of a token.
type Kind uint8

// The kinds of tokens. See the package documentation for what each one
// carries and how every format maps to them.
const (
	KindInvalid     Kind = iota
	KindNull             // null (CBOR null, JSON null, ...)
	KindBool             // true or false
	KindInt              // an integer in the int64 range
	KindUint             // an integer above math.MaxInt64 (up to math.MaxUint64)
	KindFloat            // a binary floating-point number, with its source width when known
	KindNumber           // a number given by its exact decimal text (JSON number grammar)
	KindString           // a text string (UTF-8)
	KindBytes            // a byte string
	KindBeginArray       // the start of an array, with its length when known
	KindEndArray         // the end of an array
	KindBeginObject      // the start of a map (object), with its number of pairs when known
	KindEndObject        // the end of a map (object)
	KindTag              // a tag number that applies to the value that follows (CBOR tags)
	KindExt              // a self-contained extension value: a family, a type number and a payload
)

var kindNames = [...]string{
	KindInvalid:     "invalid",
	KindNull:        "null",
	KindBool:        "bool",
	KindInt:         "int",
	KindUint:        "uint",
	KindFloat:       "float",
	KindNumber:      "number",
	KindString:      "string",
	KindBytes:       "bytes",
	KindBeginArray:  "begin array",
	KindEndArray:    "end array",
	KindBeginObject: "begin object",
	KindEndObject:   "end object",
	KindTag:         "tag",
	KindExt:         "ext",
}

// String returns the kind's name.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid"
}

// IsScalar reports whether a token of kind k is a whole value by itself
// (not a container delimiter, not a tag prefix).
func (k Kind) IsScalar() bool {
	switch k {
	case KindNull, KindBool, KindInt, KindUint, KindFloat, KindNumber, KindString, KindBytes, KindExt:
		return true
	}
	return false
}

// Family names the space an Ext token's type number belongs to.
type Family uint8

// The extension families. Each format documents which of its types it
// reads as Ext tokens; a writer of another format writes the families it
// knows a convention for and fails with ErrUnsupported on the others.
const (
	// FamilySimple is a CBOR simple value (major type 7): the type is the
	// simple value, 0 to 255 except 20 to 23 and 24 to 31; there is no
	// payload. undefined is simple value 23 (see Undefined); false, true
	// and null are never Ext tokens (they are Bool and Null).
	FamilySimple Family = 1
	// FamilyMsgpack is a MessagePack extension: the type is the ext type
	// (an int8, stored as uint64(int64(type))), the payload its data.
	FamilyMsgpack Family = 2
	// FamilyBSON is a BSON element type with no counterpart in the model
	// (ObjectID, datetime, Decimal128, regex, timestamp, min/max key...):
	// the type is the BSON element type byte, the payload the element's
	// value bytes exactly as BSON stores them.
	FamilyBSON Family = 3
)

// Width of a float token whose source width is unknown.
const widthUnknown = 0

// aux flags for strings and numbers.
const (
	auxValidUTF8   = 1 // String: the reader has checked the text is valid UTF-8
	auxValidNumber = 1 // Number: the reader has checked the text is a valid JSON number
)

// A Token is one element of a value: a scalar, a container delimiter, or a
// tag prefix. It is a small value type that never allocates: tokens read
// from a Reader are views into the Reader's buffer, valid only until its
// next call (Clone makes an independent copy), and tokens made by the
// constructors below refer to the Go values given to them.
type Token struct {
	data []byte // String, Bytes, Number text, Ext payload
	num  uint64 // Bool, Int, Uint, Float bits, container length, tag number, Ext type
	kind Kind
	aux  uint8 // Int, Float: width in bits (0 unknown); Ext: Family; String: auxValidUTF8; Number: auxValidNumber
}

// Scalar tokens without a payload, and container ends.
var (
	Null      = Token{kind: KindNull}
	True      = Token{kind: KindBool, num: 1}
	False     = Token{kind: KindBool}
	EndArray  = Token{kind: KindEndArray}
	EndObject = Token{kind: KindEndObject}
	// Undefined is CBOR's undefined, simple value 23.
	Undefined = Token{kind: KindExt, aux: uint8(FamilySimple), num: 23}
)

// Bool returns True or False.
func Bool(b bool) Token {
	if b {
		return True
	}
	return False
}

// Int returns an integer token. Readers return KindInt for every integer
// in the int64 range and KindUint only above it; writers accept both.
func Int(n int64) Token { return Token{kind: KindInt, num: uint64(n)} }

// IntWidth returns an integer token that records its source width: 8,
// 16, 32 or 64 bits for a signed integer type of that size (BSON's int32
// and int64), 0 for unknown (as Int). n must fit that width. Writers of
// formats with integer types of their own may keep it (BSON writes an
// Int of width 64 as an int64 even when it fits 32 bits); the others
// ignore it and pick the smallest form.
func IntWidth(n int64, bits int) Token { return Token{kind: KindInt, num: uint64(n), aux: uint8(bits)} }

// Uint returns an integer token for n: KindInt when n fits an int64 (the
// canonical form readers produce), KindUint otherwise.
func Uint(n uint64) Token {
	if n <= math.MaxInt64 {
		return Token{kind: KindInt, num: n}
	}
	return Token{kind: KindUint, num: n}
}

// Float returns a float token of unknown source width.
func Float(f float64) Token { return Token{kind: KindFloat, num: math.Float64bits(f)} }

// FloatWidth returns a float token that records its source width, 16, 32
// or 64 bits (0 for unknown). The value f must be representable in that
// width; writers may ignore the width (CBOR's preferred serialization
// always picks the shortest width that keeps the value).
func FloatWidth(f float64, bits int) Token {
	return Token{kind: KindFloat, num: math.Float64bits(f), aux: uint8(bits)}
}

// Number returns a number token holding the exact decimal text s, which
// must follow the JSON number grammar (writers check it).
func Number(s string) Token { return Token{kind: KindNumber, data: unsafeBytes(s)} }

// NumberBytes is Number for text given as bytes, which it does not copy.
func NumberBytes(text []byte) Token { return Token{kind: KindNumber, data: text} }

// String returns a text string token for s, which it does not copy.
func String(s string) Token { return Token{kind: KindString, data: unsafeBytes(s)} }

// StringBytes returns a text string token for the UTF-8 text b, which it
// does not copy.
func StringBytes(b []byte) Token { return Token{kind: KindString, data: b} }

// Bytes returns a byte string token for b, which it does not copy.
func Bytes(b []byte) Token { return Token{kind: KindBytes, data: b} }

// BeginArray returns the token that opens an array of n elements, or of
// an unknown number of elements when n < 0.
func BeginArray(n int) Token { return Token{kind: KindBeginArray, num: lenBits(n)} }

// BeginObject returns the token that opens a map (object) of n pairs, or
// of an unknown number of pairs when n < 0.
func BeginObject(n int) Token { return Token{kind: KindBeginObject, num: lenBits(n)} }

func lenBits(n int) uint64 {
	if n < 0 {
		n = -1
	}
	return uint64(int64(n))
}

// Tag returns a tag prefix: the tag number n applies to the value whose
// tokens follow (which may itself start with another tag).
func Tag(n uint64) Token { return Token{kind: KindTag, num: n} }

// Ext returns a self-contained extension value of family f with type typ
// and payload (not copied; nil when the type has none).
func Ext(f Family, typ uint64, payload []byte) Token {
	return Token{kind: KindExt, aux: uint8(f), num: typ, data: payload}
}

// Simple returns the CBOR simple value v as a token: False, True, Null
// for 20, 21, 22, and an Ext token of FamilySimple otherwise.
func Simple(v uint8) Token {
	switch v {
	case 20:
		return False
	case 21:
		return True
	case 22:
		return Null
	}
	return Token{kind: KindExt, aux: uint8(FamilySimple), num: uint64(v)}
}

// Kind returns the token's kind.
func (t Token) Kind() Kind { return t.kind }

// Bool returns the value of a Bool token (false for other kinds).
func (t Token) Bool() bool { return t.kind == KindBool && t.num != 0 }

// Int returns the value of an Int token (for a Uint token, the value
// converted to int64, which wraps).
func (t Token) Int() int64 { return int64(t.num) }

// Uint returns the value of a Uint token (for an Int token, the value
// converted to uint64, which wraps for negative numbers).
func (t Token) Uint() uint64 { return t.num }

// IntBits returns the source width of an Int token, 8, 16, 32 or 64, or
// 0 when unknown (and for other kinds).
func (t Token) IntBits() int {
	if t.kind != KindInt {
		return 0
	}
	return int(t.aux)
}

// Float returns the value of a Float token.
func (t Token) Float() float64 { return math.Float64frombits(t.num) }

// FloatBits returns the source width of a Float token, 16, 32 or 64, or
// 0 when unknown.
func (t Token) FloatBits() int { return int(t.aux) }

// Len returns the length given by a BeginArray (elements) or BeginObject
// (pairs) token, or -1 when unknown.
func (t Token) Len() int {
	if t.kind != KindBeginArray && t.kind != KindBeginObject {
		return -1
	}
	return int(int64(t.num))
}

// Tag returns the tag number of a Tag token.
func (t Token) Tag() uint64 { return t.num }

// Family returns the family of an Ext token (0 for other kinds).
func (t Token) Family() Family {
	if t.kind != KindExt {
		return 0
	}
	return Family(t.aux)
}

// ExtType returns the type number of an Ext token.
func (t Token) ExtType() uint64 { return t.num }

// Data returns the bytes of a String (UTF-8 text), Bytes, Number (decimal
// text) or Ext (payload) token, and nil for other kinds. For tokens read
// from a Reader it is a view valid until the Reader's next call; callers
// must not modify it.
func (t Token) Data() []byte { return t.data }

// Text returns the text of a String or Number token as a Go string (a
// copy). For other kinds it returns String().
func (t Token) Text() string {
	if t.kind == KindString || t.kind == KindNumber {
		return string(t.data)
	}
	return t.String()
}

// ValidUTF8 reports that the Reader that produced this String token has
// already checked that its text is valid UTF-8, so writers need not check
// it again.
func (t Token) ValidUTF8() bool { return t.kind == KindString && t.aux&auxValidUTF8 != 0 }

// WithValidUTF8 marks a String token as checked valid UTF-8. Readers call
// it after checking; marking text that is not valid UTF-8 makes writers
// produce invalid output.
func (t Token) WithValidUTF8() Token {
	if t.kind == KindString {
		t.aux |= auxValidUTF8
	}
	return t
}

// ValidNumber reports that the Reader that produced this Number token has
// already checked that its text is a valid JSON number, so writers need
// not check it again.
func (t Token) ValidNumber() bool { return t.kind == KindNumber && t.aux&auxValidNumber != 0 }

// WithValidNumber marks a Number token as checked valid JSON number text.
// Readers call it after checking; marking other text makes writers
// produce wrong output.
func (t Token) WithValidNumber() Token {
	if t.kind == KindNumber {
		t.aux |= auxValidNumber
	}
	return t
}

// Clone returns a copy of t that shares no memory with a Reader's buffer.
func (t Token) Clone() Token {
	if t.data != nil {
		t.data = append([]byte{}, t.data...)
	}
	return t
}

// String returns a short description of the token in the style of CBOR
// diagnostic notation (RFC 8949 section 8): 1, -2, 1.5, "text", h'0102',
// [ (with its length when known), ], {, }, 24(, simple(16), undefined.
// It is meant for messages and tests, not for interchange.
func (t Token) String() string {
	switch t.kind {
	case KindNull:
		return "null"
	case KindBool:
		if t.Bool() {
			return "true"
		}
		return "false"
	case KindInt:
		return strconv.FormatInt(int64(t.num), 10)
	case KindUint:
		return strconv.FormatUint(t.num, 10)
	case KindFloat:
		return formatFloatDiag(t.Float())
	case KindNumber:
		return string(t.data)
	case KindString:
		return strconv.Quote(string(t.data))
	case KindBytes:
		return "h'" + hex.EncodeToString(t.data) + "'"
	case KindBeginArray:
		if n := t.Len(); n >= 0 {
			return "[" + strconv.Itoa(n) + ":"
		}
		return "[_"
	case KindEndArray:
		return "]"
	case KindBeginObject:
		if n := t.Len(); n >= 0 {
			return "{" + strconv.Itoa(n) + ":"
		}
		return "{_"
	case KindEndObject:
		return "}"
	case KindTag:
		return strconv.FormatUint(t.num, 10) + "("
	case KindExt:
		switch Family(t.aux) {
		case FamilySimple:
			if t.num == 23 {
				return "undefined"
			}
			return "simple(" + strconv.FormatUint(t.num, 10) + ")"
		case FamilyMsgpack:
			return "msgpack-ext(" + strconv.FormatInt(int64(t.num), 10) + ", h'" + hex.EncodeToString(t.data) + "')"
		case FamilyBSON:
			return "bson(" + strconv.FormatUint(t.num, 10) + ", h'" + hex.EncodeToString(t.data) + "')"
		}
		return "ext(" + strconv.Itoa(int(t.aux)) + ", " + strconv.FormatUint(t.num, 10) + ")"
	}
	return "invalid"
}

func formatFloatDiag(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	s := strconv.FormatFloat(f, 'g', -1, 64)
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '.' || c == 'e' || c == 'n' || c == 'I' {
			return s
		}
	}
	return s + ".0"
}

// unsafeBytes returns the bytes of s without copying. Tokens never write
// to their data, and writers only read it during WriteToken.
func unsafeBytes(s string) []byte {
	if s == "" {
		return []byte{}
	}
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// unsafeString returns b as a string without copying, for the duration of
// a call that does not retain it.
func unsafeString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}
