package celer

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/internal/errs"
)

// elemRun is what an Elements loop yielded: values and error texts, in
// order.
type elemRun[T any] struct {
	vals []T
	errs []string
	se   []errs.SyntaxError // the syntax errors, without their quotes
}

func runElements[T any](r io.Reader, fast bool, o ...Options) elemRun[T] {
	var out elemRun[T]
	for v, err := range elements[T](r, fast, o) {
		out.vals = append(out.vals, v)
		msg := ""
		if err != nil {
			msg = err.Error()
			var se *errs.SyntaxError
			if errors.As(err, &se) {
				c := *se
				c.Quote, c.Err = "", nil
				out.se = append(out.se, c)
				msg = se.Err.Error()
			}
		}
		out.errs = append(out.errs, msg)
		if len(out.vals) > 1<<16 {
			break
		}
	}
	return out
}

// readers returns ways of reading data: whole, a byte at a time, in
// chunks of an odd size, and in chunks longer than the first buffer.
func readers(data []byte) map[string]func() io.Reader {
	return map[string]func() io.Reader{
		"whole":  func() io.Reader { return bytes.NewReader(data) },
		"byte":   func() io.Reader { return iotest.OneByteReader(bytes.NewReader(data)) },
		"chunk7": func() io.Reader { return &chunkReader{data: data, n: 7} },
		"chunk":  func() io.Reader { return &chunkReader{data: data, n: elemBufSize + 13} },
		"errEnd": func() io.Reader { return &chunkReader{data: data, n: 8, err: errElemRead} },
	}
}

var errElemRead = errors.New("read failed")

// chunkReader returns data n bytes at a time, then err (io.EOF if nil).
type chunkReader struct {
	data []byte
	n    int
	err  error
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		if c.err != nil {
			return 0, c.err
		}
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), c.n)], c.data)
	c.data = c.data[n:]
	return n, nil
}

// checkElements compares the fast reader with the stream decoder's on
// data: the same values and the same errors, at the same positions (and
// with the same quotes when both hold the whole input).
func checkElements[T any](t *testing.T, name string, data []byte, o ...Options) {
	t.Helper()
	for rn, r := range readers(data) {
		if rn == "byte" && len(data) > 4<<10 || (rn == "chunk7" || rn == "errEnd") && len(data) > 64<<10 {
			continue
		}
		want := runElements[T](r(), false, o...)
		got := runElements[T](r(), true, o...)
		if !reflect.DeepEqual(got.vals, want.vals) || !reflect.DeepEqual(got.errs, want.errs) || !reflect.DeepEqual(got.se, want.se) {
			t.Fatalf("%s (%s reader), input %.200q:\nfast   %d values, errors %q %+v\nstream %d values, errors %q %+v",
				name, rn, data, len(got.vals), got.errs, got.se, len(want.vals), want.errs, want.se)
		}
		if rn == "whole" && len(data) <= elemBufSize {
			// The fast reader quotes the input around the error from its
			// buffer, which holds all of it here.
			for _, err := range elements[T](bytes.NewReader(data), true, o) {
				var se *errs.SyntaxError
				if errors.As(err, &se) && se.Quote != errs.QuoteAt(data, int(se.Offset)) {
					t.Fatalf("%s: input %.200q: quote %q, want %q", name, data, se.Quote, errs.QuoteAt(data, int(se.Offset)))
				}
			}
		}
	}
}

type elemRec struct {
	TS     float64        `json:"ts"`
	Level  string         `json:"level"`
	Status int            `json:"status"`
	Tags   []string       `json:"tags"`
	Extra  map[string]any `json:"extra"`
	P      *struct{ A, B int }
}

