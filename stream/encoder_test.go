package stream_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/stream"
)

// reencode copies every token of src through an Encoder with opts.
func reencode(t *testing.T, src []byte, o ...stream.Options) []byte {
	t.Helper()
	var out bytes.Buffer
	d := stream.NewDecoderBytes(src, v1)
	e := stream.NewEncoder(&out, append([]stream.Options{v1}, o...)...)
	for {
		tok, err := d.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("read: %v", err)
		}
		if err := e.WriteToken(tok); err != nil {
			t.Fatalf("write %v: %v", tok.Kind(), err)
		}
	}
	if err := e.Flush(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestEncoderRoundTrip re-encodes every corpus file token by token: compact
// output equals encoding/json.Compact, indented output equals
// encoding/json.Indent of that, each followed by the Encoder's newline.
func TestEncoderRoundTrip(t *testing.T) {
	for _, f := range raceSample(celertest.CorpusJSON(t)) {
		want, err := stdCompact(f.Data)
		if err != nil {
			continue
		}
		if got := reencode(t, f.Data); !bytes.Equal(got, append(want, '\n')) {
			t.Errorf("%s: compact re-encoding differs from encoding/json.Compact", f.Name)
		}
		wantInd, _ := stdIndent(want, "> ", "\t")
		if got := reencode(t, f.Data, stream.WithIndent("> ", "\t")); !bytes.Equal(got, append(wantInd, '\n')) {
			t.Errorf("%s: indented re-encoding differs from encoding/json.Indent", f.Name)
		}
	}
}

func TestEncoderGoValues(t *testing.T) {
	var out bytes.Buffer
	e := stream.NewEncoder(&out, stream.EscapeHTML(true), stream.EscapeForJS(true))
	toks := []stream.Token{
		stream.BeginObject,
		stream.String("s"), stream.String("<a & b>\u2028\x01\"\\\n"),
		stream.String("i"), stream.Int(-42),
		stream.String("u"), stream.Uint(math.MaxUint64),
		stream.String("f"), stream.Float(1e21),
		stream.String("g"), stream.Float(0.000001),
		stream.String("n"), stream.Number("-0.5e+7"),
		stream.String("b"), stream.Bool(true),
		stream.String("z"), stream.Null,
		stream.String("a"), stream.BeginArray, stream.EndArray,
		stream.EndObject,
	}
	for _, tok := range toks {
		if err := e.WriteToken(tok); err != nil {
			t.Fatalf("%v: %v", tok, err)
		}
	}
	want, _ := json.Marshal(map[string]any{"s": "<a & b>\u2028\x01\"\\\n"})
	got := out.String()
	if !strings.HasPrefix(got, string(want[:len(want)-1])+",") {
		t.Errorf("string escaping: got %s, want prefix %s", got, want[:len(want)-1])
	}
	for _, part := range []string{`"i":-42`, `"u":18446744073709551615`, `"f":1e+21`, `"g":0.000001`, `"n":-0.5e+7`, `"b":true`, `"z":null`, `"a":[]}` + "\n"} {
		if !strings.Contains(got, part) {
			t.Errorf("output %s lacks %s", got, part)
		}
	}
}

func TestEncoderRejects(t *testing.T) {
	cases := map[string][]stream.Token{
		"name not a string":   {stream.BeginObject, stream.Int(1)},
		"mismatched closer":   {stream.BeginArray, stream.EndObject},
		"closer at top level": {stream.EndArray},
		"bad number text":     {stream.Number("01")},
		"NaN":                 {stream.Float(math.NaN())},
		"invalid UTF-8":       {stream.String("a\xffb")},
		"object ends early":   {stream.BeginObject, stream.String("k"), stream.EndObject},
	}
	for name, toks := range cases {
		e := stream.NewEncoder(io.Discard)
		var err error
		for _, tok := range toks {
			if err = e.WriteToken(tok); err != nil {
				break
			}
		}
		if err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	e := stream.NewEncoder(io.Discard)
	if err := e.WriteToken(stream.String("a\xffb")); !errors.Is(err, stream.ErrInvalidUTF8) {
		t.Errorf("invalid UTF-8: %v, want ErrInvalidUTF8", err)
	}
	e = stream.NewEncoder(io.Discard, stream.MaxDepth(3))
	var err error
	for range 4 {
		if err = e.WriteToken(stream.BeginArray); err != nil {
			break
		}
	}
	if !errors.Is(err, stream.ErrDepth) || errors.Is(err, stream.ErrSyntax) {
		t.Errorf("depth 4 with MaxDepth 3: %v, want ErrDepth", err)
	}
}

func TestEncoderWriteValue(t *testing.T) {
	var out bytes.Buffer
	e := stream.NewEncoder(&out, stream.WithIndent("", "  "))
	for _, step := range []func() error{
		func() error { return e.WriteToken(stream.BeginObject) },
		func() error { return e.WriteValue([]byte(` "k" `)) },
		func() error { return e.WriteValue([]byte(`{"a" : [1, 2], "b":{}}`)) },
		func() error { return e.WriteToken(stream.EndObject) },
	} {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	want, _ := stdIndent([]byte(`{"k":{"a":[1,2],"b":{}}}`), "", "  ")
	if got := out.String(); got != string(want)+"\n" {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if err := stream.NewEncoder(io.Discard).WriteValue([]byte(`[1,]`)); err == nil {
		t.Error("WriteValue accepted invalid JSON")
	}
}

// TestEncoderNDJSON writes several top-level values: one per line.
func TestEncoderNDJSON(t *testing.T) {
	var out bytes.Buffer
	e := stream.NewEncoder(&out)
	for _, v := range []string{`{"a":1}`, `[true]`, `"x"`} {
		if err := e.WriteValue([]byte(v)); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := out.String(), "{\"a\":1}\n[true]\n\"x\"\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestWalk(t *testing.T) {
	var sb strings.Builder
	h := &recorder{&sb}
	d := stream.NewDecoderBytes([]byte(`{"a":[1,"x",null],"b":{}} 7`))
	if err := d.Walk(h); err != nil {
		t.Fatal(err)
	}
	if got, want := sb.String(), `{ name:"a" [ 1 "x" null ] name:"b" { } } 7 `; got != want {
		t.Errorf("events %q, want %q", got, want)
	}
}

type recorder struct{ sb *strings.Builder }

func (r *recorder) BeginObject() error { r.sb.WriteString("{ "); return nil }
func (r *recorder) EndObject() error   { r.sb.WriteString("} "); return nil }
func (r *recorder) BeginArray() error  { r.sb.WriteString("[ "); return nil }
func (r *recorder) EndArray() error    { r.sb.WriteString("] "); return nil }
func (r *recorder) Name(t stream.Token) error {
	r.sb.WriteString("name:" + string(t.Raw()) + " ")
	return nil
}
func (r *recorder) Value(t stream.Token) error {
	r.sb.WriteString(string(t.Raw()) + " ")
	return nil
}
