package ubjson

import (
	"bytes"
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/token"
)

// tokenWriter hides a Writer's CopyJSON: token.Copy then copies to it
// token by token.
type tokenWriter struct{ token.Writer }

// copyBoth transcodes JSON in to UBJSON through CopyJSON and token by
// token, and fails unless both give the same bytes, token count and
// error.
func copyBoth(t *testing.T, name string, in []byte, ro []token.Options, wo ...Options) {
	t.Helper()
	var fast, slow bytes.Buffer
	nf, ef := token.Copy(NewWriter(&fast, wo...), token.NewJSONReaderBytes(in, ro...))
	ns, es := token.Copy(tokenWriter{NewWriter(&slow, wo...)}, token.NewJSONReaderBytes(in, ro...))
	if nf != ns || (ef == nil) != (es == nil) || ef != nil && ef.Error() != es.Error() || !bytes.Equal(fast.Bytes(), slow.Bytes()) {
		t.Fatalf("%s %v: CopyJSON %d tokens, %v, %x\ntoken by token %d, %v, %x", name, wo, nf, ef, fast.Bytes(), ns, es, slow.Bytes())
	}
}

var copyOptions = [][]Options{nil, {InexactAsFloat(true)}, {InexactAsString(true)}, {InexactAsDecimal(true)},
	{InexactAsFloat(true), InexactAsDecimal(true)}, {ShortestFloat(true)}, {TypedArrays(true)},
	{TypedArrays(true), InexactAsFloat(true), ShortestFloat(true)}, {AllowInvalidUTF8(true)}, {MaxDepth(3)}}

// TestCopyJSON: CopyJSON writes what WriteToken writes token by token,
// over the corpus, the JSON test suite (valid and invalid texts) and
// edge cases, under each option that changes the output, with the
// one-pass number cases on and off.
func TestCopyJSON(t *testing.T) {
	var docs []celertest.File
	docs = append(docs, celertest.CorpusJSON(t)...)
	docs = append(docs, celertest.TestSuite(t)...)
	for _, s := range []string{`-0`, `[-0, 0, -1, 18446744073709551615, 18446744073709551616, -9223372036854775808, -9223372036854775809]`,
		`[0.1, 1e400, 0.10000000000000000001, 1.5, 1E2, -2.5e-3, 1.0, -0.0, 65504, 1e-320, 123456789012345678901234567890]`,
		`[1, 2, 300, -5, 1.5]`, `[[1.5, 2.25], [3, 4], [5, "x"], [1e400]]`, `{"a":[1,2],"b":"c","d":"é"}`,
		`{"a\u00e9\n":"\ud83d\ude00","b":[{},[]]}`, `{"b":1,"a":2,"b":3}`, `[[[[1]]]]`, "\"\xff\"", `1 2 [3] {"x":null}`,
		`[true,false,null]`, `[1,`, `{"a" 1}`, `"` + strings.Repeat("x", 40000) + `"`, `[` + strings.Repeat(`"y",`, 9000) + `"z"]`} {
		docs = append(docs, celertest.File{Name: s[:min(len(s), 20)], Data: []byte(s)})
	}
	defer func() { noDecimal = false }()
	for _, nd := range []bool{false, true} {
		noDecimal = nd
		for _, d := range docs {
			for _, o := range copyOptions {
				copyBoth(t, d.Name, d.Data, nil, o...)
			}
			copyBoth(t, d.Name, d.Data, []token.Options{AllowInvalidUTF8(true)})
		}
	}
}

// FuzzCopyJSON: CopyJSON and token by token agree on any input.
func FuzzCopyJSON(f *testing.F) {
	addSeeds(f, true)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, o := range copyOptions {
			copyBoth(t, "fuzz", data, nil, o...)
		}
		copyBoth(t, "fuzz", data, []token.Options{AllowInvalidUTF8(true)})
	})
}
