package contender

import "github.com/ohler55/ojg/oj"

// OjgTree is [OjgDOM]: plain Go values, written with oj.Marshal.
type OjgTree struct{ OjgDOM }

// NewOjgTree returns the ojg tree contender.
func NewOjgTree() *OjgTree { return &OjgTree{} }

// Fields implements [Tree].
func (c *OjgTree) Fields(s *Summary, paths [][]Step) error {
	for _, p := range paths {
		v, ok := anyStep(c.v, p)
		if !ok {
			return ErrMissing
		}
		if err := ojgVisit(s, v); err != nil {
			return err
		}
	}
	return nil
}

// Rows implements [Tree].
func (c *OjgTree) Rows(s *Summary, names []string) error {
	var err error
	rerr := anyRows(s, c.v, names, func(s *Summary, v any) {
		if e := ojgVisit(s, v); e != nil && err == nil {
			err = e
		}
	})
	if rerr != nil {
		return rerr
	}
	return err
}

// AppendJSON implements [Tree] with oj.Marshal.
func (c *OjgTree) AppendJSON(dst []byte) ([]byte, error) {
	b, err := oj.Marshal(c.v)
	return append(dst, b...), err
}
