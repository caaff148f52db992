package binfmt

import (
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/scan"
)

// TestStore checks the range checks of the stores that decoders use for
// struct fields, at the limits of each Go type.
func TestStore(t *testing.T) {
	var v struct {
		I8  int8
		I16 int16
		I32 int32
		I64 int64
		I   int
		U8  uint8
		U16 uint16
		U32 uint32
		U64 uint64
		U   uint
		F32 float32
		F64 float64
	}
	for _, tc := range []struct {
		k      reflect.Kind
		p      unsafe.Pointer
		lo, hi int64
	}{
		{reflect.Int8, unsafe.Pointer(&v.I8), math.MinInt8, math.MaxInt8},
		{reflect.Int16, unsafe.Pointer(&v.I16), math.MinInt16, math.MaxInt16},
		{reflect.Int32, unsafe.Pointer(&v.I32), math.MinInt32, math.MaxInt32},
	} {
		if !StoreInt(tc.k, tc.p, tc.lo) || !StoreInt(tc.k, tc.p, tc.hi) || StoreInt(tc.k, tc.p, tc.lo-1) || StoreInt(tc.k, tc.p, tc.hi+1) {
			t.Errorf("%v: limits %d, %d", tc.k, tc.lo, tc.hi)
		}
	}
	if !StoreInt(reflect.Int64, unsafe.Pointer(&v.I64), math.MinInt64) || v.I64 != math.MinInt64 || !StoreInt(reflect.Int, unsafe.Pointer(&v.I), -5) || v.I != -5 {
		t.Errorf("int64, int: %d %d", v.I64, v.I)
	}
	if v.I8 != math.MaxInt8 || v.I16 != math.MaxInt16 || v.I32 != math.MaxInt32 {
		t.Errorf("a failed store wrote: %+v", v)
	}
	if !StoreUint(reflect.Uint8, unsafe.Pointer(&v.U8), 255) || StoreUint(reflect.Uint8, unsafe.Pointer(&v.U8), 256) ||
		!StoreUint(reflect.Uint16, unsafe.Pointer(&v.U16), 65535) || StoreUint(reflect.Uint16, unsafe.Pointer(&v.U16), 65536) ||
		!StoreUint(reflect.Uint32, unsafe.Pointer(&v.U32), math.MaxUint32) || StoreUint(reflect.Uint32, unsafe.Pointer(&v.U32), math.MaxUint32+1) ||
		!StoreUint(reflect.Uint64, unsafe.Pointer(&v.U64), math.MaxUint64) || !StoreUint(reflect.Uint, unsafe.Pointer(&v.U), 7) {
		t.Error("unsigned limits")
	}
	if v.U8 != 255 || v.U16 != 65535 || v.U32 != math.MaxUint32 || v.U64 != math.MaxUint64 || v.U != 7 {
		t.Errorf("unsigned values: %+v", v)
	}
	if !StoreFloat(reflect.Float32, unsafe.Pointer(&v.F32), math.MaxFloat32) || StoreFloat(reflect.Float32, unsafe.Pointer(&v.F32), 1e39) ||
		!StoreFloat(reflect.Float32, unsafe.Pointer(&v.F32), math.Inf(-1)) || !math.IsInf(float64(v.F32), -1) ||
		!StoreFloat(reflect.Float64, unsafe.Pointer(&v.F64), 1e300) || v.F64 != 1e300 {
		t.Errorf("floats: %v %v", v.F32, v.F64)
	}
}

// TestStructs checks field offsets, scalar kinds and LookupNext.
func TestStructs(t *testing.T) {
	type Inner struct{ X, Y int16 }
	type Outer struct {
		A string `json:"a"`
		Inner
		P    *Inner `json:"p"`
		B    bool   `test:"bee"`
		Skip int    `json:"-"`
	}
	c := Structs{Tag: "test", Key: func(name string) []byte { return []byte(name) }}
	s := c.For(reflect.TypeFor[Outer]())
	var names []string
	for _, f := range s.Fields {
		names = append(names, f.Name)
	}
	if !reflect.DeepEqual(names, []string{"a", "X", "Y", "p", "bee"}) {
		t.Fatalf("fields %v", names)
	}
	var o Outer
	base := unsafe.Pointer(&o)
	*(*int16)(unsafe.Add(base, s.Fields[2].Offset)) = 7
	*(*bool)(unsafe.Add(base, s.Fields[4].Offset)) = true
	if o.Y != 7 || !o.B {
		t.Errorf("offsets: %+v", o)
	}
	if s.Fields[0].ScalarKind(false) != reflect.String || s.Fields[3].ScalarKind(false) != 0 || s.Fields[0].ScalarKind(true) != 0 {
		t.Error("ScalarKind")
	}
	next := 0
	for i, name := range []string{"a", "X", "Y", "p", "bee", "y", "nope", "a"} {
		want := map[int]int{5: 2, 6: -1}[i]
		if i < 5 {
			want = i
		}
		if got := s.LookupNext([]byte(name), false, &next); got != want {
			t.Errorf("LookupNext(%q) = %d, want %d", name, got, want)
		}
	}
	if s.LookupNext([]byte("BEE"), true, &next) != -1 {
		t.Error("case-sensitive LookupNext matched a folded name")
	}
}

