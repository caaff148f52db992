package stream

import (
	"math"
	"strconv"
	"unsafe"

	"github.com/celerjson/celer/internal/scan"
)

// Kind is the kind of a JSON token or value, named by its first byte.
type Kind byte

// The kinds of tokens.
const (
	KindInvalid     Kind = 0
	KindNull        Kind = 'n'
	KindFalse       Kind = 'f'
	KindTrue        Kind = 't'
	KindString      Kind = '"'
	KindNumber      Kind = '0'
	KindBeginObject Kind = '{'
	KindEndObject   Kind = '}'
	KindBeginArray  Kind = '['
	KindEndArray    Kind = ']'
)

// String returns the kind's name.
func (k Kind) String() string {
	switch k {
	case KindNull:
		return "null"
	case KindFalse:
		return "false"
	case KindTrue:
		return "true"
	case KindString:
		return "string"
	case KindNumber:
		return "number"
	case KindBeginObject:
		return "{"
	case KindEndObject:
		return "}"
	case KindBeginArray:
		return "["
	case KindEndArray:
		return "]"
	}
	return "invalid"
}

// kindOf returns the kind of the token that starts with byte c.
func kindOf(c byte) Kind {
	switch c {
	case 'n', 'f', 't', '"', '{', '}', '[', ']':
		return Kind(c)
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return KindNumber
	}
	return KindInvalid
}

type numKind uint8

const (
	numText numKind = iota // number held as text in raw
	numInt
	numUint
	numFloat
)

// A Token is one JSON token: a literal, a string, a number or a delimiter
// of an object or array. Tokens read by a Decoder are views into its buffer
// and stay valid only until the Decoder's next call; Clone makes a copy.
// Tokens made by String, Int, Uint, Float and Number are independent.
// A literal or delimiter read by a Decoder is the package's own token
// (Null, True, BeginObject, ...), so it compares equal to it with ==;
// compare strings and numbers by Kind and content.
//
// A Token is three words (the compiler keeps values of at most four words
// in registers; a []byte field alone would take three): the first byte of
// the encoded form (for tokens made by String, of the Go string), the bits
// of a Go number (tokens made by Int, Uint, Float), and the length, meta
// bits and kind packed as len<<16 | meta<<8 | kind.
type Token struct {
	p    *byte
	num  uint64
	info uint64
}

// mkToken returns the token of kind k with encoded form b.
func mkToken(b []byte, k Kind, m meta) Token {
	return Token{p: unsafe.SliceData(b), info: uint64(len(b))<<16 | uint64(m)<<8 | uint64(k)}
}

// kd returns the token's kind.
func (t *Token) kd() Kind { return Kind(t.info) }

// mt returns the token's meta bits.
func (t *Token) mt() meta { return meta(t.info >> 8) }

// rawb returns the encoded form (nil for tokens made by Int, Uint, Float).
func (t *Token) rawb() []byte {
	if t.p == nil {
		return nil
	}
	return unsafe.Slice(t.p, t.info>>16)
}

// meta packs a token's small attributes: string flags (scan.StrFlags in
// the low bits), whether it was read as a name, whether it was made from
// a Go string, and the kind of Go number it holds.
type meta uint8

const (
	metaFlags meta = 3      // scan.StrFlags
	metaName  meta = 1 << 2 // read as an object member name
	metaGoStr meta = 1 << 3 // made by String: the bytes are the unquoted value
	metaNumSh      = 4      // numKind shift
	metaLazy  meta = 1 << 6 // string flags not computed yet (read by the indexed reader)
)

func (t *Token) nk() numKind { return numKind(t.mt() >> metaNumSh) }
func (t *Token) goStr() bool { return t.mt()&metaGoStr != 0 }
func (t *Token) flags() scan.StrFlags {
	if t.mt()&metaLazy != 0 {
		b := t.rawb()
		return scanFlags(b[1 : len(b)-1])
	}
	return scan.StrFlags(t.mt() & metaFlags)
}

var delims = []byte("nullfalsetrue{}[]")

// Literal and delimiter tokens.
var (
	Null        = mkToken(delims[0:4], KindNull, 0)
	False       = mkToken(delims[4:9], KindFalse, 0)
	True        = mkToken(delims[9:13], KindTrue, 0)
	BeginObject = mkToken(delims[13:14], KindBeginObject, 0)
	EndObject   = mkToken(delims[14:15], KindEndObject, 0)
	BeginArray  = mkToken(delims[15:16], KindBeginArray, 0)
	EndArray    = mkToken(delims[16:17], KindEndArray, 0)
)

// fixedTokens holds the literal and delimiter tokens by kind.
var fixedTokens = [128]Token{
	KindNull: Null, KindFalse: False, KindTrue: True,
	KindBeginObject: BeginObject, KindEndObject: EndObject, KindBeginArray: BeginArray, KindEndArray: EndArray,
}

// Bool returns the token for b.
func Bool(b bool) Token {
	if b {
		return True
	}
	return False
}

// String returns a string token holding s (unquoted).
func String(s string) Token {
	return mkToken(unsafe.Slice(unsafe.StringData(s), len(s)), KindString, metaGoStr)
}

