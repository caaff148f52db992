package path

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/stream"
)

// The tests in this file are written from the text of RFC 9535: every
// example table of sections 1.5, 2.2 to 2.7, with the query argument shown
// above each table, and the results and Normalized Paths the tables give.
// Where a table gives alternative orders for object members, the order
// here is the member order of the document, which is the one celer uses.

// compact returns the compact form of JSON text s.
func compact(t testing.TB, s string) string {
	t.Helper()
	b, err := stream.AppendCompact(nil, []byte(s))
	if err != nil {
		t.Fatalf("bad JSON in test: %q: %v", s, err)
	}
	return string(b)
}

func parse(t testing.TB, doc string) dom.Value {
	t.Helper()
	d, err := dom.Parse([]byte(doc))
	if err != nil {
		t.Fatalf("parse %q: %v", doc, err)
	}
	return d.Root()
}

// example is one row of an example table.
type example struct {
	query  string
	values []string // JSON of the result values; nil for an empty nodelist
	paths  []string // Normalized Paths
}

// checkExamples runs each example on doc, through every evaluation entry
// point: Select, SelectNodes, SelectPaths, Count, First and SelectBytes.
func checkExamples(t *testing.T, doc string, examples []example) {
	t.Helper()
	root := parse(t, doc)
	for _, ex := range examples {
		q, err := Compile(ex.query)
		if err != nil {
			t.Errorf("Compile(%q): %v", ex.query, err)
			continue
		}
		var want []string
		for _, v := range ex.values {
			want = append(want, compact(t, v))
		}
		var got []string
		for _, v := range q.Select(root) {
			got = append(got, string(v.AppendJSON(nil)))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: values\n got %q\nwant %q", ex.query, got, want)
		}
		if ex.paths != nil || ex.values == nil {
			if gotPaths := q.SelectPaths(root); !slices.Equal(gotPaths, ex.paths) {
				t.Errorf("%s: paths\n got %q\nwant %q", ex.query, gotPaths, ex.paths)
			}
			for i, n := range q.SelectNodes(root) {
				if i < len(want) && string(n.Value.AppendJSON(nil)) != want[i] {
					t.Errorf("%s: node %d value %s, want %s", ex.query, i, n.Value.AppendJSON(nil), want[i])
				}
			}
		}
		if n := q.Count(root); n != len(want) {
			t.Errorf("%s: Count = %d, want %d", ex.query, n, len(want))
		}
		first, ok := q.First(root)
		if ok != (len(want) > 0) || ok && string(first.AppendJSON(nil)) != want[0] {
			t.Errorf("%s: First = %s, %v", ex.query, first.AppendJSON(nil), ok)
		}
		for _, indexed := range []bool{false, true} {
			raw, err := selectBytesWith(q, []byte(doc), indexed)
			if err != nil {
				t.Errorf("%s: SelectBytes (indexed %v): %v", ex.query, indexed, err)
			}
			var gotRaw []string
			for _, b := range raw {
				gotRaw = append(gotRaw, compact(t, string(b)))
			}
			if !slices.Equal(gotRaw, want) {
				t.Errorf("%s: SelectBytes (indexed %v)\n got %q\nwant %q", ex.query, indexed, gotRaw, want)
			}
		}
	}
}

const bookstore = `{ "store": {
    "book": [
      { "category": "reference",
        "author": "Nigel Rees",
        "title": "Sayings of the Century",
        "price": 8.95
      },
      { "category": "fiction",
        "author": "Evelyn Waugh",
        "title": "Sword of Honour",
        "price": 12.99
      },
      { "category": "fiction",
        "author": "Herman Melville",
        "title": "Moby Dick",
        "isbn": "0-553-21311-3",
        "price": 8.99
      },
      { "category": "fiction",
        "author": "J. R. R. Tolkien",
        "title": "The Lord of the Rings",
        "isbn": "0-395-19395-8",
        "price": 22.99
      }
    ],
    "bicycle": {
      "color": "red",
      "price": 399
    }
  }
}`

// The four books of the bookstore, as the table describes them.
const (
	book0 = `{"category":"reference","author":"Nigel Rees","title":"Sayings of the Century","price":8.95}`
	book1 = `{"category":"fiction","author":"Evelyn Waugh","title":"Sword of Honour","price":12.99}`
	book2 = `{"category":"fiction","author":"Herman Melville","title":"Moby Dick","isbn":"0-553-21311-3","price":8.99}`
	book3 = `{"category":"fiction","author":"J. R. R. Tolkien","title":"The Lord of the Rings","isbn":"0-395-19395-8","price":22.99}`
)

