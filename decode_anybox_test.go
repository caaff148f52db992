package celer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/celerjson/celer/stream"
)

// Tests of decoding into any around the sizes where the decoder changes
// how it gathers containers: an object's first stackMembers members on the
// stack and the rest on d.mems, arrays of 1..8 containers boxed with their
// slice header in one allocation (boxArray).

// anyBoxDoc is a document with objects of more than stackMembers members
// (duplicate names on both sides of the stack array's end), arrays of
// containers of every boxed length and one past it, and nesting of both.
func anyBoxDoc() string {
	var b strings.Builder
	// (The first member's name is not repeated: if the move to d.mems
	// lost it, it would be missing.)
	b.WriteString(`{"first":[{}],"a":[{"x":1}],"b":{"c":[[1],[2,3]]},`)
	for i := range stackMembers + 3 {
		fmt.Fprintf(&b, `"m%d":[{"i":%d},[%d],"s"],`, i, i, i)
	}
	// "a" and "b" again past the 8th member: the last of each wins.
	b.WriteString(`"a":{"kf":[true],"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k7":"last","k8":[[]],"k0":"again"},`)
	b.WriteString(`"arrs":[`)
	for n := 1; n <= 9; n++ {
		if n > 1 {
			b.WriteString(",")
		}
		b.WriteString("[")
		for i := range n {
			if i > 0 {
				b.WriteString(",")
			}
			if i%2 == 0 {
				fmt.Fprintf(&b, `{"n":%d,"i":%d}`, n, i)
			} else {
				fmt.Fprintf(&b, `[%d,{}]`, i)
			}
		}
		b.WriteString("]")
	}
	b.WriteString(`],"b":[{},[],{"z":null}]}`)
	return b.String()
}

// withAnyField is a struct whose field of type any the one-pass struct
// decoder fills with oInterface.
type withAnyField struct {
	A any
	B []any
	C map[string]any
}

// TestUnmarshalAnyTruncatedEverywhere decodes every prefix of anyBoxDoc
// (and of the document with a byte of invalid UTF-8 in front, which keeps
// the one-pass decoder out) into any, map[string]any, []any and a struct
// with an any field, against encoding/json: values for the whole
// document, errors for every shorter prefix, and nothing left on the
// decoder's stacks.
func TestUnmarshalAnyTruncatedEverywhere(t *testing.T) {
	doc := anyBoxDoc()
	if !json.Valid([]byte(doc)) {
		t.Fatalf("anyBoxDoc is not valid JSON: %s", doc)
	}
	field := `{"A":` + doc + `,"B":[` + doc + `],"C":` + doc + `}`
	for _, full := range []string{doc, "[\"\xff\"," + doc + "]", "[" + doc + "," + doc + "]", field} {
		for i := 0; i <= len(full); i++ {
			data := []byte(full[:i])
			checkOnePassAny(t, data)
			diffUnmarshal(t, "map", data, func() any { return new(map[string]any) })
			diffUnmarshal(t, "slice", data, func() any { return new([]any) })
			diffUnmarshal(t, "struct", data, func() any { return new(withAnyField) })
		}
	}
}

// TestUnmarshalAnyDuplicatePairs decodes objects of 1..20 members whose
// names are all different but for one pair, at every two positions, so
// that the later of the pair is on the stack, the first past it, or the
// first of d.mems; values are containers half of the time.
func TestUnmarshalAnyDuplicatePairs(t *testing.T) {
	for n := 1; n <= 20; n++ {
		for i := range n {
			for j := i + 1; j < n; j++ {
				var b strings.Builder
				b.WriteString("{")
				for k := range n {
					if k > 0 {
						b.WriteString(",")
					}
					name := fmt.Sprint("k", k)
					if k == j {
						name = fmt.Sprint("k", i)
					}
					if k%2 == 0 {
						fmt.Fprintf(&b, `"%s":%d`, name, k)
					} else {
						fmt.Fprintf(&b, `"%s":[{"v":%d}]`, name, k)
					}
				}
				b.WriteString("}")
				in := b.String()
				checkOnePassAny(t, []byte(in))
				checkOnePassAny(t, []byte("[\"\xff\","+in+"]"))
				// Strict rejects the duplicate wherever it is.
				var v any
				if err := UnmarshalWith([]byte(in), &v, Strict()); err == nil {
					t.Fatalf("Strict accepted %s as %v", in, v)
				}
			}
		}
	}
}

