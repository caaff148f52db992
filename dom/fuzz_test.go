package dom_test

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/stream"
)

var fuzzSeeds = []string{
	`{"a":[1,2.5e-3,true,false,null],"b":{"c":"d\n\u00e9"}}`,
	`[{"id":1,"tags":["x","y"]},{"id":2,"tags":[]}]`,
	`"\ud83d\ude00 \uD800 \\ \/"`, "[\"\xff\xfe\"]", `{"a":1,"a":2}`, `{"a":1,"\u0061":2}`,
	`[-0, 1E+2, 0.5e-7, 123456789012345678901234567890]`, "[1,]", `{"a" 1}`, "[[[[[[]]]]]]",
	"  \t\r\n null  ", `["unterminated`, "\ufeff{}", "[1e]", "[tru]", "1 2", `{"":{"":[{}]}}`, "123\x00",
	`[{"b":{"c":1},"b":2},{"\u0062":3,"x":{"b":4}},[{"b":5}],{"x":{"b":6},"b":7},"b",{"c":{"b":8}}]`,
}

// fuzzOptions picks an option set from a byte of the input.
func fuzzOptions(sel byte) []dom.Options {
	var o []dom.Options
	if sel&1 != 0 {
		o = append(o, stream.AllowInvalidUTF8(true))
	}
	if sel&2 != 0 {
		o = append(o, stream.RejectDuplicateNames(true))
	}
	if sel&4 != 0 {
		o = append(o, stream.MaxDepth(3))
	}
	return o
}

// domTokens lists v's tokens as the stream Decoder reads them.
func domTokens(v dom.Value, name bool, out []string) []string {
	switch v.Kind() {
	case dom.Object:
		out = append(out, "{")
		for n, m := range v.All() {
			out = append(out, "name:"+strconv.Quote(n))
			out = domTokens(m, false, out)
		}
		return append(out, "}")
	case dom.Array:
		out = append(out, "[")
		for e := range v.Elements() {
			out = domTokens(e, false, out)
		}
		return append(out, "]")
	case dom.String:
		s, _ := v.Text()
		return append(out, "string "+string(v.Raw())+" ="+strconv.Quote(s))
	}
	return append(out, v.Kind().String()+" "+string(v.Raw()))
}

func streamTokens(t *testing.T, data []byte, o []dom.Options) []string {
	d := stream.NewDecoderBytes(data, o...)
	var out []string
	for {
		tok, err := d.ReadToken()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("stream.Decoder fails on input Parse accepted: %v", err)
		}
		switch tok.Kind() {
		case stream.KindBeginObject, stream.KindEndObject, stream.KindBeginArray, stream.KindEndArray:
			out = append(out, tok.Kind().String())
		case stream.KindString:
			if tok.IsName() {
				out = append(out, "name:"+strconv.Quote(tok.String()))
			} else {
				out = append(out, "string "+string(tok.Raw())+" ="+strconv.Quote(tok.String()))
			}
		case stream.KindTrue, stream.KindFalse:
			out = append(out, "bool "+string(tok.Raw()))
		default:
			out = append(out, tok.Kind().String()+" "+string(tok.Raw()))
		}
	}
}

// FuzzParse checks Parse against the syntax layer: the same verdict and
// error as stream.Validate, the same tokens as stream.Decoder, a compact
// form equal to stream.AppendCompact, an indented form equal to
// stream.AppendIndent, and a Node copy that writes the same bytes.
func FuzzParse(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add([]byte(s), byte(i))
	}
	f.Add([]byte(fuzzSeeds[len(fuzzSeeds)-1]), byte(0)) // repeated names allowed
	f.Fuzz(func(t *testing.T, data []byte, sel byte) {
		defer dom.SetRowTableMin(1)() // row tables for short arrays too
		o := fuzzOptions(sel)
		pad := strings.Repeat(" ", 600)
		for _, in := range [][]byte{data, append([]byte(pad), data...), append(data[:len(data):len(data)], pad[:40]...)} {
			doc, err := dom.Parse(in, o...)
			if (err == nil) != stream.Valid(in, o...) {
				t.Fatalf("Parse(%q) error %v, stream.Valid disagrees", in, err)
			}
			if err != nil {
				if want := stream.Validate(in, o...); want == nil || err.Error() != want.Error() {
					t.Fatalf("Parse(%q) error %v, stream.Validate %v", in, err, want)
				}
				continue
			}
			want, err := stream.AppendCompact(nil, in, o...)
			if err != nil {
				t.Fatal(err)
			}
			got := doc.Root().AppendJSON(nil)
			if !bytes.Equal(got, want) {
				t.Fatalf("AppendJSON(%q) = %q, stream.AppendCompact %q", in, got, want)
			}
			if n := dom.FromValue(doc.Root()).AppendJSON(nil); !bytes.Equal(n, want) {
				t.Fatalf("Node AppendJSON(%q) = %q, want %q", in, n, want)
			}
			wantInd, _ := stream.AppendIndent(nil, want, "", "\t", o...)
			if got := doc.Root().AppendIndent(nil, "", "\t"); !bytes.Equal(got, wantInd) {
				t.Fatalf("AppendIndent(%q) = %q, want %q", in, got, wantInd)
			}
			if msg := checkLookups(doc.Root()); msg != "" {
				t.Fatalf("%q: %s", in, msg)
			}
			a, b := domTokens(doc.Root(), false, nil), streamTokens(t, in, o)
			if strings.Join(a, "\n") != strings.Join(b, "\n") {
				t.Fatalf("tokens of %q:\ndom    %q\nstream %q", in, a, b)
			}
		}
	})
}

