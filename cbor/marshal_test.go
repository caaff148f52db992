package cbor

import (
	"encoding/hex"
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
	Renamed int               `json:"json_name" cbor:"cbor_name"`
	Hidden  int               `json:"hidden" cbor:"-"`
	OnlyC   int               `json:"-" cbor:"only_c"`
	Opts    string            `json:"opts,omitempty" cbor:",omitzero"`
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

func (s selfMarshal) MarshalCBOR() ([]byte, error) { return []byte{0x82, byte(s.n), byte(s.n)}, nil }
func (s *selfMarshal) UnmarshalCBOR(b []byte) error {
	if len(b) != 3 || b[0] != 0x82 {
		return errors.New("not mine")
	}
	s.n = int(b[1])
	return nil
}

type badMarshal struct{}

func (badMarshal) MarshalCBOR() ([]byte, error) { return []byte{0x82, 0x01}, nil }

func TestMarshalValues(t *testing.T) {
	big2_64, _ := new(big.Int).SetString("18446744073709551616", 10)
	negBig, _ := new(big.Int).SetString("-18446744073709551617", 10)
	tm := time.Date(2013, 3, 21, 20, 4, 0, 0, time.UTC)
	for _, tc := range []struct {
		v   any
		hex string
		o   []Options
	}{
		{nil, "f6", nil},
		{true, "f5", nil},
		{int8(-24), "37", nil},
		{int64(math.MinInt64), "3b7fffffffffffffff", nil},
		{uint64(math.MaxUint64), "1bffffffffffffffff", nil},
		{uint16(1000), "1903e8", nil},
		{float32(1.5), "f93e00", nil},
		{float32(100000), "fa47c35000", nil},
		{1.1, "fb3ff199999999999a", nil},
		{math.Inf(1), "f97c00", nil},
		{"IETF", "6449455446", nil},
		{[]byte{1, 2, 3, 4}, "4401020304", nil},
		{[]byte{}, "40", nil},
		{[]byte(nil), "f6", nil},
		{[3]byte{1, 2, 3}, "43010203", nil},
		{[]int(nil), "f6", nil},
		{[]int{1, 2, 3}, "83010203", nil},
		{[2]string{"a", "b"}, "8261616162", nil},
		{map[string]int(nil), "f6", nil},
		{map[string]int{"b": 2, "a": 1, "aa": 0}, "a3616101616202626161" + "00", []Options{Deterministic(true)}},
		{map[int]bool{10: true, -1: false, 100: true}, "a30af51864f520f4", []Options{Deterministic(true)}},
		{map[textKey]int{"x": 1}, "a1636b3a7801", nil},
		{&inner{X: 5}, "a1617805", nil},
		{(*inner)(nil), "f6", nil},
		{[]any{1, "a", nil, 2.5}, "84016161f6f94100", nil},
		{tm, "c074323031332d30332d32315432303a30343a30305a", nil},
		{tm, "c11a514b67b0", []Options{EpochTime(true)}},
		{tm.Add(500 * time.Millisecond), "c1fb41d452d9ec200000", []Options{EpochTime(true)}},
		{big.NewInt(-1), "20", nil},
		{big2_64, "c249010000000000000000", nil},
		{*negBig, "c349010000000000000000", nil},
		{Tag{Number: 32, Content: "http://www.example.com"}, "d82076687474703a2f2f7777772e6578616d706c652e636f6d", nil},
		{Simple(16), "f0", nil},
		{Simple(255), "f8ff", nil},
		{RawMessage{0x83, 0x01, 0x02, 0x03}, "83010203", nil},
		{json.Number("1.5"), "f93e00", nil},
		{json.Number("18446744073709551616"), "c249010000000000000000", nil},
		{selfMarshal{7}, "820707", nil},
		{netip.MustParseAddr("10.0.0.1"), "6831302e302e302e31", nil},
		{[]uint16{1, 2}, "d84544" + "01000200", []Options{TypedArrays(true)}},
		{[]int32{-1}, "d84e44" + "ffffffff", []Options{TypedArrays(true)}},
		{[2]float32{1, -2}, "d85548" + "0000803f000000c0", []Options{TypedArrays(true)}},
		{[]float64{0.5}, "d85648" + "000000000000e03f", []Options{TypedArrays(true)}},
		{[]int8{-1, 1}, "d8484" + "2ff01", []Options{TypedArrays(true)}},
	} {
		got, err := Marshal(tc.v, tc.o...)
		if err != nil || hex.EncodeToString(got) != tc.hex {
			t.Errorf("Marshal(%#v) = %x, %v; want %s", tc.v, got, err, tc.hex)
		}
	}
}

func TestMarshalStruct(t *testing.T) {
	v := tagged{A: 1, Renamed: 2, Hidden: 3, OnlyC: 4, Opts: "", inner: inner{X: 9}, unexported: 5}
	got, err := Marshal(v, Deterministic(true))
	if err != nil {
		t.Fatal(err)
	}
	// Fields: a, cbor_name, only_c, ptr (null), x (promoted); b (omitempty),
	// c (omitzero), opts (cbor omitzero of ""), m (omitempty) are left out;
	// Hidden is dropped by its cbor tag. Sorted by encoded key.
	d, _ := Diagnose(got)
	want := `{"a": 1, "x": 9, "ptr": null, "only_c": 4, "cbor_name": 2}`
	if d != want {
		t.Errorf("struct:\n got %s\nwant %s", d, want)
	}
	var back tagged
	if err := Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
	v.Hidden, v.unexported = 0, 0
	if !reflect.DeepEqual(back, v) {
		t.Errorf("round trip: %+v, want %+v", back, v)
	}
	// Case-insensitive field matching, as encoding/json, unless
	// MatchCaseSensitive; unknown fields skipped unless rejected.
	data, _ := Marshal(map[string]any{"A": 7, "CBOR_NAME": 8, "zzz": []any{1, 2}})
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
		{"\xff", ErrInvalidUTF8},
		{map[string]string{"\xfe": ""}, ErrInvalidUTF8},
		{c, ErrDepth},
		{json.Number("1e400"), ErrUnsupported},
		{Simple(23), ErrUnsupported},
		{badMarshal{}, ErrUnexpectedEOF},
	} {
		if _, err := Marshal(tc.v); !errors.Is(err, tc.want) {
			t.Errorf("Marshal(%T): %v, want %v", tc.v, err, tc.want)
		}
	}
	if _, err := Marshal(map[float64]int{0: 1, math.Copysign(0, -1): 2}, Deterministic(true)); err != nil {
		t.Errorf("0 and -0 are different keys: %v", err)
	}
}

