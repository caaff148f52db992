package celer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/internal/testtypes"
)

// onePassAll has a field of every kind the one-pass decoder handles.
type onePassAll struct {
	Bool    bool
	Int     int
	Int8    int8
	Int16   int16
	Int32   int32
	Int64   int64
	Uint    uint
	Uint8   uint8
	Uint16  uint16
	Uint32  uint32
	Uint64  uint64
	Uintptr uintptr
	Float64 float64
	String  string
	Named   onePassName `json:"named"`
	Loc     [3]float64
	Ptr     *string
	PtrS    *onePassInner
	Ints    []int
	Strs    []string
	Inner   onePassInner
	Inners  []onePassInner
	Grid    [][]float64
	SS      map[string]string
	MS      map[string]onePassInner
	MI      map[string][]int64
	Self    *onePassAll
	Long    string `json:"a_rather_long_member_name"`
	Any     any
	MA      map[string]any
}

type onePassName string

type onePassInner struct {
	A string `json:"a"`
	B int    `json:"b"`
}

// checkOnePass decodes data into a new value of mk's type with the
// one-pass decoder alone and checks it against encoding/json: success
// only on input encoding/json decodes without error, to the same value;
// on failure the value must be zero. It reports whether the one-pass
// decoder succeeded.
func checkOnePass(t testing.TB, name string, data []byte, mk func() any) bool {
	t.Helper()
	got, want := mk(), mk()
	e := reflect.ValueOf(got).Elem()
	p := planFor(e.Type())
	if !p.onePass() {
		t.Fatalf("%s: %v is not decoded in one pass", name, e.Type())
	}
	d := getDecodeState()
	d.init(data, 0)
	ok := d.onePassInto(e, p)
	putDecodeState(d)
	werr := json.Unmarshal(data, want)
	switch {
	case ok && werr != nil:
		t.Fatalf("%s: one pass accepted %q, which encoding/json rejects: %v", name, data, werr)
	case ok && !reflect.DeepEqual(got, want):
		t.Fatalf("%s: one pass decoded %q as\n %#v\nencoding/json as\n %#v", name, data, got, want)
	case !ok && !e.IsZero():
		t.Fatalf("%s: one pass gave up on %q but left %#v", name, data, got)
	}
	// And the whole of Unmarshal, which goes on after the one pass gives
	// up, agrees with encoding/json.
	all := mk()
	sameResults(t, name, all, want, Unmarshal(data, all), werr)
	return ok
}

// checkOnePassAny is checkOnePass for a nil empty interface.
func checkOnePassAny(t testing.TB, data []byte) bool {
	t.Helper()
	var got, want any
	d := getDecodeState()
	d.init(data, 0)
	ok := d.tryOnePassAny(&got)
	if len(d.mems) != 0 || len(d.vals) != 0 {
		t.Fatalf("one pass left %d members and %d values on the stacks", len(d.mems), len(d.vals))
	}
	putDecodeState(d)
	werr := json.Unmarshal(data, &want)
	switch {
	case ok && werr != nil:
		t.Fatalf("any: one pass accepted %q, which encoding/json rejects: %v", data, werr)
	case ok && !reflect.DeepEqual(got, want):
		t.Fatalf("any: one pass decoded %q as\n %#v\nencoding/json as\n %#v", data, got, want)
	case !ok && got != nil:
		t.Fatalf("any: one pass gave up on %q but left %#v", data, got)
	}
	var all any
	sameResults(t, "any", &all, &want, Unmarshal(data, &all), werr)
	return ok
}

