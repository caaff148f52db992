package contender

import "encoding/json"

// StdDOM is encoding/json decoding into an empty interface: maps, slices,
// float64s and strings.
type StdDOM struct{ v any }

// NewStdDOM returns the encoding/json DOM contender.
func NewStdDOM() *StdDOM { return &StdDOM{} }

// Name implements [DOM].
func (*StdDOM) Name() string { return "stdjson" }

// ParseDOM calls json.Unmarshal into an empty interface.
func (c *StdDOM) ParseDOM(b []byte) error {
	c.v = nil
	return json.Unmarshal(b, &c.v)
}

// VisitDOM walks the decoded value.
func (c *StdDOM) VisitDOM() (s Summary, err error) {
	SummarizeAny(&s, c.v)
	return s, nil
}
