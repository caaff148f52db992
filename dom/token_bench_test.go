package dom_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/celerjson/celer/cbor"
	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/token"
)

// BenchmarkTokens times a document to CBOR from a Doc (WriteTokens, with
// container lengths known) against the token route from the JSON text
// (what celer convert does), and CBOR back to a Doc and to a Node. Bytes
// per second are of the JSON input.
func BenchmarkTokens(b *testing.B) {
	data := celertest.CorpusFile(b, "simdjson/twitter.json")
	doc, err := dom.Parse(data)
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	if err := doc.Root().WriteTokens(cbor.NewWriter(&buf)); err != nil {
		b.Fatal(err)
	}
	bin := bytes.Clone(buf.Bytes())
	b.Run("Doc→CBOR", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		w := cbor.NewWriter(io.Discard)
		for b.Loop() {
			w.Reset(io.Discard)
			if err := doc.Root().WriteTokens(w); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("JSON→CBOR tokens", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		w := cbor.NewWriter(io.Discard)
		r := token.NewJSONReaderBytes(data)
		for b.Loop() {
			w.Reset(io.Discard)
			r.ResetBytes(data)
			if _, err := token.Copy(w, r); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("CBOR→Doc", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		r := cbor.NewReaderBytes(bin)
		for b.Loop() {
			r.ResetBytes(bin)
			if _, err := dom.ReadDoc(r); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("CBOR→Node", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		r := cbor.NewReaderBytes(bin)
		for b.Loop() {
			r.ResetBytes(bin)
			if _, err := dom.ReadNode(r); err != nil {
				b.Fatal(err)
			}
		}
	})
}
