package path

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// Queries that RFC 9535 shows or whose grammar admits; each must compile.
var validQueries = []string{
	// Section 1.4 and 1.5.
	`$`, `$.store.book[*].author`, `$..author`, `$.store.*`, `$.store..price`, `$..book[2]`,
	`$..book[2].author`, `$..book[2].publisher`, `$..book[-1]`, `$..book[0,1]`, `$..book[:2]`,
	`$..book[?@.isbn]`, `$..book[?@.price<10]`, `$..*`, `$['store']['book'][0]['title']`,
	`$.store.book[0].title`, `$.store.book[?@.price < 10].title`,
	// Section 2.3.
	`$.o['j j']`, `$.o['j j']['k.k']`, `$.o["j j"]["k.k"]`, `$["'"]["@"]`,
	`$[*]`, `$.o[*]`, `$.o[*, *]`, `$.a[*]`, `$[1]`, `$[-2]`,
	`$[1:3]`, `$[5:]`, `$[1:5:2]`, `$[5:1:-2]`, `$[::-1]`, `$[:]`, `$[::]`, `$[0:0:0]`,
	`$.a[?@.b == 'kilo']`, `$.a[?(@.b == 'kilo')]`, `$.a[?@>3.5]`, `$.a[?@.b]`, `$[?@.*]`,
	`$[?@[?@.b]]`, `$.o[?@<3, ?@<3]`, `$.a[?@<2 || @.b == "k"]`, `$.a[?match(@.b, "[jk]")]`,
	`$.a[?search(@.b, "[jk]")]`, `$.o[?@>1 && @<4]`, `$.o[?@.u || @.x]`, `$.a[?@.b == $.x]`, `$.a[?@ == @]`,
	// Section 2.4.
	`$[?length(@.authors) >= 5]`, `$[?count(@.*.author) >= 5]`, `$[?match(@.date, "1974-05-..")]`,
	`$[?search(@.author, "[BR]ob")]`, `$[?value(@..color) == "red"]`, `$[?length(@) < 3]`,
	`$[?count(@.*) == 1]`, `$[?match(@.timezone, 'Europe/.*')]`,
	// Section 2.5 and 2.6.
	`$[0, 3]`, `$[0:2, 5]`, `$[0, 0]`, `$..j`, `$..[0]`, `$..[*]`, `$..o`, `$.o..[*, *]`, `$.a..[0, 1]`,
	`$.a`, `$.a[0]`, `$.a.d`, `$.b[0]`, `$.b[*]`, `$.b[?@]`, `$.b[?@==null]`, `$.c[?@.d==null]`, `$.null`,
	// Section 2.7.
	`$['a']`, `$[-3]`, `$.a.b[1:2]`, `$["\u000B"]`, `$["\u0061"]`,
	// Blank space where S allows it.
	"$ ['a']", "$\n.a", "$\t..a", "$[ 'a' , 'b' ]", "$[?\t@.a]", "$[? (@.a) ]", "$[?@.a == 1 ]",
	"$[1 :2: 3]", "$[ : ]", "$[?!\n(@.a)]", "$[?count( @.* ) == 1]", "$[?@.a&&\n@.b||\r@.c]",
	// Literals, escapes, names.
	`$["\"\\\/\b\f\n\r\t"]`, `$['\'']`, `$["'"]`, `$['"']`, `$["\uD83E\uDD14"]`, `$["\ud83e\udd14"]`,
	"$.ünïcödé", "$._x1", `$.true`, `$.null.false`, `$[?@.a==-0]`, `$[?@.a==-0.5e-3]`, `$[?@.a==1E+2]`,
	`$[?@.a==true]`, `$[?@.a!=false]`, `$[?@.a<=null]`, `$[?!@.a]`, `$[?!(@.a==1)]`, `$[?(@.a)]`,
	`$[9007199254740991]`, `$[-9007199254740991]`, `$[-9007199254740991:9007199254740991:-9007199254740991]`,
	`$[?@.a==1e400]`, `$[?$]`, `$[?@]`, `$[?@['a'] == 1]`, `$[?@[0] == 1]`, `$[?@[-1] == $.x[0].y]`,
	`$[?match(@.a, @.b)]`, `$[?length(value(@..a)) == 1]`, `$[?length('abc') == 3]`, "$[?@[ 'a' ] == 1]", "$[?length(@ [ 0 ]) == 1]",
}

func TestCompileValid(t *testing.T) {
	for _, q := range validQueries {
		if _, err := Compile(q); err != nil {
			t.Errorf("Compile(%q): %v", q, err)
		}
	}
}

