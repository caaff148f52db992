package scan

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/celerjson/celer/internal/kernels"
)

// FuzzString scans '"'+data as a string token in both modes and with
// every kernel implementation, checks the result against encoding/json
// (lenient mode: verdict and unquoted value) and that resuming at a split
// point derived from the input gives the same result.
func FuzzString(f *testing.F) {
	for _, s := range []string{`abc"`, `\"\\\/\b\f\n\r\t"`, `\u00e9\ud83d\ude00"`, `\ud800"`, "\xff\"", "日本\"", `\u12`, "a\x01\"", `\q"`, "\xe2\x80\xa8\"", `\uD834\uDD1E tail"`} {
		f.Add([]byte(s), uint8(3))
	}
	impls := kernels.Implementations()
	f.Fuzz(func(t *testing.T, data []byte, split uint8) {
		b := append([]byte{'"'}, data...)
		type result struct {
			n    int
			f    StrFlags
			code Code
		}
		for _, m := range []Mode{0, AllowInvalidUTF8} {
			var first result
			for k, impl := range impls {
				restore := kernels.SetImplementation(impl)
				n, fl, code := String(b, 1, m)
				restore()
				if k == 0 {
					first = result{n, fl, code}
				} else if (result{n, fl, code}) != first {
					t.Fatalf("mode %d: %s gives %v, %s gives %v", m, impls[0], first, impl, result{n, fl, code})
				}
			}
			// Resume at a split point.
			if k := 1 + int(split)%len(b); k < len(b) {
				n, fl, code := String(b[:k], 1, m)
				if code == Incomplete {
					n2, f2, c2 := String(b, n, m)
					if n2 != first.n || c2 != first.code || c2 == OK && fl|f2 != first.f {
						t.Fatalf("mode %d split %d: %d %v; whole %v", m, k, n2, c2, first)
					}
				} else if n != first.n || code != first.code {
					t.Fatalf("mode %d prefix %d: %d %v; whole %v", m, k, n, code, first)
				}
			}
			if m == 0 {
				if first.code == OK {
					u := AppendUnquote(nil, b[:first.n])
					if !utf8.Valid(b[:first.n]) || !utf8.Valid(u) {
						t.Fatalf("strict accepted %q, unquoted %q", b[:first.n], u)
					}
				}
				continue
			}
			tok := b[:first.n]
			switch first.code {
			case OK:
				var want string
				if err := json.Unmarshal(tok, &want); err != nil {
					t.Fatalf("lenient accepts %q, encoding/json: %v", tok, err)
				}
				if got := AppendUnquote(nil, tok); string(got) != want {
					t.Fatalf("AppendUnquote(%q) = %q, encoding/json %q", tok, got, want)
				}
				// Strict must accept it too when it is valid UTF-8 and
				// decodes without replacement characters.
				if _, _, sc := String(b, 1, 0); sc != OK && utf8.Valid(tok) && !bytes.ContainsRune([]byte(want), utf8.RuneError) {
					t.Fatalf("strict rejects %q (%v), which decodes cleanly to %q", tok, sc, want)
				}
			case Incomplete:
				if json.Valid(b) {
					t.Fatalf("Incomplete, but encoding/json accepts %q", b)
				}
			default:
				var se *json.SyntaxError
				if err := json.Unmarshal(b, new(string)); err == nil {
					t.Fatalf("%v at %d, but encoding/json accepts %q", first.code, first.n, b)
				} else if jerrAs(err, &se) && se.Offset != int64(first.n)+1 {
					t.Fatalf("%q: %v at %d, encoding/json %v at %d", b, first.code, first.n, se, se.Offset)
				}
			}
		}
	})
}

func jerrAs(err error, se **json.SyntaxError) bool {
	e, ok := err.(*json.SyntaxError)
	*se = e
	return ok
}

// FuzzQuoteRoundTrip quotes s with every flag set and kernel, compares
// with encoding/json, and checks the result scans and unquotes back.
func FuzzQuoteRoundTrip(f *testing.F) {
	for _, s := range []string{"", "abc", "<a href=\"x&y\">", "\u2028\u2029", "\xff\xfe", "tab\there\x00", "😀é日本", "\xed\xa0\x80"} {
		f.Add(s)
	}
	impls := kernels.Implementations()
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		var back string
		json.Unmarshal(want, &back)
		for _, impl := range impls {
			restore := kernels.SetImplementation(impl)
			got, err := AppendQuote(nil, s, QuoteInvalidUTF8|QuoteLineTerminators|QuoteHTML)
			gb, errb := AppendQuoteBytes([]byte("x"), []byte(s), QuoteInvalidUTF8|QuoteLineTerminators|QuoteHTML)
			strict, serr := AppendQuote(nil, s, 0)
			restore()
			if err != nil || errb != nil || string(got) != string(want) || string(gb) != "x"+string(want) {
				t.Fatalf("%s: AppendQuote(%q) = %q, %v; encoding/json %q", impl, s, got, err, want)
			}
			if (serr == nil) != utf8.ValidString(s) {
				t.Fatalf("%s: AppendQuote(%q, 0) error %v", impl, s, serr)
			}
			if serr == nil {
				if n, _, code := String(strict, 1, 0); code != OK || n != len(strict) {
					t.Fatalf("%s: AppendQuote(%q, 0) = %q: not a strict string (%d %v)", impl, s, strict, n, code)
				}
				if u := AppendUnquote(nil, strict); string(u) != s {
					t.Fatalf("%s: round trip of %q gives %q", impl, s, u)
				}
			}
			if u := AppendUnquote(nil, got); string(u) != back {
				t.Fatalf("%s: AppendUnquote(%q) = %q, encoding/json %q", impl, got, u, back)
			}
		}
	})
}
