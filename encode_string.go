package celer

import (
	"encoding/binary"
	"unsafe"

	"github.com/celerjson/celer/internal/scan"
)

// appendString appends s quoted with e's flags. Strings of up to 16 bytes
// that need no escaping (most names and many values) are checked here, a
// word at a time, without the call into the quoting kernel.
func (e *encState) appendString(b []byte, s string) []byte {
	if len(s) <= 16 && encPlainShort(s, e.qf&scan.QuoteHTML != 0) {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	return e.appendStringBytes(b, unsafe.Slice(unsafe.StringData(s), len(s)))
}

// appendStringBytes appends s quoted with e's flags (scan.AppendQuoteBytes,
// byte-identical to encoding/json); invalid UTF-8 aborts when not allowed.
func (e *encState) appendStringBytes(b []byte, s []byte) []byte {
	b, err := scan.AppendQuoteBytes(b, s, e.qf)
	if err != nil {
		encFailWith(err)
	}
	return b
}

const (
	encLSB = 0x0101010101010101
	encMSB = 0x8080808080808080
)

// encPlainShort reports whether s, of at most 16 bytes, is ASCII with no
// byte that JSON or (when html) HTML escaping changes. It may say false
// for a plain string, never true for one that needs escaping.
func encPlainShort(s string, html bool) bool {
	if len(s) < 8 {
		for i := 0; i < len(s); i++ {
			c := s[i]
			if c < 0x20 || c >= 0x80 || c == '"' || c == '\\' || html && (c == '<' || c == '>' || c == '&') {
				return false
			}
		}
		return true
	}
	p := unsafe.Slice(unsafe.StringData(s), len(s))
	return encPlainWord(binary.LittleEndian.Uint64(p), html) &&
		encPlainWord(binary.LittleEndian.Uint64(p[len(p)-8:]), html)
}

// encPlainWord reports whether no byte of w is below 0x20, at or above
// 0x80, '"' or '\\', or with html '<', '>' or '&'. Borrows between bytes
// can only make it say false.
func encPlainWord(w uint64, html bool) bool {
	m := (w - encLSB*0x20) | w
	m |= encHasZero(w ^ encLSB*'"')
	m |= encHasZero(w ^ encLSB*'\\')
	if html {
		m |= encHasZero(w^encLSB*'<') | encHasZero(w^encLSB*'>') | encHasZero(w^encLSB*'&')
	}
	return m&encMSB == 0
}

// encHasZero sets the high bit of (at least the lowest) zero byte of x.
func encHasZero(x uint64) uint64 { return (x - encLSB) &^ x }
