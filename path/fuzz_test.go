package path

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/stream"
)

// FuzzCompile: the parser never panics, and what it accepts it accepts
// for good: the query evaluates without panicking.
func FuzzCompile(f *testing.F) {
	for _, q := range validQueries {
		f.Add(q)
	}
	for _, tc := range invalidQueries {
		f.Add(tc.q)
	}
	doc, err := dom.Parse([]byte(`{"a": [1, "x", {"b": [true, null]}, [2.5]], "o": {"a": {"a": 1}, "": "e"}}`))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, q string) {
		c, err := Compile(q)
		if err != nil {
			pe, ok := err.(*Error)
			if !ok || pe.Offset < 0 || pe.Offset > len(q) || pe.Expr != q {
				t.Fatalf("Compile(%q): %#v", q, err)
			}
			_ = pe.Error()
			return
		}
		if explosive(q) {
			return
		}
		c.Select(doc.Root())
		c.SelectNodes(doc.Root())
	})
}

// explosive reports whether a query may select a number of nodes
// exponential in its length (each wildcard, descendant segment and extra
// selector multiplies the nodelist), which is JSONPath's semantics, not a
// bug, but would stall a fuzzer.
func explosive(q string) bool {
	return strings.Count(q, "*")+strings.Count(q, "..")+strings.Count(q, ",")+strings.Count(q, ":") > 5
}

// FuzzDOMvsRaw: a query selects the same values from a DOM and from the
// raw text, and its Normalized Paths select each value back.
func FuzzDOMvsRaw(f *testing.F) {
	for _, seed := range []struct{ q, doc string }{
		{`$.a`, `{"a": 1}`},
		{`$.a[1].b`, `{"a": [0, {"b": "x"}]}`},
		{`$.a[-1]`, `{"a": [0, 1, 2]}`},
		{`$..b`, `{"a": [0, {"b": "x"}], "b": 2}`},
		{`$.a[*]`, `{"a": {"x": 1, "y": [2]}}`},
		{`$.a[1:]`, `{"a": [0, 1, 2]}`},
		{`$.a[::-1]`, `{"a": [0, 1, 2]}`},
		{`$.a[?@.b > 1]`, `{"a": [{"b": 1}, {"b": 2}]}`},
		{`$[?@.x == $.y]`, `[{"x": 1}, {"y": 1}]`},
		{`$['\u00e9']`, `{"\u00e9": 1, "é": 2}`},
		{`$.a.b`, `{"a": [1, 2,], "b": 1}`},
		{`$.store.book[?@.price<10].title`, bookstore},
		{`$.a[?@.b.c > 1].d`, rowsSeed},
		{`$.a[*].b.c`, rowsSeed},
		{`$.a[?@.b == 'x'].b`, rowsSeed},
		// Invalid input: the walks agree on it too.
		{`$.a`, "{\"a\":1,\"b\":\"\x01\"}"},
		{`$.a`, `{"a":01}`},
		{`$.b`, `{"a":[1\"5,2],"b":7}`},
		{`$.a[1]`, `{"a":[1,2],"b":[}`},
		// Arrays of numbers, which the checked skip hands to numberArrays.
		{`$.b`, `{"a":[[[-122.42,37.8,0.0],[1, 2 ]],[]],"b":7}`},
		{`$.b`, `{"a":[[[-122.42,37.8,0.0],[1, 02 ]],[]],"b":7}`},
	} {
		f.Add(seed.q, seed.doc)
	}
	f.Fuzz(func(t *testing.T, q, doc string) {
		c, err := Compile(q)
		if err != nil || explosive(q) {
			return
		}
		raw, rawErr := c.SelectBytes([]byte(doc))
		// The indexed walk checks numbers on a bitmap of non-digits for
		// every other input (for large, number-dense windows only, else).
		bitmapAlways = len(doc)%2 == 0
		raw2, rawErr2 := selectBytesWith(c, []byte(doc), len(doc) < minIndexedWalk)
		bitmapAlways = false
		// The walks agree on every input, valid or not: the indexed walk
		// leaves errors to the byte-wise one, so the answer does not depend
		// on which walk the input size and the processor choose.
		if (rawErr2 != nil) != (rawErr != nil) || !slices.EqualFunc(raw, raw2, bytes.Equal) {
			t.Fatalf("%s on %q: the two raw walks differ: %q, %v and %q, %v", q, doc, raw, rawErr, raw2, rawErr2)
		}
		d, domErr := dom.Parse([]byte(doc))
		if domErr != nil {
			// Raw evaluation may stop before the error: what either walk
			// returns must then be valid values of a prefix of the document.
			for _, b := range append(raw[:len(raw):len(raw)], raw2...) {
				if !stream.Valid(b) {
					t.Fatalf("%s on %q: invalid value %q", q, doc, b)
				}
			}
			return
		}
		if rawErr != nil {
			t.Fatalf("%s on %q: raw error %v on valid JSON", q, doc, rawErr)
		}
		// With duplicate member names, a path names the first of them.
		_, dupErr := dom.Parse([]byte(doc), stream.RejectDuplicateNames(true))
		dupNames := dupErr != nil
		nodes := c.SelectNodes(d.Root())
		if len(nodes) != len(raw) {
			t.Fatalf("%s on %q: DOM %d values, raw %d", q, doc, len(nodes), len(raw))
		}
		for i, n := range nodes {
			if !bytes.Equal(n.Value.Raw(), raw[i]) {
				t.Fatalf("%s on %q: value %d: DOM %q, raw %q", q, doc, i, n.Value.Raw(), raw[i])
			}
			back, err := Compile(n.Path)
			if err != nil {
				t.Fatalf("%s on %q: normalized path %q does not compile: %v", q, doc, n.Path, err)
			}
			sel := back.Select(d.Root())
			// (With duplicate names the path may name another value, or
			// one that does not lead anywhere: nothing to check.)
			if !dupNames && (len(sel) != 1 || sel[0] != n.Value) {
				t.Fatalf("%s on %q: normalized path %q selects %v", q, doc, n.Path, sel)
			}
		}
		// Three times: a query run again on an array of 16 elements or
		// more may go through the Doc's row table (see dom.ElementsGetNames).
		for round := range 3 {
			if vals := c.Select(d.Root()); !slices.EqualFunc(vals, nodes, func(v dom.Value, n Node) bool { return v == n.Value }) {
				t.Fatalf("%s on %q: Select and SelectNodes differ (round %d)", q, doc, round)
			}
		}
	})
}

