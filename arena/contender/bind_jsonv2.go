package contender

import (
	"io"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// JSONv2Bind is github.com/go-json-experiment/json, the encoding/json/v2
// proposal, at its (v2) defaults: names match case-sensitively, invalid
// UTF-8 and duplicate names are rejected, and nil slices and maps marshal
// as [] and {}.
type JSONv2Bind struct{ buf []byte }

// NewJSONv2Bind returns the encoding/json/v2 binding contender.
func NewJSONv2Bind() *JSONv2Bind { return &JSONv2Bind{} }

// Name implements [Binder].
func (*JSONv2Bind) Name() string { return "jsonv2" }

// Unmarshal calls json.Unmarshal.
func (*JSONv2Bind) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

// Marshal calls json.Marshal.
func (*JSONv2Bind) Marshal(v any) ([]byte, error) { return json.Marshal(v) }

// DecodeStream loops over json.UnmarshalDecode on one jsontext.Decoder.
func (*JSONv2Bind) DecodeStream(r io.Reader, v any, each func()) error {
	d := jsontext.NewDecoder(r)
	for {
		if err := json.UnmarshalDecode(d, v); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		each()
	}
}