// TestUnmarshalAnyOptionsSizes decodes objects and arrays of containers
// around the limits with options that take the two-pass decoder
// (UseNumber, Strict) or change strings (ZeroCopyStrings), and through a
// Decoder (one value after another in one buffer), against encoding/json.
func TestUnmarshalAnyOptionsSizes(t *testing.T) {
	type doc struct {
		in  string
		dup bool // has duplicate names
	}
	docs := []doc{{anyBoxDoc(), true}}
	for n := 0; n <= 2*stackMembers+2; n++ {
		var o, a strings.Builder
		o.WriteString("{")
		a.WriteString("[")
		for i := range n {
			if i > 0 {
				o.WriteString(",")
				a.WriteString(",")
			}
			fmt.Fprintf(&o, `"k%d":[{"v":%d.5},"s%d"]`, i%(n/2+1), i, i)
			fmt.Fprintf(&a, `[{"i":%d}]`, i)
		}
		o.WriteString("}")
		a.WriteString("]")
		docs = append(docs, doc{o.String(), n > n/2+1}, doc{a.String(), false})
	}
	for _, d := range docs {
		data := []byte(d.in)
		var want any
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		for i, o := range []Options{ZeroCopyStrings(true), RejectDuplicateNames(false), Strict()} {
			var got any
			err := UnmarshalWith(data, &got, o)
			if rejected := errors.Is(err, stream.ErrDuplicateName); rejected != (d.dup && i == 2) {
				t.Fatalf("%s with %v: %v", d.in, o, err)
			} else if rejected {
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", d.in, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s:\n got %#v\nwant %#v", d.in, got, want)
			}
		}
		var got, wantN any
		if err := UnmarshalWith(data, &got, UseNumber(true)); err != nil {
			t.Fatal(err)
		}
		wd := json.NewDecoder(bytes.NewReader(data))
		wd.UseNumber()
		if err := wd.Decode(&wantN); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, wantN) {
			t.Fatalf("UseNumber %s:\n got %#v\nwant %#v", d.in, got, wantN)
		}
	}
	var all []string
	for _, d := range docs {
		all = append(all, d.in)
	}
	in := strings.Join(all, " ")
	gd, wd := NewDecoder(strings.NewReader(in)), json.NewDecoder(strings.NewReader(in))
	for i := 0; ; i++ {
		var got, want any
		gerr, werr := gd.Decode(&got), wd.Decode(&want)
		sameResults(t, fmt.Sprint("Decoder value ", i), got, want, gerr, werr)
		if werr == io.EOF {
			break
		}
	}
}

// TestUnmarshalAnyBoxedSlice checks that a []any boxed by boxArray
// behaves as any other []any: its capacity is its length, so that append
// copies, and its elements are shared by every copy of the slice, as the
// elements of a []any are.
func TestUnmarshalAnyBoxedSlice(t *testing.T) {
	for n := 1; n <= 10; n++ {
		in := "[" + strings.Repeat("[{}],", n-1) + "[{}]]"
		for _, data := range [][]byte{[]byte(in), []byte("[\"\xff\"," + in + "]")} {
			var v any
			if err := Unmarshal(data, &v); err != nil {
				t.Fatal(err)
			}
			s := v.([]any)
			if data[1] == '"' {
				s = s[1].([]any)
			}
			if len(s) != n || cap(s) != n {
				t.Fatalf("%q: len %d, cap %d, want %d", data, len(s), cap(s), n)
			}
			s2 := append(s, "new")
			s2[0] = "moved"
			if _, ok := s[0].([]any); !ok {
				t.Fatalf("%q: append wrote into the decoded array", data)
			}
			s[n-1] = "set"
			u := v.([]any)
			if data[1] == '"' {
				u = u[1].([]any)
			}
			if u[n-1] != "set" {
				t.Fatalf("%q: an element set through one copy of the slice is not seen through another", data)
			}
			// reflect sees an ordinary []any.
			rv := reflect.ValueOf(u)
			rv.Index(0).Set(reflect.ValueOf(1.0))
			if s[0] != 1.0 || rv.Type() != reflect.TypeFor[[]any]() {
				t.Fatalf("%q: reflect: %v %v", data, s[0], rv.Type())
			}
		}
	}
}

