package stream_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/stream"
)

// entryPoints returns, by name, every single-document entry point run on
// data; each returns nil when it accepts.
func entryPoints(data []byte, o ...stream.Options) map[string]func() error {
	return map[string]func() error{
		"Validate":              func() error { return stream.Validate(data, o...) },
		"ValidateReader(bytes)": func() error { return stream.ValidateReader(bytes.NewReader(data), o...) },
		"ValidateReader(7)": func() error {
			return stream.ValidateReader(&celertest.ChunkReader{Data: data, Sizes: []int{7}}, o...)
		},
		"Decoder tokens": func() error { _, err := decodeOne(stream.NewDecoderBytes(data, o...)); return err },
		"Decoder tokens (chunks)": func() error {
			_, err := decodeOne(stream.NewDecoder(&celertest.ChunkReader{Data: data, Sizes: []int{1, 4096}}, o...))
			return err
		},
		"ReadValue": func() error {
			d := stream.NewDecoderBytes(data, o...)
			_, err := d.ReadValue()
			return thenEOF(d, err)
		},
		"SkipValue": func() error {
			d := stream.NewDecoder(bytes.NewReader(data), o...)
			return thenEOF(d, d.SkipValue())
		},
		"AppendCompact": func() error { _, err := stream.AppendCompact(nil, data, o...); return err },
		"Valid": func() error {
			if !stream.Valid(data, o...) {
				return errors.New("Valid = false")
			}
			return nil
		},
	}
}

// thenEOF requires the end of input after a value read without error.
func thenEOF(d *stream.Decoder, err error) error {
	if err != nil {
		return err
	}
	switch _, err := d.ReadToken(); err {
	case io.EOF:
		return nil
	case nil:
		return errors.New("a second value")
	default:
		return err
	}
}

// verdicts runs data through every entry point and returns each one's
// error (nil: accepted), by name.
func verdicts(data []byte, o ...stream.Options) map[string]error {
	m := map[string]error{}
	for name, fn := range entryPoints(data, o...) {
		m[name] = fn()
	}
	return m
}

// expectAll checks that every entry point accepts data (sentinel nil) or
// rejects it with an error wrapping sentinel.
func expectAll(t *testing.T, what string, data []byte, sentinel error, o ...stream.Options) {
	t.Helper()
	expectVerdicts(t, what, verdicts(data, o...), sentinel)
}

func expectVerdicts(t *testing.T, what string, verdicts map[string]error, sentinel error) {
	t.Helper()
	for name, err := range verdicts {
		switch {
		case sentinel == nil && err != nil:
			t.Errorf("%s: %s rejects: %.200v", what, name, err)
		case sentinel != nil && err == nil:
			t.Errorf("%s: %s accepts, want %v", what, name, sentinel)
		case sentinel != nil && name != "Valid" && !errors.Is(err, sentinel):
			t.Errorf("%s: %s: %.200v; want %v", what, name, err, sentinel)
		}
	}
}

func nested(open, close string, n int, mid string) []byte {
	return []byte(strings.Repeat(open, n) + mid + strings.Repeat(close, n))
}

func TestMaxDepthDefault(t *testing.T) {
	expectAll(t, "10000 arrays", nested("[", "]", 10000, ""), nil)
	expectAll(t, "10001 arrays", nested("[", "]", 10001, ""), stream.ErrDepth)
	expectAll(t, "10000 objects", nested(`{"":`, "}", 10000, "0"), nil)
	expectAll(t, "10001 objects", nested(`{"":`, "}", 10001, "0"), stream.ErrDepth)
	expectAll(t, "10000 mixed", nested(`[{"a":`, "}]", 5000, "[]"), stream.ErrDepth) // 10001 with the inner []
	expectAll(t, "10000 mixed", nested(`[{"a":`, "}]", 5000, "1"), nil)

	se := syntaxErr(t, "10001", stream.Validate(nested("[", "]", 10001, "")))
	if se != nil && (se.Offset != 10000 || se.Column != 10001) {
		t.Errorf("10001 arrays: offset %d column %d, want the 10001st '[' (offset 10000)", se.Offset, se.Column)
	}
	// MaxDepth(0) and negative values restore the default.
	expectAll(t, "MaxDepth(0)", nested("[", "]", 10000, ""), nil, stream.MaxDepth(0))
	expectAll(t, "MaxDepth(-1)", nested("[", "]", 10001, ""), stream.ErrDepth, stream.MaxDepth(-1))
}

