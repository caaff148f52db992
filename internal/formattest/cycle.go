package formattest

import (
	"errors"
	"testing"

	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/internal/opts"
)

// SliceCycle marshals a slice that contains itself (s[0].K = s), directly,
// by pointer, inside an interface, a map and a struct field: each must fail
// with the depth error. Only pointers and maps counted in the depth, so
// such a slice recursed until the stack overflowed, which kills the
// process.
func SliceCycle(t *testing.T, marshal func(any, ...opts.Options) ([]byte, error)) {
	t.Helper()
	type node struct{ K []node }
	s := []node{{}}
	s[0].K = s
	type holder struct{ X any }
	for _, x := range []any{s, &s, []any{s}, map[string]any{"a": s}, holder{s}, &holder{s}} {
		for _, o := range [][]opts.Options{nil, {opts.MaxDepth(50)}} {
			if _, err := marshal(x, o...); !errors.Is(err, errs.ErrDepth) {
				t.Errorf("Marshal(%T) of a slice that contains itself, options %v: error %v, want the depth error", x, o, err)
			}
		}
	}
}
