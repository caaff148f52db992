// Package scan holds the stateless JSON grammar primitives: whitespace,
// literals, numbers, strings, whole values, unquoting and quoting. They work
// on []byte with offsets and report failures as a Code and the offset at
// which it was found, so callers build positioned errors only on the error
// path. Functions that can meet the end of a buffer before the end of input
// return Incomplete so streaming callers can refill and resume.
package scan

import "strconv"

// Code classifies the outcome of a scan.
type Code uint8

const (
	OK           Code = iota
	Incomplete        // input ended inside the token or value
	BadValue          // invalid character looking for beginning of value
	BadName           // invalid character looking for beginning of object key string
	BadColon          // invalid character after object key
	BadObject         // invalid character after object key:value pair
	BadArray          // invalid character after array element
	BadTop            // invalid character after top-level value
	BadString         // invalid character in string literal (control byte)
	BadEscape         // invalid character in string escape code
	BadHex            // invalid character in \u hexadecimal character escape
	BadSurrogate      // unpaired UTF-16 surrogate escape (strict mode)
	BadUTF8           // invalid UTF-8 in string
	BadNumber         // invalid character in numeric literal
	BadLiteral        // invalid character in literal true, false or null
	TooDeep           // exceeded max depth
)

var contexts = [...]string{
	BadValue:   "looking for beginning of value",
	BadName:    "looking for beginning of object key string",
	BadColon:   "after object key",
	BadObject:  "after object key:value pair",
	BadArray:   "after array element",
	BadTop:     "after top-level value",
	BadString:  "in string literal",
	BadEscape:  "in string escape code",
	BadHex:     "in \\u hexadecimal character escape",
	BadNumber:  "in numeric literal",
	BadLiteral: "in literal",
}

// Message describes code c found at byte ch, in the words encoding/json uses.
func Message(c Code, ch byte) string {
	switch c {
	case OK:
		return "ok"
	case Incomplete:
		return "unexpected end of JSON input"
	case TooDeep:
		return "exceeded max depth"
	case BadUTF8:
		return "invalid UTF-8 in string"
	case BadSurrogate:
		return "invalid surrogate pair in string escape"
	}
	return "invalid character " + QuoteChar(ch) + " " + contexts[c]
}

// QuoteChar formats c as a quoted character literal, as encoding/json does.
func QuoteChar(c byte) string {
	if c == '\'' {
		return `'\''`
	}
	if c == '"' {
		return `'"'`
	}
	s := strconv.Quote(string(rune(c)))
	return "'" + s[1:len(s)-1] + "'"
}
