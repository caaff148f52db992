package ftoa

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"
)

// reference is encoding/json's float64 formatting through strconv.
func reference(b []byte, f float64) []byte {
	abs := math.Abs(f)
	if abs == 0 || abs >= 1e-6 && abs < 1e21 {
		return strconv.AppendFloat(b, f, 'f', -1, 64)
	}
	b = strconv.AppendFloat(b, f, 'e', -1, 64)
	if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1]
		b = b[:n-1]
	}
	return b
}

func check(t *testing.T, f float64) bool {
	t.Helper()
	got := string(AppendJSON([]byte("x"), f))
	want := "x" + string(reference(nil, f))
	if got != want {
		t.Errorf("AppendJSON(%b = %v) = %q, want %q", math.Float64bits(f), f, got[1:], want[1:])
		return false
	}
	return true
}

// TestTable checks each entry of the generated table against its
// definition: g-1 = ⌊10^-k · 2^-r⌋ with 2^125 ≤ g-1 < 2^126.
func TestTable(t *testing.T) {
	one := big.NewInt(1)
	for k := kMin; k <= kMax; k++ {
		i := 2 * (k - kMin)
		if g[i]>>63 != 0 || g[i+1]>>63 != 0 {
			t.Fatalf("k=%d: halves wider than 63 bits", k)
		}
		gm1 := new(big.Int).SetUint64(g[i])
		gm1.Lsh(gm1, 63).Add(gm1, new(big.Int).SetUint64(g[i+1])).Sub(gm1, one)
		if gm1.BitLen() != 126 {
			t.Fatalf("k=%d: g-1 has %d bits", k, gm1.BitLen())
		}
		// 10^-k = num/den; with s = 2^-r the property is
		// (g-1)·den ≤ num·s < g·den, scaled to integers.
		num, den := big.NewInt(1), big.NewInt(1)
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(k))), nil)
		if k <= 0 {
			num = p
		} else {
			den = p
		}
		// r = floor(log2(10^-k)) - 125, found by trying both bit lengths.
		found := false
		for r := num.BitLen() - den.BitLen() - 127; r <= num.BitLen()-den.BitLen()-123; r++ {
			n, d := new(big.Int).Set(num), new(big.Int).Set(den)
			if r > 0 {
				d.Lsh(d, uint(r))
			} else {
				n.Lsh(n, uint(-r))
			}
			lo := new(big.Int).Mul(gm1, d)
			hi := new(big.Int).Add(lo, d)
			if lo.Cmp(n) <= 0 && n.Cmp(hi) < 0 {
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("k=%d: g is not ⌊10^-k·2^-r⌋+1 for any r", k)
		}
	}
}

func abs(k int) int {
	if k < 0 {
		return -k
	}
	return k
}

func TestSpecial(t *testing.T) {
	for _, f := range []float64{
		0, math.Copysign(0, -1), 1, -1, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 5e-324, 1e-323, 2.2250738585072014e-308,
		2.2250738585072009e-308, math.MaxFloat64, math.SmallestNonzeroFloat64, 1e21, 999999999999999900000,
		1e-6, 9.999999999999999e-7, 1e-7, 1.5e-7, 1e20, 1e22, 1e23, 5e22, 123456789012345678, 1 << 53, 1<<53 + 2,
		1<<53 - 1, 1 << 52, 1<<54 + 4, 9007199254740993, 4.35, 0.000123, 100, 1e100, 1e-100, 1.7976931348623157e308,
		-65.613616999999977, 37.80848009696725, -122.42200352825247,
	} {
		check(t, f)
		check(t, -f)
	}
	// Powers of two and ten and their neighbours.
	for e := -1022; e <= 1023; e++ {
		f := math.Ldexp(1, e)
		check(t, f)
		check(t, math.Nextafter(f, 0))
		check(t, math.Nextafter(f, math.Inf(1)))
	}
	for e := -323; e <= 308; e++ {
		f, _ := strconv.ParseFloat("1e"+strconv.Itoa(e), 64)
		check(t, f)
		check(t, math.Nextafter(f, 0))
		check(t, math.Nextafter(f, math.Inf(1)))
	}
}

func TestRandomBits(t *testing.T) {
	n := 2_000_000
	if testing.Short() {
		n = 200_000
	}
	r := rand.New(rand.NewPCG(1, 2))
	bad := 0
	for range n {
		f := math.Float64frombits(r.Uint64())
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		if !check(t, f) {
			if bad++; bad > 10 {
				t.Fatal("too many")
			}
		}
	}
}

// TestRandomDecimals covers the values JSON documents hold: short
// decimals, read back from text.
func TestRandomDecimals(t *testing.T) {
	n := 1_000_000
	if testing.Short() {
		n = 100_000
	}
	r := rand.New(rand.NewPCG(3, 4))
	bad := 0
	for range n {
		digits := 1 + r.IntN(17)
		m := r.Uint64N(uint64(math.Pow10(digits)))
		s := strconv.FormatUint(m, 10) + "e" + strconv.Itoa(r.IntN(60)-30)
		f, _ := strconv.ParseFloat(s, 64)
		if !check(t, f) {
			if bad++; bad > 10 {
				t.Fatal("too many")
			}
		}
	}
	for range n / 4 {
		f := float64(r.Int64N(1 << 54)) // integers around 2^53
		check(t, f)
	}
}

