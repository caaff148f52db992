package bson

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/internal/testtypes"
	"github.com/celerjson/celer/token"
)

var benchCases = []string{"twitter", "citm_catalog", "canada"}

func benchCase(b *testing.B, name string) (testtypes.Case, []byte) {
	for _, c := range testtypes.Cases {
		if c.Name == name {
			return c, celertest.CorpusFile(b, c.File)
		}
	}
	b.Fatalf("no case %s", name)
	return testtypes.Case{}, nil
}

// BenchmarkMarshal and BenchmarkUnmarshal bind the corpus structs; bytes
// per second count the BSON size.
func BenchmarkMarshal(b *testing.B) {
	for _, name := range benchCases {
		c, in := benchCase(b, name)
		v := c.New()
		json.Unmarshal(in, v)
		data, _ := Marshal(v)
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			buf := make([]byte, 0, len(data))
			for b.Loop() {
				if _, err := AppendMarshal(buf[:0], v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkUnmarshal(b *testing.B) {
	for _, name := range benchCases {
		c, in := benchCase(b, name)
		v := c.New()
		json.Unmarshal(in, v)
		data, _ := Marshal(v)
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if err := Unmarshal(data, c.New()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkTranscode converts JSON to BSON and back through tokens, and
// BSON to canonical Extended JSON and back; bytes per second count the
// JSON size (the BSON size for reading tokens).
func BenchmarkTranscode(b *testing.B) {
	for _, name := range benchCases {
		_, in := benchCase(b, name)
		bs, err := jsonToBSON(in, InexactAsDecimal(true))
		if err != nil {
			b.Fatal(err)
		}
		ext, err := bsonToExt(bs, Canonical)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("JSONToBSON/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			r := token.NewJSONReaderBytes(in)
			w := NewWriter(io.Discard, InexactAsDecimal(true))
			for b.Loop() {
				r.ResetBytes(in)
				w.Reset(io.Discard)
				if _, err := token.Copy(w, r); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("BSONToJSON/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			r := NewReaderBytes(bs)
			var out bytes.Buffer
			w := token.NewJSONWriter(&out)
			x := WrapWriter(w, WrappersOnly)
			for b.Loop() {
				out.Reset()
				r.ResetBytes(bs)
				w.Reset(&out)
				x.Reset(nil)
				if _, err := token.Copy(x, r); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("BSONToExtJSON/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(ext)))
			b.ReportAllocs()
			r := NewReaderBytes(bs)
			var out bytes.Buffer
			w := NewExtJSONWriter(&out, Canonical)
			for b.Loop() {
				out.Reset()
				r.ResetBytes(bs)
				w.Reset(&out)
				if _, err := token.Copy(w, r); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("ExtJSONToBSON/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(ext)))
			b.ReportAllocs()
			r := NewExtJSONReaderBytes(ext)
			w := NewWriter(io.Discard)
			for b.Loop() {
				r.ResetBytes(ext)
				w.Reset(io.Discard)
				if _, err := token.Copy(w, r); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("ReadTokens/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(bs)))
			b.ReportAllocs()
			r := NewReaderBytes(bs)
			for b.Loop() {
				r.ResetBytes(bs)
				for {
					if _, err := r.ReadToken(); err != nil {
						break
					}
				}
			}
		})
	}
}
