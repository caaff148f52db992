package contender

import (
	"encoding/json"
	"io"
)

// StdIO is encoding/json's Decoder and Encoder.
type StdIO struct{}

// NewStdIO returns the encoding/json reader/writer contender.
func NewStdIO() *StdIO { return &StdIO{} }

// Name implements [IOBinder].
func (*StdIO) Name() string { return "stdjson" }

// DecodeFrom calls json.NewDecoder(r).Decode.
func (*StdIO) DecodeFrom(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) }

// EncodeTo calls json.NewEncoder(w).Encode.
func (*StdIO) EncodeTo(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) }

// StreamRows reads the array with Decoder.Token, More and Decode.
func (*StdIO) StreamRows(r io.Reader, v any, each func()) error {
	d := json.NewDecoder(r)
	return streamTokens(func() (any, error) { return d.Token() }, d.More, d.Decode, v, each)
}
