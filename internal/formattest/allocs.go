package formattest

import (
	"runtime"
	"testing"

	"github.com/celerjson/celer/internal/opts"
)

// OnePassAllocs checks that unmarshal, decoding the invalid data into the
// zero value zero returns a pointer to (in one pass: checked as it is
// decoded), fails with the error it gives decoding into the non-zero
// value nonZero points to (which validates the data first), and
// allocates at most 64 bytes per byte of data (and 1 KiB) more than that.
func OnePassAllocs(t *testing.T, name string, data []byte, zero, nonZero func() any, unmarshal func([]byte, any, ...opts.Options) error) {
	t.Helper()
	unmarshal(data, zero()) // the decoders are made and cached
	allocs := func(v any) (uint64, error) {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		err := unmarshal(data, v)
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc, err
	}
	nv, zv := nonZero(), zero()
	validated, want := allocs(nv)
	if want == nil {
		t.Fatalf("%s: no error decoding into a non-zero value", name)
	}
	n, err := allocs(zv)
	if err == nil || err.Error() != want.Error() {
		t.Errorf("%s: error %v, want %v", name, err, want)
	}
	if limit := validated + uint64(64*len(data)+1024); n > limit {
		t.Errorf("%s: %d bytes of input: %d bytes allocated, want at most %d (%d validating first)", name, len(data), n, limit, validated)
	}
}