// TestRFCExamples15 checks table "Example JSONPath expressions" (section
// 1.5), whose results the RFC gives in words.
func TestRFCExamples15(t *testing.T) {
	authors := []string{`"Nigel Rees"`, `"Evelyn Waugh"`, `"Herman Melville"`, `"J. R. R. Tolkien"`}
	books := `$['store']['book']`
	checkExamples(t, bookstore, []example{
		{`$.store.book[*].author`, authors, []string{books + `[0]['author']`, books + `[1]['author']`, books + `[2]['author']`, books + `[3]['author']`}},
		{`$..author`, authors, nil},
		{`$.store.*`, []string{`[` + book0 + `,` + book1 + `,` + book2 + `,` + book3 + `]`, `{"color":"red","price":399}`},
			[]string{books, `$['store']['bicycle']`}},
		{`$.store..price`, []string{`8.95`, `12.99`, `8.99`, `22.99`, `399`}, []string{
			books + `[0]['price']`, books + `[1]['price']`, books + `[2]['price']`, books + `[3]['price']`, `$['store']['bicycle']['price']`}},
		{`$..book[2]`, []string{book2}, []string{books + `[2]`}},
		{`$..book[2].author`, []string{`"Herman Melville"`}, []string{books + `[2]['author']`}},
		{`$..book[2].publisher`, nil, nil},
		{`$..book[-1]`, []string{book3}, []string{books + `[3]`}},
		{`$..book[0,1]`, []string{book0, book1}, []string{books + `[0]`, books + `[1]`}},
		{`$..book[:2]`, []string{book0, book1}, []string{books + `[0]`, books + `[1]`}},
		{`$..book[?@.isbn]`, []string{book2, book3}, []string{books + `[2]`, books + `[3]`}},
		{`$..book[?@.price<10]`, []string{book0, book2}, []string{books + `[0]`, books + `[2]`}},
		{`$.store.book[?@.price < 10].title`, []string{`"Sayings of the Century"`, `"Moby Dick"`}, nil},
		{`$['store']['book'][0]['title']`, []string{`"Sayings of the Century"`}, []string{books + `[0]['title']`}},
		{`$.store.book[0].title`, []string{`"Sayings of the Century"`}, []string{books + `[0]['title']`}},
	})
	// $..* selects "all member values and array elements contained in the
	// input value": 1 store + 2 in store + 4 books + 18 book members + 2
	// bicycle members.
	q := MustCompile(`$..*`)
	root := parse(t, bookstore)
	if n := len(q.Select(root)); n != 27 {
		t.Errorf("$..* selected %d values, want 27", n)
	}
	paths := q.SelectPaths(root)
	if len(paths) != 27 || paths[0] != `$['store']` || !slices.Contains(paths, books+`[3]['isbn']`) {
		t.Errorf("$..* paths %q", paths)
	}
}

// TestRFCExample22 checks the example of section 2.2.3 and the root
// identifier table of section 2.2.3 (tbl-root).
func TestRFCExample22(t *testing.T) {
	checkExamples(t, `{"a":[{"b":0},{"b":1},{"c":2}]}`, []example{
		{`$.a[*].b`, []string{`0`, `1`}, []string{`$['a'][0]['b']`, `$['a'][1]['b']`}},
	})
	checkExamples(t, `{"k": "v"}`, []example{
		{`$`, []string{`{"k": "v"}`}, []string{`$`}},
	})
}

// TestRFCNameSelector checks table "Name selector examples" (2.3.1.3).
func TestRFCNameSelector(t *testing.T) {
	// The name "j j" holds a no-break space (U+00A0), as in the RFC.
	doc := "{\"o\": {\"j\u00a0j\": {\"k.k\": 3}}, \"'\": {\"@\": 2}}"
	checkExamples(t, doc, []example{
		{"$.o['j\u00a0j']", []string{`{"k.k": 3}`}, []string{"$['o']['j\u00a0j']"}},
		{"$.o['j\u00a0j']['k.k']", []string{`3`}, []string{"$['o']['j\u00a0j']['k.k']"}},
		{"$.o[\"j\u00a0j\"][\"k.k\"]", []string{`3`}, []string{"$['o']['j\u00a0j']['k.k']"}},
		{`$["'"]["@"]`, []string{`2`}, []string{`$['\'']['@']`}},
		// A plain space is another name.
		{`$.o['j j']`, nil, nil},
	})
}

