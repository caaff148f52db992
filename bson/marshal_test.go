package bson

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"math"
	"math/big"
	"reflect"
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
	Renamed int               `json:"json_name" bson:"bson_name"`
	Hidden  int               `json:"hidden" bson:"-"`
	OnlyB   int               `json:"-" bson:"only_b"`
	Opts    string            `json:"opts,omitempty" bson:",omitzero"`
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

type selfMarshal struct{ n int32 }

func (s selfMarshal) MarshalBSON() ([]byte, error) {
	return Marshal(map[string]int32{"n": s.n})
}
func (s *selfMarshal) UnmarshalBSON(b []byte) error {
	var m map[string]int32
	if err := Unmarshal(b, &m); err != nil {
		return err
	}
	s.n = m["n"]
	return nil
}

type badMarshal struct{}

func (badMarshal) MarshalBSON() ([]byte, error) { return []byte{5, 0, 0, 0}, nil }

// TestMarshalValues checks the element each Go value becomes in the
// document {"x": value} (element bytes written by hand from the grammar).
// int40 is 1<<40 as an int where int has 64 bits (the test files also
// compile for 32-bit platforms, where it is 0).
var int40 = int(uint64(1) << 40 & math.MaxUint)

func TestMarshalValues(t *testing.T) {
	oid, _ := ObjectIDFromHex("0102030405060708090a0b0c")
	dec, _ := ParseDecimal128("1.5")
	tm := time.Date(2013, 3, 21, 20, 4, 0, 500e6, time.UTC)
	for _, tc := range []struct {
		v    any
		elem string
		o    []Options
	}{
		{nil, "0a 7800", nil},
		{true, "08 7800 01", nil},
		{int8(-1), "10 7800 ffffffff", nil},
		{int32(1), "10 7800 01000000", nil},
		{int64(1), "12 7800 0100000000000000", nil},
		{1, "10 7800 01000000", nil},
		{int40, "12 7800 0000000000010000", nil},
		{uint8(255), "10 7800 ff000000", nil},
		{uint64(1 << 32), "12 7800 0000000001000000", nil},
		{1.5, "01 7800 000000000000f83f", nil},
		{float32(0.5), "01 7800 000000000000e03f", nil},
		{math.Inf(-1), "01 7800 000000000000f0ff", nil},
		{"é", "02 7800 03000000 c3a9 00", nil},
		{[]byte{1, 2}, "05 7800 02000000 00 0102", nil},
		{[]byte(nil), "0a 7800", nil},
		{[2]byte{1, 2}, "05 7800 02000000 00 0102", nil},
		{[]int{7}, "04 7800 0c000000 10 3000 07000000 00", nil},
		{[]string(nil), "0a 7800", nil},
		{[1]bool{true}, "04 7800 09000000 08 3000 01 00", nil},
		{map[string]int(nil), "0a 7800", nil},
		{map[string]int32{"b": 2, "a": 1}, "03 7800 13000000 10 6100 01000000 10 6200 02000000 00", []Options{Deterministic(true)}},
		{map[int]bool{10: true, -1: false}, "03 7800 0f000000 08 2d3100 00 08 313000 01 00", []Options{Deterministic(true)}},
		{map[textKey]int{"x": 1}, "03 7800 0e000000 10 6b3a7800 01000000 00", nil},
		{&inner{X: 5}, "03 7800 0c000000 10 7800 05000000 00", nil},
		{(*inner)(nil), "0a 7800", nil},
		{[]any{int32(1), "a", nil}, "04 7800 18000000 10 3000 01000000 02 3100 02000000 6100 0a 3200 00", nil},
		{tm, "09 7800 74098d8e3d010000", nil},
		{&tm, "09 7800 74098d8e3d010000", nil},
		{DateTime(-1), "09 7800 ffffffffffffffff", nil},
		{oid, "07 7800 0102030405060708090a0b0c", nil},
		{&oid, "07 7800 0102030405060708090a0b0c", nil},
		{dec, "13 7800 0f000000000000000000000000003e30", nil},
		{Timestamp{T: 1, I: 2}, "11 7800 02000000 01000000", nil},
		{Regex{"a", "mi"}, "0b 7800 6100 696d00", nil},
		{Binary{Subtype: 0x80, Data: []byte{1}}, "05 7800 01000000 80 01", nil},
		{Binary{Subtype: 2, Data: []byte{1}}, "05 7800 05000000 02 01000000 01", nil},
		{JavaScript("f"), "0d 7800 02000000 6600", nil},
		{Symbol("s"), "0e 7800 02000000 7300", nil},
		{CodeWithScope{Code: "f", Scope: map[string]int32{"a": 1}}, "0f 7800 16000000 02000000 6600 0c000000 10 6100 01000000 00", nil},
		{CodeWithScope{Code: "f"}, "0f 7800 0f000000 02000000 6600 05000000 00", nil},
		{DBPointer{Namespace: "n", ID: oid}, "0c 7800 02000000 6e00 0102030405060708090a0b0c", nil},
		{MinKey{}, "ff 7800", nil},
		{MaxKey{}, "7f 7800", nil},
		{Undefined{}, "06 7800", nil},
		{D{{"b", true}, {"a", nil}}, "03 7800 0c000000 08 6200 01 0a 6100 00", nil},
		{Raw(mustHex(t, "05000000 00")), "03 7800 05000000 00", nil},
		{json.Number("1.5"), "01 7800 000000000000f83f", nil},
		{json.Number("7"), "10 7800 07000000", nil},
		{json.Number("0.10000000000000000001"), "02 7800 17000000 302e313030303030303030303030303030303030303100", []Options{InexactAsString(true)}},
		{*big.NewInt(-5), "10 7800 fbffffff", nil},
		{selfMarshal{7}, "03 7800 0c000000 10 6e00 07000000 00", nil},
		{textKey("t"), "02 7800 04000000 6b3a7400", nil},
	} {
		got, err := Marshal(map[string]any{"x": tc.v}, tc.o...)
		if want := doc(t, tc.elem); err != nil || !bytes.Equal(got, want) {
			t.Errorf("Marshal(%#v) = %x, %v; want %x", tc.v, got, err, want)
		}
	}
}

