package bson

import (
	"testing"

	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
)

// FuzzNumber: the one-pass case of appendValidNumber writes what the
// general path writes, or fails as it fails, under each number policy.
func FuzzNumber(f *testing.F) {
	for _, s := range []string{"0", "-0", "-0.0", "12", "-65.613616999999977", "1.5e3", "1e400", "0.1", "1E-7",
		"123456789.123456789", "0.00000000000000000001", "5e-324", "1.7976931348623159e308", "18446744073709551616"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b := []byte(s)
		if n, code := scan.Number(b, true); code != scan.OK || n != len(b) {
			return
		}
		defer func() { noDecimal = false }()
		for _, fl := range []opts.Flags{0, opts.InexactAsFloat, opts.InexactAsString, opts.InexactAsDecimal} {
			noDecimal = false
			got, gt, gerr := appendValidNumber(nil, b, fl)
			noDecimal = true
			want, wt, werr := appendValidNumber(nil, b, fl)
			noDecimal = false
			if (gerr == nil) != (werr == nil) || gt != wt || string(got) != string(want) {
				t.Fatalf("%q flags %x: %x %d (%v), general path %x %d (%v)", s, fl, got, gt, gerr, want, wt, werr)
			}
		}
	})
}