// TestUnmarshalAnyBoxGC decodes arrays of containers of every boxed
// length and big objects, keeps only parts of them (an interface holding a
// boxed array, the slice out of it, one element), collects garbage
// repeatedly with a low GOGC while allocating more, and checks the parts
// kept still hold what encoding/json decodes: the collector must see the
// elements of a boxed array through its header and the header through its
// elements.
func TestUnmarshalAnyBoxGC(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(1))
	type kept struct {
		iface, want any
		slice       []any
		elem, elemW any
	}
	var all []kept
	for round := range 3 {
		for n := 1; n <= 10; n++ {
			var b strings.Builder
			b.WriteString("[")
			for i := range n {
				if i > 0 {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, `{"r":%d,"n":%d,"i":%d,"s":"%s"}`, round, n, i, strings.Repeat("x", i+round))
			}
			b.WriteString("]")
			in := b.String()
			big := `{"pad":[` + strings.Repeat(`{"q":[1.5,"long string here"]},`, 50) + `0]`
			doc := "[" + in + "," + objectOf(stackMembers+4, in) + "," + big + "}]"
			for _, data := range [][]byte{[]byte(doc), []byte("[\"\xff\"," + doc + "]")} {
				var v, w any
				if err := Unmarshal(data, &v); err != nil {
					t.Fatal(err)
				}
				if err := json.Unmarshal(data, &w); err != nil {
					t.Fatal(err)
				}
				vs, ws := v.([]any), w.([]any)
				if data[1] == '"' {
					vs, ws = vs[1].([]any), ws[1].([]any)
				}
				all = append(all,
					kept{iface: vs[0], want: ws[0]},
					kept{slice: vs[0].([]any), want: ws[0]},
					kept{elem: vs[0].([]any)[n-1], elemW: ws[0].([]any)[n-1]},
					kept{iface: vs[1], want: ws[1]})
			}
		}
		for range 5 {
			runtime.GC()
			garbage := make([][]byte, 0, 1000)
			for i := range 1000 {
				garbage = append(garbage, bytes.Repeat([]byte{byte(i)}, 16+i%200))
			}
			runtime.KeepAlive(garbage)
		}
		for i, k := range all {
			switch {
			case k.slice != nil:
				if !reflect.DeepEqual(k.slice, k.want) {
					t.Fatalf("round %d, kept %d: slice %#v, want %#v", round, i, k.slice, k.want)
				}
			case k.iface != nil:
				if !reflect.DeepEqual(k.iface, k.want) {
					t.Fatalf("round %d, kept %d: %#v, want %#v", round, i, k.iface, k.want)
				}
			default:
				if !reflect.DeepEqual(k.elem, k.elemW) {
					t.Fatalf("round %d, kept %d: element %#v, want %#v", round, i, k.elem, k.elemW)
				}
			}
		}
	}
}

// objectOf returns an object of n members whose values are all v.
func objectOf(n int, v string) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"m%d":%s`, i, v)
	}
	b.WriteString("}")
	return b.String()
}

// TestDecodeStateKeepsNoValues checks that after decoding into any,
// successfully or not, in one pass or two, the decoder's stacks of
// members and elements (kept with the pooled state) hold no value of the
// caller's in any slot, used or not: a kept value there would stay alive
// until the state is next used.
func TestDecodeStateKeepsNoValues(t *testing.T) {
	doc := anyBoxDoc()
	for _, full := range []string{doc, "[\"\xff\"," + doc + "]"} {
		for _, i := range []int{len(full), len(full) - 1, len(full) / 2, len(full) / 3} {
			data := []byte(full[:i])
			d := &decodeState{names: new(nameCache)}
			var v any
			d.init(data, 0)
			if !d.tryOnePassAny(&v) {
				d.init(data, 0)
				if json.Valid(data) {
					if err := d.unmarshal(&v); err != nil {
						t.Fatal(err)
					}
				}
			}
			for k, m := range d.mems[:cap(d.mems)] {
				if m != (member{}) {
					t.Fatalf("%d bytes: d.mems[%d] = %v after the call", i, k, m)
				}
			}
			for k, x := range d.vals[:cap(d.vals)] {
				if x != nil {
					t.Fatalf("%d bytes: d.vals[%d] = %v after the call", i, k, x)
				}
			}
		}
	}
}
