package contender_test

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"github.com/celerjson/celer/arena/contender"
)

// docs are small valid texts with the shapes that trip formatters:
// empty containers, escapes, nesting, surrounding whitespace.
var docs = []string{
	`{}`,
	`[]`,
	` [ ] `,
	`{"a":[1,2,{"b":null}],"c":{}}`,
	"{\n\t\"k\" : [ true , false ,null ] ,\r\n \"e\":\"\\u00e9\\n\\\"\" }\n",
	`[-0.5e+10,1E-2,0,123456789012345678901234567890]`,
	`[[[[[]]]],{"":{"":""}}]`,
	"[\"caf\u00e9 \u4e00 \U0001F600\"]  \n",
}

func stdTokens(t *testing.T, doc []byte) int {
	d := json.NewDecoder(bytes.NewReader(doc))
	d.UseNumber()
	n := 0
	for {
		if _, err := d.Token(); err == io.EOF {
			return n
		} else if err != nil {
			t.Fatal(err)
		}
		n++
	}
}

func TestAgreeWithStd(t *testing.T) {
	list, skipped := contender.All()
	for name, why := range skipped {
		t.Logf("%s skipped: %s", name, why)
	}
	for _, c := range list {
		if _, ok := c.(*contender.Baseline); ok {
			continue
		}
		t.Run(c.Name(), func(t *testing.T) {
			for _, s := range docs {
				doc := []byte(s)
				if !c.Valid(doc) {
					t.Errorf("Valid(%q) = false", s)
				}
				if tk, ok := c.(contender.Tokenizer); ok {
					n, err := tk.Tokenize(doc)
					if want := stdTokens(t, doc); err != nil || n != want {
						t.Errorf("Tokenize(%q) = %d, %v; want %d", s, n, err, want)
					}
				}
				var buf bytes.Buffer
				if f, ok := c.(contender.Compacter); ok {
					buf.Reset()
					json.Compact(&buf, doc)
					got, err := f.Compact([]byte("x"), doc)
					if want := "x" + buf.String(); err != nil || string(got) != want {
						t.Errorf("Compact(%q) = %q, %v; want %q", s, got, err, want)
					}
				}
				if f, ok := c.(contender.Indenter); ok {
					buf.Reset()
					json.Indent(&buf, doc, contender.IndentPrefix, contender.IndentString)
					got, err := f.Indent([]byte("x"), doc)
					if want := "x" + buf.String(); err != nil || string(got) != want {
						t.Errorf("Indent(%q) = %q, %v; want %q", s, got, err, want)
					}
				}
			}
			for _, s := range []string{`[1,]`, `{"a"}`, `[`, `[1] 2`} {
				if c.Valid([]byte(s)) {
					t.Errorf("Valid(%q) = true", s)
				}
			}
		})
	}
}

func TestBaselineCopies(t *testing.T) {
	c := contender.NewBaseline()
	src := []byte(`{"a": 1}`)
	if !c.Valid(src) {
		t.Error("Valid = false")
	}
	if got, _ := c.Compact([]byte("x"), src); string(got) != "x"+string(src) {
		t.Errorf("Compact = %q", got)
	}
	if got, _ := c.Indent(nil, src); string(got) != string(src) {
		t.Errorf("Indent = %q", got)
	}
}