var onePassInputs = []string{
	`{}`, ` { } `, `null`, `{"Bool":true,"Int":-12,"Int8":127,"Int16":-32768,"Int32":5,"Int64":-9,"Uint":1,"Uint8":255,"Uint16":65535,"Uint32":4294967295,"Uint64":18,"Uintptr":3,"Float64":-2.5e-3,"String":"héllo\u00e9\n","named":"n"}`,
	"{\n \"Bool\" : false ,\t\"Int\"\r:\n0 }",
	`{"Int":01}`, `{"Int":-}`, `{"Int":-0}`, `{"Int":1.}`, `{"Int":1.5}`, `{"Int":1e2}`, `{"Int":+1}`, `{"Int":.5}`,
	`{"Int":123456789012345678}`, `{"Int":1234567890123456789}`, `{"Int64":9223372036854775807}`, `{"Int64":9223372036854775808}`,
	`{"Int8":128}`, `{"Int8":-128}`, `{"Int8":-129}`, `{"Uint8":256}`, `{"Uint8":-1}`, `{"Uint":-0}`, `{"Uint64":18446744073709551615}`,
	`{"Float64":1}`, `{"Float64":-0}`, `{"Float64":0.1e1}`, `{"Float64":1E+2}`, `{"Float64":1e-2}`, `{"Float64":1e}`, `{"Float64":1e+}`,
	`{"Float64":1.e5}`, `{"Float64":00}`, `{"Float64":1e400}`, `{"Float64":12345678901234567890123}`, `{"Float64":1e00001}`, `{"Float64":4.9e-324}`,
	`{"Float64":"1"}`, `{"Float64":null}`, `{"Float64":true}`, `{"Bool":tru}`, `{"Bool":falsee}`, `{"Bool":nul}`, `{"Bool":null}`, `{"Bool":1}`,
	`{"String":"a\"b\\c\/\b\f\n\r\t\u0041"}`, `{"String":"\ud800"}`, `{"String":"x\ud800\u0041y"}`, `{"String":"\udc00\ud800"}`,
	`{"String":"\ud800\ud800\udfff"}`, `{"String":"\ud83d\u"}`, `{"String":"\ud83d\uZZZZ"}`, `{"String":"\u0000\u00FF\uFfFf"}`, `{"String":"\u00e"}`,
	`{"String":"\n\t"}`, `{"String":"\n` + "\x01" + `"}`, `{"String":"\n` + "\x01" + `t"}`, `{"String":"\n\`, `{"String":"\n\"`, `{"String":"\n abc`, `{"String":"ab\\"}`, `{"String":"\q"}`,
	`{"String":"\"0123456789abcdef0123456789abcdef0123456789abcdef\n"}`, `{"String":"\u00e9` + strings.Repeat("long ", 60) + `"}`, `{"\u0053tring":"\/"}`, `{"String":"\ud83d\ude00"}`, `{"String":"\x"}`, `{"String":"\u12"}`,
	"{\"String\":\"a\x01b\"}", "{\"String\":\"a\tb\"}", `{"String":"abc`, `{"String":"0123456789abcdef0123456789abcdef0123456789abcdef0123456789"}`,
	"{\"String\":\"0123456789abcdef0123456789abcdef0123456789abcdef\x1f\"}", `{"String":"0123456789abcdef0123456789abcdef0123456789abcdef\u00e9"}`,
	`{"String":1}`, `{"String":null}`, `{"named":"x","named":"y"}`, `{"NAMED":"x"}`, `{"string":"lower"}`, `{"Str\u0069ng":"esc"}`,
	`{"Loc":[1,2,3]}`, `{"Loc":[1,2]}`, `{"Loc":[1,2,3,4]}`, `{"Loc":[]}`, `{"Loc":[1,]}`, `{"Loc":[,1]}`, `{"Loc":null}`, `{"Loc":[1 , 2 ,3 ]}`, `{"Loc":["1"]}`,
	`{"Ptr":"p"}`, `{"Ptr":null}`, `{"Ptr":1}`, `{"PtrS":{"a":"x","b":2}}`, `{"PtrS":null}`, `{"PtrS":{"a":"x"},"PtrS":{"b":3}}`,
	`{"Ints":[1,2,3]}`, `{"Ints":[]}`, `{"Ints":null}`, `{"Ints":[1,2],"Ints":[3]}`, `{"Ints":[1,"2"]}`, `{"Ints":[1 2]}`, `{"Ints":[1,2}`,
	`{"Strs":["a","b\n",""]}`, `{"Inner":{"a":"x","b":1,"c":[{"deep":[1,{"x":null}]}]}}`, `{"Inner":{"b":1,"a":"x"}}`, `{"Inner":null}`, `{"Inner":[]}`,
	`{"Inners":[{"a":"x"},{"b":2},{}]}`, `{"Inners":[null,{"a":"y"}]}`, `{"Grid":[[1,2],[],[3]]}`, `{"Grid":[[1],null]}`,
	`{"SS":{"a":"b","c":null}}`, `{"SS":{}}`, `{"SS":null}`, `{"SS":{"a":1}}`, `{"SS":{"a":"b"},"SS":{"c":"d"}}`, `{"SS":{"a" "b"}}`,
	`{"MS":{"k":{"a":"x"},"l":{"b":2}}}`, `{"MS":{"k":null}}`, `{"MI":{"k":[1,2],"l":[]}}`, `{"MI":{"k":[1,2],"k":[3]}}`,
	`{"Self":{"Self":{"Int":1}}}`, `{"Self":null}`, `{"a_rather_long_member_name":"l"}`, `{"a_rather_long_member_nam":"l"}`,
	`{"unknown":[1,{"a":[true,false,null,"s",-1.5e3]}],"Int":2}`, `{"unknown":[1,}`, `{"unknown":01}`, `{"unknown":"\x"}`,
	`{"Int":1}x`, `{"Int":1} `, `{"Int":1}}`, `{"Int":1,}`, `{,"Int":1}`, `{"Int" 1}`, `{"Int":1 "Bool":true}`, `{"Int":1`, `{"Int":`, `{"Int"`, `{`, ``, ` `,
	`[]`, `1`, `"x"`, "{\"String\":\"\xff\"}", "{\"unknown\":\"\xc3\"}",
	`{"Any":{"a":[1,"b",null,true,false,{}],"a":2}}`, `{"Any":null}`, `{"Any":1e400}`, `{"Any":[1,]}`, `{"Any":{"a" 1}}`, `{"Any":"x","Any":[]}`,
	`{"MA":{"a":{"b":[]}},"MA":{"c":-0.0}}`, `{"MA":{"a":tru}}`,
}

func TestOnePassInputs(t *testing.T) {
	accepted := 0
	for _, in := range onePassInputs {
		if checkOnePass(t, "onePassAll", []byte(in), func() any { return new(onePassAll) }) {
			accepted++
		}
		checkOnePass(t, "[]onePassAll", []byte("["+in+"]"), func() any { return new([]onePassAll) })
		checkOnePass(t, "map[string]onePassAll", []byte(`{"k":`+in+`}`), func() any { return new(map[string]onePassAll) })
		checkOnePassAny(t, []byte(in))
	}
	if accepted < len(onePassInputs)/3 {
		t.Errorf("the one pass decoded only %d of %d inputs", accepted, len(onePassInputs))
	}
}

// TestOnePassDepth: nesting beyond the one-pass limit goes to the
// two-pass decoder, which decides.
func TestOnePassDepth(t *testing.T) {
	for _, n := range []int{maxOneDepth - 2, maxOneDepth + 2, 10001} {
		b := []byte{}
		for range n {
			b = append(b, `{"Self":`...)
		}
		b = append(b, `{"Int":1}`...)
		for range n {
			b = append(b, '}')
		}
		ok := checkOnePass(t, "deep", b, func() any { return new(onePassAll) })
		if ok != (n+1 <= maxOneDepth) {
			t.Errorf("depth %d: one pass reported %v", n+1, ok)
		}
	}
}

// TestOnePassCorpus decodes every corpus file into its struct type in one
// pass, then mutations of it (truncations, and single bytes replaced,
// inserted or deleted), which must each be decoded as encoding/json does
// or given up on.
func TestOnePassCorpus(t *testing.T) {
	for _, c := range testtypes.Cases {
		data := celertest.CorpusFile(t, c.File)
		if !checkOnePass(t, c.Name, data, c.New) {
			t.Errorf("%s: the one pass gave up on the corpus file", c.Name)
		}
		rng := rand.New(rand.NewPCG(1, uint64(len(data))))
		for range mutations(len(data)) {
			checkOnePass(t, c.Name, mutate(rng, data), c.New)
		}
	}
}

// mutate returns data with one mutation at a random place: a
// truncation, or a byte replaced, inserted or deleted.
func mutate(rng *rand.Rand, data []byte) []byte {
	muts := []byte{'"', '\\', ',', ':', '{', '}', '[', ']', '0', '1', '-', '.', 'e', ' ', '\n', 0x01, 'n', 't', 'x', 0xff}
	i := rng.IntN(len(data))
	switch rng.IntN(4) {
	case 0:
		return data[:i]
	case 1:
		return append(append(append([]byte{}, data[:i]...), muts[rng.IntN(len(muts))]), data[i+1:]...)
	case 2:
		return append(append(append([]byte{}, data[:i]...), muts[rng.IntN(len(muts))]), data[i:]...)
	}
	return append(append([]byte{}, data[:i]...), data[i+1:]...)
}

// mutations is how many mutations of a document of n bytes to check:
// each is decoded three times, about 30 MB of decoding per document.
func mutations(n int) int {
	k := min(max(30<<20/n, 10), 400)
	if testing.Short() || encRaceEnabled {
		k = max(k/10, 5)
	}
	return k
}

// TestOnePassCorpusAny is TestOnePassCorpus for every corpus file decoded
// into an empty interface.
func TestOnePassCorpusAny(t *testing.T) {
	for _, f := range celertest.CorpusJSON(t) {
		if len(f.Data) == 0 {
			continue
		}
		if !checkOnePassAny(t, f.Data) && json.Valid(f.Data) && utf8.Valid(f.Data) {
			t.Errorf("%s: the one pass gave up on a valid corpus file", f.Name)
		}
		rng := rand.New(rand.NewPCG(2, uint64(len(f.Data))))
		for range mutations(len(f.Data)) / 4 {
			checkOnePassAny(t, mutate(rng, f.Data))
		}
	}
}

// FuzzOnePass checks the one-pass decoder against encoding/json.
func FuzzOnePass(f *testing.F) {
	for _, in := range onePassInputs {
		f.Add([]byte(in))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkOnePass(t, "onePassAll", data, func() any { return new(onePassAll) })
		checkOnePass(t, "[]onePassInner", data, func() any { return new([]onePassInner) })
		checkOnePass(t, "map[string][]float64", data, func() any { return new(map[string][]float64) })
		checkOnePassAny(t, data)
	})
}

// TestUnmarshalWithDecodeOptions checks the decoding options on a type
// the one-pass decoder takes and on one it leaves to the two-pass
// decoder (allTypes has decoding methods).
func TestUnmarshalWithDecodeOptions(t *testing.T) {
	types := map[string]func() any{
		"onePassAll": func() any { return new(onePassAll) },
		"allTypes":   func() any { return new(allTypes) },
	}
	for name, mk := range types {
		for _, in := range []string{`{"Int":1,"zzz":2}`, `{"Int":1}`, `{"zzz":{"a":[1]},"Int":1}`, `{"int":1}`} {
			got, want := mk(), mk()
			gerr := UnmarshalWith([]byte(in), got, RejectUnknownMembers(true))
			dec := json.NewDecoder(bytes.NewReader([]byte(in)))
			dec.DisallowUnknownFields()
			werr := dec.Decode(want)
			if fmt.Sprint(gerr) != fmt.Sprint(werr) || !reflect.DeepEqual(got, want) {
				t.Errorf("%s RejectUnknownMembers %s: %v, %+v; encoding/json: %v, %+v", name, in, gerr, got, werr, want)
			}
		}
		for in, want := range map[string]int{`{"int":5}`: 0, `{"Int":5}`: 5, `{"INT":5,"Int":6}`: 6} {
			v := mk()
			if err := UnmarshalWith([]byte(in), v, MatchCaseSensitive(true)); err != nil {
				t.Fatal(err)
			}
			if got := reflect.ValueOf(v).Elem().FieldByName("Int").Int(); got != int64(want) {
				t.Errorf("%s MatchCaseSensitive %s: Int = %d, want %d", name, in, got, want)
			}
		}
		data := []byte(`{"String":"shared","Int":1}`)
		v := mk()
		if err := UnmarshalWith(data, v, ZeroCopyStrings(true)); err != nil {
			t.Fatal(err)
		}
		s := reflect.ValueOf(v).Elem().FieldByName("String").String()
		if p := uintptr(unsafe.Pointer(unsafe.StringData(s))); s != "shared" || p < uintptr(unsafe.Pointer(&data[0])) || p >= uintptr(unsafe.Pointer(&data[0]))+uintptr(len(data)) {
			t.Errorf("%s ZeroCopyStrings: %q does not share the input", name, s)
		}
	}
}

// TestUnmarshalAnyBoxing checks that numbers and strings decoded into any
// share slabs instead of one allocation each, in both passes, and that the
// values stay what they are as more are decoded.
func TestUnmarshalAnyBoxing(t *testing.T) {
	var b strings.Builder
	b.WriteString("[")
	for i := range 200 {
		fmt.Fprintf(&b, "%d.5,\"s%d\",", i, i)
	}
	b.WriteString("\"\",0,-0]")
	data := []byte(b.String())
	var want any
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"one pass", "two passes"} {
		in := data
		if name == "two passes" { // invalid UTF-8 keeps the one-pass decoder out
			in = append(bytes.Clone(data[:len(data)-1]), ",\"\xff\"]"...)
		}
		var got any
		allocs := testing.AllocsPerRun(5, func() {
			got = nil
			if err := Unmarshal(in, &got); err != nil {
				t.Fatal(err)
			}
		})
		var w any
		json.Unmarshal(in, &w)
		if !reflect.DeepEqual(got, w) {
			t.Fatalf("%s: got %v", name, got)
		}
		// 402 boxed values; slabs, chunks and the slice take a few dozen.
		if allocs > 40 {
			t.Errorf("%s: %v allocations for 402 boxed values", name, allocs)
		}
	}
	var got any
	Unmarshal(data, &got)
	if !reflect.DeepEqual(got, want) {
		t.Fatal("values changed")
	}
}

