package path

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/celerjson/celer/stream"
)

// selectBytesWith runs q.SelectBytes with the indexed walk or without it.
func selectBytesWith(q *Query, b []byte, indexed bool, o ...Options) ([][]byte, error) {
	saved := minIndexedWalk
	defer func() { minIndexedWalk = saved }()
	minIndexedWalk = math.MaxInt
	if indexed {
		minIndexedWalk = 0
	}
	return q.SelectBytes(b, o...)
}

// bothWalks runs f with the byte-wise walk and with the indexed walk,
// whatever the input size.
func bothWalks(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	saved := minIndexedWalk
	defer func() { minIndexedWalk = saved }()
	for _, min := range []int{math.MaxInt, 0} {
		minIndexedWalk = min
		name := "bytewise"
		if min == 0 {
			name = "indexed"
		}
		t.Run(name, f)
	}
}

// TestSelectBytesErrors: a syntax error on the way to the selected value
// is reported with its position in the whole input.
func TestSelectBytesErrors(t *testing.T) { bothWalks(t, testSelectBytesErrors) }

func testSelectBytesErrors(t *testing.T) {
	for _, tc := range []struct {
		query, doc string
		off        int64
	}{
		{`$.b`, `{"a": [1, 2,], "b": 1}`, 12},     // in a skipped member
		{`$.b`, `{"a" 1, "b": 1}`, 5},             // missing colon
		{`$.b`, `{"a": 1 "b": 1}`, 8},             // missing comma
		{`$.b`, "{\"a\xff\": 1, \"b\": 1}", 3},    // invalid UTF-8 in a skipped name
		{`$[2]`, `[1, tru, 3]`, 7},                // in a skipped element
		{`$[-1]`, `[1, 2, 3 4]`, 9},               // counting elements
		{`$.a`, `{"a": [1, }`, 10},                // in the selected value
		{`$.a`, `{"a": `, 6},                      // truncated
		{`$.a`, ``, 0},                            // empty
		{`$.a[*]`, `{"a": [1, x]}`, 10},           // in the entered value
		{`$..a`, `{"a": 1, "b": [}`, 15},          // whole document parsed
		{`$[?@ == $.x]`, `{"a": 1, "x": }`, 14},   // absolute filter: whole document
		{`$.a.b`, `{"a": {"c": 1e, "b": 2}}`, 14}, // bad number in a skipped member
	} {
		got, err := MustCompile(tc.query).SelectBytes([]byte(tc.doc))
		var se *stream.SyntaxError
		if !errors.As(err, &se) || se.Offset != tc.off {
			t.Errorf("%s on %q = %q, %v; want a syntax error at %d", tc.query, tc.doc, got, err, tc.off)
		}
	}
	// Pointer and dotted lookups report errors the same way.
	if _, err := MustCompilePointer(`/b`).LookupBytes([]byte(`{"a": [1, 2,], "b": 1}`)); err == nil {
		t.Error("pointer: no error")
	}
	if _, err := MustCompileDotted(`b`).LookupBytes([]byte(`{"a": [1, 2,], "b": 1}`)); err == nil {
		t.Error("dotted: no error")
	}
}

// TestSelectBytesStopsEarly documents what raw evaluation does not read:
// the text after the last value it needs.
func TestSelectBytesStopsEarly(t *testing.T) { bothWalks(t, testSelectBytesStopsEarly) }

func testSelectBytesStopsEarly(t *testing.T) {
	doc := []byte(`{"a": {"b": [1, 2]}, "c": [garbage`)
	for q, want := range map[string]string{`$.a.b[1]`: `2`, `$.a.b`: `[1, 2]`, `$.a.*`: `[1, 2]`, `$.a.b[0:1]`: `1`} {
		got, err := MustCompile(q).SelectBytes(doc)
		if err != nil || len(got) != 1 || string(got[0]) != want {
			t.Errorf("%s = %q, %v; want %s", q, got, err, want)
		}
	}
	// A member that is missing means reading the whole object.
	if _, err := MustCompile(`$.x`).SelectBytes(doc); err == nil {
		t.Error("$.x: no error for the broken tail")
	}
	// Options that need the whole document make it check everything.
	if _, err := MustCompile(`$.a.b[1]`).SelectBytes(doc, stream.RejectDuplicateNames(true)); err == nil {
		t.Error("RejectDuplicateNames: no error for the broken tail")
	}
}

