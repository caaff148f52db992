package contender

import "strconv"

// FastJSONTree is [FastJSONDOM] read with Value.Get (array indexes as
// decimal keys) and written with Value.MarshalTo.
type FastJSONTree struct {
	FastJSONDOM
	keys []string
}

// NewFastJSONTree returns the fastjson tree contender.
func NewFastJSONTree() *FastJSONTree { return &FastJSONTree{} }

// Fields implements [Tree].
func (c *FastJSONTree) Fields(s *Summary, paths [][]Step) error {
	for _, p := range paths {
		c.keys = stepKeys(c.keys[:0], p)
		v := c.v.Get(c.keys...)
		if v == nil {
			return ErrMissing
		}
		if err := fastjsonVisit(s, v); err != nil {
			return err
		}
	}
	return nil
}

// stepKeys appends the steps as strings, indexes in decimal.
func stepKeys(dst []string, p []Step) []string {
	for _, st := range p {
		switch st := st.(type) {
		case string:
			dst = append(dst, st)
		case int:
			dst = append(dst, strconv.Itoa(st))
		}
	}
	return dst
}

// Rows implements [Tree].
func (c *FastJSONTree) Rows(s *Summary, names []string) error {
	rows, err := c.v.Array()
	if err != nil {
		return err
	}
	for _, r := range rows {
		for _, n := range names {
			v := r.Get(n)
			if v == nil {
				return ErrMissing
			}
			if err := fastjsonVisit(s, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// AppendJSON implements [Tree] with Value.MarshalTo.
func (c *FastJSONTree) AppendJSON(dst []byte) ([]byte, error) { return c.v.MarshalTo(dst), nil }