// TestUnmarshalAnyScalarArrays checks that arrays of scalars decoded into
// any are laid out in shared slabs (a few allocations for many arrays, not
// one each), that appending to one never writes over the next, and that
// long arrays, arrays that hold containers after scalars and malformed
// arrays still decode as encoding/json decodes them.
func TestUnmarshalAnyScalarArrays(t *testing.T) {
	var b strings.Builder
	b.WriteString("[")
	for i := range 500 {
		fmt.Fprintf(&b, "[%d,%d.5,true],", i, i)
	}
	b.WriteString("[]]")
	data := []byte(b.String())
	var got any
	allocs := testing.AllocsPerRun(5, func() {
		got = nil
		if err := Unmarshal(data, &got); err != nil {
			t.Fatal(err)
		}
	})
	// 500 arrays and 1000 boxed numbers: the slabs take a few dozen.
	if allocs > 40 && !encRaceEnabled {
		t.Errorf("%v allocations for 500 arrays of scalars", allocs)
	}
	var want any
	json.Unmarshal(data, &want)
	if !reflect.DeepEqual(got, want) {
		t.Fatal("arrays of scalars differ from encoding/json's")
	}
	outer := got.([]any)
	first := outer[0].([]any)
	if len(first) != cap(first) {
		t.Fatalf("an array has room to grow in place: len %d, cap %d", len(first), cap(first))
	}
	_ = append(first, "x")
	if !reflect.DeepEqual(outer[1], want.([]any)[1]) {
		t.Fatal("appending to one array changed the next")
	}

	long := "[" + strings.Repeat(`1,"s",`, 2000) + "2]"
	for _, in := range []string{
		long, "[" + long + "," + long + "]", `[1,2,[3],4]`, `[1,"a",{"b":[2]},3]`, `[[1,2],[3,[4]],[5]]`,
		`[1,2`, `[1,2,`, `[1,x]`, `[1 2]`, `[1,]`, `[[1,2],[3,`, "[1,\"\xff\",2]", `[` + strings.Repeat(`1,`, 300) + `x]`,
	} {
		checkOnePassAny(t, []byte(in))
	}
}