var elemCases = []string{
	``, ` `, "\n\n", `1`, `12`, `1 2`, `truefalse`, `1true`, `"a""b"`, `{}{}`, `nullnull`, `[1][2]`, `1.5e3x`,
	`[1,2]x`, `[1,2]]`, `[1,2,]`, `[{"000000":0.0},]` /* "]" comes with the errEnd reader's error */, `[1 2]`, `[`, `[1`, `[1,`, `[1,2`, `[,1]`, `[]`, ` [ ] `, `[] x`, `[] []`, `[]]`,
	"[{\"a\":1}\n,{\"a\":tru}]", "{\"a\":1}\n{\"a\":[1,2}\n", `{"ts":1,"level":"x","tags":["a"]}`, `{"ts":"1"}`,
	`{"status":1.5} {"status":2}`, `[{"status":1.5},{"status":2}]`, `{"P":{"A":1,"B":2}}`, `{"extra":{"k":[1,{"z":null}]}}`,
	"{\"level\":\"caf\xc3\xa9\"}", "{\"level\":\"x\xffy\"}\n{\"level\":\"ok\"}", "[\"\xff\"]", `"\ud800"`, `"\u00e9\n"`,
	`{"a":1}` + "\n" + `{"a":2,}`, "[1,\n2,\n3\n,\n4]", `-`, `-0`, `01`, `1.`, `1e`, `[1e5,-0.5,1E+2]`, `{"a"`, `{"a":`,
	`nul`, `[nul]`, `[true,fals]`, strings.Repeat("[", 1200) + strings.Repeat("]", 1200),
	"[" + strings.Repeat(`{"level":"a longer string value","tags":["x","y"]},`, 800) + `{}]`,
	strings.Repeat(`{"level":"caf`+"\u00e9"+`","status":7}`+"\n", 900) + `{"status":}`,
	"{\"a\":\"\\udc00\"}\n", "{\"\\ud800\":1}\n", `[{"x":["\ud800"]}]`, `["\ud800\udc00","\udbff"]`, `{"unknown":"\udfff"}`,
	"[1,\n" + strings.Repeat(" ", 70000) + "2]", "[" + strings.Repeat("\n", 70000) + "1]", "[1 ,\n\t2 , 3 ]",
	`[1,2] x`, `[1] [`, `[1,{"a":[1,2,{"b":tru}]}]`, "[1,\n2,\n3\n,\n4 5]",
}

func TestElementsFast(t *testing.T) {
	for _, c := range elemCases {
		checkElements[any](t, "any", []byte(c))
		checkElements[elemRec](t, "struct", []byte(c))
		checkElements[int](t, "int", []byte(c))
		checkElements[elemRec](t, "strict", []byte(c), AllowInvalidUTF8(false))
		checkElements[any](t, "strict any", []byte(c), AllowInvalidUTF8(false))
		checkElements[map[string]any](t, "depth", []byte(c), MaxDepth(3))
	}
}

// TestElementsFastCorpus runs the NDJSON files, and arrays made of their
// lines, through both readers, whole and mutated.
func TestElementsFastCorpus(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	for _, f := range celertest.NDJSON(t) {
		data, limit := f.Data, 1<<20
		if testing.Short() || encRaceEnabled {
			limit = 128 << 10
		}
		if len(data) > limit {
			data = data[:bytes.LastIndexByte(data[:limit], '\n')+1]
		}
		lines := bytes.Split(bytes.TrimSpace(data), []byte("\n"))
		array := append(append([]byte("[\n"), bytes.Join(lines, []byte(",\n"))...), "\n]\n"...)
		for _, in := range [][]byte{data, array} {
			checkElements[any](t, f.Name, in)
			checkElements[map[string]any](t, f.Name, in, AllowInvalidUTF8(false))
			small := in[:min(len(in), 1500)]
			for range mutations(30 << 20 / 50) {
				if len(small) == 0 {
					break
				}
				checkElements[any](t, f.Name+" mutated", mutate(rng, small))
			}
		}
	}
}

// TestUTF8Cut checks where the fast reader stops its UTF-8 check on input
// that ends inside a character: at that character's first byte.
func TestUTF8Cut(t *testing.T) {
	b := []byte("a\u00e9\u20ac\U0001F600z\u00e9")
	for i := 0; i <= len(b); i++ {
		want := i
		j := i - 1
		for j > 0 && !utf8.RuneStart(b[j]) {
			j--
		}
		if j >= 0 && !utf8.FullRune(b[j:i]) {
			want = j
		}
		if got := utf8Cut(b, 0, i); got != want {
			t.Errorf("utf8Cut(%q) = %d, want %d", b[:i], got, want)
		}
	}
}

// FuzzElements compares the fast reader with the stream decoder's on
// arbitrary input, read whole and in chunks of 7 bytes.
func FuzzElements(f *testing.F) {
	for _, c := range elemCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4<<10 {
			return
		}
		checkElements[any](t, "any", data)
		checkElements[elemRec](t, "struct", data)
	})
}

// TestElementsSpaceMemory checks that whitespace inside a top-level array
// is not kept: memory stays bounded by the largest element.
func TestElementsSpaceMemory(t *testing.T) {
	for _, in := range []string{"[1," + strings.Repeat(" ", 8<<20) + "2]", "[" + strings.Repeat("\n", 8<<20) + "1]"} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		n := 0
		for _, err := range Elements[int](strings.NewReader(in)) {
			if err != nil {
				t.Fatal(err)
			}
			n++
		}
		runtime.ReadMemStats(&after)
		if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
			t.Errorf("%d elements after %d bytes of whitespace: %d bytes allocated", n, len(in), got)
		}
	}
}
