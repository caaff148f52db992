package contender

import (
	"errors"
	"io"

	"github.com/go-faster/jx"
)

// Jx is github.com/go-faster/jx. It has no formatter for raw JSON, so it
// implements neither [Compacter] nor [Indenter].
type Jx struct {
	d      jx.Decoder
	n      int
	elem   func(d *jx.Decoder) error
	member func(d *jx.Decoder, key []byte) error
}

// NewJx returns the jx contender.
func NewJx() *Jx {
	c := &Jx{}
	c.elem = c.value
	c.member = func(d *jx.Decoder, _ []byte) error { c.n++; return c.value(d) }
	return c
}

// Name implements [Syntax].
func (*Jx) Name() string { return "jx" }

// Valid calls jx.Valid.
func (*Jx) Valid(b []byte) bool { return jx.Valid(b) }

// Tokenize walks b with a reused jx.Decoder: Next peeks at each value's
// type, ObjBytes and Arr descend into containers (names are passed as
// byte views) and Skip consumes scalars without converting them.
func (c *Jx) Tokenize(b []byte) (int, error) {
	c.d.ResetBytes(b)
	c.n = 0
	for c.d.Next() != jx.Invalid {
		if err := c.value(&c.d); err != nil {
			return c.n, err
		}
	}
	// Next reports Invalid both at the end of input and on a bad byte.
	if err := c.d.Skip(); !errors.Is(err, io.EOF) {
		return c.n, err
	}
	return c.n, nil
}

// value counts the tokens of the value at d's position.
func (c *Jx) value(d *jx.Decoder) error {
	switch d.Next() {
	case jx.Object:
		c.n += 2 // '{' and '}'
		return d.ObjBytes(c.member)
	case jx.Array:
		c.n += 2 // '[' and ']'
		return d.Arr(c.elem)
	default:
		c.n++
		return d.Skip()
	}
}
