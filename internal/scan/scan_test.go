package scan

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/kernels"
)

// eachImpl runs fn once per kernel implementation.
func eachImpl(t *testing.T, fn func(t *testing.T)) {
	for _, impl := range kernels.Implementations() {
		t.Run(impl, func(t *testing.T) {
			defer kernels.SetImplementation(impl)()
			fn(t)
		})
	}
}

// stringTokens are string tokens (valid and not) for the String tests,
// padded at several lengths so the SIMD paths (32-byte blocks) see them.
func stringTokens() []string {
	bodies := []string{
		``, `a`, `abc`, `\"`, `\\`, `\/`, `\b\f\n\r\t`, `\u0041`, `\u00e9`, `\uD834\uDD1E`, `\ud83d\ude00x`,
		"é", "日本語", "😀", "\u2028\u2029", "\xff", "\xc3", "\xc3(", "\xe2\x82", "\xf0\x9f\x98", "\xed\xa0\x80",
		"\xf4\x90\x80\x80", "\xc0\xaf", "\x7f", "\x00", "\x1f", "\t", `\x`, `\u12`, `\u12G4`, `\uD800`, `\uDC00`,
		`\uD800\u0041`, `\uD800\uD800`, `\uD800\n`, `\uDBFF\uDFFF`, `\`, `\u`, `\uD834\u`, `\uD834\uDD`,
	}
	var out []string
	for _, b := range bodies {
		for _, pad := range []int{0, 1, 15, 30, 31, 33, 63} {
			p := strings.Repeat("p", pad)
			out = append(out, `"`+p+b+`"`, `"`+b+p+`"`, `"`+p+b+p+b+`"`)
		}
	}
	return out
}

// TestStringResumeEverySplit scans every prefix of each token, then
// resumes on the whole token from where the prefix scan stopped: the
// result must equal the unsplit scan.
func TestStringResumeEverySplit(t *testing.T) {
	eachImpl(t, func(t *testing.T) {
		for _, tok := range stringTokens() {
			b := []byte(tok)
			for _, m := range []Mode{0, AllowInvalidUTF8} {
				wn, wf, wc := String(b, 1, m)
				for k := 1; k < len(b); k++ {
					n, f, c := String(b[:k], 1, m)
					if c != Incomplete {
						// An outcome inside the prefix is the final one.
						if c != wc || n != wn {
							t.Errorf("%q[:%d] mode %d: %d %v, whole: %d %v", b, k, m, n, c, wn, wc)
						}
						continue
					}
					if n < 1 || n > k {
						t.Errorf("%q[:%d] mode %d: resume offset %d outside [1, %d]", b, k, m, n, k)
						continue
					}
					n2, f2, c2 := String(b, n, m)
					if n2 != wn || c2 != wc || wc == OK && f|f2 != wf {
						t.Errorf("%q split at %d mode %d: resumed at %d gives %d %v flags %b; whole %d %v flags %b", b, k, m, n, n2, c2, f|f2, wn, wc, wf)
					}
				}
			}
		}
	})
}

// TestStringMatchesEncodingJSON checks the lenient verdict and the
// unquoted value against encoding/json, and that strict mode accepts
// exactly the lenient strings that are valid UTF-8 without unpaired
// surrogate escapes.
func TestStringMatchesEncodingJSON(t *testing.T) {
	eachImpl(t, func(t *testing.T) {
		for _, tok := range stringTokens() {
			b := []byte(tok)
			n, f, c := String(b, 1, AllowInvalidUTF8)
			complete := c == OK && n == len(b)
			if complete != json.Valid(b) {
				t.Errorf("%q: lenient String = %d %v; encoding/json.Valid %v", b, n, c, !complete)
				continue
			}
			if !complete {
				continue
			}
			var want string
			if err := json.Unmarshal(b, &want); err != nil {
				t.Fatal(err)
			}
			if got := AppendUnquote([]byte("x"), b); string(got) != "x"+want {
				t.Errorf("%q: AppendUnquote = %q, encoding/json %q", b, got[1:], want)
			}
			if (f&Escaped != 0) != bytes.Contains(b, []byte{'\\'}) || (f&NonASCII != 0) != bytes.ContainsFunc(b, func(r rune) bool { return r >= 0x80 || r == utf8.RuneError }) {
				t.Errorf("%q: flags %b", b, f)
			}
			_, _, sc := String(b, 1, 0)
			strictOK := utf8.Valid(b) && !hasLoneSurrogateEscape(b)
			if (sc == OK) != strictOK {
				t.Errorf("%q: strict String = %v; want OK = %v", b, sc, strictOK)
			}
			if sc == BadUTF8 && utf8.Valid(b) || sc == BadSurrogate && !hasLoneSurrogateEscape(b) {
				t.Errorf("%q: strict String = %v", b, sc)
			}
		}
	})
}

// hasLoneSurrogateEscape reports whether the valid string token q has a
// \u escape of a surrogate that is not part of a high-low pair.
func hasLoneSurrogateEscape(q []byte) bool {
	var rs []rune
	for i := 1; i < len(q)-1; i++ {
		if q[i] != '\\' {
			continue
		}
		if q[i+1] != 'u' {
			i++
			continue
		}
		r, _ := strconv.ParseUint(string(q[i+2:i+6]), 16, 32)
		rs = append(rs, rune(r))
		if i+6 >= len(q)-1 || q[i+6] != '\\' {
			rs = append(rs, 0) // a break: the next escape is not adjacent
		}
		i += 5
	}
	for k := 0; k < len(rs); k++ {
		r := rs[k]
		switch {
		case r >= 0xD800 && r < 0xDC00:
			if k+1 >= len(rs) || rs[k+1] < 0xDC00 || rs[k+1] > 0xDFFF {
				return true
			}
			k++
		case r >= 0xDC00 && r <= 0xDFFF:
			return true
		}
	}
	return false
}

func TestStringErrorOffsets(t *testing.T) {
	for _, c := range []struct {
		tok  string
		m    Mode
		n    int
		code Code
	}{
		{`"abc"`, 0, 5, OK},
		{`"ab`, 0, 3, Incomplete},
		{"\"a\x01\"", 0, 2, BadString},
		{`"a\q"`, 0, 3, BadEscape},
		{`"a\u12x4"`, 0, 6, BadHex},
		{"\"ab\xff\"", 0, 3, BadUTF8},
		{"\"ab\xff\"", AllowInvalidUTF8, 5, OK},
		{`"a\uDC00"`, 0, 2, BadSurrogate},
		{`"a\uD800x"`, 0, 2, BadSurrogate},
		{`"a\uD800x"`, AllowInvalidUTF8, 10, OK},
		{`"a\uD800\u`, 0, 2, Incomplete},
		{"\"a\xe2\x82", 0, 2, Incomplete},
	} {
		n, _, code := String([]byte(c.tok), 1, c.m)
		if n != c.n || code != c.code {
			t.Errorf("String(%q, mode %d) = %d %v, want %d %v", c.tok, c.m, n, code, c.n, c.code)
		}
	}
}

