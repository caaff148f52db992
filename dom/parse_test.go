package dom_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/stream"
)

// eachKernel runs fn once per kernel implementation (generic, and SIMD
// where the CPU has it).
func eachKernel(t *testing.T, fn func(t *testing.T)) {
	for _, impl := range kernels.Implementations() {
		t.Run(impl, func(t *testing.T) {
			defer kernels.SetImplementation(impl)()
			fn(t)
		})
	}
}

func mustParse(t testing.TB, s string, o ...dom.Options) *dom.Doc {
	t.Helper()
	d, err := dom.Parse([]byte(s), o...)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return d
}

// TestCorpusRoundTrip: every corpus file parses, its compact form equals
// encoding/json.Compact, its indented form equals encoding/json.Indent,
// and a Node copy writes the same bytes.
func TestCorpusRoundTrip(t *testing.T) {
	var p dom.Parser
	for _, f := range celertest.CorpusJSON(t) {
		var want bytes.Buffer
		if err := json.Compact(&want, f.Data); err != nil {
			t.Fatalf("%s: encoding/json.Compact: %v", f.Name, err)
		}
		d, err := dom.Parse(f.Data)
		if err != nil {
			t.Errorf("%s: %v", f.Name, err)
			continue
		}
		if got := d.Root().AppendJSON(nil); !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s: AppendJSON differs from encoding/json.Compact at byte %d", f.Name, firstDiff(got, want.Bytes()))
		}
		var ind bytes.Buffer
		if err := json.Indent(&ind, want.Bytes(), ">", "  "); err != nil {
			t.Fatal(err)
		}
		if got := d.Root().AppendIndent(nil, ">", "  "); !bytes.Equal(got, ind.Bytes()) {
			t.Errorf("%s: AppendIndent differs from encoding/json.Indent at byte %d", f.Name, firstDiff(got, ind.Bytes()))
		}
		if got := dom.FromValue(d.Root()).AppendJSON(nil); !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s: Node AppendJSON differs from encoding/json.Compact at byte %d", f.Name, firstDiff(got, want.Bytes()))
		}
		if got := dom.FromValue(d.Root()).AppendIndent(nil, ">", "  "); !bytes.Equal(got, ind.Bytes()) {
			t.Errorf("%s: Node AppendIndent differs from encoding/json.Indent at byte %d", f.Name, firstDiff(got, ind.Bytes()))
		}
		// A reused Parser gives the same document.
		d2, err := p.Parse(f.Data)
		if err != nil {
			t.Fatalf("%s: Parser.Parse: %v", f.Name, err)
		}
		if got := d2.Root().AppendJSON(nil); !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s: Parser.Parse's AppendJSON differs", f.Name)
		}
		// And so does ParseReader, fed in small chunks.
		d3, err := dom.ParseReader(&celertest.ChunkReader{Data: f.Data, Sizes: []int{1, 7, 4096}})
		if err != nil {
			t.Fatalf("%s: ParseReader: %v", f.Name, err)
		}
		if got := d3.Root().AppendJSON(nil); !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s: ParseReader's AppendJSON differs", f.Name)
		}
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestCorpusTree compares every corpus document, value by value, with
// encoding/json's decoding into interface values.
func TestCorpusTree(t *testing.T) {
	for _, f := range celertest.CorpusJSON(t) {
		dec := json.NewDecoder(bytes.NewReader(f.Data))
		dec.UseNumber()
		var x any
		if err := dec.Decode(&x); err != nil {
			t.Fatalf("%s: encoding/json: %v", f.Name, err)
		}
		d, err := dom.Parse(f.Data)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if msg := sameTree(d.Root(), x, ""); msg != "" {
			t.Errorf("%s: %s", f.Name, msg)
		}
	}
}

// sameTree compares a Value with encoding/json's decoding of the same
// text (with UseNumber) and describes the first difference.
func sameTree(v dom.Value, x any, at string) string {
	switch x := x.(type) {
	case nil:
		if v.Kind() != dom.Null {
			return at + ": want null, got " + v.Kind().String()
		}
	case bool:
		b, err := v.Bool()
		if err != nil || b != x {
			return at + ": bool differs"
		}
	case json.Number:
		s, err := v.Number()
		if err != nil || s != string(x) {
			return at + ": number differs"
		}
		if f, err := v.Float64(); err == nil {
			if g, _ := x.Float64(); f != g {
				return at + ": Float64 differs"
			}
		}
	case string:
		s, err := v.Text()
		if err != nil || s != x {
			return at + ": string differs"
		}
		// TextRaw gives the content in place exactly when there are no
		// escapes.
		b, ok := v.TextRaw()
		if escaped := bytes.IndexByte(v.Raw(), '\\') >= 0; ok == escaped || ok && string(b) != x {
			return at + ": TextRaw differs"
		}
	case []any:
		if v.Kind() != dom.Array || v.Len() != len(x) {
			return at + ": array differs"
		}
		i := 0
		for e := range v.Elements() {
			if msg := sameTree(e, x[i], at+"/"+string(rune('0'+i%10))); msg != "" {
				return msg
			}
			if v.Index(i) != e {
				return at + ": Index differs from Elements"
			}
			i++
		}
	case map[string]any:
		if v.Kind() != dom.Object {
			return at + ": want object"
		}
		// encoding/json keeps the last of duplicate names; Get the first.
		last := map[string]dom.Value{}
		n := 0
		for name, m := range v.All() {
			if _, dup := last[name]; !dup && v.Get(name) != m {
				return at + ": Get(" + name + ") differs from All"
			}
			last[name] = m
			n++
		}
		if n != v.Len() || len(last) != len(x) {
			return at + ": member count differs"
		}
		for name, m := range last {
			if msg := sameTree(m, x[name], at+"/"+name); msg != "" {
				return msg
			}
		}
	default:
		return at + ": unexpected type"
	}
	return ""
}

