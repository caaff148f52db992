package stream_test

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/celerjson/celer/stream"
)

// TestTapeRandomNesting: random nested documents, objects in arrays and
// arrays in objects at every depth, read from the tape must give the
// one-pass reader's tokens, and its Pointer (the member name or element
// index of each open container), Depth and InputOffset, whether the state
// is asked for after every call (replayed from the tape), every few calls
// or only at the end (written back when a batch is used up), with batches
// from 2 tokens on so that containers open in one batch and close in a
// later one. Some documents are cut or have a byte changed, for the errors
// and their positions; some are read with ReadValue and SkipValue mixed in.
func TestTapeRandomNesting(t *testing.T) {
	restore := stream.SetIndexing(64, 0)
	defer restore()
	rng := rand.New(rand.NewPCG(74, 1))
	n := 200
	if raceEnabled {
		n = 60
	}
	tapeRuns := []struct{ every, first, max int }{{1, 0, 0}, {5, 2, 16}, {1, 3, 3}, {1 << 30, 2, 8}, {7, 0, 0}}
	served := 0
	for i := range n {
		var sb strings.Builder
		genValue(rng, &sb, 0)
		data := []byte(sb.String())
		switch i % 10 {
		case 7: // cut
			data = data[:rng.IntN(len(data)+1)]
		case 8: // one byte changed
			data[rng.IntN(len(data))] = "[]{},:\"0 x"[rng.IntN(10)]
		}
		var ops []byte
		if i%3 == 2 {
			ops = []byte{byte(rng.Uint32()), byte(rng.Uint32()), byte(rng.Uint32())}
		}
		for _, o := range [][]stream.Options{nil, {stream.MaxDepth(5)}} {
			want := trace(stream.OnePass(stream.NewDecoder(bytes.NewReader(data), o...)), ops, 1<<20)
			for _, r := range tapeRuns {
				restoreTape := func() {}
				if r.first > 0 {
					restoreTape = stream.SetTape(r.first, r.max)
				}
				got := traceEvery(stream.NewDecoderBytes(data, o...), ops, 1<<20, r.every)
				restoreTape()
				if want := sparse(want, r.every); got != want {
					t.Fatalf("document %d (%d bytes) %.300q (options %d, state every %d calls, tape %d-%d):\n%s",
						i, len(data), data, len(o), r.every, r.first, r.max, firstDiff(got, want))
				}
			}
		}
		d := stream.NewDecoderBytes(data)
		d.ReadToken()
		if _, err := d.ReadToken(); err == nil && stream.ServedByTape(d) {
			served++
		}
	}
	if served < n/2 {
		t.Fatalf("the tape served only %d of %d documents: the test no longer covers it", served, n)
	}
}

// genValue appends a random JSON value nested at most 9 deep: mostly
// containers near the top, scalars further down.
func genValue(rng *rand.Rand, sb *strings.Builder, depth int) {
	space := func() {
		if rng.IntN(4) == 0 {
			sb.WriteString([]string{" ", "\n", "\t ", "  \n  "}[rng.IntN(4)])
		}
	}
	space()
	k := rng.IntN(10)
	if depth >= 9 {
		k = 9
	}
	switch {
	case k < 3+max(0, 3-depth): // an object
		sb.WriteByte('{')
		for j := range rng.IntN(5) {
			if j > 0 {
				sb.WriteByte(',')
			}
			space()
			sb.WriteString([]string{`"a"`, `"b"`, `"k"`, `"a/b"`, `"~x"`, `""`, `"\u00e9"`, `"n\"q"`}[rng.IntN(8)])
			space()
			sb.WriteByte(':')
			genValue(rng, sb, depth+1)
		}
		space()
		sb.WriteByte('}')
	case k < 7: // an array
		sb.WriteByte('[')
		for j := range rng.IntN(5) {
			if j > 0 {
				sb.WriteByte(',')
			}
			genValue(rng, sb, depth+1)
		}
		space()
		sb.WriteByte(']')
	default:
		sb.WriteString([]string{`1`, `-2.5`, `"s"`, `true`, `false`, `null`, `"\t"`, `1e3`, `[]`, `{}`}[rng.IntN(10)])
	}
	space()
}
