package scan

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestStringStops: String reads plain bytes a word at a time (stops); the
// first byte that is not plain must end the fast path wherever it lies in
// a word, whatever the bytes around it. Plain filler bytes are taken next
// to the thresholds of each of stops' terms, and a second stop byte may
// follow the first (a borrow from it must not hide the first).
func TestStringStops(t *testing.T) {
	filler := []byte{0x20, 0x21, 0x23, 0x5b, 0x5d, 0x7f, 0x01 + 0x20, 'a', '0'}
	type want struct {
		tail string // after the stop position k: the rest of the token
		n    int    // length of the token past k (or offset of the error past k)
		f    StrFlags
		code Code
	}
	cases := map[string]want{
		`"`:            {`"`, 1, 0, OK},
		`\n"`:          {`\n"`, 3, Escaped, OK},
		`\u00e9"`:      {`\u00e9"`, 7, Escaped, OK},
		"\x00":         {"\x00\"", 0, 0, BadString},
		"\x1f":         {"\x1f\"", 0, 0, BadString},
		"\u00e9\"":     {"\u00e9\"", 3, NonASCII, OK},
		"\xff":         {"\xff\"", 0, NonASCII, BadUTF8},
		"\x80":         {"\x80\"", 0, NonASCII, BadUTF8},
		`\q`:           {`\q"`, 1, Escaped, BadEscape},
		"\"\x00\\\xff": {"\"\x00\\\xff", 1, 0, OK},
	}
	for name, c := range cases {
		for k := 1; k <= 42; k++ {
			for shift := range len(filler) {
				b := []byte{'"'}
				for i := 1; i < k; i++ {
					b = append(b, filler[(i+shift)%len(filler)])
				}
				b = append(b, c.tail...)
				for _, pad := range []int{0, 3, 9, 30} { // bytes after the token, for the word loads
					bp := append(append([]byte(nil), b...), make([]byte, pad)...)
					for i := len(b); i < len(bp); i++ {
						bp[i] = 'x'
					}
					n, f, code := String(bp, 1, 0)
					if n != k+c.n || code != c.code || code == OK && f != c.f {
						t.Fatalf("%s", fmt.Sprintf("%q at %d (pad %d): String = %d %v %v, want %d %v %v", name, k, pad, n, f, code, k+c.n, c.f, c.code))
					}
				}
			}
		}
	}
}

// TestValueShortStrings: Value reads strings that end within eight bytes
// of their quote itself (shortString) and hands the others to String from
// the first byte that is not plain; names and values with a stop byte at
// every offset around the word, near the end of the input or not, get
// encoding/json's verdict (with valid UTF-8 required) and, when invalid, the
// offset that String alone reports.
func TestValueShortStrings(t *testing.T) {
	tails := []string{`"`, `\n"`, `\u00e9"`, "\x00\"", "\u00e9\"", "\xff\"", `\q"`, `\"x"`}
	for _, tail := range tails {
		for k := 0; k <= 12; k++ {
			s := strings.Repeat("a", k) + tail
			for _, doc := range []string{`["` + s + `]`, `{"` + s + `:0}`, `["` + s + `,1,2,3,4,5,6,7,8,9]`, `{"` + s + `:[1,2,3,4,5,6,7,8,9]}`} {
				n, code := Valid([]byte(doc), 0, 100)
				want := json.Valid([]byte(doc)) && utf8.ValidString(doc)
				if (code == OK) != want {
					t.Fatalf("%q: Valid = %d %v, want valid %v", doc, n, code, want)
				}
				if code != OK && code != BadArray && code != BadObject && code != BadColon {
					// The error is in the string at offset 1: String alone must agree.
					sn, _, scode := String([]byte(doc[1:]), 1, 0)
					if n != 1+sn || code != scode {
						t.Fatalf("%q: Valid = %d %v, String says %d %v", doc, n, code, 1+sn, scode)
					}
				}
			}
		}
	}
}