// TestNumberAgainstEncodingJSON enumerates every string of up to five
// bytes over a number alphabet: Number(s, true) consumes all of s exactly
// when encoding/json accepts s as a document.
func TestNumberAgainstEncodingJSON(t *testing.T) {
	const alpha = "-+.eE019"
	var rec func(s []byte)
	rec = func(s []byte) {
		if len(s) > 0 {
			n, code := Number(s, true)
			whole := code == OK && n == len(s)
			if whole != json.Valid(s) {
				t.Errorf("Number(%q, final) = %d %v; encoding/json.Valid %v", s, n, code, !whole)
			}
			// Not final: a number reaching the end of the buffer may go on.
			if n2, code2 := Number(s, false); code == OK && n == len(s) && code2 != Incomplete || code == OK && n < len(s) && (n2 != n || code2 != OK) {
				t.Errorf("Number(%q, not final) = %d %v; final gives %d %v", s, n2, code2, n, code)
			}
			if code == OK && n < len(s) {
				if n2, c2 := Number(s[:n], true); n2 != n || c2 != OK || !json.Valid(s[:n]) {
					t.Errorf("Number(%q) stopped at %d, but %q is not a number", s, n, s[:n])
				}
			}
		}
		if len(s) == 5 {
			return
		}
		for i := 0; i < len(alpha); i++ {
			rec(append(s, alpha[i]))
		}
	}
	rec(nil)

	for _, c := range []struct {
		s     string
		final bool
		n     int
		code  Code
	}{
		{"-", true, 1, Incomplete}, {"1.", true, 2, Incomplete}, {"1e", true, 2, Incomplete}, {"1e+", true, 3, Incomplete},
		{"-", false, 1, Incomplete}, {"12", false, 2, Incomplete}, {"12,", false, 2, OK}, {"12", true, 2, OK},
		{"01", true, 1, OK}, {"-a", true, 1, BadNumber}, {".5", true, 0, BadNumber}, {"1.a", true, 2, BadNumber},
		{"1ea", true, 2, BadNumber}, {"1e+a", true, 3, BadNumber}, {"-0.0e-0]", false, 7, OK},
	} {
		if n, code := Number([]byte(c.s), c.final); n != c.n || code != c.code {
			t.Errorf("Number(%q, %v) = %d %v, want %d %v", c.s, c.final, n, code, c.n, c.code)
		}
	}
}

