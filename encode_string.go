package celer

import (
	"unicode/utf8"
	"unsafe"

	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/scan"
)

// String quoting, byte-identical to encoding/json (and to scan.AppendQuote,
// which it is tested against): short escapes for \b \f \n \r \t, \u00XX for
// other control bytes, and per flags '<' '>' '&', U+2028 and U+2029, and
// invalid UTF-8 as \ufffd. The first plain run is found by the SIMD kernel,
// which is what most strings consist of; the rest of a string that needs
// escaping or holds non-ASCII text is handled a byte or rune at a time,
// without a kernel call per rune.

const encHex = "0123456789abcdef"

// encPlain[html][c] is true when ASCII byte c is written as it is.
var encPlain = func() (t [2][utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		plain := c != '"' && c != '\\'
		t[0][c] = plain
		t[1][c] = plain && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// appendString appends s quoted with e's flags.
func (e *encState) appendString(b []byte, s string) []byte {
	return e.appendStringBytes(b, unsafe.Slice(unsafe.StringData(s), len(s)))
}

// appendStringBytes appends s quoted with e's flags.
func (e *encState) appendStringBytes(b []byte, s []byte) []byte {
	html := e.qf&scan.QuoteHTML != 0
	i := kernels.EscapeRun(s, html)
	b = append(b, '"')
	if i == len(s) {
		b = append(b, s...)
		return append(b, '"')
	}
	plain := &encPlain[e.names] // e.names is 1 exactly when escaping HTML
	start := 0
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if plain[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', encHex[c>>4], encHex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRune(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			if e.qf&scan.QuoteInvalidUTF8 == 0 {
				encFailWith(scan.ErrInvalidUTF8)
			}
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case (r == '\u2028' || r == '\u2029') && e.qf&scan.QuoteLineTerminators != 0:
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', encHex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
