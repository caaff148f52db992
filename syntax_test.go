package celer_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/celerjson/celer"
	"github.com/celerjson/celer/internal/celertest"
)

// syntaxInputs returns every JSONTestSuite file, every corpus file and a
// few hand-made edge cases.
func syntaxInputs(t *testing.T) []celertest.File {
	files := append(celertest.TestSuite(t), celertest.CorpusJSON(t)...)
	extra := []string{
		"", " ", "\t\n\r ", "0", " 0 ", "-0", "1e5 ", " \n{}\n\n", "[]  x", "{} {}", `"\u2028<>&"`,
		"\"\u2028\u2029 <script>&amp;\"", "\"\xe2\x80\"", "\"\xe2\x80\xa8\xe2\"", "<>&\u2028", // HTMLEscape works on any bytes
		`{"a":1,"a":2}`, `{"a" : [ 1 , 2 , { } , [ ] ] }`, "[1,\n2,\n]", "[\"\xff\"]", `["\ud800"]`,
		"nul", "tru ", "[1e]", "[1.]", "[-]", "[1,2,3", `{"a":}`, "\x00", "\ufeff{}",
	}
	for _, s := range extra {
		files = append(files, celertest.File{Name: "extra:" + s[:min(len(s), 20)], Data: []byte(s)})
	}
	// encoding/json's depth limit is 10000. (Named "deep:": indenting
	// them is quadratic, so only a cheap indent runs on them.)
	for _, n := range []int{10000, 10001} {
		files = append(files,
			celertest.File{Name: "deep:arrays", Data: []byte(strings.Repeat("[", n) + strings.Repeat("]", n))},
			celertest.File{Name: "deep:objects", Data: []byte(strings.Repeat(`{"a":`, n) + "1" + strings.Repeat("}", n))})
	}
	return files
}

// TestSyntaxMatchesEncodingJSON checks that the drop-in syntax functions
// are byte-identical to encoding/json, errors included: same type,
// message and Offset.
func TestSyntaxMatchesEncodingJSON(t *testing.T) {
	for _, f := range syntaxInputs(t) {
		if raceEnabled && !strings.HasPrefix(f.Name, "deep:") && celertest.RaceHeavy(f.Data) {
			continue // (the plain pass compares it; the "deep:" inputs check the depth limit, cheaply)
		}
		compareSyntax(t, f.Name, f.Data)
	}
}

// compareSyntax compares celer's Valid, Compact, Indent and HTMLEscape
// with encoding/json's on src.
func compareSyntax(t *testing.T, name string, src []byte) {
	t.Helper()
	if got, want := celer.Valid(src), json.Valid(src); got != want {
		t.Errorf("%s: Valid = %v, encoding/json %v", name, got, want)
	}
	// Buffers start non-empty: output is appended, and on error left as is.
	run := func(what string, c, j func(*bytes.Buffer) error) {
		gb, jb := bytes.NewBufferString("keep:"), bytes.NewBufferString("keep:")
		gerr, jerr := c(gb), j(jb)
		if !bytes.Equal(gb.Bytes(), jb.Bytes()) {
			t.Errorf("%s: %s output %.120q, encoding/json %.120q", name, what, gb.Bytes(), jb.Bytes())
		}
		if !reflect.DeepEqual(gerr, jerr) {
			t.Errorf("%s: %s error %#v, encoding/json %#v", name, what, gerr, jerr)
		}
		if gerr != nil {
			var se *celer.SyntaxError
			if !errors.As(gerr, &se) {
				t.Errorf("%s: %s error %T is not a *celer.SyntaxError", name, what, gerr)
			} else if jse := jerr.(*json.SyntaxError); se.Offset != jse.Offset || se.Error() != jse.Error() {
				t.Errorf("%s: %s error %q at %d, encoding/json %q at %d", name, what, se, se.Offset, jse, jse.Offset)
			}
		}
	}
	run("Compact", func(b *bytes.Buffer) error { return celer.Compact(b, src) },
		func(b *bytes.Buffer) error { return json.Compact(b, src) })
	indents := [][2]string{{"", ""}, {"", "\t"}, {"// ", "  "}}
	if strings.HasPrefix(name, "deep:") {
		indents = indents[:1]
	}
	for _, ind := range indents {
		run("Indent"+ind[0]+ind[1], func(b *bytes.Buffer) error { return celer.Indent(b, src, ind[0], ind[1]) },
			func(b *bytes.Buffer) error { return json.Indent(b, src, ind[0], ind[1]) })
	}
	run("HTMLEscape", func(b *bytes.Buffer) error { celer.HTMLEscape(b, src); return nil },
		func(b *bytes.Buffer) error { json.HTMLEscape(b, src); return nil })
}

// TestSyntaxErrorIsJSONSyntaxError checks the alias: errors.As works with
// either package's type.
func TestSyntaxErrorIsJSONSyntaxError(t *testing.T) {
	var b bytes.Buffer
	err := celer.Compact(&b, []byte(`{"a" 1}`))
	var je *json.SyntaxError
	if !errors.As(err, &je) {
		t.Fatalf("Compact error %#v: want a *json.SyntaxError", err)
	}
	var ce *celer.SyntaxError
	if !errors.As(json.Compact(&b, []byte(`{"a" 1}`)), &ce) || ce.Error() != je.Error() {
		t.Errorf("errors.As(json.Compact error, *celer.SyntaxError) = %v", ce)
	}
}

// TestHTMLEscapeAllBytes compares HTMLEscape on every byte value and on
// every truncation of the line terminators.
func TestHTMLEscapeAllBytes(t *testing.T) {
	var src []byte
	for c := 0; c < 256; c++ {
		src = append(src, '"', byte(c), '"', byte(c))
	}
	src = append(src, "\u2028\u2029\xe2\x80\xe2\x80\xa9\xe2\x80"...)
	for n := 0; n <= len(src); n++ {
		var g, j bytes.Buffer
		celer.HTMLEscape(&g, src[:n])
		json.HTMLEscape(&j, src[:n])
		if !bytes.Equal(g.Bytes(), j.Bytes()) {
			t.Fatalf("HTMLEscape(%q) = %q, encoding/json %q", src[:n], g.Bytes(), j.Bytes())
		}
	}
}