func TestSelectBytesOptions(t *testing.T) { bothWalks(t, testSelectBytesOptions) }

func testSelectBytesOptions(t *testing.T) {
	dup := []byte(`{"a": 1, "a": 2}`)
	if got, err := MustCompile(`$.a`).SelectBytes(dup); err != nil || len(got) != 1 || string(got[0]) != "1" {
		t.Errorf("duplicates allowed: %q, %v", got, err)
	}
	if _, err := MustCompile(`$.a`).SelectBytes(dup, stream.RejectDuplicateNames(true)); err == nil {
		t.Error("RejectDuplicateNames: no error")
	}
	bad := []byte("{\"a\": \"\xff\", \"b\": 1}")
	if _, err := MustCompile(`$.b`).SelectBytes(bad); err == nil {
		t.Error("invalid UTF-8: no error")
	}
	if got, err := MustCompile(`$.b`).SelectBytes(bad, stream.AllowInvalidUTF8(true)); err != nil || len(got) != 1 {
		t.Errorf("AllowInvalidUTF8: %q, %v", got, err)
	}
	if got, err := MustCompile(`$.a`).SelectBytes(bad, stream.AllowInvalidUTF8(true)); err != nil || len(got) != 1 || string(got[0]) != "\"\xff\"" {
		t.Errorf("AllowInvalidUTF8: %q, %v", got, err)
	}
	deep := []byte(`{"a": ` + strings.Repeat("[", 50) + strings.Repeat("]", 50) + `, "b": 1}`)
	for _, q := range []string{`$.b`, `$.a`, `$.a[0][0]`, `$.a[*]`, `$..b`} {
		if _, err := MustCompile(q).SelectBytes(deep, stream.MaxDepth(20)); !errors.Is(err, stream.ErrDepth) {
			t.Errorf("%s with MaxDepth(20): %v, want ErrDepth", q, err)
		}
		if _, err := MustCompile(q).SelectBytes(deep, stream.MaxDepth(60)); err != nil {
			t.Errorf("%s with MaxDepth(60): %v", q, err)
		}
	}
}

// TestSelectBytesEscapedNames: member names are compared unescaped.
func TestSelectBytesEscapedNames(t *testing.T) { bothWalks(t, testSelectBytesEscapedNames) }

func testSelectBytesEscapedNames(t *testing.T) {
	doc := []byte(`{"\u0061\"b": 1, "x\/y": 2, "` + strings.Repeat(`\u00e9`, 100) + `": 3, "é": 4}`)
	for q, want := range map[string]string{
		`$['a"b']`:                              `1`,
		`$['x/y']`:                              `2`,
		`$.é`:                                   `4`,
		`$['` + strings.Repeat("é", 100) + `']`: `3`,
	} {
		got, err := MustCompile(q).SelectBytes(doc)
		if err != nil || len(got) != 1 || string(got[0]) != want {
			t.Errorf("%s = %q, %v; want %s", q, got, err, want)
		}
	}
}

// TestSelectBytesShapes covers the raw walk on values of every kind.
func TestSelectBytesShapes(t *testing.T) { bothWalks(t, testSelectBytesShapes) }

func testSelectBytesShapes(t *testing.T) {
	doc := []byte(" \n{\"a\" : [ 1 , {\"b\" : null} , \"s\" , [ ] , { } , true , -1.5e3 ] , \"c\" : { } } \n")
	for q, want := range map[string]string{
		`$.a[0]`: `1`, `$.a[1].b`: `null`, `$.a[2]`: `"s"`, `$.a[3]`: `[ ]`, `$.a[4]`: `{ }`, `$.a[5]`: `true`,
		`$.a[6]`: `-1.5e3`, `$.a[-1]`: `-1.5e3`, `$.a[-7]`: `1`, `$.a[-8]`: ``, `$.a[7]`: ``, `$.c`: `{ }`, `$.c.x`: ``,
		`$.a[3][0]`: ``, `$.a[4].x`: ``, `$.a.x`: ``, `$.c[0]`: ``, `$.a[0].x`: ``, `$.a[0][0]`: ``, `$`: strings.TrimSpace(string(doc)),
	} {
		got, err := MustCompile(q).SelectBytes(doc)
		if err != nil || (want == "" && len(got) != 0) || (want != "" && (len(got) != 1 || string(got[0]) != want)) {
			t.Errorf("%s = %q, %v; want %q", q, got, err, want)
		}
	}
}

