package celer

import (
	"encoding/binary"
	"errors"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestReadNumbers checks readFloat and readInt against strconv on numbers
// of every shape they take or must refuse, each followed by a delimiter
// or at the end of the input.
func TestReadNumbers(t *testing.T) {
	nums := []string{
		"0", "-0", "1", "-1", "0.5", "-0.5", "10", "123456789012345678", "1234567890123456789",
		"12345678901234567890", "9007199254740992", "9007199254740993", "9007199254740993.0",
		"0.1", "0.2", "0.30000000000000004", "-86.51557", "33.584132", "1e5", "1E5", "1.5e-3", "1e22", "1e23", "5e-324", "1e-400", "1e400", "2.5E+10", "-1e00010",
		"-0.0", "0.0000000000000000000001", "0.00000000000000000000001", "1.7976931348623157",
		"4.9406564584124654", "2.2250738585072014", "123.456", "0.000001", "100000000000000000000",
		"3.14159265358979323846", "1.0000000000000002", "99999999999999999",
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		digits := r.IntN(20) + 1
		s := strconv.FormatUint(r.Uint64()%uint64(math.Pow10(min(digits, 19))), 10)
		if r.IntN(2) == 0 && len(s) > 1 {
			k := r.IntN(len(s)-1) + 1
			s = s[:k] + "." + s[k:]
		}
		if s[0] == '0' && len(s) > 1 && s[1] != '.' {
			continue // not JSON
		}
		if r.IntN(4) == 0 {
			s += [...]string{"e", "E", "e+", "e-"}[r.IntN(4)] + strconv.Itoa(r.IntN(400))
		}
		if r.IntN(2) == 0 {
			s = "-" + s
		}
		nums = append(nums, s)
	}
	for _, n := range nums {
		for _, tail := range []string{"", ",", "]", "}", " "} {
			b := []byte(n + tail)
			want, err := strconv.ParseFloat(n, 64)
			if errors.Is(err, strconv.ErrRange) {
				if _, _, ok := readFloat(b, 0); ok {
					t.Errorf("readFloat(%q) accepted a number out of range", b)
				}
				continue
			} else if err != nil {
				t.Fatalf("bad test number %q", n)
			}
			if f, end, ok := readFloat(b, 0); ok {
				if end != len(n) || math.Float64bits(f) != math.Float64bits(want) {
					t.Errorf("readFloat(%q) = %v, %d; want %v, %d", b, f, end, want, len(n))
				}
			} else if len(n) < 12 && !strings.ContainsAny(n, "eE") {
				t.Errorf("readFloat(%q) refused a short decimal", b) // (Eisel-Lemire may refuse some exponents)
			}
			wantInt, err := strconv.ParseInt(n, 10, 64)
			if i, end, ok := readInt(b, 0); ok {
				if err != nil || end != len(n) || i != wantInt {
					t.Errorf("readInt(%q) = %d, %d; want %d, %d (%v)", b, i, end, wantInt, len(n), err)
				}
			} else if err == nil && len(n) < 18 {
				t.Errorf("readInt(%q) refused a short integer", b)
			}
		}
	}
}

// TestDigitsWide checks digitsWide against the byte loop on runs of every
// length up to 20 digits, followed by each kind of byte that ends a
// number, at every offset of a word.
func TestDigitsWide(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 20; n++ {
		for _, end := range []string{"", ",", ".", "e", "E", "]", "}", " ", "/", ":", "\xb0", "\x00"} {
			for pad := range 8 {
				for range 20 {
					b := []byte(strings.Repeat("x", pad))
					for range n {
						b = append(b, byte('0'+rng.IntN(10)))
					}
					if end != "" { // else the input ends with the digits
						b = append(b, end...)
						b = append(b, "12345678"[:rng.IntN(9)]...)
					}
					m0 := rng.Uint64N(1000)
					wm, wi := digits(b, pad, m0)
					gm, gi := digitsWide(b, pad, m0)
					if gm != wm || gi != wi {
						t.Fatalf("digitsWide(%q, %d, %d) = %d, %d; want %d, %d", b, pad, m0, gm, gi, wm, wi)
					}
				}
			}
		}
	}
}

// TestOFloatWindow checks oFloat's fast path against oFloatSlow (the
// path it leaves to) and strconv: on numbers of every length of integer
// part and fraction up to 30 digits, with and without a sign and an
// exponent, on what is not quite a number, and at every distance from the
// end of the input, so that numbers cross the end of the window.
func TestOFloatWindow(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	digits := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + r.IntN(10))
		}
		return string(b)
	}
	var nums []string
	for ni := 0; ni <= 30; ni++ {
		for nf := -1; nf <= 30; nf++ {
			for range 6 {
				s := digits(ni)
				if nf >= 0 {
					s += "." + digits(nf)
				}
				switch r.IntN(6) {
				case 0:
					s = "-" + s
				case 1:
					s += [...]string{"e", "E", "e+", "e-", "e0"}[r.IntN(5)] + digits(r.IntN(4))
				case 2:
					if len(s) > 0 {
						s = "0" + s[1:]
					}
				}
				nums = append(nums, s)
			}
		}
	}
	nums = append(nums, "-", ".", "-.5", "0.", "1.e5", "01", "-01.5", "00", "0x1", "1..2", "9007199254740993",
		"-65.613616999999977", "-0.000", "0.0000000000000000001", "1234567890123456789.5", "123456789012345678.9")
	for range 3000 { // what is not quite a number
		b := make([]byte, r.IntN(25))
		for i := range b {
			b[i] = "0123456789.-+eE,x"[r.IntN(17)]
		}
		nums = append(nums, string(b))
	}
	for _, n := range nums {
		for pad := 0; pad <= floatWindow+2; pad++ {
			b := []byte(n) // the number, at the end of the input or followed by pad bytes
			if pad > 0 {
				b = append(b, ","+strings.Repeat("7", pad-1)...)
			}
			d := &decodeState{data: b}
			f, ok := d.oFloat()
			ds := &decodeState{data: b}
			sf, sok := ds.oFloatSlow()
			if ok != sok || ok && (d.off != ds.off || math.Float64bits(f) != math.Float64bits(sf)) {
				t.Fatalf("oFloat(%q) = %v, %v (to %d); oFloatSlow: %v, %v (to %d)", b, f, ok, d.off, sf, sok, ds.off)
			}
			if !ok {
				continue
			}
			want, err := strconv.ParseFloat(string(b[:d.off]), 64)
			if err != nil || math.Float64bits(want) != math.Float64bits(f) {
				t.Fatalf("oFloat(%q) = %v (to %d); strconv: %v, %v", b, f, d.off, want, err)
			}
		}
	}
}

// TestDigitRun checks digitRun and digitsValue against a byte loop: for
// every length of the run of digits, every byte value that can end it
// and random bytes after that.
func TestDigitRun(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for n := 0; n <= 8; n++ {
		for stop := range 256 {
			if stop >= '0' && stop <= '9' {
				continue
			}
			for range 20 {
				var w [8]byte
				for i := range w {
					w[i] = byte(r.IntN(256))
					if i < n {
						w[i] = byte('0' + r.IntN(10))
					}
				}
				if n < 8 {
					w[n] = byte(stop)
				}
				want := uint64(0)
				for _, c := range w[:n] {
					want = want*10 + uint64(c-'0')
				}
				x := binary.LittleEndian.Uint64(w[:])
				gn, v := digitRun(x)
				if gn != uint(n) {
					t.Fatalf("digitRun(%q) = %d digits; want %d", w, gn, n)
				}
				if got := digitsValue(v << ((64 - 8*gn) & 63)); n > 0 && got != want {
					t.Fatalf("digitsValue of %q = %d; want %d", w, got, want)
				}
			}
		}
	}
}