// checkLookups checks Get against All and Index against Elements on v and
// every value in it: each member name (once unescaped) leads Get to its
// first member, each index leads Index to its element.
func checkLookups(v dom.Value) string {
	switch v.Kind() {
	case dom.Object:
		seen := map[string]bool{}
		for name, m := range v.All() {
			if !seen[name] {
				seen[name] = true
				if got := v.Get(name); got != m {
					return fmt.Sprintf("Get(%q) at offset %d, All's member at %d", name, got.Offset(), m.Offset())
				}
				if n := dom.MakeName(name); v.GetName(&n) != m {
					return fmt.Sprintf("GetName(%q) differs from All's member at %d", name, m.Offset())
				}
			}
			if msg := checkLookups(m); msg != "" {
				return msg
			}
		}
		if v.Get("\x00missing").Exists() && !seen["\x00missing"] {
			return "Get finds a missing name"
		}
	case dom.Array:
		i := 0
		for e := range v.Elements() {
			if got := v.Index(i); got != e {
				return fmt.Sprintf("Index(%d) at offset %d, element at %d", i, got.Offset(), e.Offset())
			}
			if msg := checkLookups(e); msg != "" {
				return msg
			}
			i++
		}
		if v.Index(i).Exists() {
			return fmt.Sprintf("Index(%d) past the end exists", i)
		}
		if msg := checkPathNames(v); msg != "" {
			return msg
		}
	}
	return ""
}

// FuzzNode applies edits driven by the input to a Node parsed from it and
// checks that nothing panics and that the result always re-parses.
func FuzzNode(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s), []byte("a/0/-/b"))
	}
	f.Fuzz(func(t *testing.T, data, script []byte) {
		n, err := dom.ParseNode(data, stream.AllowInvalidUTF8(true))
		if err != nil {
			n = dom.NewObject()
		}
		tokens := strings.Split(string(script), "/")
		if len(script) > 64 {
			script = script[:64]
		}
		for i, op := range script {
			if op%9 == 8 && len(n.AppendJSON(nil)) > 4096 {
				continue // copying a subtree into itself doubles the size
			}
			k := tokens[i%len(tokens)]
			path := tokens[:i%len(tokens)]
			target := n.At(path)
			switch op % 9 {
			case 0:
				n.SetAt(tokens[i%len(tokens):], dom.NewString(k), op&16 != 0)
			case 1:
				target.Set(k, dom.NewInt(int64(op)))
			case 2:
				target.Delete(k)
			case 3:
				target.Append(dom.NewBool(op&1 == 0), nil)
			case 4:
				target.Insert(int(op>>4), dom.NewArray())
			case 5:
				target.RemoveAt(int(op >> 4))
			case 6:
				target.SetIndex(int(op>>4), dom.NewFloat(float64(op)/3))
			case 7:
				if num, err := dom.NewNumber(k); err == nil {
					n.SetAt(path, num, true)
				}
			case 8:
				if v := n.At(path); v != nil && v != n {
					n.SetAt(tokens, dom.FromValue(mustParseT(t, v.AppendJSON(nil)).Root()), true)
				}
			}
		}
		out := n.AppendJSON(nil)
		back, err := dom.ParseNode(out, stream.AllowInvalidUTF8(true))
		if err != nil {
			t.Fatalf("edited Node writes invalid JSON %q: %v", out, err)
		}
		if again := back.AppendJSON(nil); !bytes.Equal(again, out) {
			t.Fatalf("round trip changed %q into %q", out, again)
		}
		if ind := n.AppendIndent(nil, "", " "); !stream.Valid(ind, stream.AllowInvalidUTF8(true)) {
			t.Fatalf("AppendIndent writes invalid JSON %q", ind)
		}
	})
}

func mustParseT(t *testing.T, b []byte) *dom.Doc {
	d, err := dom.Parse(b, stream.AllowInvalidUTF8(true))
	if err != nil {
		t.Fatalf("Node wrote invalid JSON %q: %v", b, err)
	}
	return d
}

// checkPathNames checks GetNames against chained Gets, and AppendGetNames
// against a loop over Elements, on array v, for paths of names taken from
// its elements (a first member, the first member inside that, the last
// member) and a missing name.
func checkPathNames(v dom.Value) string {
	paths := [][]string{{"\x00missing"}}
	for e := range v.Elements() {
		var first, last string
		k := 0
		for name, m := range e.All() {
			if k == 0 {
				first = name
				for inner := range m.All() {
					paths = append(paths, []string{name, inner})
					break
				}
			}
			last = name
			k++
		}
		if k > 0 {
			paths = append(paths, []string{first}, []string{last}, []string{last, "\x00missing"})
		}
		if len(paths) > 12 {
			break
		}
	}
	for _, p := range paths {
		names := make([]dom.Name, len(p))
		for i, s := range p {
			names[i] = dom.MakeName(s)
		}
		var want []dom.Value
		for e := range v.Elements() {
			r := e
			for _, s := range p {
				r = r.Get(s)
			}
			if got := e.GetNames(names); got != r {
				return fmt.Sprintf("GetNames(%q) at offset %d, chained Get at %d", p, got.Offset(), r.Offset())
			}
			if r.Exists() {
				want = append(want, r)
			}
		}
		// Three rounds of three look-ups: the Doc's row table for v
		// (see SetRowTableMin) gets the name's column in the first
		// (unless it already has 8) and is read in the others.
		for range 3 {
			if got := v.AppendGetNames(nil, names); !slices.Equal(got, want) {
				return fmt.Sprintf("AppendGetNames(%q): %d values, want %d", p, len(got), len(want))
			}
			if msg := checkRows(v, p); msg != "" {
				return msg
			}
		}
	}
	// The look-ups above went through the table (SetRowTableMin(1)).
	if v.Len() > 0 && dom.RowColumns(v) < 1 {
		return "no row table after three rounds of look-ups"
	}
	return ""
}
