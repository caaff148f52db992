package formattest

import (
	"testing"

	"github.com/celerjson/celer/internal/opts"
)

// ZeroArrayAtEnd marshals a struct whose last field is a [0]string, and a
// slice of that field, and unmarshals the struct back. Such a field sits in
// the struct's trailing padding, where no string fits: converting its
// address to *string is invalid, and under -race (checkptr) kills the
// process.
func ZeroArrayAtEnd(t *testing.T, marshal func(any, ...opts.Options) ([]byte, error), unmarshal func([]byte, any, ...opts.Options) error) {
	t.Helper()
	type tail struct {
		A int
		Z [0]string
	}
	v := &tail{A: 1}
	for _, x := range []any{v, v.Z[:]} {
		b, err := marshal(x)
		if err != nil {
			t.Fatalf("Marshal(%T): %v", x, err)
		}
		if _, ok := x.(*tail); ok {
			var w tail
			if err := unmarshal(b, &w); err != nil || w.A != 1 {
				t.Fatalf("Unmarshal: %+v, %v", w, err)
			}
		}
	}
}
