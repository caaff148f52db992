package celer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"
	"unsafe"
)

// encCases are values marshaled with celer and encoding/json, whose
// outputs (or errors) must be identical. Each is tried as it is and, when
// it is not a pointer, through a pointer too (which makes it addressable).
func encCases() []any {
	i, s, neg := 7, "s<>", -1
	pi := &i
	vm, pm, vt, pt := encValM{1}, encPtrM{2}, encValT{"v"}, encPtrT{"p"}
	kp := encKeyPtr(5)
	rec := &encRec{Name: "root"}
	rec.Kids = []*encRec{{Name: "kid"}, nil}
	rec.Next = &encRec{Name: "next", Any: map[string]any{"x": []any{1.5, "y", nil}}}
	rec.M = map[string]*encRec{"a": {Name: "ma"}, "b": nil}
	deep := &encRec{Name: "deep"}
	for d := range 1500 {
		deep = &encRec{Name: fmt.Sprint(d), Next: deep}
	}
	var nilIface fmt.Stringer
	zp := &encZeroP{-1}
	return []any{
		// Scalars.
		nil, true, false, 0, -1, math.MaxInt, math.MinInt, int64(math.MaxInt64), int64(math.MinInt64),
		int8(-128), int16(32767), int32(-5), int64(9), uint(1), uint8(255), uint16(65535),
		uint32(math.MaxUint32), uint64(math.MaxUint64), uintptr(42),
		0.0, math.Copysign(0, -1), 1.0, -1.5, 1e20, 1e21, 1e-6, 1e-7, 123456789.123, 5e-324, math.MaxFloat64,
		float32(0.1), float32(1e21), float32(1e-7), float32(3.4e38), float32(-0.0),
		math.NaN(), math.Inf(1), math.Inf(-1), float32(math.Inf(-1)),
		"", "plain", "<html> & 'quotes' \"dq\" \\", "\x00\x01\x1f\x7f\b\f\n\r\t", "\u2028\u2029",
		"bad \xff utf8 \xc3", "é中😀", encBigString,
		// Numbers and raw text.
		json.Number("12.5e+3"), json.Number(""), json.Number("-0"), json.Number("01"), json.Number("1."),
		json.Number("abc"), json.Number("1e"), json.Number("-"), json.Number("1.5E-7"),
		json.RawMessage(nil), json.RawMessage(`  { "a" : [1, 2, "<&>"] } `), json.RawMessage(`{bad`),
		json.RawMessage(`"\u2028 raw ` + "\u2028" + `"`), json.RawMessage(""), json.RawMessage(`1 2`),
		// Byte slices and arrays.
		[]byte(nil), []byte{}, []byte("hello, world"), encNamedBytes("nb"), []encNamedByte{1, 2},
		[]encByteM{1, 2}, []encByteT{1}, [3]byte{1, 2, 3}, [0]int{},
		// Slices and arrays.
		[]int(nil), []int{}, []int{1, 2, 3}, []string{"a", "<b>", "\xff"}, []float64{1.5, 1e21},
		[]float64{math.Inf(1)}, [2][]int{{1}, nil}, []*int{pi, nil}, [][]string{{"x"}, {}},
		[]any{1, "a", nil, []any{}, map[string]any{}}, []any(nil),
		// Maps.
		map[string]int(nil), map[string]int{}, map[string]int{"b": 2, "a": 1, "<": 3, "\xff": 4, "": 5},
		map[string]string(nil), map[string]string{}, map[string]string{"b": "2", "a": "<&>", "\xff": "\u2028\xfe", "": ""},
		manyStrings(40), map[string]map[string]string{"x": {"k": "v"}, "y": nil},
		map[int]string{-1: "m", 10: "t", 2: "two"}, map[uint8]bool{255: true, 0: false},
		map[uintptr]int{7: 7}, map[int64][]int{1: nil},
		map[encKeyT]int{{1, 2}: 3, {0, 9}: 4}, map[*encKeyPtr]int{nil: 1, &kp: 2},
		map[encStrKeyT]int{"b": 1, "a": 2}, map[encIntKeyT]int{3: 1, 20: 2},
		map[encErrKey]int{1: 1}, map[encErrKey]int{},
		map[bool]int{true: 1}, map[bool]int(nil), map[[2]int]int{}, map[float64]string{1: "x"},
		map[string]any{"n": nil, "f": 2.5, "s": "x", "nested": map[string]any{"z": 1, "a": []any{true}}},
		map[string]encPtrM{"k": {3}}, map[string]*encPtrM{"k": {3}, "nil": nil},
		map[string]encPtrT{"k": {"x"}}, map[string]encValM{"v": {4}},
		// Pointers and recursion.
		pi, &pi, (*int)(nil), &s, rec, deep,
		// Interfaces.
		[]any{vm, pm, &pm, vt, pt, &pt, nilIface, (*encPtrM)(nil), (*encValM)(nil), (*encPtrT)(nil), (*encValT)(nil)},
		[]fmt.Stringer{nil, time.Duration(5)},
		[]json.Marshaler{nil, vm, &pm, (*encPtrM)(nil)},
		// Marshalers.
		vm, pm, &pm, vt, pt, &pt, []encPtrM{{1}, {2}}, [2]encPtrM{}, []encPtrT{{"a"}},
		struct{ A encPtrM }{encPtrM{9}}, struct{ A encPtrT }{encPtrT{"nine"}},
		struct{ A [1]encPtrM }{}, struct{ M map[string]encPtrM }{map[string]encPtrM{"x": {1}}},
		encBadM{`{"a":1,}`}, encBadM{``}, encBadM{` [ 1 , 2 ] `}, encBadM{`"<tag>&` + "\u2028" + `"`},
		encBadM{"\"\xff\""}, encErrM{}, encErrT{}, encBothM{}, []encBothM{{}},
		struct{ E encErrM }{}, struct{ E *encErrM }{}, struct{ E []encErrT }{[]encErrT{{}}},
		time.Date(2024, 2, 29, 12, 0, 0, 5, time.UTC), time.Duration(90),
		// Structs.
		struct{}{}, struct{ a, b int }{}, struct {
			A int `json:"a"`
			B int `json:"-"`
			C int `json:"-,"`
			D int `json:"d\\bad"`
			E int `json:"<e>"`
		}{1, 2, 3, 4, 5},
		encAllOmit{}, encAllOmit{B: true, I: -1, I8: 1, U16: 1, U32: 1, U64: 1, Up: 1, F32: 1, F64: math.Copysign(0, -1),
			S: "x", P: &i, Sl: []int{}, M: map[string]int{}, If: 0, Num: "1"},
		encAllOmit{Sl: []int{1}, M: map[string]int{"a": 1}, Raw: json.RawMessage(`[]`), Ch: make(chan int)},
		encAllZero{}, encAllZero{F64: math.Copysign(0, -1), StF: struct{ F float64 }{math.Copysign(0, -1)},
			ZV: encZeroV{-1}, ZP: encZeroP{-1}, ZPP: zp, ZVP: &encZeroV{-1}, ZI: zp, Sl: []int{}, M: map[string]int{}},
		encAllZero{ZV: encZeroV{1}, ZP: encZeroP{1}, ZPP: &encZeroP{1}, ZI: (*encZeroP)(nil), P: &neg, Both: 1},
		encAllString{}, encAllString{B: true, I: -3, I8: 8, U: 9, Up: 1, F32: 1.5, F64: 1e21, S: `"<q>"` + "\xff",
			PI: &i, PS: &s, PP: &pi, Num: "12", Sl: []int{1}, If: 5, NS: "ns", OE: 1},
		encAllString{F64: math.NaN()}, encAllString{Num: "x"},
		encEmbPtr{D: 1}, encEmbPtr{encEmbInner: &encEmbInner{A: 1, B: "b"}, D: 2},
		encEmbExported{}, encEmbExported{EncExported: &EncExported{1, 2}},
		encEmbIface{}, struct {
			encEmbInner
			encEmbOther
		}{encEmbInner{1, "x"}, encEmbOther{2, 3}},
		encNaN{1, math.NaN()}, []encNaN{{F: math.Inf(1)}},
		// Unsupported types.
		make(chan int), func() {}, complex(1, 2), complex64(0), struct{ C chan int }{},
		[]func(){nil}, map[string]func(){"f": nil}, unsafe.Pointer(nil),
		// Pointer-shaped values at the top level.
		struct{ P *int }{pi}, [1]*int{pi}, struct{ M map[string]int }{map[string]int{"a": 1}},
		struct{ P *encPtrM }{&pm}, [1]map[string]int{{"k": 1}},
	}
}