func TestUnmarshalAny(t *testing.T) {
	for _, tc := range []struct {
		hex  string
		want any
	}{
		{"00", int64(0)},
		{"1bffffffffffffffff", uint64(math.MaxUint64)},
		{"3bffffffffffffffff", bigInt("-18446744073709551616")},
		{"c249010000000000000000", bigInt("18446744073709551616")},
		{"f93e00", 1.5},
		{"f4", false},
		{"f6", nil},
		{"f7", nil},
		{"f0", Simple(16)},
		{"4401020304", []byte{1, 2, 3, 4}},
		{"7f657374726561646d696e67ff", "streaming"},
		{"9f018202039f0405ffff", []any{int64(1), []any{int64(2), int64(3)}, []any{int64(4), int64(5)}}},
		{"a26161016162820203", map[string]any{"a": int64(1), "b": []any{int64(2), int64(3)}}},
		{"a201020304", map[any]any{int64(1): int64(2), int64(3): int64(4)}},
		{"a2616101f5f6", map[any]any{"a": int64(1), true: nil}},
		{"c074323031332d30332d32315432303a30343a30305a", time.Date(2013, 3, 21, 20, 4, 0, 0, time.UTC)},
		{"c11a514b67b0", time.Date(2013, 3, 21, 20, 4, 0, 0, time.UTC)},
		{"c1fb41d452d9ec200000", time.Date(2013, 3, 21, 20, 4, 0, 500000000, time.UTC)},
		{"d74401020304", Tag{Number: 23, Content: []byte{1, 2, 3, 4}}},
		{"c06161", Tag{Number: 0, Content: "a"}},
	} {
		var got any
		if err := Unmarshal(mustHex(t, tc.hex), &got); err != nil || !equalAny(got, tc.want) {
			t.Errorf("%s: %#v, %v; want %#v", tc.hex, got, err, tc.want)
		}
	}
	var got any
	if err := Unmarshal(mustHex(t, "a1 41 01 02"), &got); err == nil {
		t.Errorf("byte string key into any: %#v", got)
	}
}

