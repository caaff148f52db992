package celer_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/celerjson/celer"
	"github.com/celerjson/celer/stream"
)

// FuzzCompactIndent compares celer's Valid, Compact, Indent and
// HTMLEscape with encoding/json's (same bytes, or the same error), on the
// input as is and padded to reach the large-input paths, and the stream
// formatters' output with the same.
func FuzzCompactIndent(f *testing.F) {
	for _, s := range []string{
		`{"a":[1,2.5e-3,true,false,null],"b":{"c":"d\n\u00e9"}}`, ` [ 1 , { } , [ ] , "x" ] `, "\"<>&\u2028\u2029\"",
		`{"glossary":{"title":"example","GlossDiv":{"GlossList":{"GlossEntry":{"GlossSeeAlso":["GML","XML"]}}}}}`,
		"[\"\xff\"]", "[1,]", `{"a" 1}`, "1 2", "[[[[]]]]", "{\"a\":1}\n\n", "\ufeff{}", "[1e]",
	} {
		f.Add([]byte(s), uint8(1))
	}
	indents := [][2]string{{"", "\t"}, {"> ", "  "}, {"", ""}, {"\t", "--"}}
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		pad := strings.Repeat(" ", 700)
		ind := indents[int(which)%len(indents)]
		for _, in := range [][]byte{data, []byte(pad + string(data) + pad), []byte("[" + pad + string(data) + "]")} {
			if celer.Valid(in) != json.Valid(in) {
				t.Fatalf("Valid(%q) = %v, encoding/json %v", in, !json.Valid(in), json.Valid(in))
			}
			var cb, jb bytes.Buffer
			cerr, jerr := celer.Compact(&cb, in), json.Compact(&jb, in)
			if !bytes.Equal(cb.Bytes(), jb.Bytes()) || !reflect.DeepEqual(cerr, jerr) {
				t.Fatalf("Compact(%q) = %q, %#v; encoding/json %q, %#v", in, cb.Bytes(), cerr, jb.Bytes(), jerr)
			}
			if jerr == nil {
				got, err := stream.AppendCompact(nil, in, stream.AllowInvalidUTF8(true))
				if err != nil || !bytes.Equal(got, jb.Bytes()) {
					t.Fatalf("stream.AppendCompact(%q) = %q, %v; encoding/json %q", in, got, err, jb.Bytes())
				}
				var sb bytes.Buffer
				if err := stream.Compact(&sb, bytes.NewReader(in), stream.AllowInvalidUTF8(true)); err != nil || !bytes.Equal(sb.Bytes(), jb.Bytes()) {
					t.Fatalf("stream.Compact(%q) = %q, %v; encoding/json %q", in, sb.Bytes(), err, jb.Bytes())
				}
			}
			cb.Reset()
			jb.Reset()
			cerr, jerr = celer.Indent(&cb, in, ind[0], ind[1]), json.Indent(&jb, in, ind[0], ind[1])
			if !bytes.Equal(cb.Bytes(), jb.Bytes()) || !reflect.DeepEqual(cerr, jerr) {
				t.Fatalf("Indent(%q, %q) = %q, %#v; encoding/json %q, %#v", in, ind, cb.Bytes(), cerr, jb.Bytes(), jerr)
			}
			if jerr == nil {
				got, err := stream.AppendIndent(nil, in, ind[0], ind[1], stream.AllowInvalidUTF8(true))
				if err != nil || !bytes.Equal(got, jb.Bytes()) {
					t.Fatalf("stream.AppendIndent(%q, %q) = %q, %v; encoding/json %q", in, ind, got, err, jb.Bytes())
				}
				var sb bytes.Buffer
				if err := stream.Indent(&sb, bytes.NewReader(in), ind[0], ind[1], stream.AllowInvalidUTF8(true)); err != nil || !bytes.Equal(sb.Bytes(), jb.Bytes()) {
					t.Fatalf("stream.Indent(%q, %q) = %q, %v; encoding/json %q", in, ind, sb.Bytes(), err, jb.Bytes())
				}
			}
			cb.Reset()
			jb.Reset()
			celer.HTMLEscape(&cb, in)
			json.HTMLEscape(&jb, in)
			if !bytes.Equal(cb.Bytes(), jb.Bytes()) {
				t.Fatalf("HTMLEscape(%q) = %q, encoding/json %q", in, cb.Bytes(), jb.Bytes())
			}
		}
	})
}
