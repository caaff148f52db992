package msgpack

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
	"github.com/celerjson/celer/token"
)

type inner struct {
	X int `json:"x"`
}

type tagged struct {
	A       int               `json:"a"`
	B       string            `json:"b,omitempty"`
	C       []int             `json:"c,omitzero"`
	Renamed int               `json:"json_name" msgpack:"mp_name"`
	Hidden  int               `json:"hidden" msgpack:"-"`
	OnlyM   int               `json:"-" msgpack:"only_m"`
	Opts    string            `json:"opts,omitempty" msgpack:",omitzero"`
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

func (s selfMarshal) MarshalMsgpack() ([]byte, error) { return []byte{0x92, byte(s.n), byte(s.n)}, nil }
func (s *selfMarshal) UnmarshalMsgpack(b []byte) error {
	if len(b) != 3 || b[0] != 0x92 {
		return errors.New("not mine")
	}
	s.n = int(b[1])
	return nil
}

type badMarshal struct{}

func (badMarshal) MarshalMsgpack() ([]byte, error) { return []byte{0x92, 0x01}, nil }

func TestMarshalValues(t *testing.T) {
	big2_64, _ := new(big.Int).SetString("18446744073709551616", 10)
	tm := time.Date(2013, 3, 21, 20, 4, 0, 0, time.UTC)
	for _, tc := range []struct {
		v   any
		hex string
		o   []Options
	}{
		{nil, "c0", nil},
		{true, "c3", nil},
		{int8(-33), "d0df", nil},
		{int64(math.MinInt64), "d38000000000000000", nil},
		{uint64(math.MaxUint64), "cfffffffffffffffff", nil},
		{uint16(1000), "cd03e8", nil},
		{float32(1.5), "ca3fc00000", nil},
		{1.5, "cb3ff8000000000000", nil},
		{1.5, "ca3fc00000", []Options{ShortestFloat(true)}},
		{math.Inf(1), "cb7ff0000000000000", nil},
		{"IETF", "a449455446", nil},
		{[]byte{1, 2, 3, 4}, "c40401020304", nil},
		{[]byte{}, "c400", nil},
		{[]byte(nil), "c0", nil},
		{[3]byte{1, 2, 3}, "c403010203", nil},
		{[]int(nil), "c0", nil},
		{[]int{1, -200, 70000}, "9301d1ff38ce00011170", nil},
		{[]uint16{1, 300}, "9201cd012c", nil},
		{[]float32{1.5, -2}, "92ca3fc00000cac0000000", nil},
		{[]float64{0.5}, "91cb3fe0000000000000", nil},
		{[]float64{0.5}, "91ca3f000000", []Options{ShortestFloat(true)}},
		{[2]string{"a", "b"}, "92a161a162", nil},
		{map[string]int(nil), "c0", nil},
		{map[string]int{"b": 2, "a": 1, "aa": 0}, "83a16101a16202a2616100", []Options{Deterministic(true)}},
		{map[int]bool{10: true, -1: false, 200: true}, "830ac3ccc8c3ffc2", []Options{Deterministic(true)}},
		{map[textKey]int{"x": 1}, "81a36b3a7801", nil},
		{&inner{X: 5}, "81a17805", nil},
		{(*inner)(nil), "c0", nil},
		{[]any{1, "a", nil, 2.5}, "9401a161c0cb4004000000000000", nil},
		{tm, "d6ff514b67b0", nil},
		{tm.Add(500 * time.Millisecond), "d7ff77359400514b67b0", nil},
		{big.NewInt(-1), "ff", nil},
		{big2_64, "b4" + hex.EncodeToString([]byte("18446744073709551616")), []Options{InexactAsString(true)}},
		{Ext{Type: 7, Data: []byte{1, 2}}, "d5070102", nil},
		{Ext{Type: 1, Data: []byte{1, 2, 3}}, "c70301010203", nil},
		{RawMessage{0x93, 0x01, 0x02, 0x03}, "93010203", nil},
		{json.Number("1.5"), "cb3ff8000000000000", nil},
		{json.Number("-5"), "fb", nil},
		{selfMarshal{7}, "920707", nil},
		{netip.MustParseAddr("10.0.0.1"), "a831302e302e302e31", nil},
	} {
		got, err := Marshal(tc.v, tc.o...)
		if err != nil || hex.EncodeToString(got) != tc.hex {
			t.Errorf("Marshal(%#v) = %x, %v; want %s", tc.v, got, err, tc.hex)
		}
	}
}

func TestMarshalStruct(t *testing.T) {
	v := tagged{A: 1, Renamed: 2, Hidden: 3, OnlyM: 4, inner: inner{X: 9}, unexported: 5}
	got, err := Marshal(v, Deterministic(true))
	if err != nil {
		t.Fatal(err)
	}
	// Fields: a, mp_name, only_m, ptr (nil), x (promoted); b (omitempty),
	// c (omitzero), opts (msgpack omitzero of ""), m (omitempty) are left
	// out; Hidden is dropped by its msgpack tag. Sorted by encoded key.
	toks, _ := readTokens(got)
	want := `{5: "a" 1 "x" 9 "ptr" null "only_m" 4 "mp_name" 2 }`
	if d := describeTokens(toks); d != want {
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
	data, _ := Marshal(map[string]any{"A": 7, "MP_NAME": 8, "zzz": []any{1, 2}})
	var ci tagged
	if err := Unmarshal(data, &ci); err != nil || ci.A != 7 || ci.Renamed != 8 {
		t.Errorf("case-insensitive: %+v, %v", ci, err)
	}
}

func TestMarshalErrors(t *testing.T) {
	type cyc struct{ P *cyc }
	c := &cyc{}
	c.P = c
	huge, _ := new(big.Int).SetString("18446744073709551616", 10)
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
		{json.Number("0.10000000000000000001"), ErrUnsupported},
		{huge, ErrUnsupported},
		{Ext{Type: -1, Data: []byte{1}}, ErrUnsupported},
		{badMarshal{}, ErrUnexpectedEOF},
		{map[int]int{1: 1, 2: 2}, nil},
	} {
		if _, err := Marshal(tc.v); !errors.Is(err, tc.want) {
			t.Errorf("Marshal(%T): %v, want %v", tc.v, err, tc.want)
		}
	}
}

func TestUnmarshalAny(t *testing.T) {
	for _, tc := range []struct {
		hex  string
		want any
	}{
		{"00", int64(0)},
		{"ff", int64(-1)},
		{"cfffffffffffffffff", uint64(math.MaxUint64)},
		{"ca3fc00000", 1.5},
		{"cb3ff8000000000000", 1.5},
		{"c2", false},
		{"c0", nil},
		{"c40401020304", []byte{1, 2, 3, 4}},
		{"a3616263", "abc"},
		{"93019202039204c0", []any{int64(1), []any{int64(2), int64(3)}, []any{int64(4), nil}}},
		{"82a16101a1629202cd0100", map[string]any{"a": int64(1), "b": []any{int64(2), int64(256)}}},
		{"8201020304", map[any]any{int64(1): int64(2), int64(3): int64(4)}},
		{"82a16101c3c0", map[any]any{"a": int64(1), true: nil}},
		{"d6ff514b67b0", time.Date(2013, 3, 21, 20, 4, 0, 0, time.UTC)},
		{"d40501", Ext{Type: 5, Data: []byte{1}}},
	} {
		var got any
		if err := Unmarshal(mustHex(t, tc.hex), &got); err != nil || !equalAny(got, tc.want) {
			t.Errorf("%s: %#v, %v; want %#v", tc.hex, got, err, tc.want)
		}
	}
	var got any
	if err := Unmarshal(mustHex(t, "81 c4 01 01 02"), &got); err == nil {
		t.Errorf("bin key into any: %#v", got)
	}
}

func equalAny(a, b any) bool {
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
		SB  string
		B   []byte
		BS  []byte
		BA  []byte
		A   [2]int
		FA  [4]byte
		M   map[int]string
		P   **int
		T   time.Time
		TS  time.Time
		N   big.Int
		I16 []int16
		F64 []float32
		E   Ext
		JN  json.Number
	}
	data := mustHex(t, "de 00 13"+
		"a24938"+"d080"+ // I8: -128
		"a155"+"cfffffffffffffffff"+ // U
		"a3463332"+"ca7f7fffff"+ // F32: max float32
		"a153"+"d90161"+ // S: str 8
		"a25342"+"c40162"+ // SB: from bin
		"a142"+"c40101"+ // B
		"a24253"+"a163"+ // BS: from str
		"a24241"+"9201cc02"+ // BA: from an array
		"a141"+"93010203"+ // A: [1, 2, 3]: the 3 is dropped
		"a24641"+"c403010203"+ // FA: 3 of 4 bytes
		"a14d"+"8201a161ffa162"+ // M: {1: "a", -1: "b"}
		"a150"+"05"+ // P
		"a154"+"d6ff514b67b0"+ // T
		"a25453"+"b4323031332d30332d32315432303a30343a30305a"+ // TS: RFC 3339 str
		"a14e"+"d3ffffffffffffffff"+ // N: -1
		"a3493136"+"9301d1fc18cd7fff"+ // I16
		"a3463634"+"92cb3ff8000000000000ca3fc00000"+ // F64 (into []float32)
		"a145"+"d40900"+ // E
		"a24a4e"+"cb3ff8000000000000") // JN
	if err := Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	tm := time.Unix(1363896240, 0)
	if s.I8 != -128 || s.U != math.MaxUint || s.F32 != math.MaxFloat32 || s.S != "a" || s.SB != "b" || string(s.B) != "\x01" ||
		string(s.BS) != "c" || string(s.BA) != "\x01\x02" || s.A != [2]int{1, 2} || s.FA != [4]byte{1, 2, 3} ||
		s.M[1] != "a" || s.M[-1] != "b" || **s.P != 5 || !s.T.Equal(tm) || !s.TS.Equal(tm) || s.N.Int64() != -1 ||
		!reflect.DeepEqual(s.I16, []int16{1, -1000, 32767}) || !reflect.DeepEqual(s.F64, []float32{1.5, 1.5}) ||
		s.E.Type != 9 || string(s.E.Data) != "\x00" || s.JN != "1.5" {
		t.Errorf("decoded %+v", s)
	}
	// nil leaves values alone, and clears pointers, slices and maps.
	if err := Unmarshal(mustHex(t, "84 a24938 c0 a150 c0 a14d c0 a142 c0"), &s); err != nil || s.I8 != -128 || s.P != nil || s.M != nil || s.B != nil {
		t.Errorf("nils: %+v, %v", s, err)
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
		hex, value, path string
	}{
		{"81 a141 cd 0100", "number 256", "/A"},
		{"81 a141 cf ffffffffffffffff", "number 18446744073709551615", "/A"},
		{"81 a142 01", "integer", "/B"},
		{"81 a142 c4 01 ff", "bin that is not UTF-8", "/B"},
		{"81 a143 ff", "number -1", "/C"},
		{"81 a144 cb 47f0000000000000", "number 3.402823669209385e+38", "/D"},
		{"81 a145 93 01 cc80 02", "number 128", "/E/1"},
		{"81 a145 92 01 a0", "str", "/E/1"},
		{"92 00 01", "array", ""},
	} {
		err := Unmarshal(mustHex(t, tc.hex), &s)
		var te *UnmarshalTypeError
		if !errors.As(err, &te) || te.Value != tc.value || te.Path != tc.path {
			t.Errorf("%s: %v (%#v), want %q at %q", tc.hex, err, te, tc.value, tc.path)
		}
	}
	err := Unmarshal(mustHex(t, "82 a141 a178 a142 a179"), &s)
	if err == nil || s.B != "y" {
		t.Errorf("after a type error: %+v, %v", s, err)
	}
	s.B = ""
	var se *SyntaxError
	if err := Unmarshal(mustHex(t, "82 a142 a178 a141"), &s); !errors.As(err, &se) || s.B != "" {
		t.Errorf("truncated: %v, %+v", err, s)
	}
	if err := Unmarshal([]byte{0}, s); err == nil {
		t.Error("non-pointer accepted")
	}
	var u selfMarshal
	if err := Unmarshal(mustHex(t, "920909"), &u); err != nil || u.n != 9 {
		t.Errorf("Unmarshaler: %v %v", u, err)
	}
	if err := Unmarshal(mustHex(t, "01"), &u); err == nil {
		t.Error("Unmarshaler error lost")
	}
	if err := Unmarshal(mustHex(t, "82 a141 01 a17a 01"), &s, RejectUnknownFields(true)); err == nil {
		t.Error("RejectUnknownFields accepted an unknown field")
	}
	if err := Unmarshal(mustHex(t, "81 a161 05"), &s, MatchCaseSensitive(true)); err != nil || s.A == 5 {
		t.Errorf("MatchCaseSensitive: %+v, %v", s, err)
	}
}

