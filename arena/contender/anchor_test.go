package contender

import (
	"encoding/json"
	"testing"

	"github.com/celerjson/celer/arena/dataset"
)

// TestAnchors checks every built-in anchor against encoding/json on
// generated documents, and that it rejects invalid JSON. Without the
// simdjsoncpp build tag there is none, and the test says so.
func TestAnchors(t *testing.T) {
	as := Anchors()
	if len(as) == 0 {
		t.Skip("SKIPPING: no anchor built in (build with -tags simdjsoncpp and Debian's libsimdjson-dev)")
	}
	docs := map[string][]byte{
		"deep":   dataset.Deep(60, 1),
		"people": dataset.People(50, 2),
		"citys":  dataset.Citys(50, 3),
	}
	for _, a := range as {
		for name, doc := range docs {
			var v any
			if err := json.Unmarshal(doc, &v); err != nil {
				t.Fatal(err)
			}
			var want AnchorSummary
			SummarizeAnchor(&want, v)
			got, err := a.ParseVisit(doc)
			if err != nil || got != want {
				t.Errorf("%s %s: %+v, %v; want %+v", a.Name(), name, got, err, want)
			}
		}
		if _, err := a.ParseVisit([]byte(`{"a":[1,2}`)); err == nil {
			t.Errorf("%s accepts invalid JSON", a.Name())
		}
	}
}