func TestMarshalDifferential(t *testing.T) {
	for n, v := range encCases() {
		name := fmt.Sprintf("case %d", n)
		encCompare(t, name, v)
		if v != nil && reflect.TypeOf(v).Kind() != reflect.Pointer {
			p := reflect.New(reflect.TypeOf(v))
			p.Elem().Set(reflect.ValueOf(v))
			encCompare(t, name+" by pointer", p.Interface())
			// Inside an interface field and inside a slice.
			encCompare(t, name+" in any", struct{ V any }{v})
			s := reflect.MakeSlice(reflect.SliceOf(reflect.TypeOf(v)), 1, 1)
			s.Index(0).Set(reflect.ValueOf(v))
			encCompare(t, name+" in slice", s.Interface())
		}
	}
	if n := encDivergences.Load(); n != 0 {
		t.Errorf("%d values failed with celer but not with encoding/json", n)
	}
}

func TestMarshalCycles(t *testing.T) {
	type node struct {
		Next *node
		Any  any
	}
	a := &node{}
	a.Next = a
	m := map[string]any{}
	m["m"] = m
	s := []any{nil}
	s[0] = s
	b := &node{}
	b.Any = b
	for _, v := range []any{a, m, s, b, &node{Any: m}} {
		encCompare(t, "cycle", v)
		got, err := Marshal(v)
		var uv *UnsupportedValueError
		if got != nil || !errors.As(err, &uv) {
			t.Errorf("cycle: got %q, %v", got, err)
		}
	}
}