// TestCorpusStructs: Go value -> MessagePack -> Go value over the corpus
// documents decoded into their Go types (internal/testtypes), with each
// option that changes the encoding; and Go value -> MessagePack -> JSON ->
// Go value through the token transcoder.
func TestCorpusStructs(t *testing.T) {
	for _, c := range testtypes.Cases {
		in := celertest.CorpusFile(t, c.File)
		v := c.New()
		if err := json.Unmarshal(in, v); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		for _, o := range [][]Options{nil, {Deterministic(true)}} {
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
		js, err := msgpackToJSON(data)
		if err != nil {
			t.Errorf("%s: to JSON: %v", c.Name, err)
			continue
		}
		back := c.New()
		if err := json.Unmarshal(js, back); err != nil || !reflect.DeepEqual(back, v) {
			t.Errorf("%s: Go -> MessagePack -> JSON -> Go differs (%v)", c.Name, err)
		}
	}
}

// TestHostileUnmarshal: a head claiming 2^32-1 elements or bytes fails at
// once with a small allocation when unmarshaling into slices, maps,
// strings and interfaces.
func TestHostileUnmarshal(t *testing.T) {
	for name, data := range hostile {
		var ms0, ms1 runtime.MemStats
		runtime.ReadMemStats(&ms0)
		var s []int
		var m map[string]int
		var b []byte
		var str string
		var a any
		errs := []error{Unmarshal(data, &s), Unmarshal(data, &m), Unmarshal(data, &b), Unmarshal(data, &str), Unmarshal(data, &a)}
		runtime.ReadMemStats(&ms1)
		for _, err := range errs {
			if !errors.Is(err, ErrUnexpectedEOF) {
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
	for _, v := range []any{1, "two", map[string]int{"b": 2, "a": 1}, []float64{1.5}, time.Unix(1, 0)} {
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
	}
	if got := hex.EncodeToString([]byte(buf.String())); got != "01"+"a374776f"+"82a16101a16202"+"91cb3ff8000000000000"+"d6ff00000001" {
		t.Errorf("sequence %s", got)
	}
	dec := NewDecoder(&celertest.ChunkReader{Data: []byte(buf.String()), Sizes: []int{1, 2}})
	var a int
	var b string
	var c map[string]int
	var d []float64
	var e time.Time
	for _, p := range []any{&a, &b, &c, &d, &e} {
		if err := dec.Decode(p); err != nil {
			t.Fatal(err)
		}
	}
	var x any
	if err := dec.Decode(&x); err != io.EOF {
		t.Errorf("at the end: %v", err)
	}
	if a != 1 || b != "two" || c["a"] != 1 || c["b"] != 2 || d[0] != 1.5 || e.Unix() != 1 {
		t.Errorf("decoded %v %v %v %v %v", a, b, c, d, e)
	}
	dec = NewDecoder(strings.NewReader("\x92\x01"))
	if err := dec.Decode(&x); !errors.Is(err, ErrUnexpectedEOF) {
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

// TestTranscodeTimestamp: a timestamp goes to JSON as its RFC 3339 text.
func TestTranscodeTimestamp(t *testing.T) {
	js, err := msgpackToJSON(mustHex(t, "92 d7ff77359400514b67b0 d40501"), token.SubstituteNull(true))
	if err != nil || string(js) != `["2013-03-21T20:04:00.5Z",null]`+"\n" {
		t.Errorf("%s, %v", js, err)
	}
	if _, err := msgpackToJSON(mustHex(t, "d40501")); !errors.Is(err, token.ErrUnsupported) {
		t.Errorf("ext to JSON: %v", err)
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
}

// TestUnmarshalSliceOfArrays covers the in-place decoding of number arrays
// in slices (coordinates) and its hand-offs to the array decoder: other
// lengths, nil, out-of-range elements, float32 and integers into floats.
func TestUnmarshalSliceOfArrays(t *testing.T) {
	var ints [][2]int8
	if err := Unmarshal(mustHex(t, "95 920102 93030405 9106 c0 9207d080"), &ints); err != nil ||
		!reflect.DeepEqual(ints, [][2]int8{{1, 2}, {3, 4}, {6, 0}, {0, 0}, {7, -128}}) {
		t.Errorf("ints: %v, %v", ints, err)
	}
	ints = nil
	err := Unmarshal(mustHex(t, "92 9201cc80 920203"), &ints)
	var te *UnmarshalTypeError
	if !errors.As(err, &te) || te.Value != "number 128" || te.Path != "/0/1" || !reflect.DeepEqual(ints, [][2]int8{{1, 0}, {2, 3}}) {
		t.Errorf("out of range: %v, %v", ints, err)
	}
	var floats [][2]float64
	if err := Unmarshal(mustHex(t, "93 92cb3ff800000000000001 92ca3fc00000ff 92a161 01"), &floats); err == nil ||
		!reflect.DeepEqual(floats, [][2]float64{{1.5, 1}, {1.5, -1}, {0, 1}}) {
		t.Errorf("floats: %v, %v", floats, err)
	}
	var st struct {
		A, C [2]float64
		B    [2]int8
	}
	err = Unmarshal(mustHex(t, "83 a141 92cb3ff800000000000002 a142 9201cc80 a143 9103"), &st)
	if !errors.As(err, &te) || te.Value != "number 128" || te.Path != "/B/1" || st.A != [2]float64{1.5, 2} || st.B != [2]int8{1, 0} || st.C != [2]float64{3, 0} {
		t.Errorf("struct fields: %+v, %v", st, err)
	}
	if err := Unmarshal([]byte{0x90}, &floats); err != nil || floats == nil || len(floats) != 0 {
		t.Errorf("empty: %#v, %v", floats, err)
	}
}

// TestUnmarshalStringMap covers the direct stores of map[string]string
// and their hand-offs: a bin value (UTF-8 or not), a key that is not a
// str, nil, entries already in the map, a named map type.
func TestUnmarshalStringMap(t *testing.T) {
	type named map[string]string
	m := map[string]string{"old": "kept", "a": "replaced"}
	err := Unmarshal(mustHex(t, "86 a161a178 a162c40179 01a17a a163c0 a164c401ff a165a0"), &m)
	var te *UnmarshalTypeError
	want := map[string]string{"old": "kept", "a": "x", "b": "y", "c": "", "d": "", "e": ""} // d: its value is dropped
	if !errors.As(err, &te) || te.Value != "integer" || te.Path != "/1" || !reflect.DeepEqual(m, want) {
		t.Errorf("got %q, %v; want %q and a type error at /1 (the first)", m, err, want)
	}
	var s struct{ N named }
	if err := Unmarshal(mustHex(t, "81 a14e 82 a161a178 a162a179"), &s); err != nil || !reflect.DeepEqual(s.N, named{"a": "x", "b": "y"}) {
		t.Errorf("named: %q, %v", s.N, err)
	}
}

// TestUnmarshalFieldsInPlace covers the struct fields decoded through
// their memory (pointers to scalars, slices, structs, structs in slices)
// into values that are not zero, where the one-pass decoder does not
// run: a pointer that is set is reused, nil clears it, an object that
// does not fit leaves what is there and reports a type error.
func TestUnmarshalFieldsInPlace(t *testing.T) {
	type inner struct {
		N *int8   `json:"n"`
		S []int16 `json:"s"`
	}
	type outer struct {
		P *int8   `json:"p"`
		Q *string `json:"q"`
		I inner   `json:"i"`
		L []inner `json:"l"`
	}
	mk := func(v any) []byte {
		b, err := Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	p, n := new(int8), new(int8)
	v := outer{P: p, I: inner{N: n, S: []int16{9}}}
	data := mk(map[string]any{"p": 7, "q": "s", "i": map[string]any{"n": nil, "s": []int{1, -2}}, "l": []any{map[string]any{"n": 3, "s": []int{}}}})
	if err := Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	if v.P != p || *p != 7 || v.Q == nil || *v.Q != "s" || v.I.N != nil || !reflect.DeepEqual(v.I.S, []int16{1, -2}) ||
		len(v.L) != 1 || v.L[0].N == nil || *v.L[0].N != 3 || v.L[0].S == nil || len(v.L[0].S) != 0 {
		t.Fatalf("decoded %+v", v)
	}
	data = mk(map[string]any{"p": 300})
	err := Unmarshal(data, &v)
	var te *UnmarshalTypeError
	if !errors.As(err, &te) || te.Offset != 3 || v.P != p || *p != 7 {
		t.Fatalf("300 into *int8: %v (%+v), p %v = %d", err, te, v.P, *v.P)
	}
	var z outer // zero: decoded in one pass
	if err := Unmarshal(mk(map[string]any{"i": map[string]any{"n": "x"}, "q": nil}), &z); !errors.As(err, &te) || z.Q != nil {
		t.Fatalf("str into *int8: %v, %+v", err, z)
	}
}