// TestSelectBytesDeepSkips: values nested more than 64 levels deep (past
// the indexed walk's in-register kind stack) are skipped and checked like
// shallow ones, with objects and arrays mixed so that a closing bracket of
// the wrong kind at any depth is caught. Both walks must agree with
// stream.Valid on each document.
func TestSelectBytesDeepSkips(t *testing.T) { bothWalks(t, testSelectBytesDeepSkips) }

func testSelectBytesDeepSkips(t *testing.T) {
	nest := func(depth, flip int) string {
		var open, closing strings.Builder
		for i := range depth {
			if i%3 == 0 {
				open.WriteString(`{"k":`)
			} else {
				open.WriteString(`[0,`)
			}
		}
		for i := depth - 1; i >= 0; i-- {
			obj := i%3 == 0
			if i == flip {
				obj = !obj
			}
			if obj {
				closing.WriteString(`}`)
			} else {
				closing.WriteString(`]`)
			}
		}
		return open.String() + `"x"` + closing.String()
	}
	for _, depth := range []int{1, 63, 64, 65, 66, 128, 129, 200} {
		for _, flip := range []int{-1, 0, 1, depth / 2, 63, 64, 65, depth - 1} {
			if flip >= depth {
				continue
			}
			doc := []byte(`{"a": ` + nest(depth, flip) + `, "b": [` + nest(depth, flip) + `, 7], "c": 1}`)
			valid := stream.Valid(doc)
			if valid != (flip < 0) {
				t.Fatalf("depth %d flip %d: test document valid=%v", depth, flip, valid)
			}
			for q, want := range map[string]string{`$.c`: `1`, `$.b[1]`: `7`, `$.b[-1]`: `7`} {
				got, err := MustCompile(q).SelectBytes(doc)
				if valid && (err != nil || len(got) != 1 || string(got[0]) != want) {
					t.Errorf("depth %d: %s = %q, %v; want %s", depth, q, got, err, want)
				}
				if !valid && err == nil {
					t.Errorf("depth %d, wrong bracket at %d: %s = %q, no error", depth, flip, q, got)
				}
			}
		}
	}
}

// TestSelectBytesSameOnEveryCPU: a lookup whose value comes before a
// syntax error has one answer, the byte-wise walk's, whatever the walk
// (and so whatever the processor, which sets where the indexed walk
// starts): the error may sit in the same window of the indexed walk or in
// a later one, be one that stage 1 finds (a control byte or bad UTF-8 in a
// string) or one of the grammar, or follow the selected value directly.
// (The indexed walk used to fail on an error anywhere in a window it had
// indexed, and to check what follows the selected value.)
func TestSelectBytesSameOnEveryCPU(t *testing.T) { bothWalks(t, testSelectBytesSameOnEveryCPU) }

func testSelectBytesSameOnEveryCPU(t *testing.T) {
	errs := []string{"\"\x01\"", "\"\xff\"", "\"\\x\"", "[1,]", "01", "nul", "{]", "\"open"}
	for _, n := range []int{0, 250, 1000, 2000, 4100, 10000, 70000} {
		for _, e := range errs {
			pad := strings.Repeat("x", n)
			for _, c := range []struct{ doc, query, want string }{
				{`{"a":1,"pad":"` + pad + `","b":` + e + `}`, `$.a`, `1`},
				{`{"a":[1,{"c":[2]}],"pad":"` + pad + `","b":` + e + `}`, `$.a[1].c`, `[2]`},
				{`[["` + pad + `",7],` + e + `]`, `$[0][1]`, `7`},
				{`{"pad":"` + pad + `","a":true` + e + `}`, `$.a`, `true`},
				{`{"pad":"` + pad + `","a":0` + e + `}`, `$.a`, `0`},
			} {
				got, err := MustCompile(c.query).SelectBytes([]byte(c.doc))
				if err != nil || len(got) != 1 || string(got[0]) != c.want {
					t.Errorf("%d-byte document, error %q: %s = %q, %v; want [%s] (the value comes before the error)", len(c.doc), e, c.query, got, err, c.want)
				}
			}
		}
	}
}
