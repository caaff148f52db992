package contender

import "github.com/bytedance/sonic/ast"

// SonicTree is [SonicDOM] read with Node.GetByPath and Node.Get and
// written with Node.MarshalJSON.
type SonicTree struct{ SonicDOM }

// NewSonicTree returns the sonic ast tree contender.
func NewSonicTree() *SonicTree { return &SonicTree{} }

// Fields implements [Tree].
func (c *SonicTree) Fields(s *Summary, paths [][]Step) error {
	for _, p := range paths {
		n := c.root.GetByPath(p...)
		if n == nil || !n.Exists() {
			return ErrMissing
		}
		if err := sonicVisit(s, n); err != nil {
			return err
		}
	}
	return nil
}

// Rows implements [Tree].
func (c *SonicTree) Rows(s *Summary, names []string) error {
	it, err := c.root.Values()
	if err != nil {
		return err
	}
	var row ast.Node
	for it.Next(&row) {
		for _, n := range names {
			v := row.Get(n)
			if v == nil || !v.Exists() {
				return ErrMissing
			}
			if err := sonicVisit(s, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// AppendJSON implements [Tree] with Node.MarshalJSON.
func (c *SonicTree) AppendJSON(dst []byte) ([]byte, error) {
	b, err := c.root.MarshalJSON()
	return append(dst, b...), err
}
