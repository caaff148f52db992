package ubjson

import (
	"encoding/json"
	"errors"
	"io"
	"math"
	"math/big"
	"net/netip"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/internal/testtypes"
)

type inner struct {
	X int `json:"x"`
}

type tagged struct {
	A       int               `json:"a"`
	B       string            `json:"b,omitempty"`
	C       []int             `json:"c,omitzero"`
	Renamed int               `json:"json_name" ubjson:"ub_name"`
	Hidden  int               `json:"hidden" ubjson:"-"`
	OnlyU   int               `json:"-" ubjson:"only_u"`
	Opts    string            `json:"opts,omitempty" ubjson:",omitzero"`
	Ptr     *inner            `json:"ptr"`
	M       map[string]uint16 `json:"m,omitempty"`
	inner
	unexported int
}

type textKey string

func (k textKey) MarshalText() ([]byte, error) { return []byte("k:" + string(k)), nil }
func (k *textKey) UnmarshalText(b []byte) error {
	*k = textKey(strings.TrimPrefix(string(b), "k:"))
	return nil
}

type selfMarshal struct{ n int }

func (s selfMarshal) MarshalUBJSON() ([]byte, error) { return []byte{'[', 'U', byte(s.n), ']'}, nil }
func (s *selfMarshal) UnmarshalUBJSON(b []byte) error {
	if len(b) != 4 || b[0] != '[' {
		return errors.New("not mine")
	}
	s.n = int(b[2])
	return nil
}

type badMarshal struct{}

func (badMarshal) MarshalUBJSON() ([]byte, error) { return []byte("[Z"), nil }

func TestMarshalValues(t *testing.T) {
	big2_64, _ := new(big.Int).SetString("18446744073709551616", 10)
	tm := time.Date(2013, 3, 21, 20, 4, 0, 500, time.UTC)
	for _, tc := range []struct {
		v    any
		want string
		o    []Options
	}{
		{nil, "Z", nil},
		{true, "T", nil},
		{int8(-1), "i\xff", nil},
		{uint8(200), "U\xc8", nil},
		{int64(math.MinInt64), "L\x80\x00\x00\x00\x00\x00\x00\x00", nil},
		{uint64(math.MaxUint64), "Hi\x1418446744073709551615", nil},
		{float32(1.5), "d\x3f\xc0\x00\x00", nil},
		{1.5, "D\x3f\xf8\x00\x00\x00\x00\x00\x00", nil},
		{1.5, "d\x3f\xc0\x00\x00", []Options{ShortestFloat(true)}},
		{math.NaN(), "Z", nil},
		{"a", "Ca", nil},
		{"IETF", "Si\x04IETF", nil},
		{[]byte{1, 2}, "[$U#i\x02\x01\x02", nil},
		{[]byte(nil), "Z", nil},
		{[3]byte{1, 2, 3}, "[$U#i\x03\x01\x02\x03", nil},
		{[]int(nil), "Z", nil},
		{[]int{1, 300}, "[i\x01I\x01\x2c]", nil},
		{[]int{1, 300}, "[i\x01I\x01\x2c]", []Options{TypedArrays(true)}},
		{[]int{1, 2, 3, 4, 5, 6}, "[$i#i\x06\x01\x02\x03\x04\x05\x06", []Options{TypedArrays(true)}},
		{[]int16{-1, 2, 3, 4, 5, 6}, "[$i#i\x06\xff\x02\x03\x04\x05\x06", []Options{TypedArrays(true)}},
		{[]uint64{1, 2, 3, 4, 5, math.MaxUint64}, "[i\x01i\x02i\x03i\x04i\x05Hi\x1418446744073709551615]", []Options{TypedArrays(true)}},
		{[]float32{1.5, 2, 3, 4}, "[$d#i\x04\x3f\xc0\x00\x00\x40\x00\x00\x00\x40\x40\x00\x00\x40\x80\x00\x00", []Options{TypedArrays(true)}},
		{[]float64{0.5, 0.25, 0.125}, "[D\x3f\xe0\x00\x00\x00\x00\x00\x00D\x3f\xd0\x00\x00\x00\x00\x00\x00D\x3f\xc0\x00\x00\x00\x00\x00\x00]", []Options{TypedArrays(true)}}, // typed is larger
		{[]float64{0.5, 0.25, 0.125, 1}, "[$D#i\x04\x3f\xe0\x00\x00\x00\x00\x00\x00\x3f\xd0\x00\x00\x00\x00\x00\x00\x3f\xc0\x00\x00\x00\x00\x00\x00\x3f\xf0\x00\x00\x00\x00\x00\x00", []Options{TypedArrays(true)}},
		{[]float64{0.5, math.Inf(1), 1}, "[D\x3f\xe0\x00\x00\x00\x00\x00\x00ZD\x3f\xf0\x00\x00\x00\x00\x00\x00]", []Options{TypedArrays(true)}},
		{[2]int32{7, 8}, "[i\x07i\x08]", nil},
		{map[string]int(nil), "Z", nil},
		{map[string]int{"b": 2, "a": 1}, "{i\x01ai\x01i\x01bi\x02}", []Options{Deterministic(true)}},
		{map[int]bool{10: true, -1: false}, "{i\x02-1Fi\x0210T}", []Options{Deterministic(true)}},
		{map[textKey]int{"x": 1}, "{i\x03k:xi\x01}", nil},
		{&inner{X: 5}, "{i\x01xi\x05}", nil},
		{(*inner)(nil), "Z", nil},
		{[]any{1, "ab", nil, 2.5}, "[i\x01Si\x02abZD\x40\x04\x00\x00\x00\x00\x00\x00]", nil},
		{tm, "Si\x1c2013-03-21T20:04:00.0000005Z", nil},
		{big.NewInt(-1), "i\xff", nil},
		{big2_64, "Hi\x1418446744073709551616", nil},
		{json.Number("1.5"), "D\x3f\xf8\x00\x00\x00\x00\x00\x00", nil},
		{json.Number("0.10000000000000000001"), "Hi\x160.10000000000000000001", []Options{InexactAsDecimal(true)}},
		{RawMessage("[TF]"), "[TF]", nil},
		{selfMarshal{7}, "[U\x07]", nil},
		{netip.MustParseAddr("10.0.0.1"), "Si\x0810.0.0.1", nil},
	} {
		got, err := Marshal(tc.v, tc.o...)
		if err != nil || string(got) != tc.want {
			t.Errorf("Marshal(%#v) = %q, %v; want %q", tc.v, got, err, tc.want)
		}
	}
}

