package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const queryInput = `{"store": {"book": [{"title": "A", "price": 8.95}, {"title": "B", "price": 12.99, "isbn": "x"}],
 "bicycle": {"color": "red", "price": 399}}, "a.b": {"c[0]": 1e2}, "m/n": ["A", -0.0]}`

func TestQuery(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		code       int
		out, errRE string
	}{
		// JSONPath, the default.
		{[]string{"query", "$.store.book[*].title"}, 0, "\"A\"\n\"B\"\n", `^$`},
		{[]string{"query", "$..price"}, 0, "8.95\n12.99\n399\n", `^$`},
		{[]string{"query", "$.store.book[?@.price < 10]"}, 0, "{\"title\":\"A\",\"price\":8.95}\n", `^$`},
		{[]string{"query", "$['a.b']"}, 0, "{\"c[0]\":1e2}\n", `^$`},
		{[]string{"query", "$['m/n'][*]"}, 0, "\"A\"\n-0.0\n", `^$`},
		{[]string{"query", "--array", "$..price"}, 0, "[8.95,12.99,399]\n", `^$`},
		{[]string{"query", "--paths", "$..price"}, 0,
			"\"$['store']['book'][0]['price']\"\n\"$['store']['book'][1]['price']\"\n\"$['store']['bicycle']['price']\"\n", `^$`},
		{[]string{"query", "--paths", "--array", "$.store.book[?@.isbn]"}, 0, "[\"$['store']['book'][1]\"]\n", `^$`},
		{[]string{"query", "$"}, 0, compactInput(t) + "\n", `^$`},
		// Empty results succeed.
		{[]string{"query", "$.nothing"}, 0, "", `^$`},
		{[]string{"query", "--array", "$.nothing"}, 0, "[]\n", `^$`},
		{[]string{"query", "--paths", "--array", "$.nothing"}, 0, "[]\n", `^$`},
		// Flags after EXPR; "--" ends the flags.
		{[]string{"query", "$.store.bicycle.color", "--paths"}, 0, "\"$['store']['bicycle']['color']\"\n", `^$`},
		{[]string{"query", "--", "$.store.bicycle.color"}, 0, "\"red\"\n", `^$`},
		// JSON Pointer.
		{[]string{"query", "--syntax", "pointer", "/store/book/1/title"}, 0, "\"B\"\n", `^$`},
		{[]string{"query", "--syntax", "pointer", "/m~1n/0"}, 0, "\"A\"\n", `^$`},
		{[]string{"query", "--syntax=pointer", "--paths", "/m~1n/1"}, 0, "\"$['m/n'][1]\"\n", `^$`},
		{[]string{"query", "--syntax", "pointer", "--array", "/store/bicycle/price"}, 0, "[399]\n", `^$`},
		{[]string{"query", "--syntax", "pointer", "/store/book/2"}, 0, "", `^$`},
		{[]string{"query", "--syntax", "pointer", "/store/book/-"}, 0, "", `^$`},
		{[]string{"query", "--syntax", "pointer", "--array", "/nothing"}, 0, "[]\n", `^$`},
		{[]string{"query", "--syntax", "pointer", ""}, 0, compactInput(t) + "\n", `^$`},
		// Dotted paths.
		{[]string{"query", "--syntax", "dotted", "store.book[1].title"}, 0, "\"B\"\n", `^$`},
		{[]string{"query", "--syntax", "dotted", "--paths", `["a.b"]["c[0]"]`}, 0, "\"$['a.b']['c[0]']\"\n", `^$`},
		{[]string{"query", "--syntax", "dotted", "store.book.0.price"}, 0, "8.95\n", `^$`},
		{[]string{"query", "--syntax", "dotted", "store.nothing"}, 0, "", `^$`},
		// Invalid expressions: 2, with the offset and a caret.
		{[]string{"query", "$.store["}, 2, "", `(?s)^celer query: path: invalid JSONPath query at offset 8: .*\n  \$\.store\[\n          \^\n$`},
		{[]string{"query", "$[?@.a == 01]"}, 2, "", `offset 10`},
		{[]string{"query", "$[?length(@.*) > 1]"}, 2, "", `offset 10: argument 1 of length\(\)`},
		{[]string{"query", "--syntax", "pointer", "store"}, 2, "", `(?s)invalid JSON Pointer at offset 0.*\n  store\n  \^\n$`},
		{[]string{"query", "--syntax", "pointer", "/a~2"}, 2, "", `invalid JSON Pointer at offset 2`},
		{[]string{"query", "--syntax", "dotted", "a..b"}, 2, "", `invalid dotted path at offset 2`},
		// Usage errors: 2.
		{[]string{"query"}, 2, "", `missing EXPR`},
		{[]string{"query", "$", "a", "b"}, 2, "", `too many arguments`},
		{[]string{"query", "--syntax", "xpath", "$"}, 2, "", `unknown syntax "xpath"`},
		{[]string{"query", "--bogus", "$"}, 2, "", `provided but not defined`},
	} {
		r := runCeler(t, queryInput, tc.args...)
		if r.code != tc.code || r.stdout != tc.out || !regexp.MustCompile(tc.errRE).MatchString(r.stderr) {
			t.Errorf("celer %q = %d\nstdout: %q\nstderr: %q\nwant %d, stdout %q, stderr matching %s",
				tc.args, r.code, r.stdout, r.stderr, tc.code, tc.out, tc.errRE)
		}
	}
}