func bigInt(s string) *big.Int {
	n, _ := new(big.Int).SetString(s, 10)
	return n
}

func equalAny(a, b any) bool {
	if x, ok := a.(*big.Int); ok {
		y, ok := b.(*big.Int)
		return ok && x.Cmp(y) == 0
	}
	if x, ok := a.(time.Time); ok {
		y, ok := b.(time.Time)
		return ok && x.Equal(y)
	}
	return reflect.DeepEqual(a, b)
}

func TestUnmarshalTypes(t *testing.T) {
	var s struct {
		I8  int8
		U   uint
		F32 float32
		S   string
		B   []byte
		A   [2]int
		BA  [4]byte
		M   map[int]string
		P   **int
		T   time.Time
		N   big.Int
		TA  []float64
		TB  []int16
	}
	data := mustHex(t, "ad"+
		"624938"+"38"+"7f"+ // I8: -128
		"6155"+"1b"+"ffffffffffffffff"+ // U
		"63463332"+"fa7f7fffff"+ // F32: max float32
		"6153"+"7f6161ff"+ // S: chunked
		"6142"+"5f4101ff"+ // B: chunked
		"6141"+"9f010203ff"+ // A: [1, 2, 3]: the 3 is dropped
		"624241"+"420102"+ // BA: 2 of 4 bytes
		"614d"+"a2016161206162"+ // M: {1: "a", -1: "b"}
		"6150"+"05"+ // P
		"6154"+"c11a514b67b0"+ // T
		"614e"+"c349010000000000000000"+ // N
		"62544"+"1d85648000000000000e03f"+ // TA: typed float64 LE
		"62544"+"2d8414401020304") // TB: typed uint16 BE
	if err := Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if s.I8 != -128 || s.U != math.MaxUint || s.F32 != math.MaxFloat32 || s.S != "a" || string(s.B) != "\x01" ||
		s.A != [2]int{1, 2} || s.BA != [4]byte{1, 2} || s.M[1] != "a" || s.M[-1] != "b" || **s.P != 5 ||
		!s.T.Equal(time.Unix(1363896240, 0)) || s.N.String() != "-18446744073709551617" ||
		!reflect.DeepEqual(s.TA, []float64{0.5}) || !reflect.DeepEqual(s.TB, []int16{0x0102, 0x0304}) {
		t.Errorf("decoded %+v", s)
	}
	// null leaves values alone, and clears pointers, slices and maps.
	if err := Unmarshal(mustHex(t, "a4 624938 f6 6150 f6 614d f7 6142 f6"), &s); err != nil || s.I8 != -128 || s.P != nil || s.M != nil || s.B != nil {
		t.Errorf("nulls: %+v, %v", s, err)
	}
}

