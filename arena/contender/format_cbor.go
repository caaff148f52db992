package contender

import "github.com/celerjson/celer/cbor"

func init() { RegisterFormat(func() Format { return &CelerCBOR{} }) }

// CelerCBOR is github.com/celerjson/celer/cbor (RFC 8949) at its
// defaults: preferred serialization, []byte as a byte string.
type CelerCBOR struct{ buf []byte }

// Name implements [Format].
func (*CelerCBOR) Name() string { return "cbor" }

// Format implements [Format].
func (*CelerCBOR) Format() string { return "cbor" }

// Marshal calls cbor.AppendMarshal into a buffer reused between calls.
func (c *CelerCBOR) Marshal(v any) ([]byte, error) {
	var err error
	c.buf, err = cbor.AppendMarshal(c.buf[:0], v)
	return c.buf, err
}

// Unmarshal calls cbor.Unmarshal.
func (*CelerCBOR) Unmarshal(b []byte, v any) error { return cbor.Unmarshal(b, v) }
