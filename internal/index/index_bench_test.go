package index

import (
	"math"
	"os"
	"path"
	"testing"
	"time"

	"github.com/celerjson/celer/internal/celertest"
)

// benchFiles are the corpus files BenchmarkIndex measures.
var benchFiles = []string{
	"nativejson-benchmark/twitter.json",
	"nativejson-benchmark/citm_catalog.json",
	"nativejson-benchmark/canada.json",
	"groovy-json-benchmarks/citys.json",
}

// BenchmarkIndex measures Index over whole files, with a reused Builder
// and idx slice (no allocations), for each implementation and both UTF-8
// modes. Names: impl/file/utf8 mode.
func BenchmarkIndex(b *testing.B) {
	for _, impl := range impls() {
		for _, f := range benchFiles {
			data := celertest.CorpusFile(b, f)
			for _, mode := range []struct {
				name  string
				flags uint
			}{{"lax", 0}, {"strict", StrictUTF8}} {
				b.Run(impl+"/"+path.Base(f)+"/"+mode.name, func(b *testing.B) {
					defer setImpl(impl)()
					var x Builder
					idx := make([]uint32, 0, len(data)+blockSize)
					b.SetBytes(int64(len(data)))
					b.ReportAllocs()
					for b.Loop() {
						x.Reset(mode.flags)
						idx = x.Index(data, 0, true, idx[:0])
					}
					if x.Bad() {
						b.Fatalf("%s: Bad", f)
					}
					b.ReportMetric(float64(len(data))/float64(len(idx)), "bytes/structural")
				})
			}
		}
	}
}

// TestBestThroughput prints the best of 200 runs of Index over each
// benchmark file, a figure that shared, noisy machines distort far less
// than the mean that benchmarks report. It runs only when
// CELER_INDEX_THROUGHPUT=1:
//
//	CELER_INDEX_THROUGHPUT=1 go test -run BestThroughput -v ./internal/index/
func TestBestThroughput(t *testing.T) {
	if os.Getenv("CELER_INDEX_THROUGHPUT") != "1" {
		t.Skip("set CELER_INDEX_THROUGHPUT=1 to measure")
	}
	for _, impl := range impls() {
		for _, f := range benchFiles {
			data := celertest.CorpusFile(t, f)
			for _, flags := range []uint{0, StrictUTF8} {
				restore := setImpl(impl)
				var x Builder
				idx := make([]uint32, 0, len(data)+blockSize)
				best := time.Duration(math.MaxInt64)
				for range 200 {
					start := time.Now()
					x.Reset(flags)
					idx = x.Index(data, 0, true, idx[:0])
					best = min(best, time.Since(start))
				}
				restore()
				t.Logf("%-7s %-18s strict=%d %6.0f MB/s", impl, path.Base(f), flags, float64(len(data))/best.Seconds()/1e6)
			}
		}
	}
}
