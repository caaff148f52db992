package stream_test

import (
	"io"
	"strings"
	"testing"

	"github.com/celerjson/celer/stream"
)

// TestCloneDetaches: a cloned token stays intact when the Decoder's input
// changes, whatever its kind (tokens from the tape, literals and
// delimiters included, point into the input).
func TestCloneDetaches(t *testing.T) {
	src := `[` + strings.Repeat(`{"k":"v","n":-1.5,"t":true,"f":false,"z":null,"a":[]},`, 40) + `{}]`
	data := []byte(src)
	d := stream.NewDecoderBytes(data)
	var want []string
	var clones []stream.Token
	for {
		tok, err := d.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, string(tok.Raw()))
		clones = append(clones, tok.Clone())
	}
	for i := range data {
		data[i] = 'x'
	}
	for i, c := range clones {
		if got := string(c.Raw()); got != want[i] || c.Kind() == stream.KindInvalid {
			t.Fatalf("token %d: clone reads %q (kind %v) after the input changed, want %q", i, got, c.Kind(), want[i])
		}
	}
}