// Queries that are not well-formed or not valid, with the offset of the
// error.
var invalidQueries = []struct {
	q   string
	off int
}{
	{``, 0},
	{` $`, 0},
	{`$ `, 1},
	{"$.a\n", 3},
	{`@`, 0},
	{`$a`, 1},
	{`$.`, 2},
	{`$..`, 3},
	{`$...a`, 3},
	{`$. a`, 2},
	{`$.. a`, 3},
	{`$.1a`, 2},
	{`$.a-b`, 3},
	{`$[`, 2},
	{`$[]`, 2},
	{`$['a'`, 5},
	{`$['a',]`, 6},
	{`$['a' 'b']`, 6},
	{`$[a]`, 2},
	{`$['a]`, 2},
	{`$["\q"]`, 3},
	{`$['\"']`, 3},
	{`$["\'"]`, 3},
	{"$['\x01']", 3},
	{`$["\uD800"]`, 3},
	{`$["\uDC00"]`, 3},
	{`$["\uD800\u0041"]`, 9},
	{`$["\u00G0"]`, 7},
	{"$['\xff']", 3},
	{`$[01]`, 2},
	{`$[-0]`, 2},
	{`$[-01]`, 2},
	{`$[1.0]`, 3},
	{`$[+1]`, 2},
	{`$[9007199254740992]`, 2},
	{`$[-9007199254740992]`, 2},
	{`$[1:9007199254740992]`, 4},
	{`$[::9007199254740992]`, 4},
	{`$[0:1:-0]`, 6},
	{`$[1:2:3:4]`, 7},
	{`$[?]`, 3},
	{`$[?@.a==]`, 8},
	{`$[?@.a=1]`, 6},
	{`$[?1]`, 3},
	{`$[?'a']`, 3},
	{`$[?true]`, 3},
	{`$[?null]`, 3},
	{`$[?@.a==01]`, 8},
	{`$[?@.a==1.]`, 10},
	{`$[?@.a==.5]`, 8},
	{`$[?@.a==1e]`, 10},
	{`$[?@.a==+1]`, 8},
	{`$[?@.a==True]`, 8},
	{`$[?@.a==nul]`, 8},
	{`$[?@.* == 1]`, 3},
	{`$[?@..a == 1]`, 3},
	{`$[?@['a','b'] == 1]`, 3},
	{`$[?@[0:1] == 1]`, 3},
	{`$[?1 == @.*]`, 8},
	{`$[?!!@.a]`, 4},
	{`$[?!@.a == 1]`, 8},
	{`$[?(@.a]`, 7},
	{`$[?((@.a)]`, 9},
	{`$[?@.a && ]`, 10},
	{`$[?@.a & @.b]`, 7},
	{`$[?@.a | @.b]`, 7},
	{`$[?@.a === 1]`, 9},
	{`$[?length(@.*) < 3]`, 10},
	{`$[?count(1) == 1]`, 9},
	{`$[?match(@.timezone, 'Europe/.*') == true]`, 3},
	{`$[?value(@..color)]`, 3},
	{`$[?length(@.a)]`, 3},
	{`$[?count(@.a)]`, 3},
	{`$[?length(@.a, @.b) == 1]`, 3},
	{`$[?length() == 1]`, 3},
	{`$[?nosuch(@.a)]`, 3},
	{`$[?Length(@.a) == 1]`, 3},
	{`$[?length (@.a) == 1]`, 9},
	{`$[?length(@.a == 1) == 1]`, 10},
	{`$[?count(@.a == 1) == 1]`, 9},
	{`$[?match(@.a, @.*)]`, 14},
	{`$[?match(@.a)]`, 3},
	{`$[?length(1 == 1)]`, 10},
	{`$[?count(length(@.a)) == 1]`, 9},
	{`$[?@.a == match(@.b, 'x')]`, 10},
	{`$[?length(@.a) == count(@.b) == 1]`, 29},
	{`$.a[?@.b]x`, 9},
	{`$['a']]`, 6},
}

func TestCompileInvalid(t *testing.T) {
	for _, tc := range invalidQueries {
		q, err := Compile(tc.q)
		var pe *Error
		if !errors.As(err, &pe) {
			t.Errorf("Compile(%q) = %v, %v; want a *Error", tc.q, q, err)
			continue
		}
		if pe.Offset != tc.off || pe.Expr != tc.q || pe.Syntax != syntaxJSONPath {
			t.Errorf("Compile(%q): offset %d, want %d\n%v", tc.q, pe.Offset, tc.off, err)
		}
	}
}

