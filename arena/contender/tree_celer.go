package contender

import "github.com/celerjson/celer/dom"

// CelerTree is [CelerDOM] read by name with Value.Get, Value.Index and
// Value.Elements, and written with Value.AppendJSON.
type CelerTree struct{ CelerDOM }

// NewCelerTree returns the celer tree contender.
func NewCelerTree() *CelerTree { return &CelerTree{} }

// Fields implements [Tree].
func (c *CelerTree) Fields(s *Summary, paths [][]Step) error {
	root := c.doc.Root()
	for _, p := range paths {
		v := root
		for _, st := range p {
			switch st := st.(type) {
			case string:
				v = v.Get(st)
			case int:
				v = v.Index(st)
			}
		}
		if !v.Exists() {
			return ErrMissing
		}
		if err := c.visit(s, v); err != nil {
			return err
		}
	}
	return nil
}

// Rows implements [Tree].
func (c *CelerTree) Rows(s *Summary, names []string) error {
	for row := range c.doc.Root().Elements() {
		for _, n := range names {
			v := row.Get(n)
			if v.Kind() == dom.Invalid {
				return ErrMissing
			}
			if err := c.visit(s, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// AppendJSON implements [Tree] with Value.AppendJSON.
func (c *CelerTree) AppendJSON(dst []byte) ([]byte, error) {
	return c.doc.Root().AppendJSON(dst), nil
}
