package scan

import (
	"encoding/binary"
	"math/bits"

	"github.com/celerjson/celer/internal/kernels"
)

// Mode selects how strict string scanning is.
type Mode uint8

const (
	// AllowInvalidUTF8 accepts invalid UTF-8 bytes and unpaired surrogate
	// escapes in strings, as encoding/json v1 does.
	AllowInvalidUTF8 Mode = 1 << iota
)

// StrFlags describe the content of a scanned string.
type StrFlags uint8

const (
	Escaped  StrFlags = 1 << iota // contains backslash escapes
	NonASCII                      // contains bytes >= 0x80
)

// plain marks the bytes that stand for themselves in a string and need
// no further check: printable ASCII other than '"' and '\\'.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// Literal scans the literal lit (true, false or null) at the start of b.
// It returns len(lit), or the offset of the first mismatching byte with
// BadLiteral, or Incomplete if b is a proper prefix of lit.
func Literal(b []byte, lit string) (int, Code) {
	if len(b) >= len(lit) && string(b[:len(lit)]) == lit {
		return len(lit), OK
	}
	for i := 1; i < len(lit); i++ {
		if i >= len(b) {
			return i, Incomplete
		}
		if b[i] != lit[i] {
			return i, BadLiteral
		}
	}
	return len(lit), OK
}

func isDigit(c byte) bool { return c-'0' < 10 }

// digits returns the length of the run of ASCII digits at the start of b,
// eight bytes at a time.
func digits(b []byte) int {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		// A byte outside '0'..'9' sets its top bit in w-'0' (below '0') or
		// in w+0x46 (above '9'); the lowest marked byte is exact.
		if m := ((w - 0x3030303030303030) | (w + 0x4646464646464646)) & 0x8080808080808080; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for i < len(b) && isDigit(b[i]) {
		i++
	}
	return i
}

// Number scans a number at the start of b, per RFC 8259 section 6. final
// reports that the input ends at len(b); without it, a number that reaches
// len(b) is Incomplete because more digits may follow. On success it returns
// the length of the number; on failure, the offset of the bad byte.
func Number(b []byte, final bool) (int, Code) {
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	if i >= len(b) {
		return i, Incomplete
	}
	switch c := b[i]; {
	case c == '0':
		i++
	case c-'1' < 9:
		i++
		i += digits(b[i:])
	default:
		return i, BadNumber
	}
	if i < len(b) && b[i] == '.' {
		i++
		if i >= len(b) {
			return i, Incomplete
		}
		if !isDigit(b[i]) {
			return i, BadNumber
		}
		i += digits(b[i:])
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= len(b) {
			return i, Incomplete
		}
		if !isDigit(b[i]) {
			return i, BadNumber
		}
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	}
	if i >= len(b) && !final {
		return i, Incomplete
	}
	return i, OK
}

// String scans a string token at the start of b (b[0] == '"'). Scanning
// starts at resume, which is 1 for a fresh token or a value returned by an
// earlier Incomplete scan of the same token. On success it returns the
// token's length including both quotes. On Incomplete it returns the offset
// to resume from once more input is appended (never inside an escape or a
// UTF-8 sequence). flags accumulate from resume onwards only.
func String(b []byte, resume int, m Mode) (int, StrFlags, Code) {
	var f StrFlags
	i := resume
	// Most strings are short and plain: a few words (or bytes near the
	// end of b) beat a kernel call.
	for end := min(len(b)-8, i+24); i <= end; i += 8 {
		if m := stops(binary.LittleEndian.Uint64(b[i:])); m != 0 {
			i += bits.TrailingZeros64(m) >> 3
			if b[i] == '"' {
				return i + 1, f, OK
			}
			goto run
		}
	}
	for end := min(len(b), i+8); i < end && plain[b[i]]; i++ {
	}
	if i < len(b) && b[i] == '"' {
		return i + 1, f, OK
	}
run:
	for {
		n, ascii := kernels.StringRun(b[i:])
		if !ascii {
			f |= NonASCII
			if m&AllowInvalidUTF8 == 0 {
				end := i + n
				if end == len(b) {
					// The run may stop inside a UTF-8 sequence: check only
					// up to the last rune start and resume from there.
					end = lastRuneStart(b, i, end)
				}
				if !kernels.ValidUTF8(b[i:end]) {
					return i + firstInvalidUTF8(b[i:end]), f, BadUTF8
				}
				if end < i+n {
					return end, f, Incomplete
				}
			}
		}
		i += n
		if i >= len(b) {
			return i, f, Incomplete
		}
		switch c := b[i]; c {
		case '"':
			return i + 1, f, OK
		case '\\':
			f |= Escaped
			k, code := escape(b, i, m)
			if code != OK {
				return k, f, code
			}
			i = k
		default: // control byte
			return i, f, BadString
		}
	}
}

