// Package formattest holds the tests that every binary format package
// (cbor, msgpack, bson, ubjson) runs on its Writer the same way. A
// package describes its Writer in a [Format] and calls the methods from
// tiny test functions of its own; only _test.go files import this
// package.
package formattest

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/token"
)

// Format describes one format's Writer to the shared tests.
type Format[W token.Writer] struct {
	// Name names the format in failure messages.
	Name string
	// NewWriter is the package's NewWriter.
	NewWriter func(io.Writer, ...opts.Options) W
	// Options are the option sets that change what the Writer writes
	// (or when it fails); each case runs under every one.
	Options [][]opts.Options
	// Docs are the format's edge-case JSON texts, copied besides the
	// corpus and the JSON test suite.
	Docs []string
	// NoDecimal, when set, points at the package's switch that turns
	// the one-pass number cases off: TestCopyJSON then runs each case
	// with them on and off.
	NoDecimal *bool
}

// Docs are edge cases for formats that write any JSON value at the top
// level: signed zeros and integers at the 64-bit edges, inexact and
// subnormal numbers, escapes, duplicate names, nesting, invalid UTF-8,
// several values, truncated and malformed texts, and long strings and
// arrays.
var Docs = []string{`-0`, `[-0, 0, -1, 18446744073709551615, 18446744073709551616, -9223372036854775808, -9223372036854775809]`,
	`[0.1, 1e400, 0.10000000000000000001, 1.5, 1E2, -2.5e-3, 1.0, -0.0, 65504, 1e-320, 123456789012345678901234567890]`,
	`{"a\u00e9\n":"\ud83d\ude00","b":[{},[]]}`, `{"b":1,"a":2,"b":3}`, `[[[[1]]]]`, "\"\xff\"", `1 2 [3] {"x":null}`,
	`[true,false,null]`, `[1,`, `{"a" 1}`, `"` + strings.Repeat("x", 40000) + `"`, `[` + strings.Repeat(`"y",`, 9000) + `"z"]`}

// tokenWriter hides a Writer's CopyJSON: token.Copy then copies to it
// token by token.
type tokenWriter struct{ token.Writer }

// differ describes how CopyJSON's result (nf, ef, fast) and the token by
// token copy's (ns, es, slow) differ in token count, error or bytes, or
// returns "" when they are the same.
func differ(nf int64, ef error, fast []byte, ns int64, es error, slow []byte) string {
	if nf != ns || (ef == nil) != (es == nil) || ef != nil && ef.Error() != es.Error() || !bytes.Equal(fast, slow) {
		return fmt.Sprintf("CopyJSON %d tokens, %v, %x\ntoken by token %d, %v, %x", nf, ef, fast, ns, es, slow)
	}
	return ""
}

// CopyBoth transcodes JSON in through the Writer's CopyJSON and token by
// token, and fails t unless both give the same bytes, token count and
// error.
func (f Format[W]) CopyBoth(t testing.TB, name string, in []byte, ro []opts.Options, wo ...opts.Options) {
	t.Helper()
	var fast, slow bytes.Buffer
	nf, ef := token.Copy(f.NewWriter(&fast, wo...), token.NewJSONReaderBytes(in, ro...))
	ns, es := token.Copy(tokenWriter{f.NewWriter(&slow, wo...)}, token.NewJSONReaderBytes(in, ro...))
	if d := differ(nf, ef, fast.Bytes(), ns, es, slow.Bytes()); d != "" {
		t.Fatalf("%s %s %v: %s", f.Name, name, wo, d)
	}
}