// TestUnmarshalAnyContainerSizes decodes objects and arrays of containers
// around the sizes where the decoder changes how it gathers them (members
// on the stack up to stackMembers, arrays boxed with their header up to 8
// elements), with duplicate names on both sides of the change, in both
// passes.
func TestUnmarshalAnyContainerSizes(t *testing.T) {
	for n := 0; n <= 2*stackMembers+2; n++ {
		var o, dup, arr strings.Builder
		o.WriteString("{")
		dup.WriteString("{")
		arr.WriteString("[")
		for i := range n {
			if i > 0 {
				o.WriteString(",")
				dup.WriteString(",")
				arr.WriteString(",")
			}
			fmt.Fprintf(&o, `"k%d":{"v":%d}`, i, i)
			fmt.Fprintf(&dup, `"k%d":%d`, i%3, i) // the last of each name wins
			fmt.Fprintf(&arr, `{"i":%d}`, i)
		}
		o.WriteString("}")
		dup.WriteString("}")
		arr.WriteString("]")
		for _, in := range []string{o.String(), dup.String(), arr.String(), "[" + arr.String() + "," + o.String() + "]"} {
			checkOnePassAny(t, []byte(in))
			checkOnePassAny(t, []byte(in[:len(in)-1])) // unterminated
			// Invalid UTF-8 keeps the one-pass decoder out.
			checkOnePassAny(t, []byte("[\"\xff\","+in+"]"))
		}
	}
}

