package path

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/internal/celertest"
)

// benchQueries run on the bookstore and on twitter.json.
var benchQueries = []struct{ name, doc, query string }{
	{"book-authors", "bookstore", `$.store.book[*].author`},
	{"desc-author", "bookstore", `$..author`},
	{"filter-price", "bookstore", `$.store.book[?@.price < 10].title`},
	{"last-book", "bookstore", `$.store.book[-1]`},
	{"tw-names", "twitter", `$.statuses[*].user.screen_name`},
	{"tw-filter", "twitter", `$.statuses[?@.retweet_count > 0].id`},
	{"tw-single", "twitter", `$.statuses[50].user.screen_name`},
	{"tw-slice", "twitter", `$.statuses[10:20].id`},
	{"tw-reverse", "twitter", `$.statuses[::-10].id`},
	{"tw-desc-id", "twitter", `$..id`},
	{"tw-desc-name", "twitter", `$..screen_name`},
	{"tw-match", "twitter", `$.statuses[?match(@.user.lang, "e.")].id`},
	{"tw-filter-str", "twitter", `$.statuses[?@.retweet_count > 5].id_str`},
	{"lots-slice", "citylots", `$.features[10:200:5].properties.BLKLOT`},
	{"citm-filter", "citm", `$.performances[?@.venueCode == 'PLEYEL_PLEYEL'].id`},
}

func benchDoc(tb testing.TB, name string) []byte {
	switch name {
	case "bookstore":
		return []byte(bookstore)
	case "citylots":
		return celertest.CorpusFile(tb, "mormot-json-performance/citylots-excerpt.json")
	case "citm":
		return celertest.CorpusFile(tb, "nativejson-benchmark/citm_catalog.json")
	}
	return celertest.CorpusFile(tb, "simdjson/twitter.json")
}

func BenchmarkSelect(b *testing.B) {
	for _, bq := range benchQueries {
		b.Run(bq.name, func(b *testing.B) {
			d, err := dom.Parse(benchDoc(b, bq.doc))
			if err != nil {
				b.Fatal(err)
			}
			q := MustCompile(bq.query)
			var out []dom.Value
			b.ReportAllocs()
			for b.Loop() {
				out = q.AppendSelect(out[:0], d.Root())
			}
			b.ReportMetric(float64(len(out)), "results")
		})
	}
}

func BenchmarkSelectNodes(b *testing.B) {
	for _, bq := range benchQueries {
		b.Run(bq.name, func(b *testing.B) {
			d, err := dom.Parse(benchDoc(b, bq.doc))
			if err != nil {
				b.Fatal(err)
			}
			q := MustCompile(bq.query)
			var out []Node
			b.ReportAllocs()
			for b.Loop() {
				out = q.AppendSelectNodes(out[:0], d.Root())
			}
		})
	}
}

