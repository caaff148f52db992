package stream_test

import (
	"io"
	"testing"

	"github.com/celerjson/celer/stream"
)

// BenchmarkTokenizeDepth reads every token and asks for the depth after
// each, as a formatter does: over bytes, each Depth call replays the
// tokens handed out from the tape since the last one.
func BenchmarkTokenizeDepth(b *testing.B) {
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
				_ = d.Depth()
			}
		}
	})
}

// BenchmarkTokenizeSkip reads member names and skips their values, as a
// decoder looking for a few members does: every SkipValue gives the rest
// of the tape back.
func BenchmarkTokenizeSkip(b *testing.B) {
	benchEach(b, func(b *testing.B, data []byte) {
		d := stream.NewDecoderBytes(data)
		for b.Loop() {
			d.ResetBytes(data)
			for {
				tok, err := d.ReadToken()
				if err == nil && tok.IsName() {
					err = d.SkipValue()
				}
				if err != nil {
					if err != io.EOF {
						b.Fatal(err)
					}
					break
				}
			}
		}
	})
}