// TestRFCWildcardSelector checks table "Wildcard selector examples"
// (2.3.2.3).
func TestRFCWildcardSelector(t *testing.T) {
	checkExamples(t, `{"o": {"j": 1, "k": 2}, "a": [5, 3]}`, []example{
		{`$[*]`, []string{`{"j": 1, "k": 2}`, `[5, 3]`}, []string{`$['o']`, `$['a']`}},
		{`$.o[*]`, []string{`1`, `2`}, []string{`$['o']['j']`, `$['o']['k']`}},
		{`$.o[*, *]`, []string{`1`, `2`, `1`, `2`}, []string{`$['o']['j']`, `$['o']['k']`, `$['o']['j']`, `$['o']['k']`}},
		{`$.a[*]`, []string{`5`, `3`}, []string{`$['a'][0]`, `$['a'][1]`}},
		// Nothing is selected from a primitive value.
		{`$.a[0][*]`, nil, nil},
	})
}

// TestRFCIndexSelector checks table "Index selector examples" (2.3.3.3).
func TestRFCIndexSelector(t *testing.T) {
	checkExamples(t, `["a","b"]`, []example{
		{`$[1]`, []string{`"b"`}, []string{`$[1]`}},
		{`$[-2]`, []string{`"a"`}, []string{`$[0]`}},
		// Out of range, and not an array: nothing, and no error.
		{`$[2]`, nil, nil},
		{`$[-3]`, nil, nil},
		{`$[9007199254740991]`, nil, nil},
		{`$[-9007199254740991]`, nil, nil},
		{`$['0']`, nil, nil},
	})
}

// TestRFCSliceSelector checks table "Array slice selector examples"
// (2.3.4.3) and the defaults and bounds of section 2.3.4.2.2.
func TestRFCSliceSelector(t *testing.T) {
	checkExamples(t, `["a", "b", "c", "d", "e", "f", "g"]`, []example{
		{`$[1:3]`, []string{`"b"`, `"c"`}, []string{`$[1]`, `$[2]`}},
		{`$[5:]`, []string{`"f"`, `"g"`}, []string{`$[5]`, `$[6]`}},
		{`$[1:5:2]`, []string{`"b"`, `"d"`}, []string{`$[1]`, `$[3]`}},
		{`$[5:1:-2]`, []string{`"f"`, `"d"`}, []string{`$[5]`, `$[3]`}},
		{`$[::-1]`, []string{`"g"`, `"f"`, `"e"`, `"d"`, `"c"`, `"b"`, `"a"`},
			[]string{`$[6]`, `$[5]`, `$[4]`, `$[3]`, `$[2]`, `$[1]`, `$[0]`}},
		// Section 2.3.4.2.1: step 0 selects nothing.
		{`$[::0]`, nil, nil},
		{`$[0:7:0]`, nil, nil},
		// Negative bounds count from the end; bounds are clamped.
		{`$[-2:]`, []string{`"f"`, `"g"`}, []string{`$[5]`, `$[6]`}},
		{`$[:-5]`, []string{`"a"`, `"b"`}, []string{`$[0]`, `$[1]`}},
		{`$[-100:2]`, []string{`"a"`, `"b"`}, []string{`$[0]`, `$[1]`}},
		{`$[5:100]`, []string{`"f"`, `"g"`}, []string{`$[5]`, `$[6]`}},
		{`$[3:3]`, nil, nil},
		{`$[4:2]`, nil, nil},
		{`$[2:4:-1]`, nil, nil},
		{`$[100:5:-1]`, []string{`"g"`}, []string{`$[6]`}},
		{`$[:-100:-3]`, []string{`"g"`, `"d"`, `"a"`}, []string{`$[6]`, `$[3]`, `$[0]`}},
		{`$[-1:-3:-1]`, []string{`"g"`, `"f"`}, []string{`$[6]`, `$[5]`}},
		{`$[0:7:3]`, []string{`"a"`, `"d"`, `"g"`}, []string{`$[0]`, `$[3]`, `$[6]`}},
		{`$[1::9007199254740991]`, []string{`"b"`}, []string{`$[1]`}},
		{`$[::-9007199254740991]`, []string{`"g"`}, []string{`$[6]`}},
		{`$[-9007199254740991:9007199254740991]`, []string{`"a"`, `"b"`, `"c"`, `"d"`, `"e"`, `"f"`, `"g"`}, nil},
	})
	// Nothing from a value that is not an array.
	checkExamples(t, `{"a": 1, "b": 2}`, []example{{`$[0:2]`, nil, nil}, {`$[::-1]`, nil, nil}})
}

