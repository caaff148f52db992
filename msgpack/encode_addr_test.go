package msgpack

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/internal/testtypes"
)

// zeroer has an IsZero method that omitzero must use.
type zeroer struct{ N int }

func (z zeroer) IsZero() bool { return z.N == 7 }

type myInt int16
type myString string

type scalars struct {
	B    bool      `json:"b"`
	I    int       `json:"i"`
	I8   int8      `json:"i8"`
	I16  int16     `json:"i16"`
	I32  int32     `json:"i32"`
	I64  int64     `json:"i64"`
	U    uint      `json:"u"`
	U8   uint8     `json:"u8"`
	U16  uint16    `json:"u16"`
	U32  uint32    `json:"u32"`
	U64  uint64    `json:"u64"`
	UP   uintptr   `json:"up"`
	F32  float32   `json:"f32"`
	F64  float64   `json:"f64"`
	S    string    `json:"s"`
	SP   *string   `json:"sp"`
	MI   myInt     `json:"mi"`
	MS   myString  `json:"ms"`
	MSP  *myString `json:"msp"`
	IP   *int      `json:"ip"`
	Bs   []byte    `json:"bs"`
	Ba   [3]byte   `json:"ba"`
	B0   [0]byte   `json:"b0"`
	Is   []int     `json:"is"`
	F32s []float32 `json:"f32s"`
	F64a [2]float64
	Ss   []string          `json:"ss"`
	SPs  []*string         `json:"sps"`
	Bo   []bool            `json:"bo"`
	U8s  []myInt           `json:"u8s"`
	M    map[string]string `json:"m"`
	MA   map[string]any    `json:"ma"`
	A    any               `json:"a"`
	T    time.Time         `json:"t"`
	TP   *time.Time        `json:"tp"`
	N    json.Number       `json:"n"`
	X    Ext               `json:"x"`
	SM   selfMarshal       `json:"sm"`
	TK   textKey           `json:"tk"`
	In   inner             `json:"in"`
	InP  *inner            `json:"inp"`
	Ins  []inner           `json:"ins"`
	Tr   *tree             `json:"tr"`
	inner
}

type omitted struct {
	B   bool              `json:"b,omitempty"`
	I   int               `json:"i,omitempty"`
	U8  uint8             `json:"u8,omitempty"`
	F   float64           `json:"f,omitempty"`
	S   string            `json:"s,omitempty"`
	SP  *string           `json:"sp,omitempty"`
	Bs  []byte            `json:"bs,omitempty"`
	A0  [0]int            `json:"a0,omitempty"`
	A1  [1]int            `json:"a1,omitempty"`
	M   map[string]string `json:"m,omitempty"`
	Any any               `json:"any,omitempty"`
	St  inner             `json:"st,omitempty"`
	Z   zeroer            `json:"z,omitzero"`
	ZP  *zeroer           `json:"zp,omitzero"`
	T   time.Time         `json:"t,omitzero"`
	In  inner             `json:"in,omitzero"`
	Ar  [2]int            `json:"ar,omitzero"`
}

type embedPtr struct {
	*inner
	Y int `json:"y"`
}

// ptrMarshal marshals itself only at an address (its method has a
// pointer receiver): not as a map's value.
type ptrMarshal struct{ N int }

func (p *ptrMarshal) MarshalMsgpack() ([]byte, error) { return []byte{0xa1, 'p'}, nil }

// holdsPtrMarshal holds a ptrMarshal by value.
type holdsPtrMarshal struct {
	P ptrMarshal `json:"p"`
	S string     `json:"s"`
}

// holdsMaps has maps of string keys as fields (encoded by address).
type holdsMaps struct {
	A map[string]inner
	B map[string]ptrMarshal
	C map[string]holdsPtrMarshal
	D map[string][2]ptrMarshal
	E map[string]*ptrMarshal
	F map[string]scalars
	G map[string]wide
	H map[string][]int
}

// wide has more than 64 fields, some left out.
type wide struct {
	F00, F01, F02, F03, F04, F05, F06, F07, F08, F09 int `json:",omitempty"`
	F10, F11, F12, F13, F14, F15, F16, F17, F18, F19 int `json:",omitempty"`
	F20, F21, F22, F23, F24, F25, F26, F27, F28, F29 int `json:",omitempty"`
	F30, F31, F32, F33, F34, F35, F36, F37, F38, F39 int `json:",omitempty"`
	F40, F41, F42, F43, F44, F45, F46, F47, F48, F49 int `json:",omitempty"`
	F50, F51, F52, F53, F54, F55, F56, F57, F58, F59 int `json:",omitempty"`
	F60, F61, F62, F63, F64, F65, F66, F67, F68, F69 int `json:",omitempty"`
}