// TestUnmarshalAnyArrayBoxAllocs checks that a short array holding
// containers, decoded into any, takes one allocation for its elements and
// the slice header the interface points to, not one for each, and that
// the slice has no room to append in place.
func TestUnmarshalAnyArrayBoxAllocs(t *testing.T) {
	for _, in := range []string{`[[[1]]]`, "[[[1]],\"\xff\"]"} { // one pass, two passes
		data := []byte(in)
		var got any
		allocs := testing.AllocsPerRun(20, func() {
			got = nil
			if err := Unmarshal(data, &got); err != nil {
				t.Fatal(err)
			}
		})
		// One pass: slabs for the float, the inner array's elements and
		// its header; one each for the two arrays that hold arrays (three
		// each when the elements, the header and the slab of elements
		// were allocated apart). Two passes: the string's chunk and slab
		// and the float's slab; the three arrays.
		want := 5.0
		if strings.Contains(in, "\xff") {
			want = 6
		}
		if allocs > want && !encRaceEnabled {
			t.Errorf("%q: %v allocations, want %v", in, allocs, want)
		}
		a := got.([]any)[0].([]any)
		if len(a) != 1 || cap(a) != 1 {
			t.Errorf("%q: len %d, cap %d", in, len(a), cap(a))
		}
	}
}

