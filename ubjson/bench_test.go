package ubjson

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
// per second count the UBJSON size.
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

// BenchmarkTranscode converts JSON to UBJSON and back through
// tokens; bytes per second count the JSON size.
func BenchmarkTranscode(b *testing.B) {
	for _, name := range benchCases {
		_, in := benchCase(b, name)
		// canada.json has numbers no double holds exactly (17-digit forms):
		// high-precision numbers keep them exact.
		mp, err := jsonToUBJSON(in, InexactAsDecimal(true))
		if err != nil {
			b.Fatal(err)
		}
		b.Run("JSONToUBJSON/"+name, func(b *testing.B) {
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
		b.Run("UBJSONToJSON/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			r := NewReaderBytes(mp)
			var out bytes.Buffer
			w := token.NewJSONWriter(&out)
			for b.Loop() {
				out.Reset()
				r.ResetBytes(mp)
				w.Reset(&out)
				if _, err := token.Copy(w, r); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("ReadTokens/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(mp)))
			b.ReportAllocs()
			r := NewReaderBytes(mp)
			for b.Loop() {
				r.ResetBytes(mp)
				for {
					if _, err := r.ReadToken(); err != nil {
						break
					}
				}
			}
		})
	}
}

// BenchmarkTypedSlices marshals and unmarshals 1K ints and 1K bytes (the
// NeoUBJSON payloads), with and without strongly typed arrays.
func BenchmarkTypedSlices(b *testing.B) {
	ints := make([]int32, 1024)
	for i := range ints {
		ints[i] = int32(i * 1000)
	}
	raw := make([]byte, 1024)
	for _, tc := range []struct {
		name string
		v    any
		o    []Options
	}{{"ints", ints, nil}, {"ints/typed", ints, []Options{TypedArrays(true)}}, {"bytes", raw, nil}} {
		data, _ := Marshal(tc.v, tc.o...)
		b.Run("Marshal/"+tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			buf := make([]byte, 0, len(data))
			for b.Loop() {
				AppendMarshal(buf[:0], tc.v, tc.o...)
			}
		})
		b.Run("Unmarshal/"+tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, ok := tc.v.([]byte); ok {
					var out []byte
					Unmarshal(data, &out)
				} else {
					var out []int32
					Unmarshal(data, &out)
				}
			}
		})
	}
}
