package path

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/internal/celertest"
)

// TestConcurrentSelect runs compiled queries (prepared names, filters,
// slices, the direct-collect paths) from several goroutines on one Doc,
// which readers share, and checks each result against one computed alone
// and against the same query evaluated with normalized paths (which takes
// the general path through segs and emit). Run it with -race.
func TestConcurrentSelect(t *testing.T) {
	data := celertest.CorpusFile(t, "nativejson-benchmark/twitter.json")
	doc, err := dom.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	queries := []string{
		`$.statuses[*].user.screen_name`,
		`$.statuses[?@.retweet_count > 0].id`,
		`$.statuses[?@.user.lang == 'en'].id_str`,
		`$.statuses[10:60:7].user.id`,
		`$.statuses[*]`,
		`$..screen_name`,
	}
	type want struct {
		q   *Query
		out []dom.Value
	}
	var wants []want
	for _, s := range queries {
		q := MustCompile(s)
		out := q.Select(doc.Root())
		if len(out) == 0 {
			t.Fatalf("%s selects nothing", s)
		}
		var viaNodes []dom.Value
		for _, n := range q.SelectNodes(doc.Root()) {
			viaNodes = append(viaNodes, n.Value)
		}
		if !slices.Equal(out, viaNodes) {
			t.Errorf("%s: Select and SelectNodes differ (%d, %d nodes)", s, len(out), len(viaNodes))
		}
		wants = append(wants, want{q, out})
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out []dom.Value
			for r := range 20 {
				w := wants[(g+r)%len(wants)]
				out = w.q.AppendSelect(out[:0], doc.Root())
				if !slices.Equal(out, w.out) {
					errs <- fmt.Sprintf("goroutine %d: %s differs", g, w.q)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