func TestUnmarshalTypeErrors(t *testing.T) {
	var s struct {
		A int8
		B string
		C uint
		D float32
	}
	for _, tc := range []struct {
		hex, value, path string
	}{
		{"a1 6141 19 0100", "number 256", "/A"},
		{"a1 6141 c2 49 010000000000000000", "number 18446744073709551616", "/A"},
		{"a1 6142 01", "unsigned integer", "/B"},
		{"a1 6143 20", "number -1", "/C"},
		{"a1 6144 fb 47f0000000000000", "number 3.402823669209385e+38", "/D"},
		{"82 00 01", "array", ""},
	} {
		err := Unmarshal(mustHex(t, tc.hex), &s)
		var te *UnmarshalTypeError
		if !errors.As(err, &te) || te.Value != tc.value || te.Path != tc.path {
			t.Errorf("%s: %v (%#v), want %q at %q", tc.hex, err, te, tc.value, tc.path)
		}
	}
	// Decoding goes on after a type error.
	err := Unmarshal(mustHex(t, "a2 6141 61 78 6142 61 79"), &s)
	if err == nil || s.B != "y" {
		t.Errorf("after a type error: %+v, %v", s, err)
	}
	// Malformed input is a SyntaxError, and nothing is stored.
	s.B = ""
	var se *SyntaxError
	if err := Unmarshal(mustHex(t, "a2 6142 61 78 6141"), &s); !errors.As(err, &se) || s.B != "" {
		t.Errorf("truncated: %v, %+v", err, s)
	}
	if err := Unmarshal([]byte{0}, s); err == nil {
		t.Error("non-pointer accepted")
	}
	var u selfMarshal
	if err := Unmarshal(mustHex(t, "820909"), &u); err != nil || u.n != 9 {
		t.Errorf("Unmarshaler: %v %v", u, err)
	}
	if err := Unmarshal(mustHex(t, "01"), &u); err == nil {
		t.Error("Unmarshaler error lost")
	}
	if err := Unmarshal(mustHex(t, "a2 6141 01 617a 01"), &s); err != nil {
		t.Errorf("unknown field: %v", err)
	}
	if err := Unmarshal(mustHex(t, "a2 6141 01 617a 01"), &s, RejectUnknownFields(true)); err == nil {
		t.Error("RejectUnknownFields accepted an unknown field")
	}
	if err := Unmarshal(mustHex(t, "a1 6161 05"), &s, MatchCaseSensitive(true)); err != nil || s.A == 5 {
		t.Errorf("MatchCaseSensitive: %+v, %v", s, err)
	}
}

// TestCorpusStructs: Go value -> CBOR -> Go value over the corpus
// documents decoded into their Go types (internal/testtypes), in every
// encoding mode; and Go value -> CBOR -> JSON -> Go value through the
// token transcoder.
func TestCorpusStructs(t *testing.T) {
	for _, c := range testtypes.Cases {
		in := celertest.CorpusFile(t, c.File)
		v := c.New()
		if err := json.Unmarshal(in, v); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		for _, o := range [][]Options{nil, {Deterministic(true)}, {TypedArrays(true)}} {
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
		}
		data, _ := Marshal(v, Deterministic(true))
		js, err := cborToJSON(data)
		if err != nil {
			t.Errorf("%s: to JSON: %v", c.Name, err)
			continue
		}
		back := c.New()
		if err := json.Unmarshal(js, back); err != nil || !reflect.DeepEqual(back, v) {
			t.Errorf("%s: Go -> CBOR -> JSON -> Go differs (%v)", c.Name, err)
		}
	}
}

// TestHostileUnmarshal: a header claiming 2^32 elements fails at once
// with a small allocation when unmarshaling into slices and maps.
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
			if !errors.Is(err, ErrUnexpectedEOF) {
				t.Errorf("%s: %v", name, err)
			}
		}
		if d := ms1.TotalAlloc - ms0.TotalAlloc; d > 1<<20 {
			t.Errorf("%s: allocated %d bytes", name, d)
		}
	}
}