// CopyJSON checks that CopyJSON writes what WriteToken writes token by
// token, over the corpus, the JSON test suite (valid and invalid texts)
// and f.Docs, under each of f.Options and with an AllowInvalidUTF8
// reader, with the one-pass number cases on and off when f.NoDecimal is
// set.
func (f Format[W]) CopyJSON(t *testing.T) {
	var docs []celertest.File
	docs = append(docs, celertest.CorpusJSON(t)...)
	docs = append(docs, celertest.TestSuite(t)...)
	for _, s := range f.Docs {
		docs = append(docs, celertest.File{Name: s[:min(len(s), 20)], Data: []byte(s)})
	}
	modes := []bool{false}
	if f.NoDecimal != nil {
		modes = append(modes, true)
		defer func() { *f.NoDecimal = false }()
	}
	for _, nd := range modes {
		if f.NoDecimal != nil {
			*f.NoDecimal = nd
		}
		for _, d := range docs {
			f.copyAll(t, d.Name, d.Data)
		}
	}
}

// copyAll runs CopyBoth on in under each option set, then with an
// AllowInvalidUTF8 reader.
func (f Format[W]) copyAll(t testing.TB, name string, in []byte) {
	t.Helper()
	for _, o := range f.Options {
		f.CopyBoth(t, name, in, nil, o...)
	}
	f.CopyBoth(t, name, in, []opts.Options{opts.Flag(opts.AllowInvalidUTF8, true)})
}

// FuzzCopyJSON fuzzes CopyJSON against token by token copying: they
// agree on any input. The caller adds the seeds.
func (f Format[W]) FuzzCopyJSON(fz *testing.F) {
	fz.Fuzz(func(t *testing.T, data []byte) { f.copyAll(t, "fuzz", data) })
}

// prefixes are the tokens a caller may have written before CopyJSON:
// open arrays and objects of each length form, a pending key, a pending
// tag, and a nested open container.
var prefixes = [][]token.Token{nil, {token.BeginArray(-1)}, {token.BeginArray(1)}, {token.BeginArray(2)},
	{token.BeginObject(-1)}, {token.BeginObject(1)}, {token.BeginObject(-1), token.String("k")},
	{token.BeginObject(1), token.String("k")}, {token.BeginArray(-1), token.Int(1)}, {token.Tag(1)},
	{token.BeginObject(-1), token.String("k"), token.BeginArray(-1), token.Int(300)}}

// prefixDocs are the texts copied after each prefix: single and several
// values, keys, texts that close the caller's container, and numbers
// with special encodings.
var prefixDocs = []string{"1", "[1]", `"x"`, "1 2", "2.5", "[1,2,3]", `{"a":1}`, `"k" 1`, "1]", "]", "}", "1}", `"v"}`, "1e400", "-0", "null", "true"}

// CopyJSONAfterTokens copies JSON into a Writer that already holds
// tokens written by the caller (an open array or object, a key, a tag):
// CopyJSON must write what copying token by token writes, or fail alike.
// The JSON comes one byte a read, so the reader cannot see it whole.
func (f Format[W]) CopyJSONAfterTokens(t *testing.T) {
	for _, pre := range prefixes {
		for _, doc := range prefixDocs {
			for _, o := range f.Options {
				var fast, slow bytes.Buffer
				wf, ws := f.NewWriter(&fast, o...), f.NewWriter(&slow, o...)
				for _, tk := range pre {
					if e1, e2 := wf.WriteToken(tk), ws.WriteToken(tk); (e1 == nil) != (e2 == nil) {
						t.Fatalf("%s %v: writing the prefix: %v, %v", f.Name, pre, e1, e2)
					}
				}
				nf, ef := token.Copy(wf, token.NewJSONReader(iotest.OneByteReader(strings.NewReader(doc))))
				ns, es := token.Copy(tokenWriter{ws}, token.NewJSONReader(iotest.OneByteReader(strings.NewReader(doc))))
				if ef == nil {
					ef = wf.Flush()
				}
				if es == nil {
					es = ws.Flush()
				}
				if d := differ(nf, ef, fast.Bytes(), ns, es, slow.Bytes()); d != "" {
					t.Errorf("%s %v + %q %v: %s", f.Name, pre, doc, o, d)
				}
			}
		}
	}
}
