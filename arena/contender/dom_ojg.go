package contender

import (
	"fmt"
	"math/big"

	"github.com/ohler55/ojg/oj"
)

// OjgDOM is github.com/ohler55/ojg/oj: a reused oj.Parser building plain
// Go values (map[string]any, []any, int64, float64, string, bool, nil).
type OjgDOM struct {
	p oj.Parser
	v any
}

// NewOjgDOM returns the ojg contender.
func NewOjgDOM() *OjgDOM { return &OjgDOM{} }

// Name implements [DOM].
func (*OjgDOM) Name() string { return "ojg" }

// ParseDOM calls oj.Parser.Parse.
func (c *OjgDOM) ParseDOM(b []byte) (err error) {
	c.v, err = c.p.Parse(b)
	return err
}

// VisitDOM walks the decoded value.
func (c *OjgDOM) VisitDOM() (s Summary, err error) {
	err = ojgVisit(&s, c.v)
	return s, err
}

func ojgVisit(s *Summary, v any) error {
	switch x := v.(type) {
	case nil:
		s.Nulls++
	case bool:
		s.Bool(x)
	case int64:
		s.Num(float64(x))
	case float64:
		s.Num(x)
	case *big.Int:
		f, _ := new(big.Float).SetInt(x).Float64()
		s.Num(f)
	case *big.Float:
		f, _ := x.Float64()
		s.Num(f)
	case string:
		s.StrString(x)
	case []any:
		s.Arrays++
		for _, e := range x {
			if err := ojgVisit(s, e); err != nil {
				return err
			}
		}
	case map[string]any:
		s.Objects++
		for k, e := range x {
			s.Members++
			s.StrString(k)
			if err := ojgVisit(s, e); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("ojg: unexpected %T", v)
	}
	return nil
}
