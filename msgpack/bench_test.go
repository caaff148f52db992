package msgpack

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
// per second count the MessagePack size.
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
				var err error
				if buf, err = AppendMarshal(buf[:0], v); err != nil { // keeps the buffer grown
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMarshalAll binds every corpus document (for profiles of
// one shape: -bench 'MarshalAll/people').
func BenchmarkMarshalAll(b *testing.B) {
	for _, c := range testtypes.Cases {
		b.Run(c.Name, func(b *testing.B) {
			v := c.New()
			json.Unmarshal(celertest.CorpusFile(b, c.File), v)
			data, _ := Marshal(v)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			buf := make([]byte, 0, len(data)+64)
			for b.Loop() {
				var err error
				if buf, err = AppendMarshal(buf[:0], v); err != nil { // keeps the buffer grown
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

// BenchmarkTranscode converts JSON to MessagePack and back through
// tokens; bytes per second count the JSON size.
func BenchmarkTranscode(b *testing.B) {
	for _, name := range benchCases {
		_, in := benchCase(b, name)
		// canada.json has numbers no double holds exactly (17-digit forms):
		// the nearest double, as JSON decoders read them.
		mp, err := jsonToMsgpack(in, InexactAsFloat(true))
		if err != nil {
			b.Fatal(err)
		}
		b.Run("JSONToMsgpack/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			r := token.NewJSONReaderBytes(in)
			w := NewWriter(io.Discard, InexactAsFloat(true))
			for b.Loop() {
				r.ResetBytes(in)
				w.Reset(io.Discard)
				if _, err := token.Copy(w, r); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("MsgpackToJSON/"+name, func(b *testing.B) {
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

// statusCode is the shape of the NeoUBJSON payload's items.
type statusCode struct {
	Code   int    `json:"code"`
	Reason string `json:"reason"`
}

// BenchmarkMarshalSmall: small values, where the cost per call and per
// field shows.
func BenchmarkMarshalSmall(b *testing.B) {
	codes := make([]statusCode, 60)
	for i := range codes {
		codes[i] = statusCode{100 + 7*i, "Reason phrase " + string(rune('A'+i%26))}
	}
	ints := make([]int, 1024)
	for i := range ints {
		ints[i] = i * 997 % 70000
	}
	for _, c := range []struct {
		name string
		v    any
	}{{"statuscodes", &codes}, {"1Kints", &ints}, {"1Kbytes", &[]byte{1, 2, 3}}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var buf []byte
			for b.Loop() {
				var err error
				if buf, err = AppendMarshal(buf[:0], c.v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
