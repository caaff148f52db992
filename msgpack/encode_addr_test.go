package msgpack

import (
	"encoding/hex"
	"encoding/json"
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