func TestMaxDepthCustom(t *testing.T) {
	o := stream.MaxDepth(3)
	expectAll(t, "3 deep", []byte(`[{"a":[1]}]`), nil, o)
	expectAll(t, "4 deep", []byte(`[{"a":[[]]}]`), stream.ErrDepth, o)
	expectAll(t, "4 deep, later", []byte(`[1,{"a":[2]},{"b":[3,[4]]}]`), stream.ErrDepth, o)
	expectAll(t, "scalars", []byte(`1`), nil, stream.MaxDepth(1))
	expectAll(t, "1 deep", []byte(`[]`), nil, stream.MaxDepth(1))
	expectAll(t, "2 deep", []byte(`[[]]`), stream.ErrDepth, stream.MaxDepth(1))

	// ReadValue of an inner value counts the depth already open.
	for name, d := range decoders([]byte(`[[ [[1]], [2] ]]`), o) {
		d.ReadToken()
		d.ReadToken()
		if _, err := d.ReadValue(); !errors.Is(err, stream.ErrDepth) {
			t.Errorf("%s: ReadValue at depth 2 of a 2-deep value with MaxDepth(3): %v", name, err)
		}
	}
	for name, d := range decoders([]byte(`[[ [2], [[1]] ]]`), o) {
		d.ReadToken()
		d.ReadToken()
		if v, err := d.ReadValue(); err != nil || string(v) != "[2]" {
			t.Errorf("%s: ReadValue = %q, %v", name, v, err)
		}
		if err := d.SkipValue(); !errors.Is(err, stream.ErrDepth) {
			t.Errorf("%s: SkipValue at depth 2 of a 2-deep value with MaxDepth(3): %v", name, err)
		}
	}
}

func TestMaxBytes(t *testing.T) {
	doc := []byte(`{"a":[1,2,3]}`) // 13 bytes
	expectAll(t, "MaxBytes(13)", doc, nil, stream.MaxBytes(13))
	expectAll(t, "MaxBytes(12)", doc, stream.ErrLimit, stream.MaxBytes(12))
	expectAll(t, "MaxBytes(1)", doc, stream.ErrLimit, stream.MaxBytes(1))
	expectAll(t, "MaxBytes(0) is no limit", doc, nil, stream.MaxBytes(0))
	expectAll(t, "trailing space counts", append(doc, ' '), stream.ErrLimit, stream.MaxBytes(13))

	// An endless stream stops soon after the limit.
	cr := &countingReader{r: endless("[1", ",1")}
	err := stream.ValidateReader(cr, stream.MaxBytes(1<<20))
	if !errors.Is(err, stream.ErrLimit) {
		t.Errorf("endless array: %v, want ErrLimit", err)
	}
	if cr.n > 2<<20 {
		t.Errorf("endless array: read %d bytes with MaxBytes(1 MiB)", cr.n)
	}
}

// endless returns head followed by body repeated forever.
func endless(head, body string) io.Reader {
	return io.MultiReader(strings.NewReader(head), &repeatReader{s: body})
}

