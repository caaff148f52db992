package celer

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// nameEdgeDocs returns documents whose member names probe the cache of
// names: every length 0..40, names that differ only in their last byte,
// only past byte 8, 16 or 24, names equal in their first 16 or 32 bytes
// but longer, names
// with non-ASCII and control or escaped bytes, names ending at the end of
// the input, and enough distinct names to collide in the direct-mapped
// cache and to pass the per-call insert limit.
func nameEdgeDocs() [][]byte {
	var docs [][]byte
	var names []string
	for n := 0; n <= 40; n++ {
		base := strings.Repeat("a", n)
		names = append(names, base)
		if n > 0 {
			names = append(names, base[:n-1]+"b", base[:n-1]+"\u00e9")
		}
		if n > 8 {
			names = append(names, base[:8]+"Z"+base[9:])
		}
		if n > 16 {
			names = append(names, base[:16]+"c"+base[17:])
		}
		if n > 24 {
			names = append(names, base[:24]+"d"+base[25:])
		}
		if n > 32 {
			names = append(names, base[:32]+"e"+base[33:])
		}
	}
	// (Names are JSON string contents, escapes as written.)
	names = append(names, "é", "日本語日本語", "日本語日本語x", `a\u0000b`, `\u0000`, `x\ty`, `q\"q`, `\\`, `0123456789abcde\u0066`,
		`0123456789abcdef0123456789\u0061bcde`, `0123456789abcdef\t`, `0123456789abcdef0123456789abcdef\n`)
	var sb strings.Builder
	// Same names twice in one document and across elements, with and
	// without spaces around ':'.
	sb.WriteString("[")
	for k := range 3 {
		if k > 0 {
			sb.WriteString(",")
		}
		sb.WriteString("{")
		for i, s := range names {
			if i > 0 {
				sb.WriteString(",")
			}
			sep := ":"
			if (i+k)%3 == 1 {
				sep = " : "
			} else if (i+k)%3 == 2 {
				sep = ":\n"
			}
			fmt.Fprintf(&sb, `"%s"%s%d`, s, sep, i+k)
		}
		sb.WriteString("}")
	}
	sb.WriteString("]")
	docs = append(docs, []byte(sb.String()))
	// A name that ends at the end of the input (invalid) and at every
	// offset near the end (objects cut short and completed).
	for _, s := range names {
		q := `"` + s + `"`
		docs = append(docs, []byte(`{`+q), []byte(`{`+q+`:1}`), []byte(`{`+q+`:`), []byte(`{"x":{`+q+`:{}}}`))
	}
	// Many distinct names (collisions, the insert limit) and then the same
	// names again, with the names reversed to reach other slots first.
	sb.Reset()
	sb.WriteString("[{")
	for i := range 3 * nameInsert {
		if i > 0 {
			sb.WriteString(",")
		}
		fmt.Fprintf(&sb, `"n%0*d":%d`, 1+i%15, i, i)
	}
	sb.WriteString("},{")
	for i := 3*nameInsert - 1; i >= 0; i-- {
		fmt.Fprintf(&sb, `"n%0*d":%d`, 1+i%15, i, -i)
		if i > 0 {
			sb.WriteString(",")
		}
	}
	sb.WriteString("}]")
	docs = append(docs, []byte(sb.String()))
	// Invalid UTF-8 in names (U+FFFD in the default mode), after the same
	// names cached as valid ones.
	docs = append(docs, []byte("[{\"ab\xffc\":1,\"ab\":2},{\"ab\xffc\":3,\"\xff\":4,\"ab\":5}]"))
	return docs
}

// TestUnmarshalAnyNameEdges checks names that probe the cache of names
// against encoding/json, twice so that the second pass finds them cached,
// with and without ZeroCopyStrings.
func TestUnmarshalAnyNameEdges(t *testing.T) {
	docs := nameEdgeDocs()
	for _, i := range []int{0, len(docs) - 1} {
		if !json.Valid(docs[i]) {
			t.Fatalf("document %d is not valid JSON: %s", i, docs[i])
		}
	}
	for pass := range 2 {
		for _, doc := range docs {
			var want any
			werr := json.Unmarshal(doc, &want)
			for _, o := range []Options{nil, ZeroCopyStrings(true)} {
				var got any
				var err error
				if o == nil {
					err = Unmarshal(doc, &got)
				} else {
					err = UnmarshalWith(doc, &got, o)
				}
				if (err == nil) != (werr == nil) || !reflect.DeepEqual(got, want) {
					t.Fatalf("pass %d %q: got %v, %v; want %v, %v", pass, doc, got, err, want, werr)
				}
			}
		}
	}
}

// TestUnmarshalAnyNameCacheConcurrent decodes documents of many names
// from many goroutines (run it with -race) and checks that names a caller
// got never change while others decode.
func TestUnmarshalAnyNameCacheConcurrent(t *testing.T) {
	docs := nameEdgeDocs()
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var kept []any
			var keptWant []any
			for r := range 20 {
				doc := docs[(g*7+r)%len(docs)]
				var got, want any
				if err := Unmarshal(doc, &got); err != nil {
					continue
				}
				json.Unmarshal(doc, &want)
				kept = append(kept, got)
				keptWant = append(keptWant, want)
			}
			for i := range kept {
				if !reflect.DeepEqual(kept[i], keptWant[i]) {
					t.Errorf("goroutine %d: value %d changed after later calls", g, i)
				}
			}
		}()
	}
	wg.Wait()
}

// TestUnmarshalAnyNameCacheStrict checks that duplicate names are still
// rejected under Strict when they are names the cache holds.
func TestUnmarshalAnyNameCacheStrict(t *testing.T) {
	var v any
	for range 2 {
		if err := Unmarshal([]byte(`{"id":1,"name":2}`), &v); err != nil {
			t.Fatal(err)
		}
		v = nil
		if err := UnmarshalWith([]byte(`{"id":1,"name":2,"id":3}`), &v, Strict()); err == nil {
			t.Fatal("Strict: duplicate cached name accepted")
		}
		v = nil
		if err := UnmarshalWith([]byte("{\"i\xffd\":1}"), &v, Strict()); err == nil {
			t.Fatal("Strict: invalid UTF-8 name accepted")
		}
		v = nil
	}
}
