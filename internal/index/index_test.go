package index

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/celerjson/celer/internal/celertest"
)

// result is everything Index and its Builder report for one input.
type result struct {
	idx     []uint32
	bad     bool
	sur     bool
	compact []byte // from IndexCompact, after "prefix"; junk when bad
}

func (r result) String() string {
	return fmt.Sprintf("bad=%v sur=%v idx=%v compact=%q", r.bad, r.sur, r.idx, r.compact)
}

func (r result) equal(s result) bool {
	return r.bad == s.bad && r.sur == s.sur && slices.Equal(r.idx, s.idx) &&
		(r.bad || bytes.Equal(r.compact, s.compact))
}

// reference is the specification of Index, one byte at a time, kept as
// obvious as possible: it knows nothing of blocks, masks or carries.
func reference(b []byte, strict bool) result {
	var r result
	isHex := func(c byte) bool { return strings.IndexByte("0123456789abcdefABCDEF", c) >= 0 }
	inString, escapeNext, inScalar := false, false, false
	r.compact = []byte("prefix")
	for i, c := range b {
		if inString || strings.IndexByte(" \t\r\n", c) < 0 {
			r.compact = append(r.compact, c)
		}
		escaped := escapeNext
		escapeNext = c == '\\' && !escaped
		if escaped {
			if strings.IndexByte(`"\/bfnrtu`, c) < 0 {
				r.bad = true
			}
			if c == 'u' {
				for k := 1; k <= 4; k++ {
					if i+k >= len(b) || !isHex(b[i+k]) {
						r.bad = true
					}
				}
				if i+2 < len(b) && (b[i+1] == 'd' || b[i+1] == 'D') && strings.IndexByte("89abcdefABCDEF", b[i+2]) >= 0 {
					r.sur = true
				}
			}
		}
		if c == '"' && !escaped {
			r.idx = append(r.idx, uint32(i))
			inString = !inString
			inScalar = false
			continue
		}
		if inString {
			if c < 0x20 {
				r.bad = true
			}
			continue
		}
		switch c {
		case '{', '}', '[', ']', ':', ',':
			r.idx = append(r.idx, uint32(i))
			inScalar = false
		case ' ', '\t', '\n', '\r':
			inScalar = false
		default:
			if !inScalar {
				r.idx = append(r.idx, uint32(i))
			}
			inScalar = true
		}
	}
	if inString || escapeNext {
		r.bad = true
	}
	if strict && !utf8.Valid(b) {
		r.bad = true
	}
	return r
}

// run indexes b in windows of the given size (0: all at once), from a copy
// of each window whose capacity ends with it, and at offset base: once
// with Index and once with IndexCompact, which must find the same.
func run(b []byte, strict bool, window int) result {
	var r result
	for _, compact := range []bool{false, true} {
		var x Builder
		var flags uint
		if strict {
			flags = StrictUTF8
		}
		x.Reset(flags)
		var idx []uint32
		out := []byte("prefix")
		for off := 0; ; off += window {
			final := window == 0 || len(b)-off <= window
			end := len(b)
			if !final {
				end = off + window
			}
			w := bytes.Clone(b[off:end])
			w = w[:len(w):len(w)]
			if compact {
				idx, out = x.IndexCompact(w, uint32(off), final, idx, out)
			} else {
				idx = x.Index(w, uint32(off), final, idx)
			}
			if final {
				break
			}
		}
		if !compact {
			r = result{idx, x.Bad(), x.SurrogateEscape(), nil}
			continue
		}
		if !slices.Equal(idx, r.idx) || x.Bad() != r.bad || x.SurrogateEscape() != r.sur {
			r.idx = append(r.idx, 1<<32-1) // a difference that equal sees
		}
		r.compact = out
	}
	return r
}

// windows are the window sizes every input is indexed with (0: whole).
var windows = []int{0, 64, 128, 192, 320, 4096}

// implementations runs f once per implementation available.
func implementations(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	for _, name := range impls() {
		restore := setImpl(name)
		t.Run(name, f)
		restore()
	}
}

