package contender

import (
	"fmt"

	"github.com/minio/simdjson-go"
)

// SimdJSONDOM is github.com/minio/simdjson-go: a tape parsed in one go
// (strings not copied, tape reused), walked with its iterators.
type SimdJSONDOM struct{ SimdJSON }

// NewSimdJSONDOM returns the simdjson-go DOM contender; check
// NewSimdJSON first for CPU support.
func NewSimdJSONDOM() *SimdJSONDOM { return &SimdJSONDOM{} }

// Name implements [DOM].
func (*SimdJSONDOM) Name() string { return SimdJSONName }

// ParseDOM calls simdjson.Parse with a reused tape.
func (c *SimdJSONDOM) ParseDOM(b []byte) error { return c.parse(b) }

// VisitDOM walks the tape with Iter, Object and Array.
func (c *SimdJSONDOM) VisitDOM() (s Summary, err error) {
	it := c.pj.Iter()
	it.Advance() // the root
	var root simdjson.Iter
	if _, _, err = it.Root(&root); err != nil {
		return s, err
	}
	err = simdVisit(&s, &root)
	return s, err
}

func simdVisit(s *Summary, it *simdjson.Iter) error {
	switch it.Type() {
	case simdjson.TypeNull:
		s.Nulls++
	case simdjson.TypeBool:
		b, err := it.Bool()
		if err != nil {
			return err
		}
		s.Bool(b)
	case simdjson.TypeInt, simdjson.TypeUint, simdjson.TypeFloat:
		f, err := it.Float()
		if err != nil {
			return err
		}
		s.Num(f)
	case simdjson.TypeString:
		b, err := it.StringBytes()
		if err != nil {
			return err
		}
		s.Str(b)
	case simdjson.TypeArray:
		s.Arrays++
		a, err := it.Array(nil)
		if err != nil {
			return err
		}
		e := a.Iter()
		for e.Advance() != simdjson.TypeNone {
			if err := simdVisit(s, &e); err != nil {
				return err
			}
		}
	case simdjson.TypeObject:
		s.Objects++
		o, err := it.Object(nil)
		if err != nil {
			return err
		}
		var e simdjson.Iter
		for {
			name, t, err := o.NextElementBytes(&e)
			if err != nil {
				return err
			}
			if t == simdjson.TypeNone {
				break
			}
			s.Members++
			s.Str(name)
			if err := simdVisit(s, &e); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("simdjson: unexpected type %v", it.Type())
	}
	return nil
}