// suiteAccept is the strict verdict on a JSONTestSuite file: y_ accepted,
// n_ rejected (both as encoding/json does), i_ as stream.Valid decides.
func TestJSONTestSuite(t *testing.T) {
	eachKernel(t, func(t *testing.T) {
		for _, f := range celertest.TestSuite(t) {
			_, err := dom.Parse(f.Data)
			var want bool
			switch f.Name[0] {
			case 'y', 'n':
				want = json.Valid(f.Data)
				if want != (f.Name[0] == 'y') {
					t.Fatalf("%s: encoding/json disagrees with the suite", f.Name)
				}
			default:
				want = stream.Valid(f.Data)
			}
			if (err == nil) != want {
				t.Errorf("%s: Parse error %v, want accept=%v", f.Name, err, want)
			}
			if err != nil {
				checkSameError(t, f.Name, err, stream.Validate(f.Data))
			}
			// The lenient mode agrees with the syntax layer too.
			lenient := stream.AllowInvalidUTF8(true)
			_, err = dom.Parse(f.Data, lenient)
			if (err == nil) != stream.Valid(f.Data, lenient) {
				t.Errorf("%s: lenient Parse error %v disagrees with stream.Valid", f.Name, err)
			}
		}
	})
}

func checkSameError(t *testing.T, name string, got, want error) {
	t.Helper()
	var se *stream.SyntaxError
	if !errors.As(got, &se) {
		t.Errorf("%s: error %v (%T) is not a *stream.SyntaxError", name, got, got)
		return
	}
	if want == nil || got.Error() != want.Error() {
		t.Errorf("%s: error\n  %v\nwant\n  %v", name, got, want)
	}
}

// TestErrors checks that errors are the syntax layer's, positioned, with
// the sentinels inside, for each option that changes acceptance.
func TestErrors(t *testing.T) {
	deep := strings.Repeat("[", 20) + strings.Repeat("]", 20)
	long := `["` + strings.Repeat("x", 2000) + `", 1]`
	tests := []struct {
		in       string
		o        []dom.Options
		sentinel error
	}{
		{``, nil, stream.ErrUnexpectedEOF},
		{`   `, nil, stream.ErrUnexpectedEOF},
		{`[1,2`, nil, stream.ErrUnexpectedEOF},
		{`{"a" 1}`, nil, stream.ErrSyntax},
		{`{"a":1,}`, nil, stream.ErrSyntax},
		{`[1,2]]`, nil, stream.ErrSyntax},
		{`[01]`, nil, stream.ErrSyntax},
		{`[1.]`, nil, stream.ErrSyntax},
		{`[tru]`, nil, stream.ErrSyntax},
		{`[truex]`, nil, stream.ErrSyntax},
		{`{"a":1}x`, nil, stream.ErrSyntax},
		{`1 2`, nil, stream.ErrSyntax},
		{`["a\x"]`, nil, stream.ErrSyntax},
		{"[\"a\x01\"]", nil, stream.ErrSyntax},
		{"[\"\xff\"]", nil, stream.ErrInvalidUTF8},
		{`["\ud800"]`, nil, stream.ErrInvalidUTF8},
		{`["\udc00\ud800"]`, nil, stream.ErrInvalidUTF8},
		{`{"a":1,"b":{"c":2,"c":3}}`, []dom.Options{stream.RejectDuplicateNames(true)}, stream.ErrDuplicateName},
		{`{"a":1,"\u0061":2}`, []dom.Options{stream.RejectDuplicateNames(true)}, stream.ErrDuplicateName},
		{deep, []dom.Options{stream.MaxDepth(19)}, stream.ErrDepth},
		{long, []dom.Options{stream.MaxBytes(100)}, stream.ErrLimit},
		{long, []dom.Options{stream.MaxTokenBytes(100)}, stream.ErrLimit},
	}
	for _, tc := range tests {
		_, err := dom.Parse([]byte(tc.in), tc.o...)
		if !errors.Is(err, tc.sentinel) {
			t.Errorf("Parse(%.40q): error %v, want %v", tc.in, err, tc.sentinel)
			continue
		}
		checkSameError(t, tc.in, err, stream.Validate([]byte(tc.in), tc.o...))
		// Large inputs take the same path: pad with whitespace up front.
		pad := strings.Repeat(" ", 70000) + tc.in
		if tc.o == nil {
			_, err := dom.Parse([]byte(pad))
			checkSameError(t, "padded "+tc.in, err, stream.Validate([]byte(pad)))
		}
	}
	// The same inputs are fine without the limiting options.
	for _, s := range []string{deep, long, `{"a":1,"b":{"c":2,"c":3}}`} {
		if _, err := dom.Parse([]byte(s)); err != nil {
			t.Errorf("Parse(%.40q): %v", s, err)
		}
	}
	if _, err := dom.Parse([]byte("[\"\\ud800\", \"\xff\"]"), stream.AllowInvalidUTF8(true)); err != nil {
		t.Errorf("AllowInvalidUTF8: %v", err)
	}
	if _, err := dom.ParseReader(strings.NewReader(long), stream.MaxBytes(100)); !errors.Is(err, stream.ErrLimit) {
		t.Errorf("ParseReader with MaxBytes: %v", err)
	}
}