// TestRFCComparisons checks table "Comparison examples" (2.3.5.3). Each
// comparison is used as a filter on the root, whose two children are all
// selected when it yields true and none when it yields false.
func TestRFCComparisons(t *testing.T) {
	root := parse(t, `{"obj": {"x": "y"}, "arr": [2, 3]}`)
	for _, tc := range []struct {
		cmp  string
		want bool
	}{
		{`$.absent1 == $.absent2`, true},
		{`$.absent1 <= $.absent2`, true},
		{`$.absent == 'g'`, false},
		{`$.absent1 != $.absent2`, false},
		{`$.absent != 'g'`, true},
		{`1 <= 2`, true},
		{`1 > 2`, false},
		{`13 == '13'`, false},
		{`'a' <= 'b'`, true},
		{`'a' > 'b'`, false},
		{`$.obj == $.arr`, false},
		{`$.obj != $.arr`, true},
		{`$.obj == $.obj`, true},
		{`$.obj != $.obj`, false},
		{`$.arr == $.arr`, true},
		{`$.arr != $.arr`, false},
		{`$.obj == 17`, false},
		{`$.obj != 17`, true},
		{`$.obj <= $.arr`, false},
		{`$.obj < $.arr`, false},
		{`$.obj <= $.obj`, true},
		{`$.arr <= $.arr`, true},
		{`1 <= $.arr`, false},
		{`1 >= $.arr`, false},
		{`1 > $.arr`, false},
		{`1 < $.arr`, false},
		{`true <= true`, true},
		{`true > true`, false},
	} {
		q, err := Compile(`$[?` + tc.cmp + `]`)
		if err != nil {
			t.Errorf("%s: %v", tc.cmp, err)
			continue
		}
		want := 0
		if tc.want {
			want = 2
		}
		if n := len(q.Select(root)); n != want {
			t.Errorf("%s: selected %d children, want %d (comparison %v)", tc.cmp, n, want, tc.want)
		}
	}
}

// TestRFCFilterSelector checks table "Filter selector examples" (2.3.5.3).
func TestRFCFilterSelector(t *testing.T) {
	const doc = `{
      "a": [3, 5, 1, 2, 4, 6,
            {"b": "j"},
            {"b": "k"},
            {"b": {}},
            {"b": "kilo"}
           ],
      "o": {"p": 1, "q": 2, "r": 3, "s": 5, "t": {"u": 6}},
      "e": "f"
    }`
	a := `[3, 5, 1, 2, 4, 6, {"b": "j"}, {"b": "k"}, {"b": {}}, {"b": "kilo"}]`
	o := `{"p": 1, "q": 2, "r": 3, "s": 5, "t": {"u": 6}}`
	checkExamples(t, doc, []example{
		{`$.a[?@.b == 'kilo']`, []string{`{"b": "kilo"}`}, []string{`$['a'][9]`}},
		{`$.a[?(@.b == 'kilo')]`, []string{`{"b": "kilo"}`}, []string{`$['a'][9]`}},
		{`$.a[?@>3.5]`, []string{`5`, `4`, `6`}, []string{`$['a'][1]`, `$['a'][4]`, `$['a'][5]`}},
		{`$.a[?@.b]`, []string{`{"b": "j"}`, `{"b": "k"}`, `{"b": {}}`, `{"b": "kilo"}`},
			[]string{`$['a'][6]`, `$['a'][7]`, `$['a'][8]`, `$['a'][9]`}},
		{`$[?@.*]`, []string{a, o}, []string{`$['a']`, `$['o']`}},
		{`$[?@[?@.b]]`, []string{a}, []string{`$['a']`}},
		{`$.o[?@<3, ?@<3]`, []string{`1`, `2`, `1`, `2`}, []string{`$['o']['p']`, `$['o']['q']`, `$['o']['p']`, `$['o']['q']`}},
		{`$.a[?@<2 || @.b == "k"]`, []string{`1`, `{"b": "k"}`}, []string{`$['a'][2]`, `$['a'][7]`}},
		{`$.a[?match(@.b, "[jk]")]`, []string{`{"b": "j"}`, `{"b": "k"}`}, []string{`$['a'][6]`, `$['a'][7]`}},
		{`$.a[?search(@.b, "[jk]")]`, []string{`{"b": "j"}`, `{"b": "k"}`, `{"b": "kilo"}`},
			[]string{`$['a'][6]`, `$['a'][7]`, `$['a'][9]`}},
		{`$.o[?@>1 && @<4]`, []string{`2`, `3`}, []string{`$['o']['q']`, `$['o']['r']`}},
		{`$.o[?@.u || @.x]`, []string{`{"u": 6}`}, []string{`$['o']['t']`}},
		{`$.a[?@.b == $.x]`, []string{`3`, `5`, `1`, `2`, `4`, `6`},
			[]string{`$['a'][0]`, `$['a'][1]`, `$['a'][2]`, `$['a'][3]`, `$['a'][4]`, `$['a'][5]`}},
		{`$.a[?@ == @]`, []string{`3`, `5`, `1`, `2`, `4`, `6`, `{"b": "j"}`, `{"b": "k"}`, `{"b": {}}`, `{"b": "kilo"}`},
			[]string{`$['a'][0]`, `$['a'][1]`, `$['a'][2]`, `$['a'][3]`, `$['a'][4]`, `$['a'][5]`, `$['a'][6]`, `$['a'][7]`, `$['a'][8]`, `$['a'][9]`}},
		// Filters select nothing from primitive values.
		{`$.e[?@]`, nil, nil},
	})
}

