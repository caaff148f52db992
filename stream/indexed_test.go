package stream_test

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/stream"
)

// The indexed token reader (on for byte slices of some size) must be
// indistinguishable from the one-pass reader (used for io.Readers): the
// same tokens, names, pointers, offsets and errors. These tests compare a
// Decoder over bytes with indexing forced on small windows, so that tokens
// straddle window boundaries, against a Decoder over a reader.

// optionSets are the option combinations the comparisons run under.
var optionSets = [][]stream.Options{nil, {lenient}, {stream.RejectDuplicateNames(true)}, {stream.MaxDepth(3)}}

// trace reads the whole input with a mix of calls chosen by ops (two bits
// per call: ReadToken, ReadValue, SkipValue, PeekKind then ReadToken) and
// records everything observable, one line per call. The state (Pointer,
// Depth, InputOffset) is recorded after each call, following obsMark.
func trace(d *stream.Decoder, ops []byte, limit int) string {
	return traceEvery(d, ops, limit, 1)
}

// obsMark starts the record of the Decoder's state in a line of a trace.
const obsMark = "\x00@"

// traceEvery is trace recording the Decoder's state after every n-th call
// only. Between two records, a Decoder over bytes hands out tokens from
// its tape without updating its state; the state is brought up to date
// when asked for or when the tape is used up, and must be the same.
func traceEvery(d *stream.Decoder, ops []byte, limit, every int) string {
	var sb strings.Builder
	for i := range limit {
		op := 0
		if len(ops) > 0 {
			op = int(ops[i/4%len(ops)] >> (2 * (i % 4)) & 3)
		}
		var err error
		switch op {
		case 0:
			var tok stream.Token
			tok, err = d.ReadToken()
			if err == nil {
				sb.WriteString(tokText(tok))
			}
		case 1:
			var v []byte
			v, err = d.ReadValue()
			fmt.Fprintf(&sb, "value %q", v)
		case 2:
			err = d.SkipValue()
			sb.WriteString("skip")
		case 3:
			fmt.Fprintf(&sb, "peek %v ", d.PeekKind())
			var tok stream.Token
			tok, err = d.ReadToken()
			if err == nil {
				sb.WriteString(tokText(tok))
			}
		}
		if err == io.EOF {
			return sb.String() + " EOF"
		}
		if err != nil {
			return sb.String() + " " + errPos(err)
		}
		if i%every != 0 {
			sb.WriteByte('\n')
			continue
		}
		ptr := "(deep)" // Pointer is O(depth): skip it in deeply nested tests
		if d.Depth() < 64 {
			ptr = d.Pointer()
		}
		fmt.Fprintf(&sb, "%s%q depth %d offset %d\n", obsMark, ptr, d.Depth(), d.InputOffset())
	}
	return sb.String() + " limit"
}

// sparse turns a trace into what traceEvery(..., every) records: the
// state only on every n-th line.
func sparse(tr string, every int) string {
	lines := strings.Split(tr, "\n")
	for i, l := range lines {
		if j := strings.Index(l, obsMark); j >= 0 && i%every != 0 {
			lines[i] = l[:j]
		}
	}
	return strings.Join(lines, "\n")
}

// sparseRuns are the intervals of state records compareIndexed tries on
// Decoders over bytes besides every call, with the tape's first and
// largest batch sizes (0: the defaults): records inside batches (the state
// is replayed), none before the end or an error, and records every few
// small batches (the state is written back at the end of each batch).
var sparseRuns = []struct{ every, first, max int }{{13, 0, 0}, {1 << 30, 0, 0}, {37, 2, 16}}

