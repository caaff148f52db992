package contender

import "github.com/bytedance/sonic"

// SonicGet is github.com/bytedance/sonic's Get: a searcher that skips to
// the path in raw JSON (which it expects to be well-formed).
type SonicGet struct{ steps []any }

// NewSonicGet returns the sonic.Get contender.
func NewSonicGet() *SonicGet { return &SonicGet{} }

// Name implements [Lookuper].
func (*SonicGet) Name() string { return "sonic" }

// CompileLookup keeps the steps (names and ints, sonic's own form).
func (c *SonicGet) CompileLookup(steps []Step) error {
	c.steps = steps
	return nil
}

// Lookup calls sonic.Get and returns the node's raw text.
func (c *SonicGet) Lookup(b []byte) ([]byte, error) {
	n, err := sonic.Get(b, c.steps...)
	if err != nil {
		return nil, err
	}
	raw, err := n.Raw()
	return []byte(raw), err
}
