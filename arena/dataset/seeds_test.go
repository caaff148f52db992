package dataset

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/celerjson/celer/internal/testtypes"
)

// decodeStrict decodes b into v and fails on unknown members, so a
// generated document matches the seed's Go type exactly.
func decodeStrict(t *testing.T, name string, b []byte, v any) {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func TestSeedDocuments(t *testing.T) {
	for _, tc := range []struct {
		name     string
		gen      func() []byte
		min, max int
		into     any
	}{
		{"repos", func() []byte { return Repos(1) }, 300_000, 400_000, new(testtypes.Repos)},
		{"user", func() []byte { return User(2) }, 3_000, 5_000, new(testtypes.User)},
		{"request", func() []byte { return Request(3) }, 350, 500, new(testtypes.Request)},
		{"glossary", Glossary, 400, 800, new(GlossaryDoc)},
		{"db100", func() []byte { return DBTable(100, 4) }, 10_000, 13_000, new(testtypes.DB)},
		{"db1000", func() []byte { return DBTable(1000, 4) }, 100_000, 130_000, new(testtypes.DB)},
		{"deep", func() []byte { return Deep(DeepDepth, 5) }, 600_000, 800_000, nil},
	} {
		a, b := tc.gen(), tc.gen()
		if !json.Valid(a) || !utf8.Valid(a) {
			t.Errorf("%s: not valid JSON in valid UTF-8", tc.name)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s: not deterministic", tc.name)
		}
		if len(a) < tc.min || len(a) > tc.max {
			t.Errorf("%s: %d bytes, want %d..%d", tc.name, len(a), tc.min, tc.max)
		}
		if tc.into != nil {
			decodeStrict(t, tc.name, a, tc.into)
		}
	}
	var repos testtypes.Repos
	decodeStrict(t, "repos", Repos(1), &repos)
	var forks []int
	for _, r := range repos {
		forks = append(forks, len(r.ForkRepos))
	}
	if len(repos) != 4 || forks[0] != 7 || forks[1] != 1 || forks[2] != 30 || forks[3] != 30 {
		t.Errorf("repos: %d repos with forks %v, want 4 with [7 1 30 30]", len(repos), forks)
	}
	var g GlossaryDoc
	decodeStrict(t, "glossary", Glossary(), &g)
	if g.Glossary.GlossDiv.GlossList.GlossEntry.GlossDef.GlossSeeAlso[1] == "" || !bytes.Contains(Glossary(), []byte("\r\n\t")) {
		t.Error("glossary: missing see-also entries or CRLF and tab layout")
	}
}

// depth returns the maximum nesting depth of a decoded JSON value.
func depth(v any) int {
	d := 0
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			d = max(d, depth(e))
		}
		return d + 1
	case map[string]any:
		for _, e := range x {
			d = max(d, depth(e))
		}
		return d + 1
	}
	return 0
}

func TestDeep(t *testing.T) {
	var v any
	d := json.NewDecoder(bytes.NewReader(Deep(DeepDepth, 5)))
	if err := d.Decode(&v); err != nil {
		t.Fatal(err)
	}
	if got := depth(v); got != DeepDepth {
		t.Errorf("depth %d, want %d", got, DeepDepth)
	}
	if got := v.(map[string]any)["a"].(map[string]any)["obj"].(map[string]any)["key"]; got != "wrong value" {
		t.Errorf("a.obj.key = %v", got)
	}
	if got := depth(mustDecode(t, Deep(20, 1))); got != 20 {
		t.Errorf("Deep(20): depth %d", got)
	}
}

func mustDecode(t *testing.T, b []byte) any {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestCouchDocs(t *testing.T) {
	for _, size := range []int{CouchTiny, Couch4K, Couch8K} {
		docs := CouchDocs(200, size, 9)
		ids := map[string]bool{}
		for i, d := range docs {
			var m map[string]any
			if err := json.Unmarshal(d, &m); err != nil {
				t.Fatalf("size %d doc %d: %v", size, i, err)
			}
			if size != CouchTiny && len(d) != size {
				t.Fatalf("size %d doc %d: %d bytes", size, i, len(d))
			}
			if size == CouchTiny && (len(d) < 90 || len(d) > 160) {
				t.Fatalf("tiny doc %d: %d bytes", i, len(d))
			}
			id, _ := m["_id"].(string)
			if len(id) != 32 || ids[id] {
				t.Fatalf("doc %d: bad or repeated _id %q", i, id)
			}
			ids[id] = true
		}
		nd := NDJSON(docs)
		if bytes.Count(nd, []byte{'\n'}) != len(docs) {
			t.Errorf("NDJSON: wrong line count")
		}
		if !bytes.Equal(NDJSON(CouchDocs(200, size, 9)), nd) {
			t.Errorf("size %d: not deterministic", size)
		}
	}
}

func TestValues(t *testing.T) {
	b, _ := json.Marshal(StatusCodes())
	if len(b) < 2000 || len(b) > 3000 {
		t.Errorf("status codes: %d bytes of JSON", len(b))
	}
	if ints := Ints(1024); len(ints) != 1024 || ints[1023] != 1024 {
		t.Error("Ints")
	}
	if a, c := Bytes(1024, 1), Bytes(1024, 1); len(a) != 1024 || !bytes.Equal(a, c) || bytes.Equal(a, Bytes(1024, 2)) {
		t.Error("Bytes: wrong length, not deterministic or seed ignored")
	}
}
