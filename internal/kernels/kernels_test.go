package kernels

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf8"
)

// The reference functions below are deliberately naive byte loops that
// restate the documented contracts; every kernel, generic or accelerated,
// is compared with them.

func refSkipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

func refStringRun(b []byte) (int, bool) {
	ascii := true
	for i, c := range b {
		if c == '"' || c == '\\' || c < 0x20 {
			return i, ascii
		}
		if c >= 0x80 {
			ascii = false
		}
	}
	return len(b), ascii
}

func refEscapeRun(b []byte, html bool) int {
	for i, c := range b {
		if c == '"' || c == '\\' || c < 0x20 || c >= 0x80 {
			return i
		}
		if html && (c == '<' || c == '>' || c == '&') {
			return i
		}
	}
	return len(b)
}

// refValidUTF8 follows the UTF8-octets grammar of RFC 3629, section 4.
func refValidUTF8(b []byte) bool {
	tail := func(i int, lo, hi byte) bool { return i < len(b) && lo <= b[i] && b[i] <= hi }
	for i := 0; i < len(b); {
		c := b[i]
		n, lo, hi := 0, byte(0x80), byte(0xBF) // continuation count, first continuation range
		switch {
		case c < 0x80:
			n = 0
		case 0xC2 <= c && c <= 0xDF:
			n = 1
		case c == 0xE0:
			n, lo = 2, 0xA0
		case 0xE1 <= c && c <= 0xEC, c == 0xEE, c == 0xEF:
			n = 2
		case c == 0xED:
			n, hi = 2, 0x9F
		case c == 0xF0:
			n, lo = 3, 0x90
		case 0xF1 <= c && c <= 0xF3:
			n = 3
		case c == 0xF4:
			n, hi = 3, 0x8F
		default:
			return false
		}
		i++
		for k := range n {
			if k > 0 {
				lo, hi = 0x80, 0xBF
			}
			if !tail(i, lo, hi) {
				return false
			}
			i++
		}
	}
	return true
}

// forEachImpl runs f once with each kernel set this machine supports.
func forEachImpl(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	for _, name := range Implementations() {
		t.Run(name, func(t *testing.T) {
			defer SetImplementation(name)()
			f(t)
		})
	}
}

func show(b []byte) string {
	if len(b) > 80 {
		return fmt.Sprintf("len %d: %x...", len(b), b[:80])
	}
	return fmt.Sprintf("len %d: %x", len(b), b)
}

// check compares every exported kernel, under each kernel set, with the
// references on b. It reports the first difference and returns false.
func check(t *testing.T, b []byte) bool {
	t.Helper()
	type result struct {
		skip0, skipMid int
		run            int
		ascii          bool
		esc, escHTML   int
		valid          bool
		nonDigits      string
	}
	mid := len(b) / 2
	run := func() result {
		var r result
		r.skip0, r.skipMid = SkipSpace(b, 0), SkipSpace(b, mid)
		r.run, r.ascii = StringRun(b)
		r.esc, r.escHTML = EscapeRun(b, false), EscapeRun(b, true)
		r.valid = ValidUTF8(b)
		r.nonDigits = fmt.Sprint(AppendNonDigits(nil, b))
		return r
	}
	var want result
	want.skip0, want.skipMid = refSkipSpace(b, 0), refSkipSpace(b, mid)
	want.run, want.ascii = refStringRun(b)
	want.esc, want.escHTML = refEscapeRun(b, false), refEscapeRun(b, true)
	want.valid = refValidUTF8(b)
	want.nonDigits = fmt.Sprint(appendNonDigitsGeneric(nil, b))
	if want.valid != utf8.Valid(b) {
		t.Errorf("refValidUTF8 = %v, utf8.Valid disagrees; %s", want.valid, show(b))
		return false
	}
	for _, name := range Implementations() {
		restore := SetImplementation(name)
		got := run()
		restore()
		if got != want {
			t.Errorf("[%s] got  %+v\n\twant %+v\n\t(SkipSpace at 0 and %d; StringRun; EscapeRun plain, HTML; ValidUTF8; AppendNonDigits)\n\t%s",
				name, got, want, mid, show(b))
			return false
		}
	}
	return true
}

