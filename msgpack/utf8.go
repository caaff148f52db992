package msgpack

import (
	"math/bits"
	"unsafe"
)

// validShort reports whether s, a short string (structEnc.fast's: up to
// 31 bytes), is valid UTF-8. It reads ASCII runs a word at a time from
// anywhere in s (utf8.ValidString does so only up to the first other
// byte, then goes byte by byte), so that the common short text, a
// letter or symbol among ASCII, costs a few words and one sequence:
// about half of utf8.ValidString's instructions on the people corpus.
// FuzzValidShort compares it with utf8.ValidString.
func validShort(s string) bool {
	p, n := unsafe.Pointer(unsafe.StringData(s)), len(s)
	for i := 0; i < n; {
		c := *(*byte)(unsafe.Add(p, i))
		if c < 0x80 { // ASCII: skip the run, a word at a time
			if n-i < 8 {
				i++
			} else if w := load64(p, i) & 0x8080808080808080; w == 0 {
				i += 8
			} else {
				i += bits.TrailingZeros64(w) >> 3
			}
			continue
		}
		// A sequence's lead byte at i: its length and the range of its
		// second byte (RFC 3629: no overlong forms, no surrogates, no
		// code point above U+10FFFF); later bytes are 80 to BF.
		size, lo, hi := 0, byte(0x80), byte(0xbf)
		switch {
		case c < 0xc2:
			return false
		case c < 0xe0:
			size = 2
		case c < 0xf0:
			size = 3
			if c == 0xe0 {
				lo = 0xa0
			} else if c == 0xed {
				hi = 0x9f
			}
		case c < 0xf5:
			size = 4
			if c == 0xf0 {
				lo = 0x90
			} else if c == 0xf4 {
				hi = 0x8f
			}
		default:
			return false
		}
		if n-i < size {
			return false
		}
		if b := *(*byte)(unsafe.Add(p, i+1)); b < lo || b > hi {
			return false
		}
		if size > 2 && *(*byte)(unsafe.Add(p, i+2))&0xc0 != 0x80 ||
			size > 3 && *(*byte)(unsafe.Add(p, i+3))&0xc0 != 0x80 {
			return false
		}
		i += size
	}
	return true
}
