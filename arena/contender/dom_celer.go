package contender

import (
	"fmt"

	"github.com/celerjson/celer/dom"
)

// CelerDOM is github.com/celerjson/celer/dom: a tape DOM built by a
// reused dom.Parser, strict by default.
type CelerDOM struct {
	p   dom.Parser
	doc *dom.Doc
}

// NewCelerDOM returns the celer DOM contender.
func NewCelerDOM() *CelerDOM { return &CelerDOM{} }

// Name implements [DOM].
func (*CelerDOM) Name() string { return "celer" }

// ParseDOM calls dom.Parser.Parse.
func (c *CelerDOM) ParseDOM(b []byte) (err error) {
	c.doc, err = c.p.Parse(b)
	return err
}

// VisitDOM walks the Doc with Value.All and Value.Elements.
func (c *CelerDOM) VisitDOM() (s Summary, err error) {
	err = celerVisit(&s, c.doc.Root())
	return s, err
}

func celerVisit(s *Summary, v dom.Value) error {
	switch v.Kind() {
	case dom.Null:
		s.Nulls++
	case dom.Bool:
		b, err := v.Bool()
		if err != nil {
			return err
		}
		s.Bool(b)
	case dom.Number:
		f, err := v.Float64()
		if err != nil {
			return err
		}
		s.Num(f)
	case dom.String:
		t, err := v.Text()
		if err != nil {
			return err
		}
		s.StrString(t)
	case dom.Array:
		s.Arrays++
		for e := range v.Elements() {
			if err := celerVisit(s, e); err != nil {
				return err
			}
		}
	case dom.Object:
		s.Objects++
		for k, e := range v.All() {
			s.Members++
			s.StrString(k)
			if err := celerVisit(s, e); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("celer dom: unexpected kind %v", v.Kind())
	}
	return nil
}
