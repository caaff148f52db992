package path

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/stream"
)

// pointersOf returns RFC 6901 pointers to values of v: every value of a
// small document, about limit of a large one (each k-th in document order),
// and for each object and array visited a pointer that misses (a name it
// lacks, the index past its end).
func pointersOf(v dom.Value, limit int) []string {
	n := 0
	var count func(v dom.Value)
	count = func(v dom.Value) {
		n++
		for c := range v.Members() {
			count(c)
		}
		for c := range v.Elements() {
			count(c)
		}
	}
	count(v)
	every := max(1, n/limit)
	var out []string
	i := 0
	var walk func(v dom.Value, ptr string)
	walk = func(v dom.Value, ptr string) {
		if i++; i%every == 0 {
			out = append(out, ptr)
			switch v.Kind() {
			case dom.Object:
				out = append(out, ptr+"/no such name")
			case dom.Array:
				out = append(out, ptr+"/"+strconv.Itoa(v.Len()))
			}
		}
		for name, c := range v.All() {
			walk(c, ptr+"/"+strings.NewReplacer("~", "~0", "/", "~1").Replace(name))
		}
		k := 0
		for c := range v.Elements() {
			walk(c, ptr+"/"+strconv.Itoa(k))
			k++
		}
	}
	walk(v, "")
	return out
}

// checkTrusted compares the trusted lookup of ptr in b with the checked
// one and with the DOM's answer (b is valid JSON).
func checkTrusted(t *testing.T, name string, b []byte, d *dom.Doc, ptr string) {
	t.Helper()
	p, err := CompilePointer(ptr)
	if err != nil {
		t.Fatalf("%s: %q: %v", name, ptr, err)
	}
	want, wantErr := p.LookupBytes(b)
	got, err := p.LookupBytes(b, TrustInput(true))
	if err != nil || wantErr != nil || !bytes.Equal(got, want) || (got == nil) != (want == nil) {
		t.Fatalf("%s: %q: trusted %.40q, %v; checked %.40q, %v", name, ptr, got, err, want, wantErr)
	}
	if v := p.Lookup(d.Root()); !bytes.Equal(got, v.Raw()) {
		t.Fatalf("%s: %q: trusted %.40q; DOM %.40q", name, ptr, got, v.Raw())
	}
}

// TestTrustInputCorpus: on every corpus file and every valid JSONTestSuite
// file, the trusted lookup finds what the checked one and the DOM find,
// for values all over the document and for missing ones.
func TestTrustInputCorpus(t *testing.T) {
	files := celertest.CorpusJSON(t)
	for _, f := range celertest.TestSuite(t) {
		if strings.HasPrefix(f.Name, "y_") {
			files = append(files, f)
		}
	}
	lookups := 0
	for _, f := range files {
		d, err := dom.Parse(f.Data)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		for _, ptr := range pointersOf(d.Root(), 300) {
			checkTrusted(t, f.Name, f.Data, d, ptr)
			lookups++
		}
	}
	if lookups < 5000 {
		t.Errorf("only %d lookups", lookups)
	}
}

// TestTrustInputCases: hand-made documents where skipping by depth alone
// could go wrong: brackets and quotes inside strings, escapes, empty
// containers, deep nesting, scalars at the end of the input.
func TestTrustInputCases(t *testing.T) {
	for _, tc := range []struct{ doc, ptr, want string }{
		{`{"a": "]}", "b": 1}`, "/b", `1`},
		{`{"a": "\"]}", "b": [2]}`, "/b", `[2]`},
		{`{"a\"b": {"x": "}"}, "a\"b2": 3}`, "/a\"b2", `3`},
		{`{"a": {}, "b": [], "c": [[]], "d": {"e": {}}}`, "/d/e", `{}`},
		{`[[[[[[1]]]]], [[[[[[[2]]]]]]], 3]`, "/2", `3`},
		{`[[[[[[1]]]]], [[[[[[[2]]]]]]], 3]`, "/1/0/0/0/0/0/0/0", `2`},
		{`{"\u0061": 1, "a": 2}`, "/a", `1`},
		{`{"a": -12.5e+3}`, "/a", `-12.5e+3`},
		{` [true ,false , null ] `, "/2", `null`},
		{`{"a": 1}`, "/b", ``},
		{`123`, "", `123`},
		{`"x"`, "", `"x"`},
		{`[1, [2, 3], {"a": [4]}]`, "/3", ``},
		{`[1, [2, 3], {"a": [4]}]`, "/2/a/0", `4`},
	} {
		p := MustCompilePointer(tc.ptr)
		got, err := p.LookupBytes([]byte(tc.doc), TrustInput(true))
		if err != nil || string(got) != tc.want {
			t.Errorf("%s in %s: %q, %v; want %q", tc.ptr, tc.doc, got, err, tc.want)
		}
	}
}