// TestDepthLimitExact: MaxDepth(n) accepts n levels and rejects n+1, for
// both containers.
func TestDepthLimitExact(t *testing.T) {
	for _, open := range []string{"[", `{"a":`} {
		close := "]"
		if open != "[" {
			close = "}"
		}
		for _, n := range []int{1, 5, 100} {
			ok := strings.Repeat(open, n) + "1" + strings.Repeat(close, n)
			if _, err := dom.Parse([]byte(ok), stream.MaxDepth(n)); err != nil {
				t.Errorf("depth %d with MaxDepth(%d): %v", n, n, err)
			}
			bad := open + ok + close
			if _, err := dom.Parse([]byte(bad), stream.MaxDepth(n)); !errors.Is(err, stream.ErrDepth) {
				t.Errorf("depth %d with MaxDepth(%d): %v, want ErrDepth", n+1, n, err)
			}
		}
	}
	// The default limit, 10000.
	at := strings.Repeat("[", 10000) + strings.Repeat("]", 10000)
	if _, err := dom.Parse([]byte(at)); err != nil {
		t.Errorf("depth 10000: %v", err)
	}
	if _, err := dom.Parse([]byte("[" + at + "]")); !errors.Is(err, stream.ErrDepth) {
		t.Errorf("depth 10001: %v, want ErrDepth", err)
	}
}

// TestConcurrentReaders reads one Doc from many goroutines; run with -race.
func TestConcurrentReaders(t *testing.T) {
	data := celertest.CorpusFile(t, "nativejson-benchmark/twitter.json")
	d, err := dom.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	want := string(d.Root().AppendJSON(nil))
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got := string(d.Root().AppendJSON(nil)); got != want {
				t.Error("concurrent AppendJSON differs")
			}
			n := 0
			for st := range d.Root().Get("statuses").Elements() {
				if _, err := st.Lookup("user", "screen_name").Text(); err != nil {
					t.Error(err)
				}
				for range st.All() {
					n++
				}
			}
			if n == 0 {
				t.Error("no members seen")
			}
			_ = dom.FromValue(d.Root())
		}()
	}
	wg.Wait()
}

// TestTapeGrowth parses inputs whose tape outgrows the first estimate:
// a sparse first window followed by dense ones, deep nesting at the start
// of a small input, and unclosed brackets (invalid, but written to the
// tape before the error is found). The result must match the syntax
// layer whatever the Parser used before.
func TestTapeGrowth(t *testing.T) {
	dense := strings.Repeat("[1,[2,{}],[]],", 50000)
	inputs := []string{
		`["` + strings.Repeat("x", 70000) + `",` + dense + `0]`,
		strings.Repeat("[", 5000) + strings.Repeat("]", 5000),
		strings.Repeat(`{"a":[`, 3000) + strings.Repeat("]}", 3000),
		strings.Repeat("[", 9000),
		"[" + dense + strings.Repeat("[", 9000),
	}
	var p dom.Parser
	for _, in := range inputs {
		for _, parse := range []func([]byte) (*dom.Doc, error){
			func(b []byte) (*dom.Doc, error) { return dom.Parse(b) },
			func(b []byte) (*dom.Doc, error) { return p.Parse(b) },
		} {
			d, err := parse([]byte(in))
			if want := stream.Validate([]byte(in)); (err == nil) != (want == nil) {
				t.Fatalf("Parse(%.30q…): %v, stream.Validate: %v", in, err, want)
			}
			if err != nil {
				continue
			}
			want, _ := stream.AppendCompact(nil, []byte(in))
			if got := d.Root().AppendJSON(nil); !bytes.Equal(got, want) {
				t.Fatalf("Parse(%.30q…): AppendJSON differs at %d", in, firstDiff(got, want))
			}
		}
	}
}
