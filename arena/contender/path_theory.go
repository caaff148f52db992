package contender

import (
	"encoding/json"

	"github.com/theory/jsonpath"
)

// TheoryPath is github.com/theory/jsonpath: RFC 9535 over values decoded
// by encoding/json into an empty interface.
type TheoryPath struct {
	data any
	p    *jsonpath.Path
	res  jsonpath.NodeList
}

// NewTheoryPath returns the theory/jsonpath contender.
func NewTheoryPath() *TheoryPath { return &TheoryPath{} }

// Name implements [JSONPather].
func (*TheoryPath) Name() string { return "theory" }

// LoadDoc calls json.Unmarshal.
func (c *TheoryPath) LoadDoc(b []byte) error { return json.Unmarshal(b, &c.data) }

// CompilePath calls jsonpath.Parse.
func (c *TheoryPath) CompilePath(expr string) (err error) {
	c.p, err = jsonpath.Parse(expr)
	return err
}

// Select calls Path.Select.
func (c *TheoryPath) Select() (int, error) {
	c.res = c.p.Select(c.data)
	return len(c.res), nil
}

// Results returns the selected values.
func (c *TheoryPath) Results() ([]any, error) { return []any(c.res), nil }
