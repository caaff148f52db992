package msgpack

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"testing"
	"time"
	"unsafe"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
	"github.com/celerjson/celer/internal/testtypes"
)

// onePass has fields of most kinds the decoders take, with one-letter
// names that fuzzed maps can hit.
type onePass struct {
	A string            `json:"a"`
	B int64             `json:"b"`
	C float64           `json:"c"`
	D []int             `json:"d"`
	E [2]float64        `json:"e"`
	F map[string]string `json:"f"`
	G map[string]int    `json:"g"`
	H *onePass          `json:"h"`
	I []any             `json:"i"`
	J any               `json:"j"`
	K time.Time         `json:"k"`
	L []byte            `json:"l"`
	M [3]byte           `json:"m"`
	N Ext               `json:"n"`
	O json.Number       `json:"o"`
	P big.Int           `json:"p"`
	Q [][2]float64      `json:"q"`
	R []onePass         `json:"r"`
	S uint8             `json:"s"`
	T bool              `json:"t"`
	U map[int]string    `json:"u"`
	V []string          `json:"v"`
	W *string           `json:"w"`
	X float32           `json:"x"`
	Y struct {          // a struct field decoded in place
		A *int8    `json:"a"`
		B []uint16 `json:"b"`
		C *bool    `json:"c"`
		D []struct {
			E *float32 `json:"e"`
		} `json:"d"`
	} `json:"y"`
	Z *uint `json:"z"`
}

// onePassTargets are the zero values the fuzz target decodes into.
var onePassTargets = []func() any{
	func() any { return new(any) }, func() any { return new(onePass) }, func() any { return new([]onePass) },
	func() any { return new(map[string]any) }, func() any { return new([]int) }, func() any { return new(string) },
	func() any { return new([]any) }, func() any { return new([2]int8) },
}

// FuzzUnmarshalOnePass: the one-pass decoder (data checked while it is
// decoded) accepts exactly what the Reader accepts, with every option
// set of the test, into every target; for valid data it decodes what
// the decoder of validated data decodes, type errors included.
func FuzzUnmarshalOnePass(f *testing.F) {
	addSeeds(f, false)
	inPlace := onePass{Z: new(uint)}
	inPlace.Y.A, inPlace.Y.C, inPlace.Y.B = new(int8), new(bool), []uint16{1, 300}
	inPlace.Y.D = append(inPlace.Y.D, struct {
		E *float32 `json:"e"`
	}{new(float32)})
	for _, v := range []any{inPlace, onePass{A: "x", B: -5, D: []int{1, 2}, F: map[string]string{"k": "v"}, H: &onePass{C: 1.5},
		I: []any{1, "s"}, J: map[string]any{"z": nil}, K: time.Unix(5, 6), L: []byte{1}, N: Ext{Type: 3, Data: []byte{1}},
		O: "7", Q: [][2]float64{{1, 2}}, R: []onePass{{S: 3}}, U: map[int]string{1: "a"}, V: []string{"é"}, W: new(string)}} {
		b, err := Marshal(v)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, vo := range [][]Options{{MaxDepth(64)}, {MaxDepth(3), MaxElements(2), MaxTokenBytes(3), AllowInvalidUTF8(true)}} {
			s := opts.Collect(vo...)
			valid := validFast(data, &s)
			for k, mk := range onePassTargets {
				v := mk()
				err, ok := unmarshalChecked(data, decoderFor(reflect.TypeOf(v).Elem()), reflect.ValueOf(v).Elem(), s)
				if ok != valid {
					t.Fatalf("target %d %v: one pass says valid=%v (%v), the validator %v", k, vo, ok, err, valid)
				}
				if !valid {
					continue
				}
				w := mk()
				werr := unmarshalValid(data, w, s)
				if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
					t.Fatalf("target %d: error %v, after validation %v", k, err, werr)
				}
				mo := []Options{Deterministic(true), AllowInvalidUTF8(true)}
				bv, e1 := Marshal(v, mo...)
				bw, e2 := Marshal(w, mo...)
				if (e1 == nil) != (e2 == nil) || string(bv) != string(bw) {
					t.Fatalf("target %d: decoded %x (%v), after validation %x (%v)", k, bv, e1, bw, e2)
				}
				z := mk() // ZeroCopyStrings decodes the same values
				zerr := Unmarshal(data, z, append(vo[:len(vo):len(vo)], ZeroCopyStrings(true))...)
				bz, e3 := Marshal(z, mo...)
				if (err == nil) != (zerr == nil) || err != nil && err.Error() != zerr.Error() || (e1 == nil) != (e3 == nil) || string(bv) != string(bz) {
					t.Fatalf("target %d: decoded %x (%v), with ZeroCopyStrings %x (%v)", k, bv, err, bz, zerr)
				}
			}
		}
	})
}

