package contender

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/ohler55/ojg/oj"
)

// OjgTree is [OjgDOM]: plain Go values, written with oj.Marshal. Its
// walk also reads the json.Number values ojg makes of numbers that an
// int64 or a float64 would not hold exactly.
type OjgTree struct{ OjgDOM }

// NewOjgTree returns the ojg tree contender.
func NewOjgTree() *OjgTree { return &OjgTree{} }

// VisitDOM walks the decoded value.
func (c *OjgTree) VisitDOM() (s Summary, err error) {
	err = ojgTreeVisit(&s, c.v)
	return s, err
}

// ojgTreeVisit is ojgVisit with json.Number read as a float64.
func ojgTreeVisit(s *Summary, v any) error {
	switch x := v.(type) {
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		if err != nil {
			return fmt.Errorf("ojg: number %q: %w", x, err)
		}
		s.Num(f)
	case []any:
		s.Arrays++
		for _, e := range x {
			if err := ojgTreeVisit(s, e); err != nil {
				return err
			}
		}
	case map[string]any:
		s.Objects++
		for k, e := range x {
			s.Members++
			s.StrString(k)
			if err := ojgTreeVisit(s, e); err != nil {
				return err
			}
		}
	default:
		return ojgVisit(s, v)
	}
	return nil
}

// Fields implements [Tree].
func (c *OjgTree) Fields(s *Summary, paths [][]Step) error {
	for _, p := range paths {
		v, ok := anyStep(c.v, p)
		if !ok {
			return ErrMissing
		}
		if err := ojgTreeVisit(s, v); err != nil {
			return err
		}
	}
	return nil
}

// Rows implements [Tree].
func (c *OjgTree) Rows(s *Summary, names []string) error {
	var err error
	rerr := anyRows(s, c.v, names, func(s *Summary, v any) {
		if e := ojgTreeVisit(s, v); e != nil && err == nil {
			err = e
		}
	})
	if rerr != nil {
		return rerr
	}
	return err
}

// AppendJSON implements [Tree] with oj.Marshal.
func (c *OjgTree) AppendJSON(dst []byte) ([]byte, error) {
	b, err := oj.Marshal(c.v)
	return append(dst, b...), err
}
