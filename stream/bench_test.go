package stream_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/stream"
)

// benchFiles are the corpus files the syntax benchmarks run on.
var benchFiles = []string{
	"nativejson-benchmark/twitter.json",
	"nativejson-benchmark/citm_catalog.json",
	"nativejson-benchmark/canada.json",
	"groovy-json-benchmarks/citys.json",
	"mormot-json-performance/citylots-excerpt.json",
	"mormot-json-performance/sample.json",
}

func benchEach(b *testing.B, fn func(b *testing.B, data []byte)) {
	for _, name := range benchFiles {
		data := celertest.CorpusFile(b, name)
		b.Run(name[bytes.LastIndexByte([]byte(name), '/')+1:], func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			fn(b, data)
		})
	}
}

func BenchmarkValid(b *testing.B) {
	benchEach(b, func(b *testing.B, data []byte) {
		for b.Loop() {
			if !stream.Valid(data) {
				b.Fatal("invalid")
			}
		}
	})
}

func BenchmarkTokenize(b *testing.B) {
	benchEach(b, func(b *testing.B, data []byte) {
		d := stream.NewDecoderBytes(data)
		for b.Loop() {
			d.ResetBytes(data)
			for {
				if _, err := d.ReadToken(); err != nil {
					if err != io.EOF {
						b.Fatal(err)
					}
					break
				}
			}
		}
	})
}

func BenchmarkCompact(b *testing.B) {
	benchEach(b, func(b *testing.B, data []byte) {
		var dst []byte
		for b.Loop() {
			var err error
			if dst, err = stream.AppendCompact(dst[:0], data); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkIndent(b *testing.B) {
	benchEach(b, func(b *testing.B, data []byte) {
		var dst []byte
		for b.Loop() {
			var err error
			if dst, err = stream.AppendIndent(dst[:0], data, "", "  "); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkIndentStream(b *testing.B) {
	benchEach(b, func(b *testing.B, data []byte) {
		r := bytes.NewReader(data)
		for b.Loop() {
			r.Reset(data)
			if err := stream.Indent(io.Discard, r, "", "  "); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkTokenizeReader(b *testing.B) {
	benchEach(b, func(b *testing.B, data []byte) {
		r := bytes.NewReader(data)
		d := stream.NewDecoder(r)
		for b.Loop() {
			r.Reset(data)
			d.Reset(r)
			for {
				if _, err := d.ReadToken(); err != nil {
					if err != io.EOF {
						b.Fatal(err)
					}
					break
				}
			}
		}
	})
}

func BenchmarkValidateReader(b *testing.B) {
	benchEach(b, func(b *testing.B, data []byte) {
		r := bytes.NewReader(data)
		for b.Loop() {
			r.Reset(data)
			if err := stream.ValidateReader(r); err != nil {
				b.Fatal(err)
			}
		}
	})
}