// testLengths are all lengths up to 300 plus lengths around larger vector
// and loop multiples.
func testLengths() []int {
	var ns []int
	for n := 0; n <= 300; n++ {
		ns = append(ns, n)
	}
	for _, w := range []int{320, 384, 448, 512, 1024, 4096} {
		ns = append(ns, w-1, w, w+1)
	}
	return ns
}

// fillers give the background of a test buffer of length n: each is free
// of stops for at least one kernel.
var fillers = []struct {
	name string
	fill func(n int) []byte
}{
	{"letters", func(n int) []byte { return bytes.Repeat([]byte("a"), n) }},
	{"spaces", func(n int) []byte { return bytes.Repeat([]byte(" "), n) }},
	{"whitespace", func(n int) []byte { return repeatTo(" \t\r\n  ", n) }},
	{"utf8", func(n int) []byte { return repeatTo("aé€𝄞z", n) }},
	{"ascii then utf8", func(n int) []byte {
		return append(repeatTo("a", n/2), repeatTo("é", n-n/2)...)
	}},
}

func repeatTo(s string, n int) []byte {
	return bytes.Repeat([]byte(s), n/len(s)+1)[:n]
}

// probes are the bytes that matter to some kernel. TestEveryByteEveryPosition
// covers the other byte values.
var probes = []byte{0x00, '\t', 0x1F, ' ', '"', '&', '>', '\\', 'a', 0x80, 0xE2, 0xED}

// stopPositions returns the positions TestStopEverywhere tries for a buffer
// of length n: all of them up to 300 bytes, and for longer buffers the ends
// and the positions around each 32-byte block boundary.
func stopPositions(n int) []int {
	var ps []int
	for p := range n {
		if n <= 300 || p < 70 || p >= n-70 || p%32 < 2 || p%32 == 31 {
			ps = append(ps, p)
		}
	}
	return ps
}

// TestStopEverywhere puts each probe byte at every position of every test
// length, over each filler.
func TestStopEverywhere(t *testing.T) {
	ns := testLengths()
	if testing.Short() || raceEnabled {
		ns = slices.DeleteFunc(ns, func(n int) bool { return n > 70 && n%32 > 1 && n%32 < 31 })
	}
	if raceEnabled { // ten times slower: the race run checks the annotations
		ns = slices.DeleteFunc(ns, func(n int) bool { return n > 130 })
	}
	for _, f := range fillers {
		for _, n := range ns {
			base := f.fill(n)
			if !check(t, base) {
				return
			}
			b := slices.Clone(base)
			for _, p := range stopPositions(n) {
				for _, v := range probes {
					b[p] = v
					if !check(t, b) {
						t.Fatalf("filler %s, byte %#x at %d", f.name, v, p)
					}
				}
				b[p] = base[p]
			}
		}
	}
}

// TestEveryByteEveryPosition tries all 256 byte values at each position of
// a 70-byte buffer (two AVX2 blocks and a tail), alone and as a pair.
func TestEveryByteEveryPosition(t *testing.T) {
	for _, f := range fillers {
		base := f.fill(70)
		b := slices.Clone(base)
		for p := range b {
			for v := range 256 {
				b[p] = byte(v)
				if !check(t, b) {
					t.Fatalf("filler %s, byte %#x at %d", f.name, v, p)
				}
				if p+1 < len(b) { // a second byte for UTF-8 pairs
					b[p+1] = 0x80 | byte(v)&0x3F
					if !check(t, b) {
						t.Fatalf("filler %s, bytes %x at %d", f.name, b[p:p+2], p)
					}
					b[p+1] = base[p+1]
				}
			}
			b[p] = base[p]
		}
	}
}