func TestLiteral(t *testing.T) {
	for _, lit := range []string{"true", "false", "null"} {
		for k := 1; k < len(lit); k++ {
			if n, code := Literal([]byte(lit[:k]), lit); n != k || code != Incomplete {
				t.Errorf("Literal(%q, %q) = %d %v, want %d Incomplete", lit[:k], lit, n, code, k)
			}
			bad := []byte(lit)
			bad[k] = 'X'
			if n, code := Literal(bad, lit); n != k || code != BadLiteral {
				t.Errorf("Literal(%q, %q) = %d %v, want %d BadLiteral", bad, lit, n, code, k)
			}
		}
		for _, s := range []string{lit, lit + ",", lit + "x"} {
			if n, code := Literal([]byte(s), lit); n != len(lit) || code != OK {
				t.Errorf("Literal(%q, %q) = %d %v, want %d OK", s, lit, n, code, len(lit))
			}
		}
	}
}

// quoteInputs are Go strings for the quoting tests: every byte, runes
// around interesting boundaries, invalid UTF-8, and random strings.
func quoteInputs() []string {
	var out []string
	for c := 0; c < 256; c++ {
		out = append(out, string([]byte{byte(c)}), "ab"+string([]byte{byte(c)})+"cd"+strings.Repeat("x", 40))
	}
	for _, r := range []rune{0x7f, 0x80, 0x7ff, 0x800, 0x2027, 0x2028, 0x2029, 0x202a, 0xd7ff, 0xe000, 0xfffd, 0xfffe, 0xffff, 0x10000, 0x10ffff} {
		out = append(out, string(r), strings.Repeat("a", 31)+string(r), strings.Repeat(string(r), 20))
	}
	out = append(out, "", `<script>alert("x&y")</script>`, "\u2028\u2029<>&\\\"/", "\xe2\x80", "\xe2\x80\xa8\xe2", "a\xffb\xc3\x28c",
		"\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc0\xaf", "\xf0\x9f\x98", strings.Repeat("\xff", 40), strings.Repeat("é<", 33))
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		b := make([]byte, rng.IntN(80))
		for i := range b {
			switch rng.IntN(4) {
			case 0:
				b[i] = byte(rng.IntN(256))
			case 1:
				b[i] = "<>&\\\"\n\x00\x1f\u2028"[rng.IntN(11)]
			default:
				b[i] = byte('a' + rng.IntN(26))
			}
		}
		out = append(out, string(b))
	}
	return out
}