// TestRFCFunctions checks the function extensions of section 2.4 against
// the rules of their definitions.
func TestRFCFunctions(t *testing.T) {
	const doc = `[
		{"s": "abc", "a": [1, 2, 3], "o": {"x": 1, "y": 2}, "n": 5},
		{"s": "añ🤔", "a": [], "o": {}, "n": true},
		{"authors": ["a", "b", "c", "d", "e"], "date": "1974-05-13", "timezone": "Europe/Paris", "color": "red"},
		{"date": "1974-05-1", "timezone": "America/Paris", "x": {"color": "red"}},
		{"x": {"color": "red"}, "y": {"color": "blue"}},
		{"author": "Bob Dylan", "b": "Robert"},
		{"v": "a\nb", "w": "a\rb", "p": "a.b"}
	]`
	checkExamples(t, doc, []example{
		// length(): characters of a string (Unicode scalar values), elements,
		// members; Nothing otherwise.
		{`$[?length(@.s) == 3]`, []string{`{"s": "abc", "a": [1, 2, 3], "o": {"x": 1, "y": 2}, "n": 5}`,
			`{"s": "añ🤔", "a": [], "o": {}, "n": true}`}, []string{`$[0]`, `$[1]`}},
		{`$[?length(@.a) == 3]`, []string{`{"s": "abc", "a": [1, 2, 3], "o": {"x": 1, "y": 2}, "n": 5}`}, []string{`$[0]`}},
		{`$[?length(@.o) == 0]`, []string{`{"s": "añ🤔", "a": [], "o": {}, "n": true}`}, []string{`$[1]`}},
		{`$[?length(@.n) == 5]`, nil, nil},
		{`$[?length(@.n) == $.nothing]`, []string{`{"s": "abc", "a": [1, 2, 3], "o": {"x": 1, "y": 2}, "n": 5}`,
			`{"s": "añ🤔", "a": [], "o": {}, "n": true}`, `{"authors": ["a", "b", "c", "d", "e"], "date": "1974-05-13", "timezone": "Europe/Paris", "color": "red"}`,
			`{"date": "1974-05-1", "timezone": "America/Paris", "x": {"color": "red"}}`, `{"x": {"color": "red"}, "y": {"color": "blue"}}`,
			`{"author": "Bob Dylan", "b": "Robert"}`, `{"v": "a\nb", "w": "a\rb", "p": "a.b"}`}, nil},
		{`$[?length(@.authors) >= 5].date`, []string{`"1974-05-13"`}, []string{`$[2]['date']`}},
		{`$[?length('🤔') == 1].s`, []string{`"abc"`, `"añ🤔"`}, nil},
		// count(): nodes of a nodelist, without deduplication.
		{`$[?count(@.*) == 2]`, []string{`{"x": {"color": "red"}, "y": {"color": "blue"}}`, `{"author": "Bob Dylan", "b": "Robert"}`},
			[]string{`$[4]`, `$[5]`}},
		{`$[?count(@.a.*) == 3].n`, []string{`5`}, nil},
		{`$[?count(@.a[*, *]) == 6].n`, []string{`5`}, nil},
		{`$[?count(@) == 1].n`, []string{`5`, `true`}, nil},
		{`$[?count(@..color) == 2]`, []string{`{"x": {"color": "red"}, "y": {"color": "blue"}}`}, []string{`$[4]`}},
		// match(): the whole string; search(): a substring.
		{`$[?match(@.date, "1974-05-..")].timezone`, []string{`"Europe/Paris"`}, nil},
		{`$[?search(@.date, "1974-05-..")].timezone`, []string{`"Europe/Paris"`}, nil},
		{`$[?match(@.timezone, 'Europe/.*')].color`, []string{`"red"`}, nil},
		{`$[?search(@.author, "[BR]ob")].b`, []string{`"Robert"`}, nil},
		{`$[?match(@.author, "[BR]ob")]`, nil, nil},
		{`$[?match(@.b, "[BR]ob.*")].b`, []string{`"Robert"`}, nil},
		{`$[?match(@.v, "a.b")]`, nil, nil},
		{`$[?match(@.w, "a.b")]`, nil, nil},
		{`$[?match(@.p, "a.b")].p`, []string{`"a.b"`}, nil},
		{`$[?search(@.v, "a.b")]`, nil, nil},
		{`$[?match(@.v, "a\nb")].p`, []string{`"a.b"`}, nil},
		// Not a string, or not a valid I-Regexp: false, never an error.
		{`$[?match(@.n, "5")]`, nil, nil},
		{`$[?match(@.s, 1)]`, nil, nil},
		{`$[?match(@.s, "(")]`, nil, nil},
		{`$[?match(@.s, "\\d+")]`, nil, nil},
		{`$[?!match(@.s, "(")].n`, []string{`5`, `true`}, nil},
		// The pattern may come from the data.
		{`$[?match(@.author, @.b)]`, nil, nil},
		{`$[?search(@.author, $[5].b)]`, nil, nil},
		{`$[?search(@.b, $[0].s)]`, nil, nil},
		{`$[?search(@.s, $[6].p)].s`, nil, nil},
		{`$[?search(@.p, $[6].p)].p`, []string{`"a.b"`}, nil},
		// value(): the value of a single node; Nothing for none or several.
		{`$[?value(@..color) == "red"]`, []string{`{"authors": ["a", "b", "c", "d", "e"], "date": "1974-05-13", "timezone": "Europe/Paris", "color": "red"}`,
			`{"date": "1974-05-1", "timezone": "America/Paris", "x": {"color": "red"}}`}, []string{`$[2]`, `$[3]`}},
		{`$[?value(@.a[*]) == 1]`, nil, nil},
		{`$[?value(@.a[0]) == 1]`, []string{`{"s": "abc", "a": [1, 2, 3], "o": {"x": 1, "y": 2}, "n": 5}`}, nil},
		{`$[?length(value(@.authors)) == 5].color`, []string{`"red"`}, nil},
	})
}

