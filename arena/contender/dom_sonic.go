package contender

import (
	"fmt"
	"unsafe"

	"github.com/bytedance/sonic/ast"
)

// SonicDOM is github.com/bytedance/sonic/ast: ast.NewParser builds a lazy
// node tree, and LoadAll parses all of it, so the whole document is read
// as by the other DOMs.
type SonicDOM struct{ root ast.Node }

// NewSonicDOM returns the sonic ast contender.
func NewSonicDOM() *SonicDOM { return &SonicDOM{} }

// Lazy implements [LazyDOM]: even after LoadAll, sonic's nodes keep
// scalars and strings as raw text until read.
func (*SonicDOM) Lazy() {}

// Name implements [DOM].
func (*SonicDOM) Name() string { return "sonic" }

// ParseDOM parses b (viewed as a string without copying) with
// ast.NewParser and loads every node.
func (c *SonicDOM) ParseDOM(b []byte) error {
	root, err := ast.NewParser(unsafe.String(unsafe.SliceData(b), len(b))).Parse()
	if err != 0 {
		return fmt.Errorf("sonic ast: %v", err)
	}
	c.root = root
	return c.root.LoadAll()
}

// VisitDOM walks the tree with Properties and Values.
func (c *SonicDOM) VisitDOM() (s Summary, err error) {
	err = sonicVisit(&s, &c.root)
	return s, err
}

func sonicVisit(s *Summary, n *ast.Node) error {
	switch n.TypeSafe() {
	case ast.V_NULL:
		s.Nulls++
	case ast.V_TRUE:
		s.Bool(true)
	case ast.V_FALSE:
		s.Bool(false)
	case ast.V_NUMBER:
		f, err := n.Float64()
		if err != nil {
			return err
		}
		s.Num(f)
	case ast.V_STRING:
		v, err := n.String()
		if err != nil {
			return err
		}
		s.StrString(v)
	case ast.V_ARRAY:
		s.Arrays++
		it, err := n.Values()
		if err != nil {
			return err
		}
		var e ast.Node
		for it.Next(&e) {
			if err := sonicVisit(s, &e); err != nil {
				return err
			}
		}
	case ast.V_OBJECT:
		s.Objects++
		it, err := n.Properties()
		if err != nil {
			return err
		}
		var p ast.Pair
		for it.Next(&p) {
			s.Members++
			s.StrString(p.Key)
			if err := sonicVisit(s, &p.Value); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("sonic ast: unexpected type %d", n.TypeSafe())
	}
	return nil
}