// TestAppendQuoteMatchesEncodingJSON compares AppendQuote with
// json.Marshal (which escapes HTML) and with an Encoder that does not.
func TestAppendQuoteMatchesEncodingJSON(t *testing.T) {
	inputs := quoteInputs()
	eachImpl(t, func(t *testing.T) {
		var plain bytes.Buffer
		enc := json.NewEncoder(&plain)
		enc.SetEscapeHTML(false)
		for _, s := range inputs {
			want, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			got, err := AppendQuote([]byte("x"), s, QuoteInvalidUTF8|QuoteLineTerminators|QuoteHTML)
			if err != nil || string(got) != "x"+string(want) {
				t.Errorf("AppendQuote(%q, HTML) = %q, %v; encoding/json %q", s, got, err, want)
			}
			plain.Reset()
			enc.Encode(s)
			want = bytes.TrimSuffix(plain.Bytes(), []byte("\n"))
			got, err = AppendQuote(nil, s, QuoteInvalidUTF8|QuoteLineTerminators)
			if err != nil || string(got) != string(want) {
				t.Errorf("AppendQuote(%q) = %q, %v; encoding/json without HTML escaping %q", s, got, err, want)
			}
			if gb, _ := AppendQuoteBytes(nil, []byte(s), QuoteInvalidUTF8|QuoteLineTerminators); !bytes.Equal(gb, got) {
				t.Errorf("AppendQuoteBytes(%q) = %q, AppendQuote %q", s, gb, got)
			}

			// Without QuoteInvalidUTF8 invalid UTF-8 is an error.
			strict, err := AppendQuote([]byte("x"), s, QuoteLineTerminators)
			if utf8.ValidString(s) {
				if err != nil || string(strict[1:]) != string(want) {
					t.Errorf("AppendQuote(%q, strict) = %q, %v", s, strict, err)
				}
			} else if !errors.Is(err, errs.ErrInvalidUTF8) {
				t.Errorf("AppendQuote(%q, strict): %v, want ErrInvalidUTF8", s, err)
			}

			// Without QuoteLineTerminators U+2028/9 stay raw; the result
			// still decodes to the same string.
			raw, _ := AppendQuote(nil, s, QuoteInvalidUTF8)
			var back, backWant string
			json.Unmarshal(raw, &back)
			json.Unmarshal(want, &backWant)
			if back != backWant || strings.Count(string(raw), "\u2028") != strings.Count(backWant, "\u2028") {
				t.Errorf("AppendQuote(%q, no line terminators) = %q", s, raw)
			}

			// The output is a valid strict string token that unquotes back.
			if n, _, code := String(got, 1, 0); code != OK || n != len(got) {
				t.Errorf("AppendQuote(%q) = %q: String says %d %v", s, got, n, code)
			}
			if u := AppendUnquote(nil, got); string(u) != backWant {
				t.Errorf("AppendUnquote(AppendQuote(%q)) = %q, want %q", s, u, backWant)
			}
		}
	})
}

// floatCases returns float64 values for the formatting tests.
func floatCases() []float64 {
	fs := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 0.2, 0.3, 1.0 / 3, 1e20, 1e21, 1e-6, 1e-7, 9.999999999999999e20,
		123456789, 1e100, 1e-100, 5e-324, -5e-324, 2.2250738585072014e-308, 2.225073858507201e-308, math.MaxFloat64, -math.MaxFloat64,
		math.SmallestNonzeroFloat64, 1 << 53, 1<<53 + 1, 9007199254740993, 0.000001, 0.0000001, 1234567e-13, 1e-9, 1.5e-9, 12e-10,
		math.MaxFloat32, math.SmallestNonzeroFloat32, 3.4028235e38, 1e38, 1e-45, 16777216, 16777217, 0.1 + 0.2, 100, 1e6, 1e7}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		f := math.Float64frombits(rng.Uint64())
		if !math.IsNaN(f) && !math.IsInf(f, 0) {
			fs = append(fs, f)
		}
		f32 := math.Float32frombits(rng.Uint32())
		if !math.IsNaN(float64(f32)) && !math.IsInf(float64(f32), 0) {
			fs = append(fs, float64(f32))
		}
		fs = append(fs, float64(rng.IntN(1e9))*math.Pow10(rng.IntN(60)-30))
	}
	return fs
}

