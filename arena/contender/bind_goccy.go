package contender

import (
	"io"

	"github.com/goccy/go-json"
)

// GoccyBind is github.com/goccy/go-json at its defaults.
type GoccyBind struct{}

// NewGoccyBind returns the goccy/go-json binding contender.
func NewGoccyBind() *GoccyBind { return &GoccyBind{} }

// Name implements [Binder].
func (*GoccyBind) Name() string { return "goccy" }

// Unmarshal calls json.Unmarshal.
func (*GoccyBind) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

// Marshal calls json.Marshal.
func (*GoccyBind) Marshal(v any) ([]byte, error) { return json.Marshal(v) }

// DecodeStream loops over json.Decoder.Decode.
func (*GoccyBind) DecodeStream(r io.Reader, v any, each func()) error {
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
