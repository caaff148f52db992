package contender

import (
	"fmt"

	"github.com/valyala/fastjson"
)

// FastJSONDOM is github.com/valyala/fastjson's Parser (reused), whose
// values are parsed lazily where possible (numbers on access).
type FastJSONDOM struct {
	p fastjson.Parser
	v *fastjson.Value
}

// NewFastJSONDOM returns the fastjson DOM contender.
func NewFastJSONDOM() *FastJSONDOM { return &FastJSONDOM{} }

// Name implements [DOM].
func (*FastJSONDOM) Name() string { return "fastjson" }

// ParseDOM calls Parser.ParseBytes.
func (c *FastJSONDOM) ParseDOM(b []byte) (err error) {
	c.v, err = c.p.ParseBytes(b)
	return err
}

// VisitDOM walks the tree with Object.Visit and Value.GetArray.
func (c *FastJSONDOM) VisitDOM() (s Summary, err error) {
	err = fastjsonVisit(&s, c.v)
	return s, err
}

func fastjsonVisit(s *Summary, v *fastjson.Value) error {
	switch v.Type() {
	case fastjson.TypeNull:
		s.Nulls++
	case fastjson.TypeTrue:
		s.Bool(true)
	case fastjson.TypeFalse:
		s.Bool(false)
	case fastjson.TypeNumber:
		f, err := v.Float64()
		if err != nil {
			return err
		}
		s.Num(f)
	case fastjson.TypeString:
		b, err := v.StringBytes()
		if err != nil {
			return err
		}
		s.Str(b)
	case fastjson.TypeArray:
		s.Arrays++
		a, _ := v.Array()
		for _, e := range a {
			if err := fastjsonVisit(s, e); err != nil {
				return err
			}
		}
	case fastjson.TypeObject:
		s.Objects++
		o, _ := v.Object()
		var err error
		o.Visit(func(k []byte, e *fastjson.Value) {
			s.Members++
			s.Str(k)
			if err == nil {
				err = fastjsonVisit(s, e)
			}
		})
		return err
	default:
		return fmt.Errorf("fastjson: unexpected type %v", v.Type())
	}
	return nil
}