func TestMarshalStruct(t *testing.T) {
	v := tagged{A: 1, Renamed: 2, Hidden: 3, OnlyB: 4, Opts: "", inner: inner{X: 9}, unexported: 5}
	got, err := Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	// Fields, in order: a, bson_name, only_b, ptr (null), x (promoted);
	// b (omitempty), c (omitzero), opts (bson omitzero of ""), m
	// (omitempty) are left out; Hidden is dropped by its bson tag.
	js, _ := bsonToJSON(got)
	if want := `{"a":1,"bson_name":2,"only_b":4,"ptr":null,"x":9}`; string(js) != want {
		t.Errorf("struct:\n got %s\nwant %s", js, want)
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
	data, _ := Marshal(D{{"A", 7}, {"BSON_NAME", 8}, {"zzz", []any{1, 2}}})
	var ci tagged
	if err := Unmarshal(data, &ci); err != nil || ci.A != 7 || ci.Renamed != 8 {
		t.Errorf("case-insensitive: %+v, %v", ci, err)
	}
	var cs tagged
	if err := Unmarshal(data, &cs, MatchCaseSensitive(true)); err != nil || cs.A != 0 {
		t.Errorf("MatchCaseSensitive: %+v, %v", cs, err)
	}
	if err := Unmarshal(data, &cs, RejectUnknownFields(true)); err == nil {
		t.Error("RejectUnknownFields accepted an unknown field")
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
		{nil, ErrUnsupported},
		{1, ErrUnsupported},
		{[]int{1}, ErrUnsupported},
		{"a", ErrUnsupported},
		{(*inner)(nil), ErrUnsupported},
		{map[string]any{"a": make(chan int)}, ErrUnsupported},
		{map[string]any{"a": complex(1, 2)}, ErrUnsupported},
		{map[string]any{"a": uint64(math.MaxUint64)}, ErrUnsupported},
		{map[string]string{"a": "\xff"}, ErrInvalidUTF8},
		{map[string]string{"\xfe": ""}, ErrInvalidUTF8},
		{map[string]int{"a\x00b": 1}, ErrUnsupported},
		{map[float64]int{1: 1}, ErrUnsupported},
		{c, ErrDepth},
		{map[string]any{"a": json.Number("1e400")}, ErrUnsupported},
		{map[string]any{"a": Regex{"a\x00", ""}}, ErrUnsupported},
		{map[string]any{"a": Regex{"a", "ii"}}, ErrUnsupported},
		{map[string]any{"a": CodeWithScope{"f", 1}}, ErrUnsupported},
		{map[string]any{"a": badMarshal{}}, ErrUnexpectedEOF},
		{Raw{5, 0, 0, 0, 1}, ErrSyntax},
		{D{{"a\x00", 1}}, ErrUnsupported},
	} {
		if _, err := Marshal(tc.v); !errors.Is(err, tc.want) {
			t.Errorf("Marshal(%#v): %v, want %v", tc.v, err, tc.want)
		}
	}
}

func TestUnmarshalAny(t *testing.T) {
	oid, _ := ObjectIDFromHex("0102030405060708090a0b0c")
	dec, _ := ParseDecimal128("1.5")
	for _, tc := range []struct {
		elem string
		want any
	}{
		{"01 7800 000000000000f83f", 1.5},
		{"02 7800 02000000 6100", "a"},
		{"03 7800 0c000000 10 6100 01000000 00", map[string]any{"a": int32(1)}},
		{"04 7800 10000000 12 3000 0100000000000000 00", []any{int64(1)}},
		{"05 7800 01000000 00 ff", []byte{0xff}},
		{"05 7800 01000000 80 ff", Binary{0x80, []byte{0xff}}},
		{"05 7800 05000000 02 01000000 ff", Binary{2, []byte{0xff}}},
		{"06 7800", Undefined{}},
		{"07 7800 0102030405060708090a0b0c", oid},
		{"08 7800 01", true},
		{"09 7800 e803000000000000", time.Unix(1, 0).UTC()},
		{"0a 7800", nil},
		{"0b 7800 6100 6900", Regex{"a", "i"}},
		{"0c 7800 02000000 6e00 0102030405060708090a0b0c", DBPointer{"n", oid}},
		{"0d 7800 02000000 6600", JavaScript("f")},
		{"0e 7800 02000000 7300", Symbol("s")},
		{"0f 7800 16000000 02000000 6600 0c000000 10 6100 01000000 00", CodeWithScope{"f", D{{"a", int32(1)}}}},
		{"10 7800 ffffffff", int32(-1)},
		{"11 7800 02000000 01000000", Timestamp{T: 1, I: 2}},
		{"12 7800 ffffffffffffffff", int64(-1)},
		{"13 7800 0f000000000000000000000000003e30", dec},
		{"ff 7800", MinKey{}},
		{"7f 7800", MaxKey{}},
	} {
		var got map[string]any
		if err := Unmarshal(doc(t, tc.elem), &got); err != nil || !reflect.DeepEqual(got["x"], tc.want) {
			t.Errorf("%s: %#v, %v; want %#v", tc.elem, got["x"], err, tc.want)
		}
		// And back: the same bytes.
		if back, err := Marshal(got); err != nil || !bytes.Equal(back, doc(t, tc.elem)) {
			t.Errorf("%s: Marshal back: %x, %v", tc.elem, back, err)
		}
	}
	var a any
	if err := Unmarshal(doc(t, "03 7800 05000000 00"), &a); err != nil || !reflect.DeepEqual(a, map[string]any{"x": map[string]any{}}) {
		t.Errorf("any: %#v, %v", a, err)
	}
	var d D
	if err := Unmarshal(doc(t, "03 7800 0c000000 10 6100 01000000 00 0a 7900"), &d); err != nil || !reflect.DeepEqual(d, D{{"x", D{{"a", int32(1)}}}, {"y", nil}}) {
		t.Errorf("D: %#v, %v", d, err)
	}
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
		ID  ObjectID
		IDP *ObjectID
		N   json.Number
		Raw Raw
		Sub selfMarshal
		TK  textKey
	}
	data, err := Marshal(D{
		{"I8", int32(-128)}, {"U", 3.0}, {"F32", math.MaxFloat32}, {"S", Symbol("sym")}, {"B", Binary{2, []byte{1}}},
		{"A", []int{1, 2, 3}}, {"BA", []byte{1, 2}}, {"M", D{{"1", "a"}, {"-1", "b"}}}, {"P", int64(5)},
		{"T", DateTime(1363896240000)}, {"ID", ObjectID{1}}, {"IDP", ObjectID{2}}, {"N", int64(1 << 40)},
		{"Raw", D{{"z", true}}}, {"Sub", D{{"n", int32(9)}}}, {"TK", "k:v"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	rawWant, _ := Marshal(D{{"z", true}})
	if s.I8 != -128 || s.U != 3 || s.F32 != math.MaxFloat32 || s.S != "sym" || string(s.B) != "\x01" ||
		s.A != [2]int{1, 2} || s.BA != [4]byte{1, 2} || s.M[1] != "a" || s.M[-1] != "b" || **s.P != 5 ||
		!s.T.Equal(time.Unix(1363896240, 0)) || s.ID != (ObjectID{1}) || *s.IDP != (ObjectID{2}) || s.N != "1099511627776" ||
		!bytes.Equal(s.Raw, rawWant) || s.Sub.n != 9 || s.TK != "v" {
		t.Errorf("decoded %+v", s)
	}
	// null leaves values alone, and clears pointers, slices and maps.
	data, _ = Marshal(D{{"I8", nil}, {"P", nil}, {"M", Undefined{}}, {"B", nil}})
	if err := Unmarshal(data, &s); err != nil || s.I8 != -128 || s.P != nil || s.M != nil || s.B != nil {
		t.Errorf("nulls: %+v, %v", s, err)
	}
}

func TestUnmarshalTypeErrors(t *testing.T) {
	var s struct {
		A int8
		B string
		C uint
		D float32
		E struct{ F []int }
	}
	for _, tc := range []struct {
		v           D
		value, path string
	}{
		{D{{"A", int32(256)}}, "int32 256", "/A"},
		{D{{"A", 1.5}}, "double 1.5", "/A"},
		{D{{"B", int32(1)}}, "int32", "/B"},
		{D{{"C", int32(-1)}}, "int32 -1", "/C"},
		{D{{"D", 1e300}}, "double 1e+300", "/D"},
		{D{{"E", D{{"F", []any{int32(1), "x"}}}}}, "string", "/E/F/1"},
		{D{{"E", []any{}}}, "array", "/E"},
	} {
		data, _ := Marshal(tc.v)
		err := Unmarshal(data, &s)
		var te *UnmarshalTypeError
		if !errors.As(err, &te) || te.Value != tc.value || te.Path != tc.path {
			t.Errorf("%v: %v (%#v), want %q at %q", tc.v, err, te, tc.value, tc.path)
		}
	}
	// Decoding goes on after a type error.
	data, _ := Marshal(D{{"A", "x"}, {"B", "y"}})
	if err := Unmarshal(data, &s); err == nil || s.B != "y" {
		t.Errorf("after a type error: %+v, %v", s, err)
	}
	// Malformed input is a SyntaxError, and nothing is stored.
	s.B = ""
	var se *SyntaxError
	if err := Unmarshal(data[:len(data)-1], &s); !errors.As(err, &se) || s.B != "" {
		t.Errorf("truncated: %v, %+v", err, s)
	}
	if err := Unmarshal(data, s); err == nil {
		t.Error("non-pointer accepted")
	}
	var u selfMarshal
	if err := Unmarshal(doc(t, "03 7800 05000000 00"), &struct{ X selfMarshal }{}); err != nil {
		t.Errorf("Unmarshaler: %v", err)
	}
	if err := Unmarshal(doc(t, "10 7800 01000000"), &struct{ X *selfMarshal }{&u}); err == nil {
		t.Error("Unmarshaler accepted an int32")
	}
}

// TestCorpusStructs: Go value -> BSON -> Go value over the corpus
// documents whose top level is an object, decoded into their Go types
// (internal/testtypes), in both map orders; and Go value -> BSON -> JSON
// -> Go value through the token transcoder. The other documents (arrays)
// cannot be BSON documents: Marshal fails.
func TestCorpusStructs(t *testing.T) {
	for _, c := range testtypes.Cases {
		in := celertest.CorpusFile(t, c.File)
		v := c.New()
		if err := json.Unmarshal(in, v); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if reflect.TypeOf(v).Elem().Kind() == reflect.Slice {
			if _, err := Marshal(v); !errors.Is(err, ErrUnsupported) {
				t.Errorf("%s: Marshal of an array: %v", c.Name, err)
			}
			continue
		}
		for _, o := range [][]Options{nil, {Deterministic(true)}} {
			data, err := Marshal(v, o...)
			if err != nil {
				t.Errorf("%s: Marshal: %v", c.Name, err)
				continue
			}
			if err := Validate(data); err != nil {
				t.Errorf("%s: invalid BSON: %v", c.Name, err)
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
		data, _ := Marshal(v)
		js, err := bsonToJSON(data)
		if err != nil {
			t.Errorf("%s: to JSON: %v", c.Name, err)
			continue
		}
		back := c.New()
		if err := json.Unmarshal(js, back); err != nil || !reflect.DeepEqual(back, v) {
			t.Errorf("%s: Go -> BSON -> JSON -> Go differs (%v)", c.Name, err)
		}
	}
}

func TestEncoderDecoder(t *testing.T) {
	var buf bytes.Buffer
	enc := NewEncoder(&buf, Deterministic(true))
	for _, v := range []any{map[string]int{"b": 2, "a": 1}, D{{"s", "two"}}, &inner{3}} {
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
	}
	if err := enc.Encode(1); !errors.Is(err, ErrUnsupported) {
		t.Errorf("Encode(1): %v", err)
	}
	want := "13000000 1061000100000010620002000000 00" + "10000000 027300 04000000 74776f00 00" + "0c000000 107800 03000000 00"
	if got := hex.EncodeToString(buf.Bytes()); got != strings.ReplaceAll(want, " ", "") {
		t.Errorf("sequence %s", got)
	}
	dec := NewDecoder(&celertest.ChunkReader{Data: buf.Bytes(), Sizes: []int{1, 2}})
	var a map[string]int
	var b D
	var c inner
	for _, p := range []any{&a, &b, &c} {
		if err := dec.Decode(p); err != nil {
			t.Fatal(err)
		}
	}
	var e any
	if err := dec.Decode(&e); err != io.EOF {
		t.Errorf("at the end: %v", err)
	}
	if a["a"] != 1 || a["b"] != 2 || len(b) != 1 || b[0].Value != "two" || c.X != 3 {
		t.Errorf("decoded %v %v %v", a, b, c)
	}
	dec = NewDecoder(bytes.NewReader(buf.Bytes()[:10]))
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
	want := `{"name":"a","kids":[{"name":"b","next":null},{"name":"c","next":{"name":"d","next":null}}],"next":null}`
	done := make(chan error)
	for range 8 {
		go func() {
			b, err := Marshal(v)
			if err == nil {
				var back tree
				if err = Unmarshal(b, &back); err == nil && !reflect.DeepEqual(&back, v) {
					err = errors.New("round trip differs")
				}
				if js, _ := bsonToJSON(b); err == nil && string(js) != want {
					err = errors.New(string(js))
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

func TestObjectID(t *testing.T) {
	a, b := NewObjectID(), NewObjectID()
	if a == b || [5]byte(a[4:9]) != [5]byte(b[4:9]) || time.Since(a.Timestamp()) > time.Minute {
		t.Errorf("NewObjectID: %s %s", a, b)
	}
	id, err := ObjectIDFromHex("57E193D7A9CC81B4027498B5")
	if err != nil || id.Hex() != "57e193d7a9cc81b4027498b5" || id.Timestamp().Unix() != 0x57e193d7 {
		t.Errorf("%s, %v", id, err)
	}
	for _, bad := range []string{"", "57e193d7a9cc81b4027498b", "57e193d7a9cc81b4027498bz"} {
		if _, err := ObjectIDFromHex(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	js, _ := json.Marshal(id)
	var back ObjectID
	if string(js) != `"57e193d7a9cc81b4027498b5"` || json.Unmarshal(js, &back) != nil || back != id {
		t.Errorf("JSON: %s", js)
	}
}

func TestExtJSONMarshal(t *testing.T) {
	type rec struct {
		ID    ObjectID  `json:"_id"`
		N     int64     `json:"n"`
		When  time.Time `json:"when"`
		Price Decimal128
	}
	id, _ := ObjectIDFromHex("57e193d7a9cc81b4027498b5")
	price, _ := ParseDecimal128("9.99")
	v := rec{ID: id, N: 3, When: time.Unix(1, 0).UTC(), Price: price}
	for _, tc := range []struct {
		m    Mode
		want string
	}{
		{Canonical, `{"_id":{"$oid":"57e193d7a9cc81b4027498b5"},"n":{"$numberLong":"3"},"when":{"$date":{"$numberLong":"1000"}},"Price":{"$numberDecimal":"9.99"}}`},
		{Relaxed, `{"_id":{"$oid":"57e193d7a9cc81b4027498b5"},"n":3,"when":{"$date":"1970-01-01T00:00:01Z"},"Price":{"$numberDecimal":"9.99"}}`},
	} {
		got, err := MarshalExtJSON(v, tc.m)
		if err != nil || string(got) != tc.want {
			t.Errorf("mode %d: %s, %v", tc.m, got, err)
		}
		var back rec
		if err := UnmarshalExtJSON(got, &back); err != nil || !reflect.DeepEqual(back, v) {
			t.Errorf("mode %d back: %+v, %v", tc.m, back, err)
		}
	}
	var r rec
	for _, bad := range []string{``, `{} {}`, `[1]`, `{"n": {"$numberLong": 3}}`} {
		if err := UnmarshalExtJSON([]byte(bad), &r); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
