package formatbench

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/celerjson/celer/arena/internal/cputime"
	"github.com/celerjson/celer/arena/syntaxbench"
	"github.com/celerjson/celer/msgpack"
)

// suite is everything the tests and benchmarks share, built once.
type suite struct {
	docs     []Doc
	list     []*Contender
	verdicts map[string]Verdict
	err      error
}

var (
	suiteOnce sync.Once
	theSuite  suite
)

// load returns the shared suite. Without the shared corpus it skips tb,
// loudly, or fails it when CELER_REQUIRE_SHARED=1.
func load(tb testing.TB) *suite {
	tb.Helper()
	suiteOnce.Do(func() {
		shared, err := syntaxbench.SharedDir()
		if err != nil {
			theSuite.err = err
			return
		}
		if theSuite.docs, err = Load(shared); err != nil {
			theSuite.err = err
			return
		}
		theSuite.list = Contenders()
		theSuite.verdicts = Verify(theSuite.list, theSuite.docs)
	})
	if theSuite.err == syntaxbench.ErrNoShared {
		if os.Getenv("CELER_REQUIRE_SHARED") == "1" {
			tb.Fatalf("CELER_REQUIRE_SHARED=1 but %v", theSuite.err)
		}
		tb.Skipf("SKIPPING: %v; set CELER_REQUIRE_SHARED=1 to make this a failure", theSuite.err)
	}
	if theSuite.err != nil {
		tb.Fatal(theSuite.err)
	}
	return &theSuite
}

// TestVerify requires celer to pass every check it runs (BSON arrays
// aside, unsupported by design) and logs the other libraries' FAILED
// verdicts and every output size.
func TestVerify(t *testing.T) {
	s := load(t)
	keys := make([]string, 0, len(s.verdicts))
	for k := range s.verdicts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := s.verdicts[k]
		celer := strings.HasSuffix(k, "/celer")
		switch {
		case v.Unsupported && celer && !strings.Contains(k, "BSON/"):
			t.Errorf("%s: celer does not support it", k)
		case v.Unsupported:
		case v.Err != nil && celer:
			t.Errorf("%s: %v", k, v.Err)
		case v.Err != nil:
			t.Logf("FAILED %s: %v", k, v.Err)
		default:
			t.Logf("%s: %d bytes", k, v.Size)
		}
	}
	t.Logf("%d checks", len(keys))
}

// broken is a contender with wrong answers that Verify must catch.
func broken(format string, how int) *Contender {
	c := Celer(format)
	c.Name = fmt.Sprintf("broken%d", how)
	marshal, unmarshal, transcode := c.Marshal, c.Unmarshal, c.Transcode
	switch how {
	case 0: // encodes an empty value, but consistently: only the round trip shows it
		c.Marshal = func(v any) ([]byte, error) { return marshal(map[string]any{}) }
		c.Transcode = func(src []byte) ([]byte, error) { return transcode([]byte(`{}`)) }
	case 1: // decodes nothing
		c.Unmarshal = func(b []byte, v any) error { return nil }
		c.Transcode = func(src []byte) ([]byte, error) { return transcode(src[:len(src)/2]) }
	case 2: // writes output that is not the format: a JSON copy of the input
		c.Marshal = func(v any) ([]byte, error) { return []byte(`"not binary"`), nil }
		c.Unmarshal = func(b []byte, v any) error { return unmarshal(b, v) }
		c.Transcode = func(src []byte) ([]byte, error) { return append([]byte(nil), src...), nil }
	case 3: // panics
		c.Marshal = func(v any) ([]byte, error) { panic("boom") }
		c.Transcode = func(src []byte) ([]byte, error) { return nil, errors.New("failed") }
	}
	return c
}

// TestVerifyCatchesWrongAnswers checks that contenders with wrong answers
// get an error verdict for every document and operation they run.
func TestVerifyCatchesWrongAnswers(t *testing.T) {
	s := load(t)
	var list []*Contender
	for how := range 4 {
		list = append(list, broken("cbor", how), broken("msgpack", how))
	}
	v := Verify(list, s.docs)
	if want := len(list) * len(s.docs) * len(Ops); len(v) != want {
		t.Errorf("%d verdicts, want %d", len(v), want)
	}
	for k, r := range v {
		if r.Err == nil {
			t.Errorf("%s: wrong answer not caught (unsupported: %v)", k, r.Unsupported)
		}
	}
}

// TestToJSONRejectsTrailingData checks the read-back the verification
// relies on.
func TestToJSONRejectsTrailingData(t *testing.T) {
	for _, f := range []string{"cbor", "msgpack", "ubjson"} {
		c := Celer(f)
		b, err := c.Transcode([]byte(`[1,"a",{"b":null}]`))
		if err != nil {
			t.Fatal(err)
		}
		b = append([]byte(nil), b...)
		if js, err := ToJSON(f, b); err != nil || strings.TrimSpace(string(js)) != `[1,"a",{"b":null}]` {
			t.Errorf("%s: ToJSON = %s, %v", f, js, err)
		}
		if _, err := ToJSON(f, append(b, b...)); err == nil {
			t.Errorf("%s: two values read as one", f)
		}
	}
}

