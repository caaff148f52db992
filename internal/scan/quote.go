package scan

import (
	"errors"
	"github.com/celerjson/celer/internal/ftoa"
	"math"
	"unicode/utf8"
	"unsafe"

	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/kernels"
)

const hexDigits = "0123456789abcdef"

// QuoteFlags control AppendQuote.
type QuoteFlags uint8

const (
	// QuoteHTML escapes '<', '>' and '&' as \u003c, \u003e and \u0026.
	QuoteHTML QuoteFlags = 1 << iota
	// QuoteLineTerminators escapes U+2028 and U+2029, as encoding/json does.
	QuoteLineTerminators
	// QuoteInvalidUTF8 replaces invalid UTF-8 with \ufffd instead of failing.
	QuoteInvalidUTF8
)

// ErrInvalidUTF8 reports invalid UTF-8 in a string being quoted.
var ErrInvalidUTF8 = &errs.Detail{Msg: "invalid UTF-8 in string", Sentinel: errs.ErrInvalidUTF8}

// AppendQuote appends s as a quoted JSON string, escaping exactly as
// encoding/json does: short escapes for \b \f \n \r \t, \u00XX for other
// control bytes, and per flags HTML characters, U+2028/U+2029 and invalid
// UTF-8. Without QuoteInvalidUTF8, invalid UTF-8 is an error.
func AppendQuote(dst []byte, s string, f QuoteFlags) ([]byte, error) {
	return AppendQuoteBytes(dst, unsafe.Slice(unsafe.StringData(s), len(s)), f)
}

// quotePlain[html][c] is true when ASCII byte c is written as it is.
var quotePlain = func() (t [2][utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		plain := c != '"' && c != '\\'
		t[0][c] = plain
		t[1][c] = plain && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// AppendQuoteBytes is AppendQuote for a byte slice. The first plain run,
// which is all of most strings, is found by the SIMD kernel; the rest of a
// string that needs escaping or holds non-ASCII text goes a byte or rune
// at a time, without a kernel call per rune.
func AppendQuoteBytes(dst []byte, s []byte, f QuoteFlags) ([]byte, error) {
	html := f&QuoteHTML != 0
	i := kernels.EscapeRun(s, html)
	dst = append(dst, '"')
	if i == len(s) {
		dst = append(dst, s...)
		return append(dst, '"'), nil
	}
	plain := &quotePlain[0]
	if html {
		plain = &quotePlain[1]
	}
	start := 0
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if plain[c] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '\\', '"':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		n := validRuneLen(s[i:min(i+4, len(s))])
		switch {
		case n == 0:
			if f&QuoteInvalidUTF8 == 0 {
				return dst, ErrInvalidUTF8
			}
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			n = 1
		case n == 3 && f&QuoteLineTerminators != 0 && c == 0xE2 && s[i+1] == 0x80 && s[i+2]&^1 == 0xA8:
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[s[i+2]&0xF])
		default:
			i += n
			continue
		}
		i += n
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"'), nil
}

// AppendUnquote appends the value of the string token q (with its quotes,
// already validated by String) to dst. Invalid UTF-8 and unpaired
// surrogate escapes, which only lenient scanning lets through, become U+FFFD.
func AppendUnquote(dst, q []byte) []byte {
	b := q[1 : len(q)-1]
	for i := 0; i < len(b); {
		c := b[i]
		if c != '\\' && c < utf8.RuneSelf {
			j := i + 1
			for j < len(b) && b[j] != '\\' && b[j] < utf8.RuneSelf {
				j++
			}
			dst = append(dst, b[i:j]...)
			i = j
			continue
		}
		if c >= utf8.RuneSelf {
			n := validRuneLen(b[i:min(i+4, len(b))])
			if n == 0 {
				dst = append(dst, "\uFFFD"...)
				i++
			} else {
				dst = append(dst, b[i:i+n]...)
				i += n
			}
			continue
		}
		// An escape; String has checked its syntax.
		if i+1 >= len(b) {
			return append(dst, "\uFFFD"...)
		}
		switch e := b[i+1]; e {
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r, k, code := hex4(b, i+2)
			if code != OK {
				return append(dst, "\uFFFD"...)
			}
			i = k
			if r >= 0xD800 && r < 0xDC00 && i+1 < len(b) && b[i] == '\\' && b[i+1] == 'u' {
				if r2, k2, code := hex4(b, i+2); code == OK && r2 >= 0xDC00 && r2 <= 0xDFFF {
					dst = utf8.AppendRune(dst, (r-0xD800)<<10|(r2-0xDC00)+0x10000)
					i = k2
					continue
				}
			}
			if r >= 0xD800 && r <= 0xDFFF {
				r = utf8.RuneError
			}
			dst = utf8.AppendRune(dst, r)
			continue
		default: // '"', '\\', '/'
			dst = append(dst, e)
		}
		i += 2
	}
	return dst
}

// ErrUnsupportedFloat reports NaN or an infinity, which JSON cannot hold.
var ErrUnsupportedFloat = errors.New("unsupported value: NaN or infinity")

// AppendFloat appends f formatted as encoding/json does: like ES6
// number-to-string, the shortest representation that round-trips, with 'e'
// notation below 1e-6 and from 1e21, and no zero padding in the exponent.
// bits is 32 or 64.
func AppendFloat(dst []byte, f float64, bits int) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return dst, ErrUnsupportedFloat
	}
	if bits == 64 {
		return ftoa.AppendJSON(dst, f), nil
	}
	return ftoa.AppendStrconv(dst, f, bits), nil
}
