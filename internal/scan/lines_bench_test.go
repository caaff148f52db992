package scan

import (
	"bytes"
	"path"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
)

// BenchmarkValidLines times the one-pass validator (Valid, strict) on every
// line of the shared NDJSON logs, as a stream of small values is
// validated: one op is one pass over all lines of a file, and line-ns is
// the time per line.
func BenchmarkValidLines(b *testing.B) {
	for _, f := range celertest.NDJSON(b) {
		lines := bytes.Split(bytes.TrimSpace(f.Data), []byte("\n"))
		b.Run(path.Base(f.Name), func(b *testing.B) {
			b.SetBytes(int64(len(f.Data)))
			for b.Loop() {
				for _, l := range lines {
					if _, code := Valid(l, 0, 10000); code != OK {
						b.Fatalf("%s: %v", l, code)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "line-ns")
		})
	}
}
