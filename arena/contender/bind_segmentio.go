package contender

import (
	"io"

	"github.com/segmentio/encoding/json"
)

// SegmentioBind is github.com/segmentio/encoding/json at its defaults.
type SegmentioBind struct{}

// NewSegmentioBind returns the segmentio binding contender.
func NewSegmentioBind() *SegmentioBind { return &SegmentioBind{} }

// Name implements [Binder].
func (*SegmentioBind) Name() string { return "segmentio" }

// Unmarshal calls json.Unmarshal.
func (*SegmentioBind) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

// Marshal calls json.Marshal.
func (*SegmentioBind) Marshal(v any) ([]byte, error) { return json.Marshal(v) }

// DecodeStream loops over json.Decoder.Decode.
func (*SegmentioBind) DecodeStream(r io.Reader, v any, each func()) error {
	d := json.NewDecoder(r)
	for {
		if err := d.Decode(v); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		each()
	}
}