func TestMarshalStruct(t *testing.T) {
	v := tagged{A: 1, Renamed: 2, Hidden: 3, OnlyU: 4, inner: inner{X: 9}, unexported: 5}
	got, err := Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	want := "{i\x01ai\x01i\x07ub_namei\x02i\x06only_ui\x04i\x03ptrZi\x01xi\x09}"
	if string(got) != want {
		t.Errorf("struct:\n got %q\nwant %q", got, want)
	}
	var back tagged
	if err := Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
	v.Hidden, v.unexported = 0, 0
	if !reflect.DeepEqual(back, v) {
		t.Errorf("round trip: %+v, want %+v", back, v)
	}
	data, _ := Marshal(map[string]any{"A": 7, "UB_NAME": 8, "zzz": []any{1, 2}})
	var ci tagged
	if err := Unmarshal(data, &ci); err != nil || ci.A != 7 || ci.Renamed != 8 {
		t.Errorf("case-insensitive: %+v, %v", ci, err)
	}
}

func TestMarshalErrors(t *testing.T) {
	type cyc struct{ P *cyc }
	c := &cyc{}
	c.P = c
	for _, tc := range []struct {
		v    any
		want error
	}{
		{make(chan int), ErrUnsupported},
		{complex(1, 2), ErrUnsupported},
		{map[bool]int{true: 1}, ErrUnsupported},
		{"\xff", ErrInvalidUTF8},
		{map[string]string{"\xfe": ""}, ErrInvalidUTF8},
		{c, ErrDepth},
		{json.Number("1e400"), ErrUnsupported},
		{badMarshal{}, ErrUnexpectedEOF},
	} {
		if _, err := Marshal(tc.v); !errors.Is(err, tc.want) {
			t.Errorf("Marshal(%T): %v, want %v", tc.v, err, tc.want)
		}
	}
}