// emptySlices has nil and empty slices of the sorts structEnc.fast
// writes inline: elements that cannot nest (written at any depth) and
// that can (a slice counts in the depth, so an empty one is written
// inline only within MaxDepth), beside byte slices (a bin, not inline).
type emptySlices struct {
	I    []int64        `json:"i"`
	S    []inner        `json:"s"`
	P    []*emptySlices `json:"p"`
	B    []byte         `json:"b"`
	Next *emptySlices   `json:"next"`
}

// addrValues are values whose encoding goes through the encoders by
// address: every kind they inline, every kind they hand over, omitempty
// and omitzero of each.
func addrValues() []any {
	s, ms := "str", myString("mys")
	n := 5
	tm := time.Date(2020, 1, 2, 3, 4, 5, 6, time.UTC)
	full := scalars{
		B: true, I: -1 << 30, I8: -100, I16: 300, I32: -70000, I64: math.MinInt64,
		U: 1 << 31, U8: 200, U16: 65535, U32: 1 << 31, U64: math.MaxUint64, UP: 77,
		F32: 1.25, F64: -0.1, S: strings.Repeat("x", 40), SP: &s, MI: -5, MS: "ms", MSP: &ms, IP: &n,
		Bs: []byte{1, 2}, Ba: [3]byte{4, 5, 6}, Is: []int{1, -1, 1000, -1000, 1 << 30}, F32s: []float32{0.5},
		F64a: [2]float64{1, math.Inf(-1)}, Ss: []string{"a", "é"}, SPs: []*string{nil, &s}, Bo: []bool{true, false},
		U8s: []myInt{1, 2}, M: map[string]string{"k": "v"}, MA: map[string]any{"x": []any{1, "y"}}, A: &inner{X: 3},
		T: tm, TP: &tm, N: "12.5", X: Ext{Type: 3, Data: []byte{9}}, SM: selfMarshal{4}, TK: "key",
		In: inner{X: 1}, InP: &inner{X: 2}, Ins: []inner{{X: 3}, {X: 4}},
		Tr: &tree{Name: "a", Kids: []*tree{{Name: "b"}}, Next: &tree{Name: "c"}}, inner: inner{X: 8},
	}
	z := zeroer{N: 7}
	var w wide
	w.F03, w.F64, w.F69 = 3, 64, 69
	return []any{
		&full, full, &scalars{}, []scalars{full, {}}, &[]scalars{full},
		&omitted{}, &omitted{B: true, I: 1, U8: 1, F: math.Copysign(0, -1), S: "s", SP: &s, Bs: []byte{}, A1: [1]int{0},
			M: map[string]string{}, Any: 0, Z: zeroer{N: 1}, ZP: &z, T: tm, In: inner{X: 1}, Ar: [2]int{0, 1}},
		&omitted{Z: z, ZP: &zeroer{N: 0}},
		&embedPtr{Y: 1}, &embedPtr{inner: &inner{X: 2}, Y: 1},
		&w, &wide{},
		&[]int{1, 2}, &[2][]float64{{1.5}, nil}, &[][2]float64{{1, 2}}, &[]*inner{nil, {X: 1}},
		&map[string]string{"a": "b"}, &[]map[string]string{nil, {"a": "b"}},
		&[]string{"\xff"}, &scalars{S: "\xfe"}, &omitted{S: "\xfd"}, &scalars{M: map[string]string{"\xfc": ""}},
		&[]any{&scalars{}, scalars{I: 1}},
		&holdsMaps{A: map[string]inner{"a": {X: 1}}, B: map[string]ptrMarshal{"a": {N: 1}}, C: map[string]holdsPtrMarshal{"a": {S: "s"}},
			D: map[string][2]ptrMarshal{"a": {}}, E: map[string]*ptrMarshal{"a": {}, "b": nil}, F: map[string]scalars{"f": full},
			G: map[string]wide{"w": w}, H: map[string][]int{"n": nil}},
		&holdsMaps{A: map[string]inner{"\xff": {}}}, &holdsMaps{}, &[]holdsMaps{{A: map[string]inner{"a": {X: 1}}}},
		&holdsPtrMarshal{}, &[]holdsPtrMarshal{{}},
		&[][0]float64{{}, {}}, &[][3]float64{{1.5, math.Inf(1), 0.1}, {}}, &[][16]float64{{1.25}}, &[][]float64{{0.5, 1e300}, nil},
		&[]int64{0, -1, -33, 200, 1 << 40, math.MinInt64}, &[]int{127, 128, -32, -129, 65536, 255, 256, 65535, -33, math.MaxInt},
		&emptySlices{}, &emptySlices{I: []int64{}, S: []inner{}, P: []*emptySlices{}, B: []byte{}},
		&emptySlices{I: []int64{}, Next: &emptySlices{S: []inner{}}},
		&emptySlices{P: []*emptySlices{}, Next: &emptySlices{I: []int64{}, Next: &emptySlices{P: []*emptySlices{}}}},
		&[]emptySlices{{S: []inner{}}, {I: []int64{1}, S: []inner{{X: 1}}, P: []*emptySlices{nil}}},
	}
}

