package path

import (
	"errors"
	"slices"
	"testing"

	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/internal/celertest"
)

// rfc6901Doc is the example document of RFC 6901 section 5.
const rfc6901Doc = `{
      "foo": ["bar", "baz"],
      "": 0,
      "a/b": 1,
      "c%d": 2,
      "e^f": 3,
      "g|h": 4,
      "i\\j": 5,
      "k\"l": 6,
      " ": 7,
      "m~n": 8
   }`

// TestRFC6901Examples checks the examples of RFC 6901 section 5 (the
// pointers there are JSON strings; here they are their Go values), on a
// DOM and on the raw text.
func TestRFC6901Examples(t *testing.T) {
	root := parse(t, rfc6901Doc)
	for _, tc := range []struct{ ptr, want, path string }{
		{``, compact(t, rfc6901Doc), `$`},
		{`/foo`, `["bar","baz"]`, `$['foo']`},
		{`/foo/0`, `"bar"`, `$['foo'][0]`},
		{`/`, `0`, `$['']`},
		{`/a~1b`, `1`, `$['a/b']`},
		{`/c%d`, `2`, `$['c%d']`},
		{`/e^f`, `3`, `$['e^f']`},
		{`/g|h`, `4`, `$['g|h']`},
		{`/i\j`, `5`, `$['i\\j']`},
		{`/k"l`, `6`, `$['k"l']`},
		{`/ `, `7`, `$[' ']`},
		{`/m~0n`, `8`, `$['m~n']`},
	} {
		p, err := CompilePointer(tc.ptr)
		if err != nil {
			t.Errorf("CompilePointer(%q): %v", tc.ptr, err)
			continue
		}
		if got := string(p.Lookup(root).AppendJSON(nil)); got != tc.want {
			t.Errorf("%q: Lookup = %s, want %s", tc.ptr, got, tc.want)
		}
		n, ok := p.LookupNode(root)
		if !ok || n.Path != tc.path || string(n.Value.AppendJSON(nil)) != tc.want {
			t.Errorf("%q: LookupNode = %v %s, %v; want %s", tc.ptr, n.Path, n.Value.AppendJSON(nil), ok, tc.path)
		}
		raw, err := p.LookupBytes([]byte(rfc6901Doc))
		if err != nil || compact(t, string(raw)) != tc.want {
			t.Errorf("%q: LookupBytes = %s, %v", tc.ptr, raw, err)
		}
		if p.String() != tc.ptr {
			t.Errorf("String() = %q, want %q", p.String(), tc.ptr)
		}
	}
}

// TestRFC6901Fragments checks the URI fragment examples of RFC 6901
// section 6.
func TestRFC6901Fragments(t *testing.T) {
	root := parse(t, rfc6901Doc)
	for frag, want := range map[string]string{
		`#`: compact(t, rfc6901Doc), `#/foo`: `["bar","baz"]`, `#/foo/0`: `"bar"`, `#/`: `0`, `#/a~1b`: `1`,
		`#/c%25d`: `2`, `#/e%5Ef`: `3`, `#/g%7Ch`: `4`, `#/i%5Cj`: `5`, `#/k%22l`: `6`, `#/%20`: `7`, `#/m~0n`: `8`,
	} {
		p, err := CompilePointerFragment(frag)
		if err != nil {
			t.Errorf("CompilePointerFragment(%q): %v", frag, err)
			continue
		}
		if got := string(p.Lookup(root).AppendJSON(nil)); got != want {
			t.Errorf("%q: %s, want %s", frag, got, want)
		}
	}
	for frag, off := range map[string]int{`/a`: 0, `#a`: 1, `#/%`: 2, `#/%2`: 2, `#/%zz`: 2, `#/%FF`: 2, `#/~2`: 2} {
		_, err := CompilePointerFragment(frag)
		var pe *Error
		if !errors.As(err, &pe) || pe.Offset != off {
			t.Errorf("CompilePointerFragment(%q) = %v, want an error at %d", frag, err, off)
		}
	}
}