// TestUnmarshalAnyStringStops checks strings decoded into any against
// encoding/json with an escape, a control byte or the closing quote at
// every offset up to 80 bytes, plain bytes before it and after it, so
// that the stop falls in each word copyStr looks at and past them (where
// oStr's scan goes on from the bytes copyStr found plain).
func TestUnmarshalAnyStringStops(t *testing.T) {
	for n := 0; n <= 80; n++ {
		for _, stop := range []string{`\n`, `\u00e9`, `\"`, "\x01", `"`} {
			for _, after := range []string{"", "tail", strings.Repeat("y", 40)} {
				s := strings.Repeat("x", n) + stop + after
				if stop == `"` {
					s = strings.Repeat("x", n) // the quote closes the string
				}
				// (A string before s gives the decoder a chunk of
				// strings to copy into.)
				for _, doc := range []string{`"` + s + `"`, `["first","` + s + `",1]`, `{"a":"first","k":"` + s + `"}`,
					`["first","` + s + `"` + strings.Repeat(" ", 40) + `]`} {
					var got, want any
					gerr := Unmarshal([]byte(doc), &got)
					werr := json.Unmarshal([]byte(doc), &want)
					if (gerr != nil) != (werr != nil) || !reflect.DeepEqual(got, want) {
						t.Fatalf("%q: got %#v (%v), want %#v (%v)", doc, got, gerr, want, werr)
					}
				}
			}
		}
	}
}