// reported keeps each FAILED line to one print per benchmark name.
var reported sync.Map

func BenchmarkMarshalCBOR(b *testing.B)      { benchOp(b, OpMarshal, "cbor") }
func BenchmarkUnmarshalCBOR(b *testing.B)    { benchOp(b, OpUnmarshal, "cbor") }
func BenchmarkTranscodeCBOR(b *testing.B)    { benchOp(b, OpTranscode, "cbor") }
func BenchmarkMarshalMSGPACK(b *testing.B)   { benchOp(b, OpMarshal, "msgpack") }
func BenchmarkUnmarshalMSGPACK(b *testing.B) { benchOp(b, OpUnmarshal, "msgpack") }
func BenchmarkTranscodeMSGPACK(b *testing.B) { benchOp(b, OpTranscode, "msgpack") }
func BenchmarkMarshalBSON(b *testing.B)      { benchOp(b, OpMarshal, "bson") }
func BenchmarkUnmarshalBSON(b *testing.B)    { benchOp(b, OpUnmarshal, "bson") }
func BenchmarkTranscodeBSON(b *testing.B)    { benchOp(b, OpTranscode, "bson") }
func BenchmarkMarshalUBJSON(b *testing.B)    { benchOp(b, OpMarshal, "ubjson") }
func BenchmarkUnmarshalUBJSON(b *testing.B)  { benchOp(b, OpUnmarshal, "ubjson") }
func BenchmarkTranscodeUBJSON(b *testing.B)  { benchOp(b, OpTranscode, "ubjson") }

// BenchmarkUnmarshalZeroCopyMSGPACK is celer's UnmarshalMSGPACK with
// msgpack.ZeroCopyStrings (strings and byte slices share the input, as
// shamaton's do by default), under its own name so that the tables keep
// comparing defaults.
func BenchmarkUnmarshalZeroCopyMSGPACK(b *testing.B) {
	s := load(b)
	c := Celer("msgpack")
	zc := msgpack.ZeroCopyStrings(true) // built once, as a caller would
	c.Unmarshal = func(b []byte, v any) error { return msgpack.Unmarshal(b, v, zc) }
	for i := range s.docs {
		d := &s.docs[i]
		b.Run(d.Name+"/celer", func(b *testing.B) { run(b, c, OpUnmarshal, d) })
	}
}

// benchOp times op in format f on every document with every contender of
// f. MB/s counts the document's JSON text; "bytes" is the encoded size. A
// contender whose answer failed verification is not timed; a line
// "FAILED <name> (wrong answer, not timed): <reason>" goes to standard
// output for scripts/benchtable. Unsupported cases are left out ("—").
func benchOp(b *testing.B, op, f string) {
	s := load(b)
	for i := range s.docs {
		d := &s.docs[i]
		var list []*Contender
		for _, c := range s.list {
			if c.Format == f && !s.verdicts[Key(op, c, d.Name)].Unsupported {
				list = append(list, c)
			}
		}
		if len(list) == 0 {
			continue // no row rather than an empty benchmark
		}
		b.Run(d.Name, func(b *testing.B) {
			for _, c := range list {
				v := s.verdicts[Key(op, c, d.Name)]
				b.Run(c.Name, func(b *testing.B) {
					if v.Err != nil {
						if _, dup := reported.LoadOrStore(b.Name(), true); !dup {
							fmt.Printf("FAILED %s (wrong answer, not timed): %v\n", b.Name(), v.Err)
						}
						b.SkipNow()
					}
					run(b, c, op, d)
					b.ReportMetric(float64(v.Size), "bytes")
				})
			}
		})
	}
}

// run times one operation. Besides ns/op it reports cpu-ns/op (package
// cputime), what scripts/cpu-ratios.sh and cpu-ab.sh read.
func run(b *testing.B, c *Contender, op string, d *Doc) {
	defer cputime.Report(b, cputime.Now())
	b.ReportAllocs()
	b.SetBytes(int64(len(d.JSON)))
	switch op {
	case OpMarshal:
		v := d.value(c)
		for b.Loop() {
			if _, err := c.Marshal(v); err != nil {
				b.Fatal(err)
			}
		}
	case OpUnmarshal:
		enc, err := c.Marshal(d.value(c))
		if err != nil {
			b.Fatal(err)
		}
		enc = append([]byte(nil), enc...)
		for b.Loop() {
			if err := c.Unmarshal(enc, d.newValue(c)); err != nil {
				b.Fatal(err)
			}
		}
	case OpTranscode:
		for b.Loop() {
			if _, err := c.Transcode(d.JSON); err != nil {
				b.Fatal(err)
			}
		}
	}
}