// TestDigits8 checks digits8 against a decimal counter on every input
// (every 97th under -short).
func TestDigits8(t *testing.T) {
	step := uint64(1)
	if testing.Short() {
		step = 97
	}
	for x := uint64(0); x < 1e8; x += step {
		got := digits8(x)
		want := uint64(0)
		for i, y := 0, x; i < 8; i, y = i+1, y/10 {
			want |= (y%10 + '0') << (8 * (7 - i))
		}
		if got != want {
			t.Fatalf("digits8(%d) = %#x, want %#x", x, got, want)
		}
	}
}

// TestDecimalLen checks decimalLen at every power of ten and its
// neighbours, and on random values, against strconv.
func TestDecimalLen(t *testing.T) {
	check := func(d uint64) {
		if got, want := decimalLen(d), len(strconv.FormatUint(d, 10)); got != want {
			t.Fatalf("decimalLen(%d) = %d, want %d", d, got, want)
		}
	}
	for i := 1; i < len(pow10); i++ {
		check(pow10[i] - 1)
		check(pow10[i])
		check(pow10[i] + 1)
	}
	check(1)
	check(math.MaxUint64)
	r := rand.New(rand.NewPCG(7, 8))
	for range 100_000 {
		check(r.Uint64()>>r.IntN(64) | 1)
	}
}

// TestLayouts writes values of every digit count (1 to 17) with the
// decimal point at every place from far left of the digits to far right,
// across both switches to the 'e' form, so that every branch of
// AppendJSON and putDigits meets every length.
func TestLayouts(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for n := 1; n <= 17; n++ {
		for dp := -25; dp <= 30; dp++ {
			for range 40 {
				digits := []byte(strconv.FormatUint(r.Uint64N(pow10[n-1])+pow10[n-1], 10))
				digits[n-1] = byte('1' + r.IntN(9)) // no trailing zero
				f, err := strconv.ParseFloat(string(digits)+"e"+strconv.Itoa(dp-n), 64)
				if err != nil {
					t.Fatal(err)
				}
				check(t, f)
				check(t, -f)
				checkSpare(t, f, r.IntN(40))
			}
		}
	}
}

// checkSpare appends -f to a destination with the given spare capacity
// and requires the text right and no byte past it changed.
func checkSpare(t *testing.T, f float64, spare int) {
	t.Helper()
	dst := make([]byte, 1, 1+spare)
	full := dst[:cap(dst)]
	for i := range full {
		full[i] = 0xAA
	}
	got := AppendJSON(dst, -f)
	if want := string(reference(nil, -f)); string(got[1:]) != want {
		t.Fatalf("AppendJSON(%v) = %q, want %q", -f, got[1:], want)
	}
	if cap(got) == cap(dst) {
		for i := len(got); i < cap(dst); i++ {
			if full[i] != 0xAA {
				t.Fatalf("AppendJSON(%v) with %d spare bytes wrote past the text", -f, spare)
			}
		}
	}
}

// TestAppendInt compares AppendInt and AppendUint with strconv at every
// power of ten and its neighbours, the extremes and random values of
// every size, appended to destinations with 0 to 24 spare bytes: no byte
// past the text may change.
func TestAppendInt(t *testing.T) {
	var us []uint64
	for _, p := range pow10 {
		us = append(us, p-1, p, p+1)
	}
	us = append(us, 0, math.MaxUint64, math.MaxInt64, 1<<63, 1<<63+1)
	r := rand.New(rand.NewPCG(13, 14))
	for range 200_000 {
		us = append(us, r.Uint64()>>r.IntN(64))
	}
	for i, u := range us {
		spare := i % 25
		dst := make([]byte, 2, 2+spare)
		full := dst[:cap(dst)]
		check := func(app func([]byte) []byte, want string) {
			t.Helper()
			for j := range full {
				full[j] = 0xAA
			}
			got := app(dst)
			if string(got[2:]) != want {
				t.Fatalf("got %q, want %q", got[2:], want)
			}
			if cap(got) == cap(dst) {
				for j := len(got); j < cap(dst); j++ {
					if full[j] != 0xAA {
						t.Fatalf("%s with %d spare bytes: wrote past the text", want, spare)
					}
				}
			}
		}
		check(func(b []byte) []byte { return AppendUint(b, u) }, strconv.FormatUint(u, 10))
		check(func(b []byte) []byte { return AppendInt(b, int64(u)) }, strconv.FormatInt(int64(u), 10))
	}
}

func FuzzAppendJSON(f *testing.F) {
	f.Add(uint64(0x3ff0000000000000))
	f.Add(uint64(1))
	f.Fuzz(func(t *testing.T, u uint64) {
		x := math.Float64frombits(u)
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return
		}
		check(t, x)
	})
}

var sink []byte

func BenchmarkAppendJSON(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	fs := make([]float64, 1024)
	for i := range fs {
		fs[i], _ = strconv.ParseFloat(strconv.FormatFloat(r.Float64()*360-180, 'f', 1+r.IntN(15), 64), 64)
	}
	b.Run("ftoa", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			sink = AppendJSON(sink[:0], fs[i%len(fs)])
		}
	})
	b.Run("strconv", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			sink = reference(sink[:0], fs[i%len(fs)])
		}
	})
}