func TestMarshalErrorTypes(t *testing.T) {
	_, err := Marshal(make(chan int))
	var ut *UnsupportedTypeError
	if !errors.As(err, &ut) || ut.Type != reflect.TypeFor[chan int]() {
		t.Errorf("chan: %v", err)
	}
	_, err = Marshal(encErrM{})
	var me *MarshalerError
	if !errors.As(err, &me) || me.Err.Error() != "boom" {
		t.Errorf("MarshalJSON error: %v", err)
	}
	_, err = Marshal(encBadM{"{"})
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Errorf("invalid MarshalJSON output: %v", err)
	}
}

func TestMarshalIndentDifferential(t *testing.T) {
	for n, v := range encCases() {
		for _, ind := range [][2]string{{"", "\t"}, {"> ", "  "}, {"", ""}} {
			want, wantErr := json.MarshalIndent(v, ind[0], ind[1])
			got, gotErr := MarshalIndent(v, ind[0], ind[1])
			if !bytes.Equal(got, want) || !reflect.DeepEqual(gotErr, wantErr) {
				t.Errorf("case %d: MarshalIndent\n got %s, %v\nwant %s, %v", n, encTrim(got), gotErr, encTrim(want), wantErr)
			}
		}
	}
}

func TestEncoderDifferential(t *testing.T) {
	for _, html := range []bool{true, false} {
		for _, ind := range [][2]string{{"", ""}, {"", "  "}, {"#", ""}} {
			var got, want bytes.Buffer
			ce, je := NewEncoder(&got), json.NewEncoder(&want)
			ce.SetEscapeHTML(html)
			je.SetEscapeHTML(html)
			ce.SetIndent(ind[0], ind[1])
			je.SetIndent(ind[0], ind[1])
			for n, v := range encCases() {
				gotErr, wantErr := ce.Encode(v), je.Encode(v)
				if !reflect.DeepEqual(gotErr, wantErr) {
					t.Errorf("html=%v indent=%q case %d: Encode error %v, want %v", html, ind, n, gotErr, wantErr)
				}
			}
			if got.String() != want.String() {
				t.Errorf("html=%v indent=%q: Encoder output differs:\n%s", html, ind, encFirstDiff(got.Bytes(), want.Bytes()))
			}
		}
	}
}

type encFailWriter struct{ n int }

func (w *encFailWriter) Write(p []byte) (int, error) {
	if w.n++; w.n > 1 {
		return 0, errors.New("write failed")
	}
	return len(p), nil
}

func TestEncoderStickyError(t *testing.T) {
	e := NewEncoder(&encFailWriter{})
	if err := e.Encode(1); err != nil {
		t.Fatal(err)
	}
	err := e.Encode(2)
	if err == nil || e.Encode(3) != err || e.Encode(make(chan int)) != err {
		t.Errorf("write errors are not sticky: %v", err)
	}
}

func encFirstDiff(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	lo := max(i-80, 0)
	return fmt.Sprintf("at %d\n got ...%q\nwant ...%q", i, got[lo:min(i+80, len(got))], want[lo:min(i+80, len(want))])
}