type repeatReader struct {
	s   string
	off int
	lim int64 // stop after this many bytes when > 0
	n   int64
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.lim > 0 && r.n >= r.lim {
		return 0, io.EOF
	}
	if r.lim > 0 && int64(len(p)) > r.lim-r.n {
		p = p[:r.lim-r.n]
	}
	n := 0
	for n < len(p) {
		k := copy(p[n:], r.s[r.off:])
		n += k
		r.off = (r.off + k) % len(r.s)
	}
	r.n += int64(n)
	return n, nil
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func TestMaxTokenBytesBoundary(t *testing.T) {
	for _, tok := range []string{`"` + strings.Repeat("x", 98) + `"`, "-" + strings.Repeat("1", 99), `"` + strings.Repeat(`\n`, 49) + `"`} {
		if len(tok) != 100 {
			t.Fatal(len(tok))
		}
		// A top-level token, through every entry point.
		expectAll(t, "100-byte token, limit 100", []byte(tok), nil, stream.MaxTokenBytes(100))
		expectAll(t, "100-byte token, limit 99", []byte(tok), stream.ErrLimit, stream.MaxTokenBytes(99))
		docs := []string{"[" + tok + "]", `{"k":` + tok + "}", "[1,[[" + tok + "]]]"}
		if tok[0] == '"' {
			docs = append(docs, `{`+tok+`:1}`)
		}
		// Inside containers, token by token (every entry point:
		// TestMaxTokenBytesInsideContainers).
		for _, doc := range docs {
			for name, d := range decoders([]byte(doc), stream.MaxTokenBytes(100)) {
				if _, err := allTokens(d); err != nil {
					t.Errorf("%s %s: limit 100: %v", doc, name, err)
				}
			}
			for name, d := range decoders([]byte(doc), stream.MaxTokenBytes(99)) {
				if _, err := allTokens(d); !errors.Is(err, stream.ErrLimit) {
					t.Errorf("%s %s: limit 99: %v, want ErrLimit", doc, name, err)
				}
			}
		}
	}
}

// TestMaxTokenBytesHugeString feeds a 100 MB string token: the Decoder
// must stop with ErrLimit soon after the limit, without buffering it.
func TestMaxTokenBytesHugeString(t *testing.T) {
	const size = 100 << 20
	mk := func() *countingReader {
		return &countingReader{r: io.MultiReader(strings.NewReader(`["`), &repeatReader{s: "abcdefgh", lim: size}, strings.NewReader(`"]`))}
	}
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := ms.TotalAlloc

	cr := mk()
	d := stream.NewDecoder(cr, stream.MaxTokenBytes(1<<20))
	d.ReadToken()
	_, err := d.ReadToken()
	if !errors.Is(err, stream.ErrLimit) {
		t.Fatalf("ReadToken: %v, want ErrLimit", err)
	}
	if cr.n > 8<<20 {
		t.Errorf("read %d bytes before failing on a 1 MiB token limit", cr.n)
	}
	cr = mk()
	if err := stream.ValidateReader(cr, stream.MaxTokenBytes(1<<20)); !errors.Is(err, stream.ErrLimit) || cr.n > 8<<20 {
		t.Errorf("ValidateReader: %v after %d bytes, want ErrLimit within 8 MiB", err, cr.n)
	}
	cr = mk()
	if err := stream.NewDecoder(cr, stream.MaxTokenBytes(1<<20)).SkipValue(); !errors.Is(err, stream.ErrLimit) || cr.n > 8<<20 {
		t.Errorf("SkipValue: %v after %d bytes, want ErrLimit within 8 MiB", err, cr.n)
	}
	runtime.ReadMemStats(&ms)
	if allocated := ms.TotalAlloc - base; allocated > 64<<20 {
		t.Errorf("allocated %d bytes in all", allocated)
	}
}

// dupCases: off is the offset of the repeated name, -1 when there is none.
var dupCases = []struct {
	in  string
	off int64
	ptr string
}{
	{`{"a":1,"a":2}`, 7, "/a"},
	{`{"a":1,"\u0061":2}`, 7, "/a"},
	{`{"\u0061":1,"a":2}`, 12, "/a"},
	{`{"😀":1,"\ud83d\ude00":2}`, 10, "/😀"},
	{`{"a\/b":1,"a/b":2}`, 10, "/a~1b"},
	{`{"":1,"":2}`, 6, "/"},
	{`{"a":{"b":1,"b":2}}`, 12, "/a/b"},
	{`{"a":{"a":1},"a":2}`, 13, "/a"},
	{`[{"x":[]},{"y":1,"z":2,"y":3}]`, 23, "/1/y"},
	{`{"a":1,"b":{"a":2}}`, -1, ""},
	{`[{"a":1},{"a":1}]`, -1, ""},
	{`{"a":{"x":1},"b":{"x":1}}`, -1, ""},
	{`{"a":1,"A":2}`, -1, ""},
	{`{"a":1,"a ":2,"\u00e9":3,"é":4}`, 25, "/é"},
	{`{"\u00e9":1,"e\u0301":2}`, -1, ""}, // no Unicode normalization
}

func TestRejectDuplicateNames(t *testing.T) {
	o := stream.RejectDuplicateNames(true)
	for _, c := range dupCases {
		if c.off < 0 {
			expectAll(t, c.in, []byte(c.in), nil, o)
			continue
		}
		expectAll(t, c.in, []byte(c.in), stream.ErrDuplicateName, o)
		expectAll(t, c.in+" (allowed)", []byte(c.in), nil)
		expectAll(t, c.in+" (allowed, off)", []byte(c.in), nil, stream.RejectDuplicateNames(false))
		for name, d := range decoders([]byte(c.in), o) {
			_, err := allTokens(d)
			if se := syntaxErr(t, name, err); se != nil && (se.Offset != c.off || se.Pointer != c.ptr) {
				t.Errorf("%s %s: duplicate at offset %d pointer %q; want %d %q", c.in, name, se.Offset, se.Pointer, c.off, c.ptr)
			}
		}
	}
	var sb strings.Builder
	sb.WriteString("{")
	for i := range 2000 {
		if i > 0 {
			sb.WriteString(",")
		}
		sb.WriteString(`"k` + strings.Repeat("x", i%7) + string(rune('a'+i/7%26)) + string(rune('a'+i/182)) + `":0`)
	}
	expectAll(t, "2000 distinct names", []byte(sb.String()+"}"), nil, o)
	expectAll(t, "2000 names and a repeat", []byte(sb.String()+`,"kxxxa\u0062":1}`), stream.ErrDuplicateName, o)
}

// TestDeepNestingMillion reads a million levels of nesting with every
// reader. Work quadratic in the depth would take hours here and trip the
// test binary's timeout; the test itself times nothing (a wall-clock
// bound failed under load with linear work).
func TestDeepNestingMillion(t *testing.T) {
	n := 1_000_000
	switch {
	case raceEnabled:
		n = 20_000 // (the race detector slows scanning ten-fold; still twice the default MaxDepth)
	case testing.Short():
		n = 100_000
	}
	for _, c := range []struct {
		name     string
		data     []byte
		o        []stream.Options
		sentinel error
	}{
		{"n [", []byte(strings.Repeat("[", n)), nil, stream.ErrDepth},
		{"n {\"a\":", []byte(strings.Repeat(`{"a":`, n)), nil, stream.ErrDepth},
		{"n [ and ], MaxDepth 2n", nested("[", "]", n, ""), []stream.Options{stream.MaxDepth(2 * n)}, nil},
		{"n [, MaxDepth 2n", []byte(strings.Repeat("[", n)), []stream.Options{stream.MaxDepth(2 * n)}, stream.ErrUnexpectedEOF},
		{"n/2 [{\"\":, MaxDepth 2n", nested(`[{"":`, "}]", n/2, "0"), []stream.Options{stream.MaxDepth(2 * n)}, nil},
	} {
		expectAll(t, c.name, c.data, c.sentinel, c.o...)
	}
}

// truncationDocs are single values without trailing space: every proper
// prefix of one can be completed, so it can only fail with an unexpected
// end of input.
func truncationDocs(t *testing.T) [][]byte {
	docs := [][]byte{
		[]byte(`{"a":[1,-2.5e+10,true,false,null,"x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"],"é😀":{"":[]},"n":-0.0E-7}`),
		[]byte(`[[[{}]],"\u0041\u20ac",  1e3 , 0, {"k" : "v"}	]`),
		[]byte(`"só\ud834\udd1e\\u"`),
		[]byte(`-123.456e-78`),
		celertest.CorpusFile(t, "mormot-json-performance/glossary.json"),
	}
	for i := range docs {
		docs[i] = bytes.TrimRight(docs[i], " \t\r\n")
	}
	return docs
}

func TestTruncatedEverywhere(t *testing.T) {
	for _, doc := range truncationDocs(t) {
		if !stream.Valid(doc) {
			t.Fatalf("not valid: %q", doc)
		}
		for n := 0; n < len(doc); n++ {
			p := doc[:n]
			if isNumberPrefix(p) {
				continue // "-12" is valid on its own
			}
			for _, o := range [][]stream.Options{nil, {lenient}} {
				if stream.Valid(p, o...) {
					t.Errorf("Valid(%q) = true", p)
				}
				for name, err := range verdicts(p, o...) {
					if name == "Valid" || n == 0 && (strings.HasPrefix(name, "Decoder") || strings.HasSuffix(name, "Value")) {
						continue // an empty stream of values is fine
					}
					if !errors.Is(err, stream.ErrUnexpectedEOF) {
						t.Errorf("%s(%q): %v, want ErrUnexpectedEOF", name, p, err)
					}
				}
				// Streaming errors are at the end of the input.
				err := stream.ValidateReader(&celertest.ChunkReader{Data: p, Sizes: []int{3}}, o...)
				if se := syntaxErr(t, "ValidateReader", err); se != nil && se.Offset != int64(n) {
					t.Errorf("ValidateReader(%q): offset %d, want %d", p, se.Offset, n)
				}
			}
		}
	}
}

// isNumberPrefix reports whether p is a whole valid number (a prefix of a
// top-level number document).
func isNumberPrefix(p []byte) bool {
	var n json.Number
	return len(p) > 0 && (p[0] == '-' || p[0] >= '0' && p[0] <= '9') && json.Unmarshal(p, &n) == nil
}

// TestCorruptedEverywhere overwrites each byte of the documents with a
// few hostile bytes: nothing panics, strict and lenient verdicts agree
// across entry points, and lenient agrees with encoding/json.
func TestCorruptedEverywhere(t *testing.T) {
	for _, doc := range truncationDocs(t) {
		if len(doc) > 2000 {
			doc = doc[:0:0] // the corpus file: truncations are enough
		}
		for i := range doc {
			for j, c := range []byte{'x', 0, '"', '\\', '}', ']', ',', 0xff, 0xc3, '-'} {
				if raceEnabled && (i+j)%5 != 0 {
					continue // the race pass tries each byte at every fifth position
				}
				m := bytes.Clone(doc)
				m[i] = c
				for _, o := range [][]stream.Options{nil, {lenient}} {
					valid := stream.Valid(m, o...)
					if o != nil && valid != json.Valid(m) {
						t.Errorf("Valid(%q, lenient) = %v, encoding/json %v", m, valid, !valid)
					}
					for name, err := range verdicts(m, o...) {
						if (err == nil) != valid {
							t.Errorf("%s(%q) = %v, Valid = %v", name, m, err, valid)
						}
						if err != nil && name != "Valid" && !strings.HasPrefix(err.Error(), "a second value") &&
							!errors.Is(err, stream.ErrSyntax) && !errors.Is(err, stream.ErrUnexpectedEOF) && !errors.Is(err, stream.ErrInvalidUTF8) {
							t.Errorf("%s(%q): %v wraps no expected sentinel", name, m, err)
						}
					}
				}
			}
		}
	}
}

func TestAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's instrumentation allocates")
	}
	data := celertest.CorpusFile(t, "nativejson-benchmark/twitter.json")
	small := []byte(`{"a":[1,2.5,"x\n\u00e9"],"b":{"c":null,"d":[true,false]}}`)
	check := func(name string, want float64, fn func()) {
		t.Helper()
		if got := testing.AllocsPerRun(20, fn); got > want {
			t.Errorf("%s: %v allocations per run, want at most %v", name, got, want)
		}
	}
	check("Valid", 0, func() { stream.Valid(data) })
	check("Valid(lenient)", 0, func() { stream.Valid(data, lenient) })
	check("Validate", 0, func() { stream.Validate(data) })
	deep := nested("[", "]", 1000, "")
	check("Valid(depth 1000)", 0, func() { stream.Valid(deep) })

	d := stream.NewDecoderBytes(data)
	tokens := 0
	check("tokens from bytes", 0, func() {
		d.ResetBytes(data)
		tokens = 0
		for {
			if _, err := d.ReadToken(); err != nil {
				break
			}
			tokens++
		}
	})
	if tokens < 10000 {
		t.Errorf("only %d tokens read", tokens)
	}
	// From a reader, refills may allocate a little (names of open objects
	// are copied out of the buffer), but never per token.
	br := bytes.NewReader(data)
	dr := stream.NewDecoder(br)
	readAll := func() {
		br.Reset(data)
		dr.Reset(br)
		for {
			if _, err := dr.ReadToken(); err != nil {
				break
			}
		}
	}
	readAll()
	if got, budget := testing.AllocsPerRun(5, readAll), float64(4*(len(data)>>14+1)); got > budget {
		t.Errorf("tokens from a reader (warm): %v allocations for %d tokens, want at most %v (4 per 16 KiB read)", got, tokens, budget)
	}
	check("ReadValue/SkipValue", 0, func() {
		d.ResetBytes(data)
		d.ReadToken()
		for d.PeekKind() == stream.KindString {
			d.ReadToken()
			d.ReadValue()
		}
		d.ResetBytes(data)
		d.SkipValue()
	})
	dst := make([]byte, 0, 2*len(data)+1<<16)
	check("AppendCompact", 0, func() { stream.AppendCompact(dst, data) })
	// Indenting may keep a small table of indents: a constant, whatever
	// the input's size.
	check("AppendIndent", 8, func() { stream.AppendIndent(dst, data, "", "  ") })
	check("AppendIndent(small)", 0, func() { stream.AppendIndent(dst, small, "", "  ") })
	check("AppendCompact(small)", 0, func() { stream.AppendCompact(dst, small) })
}

