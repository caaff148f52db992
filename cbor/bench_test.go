package cbor

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

// BenchmarkMarshal and BenchmarkUnmarshal bind every corpus struct
// (testtypes.Cases, smallest first: the fixed cost per call shows on the
// small ones); bytes per second count the CBOR size.
func BenchmarkMarshal(b *testing.B) {
	for _, c := range testtypes.Cases {
		b.Run(c.Name, func(b *testing.B) {
			v := c.New()
			json.Unmarshal(celertest.CorpusFile(b, c.File), v)
			data, _ := Marshal(v)
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
	for _, c := range testtypes.Cases {
		b.Run(c.Name, func(b *testing.B) {
			v := c.New()
			json.Unmarshal(celertest.CorpusFile(b, c.File), v)
			data, _ := Marshal(v)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if err := Unmarshal(data, c.New()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	// NeoUBJSON's 1K byte array: a call's fixed cost beside one copy.
	kb := make([]byte, 1024)
	for i := range kb {
		kb[i] = byte(i * 7)
	}
	kbData, _ := Marshal(kb)
	b.Run("1Kbytes", func(b *testing.B) {
		b.SetBytes(int64(len(kbData)))
		b.ReportAllocs()
		for b.Loop() {
			var v []byte
			if err := Unmarshal(kbData, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, c := range testtypes.Slices() {
		data, _ := Marshal(c.V)
		b.Run(c.Name, func(b *testing.B) {
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

// BenchmarkTranscode converts JSON to CBOR and back through tokens; bytes
// per second count the JSON size.
func BenchmarkTranscode(b *testing.B) {
	for _, name := range benchCases {
		_, in := benchCase(b, name)
		cb, err := jsonToCBOR(in, InexactAsDecimal(true))
		if err != nil {
			b.Fatal(err)
		}
		b.Run("JSONToCBOR/"+name, func(b *testing.B) {
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
		b.Run("CBORToJSON/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			r := NewReaderBytes(cb)
			var out bytes.Buffer
			w := token.NewJSONWriter(&out)
			for b.Loop() {
				out.Reset()
				r.ResetBytes(cb)
				w.Reset(&out)
				if _, err := token.Copy(w, r); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("ReadTokens/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(cb)))
			b.ReportAllocs()
			r := NewReaderBytes(cb)
			for b.Loop() {
				r.ResetBytes(cb)
				for {
					if _, err := r.ReadToken(); err != nil {
						break
					}
				}
			}
		})
	}
}
