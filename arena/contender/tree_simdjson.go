package contender

import "github.com/minio/simdjson-go"

// SimdJSONTree is [SimdJSONDOM] read with Object.FindKey and array
// iteration, and written with Iter.MarshalJSONBuffer.
type SimdJSONTree struct {
	SimdJSONDOM
	obj simdjson.Object
	arr simdjson.Array
	el  simdjson.Element
}

// NewSimdJSONTree returns the simdjson-go tree contender; check
// NewSimdJSON first for CPU support.
func NewSimdJSONTree() *SimdJSONTree { return &SimdJSONTree{} }

func (c *SimdJSONTree) root() (simdjson.Iter, error) {
	it := c.pj.Iter()
	it.Advance()
	var root simdjson.Iter
	_, _, err := it.Root(&root)
	return root, err
}

// step moves it to the member name or element index st.
func (c *SimdJSONTree) step(it *simdjson.Iter, st Step) error {
	switch st := st.(type) {
	case string:
		o, err := it.Object(&c.obj)
		if err != nil {
			return err
		}
		if o.FindKey(st, &c.el) == nil {
			return ErrMissing
		}
		*it = c.el.Iter
	case int:
		a, err := it.Array(&c.arr)
		if err != nil {
			return err
		}
		ai := a.Iter()
		for i := 0; ; i++ {
			if ai.Advance() == simdjson.TypeNone {
				return ErrMissing
			}
			if i == st {
				*it = ai
				return nil
			}
		}
	}
	return nil
}

// Fields implements [Tree].
func (c *SimdJSONTree) Fields(s *Summary, paths [][]Step) error {
	root, err := c.root()
	if err != nil {
		return err
	}
	for _, p := range paths {
		it := root
		for _, st := range p {
			if err := c.step(&it, st); err != nil {
				return err
			}
		}
		if err := simdVisit(s, &it); err != nil {
			return err
		}
	}
	return nil
}

// Rows implements [Tree].
func (c *SimdJSONTree) Rows(s *Summary, names []string) error {
	root, err := c.root()
	if err != nil {
		return err
	}
	a, err := root.Array(&c.arr)
	if err != nil {
		return err
	}
	ai := a.Iter()
	for ai.Advance() != simdjson.TypeNone {
		o, err := ai.Object(&c.obj)
		if err != nil {
			return err
		}
		for _, n := range names {
			if o.FindKey(n, &c.el) == nil {
				return ErrMissing
			}
			if err := simdVisit(s, &c.el.Iter); err != nil {
				return err
			}
		}
	}
	return nil
}

// AppendJSON implements [Tree] with Iter.MarshalJSONBuffer.
func (c *SimdJSONTree) AppendJSON(dst []byte) ([]byte, error) {
	root, err := c.root()
	if err != nil {
		return dst, err
	}
	return root.MarshalJSONBuffer(dst)
}
