package contender

import (
	"io"

	"github.com/bytedance/sonic"
)

// SonicIO is sonic.ConfigDefault's NewDecoder and NewEncoder. Sonic's
// stream decoder reads whole values only, so it is no [RowStreamer].
type SonicIO struct{}

// NewSonicIO returns the sonic reader/writer contender.
func NewSonicIO() *SonicIO { return &SonicIO{} }

// Name implements [IOBinder].
func (*SonicIO) Name() string { return "sonic" }

// DecodeFrom calls ConfigDefault.NewDecoder(r).Decode.
func (*SonicIO) DecodeFrom(r io.Reader, v any) error {
	return sonic.ConfigDefault.NewDecoder(r).Decode(v)
}

// EncodeTo calls ConfigDefault.NewEncoder(w).Encode.
func (*SonicIO) EncodeTo(w io.Writer, v any) error {
	return sonic.ConfigDefault.NewEncoder(w).Encode(v)
}
