package dom_test

import (
	"bytes"
	"runtime/debug"
	"testing"

	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/internal/celertest"
)

// benchFiles are the corpus files the benchmarks parse: the arena's
// classic datasets plus a small document.
var benchFiles = []string{
	"nativejson-benchmark/twitter.json",
	"nativejson-benchmark/citm_catalog.json",
	"nativejson-benchmark/canada.json",
	"groovy-json-benchmarks/citys.json",
	"mormot-json-performance/people-excerpt.json",
	"mormot-json-performance/citylots-excerpt.json",
	"groovy-json-benchmarks/repos.json",
	"boon-json-parsers-benchmark/medium.json",
}

func benchName(f string) string {
	f = f[bytes.LastIndexByte([]byte(f), '/')+1:]
	return f[:len(f)-len(".json")]
}

// BenchmarkParse parses into a new Doc each time: the cost a one-off
// parse pays, allocations included.
func BenchmarkParse(b *testing.B) {
	for _, f := range benchFiles {
		data := celertest.CorpusFile(b, f)
		b.Run(benchName(f), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := dom.Parse(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkParserReuse parses with one Parser: steady state, no
// allocations.
func BenchmarkParserReuse(b *testing.B) {
	for _, f := range benchFiles {
		data := celertest.CorpusFile(b, f)
		b.Run(benchName(f), func(b *testing.B) {
			var p dom.Parser
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := p.Parse(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAppendJSON writes a parsed document back as compact JSON.
func BenchmarkAppendJSON(b *testing.B) {
	data := celertest.CorpusFile(b, "nativejson-benchmark/twitter.json")
	d, err := dom.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	var out []byte
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		out = d.Root().AppendJSON(out[:0])
	}
}

// BenchmarkLookup walks every status of twitter.json and reads two
// members, the typical access pattern after a parse.
func BenchmarkLookup(b *testing.B) {
	data := celertest.CorpusFile(b, "nativejson-benchmark/twitter.json")
	d, err := dom.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		for st := range d.Root().Get("statuses").Elements() {
			if !st.Lookup("user", "screen_name").Exists() || !st.Get("id").Exists() {
				b.Fatal("missing")
			}
		}
	}
}

// BenchmarkFromValue copies twitter.json into an editable Node.
func BenchmarkFromValue(b *testing.B) {
	data := celertest.CorpusFile(b, "nativejson-benchmark/twitter.json")
	d, err := dom.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		dom.FromValue(d.Root())
	}
}

// TestAllocs holds the allocation budget: at most 2 allocations per
// parsed document (the Doc and its tape), none with a reused Parser.
func TestAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocation counts")
	}
	// A collection during a run allocates for the runtime's own needs.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	for _, f := range benchFiles {
		data := celertest.CorpusFile(t, f)
		d, err := dom.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		const budget = 2
		if n := testing.AllocsPerRun(5, func() { dom.Parse(data) }); n > budget {
			t.Errorf("%s: Parse makes %v allocations, budget %v", f, n, budget)
		}
		var p dom.Parser
		p.Parse(data)
		if n := testing.AllocsPerRun(5, func() { p.Parse(data) }); n != 0 {
			t.Errorf("%s: Parser.Parse makes %v allocations, want 0", f, n)
		}
		var out []byte
		out = d.Root().AppendJSON(out)
		if n := testing.AllocsPerRun(5, func() { out = d.Root().AppendJSON(out[:0]) }); n != 0 {
			t.Errorf("%s: AppendJSON makes %v allocations, want 0", f, n)
		}
	}
}

// BenchmarkIndexLoop reads the statuses of twitter.json by index, as a
// loop over i from 0 does: the Doc's cursor makes each Index step on from
// the previous one.
func BenchmarkIndexLoop(b *testing.B) {
	data := celertest.CorpusFile(b, "nativejson-benchmark/twitter.json")
	d, err := dom.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	st := d.Root().Get("statuses")
	b.ReportAllocs()
	for b.Loop() {
		for i := range st.Len() {
			if !st.Index(i).Exists() {
				b.Fatal("missing")
			}
		}
	}
}