// check compares every implementation and window size with the reference
// on b, in both UTF-8 modes.
func check(t *testing.T, name string, b []byte) {
	t.Helper()
	for _, strict := range []bool{false, true} {
		want := reference(b, strict)
		for _, impl := range impls() {
			restore := setImpl(impl)
			for _, w := range windows {
				if w > len(b)+64 {
					continue
				}
				got := run(b, strict, w)
				if !got.equal(want) {
					restore()
					t.Fatalf("%s (len %d, strict %v, %s, window %d):\ninput %q\ngot  %v\nwant %v",
						name, len(b), strict, impl, w, b, got, want)
				}
			}
			restore()
		}
	}
}

func TestSmall(t *testing.T) {
	for _, s := range []string{
		``, ` `, `1`, `"`, `""`, `"\`, `\`, `"\"`, `"\""`, `"\\"`, `"\\\"`, `"\\\\"`,
		`{"a":1,"b":[true,false,null]}`, `[1, 2 ,3 ]`, `  -12.5e+3 `, `"\u00e9"`, `"\u00e"`, `"\u00eg"`,
		`"\uD83D\uDE00"`, `"\udc00"`, `"\ud7ff"`, `"\uDBFF"`, `"\x"`, "\"\x01\"", "\"\t\"", "\x01", "\t\n\r ",
		`tru e`, `"a"b"c"`, `1"a"2`, `\"a`, `a\"`, `"é"`, "\"\xff\"", "\xc3", "\xe2\x82", "\xed\xa0\x80", "\xf4\x90\x80\x80",
		`"\u`, `"\u1`, `"\u12`, `"\u123`, `"\u1234`, `\u12`, `"\/\b\f\n\r\t"`,
	} {
		check(t, "small", []byte(s))
	}
}