func TestErrorCaret(t *testing.T) {
	_, err := Compile(`$.a[1`)
	want := "path: invalid JSONPath query at offset 5: missing ']' for the '[' at offset 3\n  $.a[1\n       ^"
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
	// Tabs and line feeds show as spaces; runes count as one column.
	_, err = Compile("$[?\t@.é ==\nx]")
	if err == nil || !strings.HasSuffix(err.Error(), "\n  $[? @.é == x]\n             ^") {
		t.Errorf("got\n%v", err)
	}
	// A long query is cut around the offset.
	long := "$" + strings.Repeat(".abcdefghij", 20) + "[" + strings.Repeat(".abcdefghij", 20)
	_, err = Compile(long)
	var pe *Error
	if !errors.As(err, &pe) {
		t.Fatal(err)
	}
	lines := strings.Split(pe.Caret(), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "  …") || !strings.HasSuffix(lines[0], "…") {
		t.Fatalf("caret lines %q", lines)
	}
	col := strings.IndexByte(lines[1], '^')
	if []rune(lines[0])[col] != []rune(long[pe.Offset:])[0] {
		t.Errorf("caret at %q, offset %d of %q", []rune(lines[0])[col], pe.Offset, long)
	}
}

// withFunctions registers hypothetical function extensions for a test.
func withFunctions(t *testing.T, defs ...*funcDef) {
	for _, d := range defs {
		if _, ok := functions[d.name]; ok {
			t.Fatalf("function %s already exists", d.name)
		}
		functions[d.name] = d
	}
	t.Cleanup(func() {
		for _, d := range defs {
			delete(functions, d.name)
		}
	})
}

// TestWellTypedness checks the function expression examples of RFC 9535
// section 2.4.9 (table "Function expression examples"), including those
// with the hypothetical functions foo, bar, bnl, blt and bal.
func TestWellTypedness(t *testing.T) {
	for _, tc := range []struct {
		q    string
		ok   bool
		defs []*funcDef
	}{
		{q: `$[?length(@) < 3]`, ok: true},
		{q: `$[?length(@.*) < 3]`, ok: false},
		{q: `$[?count(@.*) == 1]`, ok: true},
		{q: `$[?count(1) == 1]`, ok: false},
		{q: `$[?count(foo(@.*)) == 1]`, ok: true, defs: []*funcDef{{name: "foo", params: []ftype{typeNodes}, result: typeNodes}}},
		{q: `$[?match(@.timezone, 'Europe/.*')]`, ok: true},
		{q: `$[?match(@.timezone, 'Europe/.*') == true]`, ok: false},
		{q: `$[?value(@..color) == "red"]`, ok: true},
		{q: `$[?value(@..color)]`, ok: false},
		{q: `$[?bar(@.a)]`, ok: true, defs: []*funcDef{{name: "bar", params: []ftype{typeValue}, result: typeLogical}}},
		{q: `$[?bar(@.a)]`, ok: true, defs: []*funcDef{{name: "bar", params: []ftype{typeLogical}, result: typeLogical}}},
		{q: `$[?bar(@.a)]`, ok: true, defs: []*funcDef{{name: "bar", params: []ftype{typeNodes}, result: typeLogical}}},
		{q: `$[?bnl(@.*)]`, ok: true, defs: []*funcDef{{name: "bnl", params: []ftype{typeNodes}, result: typeLogical}}},
		{q: `$[?bnl(@.*)]`, ok: true, defs: []*funcDef{{name: "bnl", params: []ftype{typeLogical}, result: typeLogical}}},
		{q: `$[?blt(1==1)]`, ok: true, defs: []*funcDef{{name: "blt", params: []ftype{typeLogical}, result: typeLogical}}},
		{q: `$[?blt(1)]`, ok: false, defs: []*funcDef{{name: "blt", params: []ftype{typeLogical}, result: typeLogical}}},
		{q: `$[?bal(1)]`, ok: true, defs: []*funcDef{{name: "bal", params: []ftype{typeValue}, result: typeLogical}}},
		// Beyond the table: the other rules of section 2.4.3.
		{q: `$[?bnl(@.*)]`, ok: false, defs: []*funcDef{{name: "bnl", params: []ftype{typeValue}, result: typeLogical}}},
		{q: `$[?foo(@.*)]`, ok: true, defs: []*funcDef{{name: "foo", params: []ftype{typeNodes}, result: typeNodes}}},
		{q: `$[?foo(@.*) == 1]`, ok: false, defs: []*funcDef{{name: "foo", params: []ftype{typeNodes}, result: typeNodes}}},
		{q: `$[?blt(foo(@.*))]`, ok: true, defs: []*funcDef{
			{name: "blt", params: []ftype{typeLogical}, result: typeLogical}, {name: "foo", params: []ftype{typeNodes}, result: typeNodes}}},
		{q: `$[?blt(length(@))]`, ok: false, defs: []*funcDef{{name: "blt", params: []ftype{typeLogical}, result: typeLogical}}},
		{q: `$[?blt(@.a && @.b)]`, ok: true, defs: []*funcDef{{name: "blt", params: []ftype{typeLogical}, result: typeLogical}}},
		{q: `$[?blt(!@.a)]`, ok: true, defs: []*funcDef{{name: "blt", params: []ftype{typeLogical}, result: typeLogical}}},
		{q: `$[?blt(match(@.a, 'x'))]`, ok: true, defs: []*funcDef{{name: "blt", params: []ftype{typeLogical}, result: typeLogical}}},
		{q: `$[?bal(@.a == 1)]`, ok: false, defs: []*funcDef{{name: "bal", params: []ftype{typeValue}, result: typeLogical}}},
		{q: `$[?bal(length(@.a))]`, ok: true, defs: []*funcDef{{name: "bal", params: []ftype{typeValue}, result: typeLogical}}},
		{q: `$[?bal(match(@.a, 'x'))]`, ok: false, defs: []*funcDef{{name: "bal", params: []ftype{typeValue}, result: typeLogical}}},
		{q: `$[?count(foo(@.*)) == 1]`, ok: false, defs: []*funcDef{{name: "foo", params: []ftype{typeNodes}, result: typeValue}}},
		{q: `$[?count((@.a)) == 1]`, ok: false},
		{q: `$[?length((@.a)) == 1]`, ok: false},
	} {
		t.Run("", func(t *testing.T) {
			withFunctions(t, tc.defs...)
			_, err := Compile(tc.q)
			if (err == nil) != tc.ok {
				t.Errorf("Compile(%q) error %v, want well-typed = %v", tc.q, err, tc.ok)
			}
		})
	}
}

