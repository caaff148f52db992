package contender

import (
	"io"

	"github.com/celerjson/celer"
	"github.com/celerjson/celer/arena/bindbench/types"
)

// CelerBind is the root package of github.com/celerjson/celer, the
// drop-in encoding/json, at its defaults (byte-identical to encoding/json).
type CelerBind struct{ buf []byte }

// NewCelerBind returns the celer binding contender.
func NewCelerBind() *CelerBind { return &CelerBind{} }

// Name implements [Binder].
func (*CelerBind) Name() string { return "celer" }

// Unmarshal calls celer.Unmarshal.
func (*CelerBind) Unmarshal(data []byte, v any) error { return celer.Unmarshal(data, v) }

// Marshal calls celer.AppendMarshal into a buffer reused between calls,
// the allocation-free form of celer.Marshal.
func (c *CelerBind) Marshal(v any) ([]byte, error) {
	var err error
	c.buf, err = celer.AppendMarshal(c.buf[:0], v)
	return c.buf, err
}

// DecodeStream uses celer.Elements, the typed iterator, for the
// benchmark's log records, and a celer.Decoder for any other type.
func (*CelerBind) DecodeStream(r io.Reader, v any, each func()) error {
	if p, ok := v.(*types.Log); ok {
		for rec, err := range celer.Elements[types.Log](r) {
			if err != nil {
				return err
			}
			*p = rec
			each()
		}
		return nil
	}
	d := celer.NewDecoder(r)
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
