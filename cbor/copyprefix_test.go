package cbor

import (
	"bytes"
	"testing"
	"testing/iotest"

	"github.com/celerjson/celer/token"
)

// TestCopyJSONAfterTokens copies JSON into a Writer that already holds
// tokens written by the caller (an open array or object, a key, a tag):
// CopyJSON must write what copying token by token writes, or fail alike.
func TestCopyJSONAfterTokens(t *testing.T) {
	pres := [][]token.Token{nil, {token.BeginArray(-1)}, {token.BeginArray(1)}, {token.BeginArray(2)},
		{token.BeginObject(-1)}, {token.BeginObject(1)}, {token.BeginObject(-1), token.String("k")},
		{token.BeginObject(1), token.String("k")}, {token.BeginArray(-1), token.Int(1)}, {token.Tag(1)},
		{token.BeginObject(-1), token.String("k"), token.BeginArray(-1), token.Int(300)}}
	docs := []string{"1", "[1]", `"x"`, "1 2", "2.5", "[1,2,3]", `{"a":1}`, `"k" 1`, "1]", "]", "}", "1}", `"v"}`, "1e400", "-0", "null", "true"}
	for _, pre := range pres {
		for _, doc := range docs {
			for _, o := range copyOptions {
				var fast, slow bytes.Buffer
				wf, ws := NewWriter(&fast, o...), NewWriter(&slow, o...)
				for _, tk := range pre {
					if e1, e2 := wf.WriteToken(tk), ws.WriteToken(tk); (e1 == nil) != (e2 == nil) {
						t.Fatalf("%v: writing the prefix: %v, %v", pre, e1, e2)
					}
				}
				nf, ef := token.Copy(wf, token.NewJSONReader(iotest.OneByteReader(bytes.NewReader([]byte(doc)))))
				ns, es := token.Copy(tokenWriter{ws}, token.NewJSONReader(iotest.OneByteReader(bytes.NewReader([]byte(doc)))))
				if ef == nil {
					ef = wf.Flush()
				}
				if es == nil {
					es = ws.Flush()
				}
				if nf != ns || (ef == nil) != (es == nil) || ef != nil && ef.Error() != es.Error() || !bytes.Equal(fast.Bytes(), slow.Bytes()) {
					t.Errorf("%v + %q %v: CopyJSON %d tokens, %v, %x; token by token %d, %v, %x", pre, doc, o, nf, ef, fast.Bytes(), ns, es, slow.Bytes())
				}
			}
		}
	}
}
