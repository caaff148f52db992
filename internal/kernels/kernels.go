// Package kernels holds the byte-scanning primitives that every celer
// codec spends its time in: skipping whitespace, finding the end of a plain
// run of string bytes, validating UTF-8 and finding bytes that need escaping.
//
// Each kernel has a pure-Go reference implementation (SWAR, eight bytes at a
// time) in this file; it is the specification the others are tested against.
// On amd64, dispatch_amd64.go routes inputs longer than a measured threshold
// to AVX2 or AVX-512 assembly (string_amd64.s, space_amd64.s, utf8_amd64.s),
// chosen once at start-up from internal/cpu; the `purego` build tag keeps the
// reference path only (dispatch_generic.go). Every exported function is safe
// for any input, including empty and nil slices, and no kernel reads outside
// its slice.
package kernels

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
)

// Implementation names the kernel set in use: "generic" for the pure-Go
// reference code, "avx2" or "avx512". It is chosen once at start-up from the
// processor's features (internal/cpu) and changes only through
// SetImplementation.
var Implementation = "generic"

// Implementations lists the kernel sets that this build can run on this
// processor, "generic" first.
func Implementations() []string { return implementations() }

// SetImplementation switches every kernel to the named set, which must be
// one of Implementations, and returns a function that switches back. It is
// a test hook, so that one test binary can check every path: it must not
// be called while kernels may be running in other goroutines.
//
//	defer kernels.SetImplementation("generic")()
func SetImplementation(name string) (restore func()) {
	prev := Implementation
	if !setImplementation(name) {
		panic("kernels: implementation " + name + " is not available")
	}
	return func() { setImplementation(prev) }
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// hasZero returns a word whose lowest set bit marks the first zero byte of w.
// Bits above the first marked byte may be false positives (borrow), so callers
// only ever use the lowest set bit.
func hasZero(w uint64) uint64 { return (w - lsb) & ^w & msb }

// hasLess marks bytes of w that are below n (n <= 128), with the same
// lowest-bit-is-exact guarantee as hasZero.
func hasLess(w uint64, n byte) uint64 { return (w - lsb*uint64(n)) & ^w & msb }

// stringStops marks '"', '\\' and control bytes in w.
func stringStops(w uint64) uint64 {
	return hasZero(w^(lsb*'"')) | hasZero(w^(lsb*'\\')) | hasLess(w, 0x20)
}

// IsSpace reports whether c is JSON whitespace (RFC 8259 section 2).
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// SkipSpace returns the index of the first byte at or after i that is not
// JSON whitespace, or len(b) if there is none. i must be within [0, len(b)].
func SkipSpace(b []byte, i int) int {
	if i < len(b) && b[i] > ' ' {
		return i // the common case: no whitespace at all
	}
	return skipSpace(b, i)
}

func skipSpaceGeneric(b []byte, i int) int {
	for i < len(b) {
		c := b[i]
		if c > ' ' {
			return i
		}
		if c == ' ' {
			// Indentation: whole words of spaces.
			for i+8 <= len(b) && binary.LittleEndian.Uint64(b[i:]) == lsb*' ' {
				i += 8
			}
			if i >= len(b) || b[i] != ' ' {
				continue
			}
		} else if c != '\n' && c != '\t' && c != '\r' {
			return i
		}
		i++
	}
	return i
}

// StringRun returns n, the length of the longest prefix of b that contains
// no '"', no '\\' and no control byte (< 0x20), and reports whether that
// prefix is entirely ASCII. It does not validate UTF-8.
func StringRun(b []byte) (n int, ascii bool) {
	return stringRun(b)
}

func stringRunGeneric(b []byte) (int, bool) {
	var high uint64
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		if m := stringStops(w); m != 0 {
			k := bits.TrailingZeros64(m) >> 3
			keep := uint64(1)<<(uint(k)*8) - 1
			high |= w & keep
			return i + k, high&msb == 0
		}
		high |= w
	}
	for ; i < len(b); i++ {
		c := b[i]
		if c == '"' || c == '\\' || c < 0x20 {
			break
		}
		high |= uint64(c)
	}
	return i, high&msb == 0
}

// ValidUTF8 reports whether b is well-formed UTF-8 per RFC 3629: no
// overlong forms, no surrogate code points, nothing above U+10FFFF.
func ValidUTF8(b []byte) bool { return validUTF8(b) }

func validUTF8Generic(b []byte) bool { return utf8.Valid(b) }

// EscapeRun returns the length of the longest prefix of b that may be copied
// verbatim into a quoted JSON string: it contains no '"', '\\', control byte
// or non-ASCII byte, and when html is set none of '<', '>' and '&'. The
// caller handles the byte it stops at (escaping or UTF-8 checks).
func EscapeRun(b []byte, html bool) int { return escapeRun(b, html) }

func escapeRunGeneric(b []byte, html bool) int {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		m := stringStops(w) | w&msb
		if html {
			m |= hasZero(w^(lsb*'<')) | hasZero(w^(lsb*'>')) | hasZero(w^(lsb*'&'))
		}
		if m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for ; i < len(b); i++ {
		c := b[i]
		if c == '"' || c == '\\' || c < 0x20 || c >= 0x80 || html && (c == '<' || c == '>' || c == '&') {
			break
		}
	}
	return i
}