// TestRandom checks random buffers drawn from alphabets that make long
// clean runs likely, so that stops land deep inside the vector loops.
func TestRandom(t *testing.T) {
	alphabets := []string{
		"abc",
		"abc\"\\\x01",
		"abcdefgh\"é",
		" \t\n\r",
		" \t\n\rx",
		"ab<>&",
		"aé€𝄞",
		"aé€𝄞\x80\xC0\xED\xF4\xF5",
		string(func() []byte {
			b := make([]byte, 256)
			for i := range b {
				b[i] = byte(i)
			}
			return b
		}()),
	}
	r := rand.New(rand.NewPCG(1, 2))
	iters := 20000
	if testing.Short() || raceEnabled {
		iters = 2000
	}
	for range iters {
		a := alphabets[r.IntN(len(alphabets))]
		n := r.IntN(600)
		if r.IntN(10) == 0 {
			n = r.IntN(5000)
		}
		b := make([]byte, 0, n+4)
		for len(b) < n {
			if r.IntN(8) == 0 { // a run of one character
				c := a[r.IntN(len(a))]
				for range r.IntN(100) {
					b = append(b, c)
				}
			} else {
				b = append(b, a[r.IntN(len(a))])
			}
		}
		if !check(t, b) {
			return
		}
	}
}

// utf8Cases are short byte sequences, valid or not, for TestUTF8Sequences.
var utf8Cases = []struct {
	s     string
	valid bool
}{
	{"\x7F", true},
	{"\xC2\x80", true},         // U+0080
	{"\xDF\xBF", true},         // U+07FF
	{"\xE0\xA0\x80", true},     // U+0800
	{"\xED\x9F\xBF", true},     // U+D7FF
	{"\xEE\x80\x80", true},     // U+E000
	{"\xEF\xBF\xBF", true},     // U+FFFF
	{"\xF0\x90\x80\x80", true}, // U+10000
	{"\xF4\x8F\xBF\xBF", true}, // U+10FFFF
	{"\xF3\xBF\xBF\xBF", true},
	{"\x80", false}, // lone continuation bytes
	{"\xBF", false},
	{"\xC2\x80\x80", false}, // one continuation too many
	{"\xE2\x82\xAC\x80", false},
	{"\xF0\x90\x80\x80\x80", false},
	{"\xC2", false}, // truncated
	{"\xE2\x82", false},
	{"\xE2", false},
	{"\xF0\x90\x80", false},
	{"\xF0\x90", false},
	{"\xF0", false},
	{"\xC2\x41", false}, // lead followed by ASCII
	{"\xE2\x41\x80", false},
	{"\xE2\x82\x41", false},
	{"\xF0\x90\x80\x41", false},
	{"\xC0\x80", false}, // overlong
	{"\xC1\xBF", false},
	{"\xE0\x80\x80", false},
	{"\xE0\x9F\xBF", false},
	{"\xF0\x80\x80\x80", false},
	{"\xF0\x8F\xBF\xBF", false},
	{"\xED\xA0\x80", false}, // surrogates
	{"\xED\xBF\xBF", false},
	{"\xED\xAF\xBF\xED\xB0\x80", false},
	{"\xF4\x90\x80\x80", false}, // above U+10FFFF
	{"\xF5\x80\x80\x80", false},
	{"\xF7\xBF\xBF\xBF", false},
	{"\xF8\x88\x80\x80\x80", false},
	{"\xFC\x84\x80\x80\x80\x80", false},
	{"\xFE", false},
	{"\xFF", false},
	{"\xC2\xC2\x80", false},
}

// TestUTF8Sequences places each case at every offset of ASCII and of
// multi-byte backgrounds of several lengths, including right at the end
// (where a truncated sequence must be caught by the tail handling).
func TestUTF8Sequences(t *testing.T) {
	forEachImpl(t, func(t *testing.T) {
		for _, c := range utf8Cases {
			if refValidUTF8([]byte(c.s)) != c.valid {
				t.Fatalf("reference is wrong about %x", c.s)
			}
			for _, f := range []string{"letters", "utf8"} {
				for _, n := range []int{0, 1, 30, 31, 32, 33, 62, 63, 64, 65, 96, 127, 128, 129, 200} {
					bg := fillers[slices.IndexFunc(fillers, func(x struct {
						name string
						fill func(int) []byte
					}) bool {
						return x.name == f
					})].fill(n)
					if !utf8.Valid(bg) { // keep the background valid
						bg = bytes.ToValidUTF8(bg, []byte("?"))
					}
					for p := 0; p <= len(bg); p++ {
						b := slices.Concat(bg[:p], []byte(c.s), bg[p:])
						if !utf8.Valid(bg[:p]) || !utf8.Valid(bg[p:]) {
							continue // p splits a character of the background
						}
						if got := ValidUTF8(b); got != c.valid {
							t.Fatalf("ValidUTF8 [%s] = %v for %x at %d; %s", Implementation, got, c.s, p, show(b))
						}
					}
				}
			}
		}
	})
}

