package dom_test

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/stream"
)

func js(n *dom.Node) string { return string(n.AppendJSON(nil)) }

func TestNodeBuild(t *testing.T) {
	num, err := dom.NewNumber("1.50e+3")
	if err != nil {
		t.Fatal(err)
	}
	o := dom.NewObject().
		Set("s", dom.NewString("a\"b\n<é>\xff")).
		Set("i", dom.NewInt(-42)).
		Set("u", dom.NewUint(math.MaxUint64)).
		Set("f", dom.NewFloat(1e21)).
		Set("g", dom.NewFloat(0.000001)).
		Set("nan", dom.NewFloat(math.NaN())).
		Set("num", num).
		Set("t", dom.NewBool(true)).
		Set("z", nil).
		Set("a", dom.NewArray().Append(dom.NewInt(1), nil, dom.NewObject()))
	want := `{"s":"a\"b\n<é>\ufffd","i":-42,"u":18446744073709551615,"f":1e+21,"g":0.000001,"nan":null,` +
		`"num":1.50e+3,"t":true,"z":null,"a":[1,null,{}]}`
	if got := js(o); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// Replacing keeps the position; adding goes last.
	o.Set("i", dom.NewString("x")).Set("new", dom.NewNull())
	if got := js(o); !strings.Contains(got, `"u":18446744073709551615,`) || !strings.HasPrefix(got, `{"s":"a\"b\n<é>\ufffd","i":"x",`) ||
		!strings.HasSuffix(got, `"a":[1,null,{}],"new":null}`) {
		t.Errorf("after Set: %s", got)
	}
	if !o.Delete("s") || o.Delete("s") || o.Len() != 10 || o.Get("s") != nil {
		t.Errorf("Delete: %s", js(o))
	}
	for _, bad := range []string{"", "01", "1.", "+1", "1e", "NaN", " 1", "1 "} {
		if _, err := dom.NewNumber(bad); err == nil {
			t.Errorf("NewNumber(%q) succeeded", bad)
		}
	}
	// Indented output matches encoding/json.Indent's layout.
	if got := string(dom.NewObject().Set("a", dom.NewArray().Append(dom.NewInt(1))).Set("b", dom.NewArray()).AppendIndent(nil, "", "  ")); got != "{\n  \"a\": [\n    1\n  ],\n  \"b\": []\n}" {
		t.Errorf("AppendIndent = %q", got)
	}
}

func TestNodeArrayEdits(t *testing.T) {
	a := dom.NewArray().Append(dom.NewInt(0), dom.NewInt(1), dom.NewInt(2))
	steps := []struct {
		op   func() error
		want string
	}{
		{func() error { return a.Insert(0, dom.NewInt(-1)) }, `[-1,0,1,2]`},
		{func() error { return a.Insert(4, dom.NewInt(3)) }, `[-1,0,1,2,3]`},
		{func() error { return a.Insert(2, nil) }, `[-1,0,null,1,2,3]`},
		{func() error { return a.RemoveAt(0) }, `[0,null,1,2,3]`},
		{func() error { return a.RemoveAt(4) }, `[0,null,1,2]`},
		{func() error { return a.SetIndex(1, dom.NewBool(false)) }, `[0,false,1,2]`},
	}
	for i, s := range steps {
		if err := s.op(); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if got := js(a); got != s.want {
			t.Fatalf("step %d: %s, want %s", i, got, s.want)
		}
	}
	for _, err := range []error{a.Insert(-1, nil), a.Insert(5, nil), a.RemoveAt(4), a.SetIndex(-1, nil), a.SetIndex(4, nil)} {
		if !errors.Is(err, dom.ErrIndex) {
			t.Errorf("out of range: %v", err)
		}
	}
	if err := dom.NewObject().Insert(0, nil); !errors.Is(err, dom.ErrWrongKind) {
		t.Errorf("Insert on object: %v", err)
	}
	var xs []string
	for x := range a.Elements() {
		xs = append(xs, js(x))
	}
	if strings.Join(xs, " ") != "0 false 1 2" || a.Index(3).String() != "2" || a.Index(4) != nil {
		t.Errorf("Elements = %q", xs)
	}
}

func TestNodeFromDoc(t *testing.T) {
	in := `{"b": "x\u00e9", "a\u0041": [1.0e2, true, null, {"k": "\/"}], "dup": 1, "dup": 2}`
	d := mustParse(t, in)
	n := dom.FromValue(d.Root())
	want := `{"b":"x\u00e9","a\u0041":[1.0e2,true,null,{"k":"\/"}],"dup":1,"dup":2}`
	if got := js(n); got != want {
		t.Fatalf("FromValue = %s", got)
	}
	if s, _ := n.Get("b").Text(); s != "xé" {
		t.Errorf("text = %q", s)
	}
	if f, _ := n.At([]string{"aA", "0"}).Float64(); f != 100 {
		t.Errorf("At = %v", f)
	}
	if i, _ := n.Get("dup").Int64(); i != 1 {
		t.Errorf("first dup wins: %d", i)
	}
	// Editing leaves the untouched parts byte for byte.
	n.Get("aA").Append(dom.NewString("new"))
	n.Delete("dup")
	if got := js(n); got != `{"b":"x\u00e9","a\u0041":[1.0e2,true,null,{"k":"\/"},"new"],"dup":2}` {
		t.Errorf("edited = %s", got)
	}
	// The Node does not share the Doc's input.
	buf := []byte(in)
	d2, _ := dom.Parse(buf)
	n2 := dom.FromValue(d2.Root().Get("b"))
	for i := range buf {
		buf[i] = 'Z'
	}
	if js(n2) != `"x\u00e9"` {
		t.Errorf("FromValue shares the input: %s", js(n2))
	}
	if dom.FromValue(dom.Value{}) != nil {
		t.Error("FromValue(Invalid) != nil")
	}
	p, err := dom.ParseNode([]byte(in))
	if err != nil || js(p) != want {
		t.Errorf("ParseNode = %s, %v", js(p), err)
	}
	if _, err := dom.ParseNode([]byte(`{"a":1,"a":2}`), stream.RejectDuplicateNames(true)); !errors.Is(err, stream.ErrDuplicateName) {
		t.Errorf("ParseNode options: %v", err)
	}
}