// Regression tests: these were bugs when first written.

// Was a bug: MaxTokenBytes is not enforced inside arrays and objects by the
// whole-value paths (Valid, Validate, ValidateReader, ReadValue,
// SkipValue, AppendCompact) when the value is buffered; only reading
// token by token checks it. Minimal: Valid(`["xxxx"]`, MaxTokenBytes(3))
// is true, want false (ErrLimit), as Valid(`"xxxx"`, MaxTokenBytes(3)).
func TestMaxTokenBytesInsideContainers(t *testing.T) {
	o := stream.MaxTokenBytes(3)
	for _, in := range []string{`"xxxx"`, `["xxxx"]`, `{"k":12345}`, `{"long":1}`} {
		for name, err := range verdicts([]byte(in), o) {
			if err == nil || name != "Valid" && !errors.Is(err, stream.ErrLimit) {
				t.Errorf("%s(%s, MaxTokenBytes(3)) = %v, want ErrLimit", name, in, err)
			}
		}
	}
}

// Was a bug: with MaxTokenBytes, a streaming ReadValue of a value made of
// small tokens fails with ErrLimit once the value outgrows the read
// buffer, while the same ReadValue from bytes succeeds: the limit is
// documented for "a single token, such as one string or number".
// Minimal: ReadValue of `[1,1,…]` (100 KB) from a bytes.Reader with
// MaxTokenBytes(1000) gives ErrLimit.
func TestStreamingReadValueMaxTokenBytes(t *testing.T) {
	big := []byte("[" + strings.Repeat("1,", 50000) + "1]")
	o := stream.MaxTokenBytes(1000)
	if _, err := stream.NewDecoderBytes(big, o).ReadValue(); err != nil {
		t.Errorf("ReadValue from bytes: %v", err)
	}
	if _, err := stream.NewDecoder(bytes.NewReader(big), o).ReadValue(); err != nil {
		t.Errorf("ReadValue from a reader: %v", err)
	}
}

// Was a bug: with AllowInvalidUTF8 and RejectDuplicateNames, names with
// invalid UTF-8 compare as raw bytes when they have no escapes but after
// replacing invalid bytes with U+FFFD when they have one: the verdict for
// the same pair of names depends on an unrelated escape.
// (encoding/json/jsontext treats both pairs as duplicates.)
// Minimal: {"\xff":1,"\xfe":2} is accepted, {"\xff\n":1,"\xfe\n":2}
// rejected.
func TestDuplicateInvalidUTF8Consistent(t *testing.T) {
	o := []stream.Options{lenient, stream.RejectDuplicateNames(true)}
	plain := stream.Validate([]byte("{\"\xff\":1,\"\xfe\":2}"), o...)
	escaped := stream.Validate([]byte("{\"\xff\\n\":1,\"\xfe\\n\":2}"), o...)
	if (plain == nil) != (escaped == nil) {
		t.Errorf("plain names: %v; with an escape: %v", plain, escaped)
	}
}
