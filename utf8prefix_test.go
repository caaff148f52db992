package celer

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// TestUTF8Prefix feeds inputs to a utf8Prefix in random pieces and checks,
// after every piece, that the valid region is valid UTF-8 ending on a
// character boundary, that it covers every complete character while the
// input is valid, and that bad is reported exactly when the input checked
// so far is not valid UTF-8.
func TestUTF8Prefix(t *testing.T) {
	good := []string{"a", "zz", "\u00e9", "\u20ac", "\U0001F600"}
	bad := []string{"\xff", "\xc3", "\xe2\x82", "\xed\xa0\x80", "\x80"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		var in []byte
		for range rng.IntN(12) {
			if rng.IntN(10) == 0 {
				in = append(in, bad[rng.IntN(len(bad))]...)
			} else {
				in = append(in, good[rng.IntN(len(good))]...)
			}
		}
		var u utf8Prefix
		var buf []byte
		for len(buf) < len(in) {
			n := 1 + rng.IntN(len(in)-len(buf))
			buf = in[:len(buf)+n]
			final := len(buf) == len(in)
			u.extend(buf, final)
			if !utf8.Valid(buf[:u.valid]) {
				t.Fatalf("%q: valid region %q is not valid UTF-8", in, buf[:u.valid])
			}
			cut := len(buf)
			if !final {
				cut = utf8Cut(buf, 0, len(buf))
			}
			if good := utf8.Valid(buf[:cut]); good == u.bad() {
				t.Fatalf("%q read to %d: bad() = %v, input valid to %d: %v", in, len(buf), u.bad(), cut, good)
			} else if good && u.valid != cut {
				t.Fatalf("%q read to %d: valid = %d, want %d", in, len(buf), u.valid, cut)
			}
		}
	}
}

// TestUTF8PrefixSkip: skipping past bad input makes the region good
// again once the skip passes everything checked.
func TestUTF8PrefixSkip(t *testing.T) {
	var u utf8Prefix
	buf := []byte("ab\xffcd")
	u.extend(buf, false)
	if !u.bad() || u.valid != 0 {
		t.Fatalf("after bad input: bad %v valid %d", u.bad(), u.valid)
	}
	u.skip(3) // checked is 5: still bad
	if !u.bad() {
		t.Fatal("skip short of the checked input cleared bad")
	}
	u.skip(5)
	buf = append(buf, "\u00e9f"...)
	u.extend(buf, false)
	if u.bad() || u.valid != len(buf) {
		t.Fatalf("after skip past bad input: bad %v valid %d, want %d", u.bad(), u.valid, len(buf))
	}
	u.shift(4)
	if u.valid != len(buf)-4 || u.checked != len(buf)-4 {
		t.Fatalf("shift: valid %d checked %d", u.valid, u.checked)
	}
}