// TestRFCChildSegment checks table "Child segment examples" (2.5.1.3).
func TestRFCChildSegment(t *testing.T) {
	checkExamples(t, `["a", "b", "c", "d", "e", "f", "g"]`, []example{
		{`$[0, 3]`, []string{`"a"`, `"d"`}, []string{`$[0]`, `$[3]`}},
		{`$[0:2, 5]`, []string{`"a"`, `"b"`, `"f"`}, []string{`$[0]`, `$[1]`, `$[5]`}},
		{`$[0, 0]`, []string{`"a"`, `"a"`}, []string{`$[0]`, `$[0]`}},
	})
}

// TestRFCDescendantSegment checks table "Descendant segment examples"
// (2.5.2.3), including the visiting order of section 2.5.2.2.
func TestRFCDescendantSegment(t *testing.T) {
	all := example{``, []string{`{"j": 1, "k": 2}`, `[5, 3, [{"j": 4}, {"k": 6}]]`, `1`, `2`, `5`, `3`, `[{"j": 4}, {"k": 6}]`,
		`{"j": 4}`, `{"k": 6}`, `4`, `6`},
		[]string{`$['o']`, `$['a']`, `$['o']['j']`, `$['o']['k']`, `$['a'][0]`, `$['a'][1]`, `$['a'][2]`,
			`$['a'][2][0]`, `$['a'][2][1]`, `$['a'][2][0]['j']`, `$['a'][2][1]['k']`}}
	allBrackets, allDot := all, all
	allBrackets.query, allDot.query = `$..[*]`, `$..*`
	checkExamples(t, `{"o": {"j": 1, "k": 2}, "a": [5, 3, [{"j": 4}, {"k": 6}]]}`, []example{
		{`$..j`, []string{`1`, `4`}, []string{`$['o']['j']`, `$['a'][2][0]['j']`}},
		{`$..[0]`, []string{`5`, `{"j": 4}`}, []string{`$['a'][0]`, `$['a'][2][0]`}},
		allBrackets,
		allDot,
		{`$..o`, []string{`{"j": 1, "k": 2}`}, []string{`$['o']`}},
		{`$.o..[*, *]`, []string{`1`, `2`, `1`, `2`}, []string{`$['o']['j']`, `$['o']['k']`, `$['o']['j']`, `$['o']['k']`}},
		{`$.a..[0, 1]`, []string{`5`, `3`, `{"j": 4}`, `{"k": 6}`}, []string{`$['a'][0]`, `$['a'][1]`, `$['a'][2][0]`, `$['a'][2][1]`}},
		// Descendants of descendants: each node once per segment input.
		{`$..[0]..j`, []string{`4`}, []string{`$['a'][2][0]['j']`}},
	})
}