// TestTrustInputInvalid: on invalid input the trusted lookup answers
// something without panicking, and inputs large enough to span several
// stage-1 windows end too.
func TestTrustInputInvalid(t *testing.T) {
	big := strings.Repeat(`[`, 100000) + `"` + strings.Repeat(`]`, 10)
	for _, doc := range []string{
		``, `[`, `{`, `{"a"`, `{"a":`, `{"a": [1, 2`, `]]]]`, `}`, `{"a": "x`, "\"\x00\"", `[1 2 3]`,
		`{"a" 1, "b": 2}`, `{"a": 1, "b"}`, `[}`, `{]`, big, strings.Repeat(`{"a":`, 5000),
	} {
		for _, ptr := range []string{"", "/a", "/b", "/0", "/1", "/0/0/0"} {
			p := MustCompilePointer(ptr)
			got, err := p.LookupBytes([]byte(doc), TrustInput(true))
			if err == nil && got != nil && !isSubslice(got, []byte(doc)) {
				t.Errorf("%q in %.20q: %q is not part of the input", ptr, doc, got)
			}
		}
	}
}

func isSubslice(s, b []byte) bool { return bytes.Contains(b, s) }

// FuzzTrustInput: the trusted lookup never panics, returns a part of the
// input, and agrees with the checked lookup on valid input.
func FuzzTrustInput(f *testing.F) {
	f.Add("/a/0", `{"a": [1]}`)
	f.Add("/b", `{"a": "]}", "b": 1}`)
	f.Add("/1/0", `[[1], ["\"", 2], 3]`)
	f.Add("/a", `{"a": [1, 2`)
	f.Add("/x/y", `{"x": {"y": -0.5e1}}`)
	f.Fuzz(func(t *testing.T, ptr, doc string) {
		p, err := CompilePointer(ptr)
		if err != nil {
			return
		}
		got, err := p.LookupBytes([]byte(doc), TrustInput(true))
		if err == nil && got != nil && !isSubslice(got, []byte(doc)) {
			t.Fatalf("%q on %q: %q is not part of the input", ptr, doc, got)
		}
		valid := stream.Valid([]byte(doc))
		for _, q := range trustQueries {
			got, err := q.SelectBytes([]byte(doc), TrustInput(true))
			if !valid {
				continue
			}
			want, wantErr := q.SelectBytes([]byte(doc))
			if err != nil || wantErr != nil || !slices.EqualFunc(got, want, bytes.Equal) {
				t.Fatalf("%s on %q: trusted %q, %v; checked %q, %v", q, doc, got, err, want, wantErr)
			}
		}
		if !valid {
			return
		}
		want, wantErr := p.LookupBytes([]byte(doc))
		if err != nil || wantErr != nil || !bytes.Equal(got, want) || (got == nil) != (want == nil) {
			t.Fatalf("%q on %q: trusted %q, %v; checked %q, %v", ptr, doc, got, err, want, wantErr)
		}
	})
}

// trustQueries are run by FuzzTrustInput on every input: raw walks of one
// or two steps, then a DOM of what they enter.
var trustQueries = []*Query{
	MustCompile(`$.a`), MustCompile(`$.a[*]`), MustCompile(`$[1].b[0:2]`), MustCompile(`$.x.y`), MustCompile(`$[-1]`),
}

// TestTrustInputMaxDepth: MaxDepth holds in the trusted walk as in the
// checked one, for the value found and for the values passed over, in
// small inputs and in inputs that span stage-1 windows.
func TestTrustInputMaxDepth(t *testing.T) {
	pad := `"pad":"` + strings.Repeat("x", 70000) + `",`
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	for _, tc := range []struct {
		doc, ptr string
		depth    int
	}{
		{`{"x":[[[[[]]]]],"a":1}`, "/a", 3},
		{`{"a":[[[[[]]]]]}`, "/a", 3},
		{`{"a":[[[[[]]]]]}`, "/a", 6},
		{`{"x":[[]],"a":1}`, "/a", 3},
		{`{"x":[[[]]],"a":1}`, "/a", 3},
		{`{"x":[[[]]],"a":1}`, "/a", 4},
		{`{"x":` + deep + `,"a":1}`, "/a", 0},
		{`{` + pad + `"x":[[[[[]]]]],"a":1}`, "/a", 3},
		{`{` + pad + `"x":[[[[[[[[[[[]]]]]]]]]]],"a":1}`, "/a", 10},
		{`{` + pad + `"x":[[[[[[[[[[[]]]]]]]]]]],"a":1}`, "/a", 12},
		{`{` + pad + `"a":[[[[[[[[[[[]]]]]]]]]]]}`, "/a", 11},
	} {
		o := []Options{}
		if tc.depth > 0 {
			o = append(o, stream.MaxDepth(tc.depth))
		}
		p := MustCompilePointer(tc.ptr)
		want, werr := p.LookupBytes([]byte(tc.doc), o...)
		got, gerr := p.LookupBytes([]byte(tc.doc), append(o, TrustInput(true))...)
		if (gerr != nil) != (werr != nil) || !bytes.Equal(got, want) {
			t.Errorf("%.40s… %s MaxDepth(%d): trusted %.20q, %v; checked %.20q, %v", tc.doc, tc.ptr, tc.depth, got, gerr, want, werr)
		}
	}
}