// goString returns the Go string a String token was made from.
func (t *Token) goString() string { return unsafe.String(t.p, t.info>>16) }

// Int returns a number token for n.
func Int(n int64) Token {
	return Token{num: uint64(n), info: uint64(meta(numInt)<<metaNumSh)<<8 | uint64(KindNumber)}
}

// Uint returns a number token for n.
func Uint(n uint64) Token {
	return Token{num: n, info: uint64(meta(numUint)<<metaNumSh)<<8 | uint64(KindNumber)}
}

// Float returns a number token for f, formatted as encoding/json does.
// NaN and infinities cannot be encoded in JSON; writing them fails.
func Float(f float64) Token {
	return Token{num: math.Float64bits(f), info: uint64(meta(numFloat)<<metaNumSh)<<8 | uint64(KindNumber)}
}

// Number returns a number token with the exact text s, which must be a
// valid JSON number (checked when written).
func Number(s string) Token { return mkToken([]byte(s), KindNumber, 0) }

// Kind returns the token's kind.
func (t Token) Kind() Kind { return t.kd() }

// IsName reports whether a Decoder read this string token as an object
// member name.
func (t Token) IsName() bool { return t.mt()&metaName != 0 }

// Raw returns the token's exact JSON text. For tokens read by a Decoder it
// is a view into the Decoder's buffer.
func (t Token) Raw() []byte {
	if !t.goStr() && (t.p != nil || t.kd() == KindInvalid) {
		return t.rawb()
	}
	b, _ := t.appendTo(nil, 0)
	return b
}

// Clone returns a copy of t that does not share the Decoder's buffer.
func (t Token) Clone() Token {
	if t.p != nil && !t.goStr() {
		switch t.kd() {
		case KindString, KindNumber:
			t.p = unsafe.SliceData(append([]byte(nil), t.rawb()...))
		case KindNull:
			return Null
		case KindFalse:
			return False
		case KindTrue:
			return True
		case KindBeginObject:
			return BeginObject
		case KindEndObject:
			return EndObject
		case KindBeginArray:
			return BeginArray
		case KindEndArray:
			return EndArray
		}
	}
	return t
}

// Bool returns the value of a true or false token, and false otherwise.
func (t Token) Bool() bool { return t.kd() == KindTrue }

// String returns the unquoted value of a string token. For other kinds it
// returns the token's JSON text, so that printing a token is always useful.
func (t Token) String() string {
	if t.goStr() {
		return t.goString()
	}
	if t.kd() == KindString {
		raw := t.rawb()
		if t.flags()&scan.Escaped == 0 {
			return string(raw[1 : len(raw)-1])
		}
		return string(scan.AppendUnquote(nil, raw))
	}
	return string(t.Raw())
}

// AppendString appends the unquoted value of a string token to dst
// (invalid UTF-8, which only a lenient Decoder lets through, becomes U+FFFD).
func (t Token) AppendString(dst []byte) []byte {
	raw := t.rawb()
	if t.goStr() {
		return append(dst, raw...)
	}
	if t.kd() != KindString {
		return append(dst, t.Raw()...)
	}
	if t.flags()&scan.Escaped == 0 {
		return append(dst, raw[1:len(raw)-1]...)
	}
	return scan.AppendUnquote(dst, raw)
}

// Int parses a number token as an int64. It fails on fractions, exponents,
// other kinds and values out of range.
func (t Token) Int() (int64, error) {
	switch t.nk() {
	case numInt:
		return int64(t.num), nil
	case numUint:
		if t.num > math.MaxInt64 {
			return 0, &strconv.NumError{Func: "ParseInt", Num: strconv.FormatUint(t.num, 10), Err: strconv.ErrRange}
		}
		return int64(t.num), nil
	}
	return strconv.ParseInt(string(t.Raw()), 10, 64)
}

// Uint parses a number token as a uint64.
func (t Token) Uint() (uint64, error) {
	if t.nk() == numUint {
		return t.num, nil
	}
	return strconv.ParseUint(string(t.Raw()), 10, 64)
}

// Float parses a number token as a float64 (rounding to nearest).
func (t Token) Float() (float64, error) {
	switch t.nk() {
	case numFloat:
		return math.Float64frombits(t.num), nil
	case numInt:
		return float64(int64(t.num)), nil
	case numUint:
		return float64(t.num), nil
	}
	return strconv.ParseFloat(string(t.Raw()), 64)
}

// appendTo appends the token's JSON text to dst, quoting Go strings with
// flags f (scan.Quote* flags).
func (t Token) appendTo(dst []byte, f scan.QuoteFlags) ([]byte, error) {
	switch {
	case t.goStr():
		return scan.AppendQuoteBytes(dst, t.rawb(), f)
	case t.kd() == KindNumber && t.nk() != numText:
		switch t.nk() {
		case numInt:
			return strconv.AppendInt(dst, int64(t.num), 10), nil
		case numUint:
			return strconv.AppendUint(dst, t.num, 10), nil
		}
		return scan.AppendFloat(dst, math.Float64frombits(t.num), 64)
	}
	return append(dst, t.rawb()...), nil
}