// TestRFCNull checks table "Examples involving (or not involving) null"
// (2.6.1).
func TestRFCNull(t *testing.T) {
	checkExamples(t, `{"a": null, "b": [null], "c": [{}], "null": 1}`, []example{
		{`$.a`, []string{`null`}, []string{`$['a']`}},
		{`$.a[0]`, nil, nil},
		{`$.a.d`, nil, nil},
		{`$.b[0]`, []string{`null`}, []string{`$['b'][0]`}},
		{`$.b[*]`, []string{`null`}, []string{`$['b'][0]`}},
		{`$.b[?@]`, []string{`null`}, []string{`$['b'][0]`}},
		{`$.b[?@==null]`, []string{`null`}, []string{`$['b'][0]`}},
		{`$.c[?@.d==null]`, nil, nil},
		{`$.null`, []string{`1`}, []string{`$['null']`}},
	})
}

// TestRFCNormalizedPaths checks table "Normalized Path examples" (2.7.1)
// on values that make each path select a node.
func TestRFCNormalizedPaths(t *testing.T) {
	for _, tc := range []struct{ doc, query, path string }{
		{`{"a": 1}`, `$.a`, `$['a']`},
		{`[0, 1]`, `$[1]`, `$[1]`},
		{`[0, 1, 2, 3, 4]`, `$[-3]`, `$[2]`}, // an array of length 5
		{`{"a": {"b": [0, 1, 2]}}`, `$.a.b[1:2]`, `$['a']['b'][1]`},
		{`{"\u000B": 1}`, `$["\u000B"]`, `$['\u000b']`},
		{`{"a": 1}`, `$["\u0061"]`, `$['a']`},
	} {
		got := MustCompile(tc.query).SelectPaths(parse(t, tc.doc))
		if len(got) != 1 || got[0] != tc.path {
			t.Errorf("%s on %s: %q, want %q", tc.query, tc.doc, got, tc.path)
		}
		// A Normalized Path is a query that selects the node it names.
		if back := MustCompile(tc.path).SelectPaths(parse(t, tc.doc)); len(back) != 1 || back[0] != tc.path {
			t.Errorf("%s selects %q", tc.path, back)
		}
	}
}

// TestNormalizedEscapes checks every escape of normal-single-quoted: the
// short escapes, \u00xx in lower case for the other control characters,
// and nothing else escaped.
func TestNormalizedEscapes(t *testing.T) {
	want := map[byte]string{'\b': `\b`, '\t': `\t`, '\n': `\n`, '\f': `\f`, '\r': `\r`, '\'': `\'`, '\\': `\\`}
	for c := 0; c < 0x80; c++ {
		esc, ok := want[byte(c)]
		if !ok {
			if c < 0x20 {
				esc = `\u00` + string("0123456789abcdef"[c>>4]) + string("0123456789abcdef"[c&15])
			} else {
				esc = string(rune(c))
			}
		}
		name := string(rune(c))
		if got := string(AppendNormalName(nil, name)); got != `['`+esc+`']` {
			t.Errorf("name %q: %s, want ['%s']", name, got, esc)
		}
	}
	for _, name := range []string{"\u007f", "\u0080", "é", "\u2028", "🤔", `"`, "a b", "$", "@", "[", "]", "."} {
		if got := string(AppendNormalName(nil, name)); got != `['`+name+`']` {
			t.Errorf("name %q: %s", name, got)
		}
	}
	// Through evaluation, with a name that needs every kind of escape.
	doc := `{"a'b\\c\u0001\u001f\t\"é": 1}`
	got := MustCompile(`$.*`).SelectPaths(parse(t, doc))
	if len(got) != 1 || got[0] != `$['a\'b\\c\u0001\u001f\t"é']` {
		t.Errorf("paths %q", got)
	}
	// The path parses back as a query selecting the same member.
	if n := MustCompile(got[0]).Count(parse(t, doc)); n != 1 {
		t.Errorf("%s selects %d nodes", got[0], n)
	}
}

// TestDuplicateNames: a name selector selects the first of duplicate
// members, on a DOM and on raw text alike; the wildcard selects all.
func TestDuplicateNames(t *testing.T) {
	checkExamples(t, `{"a": 1, "b": 2, "a": 3}`, []example{
		{`$.a`, []string{`1`}, []string{`$['a']`}},
		{`$[*]`, []string{`1`, `2`, `3`}, []string{`$['a']`, `$['b']`, `$['a']`}},
	})
	// Objects with duplicate names are not equal, even to themselves.
	root := parse(t, `{"d": {"a": 1, "a": 1}, "e": {"a": 1}}`)
	if n := MustCompile(`$[?@ == $.d]`).Count(root); n != 0 {
		t.Errorf("object with duplicate names compared equal %d times", n)
	}
	if n := MustCompile(`$[?@ == $.e]`).Count(root); n != 1 {
		t.Errorf("object compared equal %d times, want 1", n)
	}
}

