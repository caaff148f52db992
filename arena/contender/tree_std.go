package contender

import "encoding/json"

// StdTree is [StdDOM]: maps and slices, read by indexing them.
type StdTree struct{ StdDOM }

// NewStdTree returns the encoding/json tree contender.
func NewStdTree() *StdTree { return &StdTree{} }

// Fields implements [Tree].
func (c *StdTree) Fields(s *Summary, paths [][]Step) error { return anyFields(s, c.v, paths) }

// Rows implements [Tree].
func (c *StdTree) Rows(s *Summary, names []string) error { return anyRows(s, c.v, names, SummarizeAny) }

// AppendJSON implements [Tree] with json.Marshal.
func (c *StdTree) AppendJSON(dst []byte) ([]byte, error) {
	b, err := json.Marshal(c.v)
	return append(dst, b...), err
}

// anyStep returns the value at path below v, a tree of maps and slices.
func anyStep(v any, path []Step) (any, bool) {
	for _, st := range path {
		switch st := st.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				return nil, false
			}
			if v, ok = m[st]; !ok {
				return nil, false
			}
		case int:
			a, ok := v.([]any)
			if !ok || st < 0 || st >= len(a) {
				return nil, false
			}
			v = a[st]
		}
	}
	return v, true
}

func anyFields(s *Summary, root any, paths [][]Step) error {
	for _, p := range paths {
		v, ok := anyStep(root, p)
		if !ok {
			return ErrMissing
		}
		SummarizeAny(s, v)
	}
	return nil
}

// anyRows reads the named members of every object of the array root with
// visit.
func anyRows(s *Summary, root any, names []string, visit func(*Summary, any)) error {
	rows, ok := root.([]any)
	if !ok {
		return ErrMissing
	}
	for _, r := range rows {
		m, ok := r.(map[string]any)
		if !ok {
			return ErrMissing
		}
		for _, n := range names {
			v, ok := m[n]
			if !ok {
				return ErrMissing
			}
			visit(s, v)
		}
	}
	return nil
}
