package contender

import (
	"errors"

	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/path"
)

// CelerPath is github.com/celerjson/celer/path: dotted paths evaluated on
// raw bytes (Dotted.LookupBytes, which skips what the path does not
// enter), and RFC 9535 queries evaluated on a dom.Doc.
type CelerPath struct {
	dotted path.Dotted
	doc    *dom.Doc
	q      *path.Query
	res    []dom.Value
}

// NewCelerPath returns the celer path contender.
func NewCelerPath() *CelerPath { return &CelerPath{} }

// Name implements [Lookuper] and [JSONPather].
func (*CelerPath) Name() string { return "celer" }

// CompileLookup compiles the dotted form of steps.
func (c *CelerPath) CompileLookup(steps []Step) (err error) {
	c.dotted, err = path.CompileDotted(DottedPath(steps))
	return err
}

// Lookup calls Dotted.LookupBytes.
func (c *CelerPath) Lookup(b []byte) ([]byte, error) {
	r, err := c.dotted.LookupBytes(b)
	if err == nil && r == nil {
		return nil, errors.New("not found")
	}
	return r, err
}

// LoadDoc parses b with dom.Parse.
func (c *CelerPath) LoadDoc(b []byte) (err error) {
	c.doc, err = dom.Parse(b)
	return err
}

// CompilePath calls path.Compile.
func (c *CelerPath) CompilePath(expr string) (err error) {
	c.q, err = path.Compile(expr)
	return err
}

// Select calls Query.AppendSelect into a reused slice.
func (c *CelerPath) Select() (int, error) {
	c.res = c.q.AppendSelect(c.res[:0], c.doc.Root())
	return len(c.res), nil
}

// Results decodes the raw text of each selected value.
func (c *CelerPath) Results() ([]any, error) {
	raws := make([][]byte, len(c.res))
	for i, v := range c.res {
		raws[i] = v.Raw()
	}
	return decodeAll(raws)
}