// stops returns w with the top bit set in its lowest byte that is not
// plain (a '"', a '\\', a control byte or a byte >= 0x80), if any, and
// possibly in bytes above it; the bytes below it have none. A borrow in a
// subtraction only starts at a byte the term marks, so each term is exact
// up to its lowest marked byte; and a byte >= 0x80, which a term may mark
// wrongly, is marked by the last term anyway.
func stops(w uint64) uint64 {
	const ones, quotes, slashes, spaces = 0x0101010101010101, 0x2222222222222222, 0x5c5c5c5c5c5c5c5c, 0x2020202020202020
	return (((w ^ quotes) - ones) | ((w ^ slashes) - ones) | (w - spaces) | w) & 0x8080808080808080
}

// lastRuneStart returns the offset of the start of a possibly truncated
// UTF-8 sequence at the end of b[lo:hi], or hi if the run ends on a
// complete sequence boundary.
func lastRuneStart(b []byte, lo, hi int) int {
	for k := hi - 1; k >= lo && k >= hi-3; k-- {
		c := b[k]
		if c < 0x80 {
			return hi
		}
		if c >= 0xC0 { // a lead byte: is its sequence complete?
			need := 2
			if c >= 0xE0 {
				need = 3
			}
			if c >= 0xF0 {
				need = 4
			}
			if hi-k < need {
				return k
			}
			return hi
		}
	}
	return hi
}

func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		if b[i] < 0x80 {
			i++
			continue
		}
		n := validRuneLen(b[i:])
		if n == 0 {
			return i
		}
		i += n
	}
	return len(b)
}

// validRuneLen returns the length of the valid UTF-8 sequence at the start
// of b, or 0 if it is invalid or truncated.
func validRuneLen(b []byte) int {
	c := b[0]
	switch {
	case c < 0x80:
		return 1
	case c < 0xC2:
		return 0
	case c < 0xE0:
		if len(b) < 2 || b[1]&0xC0 != 0x80 {
			return 0
		}
		return 2
	case c < 0xF0:
		if len(b) < 3 || b[1]&0xC0 != 0x80 || b[2]&0xC0 != 0x80 {
			return 0
		}
		if c == 0xE0 && b[1] < 0xA0 || c == 0xED && b[1] >= 0xA0 {
			return 0
		}
		return 3
	case c < 0xF5:
		if len(b) < 4 || b[1]&0xC0 != 0x80 || b[2]&0xC0 != 0x80 || b[3]&0xC0 != 0x80 {
			return 0
		}
		if c == 0xF0 && b[1] < 0x90 || c == 0xF4 && b[1] >= 0x90 {
			return 0
		}
		return 4
	}
	return 0
}

var hexVal = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = int8(c - '0')
	}
	for c := 'a'; c <= 'f'; c++ {
		t[c] = int8(c - 'a' + 10)
		t[c-'a'+'A'] = int8(c - 'a' + 10)
	}
	return t
}()

// hex4 decodes four hex digits at b[i:]. It returns -1 and the offset of the
// bad byte, or Incomplete, on failure.
func hex4(b []byte, i int) (rune, int, Code) {
	var r rune
	for k := 0; k < 4; k++ {
		if i+k >= len(b) {
			return -1, i + k, Incomplete
		}
		v := hexVal[b[i+k]]
		if v < 0 {
			return -1, i + k, BadHex
		}
		r = r<<4 | rune(v)
	}
	return r, i + 4, OK
}

// escape validates the escape sequence at b[i] == '\\' and returns the
// offset just past it. On Incomplete it returns i, so the caller resumes at
// the backslash.
func escape(b []byte, i int, m Mode) (int, Code) {
	if i+1 >= len(b) {
		return i, Incomplete
	}
	switch b[i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return i + 2, OK
	case 'u':
	default:
		return i + 1, BadEscape
	}
	r, k, code := hex4(b, i+2)
	if code == Incomplete {
		return i, Incomplete
	}
	if code != OK {
		return k, code
	}
	if m&AllowInvalidUTF8 != 0 || r < 0xD800 || r > 0xDFFF {
		return k, OK
	}
	if r >= 0xDC00 { // a lone low surrogate
		return i, BadSurrogate
	}
	// A high surrogate must be followed by an escaped low surrogate.
	if k >= len(b) || b[k] == '\\' && k+1 >= len(b) {
		return i, Incomplete
	}
	if b[k] != '\\' || b[k+1] != 'u' {
		return i, BadSurrogate
	}
	r2, k2, code := hex4(b, k+2)
	if code == Incomplete {
		return i, Incomplete
	}
	if code != OK {
		return k2, code
	}
	if r2 < 0xDC00 || r2 > 0xDFFF {
		return i, BadSurrogate
	}
	return k2, OK
}
