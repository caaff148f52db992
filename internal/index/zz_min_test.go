package index

import (
	"os"
	"testing"
	"time"

	"github.com/celerjson/celer/internal/celertest"
)

func TestZZMin(t *testing.T) {
	if os.Getenv("ZZMIN") == "" {
		t.Skip()
	}
	for _, impl := range []string{"generic", "avx512"} {
		for _, f := range benchFiles {
			data := celertest.CorpusFile(t, f)
			for _, fl := range []uint{0, StrictUTF8} {
				restore := setGeneric(impl == "generic")
				var x Builder
				idx := make([]uint32, 0, len(data)+64)
				best := time.Hour
				for range 200 {
					t0 := time.Now()
					x.Reset(fl)
					idx = x.Index(data, 0, true, idx[:0])
					if d := time.Since(t0); d < best {
						best = d
					}
				}
				restore()
				t.Logf("%-8s %-20s strict=%d %8.0f MB/s", impl, f[len(f)-12:], fl, float64(len(data))/best.Seconds()/1e6)
			}
		}
	}
}