func BenchmarkHostileUnmarshal(b *testing.B) {
	for _, name := range []string{"array", "map", "string"} {
		data := hostile[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var v any
			for b.Loop() {
				if Unmarshal(data, &v) == nil {
					b.Fatal("accepted")
				}
			}
		})
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
	if got := hex.EncodeToString([]byte(buf.String())); got != "01"+"6374776f"+"a2616101616202"+"81f93e00" {
		t.Errorf("sequence %s", got)
	}
	dec := NewDecoder(&celertest.ChunkReader{Data: []byte(buf.String()), Sizes: []int{1, 2}})
	var a int
	var b string
	var c map[string]int
	var d []float64
	for _, p := range []any{&a, &b, &c, &d} {
		if err := dec.Decode(p); err != nil {
			t.Fatal(err)
		}
	}
	var e any
	if err := dec.Decode(&e); err != io.EOF {
		t.Errorf("at the end: %v", err)
	}
	if a != 1 || b != "two" || c["a"] != 1 || c["b"] != 2 || d[0] != 1.5 {
		t.Errorf("decoded %v %v %v %v", a, b, c, d)
	}
	dec = NewDecoder(strings.NewReader("\x82\x01"))
	if err := dec.Decode(&e); !errors.Is(err, ErrUnexpectedEOF) {
		t.Errorf("truncated: %v", err)
	}
}

type tree struct {
	Name string  `json:"name"`
	Kids []*tree `json:"kids,omitempty"`
	Next *tree   `json:"next"`
}