func TestUnmarshalAny(t *testing.T) {
	n, _ := new(big.Int).SetString("18446744073709551616", 10)
	for _, tc := range []struct {
		data string
		want any
	}{
		{"Z", nil},
		{"i\xff", int64(-1)},
		{"U\xff", int64(255)},
		{"d\x3f\xc0\x00\x00", 1.5},
		{"Hi\x0212", int64(12)},
		{"Hi\x1418446744073709551615", uint64(math.MaxUint64)},
		{"Hi\x1418446744073709551616", n},
		{"Hi\x031.5", 1.5},
		{"Hi\x160.10000000000000000001", json.Number("0.10000000000000000001")},
		{"T", true},
		{"Ca", "a"},
		{"Si\x02ab", "ab"},
		{"[$U#i\x02\x01\x02", []byte{1, 2}},
		{"[i\x01[$i#i\x02\x02\x03]", []any{int64(1), []any{int64(2), int64(3)}}},
		{"{i\x01ai\x01i\x01b[$Z#i\x02}", map[string]any{"a": int64(1), "b": []any{nil, nil}}},
		{"{$T#i\x01i\x01k", map[string]any{"k": true}},
		{"N[NZN]N", []any{nil}},
	} {
		var got any
		if err := Unmarshal([]byte(tc.data), &got); err != nil || !equalAny(got, tc.want) {
			t.Errorf("%q: %#v, %v; want %#v", tc.data, got, err, tc.want)
		}
	}
}

func equalAny(a, b any) bool {
	if x, ok := a.(*big.Int); ok {
		y, ok := b.(*big.Int)
		return ok && x.Cmp(y) == 0
	}
	return reflect.DeepEqual(a, b)
}

func TestUnmarshalTypes(t *testing.T) {
	var s struct {
		I8  int8
		U   uint64
		F32 float32
		S   string
		B   []byte
		BS  []byte
		BA  []byte
		A   [2]int
		FA  [4]byte
		M   map[int]string
		T   time.Time
		TE  time.Time
		N   big.Int
		I16 []int16
		I32 []int32
		F   []float64
		JN  json.Number
		P   **int
	}
	data := "{" +
		"i\x02I8" + "i\x80" +
		"i\x01U" + "Hi\x1418446744073709551615" +
		"i\x03F32" + "d\x7f\x7f\xff\xff" +
		"i\x01S" + "Ca" +
		"i\x01B" + "[$U#i\x01\x01" +
		"i\x02BS" + "Si\x02bc" +
		"i\x02BA" + "[i\x01U\x02]" +
		"i\x01A" + "[#i\x03i\x01i\x02i\x03" +
		"i\x02FA" + "[$U#i\x03\x01\x02\x03" +
		"i\x01M" + "{i\x011Cai\x02-1Cb}" +
		"i\x01T" + "Si\x142013-03-21T20:04:00Z" +
		"i\x02TE" + "l\x51\x4b\x67\xb0" +
		"i\x01N" + "Hi\x15-18446744073709551616" +
		"i\x03I16" + "[$I#i\x03\x00\x01\xfc\x18\x7f\xff" +
		"i\x03I32" + "[$i#i\x02\xff\x05" +
		"i\x01F" + "[$d#i\x02\x3f\xc0\x00\x00\x40\x20\x00\x00" +
		"i\x02JN" + "Hi\x031.5" +
		"i\x01P" + "i\x05" +
		"}"
	if err := Unmarshal([]byte(data), &s); err != nil {
		t.Fatal(err)
	}
	tm := time.Unix(1363896240, 0)
	if s.I8 != -128 || s.U != math.MaxUint64 || s.F32 != math.MaxFloat32 || s.S != "a" || string(s.B) != "\x01" ||
		string(s.BS) != "bc" || string(s.BA) != "\x01\x02" || s.A != [2]int{1, 2} || s.FA != [4]byte{1, 2, 3} ||
		s.M[1] != "a" || s.M[-1] != "b" || !s.T.Equal(tm) || !s.TE.Equal(tm) || s.N.String() != "-18446744073709551616" ||
		!reflect.DeepEqual(s.I16, []int16{1, -1000, 32767}) || !reflect.DeepEqual(s.I32, []int32{-1, 5}) ||
		!reflect.DeepEqual(s.F, []float64{1.5, 2.5}) || s.JN != "1.5" || **s.P != 5 {
		t.Errorf("decoded %+v", s)
	}
	if err := Unmarshal([]byte("{i\x02I8Zi\x01PZi\x01MZi\x01BZ}"), &s); err != nil || s.I8 != -128 || s.P != nil || s.M != nil || s.B != nil {
		t.Errorf("nulls: %+v, %v", s, err)
	}
}

