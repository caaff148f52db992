package bson

import (
	"errors"
	"math/big"
	"math/rand"
	"strconv"
	"testing"
)

// TestDecimalSpecExamples parses the numeric strings listed in the
// Decimal128 specification ("From String Representation") and checks
// their text by its "To String Representation" rules, worked out by hand
// (coefficient, exponent, adjusted exponent).
func TestDecimalSpecExamples(t *testing.T) {
	for _, tc := range []struct{ in, out string }{
		{"0", "0"},
		{"12", "12"},
		{"-76", "-76"},
		{"12.70", "12.70"},         // 1270E-2
		{"+0.003", "0.003"},        // 3E-3
		{"017.", "17"},             // 17E0
		{".5", "0.5"},              // 5E-1
		{"4E+9", "4E+9"},           // exponent > 0: exponential
		{"0.73e-7", "7.3E-8"},      // 73E-9, adjusted -8 < -6
		{"Inf", "Infinity"},        //
		{"-infinity", "-Infinity"}, //
		{"NaN", "NaN"},             //
		{"-NaN", "NaN"},            // every NaN prints NaN
		{"0.000001", "0.000001"},   // adjusted -6: plain
		{"0.0000001", "1E-7"},      // adjusted -7
		{"0.00", "0.00"},           // 0E-2
		{"0E+3", "0E+3"},
		{"-0", "-0"},
		{"1234.5", "1234.5"},
		{"123E-10", "1.23E-8"},
		{"1.000000000000000000000000000000000", "1.000000000000000000000000000000000"}, // 34 digits
		{"9999999999999999999999999999999999", "9999999999999999999999999999999999"},
		{"1E+6111", "1E+6111"},
		{"1E+6112", "1.0E+6112"}, // clamped: 10E+6111
		{"1E-6176", "1E-6176"},   //
		{"10E-6177", "1E-6176"},  // exact rounding of a trailing zero
		{"0E-6177", "0E-6176"},   // a zero clamps its exponent
		{"0E+6112", "0E+6111"},   //
		{"12345678901234567890123456789012340", "1.234567890123456789012345678901234E+34"}, // 35 digits, trailing zero dropped
	} {
		d, err := ParseDecimal128(tc.in)
		if err != nil || d.String() != tc.out {
			t.Errorf("%s -> %s (%v), want %s", tc.in, d, err, tc.out)
		}
		// The text reads back to the same bits, but for NaN signs.
		if back, err := ParseDecimal128(d.String()); err != nil || back != d && tc.in != "-NaN" {
			t.Errorf("%s: %s reads back as %s (%v)", tc.in, d, back, err)
		}
	}
	for _, in := range []string{"", ".", "+", "-", "1..2", "1e", "1e+", "e5", "1.5f", "Infinit", "nan1", " 1", "1 ",
		"12345678901234567890123456789012345", // 35 significant digits
		"1E+6145", "1E-6177", "0x10"} {
		if d, err := ParseDecimal128(in); !errors.Is(err, ErrDecimal) {
			t.Errorf("%q: %s, %v; want ErrDecimal", in, d, err)
		}
	}
}

// TestDecimalBits checks encodings worked out by hand from the BID
// layout: sign, 14 exponent bits biased by 6176, 113 coefficient bits.
func TestDecimalBits(t *testing.T) {
	for _, tc := range []struct {
		s      string
		hi, lo uint64
	}{
		{"1", 0x3040000000000000, 1},
		{"-1", 0xb040000000000000, 1},
		{"0", 0x3040000000000000, 0},
		{"2.00", 0x303c000000000000, 200},
		{"Infinity", 0x7800000000000000, 0},
		{"-Infinity", 0xf800000000000000, 0},
		{"NaN", 0x7c00000000000000, 0},
		{"9999999999999999999999999999999999", 0x3041ed09bead87c0, 0x378d8e63ffffffff},
		{"1E-6176", 0x0000000000000000, 1},
		{"1E+6111", 0x5ffe000000000000, 1},
	} {
		d, err := ParseDecimal128(tc.s)
		if hi, lo := d.Bits(); err != nil || hi != tc.hi || lo != tc.lo {
			t.Errorf("%s: %x %x (%v), want %x %x", tc.s, hi, lo, err, tc.hi, tc.lo)
		}
	}
	// Forms no canonical number has read as zero with their exponent.
	for _, tc := range []struct {
		hi, lo uint64
		s      string
	}{
		{0x6c10000000000000, 0, "0"},                     // large-significand form, exponent bias: 0E+0
		{0x6c11fffffffffff0, 0xffffffffffffffff, "0E+3"}, // exponent bits 124-111 give 6179
		{0x3041ed09bead87c0, 0x378d8e6400000000, "0"},    // 10^34: one beyond the largest coefficient
		{0x7e00000000000000, 0, "NaN"},                   // signaling NaN
		{0xfc00000000000000, 12, "NaN"},                  // negative NaN with a payload
		{0x7a00000000000000, 0, "Infinity"},              // infinity with ignored bits
	} {
		if s := NewDecimal128(tc.hi, tc.lo).String(); s != tc.s {
			t.Errorf("%x %x: %s, want %s", tc.hi, tc.lo, s, tc.s)
		}
	}
}

// TestDecimalRandom compares text conversion with math/big on random
// coefficients and exponents.
func TestDecimalRandom(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	max := new(big.Int).Exp(big.NewInt(10), big.NewInt(34), nil)
	for range 20000 {
		c := new(big.Int).Rand(r, max)
		exp := r.Intn(6111+6176+1) - 6176
		if r.Intn(4) == 0 {
			exp = r.Intn(41) - 20
		}
		neg := r.Intn(2) == 0
		s := c.String() + "E" + strconv.Itoa(exp)
		if neg {
			s = "-" + s
		}
		d, err := ParseDecimal128(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		hi, lo := d.Bits()
		coef := new(big.Int).SetUint64(hi & (1<<49 - 1))
		coef.Lsh(coef, 64).Or(coef, new(big.Int).SetUint64(lo))
		if coef.Cmp(c) != 0 || int(hi>>49&0x3fff)-6176 != exp || (hi>>63 == 1) != neg {
			t.Fatalf("%s: bits %x %x", s, hi, lo)
		}
		// The text has the same value (as a rational) and reads back.
		x, ok1 := new(big.Rat).SetString(d.String())
		y, ok2 := new(big.Rat).SetString(s)
		if !ok1 || !ok2 || x.Cmp(y) != 0 {
			t.Fatalf("%s printed as %s", s, d)
		}
		if back, err := ParseDecimal128(d.String()); err != nil || back != d {
			t.Fatalf("%s: %s reads back as %s", s, d, back)
		}
	}
}
