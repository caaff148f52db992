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
	buf []byte // strings unescaped by VisitDOM
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

// VisitDOM walks the Doc with Value.AllBytes and Value.Elements, reading
// strings with AppendText into a reused buffer: the allocation-free way to
// read a Doc, as fastjson's visitor reads its values as byte slices.
func (c *CelerDOM) VisitDOM() (s Summary, err error) {
	err = c.visit(&s, c.doc.Root())
	return s, err
}

func (c *CelerDOM) visit(s *Summary, v dom.Value) error {
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
		var err error
		if c.buf, err = v.AppendText(c.buf[:0]); err != nil {
			return err
		}
		s.Str(c.buf)
	case dom.Array:
		s.Arrays++
		for e := range v.Elements() {
			if err := c.visit(s, e); err != nil {
				return err
			}
		}
	case dom.Object:
		s.Objects++
		for k, e := range v.AllBytes() {
			s.Members++
			s.Str(k)
			if err := c.visit(s, e); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("celer dom: unexpected kind %v", v.Kind())
	}
	return nil
}