// TestConcurrentPlans builds the plans of a recursive type from many
// goroutines at once (run with -race).
func TestConcurrentPlans(t *testing.T) {
	v := &tree{Name: "a", Kids: []*tree{{Name: "b"}, {Name: "c", Next: &tree{Name: "d"}}}}
	want := `{"name": "a", "kids": [{"name": "b", "next": null}, {"name": "c", "next": {"name": "d", "next": null}}], "next": null}`
	done := make(chan error)
	for range 8 {
		go func() {
			b, err := Marshal(v)
			if err == nil {
				var back tree
				if err = Unmarshal(b, &back); err == nil && !reflect.DeepEqual(&back, v) {
					err = errors.New("round trip differs")
				}
				if d, _ := Diagnose(b); err == nil && d != want {
					err = errors.New(d)
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

// TestUnmarshalLargeElements decodes slices of elements large in memory
// and small in the data, more than the decoder allocates at once
// (elements of 2 MiB, beyond 1 MiB and 8 bytes per byte of input): the
// slice grows as they are decoded.
func TestUnmarshalLargeElements(t *testing.T) {
	type big struct {
		Pad [1 << 21]byte `json:"-"`
		N   int
	}
	in := []big{{N: 1}, {N: 2}, {N: 3}}
	data, err := Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out []big
	if err := Unmarshal(data, &out); err != nil || len(out) != 3 || out[0].N != 1 || out[2].N != 3 {
		t.Fatalf("%d elements, %v", len(out), err)
	}
	data = append([]byte{0x9f}, data[1:]...) // the same items in an indefinite-length array
	data = append(data, 0xff)
	out = nil
	if err := Unmarshal(data, &out); err != nil || len(out) != 3 || out[1].N != 2 {
		t.Fatalf("indefinite: %d elements, %v", len(out), err)
	}
}

// TestUnmarshalSliceOfArrays covers the in-place decoding of number arrays
// in slices and struct fields (coordinates) and its hand-offs to the
// array decoder: other lengths, indefinite lengths, null, out-of-range
// elements, single floats and integers into floats.
func TestUnmarshalSliceOfArrays(t *testing.T) {
	var ints [][2]int8
	if err := Unmarshal(mustHex(t, "86 820102 83030405 8106 f6 8207387f 9f0102ff"), &ints); err != nil ||
		!reflect.DeepEqual(ints, [][2]int8{{1, 2}, {3, 4}, {6, 0}, {0, 0}, {7, -128}, {1, 2}}) {
		t.Errorf("ints: %v, %v", ints, err)
	}
	ints = nil
	err := Unmarshal(mustHex(t, "82 82011880 820203"), &ints)
	var te *UnmarshalTypeError
	if !errors.As(err, &te) || te.Value != "number 128" || te.Path != "/0/1" || !reflect.DeepEqual(ints, [][2]int8{{1, 0}, {2, 3}}) {
		t.Errorf("out of range: %v, %v", ints, err)
	}
	var floats [][2]float64
	if err := Unmarshal(mustHex(t, "83 82fb3ff800000000000001 82fa3fc0000020 82616101"), &floats); err == nil ||
		!reflect.DeepEqual(floats, [][2]float64{{1.5, 1}, {1.5, -1}, {0, 1}}) {
		t.Errorf("floats: %v, %v", floats, err)
	}
	var st struct {
		A, C [2]float64
		B    [2]int8
	}
	err = Unmarshal(mustHex(t, "a3 6141 82fb3ff800000000000002 6142 82011880 6143 8103"), &st)
	if !errors.As(err, &te) || te.Value != "number 128" || te.Path != "/B/1" || st.A != [2]float64{1.5, 2} || st.B != [2]int8{1, 0} || st.C != [2]float64{3, 0} {
		t.Errorf("struct fields: %+v, %v", st, err)
	}
	if err := Unmarshal([]byte{0x80}, &floats); err != nil || floats == nil || len(floats) != 0 {
		t.Errorf("empty: %#v, %v", floats, err)
	}
}

// TestUnmarshalStringMap covers the direct stores of map[string]string
// and their hand-offs: indefinite-length texts (key and value), a tag, a
// key that is not a text, null, entries already in the map.
func TestUnmarshalStringMap(t *testing.T) {
	m := map[string]string{"old": "kept", "a": "replaced"}
	err := Unmarshal(mustHex(t, "a6 61616178 7f61626162ff7f6179617aff 01617a 6163f6 6164c06178 6165 60"), &m)
	var te *UnmarshalTypeError
	want := map[string]string{"old": "kept", "a": "x", "bb": "yz", "c": "", "d": "x", "e": ""}
	if !errors.As(err, &te) || te.Path != "/1" || !reflect.DeepEqual(m, want) {
		t.Errorf("got %q, %v; want %q and a type error at /1", m, err, want)
	}
}

// TestStringMap: map[string]string (its own encoder) is written as the
// shared plan writes the same entries held in a map[string]any: byte for
// byte with Deterministic or with one entry, the same values otherwise;
// nil as null; invalid UTF-8 and the depth limit as errors.
func TestStringMap(t *testing.T) {
	type named map[string]string
	maps := []map[string]string{nil, {}, {"a": "b"}, {"Content-Type": "text/html", "a": "", "bb": "x", "b": "é",
		strings.Repeat("k", 30): strings.Repeat("v", 300), "": "empty key"}}
	for _, m := range maps {
		var ref map[string]any
		if m != nil {
			ref = map[string]any{}
			for k, v := range m {
				ref[k] = v
			}
		}
		for _, o := range [][]Options{nil, {Deterministic(true)}} {
			for _, v := range []any{m, named(m), &struct {
				M map[string]string `json:"m"`
			}{m}} {
				got, err := Marshal(v, o...)
				if err != nil {
					t.Fatal(err)
				}
				var want []byte
				switch v.(type) {
				case map[string]string, named:
					want, err = Marshal(ref, o...)
				default:
					want, err = Marshal(&struct {
						M map[string]any `json:"m"`
					}{ref}, o...)
				}
				if err != nil {
					t.Fatal(err)
				}
				if string(got) == string(want) {
					continue
				}
				var a, b any
				if len(o) > 0 || len(m) <= 1 || len(got) != len(want) ||
					Unmarshal(got, &a) != nil || Unmarshal(want, &b) != nil || !reflect.DeepEqual(a, b) {
					t.Errorf("%T %v:\n got %x\nwant %x", v, o, got, want)
				}
			}
		}
	}
	if _, err := Marshal(map[string]string{"a": "\xff"}); !errors.Is(err, ErrInvalidUTF8) {
		t.Errorf("invalid UTF-8 value: %v", err)
	}
	if b, err := Marshal(map[string]string{"a": "\xff"}, AllowInvalidUTF8(true)); err != nil || len(b) != 5 {
		t.Errorf("invalid UTF-8 allowed: %x, %v", b, err)
	}
	if _, err := Marshal(&struct{ M map[string]string }{map[string]string{}}, MaxDepth(1)); !errors.Is(err, ErrDepth) {
		t.Errorf("depth: %v", err)
	}
}