func TestPointerTokens(t *testing.T) {
	for ptr, want := range map[string][]string{
		``:          {},
		`/`:         {``},
		`//`:        {``, ``},
		`/a/b`:      {`a`, `b`},
		`/~01`:      {`~1`}, // ~1 first, then ~0: "~01" is "~1", not "/"
		`/~10`:      {`/0`},
		`/~0~1~0~1`: {`~/~/`},
		"/\x00":     {"\x00"},
		`/ä/🤔`:      {`ä`, `🤔`},
	} {
		p := MustCompilePointer(ptr)
		if got := p.Tokens(); !slices.Equal(got, want) {
			t.Errorf("%q: tokens %q, want %q", ptr, got, want)
		}
	}
}

func TestPointerInvalid(t *testing.T) {
	for ptr, off := range map[string]int{`a`: 0, `a/b`: 0, `#/a`: 0, `/~`: 1, `/a~`: 2, `/~2`: 1, `/a/~a`: 3, `/~~0`: 1, "/\xff": 1} {
		_, err := CompilePointer(ptr)
		var pe *Error
		if !errors.As(err, &pe) || pe.Offset != off || pe.Syntax != syntaxPointer {
			t.Errorf("CompilePointer(%q) = %v, want an error at %d", ptr, err, off)
		}
	}
}

// TestPointerArrays checks section 4: in an array a token must be an
// array index without leading zeros; "-" names the element after the
// last, which does not exist.
func TestPointerArrays(t *testing.T) {
	doc := `{"a": ["x", "y", [10, 11]], "0": "zero", "01": "one"}`
	root := parse(t, doc)
	for ptr, want := range map[string]string{
		`/a/0`: `"x"`, `/a/1`: `"y"`, `/a/2/1`: `11`, `/0`: `"zero"`, `/01`: `"one"`,
		`/a/00`: ``, `/a/01`: ``, `/a/-`: ``, `/a/-1`: ``, `/a/3`: ``, `/a/+1`: ``, `/a/1.0`: ``, `/a/ 1`: ``,
		`/a/99999999999999999999999`: ``, `/a/0/0`: ``, `/b`: ``, `/a/x`: ``,
	} {
		p := MustCompilePointer(ptr)
		if got := string(p.Lookup(root).AppendJSON(nil)); got != want {
			t.Errorf("%q: Lookup = %s, want %s", ptr, got, want)
		}
		raw, err := p.LookupBytes([]byte(doc))
		if err != nil || string(raw) != want {
			t.Errorf("%q: LookupBytes = %q, %v; want %q", ptr, raw, err, want)
		}
		if _, ok := p.LookupNode(root); ok != (want != "") {
			t.Errorf("%q: LookupNode found = %v", ptr, ok)
		}
	}
}

// TestPointerSet edits a mutable document through pointers.
func TestPointerSet(t *testing.T) {
	root, err := dom.ParseNode([]byte(`{"foo": ["bar", "baz"], "o": {"a": 1}}`))
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		ptr, val string
		create   bool
		ok       bool
	}{
		{`/o/a`, `2`, false, true},
		{`/o/b`, `"new"`, false, true},
		{`/foo/0`, `"BAR"`, false, true},
		{`/foo/-`, `"end"`, false, true},
		{`/x/y`, `1`, false, false}, // no parent
		{`/x/y`, `true`, true, true},
		{`/m~1n`, `null`, false, true},
		{`/foo/9`, `1`, false, false},
	}
	for _, s := range steps {
		v, err := dom.ParseNode([]byte(s.val))
		if err != nil {
			t.Fatal(err)
		}
		p := MustCompilePointer(s.ptr)
		if s.create {
			err = p.SetCreate(root, v)
		} else {
			err = p.Set(root, v)
		}
		if (err == nil) != s.ok {
			t.Errorf("set %s = %s: %v", s.ptr, s.val, err)
		}
		if s.ok && s.ptr != `/foo/-` && p.At(root) != v {
			t.Errorf("At(%s) is not the node set", s.ptr)
		}
	}
	want := `{"foo":["BAR","baz","end"],"o":{"a":2,"b":"new"},"x":{"y":true},"m/n":null}`
	if got := string(root.AppendJSON(nil)); got != want {
		t.Errorf("after sets:\n got %s\nwant %s", got, want)
	}
}

