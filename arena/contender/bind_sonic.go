package contender

import (
	"io"

	"github.com/bytedance/sonic"
)

// SonicBind is github.com/bytedance/sonic with sonic.ConfigDefault, the
// configuration of sonic.Marshal and sonic.Unmarshal: map keys unsorted,
// no HTML escaping, strings that may share the input's memory, invalid
// UTF-8 passed through.
type SonicBind struct {
	name string
	api  sonic.API
}

// NewSonicBind returns sonic at its defaults.
func NewSonicBind() *SonicBind { return &SonicBind{"sonic", sonic.ConfigDefault} }

// NewSonicStdBind returns sonic with sonic.ConfigStd, its encoding/json
// compatible configuration (sorted map keys, HTML escaping, copied
// strings, invalid UTF-8 replaced).
func NewSonicStdBind() *SonicBind { return &SonicBind{"sonic-std", sonic.ConfigStd} }

// Name implements [Binder].
func (c *SonicBind) Name() string { return c.name }

// Unmarshal calls the configuration's Unmarshal.
func (c *SonicBind) Unmarshal(data []byte, v any) error { return c.api.Unmarshal(data, v) }

// Marshal calls the configuration's Marshal.
func (c *SonicBind) Marshal(v any) ([]byte, error) { return c.api.Marshal(v) }

// DecodeStream loops over sonic's StreamDecoder (decoder.NewStreamDecoder),
// which the configuration's NewDecoder returns.
func (c *SonicBind) DecodeStream(r io.Reader, v any, each func()) error {
	var d sonic.Decoder = c.api.NewDecoder(r)
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