// FuzzPointer: pointer parsing never panics; a pointer and the dotted path
// built from its tokens agree on DOM and raw text.
func FuzzPointer(f *testing.F) {
	f.Add("/a/0", `{"a": [1]}`)
	f.Add("/a~1b/-", `{"a/b": [1]}`)
	f.Add("", `[]`)
	f.Fuzz(func(t *testing.T, ptr, doc string) {
		p, err := CompilePointer(ptr)
		if err != nil {
			return
		}
		raw, rawErr := p.LookupBytes([]byte(doc))
		saved := minIndexedWalk
		minIndexedWalk = 0
		raw2, rawErr2 := p.LookupBytes([]byte(doc))
		minIndexedWalk = saved
		if (rawErr == nil) != (rawErr2 == nil) && stream.Valid([]byte(doc)) || !bytes.Equal(raw, raw2) && rawErr == nil && rawErr2 == nil {
			t.Fatalf("%q on %q: the two raw walks differ: %q, %v and %q, %v", ptr, doc, raw, rawErr, raw2, rawErr2)
		}
		d, domErr := dom.Parse([]byte(doc))
		if domErr != nil {
			return
		}
		if rawErr != nil {
			t.Fatalf("%q on %q: raw error %v on valid JSON", ptr, doc, rawErr)
		}
		v := p.Lookup(d.Root())
		if !bytes.Equal(v.Raw(), raw) {
			t.Fatalf("%q on %q: DOM %q, raw %q", ptr, doc, v.Raw(), raw)
		}
	})
}

// rowsSeed has an array long enough for a row table, whose elements repeat
// names, spell one with an escape, nest the names sought, or are not
// objects.
const rowsSeed = `{"a": [{"b": {"c": 2}, "d": 1, "b": 3}, {"\u0062": {"c": 5}, "b": {"c": 0}, "d": "x"},
	[{"b": {"c": 9}}], "b", {"x": {"b": {"c": 7}}, "d": 2}, {"d": 3, "b": {"c": 4, "c": 0}},
	{"b": "x", "d": 4}, {"b": {"c": 6}, "d": 5}, {"b": {"c": 8}, "d": 6}, {"b": {"c": 1}, "d": 7},
	{"b": {"c": 2}, "d": 8}, {"b": {"c": 3}, "d": 9}, {"b": {"c": 4}, "d": 10}, {"b": {"c": 5}, "d": 11},
	{"b": {"c": 6}, "d": 12}, {"b": {"c": 7}, "d": 13}, {"b": {"c": 8}, "d": 14}, {"b": "x", "d": 15}]}`
