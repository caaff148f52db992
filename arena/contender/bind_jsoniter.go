package contender

import (
	"io"

	jsoniter "github.com/json-iterator/go"
)

// JsoniterBind is github.com/json-iterator/go with jsoniter.ConfigDefault,
// the configuration of its package-level Marshal and Unmarshal (map keys
// unsorted, HTML escaped).
type JsoniterBind struct{ api jsoniter.API }

// NewJsoniterBind returns the json-iterator binding contender.
func NewJsoniterBind() *JsoniterBind { return &JsoniterBind{jsoniter.ConfigDefault} }

// Name implements [Binder].
func (*JsoniterBind) Name() string { return "jsoniter" }

// Unmarshal calls the configuration's Unmarshal.
func (c *JsoniterBind) Unmarshal(data []byte, v any) error { return c.api.Unmarshal(data, v) }

// Marshal calls the configuration's Marshal.
func (c *JsoniterBind) Marshal(v any) ([]byte, error) { return c.api.Marshal(v) }

// DecodeStream loops over the configuration's Decoder.
func (c *JsoniterBind) DecodeStream(r io.Reader, v any, each func()) error {
	d := c.api.NewDecoder(r)
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
