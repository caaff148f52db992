package path

import (
	"testing"

	"github.com/celerjson/celer/internal/celertest"
)

// TestIndexedWalkDecides checks that the indexed walk answers valid
// documents itself. The checked walk leaves every error it meets to the
// byte-wise walk, which gives the right answer, so a bug that made it fail
// on valid input would show only as a slower lookup. The lookups skip
// most of each file, across many windows of stage 1.
func TestIndexedWalkDecides(t *testing.T) {
	name := func(s string) rawStep { return rawStep{kind: rawName, name: s} }
	index := func(i int) rawStep { return rawStep{kind: rawIndex, index: i} }
	cases := []struct {
		file  string
		steps []rawStep
	}{
		{"mormot-json-performance/citylots-excerpt.json", []rawStep{name("features"), index(385), name("properties"), name("STREET")}},
		{"mormot-json-performance/people-excerpt.json", []rawStep{index(69), name("LastName")}},
		{"nativejson-benchmark/twitter.json", []rawStep{name("statuses"), index(99), name("user"), name("screen_name")}},
		{"nativejson-benchmark/citm_catalog.json", []rawStep{name("performances"), index(242), name("seatCategories"), index(0), name("areas"), index(5), name("areaId")}},
		{"nativejson-benchmark/canada.json", []rawStep{name("features"), index(0), name("geometry"), name("coordinates"), index(479), index(0)}},
		{"groovy-json-benchmarks/citys.json", []rawStep{name("nope")}},
	}
	for _, c := range cases {
		b := celertest.CorpusFile(t, c.file)
		for _, trusted := range []bool{false, true} {
			for _, whole := range []bool{false, true} {
				steps := c.steps
				if whole { // the last step's value skipped whole
					steps = steps[:len(steps)-1]
				}
				w, _ := rawConfig(b, nil)
				w.trusted = trusted
				start, end, st, ok := w.walkIndexed(steps)
				if !ok || st == walkBad {
					t.Errorf("%s trusted=%v whole=%v: the indexed walk did not decide (status %d, ok %v)", c.file, trusted, whole, st, ok)
					continue
				}
				w2, _ := rawConfig(b, nil)
				s2, e2, st2 := w2.walkFrom(0, steps, 0)
				if st != st2 || st == walkFound && (start != s2 || end != e2) {
					t.Errorf("%s trusted=%v whole=%v: indexed %d [%d:%d], byte-wise %d [%d:%d]", c.file, trusted, whole, st, start, end, st2, s2, e2)
				}
			}
		}
	}
}