// TestBoundaries puts backslash runs, quotes, \u escapes and UTF-8
// sequences across block boundaries.
func TestBoundaries(t *testing.T) {
	items := []string{
		`"`, `\"`, `\\"`, `\\\"`, `\\\\"`, `\\\\\"`, `\u`, `\u1`, `\u12`, `\u123`, `\u1234`, `\uD8`, `\udC`, `\uDE00`,
		`\x`, `\\x`, "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xf4\x8f\xbf\xbf", "\xe0\x80", "\xc3",
		`,`, `1`, `12`, `a`, ` `, "\x01",
	}
	for _, prefix := range []string{"", `"`, `"a`} {
		for _, it := range items {
			for pos := 64 - 10; pos <= 64+4; pos++ {
				for _, total := range []int{pos + len(it), pos + len(it) + 1, 64, 128, 130} {
					if total < pos+len(it) {
						continue
					}
					b := bytes.Repeat([]byte{' '}, total)
					copy(b, prefix)
					if pos < len(prefix) {
						continue
					}
					copy(b[pos:], it)
					check(t, "boundary", b)
					// The same inside a string that closes later.
					if total+2 > pos+len(it) {
						b = append(b, `x"`...)
						check(t, "boundary", b)
					}
				}
			}
		}
	}
	// Long backslash runs that span whole blocks.
	for n := 60; n <= 200; n += 7 {
		for _, lead := range []string{`"`, ` "`, `  "x`} {
			b := []byte(lead + strings.Repeat(`\`, n) + `"1"`)
			check(t, "run", b)
		}
	}
}

// jsonish is the alphabet random JSON-like inputs are drawn from: tokens
// that exercise every class and every error.
var jsonish = []string{
	`{`, `}`, `[`, `]`, `:`, `,`, `"`, `"`, `"`, ` `, ` `, "\n", "\t", "\r", `\`, `\`, `\\`, `\"`,
	`\u`, `\uD83D`, `\uDC00`, `\u00e9`, `\u12`, `\n`, `\x`, `1`, `-2.5e3`, `true`, `null`, `a`, `x`,
	"\x01", "\x1f", "\x7f", "é", "€", "😀", "\xc3", "\x80", "\xe0\x80\x80", "\xed\xa0\x80", "\xff",
	`d`, `D`, `8`, `b`, `F`,
}

func randomJSONish(r *rand.Rand, n int) []byte {
	b := make([]byte, 0, n+8)
	for len(b) < n {
		b = append(b, jsonish[r.IntN(len(jsonish))]...)
	}
	return b[:n]
}

func TestRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	rounds := 12
	if testing.Short() {
		rounds = 3
	}
	for n := 0; n <= 300; n++ {
		for k := 0; k < rounds; k++ {
			check(t, "jsonish", randomJSONish(r, n))
			b := make([]byte, n)
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			check(t, "bytes", b)
		}
	}
}

// raceCut: under the race detector, which slows the generic kernel and
// the reference ten-fold, TestCorpus and TestSuite check the first 64 KiB
// of larger files (sixteen times the largest window; the same code runs
// on the rest). The plain pass checks them whole.
const raceCut = 64 << 10

func TestCorpus(t *testing.T) {
	for _, f := range celertest.CorpusJSON(t) {
		if raceEnabled && len(f.Data) > raceCut {
			check(t, f.Name+" (cut)", f.Data[:raceCut])
			continue
		}
		check(t, f.Name, f.Data)
		if r := reference(f.Data, true); r.bad {
			t.Errorf("%s: reference finds valid JSON bad", f.Name)
		}
	}
}

func TestSuite(t *testing.T) {
	for _, f := range celertest.TestSuite(t) {
		if raceEnabled && len(f.Data) > raceCut {
			check(t, f.Name+" (cut)", f.Data[:raceCut])
			continue
		}
		check(t, f.Name, f.Data)
		// Stage 1 must never reject valid JSON.
		if strings.HasPrefix(f.Name, "y_") && reference(f.Data, true).bad {
			t.Errorf("%s: accepted by the suite, bad for stage 1", f.Name)
		}
	}
}

// TestReuse indexes twice with one Builder and one idx slice.
func TestReuse(t *testing.T) {
	implementations(t, func(t *testing.T) {
		var x Builder
		in := []byte(`{"a": [1, "\u00e9", true]}` + strings.Repeat(" ", 100))
		want := reference(in, true).idx
		idx := make([]uint32, 0, 256)
		for range 3 {
			x.Reset(StrictUTF8)
			idx = x.Index(in, 0, true, idx[:0])
			if !slices.Equal(idx, want) || x.Bad() {
				t.Fatalf("got %v bad=%v, want %v", idx, x.Bad(), want)
			}
		}
		allocs := testing.AllocsPerRun(10, func() {
			x.Reset(StrictUTF8)
			idx = x.Index(in, 0, true, idx[:0])
		})
		if allocs != 0 && !raceEnabled {
			t.Errorf("%v allocations with a reused idx, want 0", allocs)
		}
	})
}

func TestPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"partial": func() {
			var x Builder
			x.Index(make([]byte, 65), 0, false, nil)
		},
		"after final": func() {
			var x Builder
			x.Index(nil, 0, true, nil)
			x.Index(nil, 0, true, nil)
		},
		"4GiB": func() {
			var x Builder
			x.Index(make([]byte, 128), 1<<32-64, false, nil)
		},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

// FuzzIndex checks that every implementation gives the reference's
// answers, on the whole input at once and in windows of w%8 blocks.
func FuzzIndex(f *testing.F) {
	for _, s := range []string{`{"a":[1,2,{"b":"\u00e9\"\\"}]}`, `"\uD83D\uDE00"`, "\"\xe2\x82\xac\"", `[tru, "x\y"]`} {
		f.Add([]byte(s), uint8(1))
	}
	f.Fuzz(func(t *testing.T, b []byte, w uint8) {
		window := 64 * int(w%8)
		for _, strict := range []bool{false, true} {
			want := reference(b, strict)
			for _, impl := range impls() {
				restore := setImpl(impl)
				whole, windowed := run(b, strict, 0), run(b, strict, window)
				restore()
				if !whole.equal(want) || !windowed.equal(want) {
					t.Fatalf("strict %v %s window %d:\ninput %q\nwhole    %v\nwindowed %v\nwant     %v",
						strict, impl, window, b, whole, windowed, want)
				}
			}
		}
	})
}