func TestImplementations(t *testing.T) {
	names := Implementations()
	if len(names) == 0 || names[0] != "generic" {
		t.Fatalf("Implementations() = %q, want generic first", names)
	}
	if !slices.Contains(names, Implementation) {
		t.Errorf("Implementation %q not in %q", Implementation, names)
	}
	if len(names) > 1 && Implementation == "generic" {
		t.Errorf("Implementation = generic, but %q are available", names)
	}
	for _, name := range names {
		restore := SetImplementation(name)
		if Implementation != name {
			t.Errorf("after SetImplementation(%q), Implementation = %q", name, Implementation)
		}
		restore()
	}
	defer func() {
		if recover() == nil {
			t.Error("SetImplementation(\"no such\") did not panic")
		}
	}()
	SetImplementation("no such")
}

func TestIsSpace(t *testing.T) {
	for c := range 256 {
		want := c == ' ' || c == '\t' || c == '\n' || c == '\r'
		if IsSpace(byte(c)) != want {
			t.Errorf("IsSpace(%#x) = %v", c, !want)
		}
	}
}

// fuzzInputs returns b as given and behind a stop-free prefix long enough
// to reach the assembly kernels even for short fuzz inputs.
func fuzzInputs(b []byte, pad string) [][]byte {
	return [][]byte{b, append(bytes.Repeat([]byte(pad), 67), b...)}
}

func FuzzSkipSpace(f *testing.F) {
	f.Add([]byte("  \n\t\r  x"), uint(0))
	f.Add(bytes.Repeat([]byte(" "), 100), uint(3))
	f.Fuzz(func(t *testing.T, data []byte, i uint) {
		for _, b := range fuzzInputs(data, " \n") {
			i := int(i % uint(len(b)+1))
			want := refSkipSpace(b, i)
			for _, name := range Implementations() {
				restore := SetImplementation(name)
				got := SkipSpace(b, i)
				restore()
				if got != want {
					t.Fatalf("SkipSpace [%s] = %d, want %d; %s", name, got, want, show(b))
				}
			}
		}
	})
}

func FuzzStringRun(f *testing.F) {
	f.Add([]byte(`hello, "world"`))
	f.Add([]byte("caf\xc3\xa9 \\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, b := range fuzzInputs(data, "a") {
			wn, wa := refStringRun(b)
			for _, name := range Implementations() {
				restore := SetImplementation(name)
				n, a := StringRun(b)
				restore()
				if n != wn || a != wa {
					t.Fatalf("StringRun [%s] = %d, %v, want %d, %v; %s", name, n, a, wn, wa, show(b))
				}
			}
		}
	})
}

func FuzzEscapeRun(f *testing.F) {
	f.Add([]byte(`<a href="x">&amp;</a>`), true)
	f.Add([]byte("plain \x7f text\n"), false)
	f.Fuzz(func(t *testing.T, data []byte, html bool) {
		for _, b := range fuzzInputs(data, "a") {
			want := refEscapeRun(b, html)
			for _, name := range Implementations() {
				restore := SetImplementation(name)
				got := EscapeRun(b, html)
				restore()
				if got != want {
					t.Fatalf("EscapeRun(b, %v) [%s] = %d, want %d; %s", html, name, got, want, show(b))
				}
			}
		}
	})
}

func FuzzValidUTF8(f *testing.F) {
	for _, c := range utf8Cases {
		f.Add([]byte(c.s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, b := range fuzzInputs(data, "é") {
			want := utf8.Valid(b)
			for _, name := range Implementations() {
				restore := SetImplementation(name)
				got := ValidUTF8(b)
				restore()
				if got != want {
					t.Fatalf("ValidUTF8 [%s] = %v, want %v; %s", name, got, want, show(b))
				}
			}
		}
	})
}