// TestDottedSeed checks the seed's path on the glossary document.
func TestDottedSeed(t *testing.T) {
	doc := celertest.CorpusFile(t, "mormot-json-performance/glossary.json")
	d := MustCompileDotted(`glossary.GlossDiv.GlossList.GlossEntry.GlossDef.GlossSeeAlso[0]`)
	root := parse(t, string(doc))
	if got := string(d.Lookup(root).AppendJSON(nil)); got != `"GML"` {
		t.Errorf("Lookup = %s", got)
	}
	raw, err := d.LookupBytes(doc)
	if err != nil || string(raw) != `"GML"` {
		t.Errorf("LookupBytes = %s, %v", raw, err)
	}
	n, ok := d.LookupNode(root)
	if !ok || n.Path != `$['glossary']['GlossDiv']['GlossList']['GlossEntry']['GlossDef']['GlossSeeAlso'][0]` {
		t.Errorf("LookupNode = %v, %v", n.Path, ok)
	}
	if p := d.Pointer().String(); p != `/glossary/GlossDiv/GlossList/GlossEntry/GlossDef/GlossSeeAlso/0` {
		t.Errorf("Pointer() = %s", p)
	}
}

func TestDotted(t *testing.T) {
	doc := `{"a": {"b.c": [1, {"d": 2}], "x[1]": 3, "": 4, "0": 5, "q'q": 6}, "arr": [[7, 8], 9], "k k": 10}`
	root := parse(t, doc)
	for path, want := range map[string]string{
		``:                 compact(t, doc),
		`a["b.c"][1].d`:    `2`,
		`a['b.c'][0]`:      `1`,
		`a['x[1]']`:        `3`,
		`a[""]`:            `4`,
		`a.0`:              `5`, // a digit name is a member of an object
		`a["0"]`:           `5`,
		`a[0]`:             ``,  // [i] selects array elements only
		`arr.0.1`:          `8`, // a digit name is an element of an array
		`arr[0][1]`:        `8`,
		`arr[1]`:           `9`,
		`arr.01`:           ``,
		`arr["0"]`:         ``, // a quoted name selects members only
		`arr[2]`:           ``,
		`k k`:              `10`,
		`a['q\'q']`:        `6`,
		`a["q'q"]`:         `6`,
		`[0]`:              ``,
		`["a"].0`:          `5`,
		`a.b`:              ``,
		`a["b.c"][1].d.e`:  ``,
		`arr[0][1][0]`:     ``,
		`arr[9999999999]`:  ``,
		`a["b\u002ec"][0]`: `1`,
	} {
		d, err := CompileDotted(path)
		if err != nil {
			t.Errorf("CompileDotted(%q): %v", path, err)
			continue
		}
		if got := string(d.Lookup(root).AppendJSON(nil)); got != want {
			t.Errorf("%q: Lookup = %s, want %s", path, got, want)
		}
		raw, err := d.LookupBytes([]byte(doc))
		if err != nil || (want == "" && raw != nil) || (want != "" && compact(t, string(raw)) != want) {
			t.Errorf("%q: LookupBytes = %q, %v; want %s", path, raw, err, want)
		}
		if d.String() != path {
			t.Errorf("String() = %q", d.String())
		}
		// The equivalent pointer selects the same value, except where the
		// path's steps are restricted to one kind of container.
		if got := string(d.Pointer().Lookup(root).AppendJSON(nil)); got != want && path != `a[0]` && path != `arr["0"]` {
			t.Errorf("%q: Pointer %q selects %s, want %s", path, d.Pointer(), got, want)
		}
	}
	for path, off := range map[string]int{
		`.a`: 0, `a.`: 2, `a..b`: 2, `a[`: 2, `a[0`: 3, `a[x]`: 2, `a[01]`: 2, `a[-1]`: 2, `a]`: 1, `a[0]b`: 4,
		`a["b]`: 2, `a["b"`: 5, `a.[0]`: 2, `]`: 0, "a.\xff": 2, `a[99999999999999999999]`: 2,
	} {
		_, err := CompileDotted(path)
		var pe *Error
		if !errors.As(err, &pe) || pe.Offset != off || pe.Syntax != syntaxDotted {
			t.Errorf("CompileDotted(%q) = %v, want an error at %d", path, err, off)
		}
	}
}