// TestMarshalByAddress: the encoders by address write what the shared
// plans write (bytes with Deterministic, values without), errors
// included, over the values above and the corpus structs.
func TestMarshalByAddress(t *testing.T) {
	vals := addrValues()
	for _, c := range testtypes.Cases {
		v := c.New()
		if err := json.Unmarshal(celertest.CorpusFile(t, c.File), v); err != nil {
			t.Fatal(err)
		}
		vals = append(vals, v)
	}
	defer func() { sharedOnly = false }()
	for _, o := range [][]Options{{Deterministic(true)}, {Deterministic(true), ShortestFloat(true)},
		{Deterministic(true), AllowInvalidUTF8(true)}, {Deterministic(true), MaxDepth(2)}, nil} {
		for i, v := range vals {
			sharedOnly = false
			got, gerr := Marshal(v, o...)
			sharedOnly = true
			want, werr := Marshal(v, o...)
			sharedOnly = false
			if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
				t.Errorf("%d %T %v: error %v, shared plan %v", i, v, o, gerr, werr)
				continue
			}
			if len(o) > 0 {
				if string(got) != string(want) {
					t.Errorf("%d %T %v:\n got %s\nwant %s", i, v, o, hex.EncodeToString(got), hex.EncodeToString(want))
				}
				continue
			}
			var a, b any
			if err := Unmarshal(got, &a); err != nil && werr == nil {
				t.Errorf("%d %T: %v", i, v, err)
			}
			Unmarshal(want, &b)
			if len(got) != len(want) || !reflect.DeepEqual(a, b) {
				t.Errorf("%d %T: differs from the shared plan", i, v)
			}
		}
	}
}

// TestStructFast: structEnc.fast writes what the field-by-field loop
// writes, byte for byte (maps with more than one entry, whose order
// varies, compared by value), errors included, without Deterministic.
func TestStructFast(t *testing.T) {
	vals := addrValues()
	for _, c := range testtypes.Cases {
		v := c.New()
		if err := json.Unmarshal(celertest.CorpusFile(t, c.File), v); err != nil {
			t.Fatal(err)
		}
		vals = append(vals, v)
	}
	defer func() { slowStruct = false }()
	for _, o := range [][]Options{nil, {ShortestFloat(true)}, {AllowInvalidUTF8(true)}, {MaxDepth(2)}, {MaxDepth(3)}} {
		for i, v := range vals {
			slowStruct = false
			got, gerr := Marshal(v, o...)
			slowStruct = true
			want, werr := Marshal(v, o...)
			slowStruct = false
			if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
				t.Errorf("%d %T %v: error %v, field by field %v", i, v, o, gerr, werr)
				continue
			}
			if string(got) == string(want) {
				continue
			}
			var a, b any
			Unmarshal(got, &a)
			Unmarshal(want, &b)
			if !hasMap(reflect.TypeOf(v), map[reflect.Type]bool{}) || len(got) != len(want) || !reflect.DeepEqual(a, b) {
				t.Errorf("%d %T %v:\n got %s\nwant %s", i, v, o, hex.EncodeToString(got), hex.EncodeToString(want))
			}
		}
	}
}

