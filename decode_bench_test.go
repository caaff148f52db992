package celer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/internal/testtypes"
)

var benchDocs = []string{"twitter", "citm_catalog", "canada", "citys", "request"}

func benchCase(tb testing.TB, name string) (testtypes.Case, []byte) {
	for _, c := range testtypes.Cases {
		if c.Name == name {
			return c, celertest.CorpusFile(tb, c.File)
		}
	}
	tb.Fatalf("no test type %q", name)
	return testtypes.Case{}, nil
}

// runUnmarshal decodes data into values from mk with f. (The same
// documents and types are checked against encoding/json by
// TestUnmarshalTestTypes and TestUnmarshalAnyCorpus.)
func runUnmarshal(b *testing.B, data []byte, mk func() any, f func([]byte, any) error) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if err := f(data, mk()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkUnmarshalStruct(b *testing.B) {
	for _, name := range benchDocs {
		c, data := benchCase(b, name)
		b.Run(name+"/celer", func(b *testing.B) { runUnmarshal(b, data, c.New, Unmarshal) })
		b.Run(name+"/std", func(b *testing.B) { runUnmarshal(b, data, c.New, json.Unmarshal) })
	}
}

func BenchmarkUnmarshalAny(b *testing.B) {
	mk := func() any { return new(any) }
	for _, name := range benchDocs {
		_, data := benchCase(b, name)
		b.Run(name+"/celer", func(b *testing.B) { runUnmarshal(b, data, mk, Unmarshal) })
		b.Run(name+"/std", func(b *testing.B) { runUnmarshal(b, data, mk, json.Unmarshal) })
	}
}

// ndjsonLog generates n log records, one per line.
func ndjsonLog(n int) []byte {
	var sb strings.Builder
	for i := range n {
		fmt.Fprintf(&sb, `{"ts":%d.%03d,"level":"info","host":"web-%02d","msg":"request served","path":"/api/v1/items/%d","status":%d,"bytes":%d,"tags":["a","b"]}`+"\n",
			1700000000+i, i%1000, i%17, i, 200+i%3, 512+i%4096)
	}
	return []byte(sb.String())
}

type logRecord struct {
	TS     float64  `json:"ts"`
	Level  string   `json:"level"`
	Host   string   `json:"host"`
	Msg    string   `json:"msg"`
	Path   string   `json:"path"`
	Status int      `json:"status"`
	Bytes  int      `json:"bytes"`
	Tags   []string `json:"tags"`
}

func BenchmarkElements(b *testing.B) {
	const n = 100_000
	data := ndjsonLog(n)
	run := func(b *testing.B, decode func(io.Reader) int) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			if got := decode(bytes.NewReader(data)); got != n {
				b.Fatalf("decoded %d records, want %d", got, n)
			}
		}
	}
	b.Run("celer", func(b *testing.B) {
		run(b, func(r io.Reader) int {
			k := 0
			for _, err := range Elements[logRecord](r) {
				if err != nil {
					b.Fatal(err)
				}
				k++
			}
			return k
		})
	})
	b.Run("celer-parallel", func(b *testing.B) {
		run(b, func(r io.Reader) int {
			k := 0
			for _, err := range ParallelElements[logRecord](r) {
				if err != nil {
					b.Fatal(err)
				}
				k++
			}
			return k
		})
	})
	b.Run("celer-decoder", func(b *testing.B) {
		run(b, func(r io.Reader) int {
			dec := NewDecoder(r)
			k := 0
			for {
				var v logRecord
				err := dec.Decode(&v)
				if err == io.EOF {
					return k
				}
				if err != nil {
					b.Fatal(err)
				}
				k++
			}
		})
	})
	b.Run("std", func(b *testing.B) {
		run(b, func(r io.Reader) int {
			dec := json.NewDecoder(r)
			k := 0
			for {
				var v logRecord
				err := dec.Decode(&v)
				if err == io.EOF {
					return k
				}
				if err != nil {
					b.Fatal(err)
				}
				k++
			}
		})
	})
}