// TestSingular checks which queries are singular (at most one node).
func TestSingular(t *testing.T) {
	for q, want := range map[string]bool{
		`$`: true, `$.a`: true, `$['a'][0][-1]`: true, `$.a.b.c`: true, "$ [ 'a' ]": true,
		`$.*`: false, `$..a`: false, `$['a','b']`: false, `$[0:1]`: false, `$[?@]`: false,
	} {
		if got := MustCompile(q).Singular(); got != want {
			t.Errorf("%q: Singular() = %v", q, got)
		}
	}
}

func TestCompileParsesNames(t *testing.T) {
	for q, want := range map[string]string{
		`$['a']`:                      "a",
		`$["a"]`:                      "a",
		`$.abc_9`:                     "abc_9",
		`$['\'']`:                     "'",
		`$["\""]`:                     `"`,
		`$["'"]`:                      "'",
		`$['"']`:                      `"`,
		`$["\b\f\n\r\t\/\\"]`:         "\b\f\n\r\t/\\",
		`$["\u0061\u00e9\u20AC"]`:     "aé€",
		`$["\uD83E\uDD14"]`:           "🤔",
		`$["\ud83e\udd14x"]`:          "🤔x",
		"$['\u007f\u00a0\U0010FFFF']": "\u007f\u00a0\U0010FFFF",
		`$.ünï`:                       "ünï",
		`$['']`:                       "",
	} {
		s := MustCompile(q).segs
		if len(s) != 1 || s[0].sels[0].kind != selName || s[0].sels[0].name != want {
			t.Errorf("%q: got %+v, want name %q", q, s, want)
		}
	}
}

func TestCompileParsesSlices(t *testing.T) {
	for q, want := range map[string]selector{
		`$[1:3]`:        {kind: selSlice, index: 1, end: 3, step: 1, hasStart: true, hasEnd: true},
		`$[5:]`:         {kind: selSlice, index: 5, step: 1, hasStart: true},
		`$[:-2]`:        {kind: selSlice, end: -2, step: 1, hasEnd: true},
		`$[::-1]`:       {kind: selSlice, step: -1},
		`$[::]`:         {kind: selSlice, step: 1},
		`$[1 : 5 : 2 ]`: {kind: selSlice, index: 1, end: 5, step: 2, hasStart: true, hasEnd: true},
		`$[-7]`:         {kind: selIndex, index: -7, step: 1, hasStart: true},
	} {
		s := MustCompile(q).segs
		if len(s) != 1 || len(s[0].sels) != 1 || !reflect.DeepEqual(s[0].sels[0], want) {
			t.Errorf("%q: got %+v, want %+v", q, s[0].sels, want)
		}
	}
}

func TestDeepNestingRejected(t *testing.T) {
	for _, q := range []string{
		"$[?" + strings.Repeat("(", 10000) + "@" + strings.Repeat(")", 10000) + "]",
		"$" + strings.Repeat("[?@", 5000) + strings.Repeat("]", 5000),
		"$[?" + strings.Repeat("length(", 5000) + "@" + strings.Repeat(")", 5000) + "==1]",
	} {
		if _, err := Compile(q); err == nil || !strings.Contains(err.Error(), "nested") {
			t.Errorf("deeply nested query: %v", err)
		}
	}
}

func TestMustCompilePanics(t *testing.T) {
	defer func() {
		if r := recover(); r == nil {
			t.Error("MustCompile did not panic")
		}
	}()
	MustCompile("$[")
}
