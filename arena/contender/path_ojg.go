package contender

import (
	"github.com/ohler55/ojg/jp"
	"github.com/ohler55/ojg/oj"
)

// OjgPath is github.com/ohler55/ojg's jp: JSONPath (Goessner's, with many
// RFC 9535 forms) over values parsed by oj.
type OjgPath struct {
	data any
	x    jp.Expr
	res  []any
}

// NewOjgPath returns the ojg jp contender.
func NewOjgPath() *OjgPath { return &OjgPath{} }

// Name implements [JSONPather].
func (*OjgPath) Name() string { return "ojg" }

// LoadDoc calls oj.Parse.
func (c *OjgPath) LoadDoc(b []byte) (err error) {
	c.data, err = oj.Parse(b)
	return err
}

// CompilePath calls jp.ParseString.
func (c *OjgPath) CompilePath(expr string) (err error) {
	c.x, err = jp.ParseString(expr)
	return err
}

// Select calls Expr.Get.
func (c *OjgPath) Select() (int, error) {
	c.res = c.x.Get(c.data)
	return len(c.res), nil
}

// Results returns the selected values with numbers as float64.
func (c *OjgPath) Results() ([]any, error) {
	out := make([]any, len(c.res))
	for i, v := range c.res {
		out[i] = normalize(v)
	}
	return out, nil
}
