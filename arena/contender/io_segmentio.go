package contender

import (
	"io"

	"github.com/segmentio/encoding/json"
)

// SegmentioIO is segmentio/encoding's Decoder and Encoder. Its Decoder
// has no Token method, so it is no [RowStreamer].
type SegmentioIO struct{}

// NewSegmentioIO returns the segmentio reader/writer contender.
func NewSegmentioIO() *SegmentioIO { return &SegmentioIO{} }

// Name implements [IOBinder].
func (*SegmentioIO) Name() string { return "segmentio" }

// DecodeFrom calls json.NewDecoder(r).Decode.
func (*SegmentioIO) DecodeFrom(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) }

// EncodeTo calls json.NewEncoder(w).Encode.
func (*SegmentioIO) EncodeTo(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) }