func TestDeepEquality(t *testing.T) {
	root := parse(t, `{"x": [1, {"a": [true, null, "s"], "b": 1.0}], "y": [1, {"b": 1, "a": [true, null, "s"]}],
		"z": [1, {"b": 1, "a": [true, null, "t"]}], "w": [1, {"b": 1, "a": [true, null]}], "v": [1, {"b": 1, "c": [true, null, "s"]}],
		"u": [1, {"b": 1, "a": [true, null, "s"]}, 2], "t": {"k": "é\u00e9"}, "s": {"k": "éé"}}`)
	for _, tc := range []struct {
		cmp  string
		want bool
	}{
		{`$.x == $.y`, true}, // member order and number spelling do not matter
		{`$.x == $.z`, false},
		{`$.x == $.w`, false},
		{`$.x == $.v`, false},
		{`$.x == $.u`, false},
		{`$.t == $.s`, true}, // strings compare unescaped
		{`$.x[1].b == 1`, true},
		{`$.x[1].b == 1e0`, true},
		{`$.x[1].b < 1.5`, true},
		{`'é' > 'e'`, true},
		{`'' < 'a'`, true},
		{`'ab' < 'b'`, true},
		{`'a' < 'ab'`, true},
		{`'\uFFFF' < '🤔'`, true}, // by scalar value, not UTF-16 code unit
		{`-0 == 0`, true},
		{`1e400 > 1e300`, true},
		{`null == null`, true},
		{`null == false`, false},
		{`true != false`, true},
	} {
		n := MustCompile(`$[?` + tc.cmp + `]`).Count(root)
		if (n > 0) != tc.want {
			t.Errorf("%s: %v, want %v", tc.cmp, n > 0, tc.want)
		}
	}
}

// TestSelectAppend checks that AppendSelect and AppendSelectNodes append.
func TestSelectAppend(t *testing.T) {
	root := parse(t, `{"a": [1, 2, 3]}`)
	q := MustCompile(`$.a[*]`)
	got := q.AppendSelect(q.Select(root), root)
	if len(got) != 6 {
		t.Errorf("AppendSelect: %d values", len(got))
	}
	nodes := q.AppendSelectNodes(q.SelectNodes(root), root)
	if len(nodes) != 6 || nodes[3].Path != `$['a'][0]` || nodes[5].Path != `$['a'][2]` {
		t.Errorf("AppendSelectNodes: %v", nodes)
	}
	raw, err := q.AppendSelectBytes([][]byte{[]byte("x")}, []byte(`{"a": [1, 2, 3]}`))
	if err != nil || len(raw) != 4 || !bytes.Equal(raw[3], []byte("3")) {
		t.Errorf("AppendSelectBytes: %q, %v", raw, err)
	}
	if q.String() != `$.a[*]` {
		t.Errorf("String() = %q", q.String())
	}
	if strings.Contains(q.String(), " ") {
		t.Error()
	}
}

// TestLiteralComparisonFastPath: comparisons of @-queries with literals
// take a fast path; it must select what the general evaluation does, for
// every operator, both operand orders and values of every kind (missing,
// escaped strings, numbers beyond float64, -0).
func TestLiteralComparisonFastPath(t *testing.T) {
	doc := `[{"x": 1}, {"x": -0}, {"x": 0}, {"x": 2.5}, {"x": 1e400}, {"x": -1e400}, {"x": "a"}, {"x": "b"},
		{"x": "\u0061"}, {"x": "é"}, {"x": ""}, {"x": true}, {"x": false}, {"x": null}, {"x": [1]}, {"x": {"y": 1}},
		{"y": 1}, {"x": {"x": 1}}, 3, "a"]`
	d, err := dom.Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var general func(x *expr)
	general = func(x *expr) {
		x.litQ = nil
		for _, a := range x.args {
			general(a)
		}
	}
	n := 0
	for _, lit := range []string{`1`, `0`, `-0`, `2.5`, `1e400`, `"a"`, `"é"`, `""`, `true`, `false`, `null`} {
		for _, op := range []string{"==", "!=", "<", "<=", ">", ">="} {
			for _, f := range []string{`@.x ` + op + ` ` + lit, lit + ` ` + op + ` @.x`, `@.x.x ` + op + ` ` + lit} {
				q := MustCompile(`$[?` + f + `]`)
				fast := q.Select(d.Root())
				if q.segs[0].sels[0].filter.litQ == nil {
					t.Fatalf("%s: no fast path", f)
				}
				general(q.segs[0].sels[0].filter)
				want := q.Select(d.Root())
				if !slices.Equal(fast, want) {
					t.Errorf("%s: fast path selects %v, general %v", f, fast, want)
				}
				n += len(want)
			}
		}
	}
	if n == 0 {
		t.Error("nothing selected at all")
	}
}