func TestQueryHelp(t *testing.T) {
	r := runCeler(t, "", "help", "query")
	if r.code != 0 || !strings.Contains(r.stdout, "Normalized Path") || !strings.Contains(r.stdout, "-syntax") {
		t.Errorf("help query: %+v", r)
	}
	r = runCeler(t, "", "help")
	if r.code != 0 || !strings.Contains(r.stdout, "query ") {
		t.Errorf("help: %+v", r)
	}
}

func compactInput(t *testing.T) string {
	r := runCeler(t, queryInput, "min")
	if r.code != 0 {
		t.Fatalf("min: %v", r)
	}
	return r.stdout
}

func TestQueryInvalidInput(t *testing.T) {
	for _, tc := range []struct {
		in, expr, errRE string
	}{
		{`{"a": [1, 2,]}`, "$.a", `^<stdin>:1:13: .+\n$`},
		{"{\"a\": 1}\n{\"b\": 2}", "$.a", `^<stdin>:2:1: .+\n$`},
		{``, "$", `^<stdin>:1:1: .+\n$`},
		{"[\"\xff\"]", "$[0]", `^<stdin>:1:\d+: .+\n$`},
		// The whole input is checked, whatever the expression selects.
		{`{"a": 1, "b": }`, "$.a", `^<stdin>:1:15: .+\n$`},
	} {
		r := runCeler(t, tc.in, "query", tc.expr)
		if r.code != 1 || r.stdout != "" || !regexp.MustCompile(tc.errRE).MatchString(r.stderr) {
			t.Errorf("query %s on %q = %d\nstdout: %q\nstderr: %q", tc.expr, tc.in, r.code, r.stdout, r.stderr)
		}
	}
}

func TestQueryFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "in.json")
	if err := os.WriteFile(file, []byte(queryInput), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runCeler(t, "", "query", "$.store.bicycle.price", file)
	if r.code != 0 || r.stdout != "399\n" {
		t.Errorf("file: %+v", r)
	}
	r = runCeler(t, "", "query", "/store/bicycle/color", file, "--array", "--syntax", "pointer")
	if r.code != 0 || r.stdout != "[\"red\"]\n" {
		t.Errorf("flags after the file: %+v", r)
	}
	r = runCeler(t, "", "query", "$", filepath.Join(dir, "missing.json"))
	if r.code != 1 || !strings.Contains(r.stderr, "missing.json") {
		t.Errorf("missing file: %+v", r)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte("[1,\n2,,3]"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = runCeler(t, "", "query", "$[0]", bad)
	if r.code != 1 || !strings.HasPrefix(r.stderr, bad+":2:3: ") {
		t.Errorf("bad file: %+v", r)
	}
}

func TestQueryNDJSON(t *testing.T) {
	in := "{\"a\": 1}\n\n{\"a\": [2, 3]}\r\n  \n{\"b\": 1}\n{\"a\": \"x\"}"
	for _, tc := range []struct {
		args []string
		out  string
	}{
		{[]string{"$.a"}, "1\n[2,3]\n\"x\"\n"},
		{[]string{"$.a[*]"}, "2\n3\n"},
		{[]string{"--array", "$.a"}, "[1]\n[[2,3]]\n[]\n[\"x\"]\n"},
		{[]string{"--paths", "$..*"}, "\"$['a']\"\n\"$['a']\"\n\"$['a'][0]\"\n\"$['a'][1]\"\n\"$['b']\"\n\"$['a']\"\n"},
		{[]string{"--syntax", "pointer", "/a/1"}, "3\n"},
		{[]string{"--syntax", "dotted", "--paths", "a"}, "\"$['a']\"\n\"$['a']\"\n\"$['a']\"\n"},
	} {
		r := runCeler(t, in, append([]string{"query", "--ndjson"}, tc.args...)...)
		if r.code != 0 || r.stdout != tc.out || r.stderr != "" {
			t.Errorf("query --ndjson %q = %d\nstdout %q\nstderr %q\nwant %q", tc.args, r.code, r.stdout, r.stderr, tc.out)
		}
	}
	// An invalid line stops the run with its line number in the stream.
	r := runCeler(t, "{\"a\": 1}\n{\"a\": 2}\n{\"a\": }\n{\"a\": 4}\n", "query", "--ndjson", "$.a")
	if r.code != 1 || r.stdout != "1\n2\n" || !regexp.MustCompile(`^<stdin>:3:7: .+\n$`).MatchString(r.stderr) {
		t.Errorf("invalid line: %+v", r)
	}
	// Lines longer than the read buffer.
	long := `{"a": "` + strings.Repeat("x", 200<<10) + `"}`
	r = runCeler(t, long+"\n"+long, "query", "--ndjson", "$.a")
	if r.code != 0 || len(r.stdout) != 2*(200<<10+3) {
		t.Errorf("long lines: code %d, %d bytes out, stderr %q", r.code, len(r.stdout), r.stderr)
	}
}