func TestUnmarshalTypeErrors(t *testing.T) {
	var s struct {
		A int8
		B string
		C uint
		D float32
		E []int8
	}
	for _, tc := range []struct {
		data, value, path string
	}{
		{"{i\x01AI\x01\x00}", "number 256", "/A"},
		{"{i\x01AHi\x1418446744073709551616}", "number 18446744073709551616", "/A"},
		{"{i\x01Bi\x01}", "int8", "/B"},
		{"{i\x01Ci\xff}", "number -1", "/C"},
		{"{i\x01DD\x47\xf0\x00\x00\x00\x00\x00\x00}", "number 3.402823669209385e+38", "/D"},
		{"{i\x01E[$I#i\x02\x00\x01\x01\x00}", "number 256", "/E/1"},
		{"{i\x01E[i\x01Ca]}", "char", "/E/1"},
		{"{i\x01A[$Z#I\x40\x00}", "array", "/A"},
		{"[i\x01]", "array", ""},
	} {
		err := Unmarshal([]byte(tc.data), &s)
		var te *UnmarshalTypeError
		if tc.value == "" {
			if err != nil && !errors.As(err, &te) {
				t.Errorf("%q: %v", tc.data, err)
			}
			continue
		}
		if !errors.As(err, &te) || te.Value != tc.value || te.Path != tc.path {
			t.Errorf("%q: %v (%#v), want %q at %q", tc.data, err, te, tc.value, tc.path)
		}
	}
	if err := Unmarshal([]byte("{i\x01ACxi\x01BCy}"), &s); err == nil || s.B != "y" {
		t.Errorf("after a type error: %+v, %v", s, err)
	}
	s.B = ""
	var se *SyntaxError
	if err := Unmarshal([]byte("{i\x01BCxi\x01A"), &s); !errors.As(err, &se) || s.B != "" {
		t.Errorf("truncated: %v, %+v", err, s)
	}
	var u selfMarshal
	if err := Unmarshal([]byte("[U\x09]"), &u); err != nil || u.n != 9 {
		t.Errorf("Unmarshaler: %v %v", u, err)
	}
	var us []selfMarshal
	if err := Unmarshal([]byte("[$[#i\x01U\x08]"), &us); err != nil || len(us) != 1 || us[0].n != 8 {
		t.Errorf("Unmarshaler in a typed array (marker put back): %v %v", us, err)
	}
	if err := Unmarshal([]byte("{i\x01Ai\x01i\x01zi\x01}"), &s, RejectUnknownFields(true)); err == nil {
		t.Error("RejectUnknownFields accepted an unknown field")
	}
	if err := Unmarshal([]byte("{i\x01ai\x05}"), &s, MatchCaseSensitive(true)); err != nil || s.A == 5 {
		t.Errorf("MatchCaseSensitive: %+v, %v", s, err)
	}
	// A strongly typed array of nulls into a slice of large elements is
	// bounded.
	var huge [][1 << 20]byte
	err := Unmarshal([]byte("[$Z#I\x40\x00"), &huge)
	if te := (*UnmarshalTypeError)(nil); !errors.As(err, &te) || len(huge) != 0 {
		t.Errorf("huge elements: %v, %d", err, len(huge))
	}
}