func TestAppendMarshalOptions(t *testing.T) {
	v := map[string]any{"h": "<&>\u2028", "b": []any{1.0, "\xff"}, "a": 2.0}
	type tc struct {
		o    []Options
		want string
	}
	for _, c := range []tc{
		{nil, `{"a":2,"b":[1,"\ufffd"],"h":"\u003c\u0026\u003e\u2028"}`},
		{[]Options{EscapeHTML(false)}, `{"a":2,"b":[1,"\ufffd"],"h":"<&>\u2028"}`},
		{[]Options{EscapeHTML(false), EscapeLineTerminators(false)}, `{"a":2,"b":[1,"\ufffd"],"h":"<&>` + "\u2028" + `"}`},
		{[]Options{EscapeHTML(false), EscapeHTML(true)}, `{"a":2,"b":[1,"\ufffd"],"h":"\u003c\u0026\u003e\u2028"}`},
		{[]Options{WithIndent("", " ")}, "{\n \"a\": 2,\n \"b\": [\n  1,\n  \"\\ufffd\"\n ],\n \"h\": \"\\u003c\\u0026\\u003e\\u2028\"\n}"},
		{[]Options{JoinOptions(Deterministic(true), EscapeHTML(true))}, `{"a":2,"b":[1,"\ufffd"],"h":"\u003c\u0026\u003e\u2028"}`},
	} {
		got, err := AppendMarshal([]byte("prefix:"), v, c.o...)
		if err != nil || string(got) != "prefix:"+c.want {
			t.Errorf("AppendMarshal(%v)\n got %s, %v\nwant prefix:%s", c.o, got, err, c.want)
		}
	}
	// Strict UTF-8 is celer's own error.
	dst := []byte("keep")
	got, err := AppendMarshal(dst, "\xff", AllowInvalidUTF8(false))
	if err == nil || string(got) != "keep" || !strings.Contains(err.Error(), "UTF-8") {
		t.Errorf("AllowInvalidUTF8(false): %q, %v", got, err)
	}
	// Unsorted maps hold the same entries.
	m := map[string]int{}
	for i := range 50 {
		m[fmt.Sprint(i)] = i
	}
	out, err := AppendMarshal(nil, m, Deterministic(false))
	var back map[string]int
	if err != nil || json.Unmarshal(out, &back) != nil || !reflect.DeepEqual(back, m) {
		t.Errorf("Deterministic(false): %s, %v", out, err)
	}
	ms := manyStrings(50)
	out, err = AppendMarshal(nil, ms, Deterministic(false))
	var backs map[string]string
	if err != nil || json.Unmarshal(out, &backs) != nil || !reflect.DeepEqual(backs, ms) {
		t.Errorf("Deterministic(false), map[string]string: %s, %v", out, err)
	}
	// Errors leave dst alone and match encoding/json.
	var nan any = math.NaN()
	got, err = AppendMarshal(dst, nan)
	_, want := json.Marshal(nan)
	if string(got) != "keep" || !reflect.DeepEqual(err, want) {
		t.Errorf("NaN: %q, %v", got, err)
	}
}

// TestMarshalConcurrent builds plans for new types from many goroutines.
func TestMarshalConcurrent(t *testing.T) {
	type R struct {
		A []*R
		M map[string]R
		S string
	}
	v := &R{A: []*R{{S: "x"}}, M: map[string]R{"k": {S: "y"}}}
	want, _ := json.Marshal(v)
	done := make(chan []byte)
	for range 8 {
		go func() {
			b, _ := Marshal(v)
			done <- b
		}()
	}
	for range 8 {
		if b := <-done; !bytes.Equal(b, want) {
			t.Errorf("got %s", b)
		}
	}
}

func TestMarshalPanicsPropagate(t *testing.T) {
	defer func() {
		if r := recover(); r != "user panic" {
			t.Errorf("recovered %v", r)
		}
	}()
	Marshal(encPanicM{})
}

type encPanicM struct{}

func (encPanicM) MarshalJSON() ([]byte, error) { panic("user panic") }

func TestEncDirectIface(t *testing.T) {
	x := 1
	for _, v := range []any{&x, map[int]int{}, make(chan int), func() {}, struct{ p *int }{&x},
		[1]*int{&x}, struct{ a [1]*int }{[1]*int{&x}}, struct {
			p *int
			q struct{}
		}{&x, struct{}{}}, [1]int{}, struct{ a, b *int }{}, struct{}{}, [0]*int{}} {
		direct := encDirectIface(reflect.TypeOf(v))
		word := (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1]
		// For a direct type the data word is the value; for the tested
		// pointer-holding ones that means it equals &x.
		holdsX := word == unsafe.Pointer(&x)
		switch v.(type) {
		case *int, struct{ p *int }, [1]*int, struct{ a [1]*int }:
			if !direct || !holdsX {
				t.Errorf("%T: direct=%v holdsX=%v", v, direct, holdsX)
			}
		case struct {
			p *int
			q struct{}
		}:
			if direct != holdsX {
				t.Errorf("%T: direct=%v holdsX=%v", v, direct, holdsX)
			}
		}
	}
}

// manyStrings returns a map[string]string of n entries, more than the
// insertion sort of small maps handles.
func manyStrings(n int) map[string]string {
	m := make(map[string]string, n)
	for i := range n {
		m[fmt.Sprintf("k%03d<", n-i)] = fmt.Sprint(i, "&")
	}
	return m
}