// BenchmarkSelectBytes evaluates on the raw text, parsing only what the
// query enters.
func BenchmarkSelectBytes(b *testing.B) {
	for _, bq := range benchQueries {
		b.Run(bq.name, func(b *testing.B) {
			doc := benchDoc(b, bq.doc)
			q := MustCompile(bq.query)
			var out [][]byte
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for b.Loop() {
				var err error
				if out, err = q.AppendSelectBytes(out[:0], doc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkLookupBytes(b *testing.B) {
	doc := benchDoc(b, "twitter")
	p := MustCompilePointer(`/statuses/50/user/screen_name`)
	d := MustCompileDotted(`statuses[50].user.screen_name`)
	b.Run("pointer", func(b *testing.B) {
		b.SetBytes(int64(len(doc)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := p.LookupBytes(doc); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("pointer-bytewise", func(b *testing.B) {
		saved := minIndexedWalk
		minIndexedWalk = math.MaxInt
		defer func() { minIndexedWalk = saved }()
		b.SetBytes(int64(len(doc)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := p.LookupBytes(doc); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("dotted", func(b *testing.B) {
		b.SetBytes(int64(len(doc)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := d.LookupBytes(doc); err != nil {
				b.Fatal(err)
			}
		}
	})
	// Number-dense: the walk checks the numbers of 385 features.
	lots := celertest.CorpusFile(b, "mormot-json-performance/citylots-excerpt.json")
	l := MustCompileDotted(`features[385].properties.STREET`)
	b.Run("citylots", func(b *testing.B) {
		b.SetBytes(int64(len(lots)))
		b.ReportAllocs()
		cpu := cpuTime()
		for b.Loop() {
			if r, err := l.LookupBytes(lots); err != nil || r == nil {
				b.Fatal(r, err)
			}
		}
		reportCPU(b, cpu)
	})
	// Small and indented: the seeds' path.
	gloss := celertest.CorpusFile(b, "mormot-json-performance/glossary.json")
	g := MustCompileDotted(`glossary.GlossDiv.GlossList.GlossEntry.GlossDef.GlossSeeAlso[0]`)
	b.Run("glossary", func(b *testing.B) {
		b.SetBytes(int64(len(gloss)))
		b.ReportAllocs()
		cpu := cpuTime()
		for b.Loop() {
			if r, err := g.LookupBytes(gloss); err != nil || r == nil {
				b.Fatal(r, err)
			}
		}
		reportCPU(b, cpu)
	})
}

func BenchmarkCompile(b *testing.B) {
	for _, bq := range benchQueries {
		b.Run(bq.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				MustCompile(bq.query)
			}
		})
	}
}

// TestSelectAllocs: name, index, wildcard, slice, filter and descendant
// steps, and filters comparing numbers and strings, allocate nothing once
// the result buffer has grown; nor do raw lookups.
func TestSelectAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under the race detector")
	}
	d, err := dom.Parse([]byte(bookstore))
	if err != nil {
		t.Fatal(err)
	}
	for _, query := range []string{
		`$.store.book[*].author`, `$.store.book[-1].price`, `$.store.book[1:3].title`, `$.store.book[::-1].title`,
		`$.store.book[?@.price < 10].title`, `$.store.book[?@.author == 'Herman Melville']`, `$.store.book[?@.isbn]`,
		`$.store.book[?match(@.author, 'J.*')]`, `$.store.book[?length(@.title) > 10]`, `$.store.book[?count(@.title[0:1]) == 0]`,
		`$.store.book[?count(@.*) > 4]`, `$..author`, `$..*`, `$.store.*`, `$.store[?@.color]`, `$..[?@.price > 10]`,
	} {
		q := MustCompile(query)
		out := q.Select(d.Root())
		if len(out) == 0 {
			t.Fatalf("%s selects nothing", query)
		}
		if n := testing.AllocsPerRun(100, func() { out = q.AppendSelect(out[:0], d.Root()) }); n != 0 {
			t.Errorf("%s: %v allocations per run", query, n)
		}
	}
	raw := []byte(bookstore)
	q := MustCompile(`$.store.book[2].isbn`)
	p := MustCompilePointer(`/store/book/2/isbn`)
	var out [][]byte
	if n := testing.AllocsPerRun(100, func() { out, _ = q.AppendSelectBytes(out[:0], raw) }); n != 0 {
		t.Errorf("SelectBytes: %v allocations per run", n)
	}
	if n := testing.AllocsPerRun(100, func() { p.LookupBytes(raw) }); n != 0 {
		t.Errorf("LookupBytes: %v allocations per run", n)
	}
	q = MustCompile(`$.store.book[?@.price < 10].title`)
	if n := testing.AllocsPerRun(100, func() { out, _ = q.AppendSelectBytes(out[:0], raw) }); n != 0 {
		t.Errorf("SelectBytes with a filter: %v allocations per run", n)
	}
	// The indexed walk, on a large input.
	tw := benchDoc(t, "twitter")
	// Descendant segments over twitter.json's 13,345 members once made an
	// allocation per member (its name, copied); they must make none.
	twd, err := dom.Parse(tw)
	if err != nil {
		t.Fatal(err)
	}
	for _, query := range []string{`$..screen_name`, `$..id`, `$..*`, `$.statuses[?@.retweet_count > 0].id`} {
		q := MustCompile(query)
		res := q.Select(twd.Root())
		if n := testing.AllocsPerRun(5, func() { res = q.AppendSelect(res[:0], twd.Root()) }); n != 0 || len(res) == 0 {
			t.Errorf("%s on twitter.json: %v allocations per run, %d results", query, n, len(res))
		}
	}
	for _, query := range []string{`$.statuses[50].user.screen_name`, `$.statuses[-1].id`, `$.search_metadata.count`} {
		q = MustCompile(query)
		if n := testing.AllocsPerRun(20, func() { out, _ = q.AppendSelectBytes(out[:0], tw) }); n != 0 || len(out) != 1 {
			t.Errorf("SelectBytes %s: %v allocations per run, %d results", query, n, len(out))
		}
	}
}

// TestSelectAllocsUnion: a union of two filters run over each of many
// arrays looks each array up twice and moves on; the Doc's row table must
// not be built for them (nothing would read it), so the query allocates
// nothing once the result buffer has grown.
func TestSelectAllocsUnion(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under the race detector")
	}
	var b strings.Builder
	b.WriteByte('[')
	for r := range 40 {
		if r > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"items": [`)
		for k := range 20 {
			if k > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"id": %d, "o": {"p": 9}, "p": %d, "q": %d, "r": [1, 2]}`, 20*r+k, (r+k)%7, (r*k)%5)
		}
		b.WriteString(`]}`)
	}
	b.WriteByte(']')
	d, err := dom.Parse([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	for _, query := range []string{`$[*].items[?@.p > 3, ?@.q > 3].id`, `$[*].items[?@.p > 3, ?@.p < 1].id`} {
		q := MustCompile(query)
		out := q.Select(d.Root())
		if len(out) == 0 {
			t.Fatalf("%s selects nothing", query)
		}
		if n := testing.AllocsPerRun(10, func() { out = q.AppendSelect(out[:0], d.Root()) }); n != 0 {
			t.Errorf("%s: %v allocations per run", query, n)
		}
	}
}

// reportCPU reports the CPU time per iteration since start (a cpuTime
// reading) as cpu-ns/op, steadier than wall clock on a loaded machine.
func reportCPU(b *testing.B, start time.Duration) {
	if b.N > 0 && start > 0 {
		b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkSelectFresh parses twitter.json with a reused Parser and runs
// a query on the new Doc 0 to 3 times, so that the Doc's caches start
// empty: the differences between the rows give the cost of a first run
// (a walk), of the second (which builds the row table) and of the third
// (which uses it), beside BenchmarkSelect's steady state.
func BenchmarkSelectFresh(b *testing.B) {
	data := benchDoc(b, "twitter")
	for _, s := range []string{`$.statuses[*].user.screen_name`, `$.statuses[?@.retweet_count > 5].id_str`} {
		q := MustCompile(s)
		for runs := range 4 {
			b.Run(fmt.Sprintf("%s/runs=%d", s, runs), func(b *testing.B) {
				var p dom.Parser
				var out []dom.Value
				b.ReportAllocs()
				start := cpuTime()
				for b.Loop() {
					d, err := p.Parse(data)
					if err != nil {
						b.Fatal(err)
					}
					for range runs {
						out = q.AppendSelect(out[:0], d.Root())
					}
				}
				reportCPU(b, start)
			})
		}
	}
}
