package celer

import (
	"runtime"
	"strings"
	"testing"
)

func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestUnmarshalAnyKeptArray checks that an array kept as an interface
// value, alone of its document, does not keep the rest alive: its boxed
// header must not share a slab with the headers of other arrays (here a
// 100000-element array of objects, about 36 MB).
func TestUnmarshalAnyKeptArray(t *testing.T) {
	big := "[" + strings.Repeat(`{"k":1.5},`, 100000) + "2]"
	for _, data := range [][]byte{
		[]byte(`[[1,2],` + big + `]`),
		[]byte(`[[1,2],` + big + ",\"\xff\"]"), // invalid UTF-8: the two-pass decoder
	} {
		before := heapInUse()
		var kept any
		{
			var v any
			if err := Unmarshal(data, &v); err != nil {
				t.Fatal(err)
			}
			kept = v.([]any)[0]
		}
		after := heapInUse()
		runtime.KeepAlive(kept)
		t.Logf("retained %d bytes", int64(after)-int64(before))
		if int64(after)-int64(before) > 8<<20 { // (36 MB when it does)
			t.Errorf("a kept 2-element array retains %d bytes", int64(after)-int64(before))
		}
	}
}
