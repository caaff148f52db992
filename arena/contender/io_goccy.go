package contender

import (
	"io"

	"github.com/goccy/go-json"
)

// GoccyIO is goccy/go-json's Decoder and Encoder.
type GoccyIO struct{}

// NewGoccyIO returns the goccy reader/writer contender.
func NewGoccyIO() *GoccyIO { return &GoccyIO{} }

// Name implements [IOBinder].
func (*GoccyIO) Name() string { return "goccy" }

// DecodeFrom calls json.NewDecoder(r).Decode.
func (*GoccyIO) DecodeFrom(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) }

// EncodeTo calls json.NewEncoder(w).Encode.
func (*GoccyIO) EncodeTo(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) }

// StreamRows reads the array with Decoder.Token, More and Decode.
func (*GoccyIO) StreamRows(r io.Reader, v any, each func()) error {
	d := json.NewDecoder(r)
	return streamTokens(func() (any, error) { return d.Token() }, d.More, d.Decode, v, each)
}