// hasMap reports whether values of type t may hold a map or an
// interface (whose encoding order may vary between calls).
func hasMap(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Map, reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return hasMap(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if hasMap(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}

// fastFields has a field of every kind structEnc.fast writes inline, and
// some it calls out for.
type fastFields struct {
	S     string            `json:"s"`
	LongS string            `json:"a_key_longer_than_sixteen_bytes"`
	I     int64             `json:"i"`
	N     int               `json:"n"`
	B     bool              `json:"b"`
	F     float64           `json:"f"`
	SP    *string           `json:"sp"`
	IP    *int64            `json:"ip"`
	OS    string            `json:"os,omitempty"`
	OP    *fastInner        `json:"op,omitempty"`
	OB    []byte            `json:"ob,omitempty"`
	OI    int               `json:"oi,omitempty"`
	In    fastInner         `json:"in"`
	Ss    []string          `json:"ss"`
	I32   int32             `json:"i32"`
	M     map[string]string `json:"m"`
}

type fastInner struct {
	X string `json:"x"`
	Y int    `json:"y"`
}

// FuzzStructFast: structEnc.fast and the field-by-field loop write the
// same bytes for structs filled from the fuzzer's strings and numbers
// (any length, invalid UTF-8 included), with and without the options
// fast reads.
func FuzzStructFast(f *testing.F) {
	f.Add("abc", "é", int64(5), 1.5, true)
	f.Add(strings.Repeat("x", 31), strings.Repeat("é", 16), int64(-33), -0.1, false)
	f.Add("\xff", "0123456789abcdef", int64(math.MinInt64), math.Inf(1), true)
	f.Add("", "a\x80", int64(1<<40), 1e300, false)
	defer func() { slowStruct = false }()
	f.Fuzz(func(t *testing.T, s1, s2 string, i int64, x float64, b bool) {
		v := fastFields{S: s1, LongS: s2, I: i, N: int(i >> 3), B: b, F: x, OS: s2, OI: int(i & 3), I32: int32(i),
			In: fastInner{X: s2, Y: int(-i)}, Ss: []string{s1, s2}, M: map[string]string{s1: s2}}
		if b {
			v.SP, v.IP, v.OP, v.OB = &s2, &i, &fastInner{X: s1}, []byte(s1)
		}
		for _, o := range [][]Options{nil, {ShortestFloat(true)}, {AllowInvalidUTF8(true)}, {MaxDepth(1)}} {
			for _, x := range []any{&v, &[]fastFields{v, {}}} {
				slowStruct = false
				got, gerr := Marshal(x, o...)
				slowStruct = true
				want, werr := Marshal(x, o...)
				slowStruct = false
				if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
					t.Fatalf("%v: error %v, field by field %v", o, gerr, werr)
				}
				if string(got) != string(want) {
					t.Fatalf("%v:\n got %s\nwant %s", o, hex.EncodeToString(got), hex.EncodeToString(want))
				}
			}
		}
	})
}

// TestBulkNumbersCapacity: the bulk number loops reserve room a chunk at
// a time, so short encodings do not leave the result with several times
// its length in unused capacity.
func TestBulkNumbersCapacity(t *testing.T) {
	const n = 1 << 16
	for name, v := range map[string]any{
		"ints":   make([]int64, n),
		"floats": make([]float64, n),
		"points": make([][2]float64, n),
	} {
		b, err := Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if cap(b) > 2*len(b)+64<<10 {
			t.Errorf("%s: len %d, cap %d", name, len(b), cap(b))
		}
		var back any
		if err := Unmarshal(b, &back); err != nil || len(back.([]any)) != n {
			t.Errorf("%s: round trip: %v", name, err)
		}
	}
}

// TestStructRoom: the room structEnc.fast makes before a struct's first
// field is the most its inline fields can take, not a flat allowance
// per field, so that marshaling one small struct into a nil slice does
// not leave several times its length in capacity (with 64 bytes per
// field besides its key, 8 fields gave cap 704 for len 187).
func TestStructRoom(t *testing.T) {
	type row struct {
		ID     int64  `json:"id"`
		First  string `json:"first"`
		Last   string `json:"last"`
		Zip    int    `json:"zip"`
		Street string `json:"street"`
		City   string `json:"city"`
		State  string `json:"state"`
		Active bool   `json:"active"`
	}
	v := &row{ID: 123456, First: "Ada", Last: "Lovelace", Zip: 90210, Street: "12 Grove St", City: "Springfield", State: "CA", Active: true}
	b, err := Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if cap(b) > 2*len(b)+64 {
		t.Errorf("len %d, cap %d", len(b), cap(b))
	}
	var back row
	if err := Unmarshal(b, &back); err != nil || back != *v {
		t.Errorf("round trip: %+v, %v", back, err)
	}
}

// TestStructFastStr8 checks the str 8 strings (32 to 255 bytes) that the
// by-address struct loop copies by words (non-ASCII ones then checked in
// place), and longer ones (str 16, str 32): ASCII, valid UTF-8 and invalid
// UTF-8 at each end and in the middle, with and without AllowInvalidUTF8,
// against the field-by-field loop and the error they must give.
func TestStructFastStr8(t *testing.T) {
	type row struct {
		A string `json:"a"`
		B string `json:"b"`
		N int    `json:"n"`
	}
	defer func() { slowStruct = false }()
	for _, n := range []int{32, 33, 40, 47, 48, 63, 100, 255, 256, 1000, 65535, 65536} {
		for _, bad := range []string{"", "é", "\xff", "\xed\xa0\x80"} {
			for _, at := range []int{0, n / 2, n - len(bad)} {
				s := []byte(strings.Repeat("x", n-len(bad)))
				s = append(s[:at], append([]byte(bad), s[at:]...)...)
				v := &[]row{{A: string(s), B: "after", N: 7}, {A: "short", B: string(s), N: 300}}
				invalid := bad == "\xff" || bad == "\xed\xa0\x80"
				for _, o := range [][]Options{nil, {AllowInvalidUTF8(true)}} {
					got, gerr := Marshal(v, o...)
					slowStruct = true
					want, werr := Marshal(v, o...)
					slowStruct = false
					if wantErr := invalid && o == nil; (gerr != nil) != wantErr || !errors.Is(gerr, ErrInvalidUTF8) && wantErr {
						t.Errorf("n %d %q at %d %v: error %v", n, bad, at, o, gerr)
					}
					if (gerr == nil) != (werr == nil) || string(got) != string(want) {
						t.Errorf("n %d %q at %d %v: %x, %v; field by field %x, %v", n, bad, at, o, got, gerr, want, werr)
					}
				}
			}
		}
	}
}

// TestLeafEncoders: a top-level pointer to a byte string, a string, or
// a slice or array of numbers or strings is written without a Marshal
// state (topEnc.leaf), as the shared plan writes it, after what dst
// holds; invalid UTF-8 gives the state's error.
func TestLeafEncoders(t *testing.T) {
	type named []byte
	s, bad, long := "héllo", "\xff", strings.Repeat("é", 40)
	for i, c := range []struct {
		v    any
		leaf bool
	}{
		{&[]byte{1, 2, 3}, true}, {new([]byte), true}, {&[]byte{}, true}, {&named{4}, true},
		{&[3]byte{1, 2, 3}, true}, {&[0]byte{}, true}, {&s, true}, {&bad, true}, {&long, true},
		{&[]int{1, -1, 1000, math.MaxInt}, true}, {&[]int8{-100}, true}, {&[]uint16{65535}, true},
		{&[]float32{0.5}, true}, {&[]float64{0.1, 1}, true}, {&[]myInt{-5}, true}, {new([]int), true},
		{&[2]int64{1, 2}, true}, {&[][2]float64{{1, 2}, {0.5, 1e300}}, true},
		{&[]string{"a", "é", long}, true}, {&[]string{"a", bad}, true}, {&[2]string{"x", long + bad}, true},
		{&[]bool{true}, false}, {&[]*string{&s}, false}, {&inner{X: 1}, false}, {&[]selfMarshal{{1}}, false},
		{&[]textKey{"a"}, false}, {&[][]int{{1}}, false}, {new(int), false}, {&[]Ext{}, false},
	} {
		r := topRecord(c.v)
		if got := r != nil && r.leaf != nil; got != c.leaf {
			t.Errorf("%d %T: leaf encoder %v, want %v", i, c.v, got, c.leaf)
		}
		for _, o := range [][]Options{nil, {AllowInvalidUTF8(true)}, {ShortestFloat(true)}} {
			got, gerr := AppendMarshal([]byte("pre"), c.v, o...)
			sharedOnly = true
			want, werr := AppendMarshal([]byte("pre"), c.v, o...)
			sharedOnly = false
			if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() || string(got) != string(want) {
				t.Errorf("%d %T %v: %x, %v; shared plan %x, %v", i, c.v, o, got, gerr, want, werr)
			}
		}
	}
}