func TestNodeSetAt(t *testing.T) {
	n := dom.NewObject()
	steps := []struct {
		path   []string
		v      *dom.Node
		create bool
		want   string // JSON after, or "error"
	}{
		{[]string{"a"}, dom.NewInt(1), false, `{"a":1}`},
		{[]string{"b", "c"}, dom.NewInt(2), false, "error"},
		{[]string{"b", "c"}, dom.NewInt(2), true, `{"a":1,"b":{"c":2}}`},
		{[]string{"b", "d", "e"}, dom.NewArray(), true, `{"a":1,"b":{"c":2,"d":{"e":[]}}}`},
		{[]string{"b", "d", "e", "-"}, dom.NewInt(7), false, `{"a":1,"b":{"c":2,"d":{"e":[7]}}}`},
		{[]string{"b", "d", "e", "1"}, dom.NewInt(8), false, `{"a":1,"b":{"c":2,"d":{"e":[7,8]}}}`},
		{[]string{"b", "d", "e", "0"}, dom.NewInt(6), false, `{"a":1,"b":{"c":2,"d":{"e":[6,8]}}}`},
		{[]string{"b", "d", "e", "3"}, dom.NewInt(9), false, "error"},
		{[]string{"b", "d", "e", "01"}, dom.NewInt(9), false, "error"},
		{[]string{"b", "d", "e", "-", "x"}, dom.NewInt(9), false, "error"},
		{[]string{"b", "d", "e", "-", "x"}, dom.NewInt(9), true, `{"a":1,"b":{"c":2,"d":{"e":[6,8,{"x":9}]}}}`},
		{[]string{"a", "x"}, dom.NewInt(1), true, "error"}, // through a number
		{[]string{"b"}, nil, false, `{"a":1,"b":null}`},
		{nil, dom.NewArray(), false, `[]`},
	}
	for i, s := range steps {
		err := n.SetAt(s.path, s.v, s.create)
		if s.want == "error" {
			var pe *dom.PathError
			if !errors.As(err, &pe) {
				t.Errorf("step %d: error %v, want a *PathError", i, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if got := js(n); got != s.want {
			t.Fatalf("step %d: %s, want %s", i, got, s.want)
		}
		if len(s.path) > 0 && !slices.Contains(s.path, "-") && n.At(s.path) == nil {
			t.Errorf("step %d: At does not find what SetAt set", i)
		}
	}
	if n.At([]string{"x"}) != nil || n.At(nil) != n {
		t.Error("At on an array")
	}
}

func TestNodeNil(t *testing.T) {
	var n *dom.Node
	if n.Kind() != dom.Invalid || n.Len() != 0 || n.Get("a") != nil || n.Index(0) != nil || n.At([]string{"a"}) != nil ||
		n.String() != "<invalid>" || len(n.AppendJSON(nil)) != 0 {
		t.Error("nil Node is not inert")
	}
	if _, err := n.Text(); !errors.Is(err, dom.ErrMissing) {
		t.Errorf("Text of nil: %v", err)
	}
	// Edits of the wrong kind do nothing.
	s := dom.NewString("x")
	s.Set("a", nil).Append(nil)
	if js(s) != `"x"` || s.Delete("a") {
		t.Error("edits of a string changed it")
	}
}

// TestNodeLargeObject exercises the name index of large objects: Set
// replaces the first of duplicate names, and Delete keeps lookups right.
func TestNodeLargeObject(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`{"k":-1`)
	for i := range 100 {
		sb.WriteString(`,"k` + string(rune('a'+i%26)) + string(rune('a'+i/26)) + `":1`)
	}
	sb.WriteString(`,"k":-2}`)
	n, err := dom.ParseNode([]byte(sb.String()))
	if err != nil {
		t.Fatal(err)
	}
	if i, _ := n.Get("k").Int64(); i != -1 {
		t.Errorf("Get(k) = %d, want the first", i)
	}
	n.Set("k", dom.NewInt(5))
	if !strings.HasPrefix(js(n), `{"k":5,`) || !strings.HasSuffix(js(n), `"k":-2}`) {
		t.Errorf("Set replaced the wrong member")
	}
	n.Delete("k")
	if i, _ := n.Get("k").Int64(); i != -2 {
		t.Errorf("after Delete, Get(k) = %d, want -2", i)
	}
	for i := range 50 {
		n.Set("new"+string(rune('a'+i)), dom.NewInt(int64(i)))
	}
	if i, _ := n.Get("newx").Int64(); i != 23 || n.Len() != 151 {
		t.Errorf("Get(newx) = %d, Len %d", i, n.Len())
	}
}