// compareIndexed checks data under every option set and window size.
func compareIndexed(t *testing.T, name string, data, ops []byte, windows []int) {
	t.Helper()
	for _, w := range windows {
		restore := stream.SetIndexing(w, 0)
		for oi, o := range optionSets {
			want := trace(stream.OnePass(stream.NewDecoder(&celertest.ChunkReader{Data: data, Sizes: []int{7, 1, 64}}, o...)), ops, 1<<20)
			got := trace(stream.NewDecoderBytes(data, o...), ops, 1<<20)
			if got != want {
				restore()
				t.Fatalf("%s (bytes, window %d, options %d):\n%s", name, w, oi, firstDiff(got, want))
			}
			for ri, r := range sparseRuns {
				if raceEnabled && ri != oi%len(sparseRuns) {
					continue // (the race pass tries one of them per option set)
				}
				restoreTape := func() {}
				if r.first > 0 {
					restoreTape = stream.SetTape(r.first, r.max)
				}
				got := traceEvery(stream.NewDecoderBytes(data, o...), ops, 1<<20, r.every)
				restoreTape()
				if want := sparse(want, r.every); got != want {
					restore()
					t.Fatalf("%s (bytes, window %d, options %d, state every %d calls, tape %d-%d):\n%s",
						name, w, oi, r.every, r.first, r.max, firstDiff(got, want))
				}
			}
			for si, sizes := range [][]int{{1}, {7, 1, 64}, {100, 3000}, {1 << 16}} {
				if raceEnabled && si != oi%4 {
					continue // (the race pass reads with one chunking per option set)
				}
				got := trace(stream.NewDecoder(&celertest.ChunkReader{Data: data, Sizes: sizes}, o...), ops, 1<<20)
				if got != want {
					restore()
					t.Fatalf("%s (reader in chunks of %v, window %d, options %d):\n%s", name, sizes, w, oi, firstDiff(got, want))
				}
			}
		}
		restore()
	}
}

// firstDiff shows the first line where got and want differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d\n indexed:  %s\n one-pass: %s", i, g[i], w[i])
		}
	}
	return fmt.Sprintf("indexed has %d lines, one-pass %d; last: %q vs %q", len(g), len(w), g[len(g)-1], w[len(w)-1])
}

// windowEdgeCases are built so that interesting bytes land on 64-byte
// window boundaries: each is tried shifted by every offset near one.
var windowEdgeCases = []string{
	`"\ud83d\ude00"`, `"\ud83d"`, `"\ude00\ud83d"`, `"\uD800\uDC00x"`, `"é日本\U0001F600"`, "\"\xe6\x97\xa5\"", "\"\xe6\x97\"",
	"\"\xf0\x9f\x98\x80\"", "\"\xf0\x9f\x98\"", `"\\"`, `"\\\""`, `"\q"`, `"\u12G4"`, "\"a\tb\"", `12345.678e-9`, `-0`, `01`,
	`1.`, `true`, `truex`, `nul`, `[]`, `{}`, `{"a":1,"a":2}`, `[1 2]`, `{"a" 1}`, `"x":`, `,`, `]`, `\`, `1\`, "\x01",
	`[[[[1]]]]`, `{"k":{"k":{"k":{}}}}`,
}

func TestIndexedWindowEdges(t *testing.T) {
	for _, c := range windowEdgeCases {
		step := 1
		if raceEnabled {
			step = 4 // (the plain pass tries every shift)
		}
		for shift := 52; shift <= 68; shift += step {
			// The case sits inside an array, after shift bytes of
			// elements, so it crosses the 64-byte boundary somewhere.
			pre := "[" + strings.Repeat("0,", (shift-1)/2)
			if (shift-1)%2 == 1 {
				pre += " "
			}
			data := []byte(pre + c + ",\"tail\"]")
			compareIndexed(t, fmt.Sprintf("%q shifted %d", c, shift), data, nil, []int{64})
			compareIndexed(t, fmt.Sprintf("%q shifted %d (mixed calls)", c, shift), data, []byte{0x1b, 0xe4}, []int{64})
		}
	}
}

func TestIndexedConformance(t *testing.T) {
	for _, f := range raceSample(celertest.TestSuite(t)) {
		compareIndexed(t, f.Name, f.Data, nil, []int{64, 1 << 15})
		compareIndexed(t, f.Name+" (mixed calls)", f.Data, []byte{0x6c, 0x93}, []int{64})
	}
}

func TestIndexedCorpus(t *testing.T) {
	for _, f := range celertest.CorpusJSON(t) {
		data := f.Data
		if raceEnabled && len(data) > 64<<10 {
			continue // (the race pass compares the files up to 64 KiB)
		}
		if len(data) > 1<<20 {
			data = data[:1<<20] // the tail is cut: the comparison covers the error too
		}
		windows := []int{1 << 15}
		if len(data) < 64<<10 {
			windows = append(windows, 64, 192)
		}
		compareIndexed(t, f.Name, data, nil, windows)
		compareIndexed(t, f.Name+" (mixed calls)", data, []byte{0x4c, 0x20, 0x81}, []int{1 << 15})
	}
}

// TestIndexedIsUsed proves the comparisons above test the indexed reader:
// at the default settings it reads a large valid document to the end with
// the index, from bytes or from a reader, and turns itself off when stage
// 1 finds an error.
func TestIndexedIsUsed(t *testing.T) {
	data := []byte("[" + strings.Repeat(`{"name":"x\u00e9","n":[1,-2.5e3,true,null]},`, 2000) + `{}]`)
	decoders := map[string]*stream.Decoder{"bytes": stream.NewDecoderBytes(data)}
	for _, sizes := range [][]int{{1 << 16}, {4096}, {1000, 1}} {
		decoders[fmt.Sprint("reader in chunks of ", sizes)] = stream.NewDecoder(&celertest.ChunkReader{Data: data, Sizes: sizes})
	}
	for name, d := range decoders {
		n, served, taped := 0, 0, 0
		for {
			_, err := d.ReadToken()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			n++
			if stream.ServedByIndex(d) {
				served++
			}
			if stream.ServedByTape(d) {
				taped++
			}
		}
		if want := n * 9 / 10; name == "bytes" && served != n || served < want {
			t.Errorf("%s: %d of %d tokens read with the index", name, served, n)
		}
		if name == "bytes" && taped != n {
			t.Errorf("%s: %d of %d tokens read from the tape", name, taped, n)
		}
	}
	bad := append([]byte(nil), data...)
	i := len(bad)/2 + strings.Index(string(bad[len(bad)/2:]), `"x`) + 1
	bad[i] = 0x01 // a control byte in a string: stage 1 finds it
	d := stream.NewDecoderBytes(bad)
	for {
		if _, err := d.ReadToken(); err != nil {
			if err == io.EOF {
				t.Fatal("no error for a control byte")
			}
			break
		}
	}
	if stream.Indexed(d) {
		t.Fatal("indexed reader still on after an error")
	}
}