// TestValidUTF8 compares ValidUTF8 with unicode/utf8 around the length
// where it stops checking inline, and with one non-ASCII byte (or an
// invalid or a truncated sequence) at every position of every length
// up to 40, the words it reads overlapping or not.
func TestValidUTF8(t *testing.T) {
	for n := range 41 {
		for at := range n {
			for _, bad := range []string{"\xff", "\x80", "é", "\xe2\x82"} {
				b := append([]byte(strings.Repeat("a", at)+bad), strings.Repeat("b", n-at)...)
				if got, want := ValidUTF8(b), utf8.Valid(b); got != want {
					t.Errorf("ValidUTF8(%q) = %v, want %v", b, got, want)
				}
			}
		}
		if b := []byte(strings.Repeat("c", n)); !ValidUTF8(b) {
			t.Errorf("ValidUTF8(%q) = false", b)
		}
	}
	for _, s := range []string{"", "a", "abcdefghijklmnop", "abcdefghijklmnopq", "é", "\xff", "abcdefghijklmno\xff", "abcdefghijklmnop\xff", "abc\xe2\x82", "日本語のテキスト"} {
		if got, want := ValidUTF8([]byte(s)), utf8.Valid([]byte(s)); got != want {
			t.Errorf("ValidUTF8(%q) = %v, want %v", s, got, want)
		}
	}
}

// FuzzParseFloat: parseFloat agrees with strconv.ParseFloat on valid
// JSON number text (value and bits, error or not).
func FuzzParseFloat(f *testing.F) {
	for _, s := range []string{"0", "-0", "1.5", "-65.613616999999977", "1e400", "-1e-400", "4.9406564584124654e-324",
		"2.2250738585072011e-308", "9007199254740993", "1.7976931348623157e308", "1.7976931348623159e308",
		"123456789012345678901234567890", "0.1e-5", "3.0E+10", "1e22", "1e23", "-0.0000000000000000000001"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b := []byte(s)
		if n, code := scan.Number(b, true); code != scan.OK || n != len(b) {
			return
		}
		got, gerr := parseFloat(b)
		want, werr := strconv.ParseFloat(s, 64)
		if (gerr == nil) != (werr == nil) || math.Float64bits(got) != math.Float64bits(want) && werr == nil {
			t.Fatalf("parseFloat(%q) = %v, %v; strconv: %v, %v", s, got, gerr, want, werr)
		}
	})
}

// FuzzDecimal: Decimal's digits and exponent are the number's value,
// and integer is true exactly for text without a fraction or exponent.
func FuzzDecimal(f *testing.F) {
	for _, s := range []string{"0", "-0", "12345678", "123456789", "-65.613616999999977", "1e5", "0.000123",
		"1234567890123456789", "12345678901234567890", "1.5E-0003", "99999999.99999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b := []byte(s)
		if n, code := scan.Number(b, true); code != scan.OK || n != len(b) {
			return
		}
		m, exp, neg, integer, ok := Decimal(b)
		if !ok {
			return
		}
		if want := !strings.ContainsAny(s, ".eE"); integer != want {
			t.Fatalf("%q: integer %v", s, integer)
		}
		text := strconv.FormatUint(m, 10) + "e" + strconv.Itoa(exp)
		if neg {
			text = "-" + text
		}
		var a, c big.Rat
		if _, ok := a.SetString(s); !ok {
			return // exponent too large for big.Rat
		}
		if _, ok := c.SetString(text); !ok || a.Cmp(&c) != 0 || neg != strings.HasPrefix(s, "-") {
			t.Fatalf("%q: m %d exp %d neg %v", s, m, exp, neg)
		}
	})
}

// FuzzDigitRun: digitRun reads what a digit-by-digit loop reads, from
// any offset of any bytes (digits around points, ends and other bytes).
func FuzzDigitRun(f *testing.F) {
	for _, s := range []string{"-65.613616999999977", "123456789012345678901234", "1.5e10", "00000000", "9\xb99", "12345678/", ":0123456"} {
		f.Add(s, 0, uint64(0), 0)
		f.Add(s, 1, uint64(7), 3)
		f.Add(s, 4, uint64(0), 12)
	}
	f.Fuzz(func(t *testing.T, s string, i int, m uint64, nd int) {
		if i < 0 || i > len(s) || nd < 0 || nd > 19 {
			return
		}
		b := []byte(s)
		gm, gnd, gi := digitRun(b, i, m, nd)
		wm, wnd, wi := m, nd, i
		for ; wi < len(b) && b[wi]-'0' <= 9; wi++ {
			wm, wnd = wm*10+uint64(b[wi]-'0'), wnd+1
		}
		if gi != wi || gnd != wnd || wnd <= 19 && gm != wm {
			t.Fatalf("%q from %d (m %d, %d digits): got %d, %d digits, end %d; want %d, %d, %d", s, i, m, nd, gm, gnd, gi, wm, wnd, wi)
		}
	})
}

// BenchmarkValidUTF8 times ValidUTF8 and the kernel on ASCII text of the
// lengths of document strings, to place the limit of the inline words.
func BenchmarkValidUTF8(b *testing.B) {
	for _, n := range []int{8, 24, 40, 64, 96, 128, 200} {
		s := []byte(strings.Repeat("abcdefg ", n/8+1)[:n])
		b.Run("inline/"+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				if !ValidUTF8(s) {
					b.Fatal("invalid")
				}
			}
		})
		b.Run("kernel/"+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				if !kernels.ValidUTF8(s) {
					b.Fatal("invalid")
				}
			}
		})
	}
}
