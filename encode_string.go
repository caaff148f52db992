package celer

import (
	"encoding/binary"
	"unicode/utf8"
	"unsafe"

	"github.com/celerjson/celer/internal/scan"
)

// appendString appends s quoted with e's flags. Strings of up to 16 bytes
// that need no escaping (most names and many values) are checked here, a
// word at a time, and copied with the same words, without the call into
// the quoting kernel or into memmove. Loads overlap rather than read past
// s, so every word holds only bytes of s.
func (e *encState) appendString(b []byte, s string) []byte {
	n, l := len(s), len(b)
	p := unsafe.Slice(unsafe.StringData(s), n)
	if n > 16 || cap(b)-l < 18 {
		// (Near the end of b's room, the plain append: a caller's buffer
		// with room for the output exactly must not grow.)
		return e.appendStringBytes(b, p)
	}
	w := b[l : l+18]
	html := e.qf&scan.QuoteHTML != 0
	switch {
	case n >= 8:
		lo, hi := binary.LittleEndian.Uint64(p), binary.LittleEndian.Uint64(p[n-8:])
		if encUnplain(lo, html)|encUnplain(hi, html) != 0 && !encPlainUTF8(lo, hi, p, html) {
			return e.appendStringBytes(b[:l], p)
		}
		binary.LittleEndian.PutUint64(w[1:], lo)
		binary.LittleEndian.PutUint64(w[n-7:], hi)
	case n >= 4:
		lo, hi := binary.LittleEndian.Uint32(p), binary.LittleEndian.Uint32(p[n-4:])
		if x := uint64(lo) | uint64(hi)<<32; encUnplain(x, html) != 0 && !encPlainUTF8(x, x, p, html) {
			return e.appendStringBytes(b[:l], p)
		}
		binary.LittleEndian.PutUint32(w[1:], lo)
		binary.LittleEndian.PutUint32(w[n-3:], hi)
	case n > 0:
		c0, c1, c2 := p[0], p[n>>1], p[n-1]
		x := uint64(c0) | uint64(c1)<<8 | uint64(c2)<<16 | uint64(c0)<<24
		if encUnplain(x|x<<32, html) != 0 {
			return e.appendStringBytes(b[:l], p)
		}
		w[1], w[1+n>>1], w[n] = c0, c1, c2
	}
	w[0], w[n+1] = '"', '"'
	return b[:l+n+2]
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
// byte that JSON or (when html) HTML escaping changes; appendString makes
// the same test inline.
func encPlainShort(s string, html bool) bool {
	n := len(s)
	p := unsafe.Slice(unsafe.StringData(s), n)
	switch {
	case n >= 8:
		return encUnplain(binary.LittleEndian.Uint64(p), html)|
			encUnplain(binary.LittleEndian.Uint64(p[n-8:]), html) == 0
	case n >= 4:
		return encUnplain(uint64(binary.LittleEndian.Uint32(p))|
			uint64(binary.LittleEndian.Uint32(p[n-4:]))<<32, html) == 0
	case n > 0:
		x := uint64(p[0]) | uint64(p[n>>1])<<8 | uint64(p[n-1])<<16 | uint64(p[0])<<24
		return encUnplain(x|x<<32, html) == 0
	}
	return true
}

// encPlainUTF8 reports whether p, of 4 to 16 bytes whose first and last
// words are lo and hi (for fewer than 8 bytes, both its two overlapping
// four-byte halves), is quoted as it is although encUnplain flagged it:
// the ASCII bytes need no escaping, and the others are valid UTF-8 with no
// 0xE2 byte (which starts U+2028 and U+2029, escaped as line
// terminators). Short non-ASCII names and words then take appendString's
// word copy instead of the quoting loop.
func encPlainUTF8(lo, hi uint64, p []byte, html bool) bool {
	// Replace every byte with its high bit set by 'a' and test again.
	mlo, mhi := (lo&encMSB)>>7*0xff, (hi&encMSB)>>7*0xff
	if encUnplain(lo&^mlo|encLSB*'a'&mlo, html)|encUnplain(hi&^mhi|encLSB*'a'&mhi, html) != 0 {
		return false
	}
	if (encHasZero(lo^encLSB*0xE2)|encHasZero(hi^encLSB*0xE2))&encMSB != 0 {
		return false
	}
	return utf8.Valid(p)
}

// encUnplain returns a non-zero value when a byte of w is below 0x20, at
// or above 0x80, '"' or '\\', or with html '<', '>' or '&'. The pairs
// '"'/'&' (0x22/0x26) and '<'/'>' (0x3c/0x3e) differ in one bit, so one
// test covers each pair: setting that bit maps both to the same byte.
// Borrows between bytes only start at a byte that is already flagged.
func encUnplain(w uint64, html bool) uint64 {
	m := (w - encLSB*0x20) | w
	m |= encHasZero(w ^ encLSB*'\\')
	if html {
		m |= encHasZero(w|encLSB*0x04^encLSB*0x26) | encHasZero(w|encLSB*0x02^encLSB*0x3e)
	} else {
		m |= encHasZero(w ^ encLSB*'"')
	}
	return m & encMSB
}

// encHasZero sets the high bit of (at least the lowest) zero byte of x.
func encHasZero(x uint64) uint64 { return (x - encLSB) &^ x }