// FuzzIndexed compares the indexed reader on small windows with the
// one-pass reader, under a random mix of calls.
func FuzzIndexed(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s), []byte{0}, uint8(0))
		f.Add([]byte(s), []byte{0x1b, 0xe4}, uint8(3))
	}
	for _, s := range windowEdgeCases {
		f.Add([]byte(strings.Repeat(" ", 60)+s), []byte{0}, uint8(1))
	}
	f.Fuzz(func(t *testing.T, data, ops []byte, w uint8) {
		compareIndexed(t, fmt.Sprintf("%q", data), data, ops, []int{64 * (1 + int(w&3))})
	})
}

// TestIndexedDoesNotWaitForInput: a Decoder reading from a pipe returns
// every token of a value as soon as its bytes have arrived, although stage
// 1 indexes whole 64-byte blocks: a request-response peer never deadlocks.
// (A top-level number is complete only at the next byte, for any reader.)
func TestIndexedDoesNotWaitForInput(t *testing.T) {
	for _, msg := range []string{`{"a":1}`, `[` + strings.Repeat(`"abcdefgh",12345,`, 40) + `true]`, `"x"`} {
		pr, pw := io.Pipe()
		got := make(chan error, 1)
		more := make(chan struct{})
		go func() {
			pw.Write([]byte(msg))
			<-more // the rest comes only after every token of msg was read
			pw.Write([]byte(" 7"))
			pw.Close()
		}()
		d := stream.NewDecoder(pr)
		go func() {
			for d.Depth() > 0 || d.InputOffset() == 0 {
				if _, err := d.ReadToken(); err != nil {
					got <- err
					return
				}
			}
			got <- nil
		}()
		select {
		case err := <-got:
			if err != nil {
				t.Fatalf("%.20q: %v", msg, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%.20q: the Decoder waits for input after a complete value", msg)
		}
		close(more)
		if tok, err := d.ReadToken(); err != nil || tok.String() != "7" {
			t.Fatalf("%.20q: then %v, %v; want 7", msg, tok, err)
		}
	}
}
