package scan

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// checkFloat compares ParseFloat64 with strconv where it claims a result.
func checkFloat(t testing.TB, s string) bool {
	got, ok := ParseFloat64([]byte(s))
	if !ok {
		return false
	}
	want, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("%q: strconv: %v", s, err)
	}
	if math.Float64bits(got) != math.Float64bits(want) {
		t.Errorf("ParseFloat64(%q) = %v (%#x), want %v (%#x)", s, got, math.Float64bits(got), want, math.Float64bits(want))
	}
	return true
}

func TestParseFloat64(t *testing.T) {
	fast := []string{"0", "-0", "1", "-1", "0.5", "1.5e3", "123456789012345", "9007199254740992",
		"1e22", "1e-22", "-72.622739", "42.070206", "0.000123", "1.50", "0e10", "-0.0", "1E+2", "3.14159",
		"900719925474099.2", "0.1", "0.2", "0.3", "1e0", "123e-20", "5e-1"}
	for _, s := range fast {
		if !checkFloat(t, s) {
			t.Errorf("%q: no fast result", s)
		}
	}
	// Long mantissas and far exponents take the Eisel-Lemire path; they
	// must be right whenever a result is claimed, and most must have one.
	long := []string{"9007199254740993", "1e23", "1e-23", "-65.613616999999977", "43.420273000000009",
		"17976931348623157e292", "2.2250738585072014e-308", "4.9406564584124654e-320", "1e308", "1.7976931348623157e308",
		"9007199254740993e-3", "123456789012345678e-5", "0.30000000000000004"}
	claimed := 0
	for _, s := range long {
		if checkFloat(t, s) {
			claimed++
		}
	}
	if claimed < len(long)-3 {
		t.Errorf("only %d of %d long numbers took a fast path", claimed, len(long))
	}
	// These must fall back: more than 19 digits, exponents out of range.
	for _, s := range []string{"12345678901234567890", "1e400", "1e-400", "0.1e00000", "123456789012345678901e-3"} {
		if checkFloat(t, s) {
			t.Errorf("%q: fast result claimed", s)
		}
	}
	// Random numbers of every shape the fast path takes.
	r := rand.New(rand.NewPCG(1, 2))
	n := 0
	for range 200000 {
		m := r.Uint64() >> (r.IntN(64))
		s := strconv.FormatUint(m, 10)
		if p := r.IntN(len(s) + 1); p < len(s) && r.IntN(2) == 0 {
			s = s[:p] + "." + s[p:]
			if p == 0 {
				s = "0" + s
			}
		}
		if r.IntN(3) == 0 {
			s += "e" + strconv.Itoa(r.IntN(60)-30)
		}
		if r.IntN(2) == 0 {
			s = "-" + s
		}
		if checkFloat(t, s) {
			n++
		}
	}
	if n < 50000 {
		t.Errorf("only %d of 200000 random numbers took the fast path", n)
	}
}

// TestParseFloat64Long compares the Eisel-Lemire path with strconv on
// random mantissas of 16 to 19 digits over the whole exponent range, and
// on the shortest text of random doubles.
func TestParseFloat64Long(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n, fast := 300000, 0
	for i := range n {
		var s string
		if i%2 == 0 {
			d := 16 + r.IntN(4)
			m := r.Uint64() % 10000000000000000000
			s = strconv.FormatUint(m, 10)
			if len(s) > d {
				s = s[:d]
			}
			s += "e" + strconv.Itoa(r.IntN(660)-340)
		} else {
			f := math.Float64frombits(r.Uint64() &^ (1 << 63))
			if math.IsNaN(f) || math.IsInf(f, 0) {
				continue
			}
			s = strconv.FormatFloat(f, 'g', -1, 64)
		}
		if checkFloat(t, s) {
			fast++
		}
		if t.Failed() {
			return
		}
	}
	if fast < n*8/10 {
		t.Errorf("only %d of %d took a fast path", fast, n)
	}
}

func FuzzParseFloat64(f *testing.F) {
	for _, s := range []string{"0", "-1.5e3", "0.000123", "9007199254740992"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if n, code := Number([]byte(s), true); code != OK || n != len(s) {
			return // not one valid JSON number
		}
		checkFloat(t, s)
	})
}
