package path

import (
	"bytes"
	"strings"
	"testing"

	"github.com/celerjson/celer/stream"
)

// FuzzTrustInputWindowEdge: as FuzzTrustInput, with the fuzzed bytes
// placed across the end of stage 1's first window (2 KiB), where the
// trusted skip takes its one-position path and refills: a string whose
// quotes are on both sides of the edge, a window that starts with an
// opening quote or a bracket.
func FuzzTrustInputWindowEdge(f *testing.F) {
	f.Add(uint8(0), "/1", `{"a":"]"}]`)
	f.Add(uint8(1), "/2", `["x","y"],1]`)
	f.Add(uint8(3), "/2", `"\"[",{}]`)
	f.Add(uint8(5), "/1/a", `{"a":[[["}"]]]}]`)
	f.Add(uint8(9), "/1", `[1,"\\",[2]]]`)
	f.Add(uint8(2), "/2", `["x"],1]`)      // an opening quote the window's last position
	f.Add(uint8(3), "/2", `[1,"]"],1]`)    // its closing quote the next window's first
	f.Add(uint8(4), "/2", `[[],"[",2],1]`) // a bracket then a quote at the edge
	f.Fuzz(func(t *testing.T, shift uint8, ptr, tail string) {
		p, err := CompilePointer(ptr)
		if err != nil {
			return
		}
		// ["ppp…", then tail: tail starts shift%64 bytes before the edge.
		pad := 2048 - 4 - int(shift%64)
		doc := []byte(`["` + strings.Repeat("p", pad) + `",` + tail)
		got, err := p.LookupBytes(doc, TrustInput(true))
		if err == nil && got != nil && !isSubslice(got, doc) {
			t.Fatalf("%q on %q: %q is not part of the input", ptr, tail, got)
		}
		for _, d := range []int{1, 2, 3} {
			p.LookupBytes(doc, TrustInput(true), stream.MaxDepth(d))
		}
		if !stream.Valid(doc) {
			return
		}
		want, wantErr := p.LookupBytes(doc)
		if err != nil || wantErr != nil || !bytes.Equal(got, want) || (got == nil) != (want == nil) {
			t.Fatalf("%q on %q: trusted %q, %v; checked %q, %v", ptr, tail, got, err, want, wantErr)
		}
	})
}
