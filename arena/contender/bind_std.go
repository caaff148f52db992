package contender

import (
	"encoding/json"
	"io"
)

// StdBind is encoding/json (v1), the reference the other binders'
// answers are checked against.
type StdBind struct{}

// NewStdBind returns the encoding/json binding contender.
func NewStdBind() *StdBind { return &StdBind{} }

// Name implements [Binder].
func (*StdBind) Name() string { return "stdjson" }

// Unmarshal calls json.Unmarshal.
func (*StdBind) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

// Marshal calls json.Marshal.
func (*StdBind) Marshal(v any) ([]byte, error) { return json.Marshal(v) }

// DecodeStream loops over json.Decoder.Decode.
func (*StdBind) DecodeStream(r io.Reader, v any, each func()) error {
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