// methodCounter counts calls of its decoding method.
type methodCounter struct{ n *int }

func (m *methodCounter) UnmarshalMsgpack([]byte) error {
	if m.n != nil {
		*m.n++
	}
	return nil
}

// TestUnmarshalOnePassContract: invalid data leaves a zero target zero
// and a non-zero one unchanged, with the Reader's error; a type with a
// decoding method is validated before anything is decoded.
func TestUnmarshalOnePassContract(t *testing.T) {
	// {"a": "x", "d": [1, 2, <truncated>
	bad := mustHex(t, "82 a1 61 a1 78 a1 64 93 01 02")
	var z onePass
	err := Unmarshal(bad, &z)
	var se *SyntaxError
	if !errors.As(err, &se) || !errors.Is(err, ErrUnexpectedEOF) || !reflect.DeepEqual(z, onePass{}) {
		t.Errorf("zero target: %v, left %+v", err, z)
	}
	nz := onePass{A: "keep", D: []int{9}}
	if err := Unmarshal(bad, &nz); !errors.As(err, &se) || nz.A != "keep" || len(nz.D) != 1 || nz.D[0] != 9 {
		t.Errorf("non-zero target: %v, left %+v", err, nz)
	}
	// Invalid UTF-8 after a decoded string, a depth beyond the limit, a
	// count beyond the data: all rejected, the target zero again.
	for _, h := range []string{"92 a1 61 a1 ff", "91 91 91 91 c0", "92 a1 61 dc ff ff"} {
		var v []any
		err := Unmarshal(mustHex(t, h), &v, MaxDepth(3))
		if !errors.As(err, &se) || v != nil {
			t.Errorf("%s: %v, left %v", h, err, v)
		}
	}
	// [ <ext type 7>, 0xc1 ]: the method must not see the ext.
	type withMethod struct {
		M methodCounter `json:"m"`
	}
	if oneSweep(reflect.TypeFor[withMethod]()) || oneSweep(reflect.TypeFor[[]fmtStringer]()) || !oneSweep(reflect.TypeFor[onePass]()) {
		t.Error("oneSweep: wrong verdict")
	}
	calls := 0
	wm := withMethod{M: methodCounter{n: &calls}}
	if err := Unmarshal(mustHex(t, "82 a1 6d d4 07 00 a1 6e c1"), &wm); !errors.As(err, &se) || calls != 0 {
		t.Errorf("method called %d times before the error %v", calls, err)
	}
}

type fmtStringer interface{ String() string }

// TestUnmarshalOnePassCorpus: the corpus structs decode the same in one
// pass as after validation (TestCorpusStructs checks the round trip).
func TestUnmarshalOnePassCorpus(t *testing.T) {
	for _, c := range testtypes.Cases {
		v := c.New()
		if err := json.Unmarshal(celertest.CorpusFile(t, c.File), v); err != nil {
			t.Fatal(err)
		}
		data, err := Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if !oneSweep(reflect.TypeOf(v).Elem()) {
			t.Errorf("%s: not decoded in one pass", c.Name)
		}
		a, b := c.New(), c.New()
		err1, ok := unmarshalChecked(data, decoderFor(reflect.TypeOf(a).Elem()), reflect.ValueOf(a).Elem(), opts.Collect())
		err2 := unmarshalValid(data, b, opts.Collect())
		if !ok || err1 != nil || err2 != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("%s: one pass %v (ok %v), validated %v, equal %v", c.Name, err1, ok, err2, reflect.DeepEqual(a, b))
		}
	}
}