// TestCorpusStructs: Go value -> UBJSON -> Go value over the corpus
// documents decoded into their Go types, with each option that changes
// the encoding; and Go value -> UBJSON -> JSON -> Go value.
func TestCorpusStructs(t *testing.T) {
	for _, c := range testtypes.Cases {
		in := celertest.CorpusFile(t, c.File)
		v := c.New()
		if err := json.Unmarshal(in, v); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		for _, o := range [][]Options{nil, {TypedArrays(true)}, {Deterministic(true), ShortestFloat(true)}} {
			data, err := Marshal(v, o...)
			if err != nil {
				t.Errorf("%s: Marshal: %v", c.Name, err)
				continue
			}
			back := c.New()
			if err := Unmarshal(data, back); err != nil {
				t.Errorf("%s: Unmarshal: %v", c.Name, err)
				continue
			}
			if !reflect.DeepEqual(back, v) {
				t.Errorf("%s %v: value differs after the round trip", c.Name, o)
			}
			js, err := ubjsonToJSON(data)
			if err != nil {
				t.Errorf("%s: to JSON: %v", c.Name, err)
				continue
			}
			back = c.New()
			if err := json.Unmarshal(js, back); err != nil || !reflect.DeepEqual(back, v) {
				t.Errorf("%s %v: Go -> UBJSON -> JSON -> Go differs (%v)", c.Name, o, err)
			}
		}
	}
}

// TestHostileUnmarshal: heads claiming 2^31 or more values fail at once
// with a small allocation when unmarshaling into slices, maps and
// interfaces.
func TestHostileUnmarshal(t *testing.T) {
	for name, data := range hostile {
		var ms0, ms1 runtime.MemStats
		runtime.ReadMemStats(&ms0)
		var s []int
		var m map[string]int
		var b []byte
		var a any
		errs := []error{Unmarshal(data, &s), Unmarshal(data, &m), Unmarshal(data, &b), Unmarshal(data, &a)}
		runtime.ReadMemStats(&ms1)
		for _, err := range errs {
			if !errors.Is(err, ErrUnexpectedEOF) && !errors.Is(err, ErrLimit) {
				t.Errorf("%s: %v", name, err)
			}
		}
		if d := ms1.TotalAlloc - ms0.TotalAlloc; d > 64<<10 {
			t.Errorf("%s: allocated %d bytes", name, d)
		}
	}
}

func TestEncoderDecoder(t *testing.T) {
	var buf strings.Builder
	enc := NewEncoder(&buf, Deterministic(true))
	for _, v := range []any{1, "two", map[string]int{"b": 2, "a": 1}, []float64{1.5}} {
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
	}
	if got := buf.String(); got != "i\x01Si\x03two{i\x01ai\x01i\x01bi\x02}[D\x3f\xf8\x00\x00\x00\x00\x00\x00]" {
		t.Errorf("sequence %q", got)
	}
	dec := NewDecoder(&celertest.ChunkReader{Data: []byte(buf.String() + "N"), Sizes: []int{1, 2}})
	var a int
	var b string
	var c map[string]int
	var d []float64
	for _, p := range []any{&a, &b, &c, &d} {
		if err := dec.Decode(p); err != nil {
			t.Fatal(err)
		}
	}
	var x any
	if err := dec.Decode(&x); err != io.EOF {
		t.Errorf("at the end: %v", err)
	}
	if a != 1 || b != "two" || c["a"] != 1 || c["b"] != 2 || d[0] != 1.5 {
		t.Errorf("decoded %v %v %v %v", a, b, c, d)
	}
	dec = NewDecoder(strings.NewReader("[i\x01"))
	if err := dec.Decode(&x); !errors.Is(err, ErrUnexpectedEOF) {
		t.Errorf("truncated: %v", err)
	}
}

type tree struct {
	Name string  `json:"name"`
	Kids []*tree `json:"kids,omitempty"`
	Next *tree   `json:"next"`
}

func TestConcurrentPlans(t *testing.T) {
	v := &tree{Name: "a", Kids: []*tree{{Name: "b"}, {Name: "c", Next: &tree{Name: "d"}}}}
	done := make(chan error)
	for range 8 {
		go func() {
			b, err := Marshal(v)
			if err == nil {
				var back tree
				if err = Unmarshal(b, &back); err == nil && !reflect.DeepEqual(&back, v) {
					err = errors.New("round trip differs")
				}
			}
			done <- err
		}()
	}
	for range 8 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