func TestAppendFloatMatchesEncodingJSON(t *testing.T) {
	for _, f := range floatCases() {
		want, _ := json.Marshal(f)
		got, err := AppendFloat([]byte("x"), f, 64)
		if err != nil || string(got) != "x"+string(want) {
			t.Errorf("AppendFloat(%v, 64) = %q, %v; encoding/json %s", f, got, err, want)
		}
		f32 := float32(f)
		if math.IsInf(float64(f32), 0) {
			continue
		}
		want, _ = json.Marshal(f32)
		got, err = AppendFloat(nil, float64(f32), 32)
		if err != nil || string(got) != string(want) {
			t.Errorf("AppendFloat(float32 %v, 32) = %q, %v; encoding/json %s", f32, got, err, want)
		}
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		for _, bits := range []int{32, 64} {
			if got, err := AppendFloat([]byte("x"), f, bits); err == nil || string(got) != "x" {
				t.Errorf("AppendFloat(%v, %d) = %q, %v; want an error and dst unchanged", f, bits, got, err)
			}
		}
		if _, err := json.Marshal(f); err == nil {
			t.Errorf("encoding/json accepts %v", f)
		}
	}
}

// TestMessagesMatchEncodingJSON checks the "invalid character" wording,
// including the quoting of every byte, against encoding/json's errors.
func TestMessagesMatchEncodingJSON(t *testing.T) {
	for c := 0; c < 256; c++ {
		b := []byte{byte(c)}
		if json.Valid(b) || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '"' || c == '[' || c == '{' || c == '-' || c == 't' || c == 'f' || c == 'n' {
			continue
		}
		err := json.Unmarshal(b, new(any))
		if got := Message(BadValue, byte(c)); err == nil || got != err.Error() {
			t.Errorf("Message(BadValue, %q) = %q, encoding/json %v", byte(c), got, err)
		}
	}
	for _, c := range []struct {
		in   string
		code Code
		ch   byte
	}{
		{`{"a" 1}`, BadColon, '1'},
		{`{"a":1 2}`, BadObject, '2'},
		{`[1 2]`, BadArray, '2'},
		{`1 2`, BadTop, '2'},
		{`{1}`, BadName, '1'},
		{"\"\x01\"", BadString, 1},
		{`"\q"`, BadEscape, 'q'},
		{`"\u12x4"`, BadHex, 'x'},
	} {
		err := json.Unmarshal([]byte(c.in), new(any))
		if got := Message(c.code, c.ch); err == nil || got != err.Error() {
			t.Errorf("%s: Message = %q, encoding/json %v", c.in, got, err)
		}
	}
	if got := Message(Incomplete, 0); got != "unexpected end of JSON input" {
		t.Errorf("Message(Incomplete) = %q", got)
	}
}

// TestValueAndValid checks whole-value scanning: lengths, error offsets,
// final and depth.
func TestValueAndValid(t *testing.T) {
	for _, c := range []struct {
		in    string
		final bool
		depth int
		n     int
		code  Code
	}{
		{`[1,2] x`, false, 10, 5, OK},
		{`{"a":[true,null]}`, true, 10, 17, OK},
		{`[1,2`, true, 10, 4, Incomplete},
		{`[12`, false, 10, 3, Incomplete},
		{`12`, false, 10, 2, Incomplete},
		{`12`, true, 10, 2, OK},
		{`[[[]]]`, true, 3, 6, OK},
		{`[[[[]]]]`, true, 3, 3, TooDeep},
		{`{"a" 1}`, true, 10, 5, BadColon},
		{`[1,]`, true, 10, 3, BadValue},
		{`{"a":1,}`, true, 10, 7, BadName},
		{`["a\qb"]`, true, 10, 4, BadEscape},
		{`[1 2]`, true, 10, 3, BadArray},
		{`{"a":1 "b"}`, true, 10, 7, BadObject},
	} {
		if n, code := Value([]byte(c.in), AllowInvalidUTF8, c.depth, c.final); n != c.n || code != c.code {
			t.Errorf("Value(%q, final %v, depth %d) = %d %v, want %d %v", c.in, c.final, c.depth, n, code, c.n, c.code)
		}
	}
	for _, c := range []struct {
		in   string
		n    int
		code Code
	}{
		{" [1] ", 5, OK}, {"[1] x", 4, BadTop}, {"", 0, Incomplete}, {"  ", 2, Incomplete}, {"\n-", 2, Incomplete},
	} {
		if n, code := Valid([]byte(c.in), 0, 10000); n != c.n || code != c.code {
			t.Errorf("Valid(%q) = %d %v, want %d %v", c.in, n, code, c.n, c.code)
		}
	}
}