// FuzzNumber: the one-pass cases of appendValidNumber write what the
// general path writes, or fail as it fails, under each number policy.
func FuzzNumber(f *testing.F) {
	for _, s := range []string{"0", "-0", "-0.0", "12", "-12", "18446744073709551615", "18446744073709551616",
		"-9223372036854775808", "-9223372036854775809", "9999999999999999999", "-65.613616999999977", "1.5e3",
		"1e400", "0.1", "1E-7", "123456789.123456789", "0.00000000000000000001", "5e-324", "1.7976931348623159e308"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b := []byte(s)
		if n, code := scan.Number(b, true); code != scan.OK || n != len(b) {
			return
		}
		defer func() { noDecimal = false }()
		for _, fl := range []opts.Flags{0, opts.InexactAsFloat, opts.InexactAsString, opts.InexactAsFloat | opts.ShortestFloat} {
			noDecimal = false
			got, gerr := appendValidNumber(nil, b, fl)
			noDecimal = true
			want, werr := appendValidNumber(nil, b, fl)
			noDecimal = false
			if (gerr == nil) != (werr == nil) || string(got) != string(want) {
				t.Fatalf("%q flags %x: %x (%v), general path %x (%v)", s, fl, got, gerr, want, werr)
			}
		}
	})
}

// TestZeroCopyStrings: with ZeroCopyStrings, Unmarshal's strings and
// byte slices (struct fields, slices, maps, empty interfaces; in one
// pass and after validation) point into the input, byte slices with
// their capacity cut to their length; without it, and through a
// Decoder, nothing does.
func TestZeroCopyStrings(t *testing.T) {
	type rec struct {
		S  string            `json:"s"`
		B  []byte            `json:"b"`
		M  map[string]string `json:"m"`
		Ss []string          `json:"ss"`
		A  any               `json:"a"`
		X  any               `json:"x"`
	}
	in := rec{S: "a string", B: []byte("some bytes"), M: map[string]string{"key": "value"},
		Ss: []string{"one", "two"}, A: "any string", X: []byte("any bytes")}
	data, err := Marshal(&in)
	if err != nil {
		t.Fatal(err)
	}
	inData := func(p unsafe.Pointer, n int) bool {
		lo := uintptr(unsafe.Pointer(&data[0]))
		return n > 0 && uintptr(p) >= lo && uintptr(p)+uintptr(n) <= lo+uintptr(len(data))
	}
	check := func(name string, out *rec, zero bool) {
		t.Helper()
		if !reflect.DeepEqual(*out, in) {
			t.Fatalf("%s: %+v", name, *out)
		}
		var k, v string
		for k, v = range out.M {
		}
		got := map[string]bool{
			"S":     inData(unsafe.Pointer(unsafe.StringData(out.S)), len(out.S)),
			"B":     inData(unsafe.Pointer(unsafe.SliceData(out.B)), len(out.B)),
			"key":   inData(unsafe.Pointer(unsafe.StringData(k)), len(k)),
			"value": inData(unsafe.Pointer(unsafe.StringData(v)), len(v)),
			"Ss":    inData(unsafe.Pointer(unsafe.StringData(out.Ss[1])), len(out.Ss[1])),
			"A":     inData(unsafe.Pointer(unsafe.StringData(out.A.(string))), len(out.A.(string))),
			"X":     inData(unsafe.Pointer(unsafe.SliceData(out.X.([]byte))), len(out.X.([]byte))),
		}
		for what, shared := range got {
			if shared != zero {
				t.Errorf("%s: %s shares the input: %v", name, what, shared)
			}
		}
		if zero && (cap(out.B) != len(out.B) || cap(out.X.([]byte)) != len(out.X.([]byte))) {
			t.Errorf("%s: byte slices keep the input's capacity", name)
		}
	}
	for _, zero := range []bool{false, true} {
		var a rec // zero value: one pass
		if err := Unmarshal(data, &a, ZeroCopyStrings(zero)); err != nil {
			t.Fatal(err)
		}
		check(fmt.Sprint("one pass ", zero), &a, zero)
		b := rec{S: "not zero"} // validated first
		if err := Unmarshal(data, &b, ZeroCopyStrings(zero)); err != nil {
			t.Fatal(err)
		}
		check(fmt.Sprint("validated ", zero), &b, zero)
	}
	var c rec
	if err := NewDecoder(bytes.NewReader(data), ZeroCopyStrings(true)).Decode(&c); err != nil || !reflect.DeepEqual(c, in) {
		t.Fatalf("Decoder: %+v, %v", c, err)
	}
}
