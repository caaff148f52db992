package dombench

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"

	"github.com/celerjson/celer/arena/contender"
)

// Operations on paths, as used in benchmark names.
const (
	OpLookup   = "Lookup"   // one deep value from raw bytes
	OpJSONPath = "JSONPath" // an RFC 9535 query on a loaded document
)

// A Lookup is one deep value to find in a corpus file.
type Lookup struct {
	Name  string
	File  string // in shared/corpus
	Steps []contender.Step
}

// Lookups are the lookup cases: the seeds' glossary path, and one value
// near the end of each large file (so a lookup must skip most of it).
var Lookups = []Lookup{
	{"glossary", "mormot-json-performance/glossary.json",
		[]contender.Step{"glossary", "GlossDiv", "GlossList", "GlossEntry", "GlossDef", "GlossSeeAlso", 0}},
	{"twitter", "nativejson-benchmark/twitter.json",
		[]contender.Step{"statuses", 99, "user", "screen_name"}},
	{"citm", "nativejson-benchmark/citm_catalog.json",
		[]contender.Step{"performances", 242, "seatCategories", 0, "areas", 5, "areaId"}},
	{"citylots", "mormot-json-performance/citylots-excerpt.json",
		[]contender.Step{"features", 385, "properties", "STREET"}},
	{"people", "mormot-json-performance/people-excerpt.json",
		[]contender.Step{69, "LastName"}},
}

// A Query is one JSONPath query on a corpus file.
type Query struct {
	Name string
	File string
	Expr string // RFC 9535 that ojg also reads (filters in parentheses)
}

// Queries are the JSONPath cases: filters, descendant searches, a slice
// and a wildcard.
var Queries = []Query{
	{"filter-citm", "nativejson-benchmark/citm_catalog.json", `$.performances[?(@.venueCode == 'PLEYEL_PLEYEL')].id`},
	{"filter-twitter", "nativejson-benchmark/twitter.json", `$.statuses[?(@.retweet_count > 5)].id_str`},
	{"descendant-twitter", "nativejson-benchmark/twitter.json", `$..screen_name`},
	{"slice-citylots", "mormot-json-performance/citylots-excerpt.json", `$.features[10:200:5].properties.BLKLOT`},
	// The queries of the dom/path performance follow-up: descendants of
	// every member, a filter on a late member, a wildcard then names.
	{"desc-id-twitter", "nativejson-benchmark/twitter.json", `$..id`},
	{"desc-all-twitter", "nativejson-benchmark/twitter.json", `$..*`},
	{"filter-rc0-twitter", "nativejson-benchmark/twitter.json", `$.statuses[?(@.retweet_count > 0)].id`},
	{"names-twitter", "nativejson-benchmark/twitter.json", `$.statuses[*].user.screen_name`},
}

// PathInput is a loaded lookup or query case with encoding/json's answer.
type PathInput struct {
	Name  string
	Data  []byte
	Steps []contender.Step // lookups
	Expr  string           // queries
	Want  []any            // the value(s) selected, decoded by encoding/json
}

// LoadPaths reads the files of Lookups and Queries and computes the
// reference answers by walking encoding/json's decoded values (lookups)
// or by celer (queries; cross-checked against theory/jsonpath by Verify).
func LoadPaths(shared string) (lookups, queries []PathInput, err error) {
	files := map[string][]byte{}
	read := func(f string) ([]byte, error) {
		if b, ok := files[f]; ok {
			return b, nil
		}
		b, err := os.ReadFile(filepath.Join(shared, "corpus", f))
		files[f] = b
		return b, err
	}
	for _, l := range Lookups {
		b, err := read(l.File)
		if err != nil {
			return nil, nil, err
		}
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			return nil, nil, err
		}
		for _, s := range l.Steps {
			switch s := s.(type) {
			case int:
				v = v.([]any)[s]
			case string:
				v = v.(map[string]any)[s]
			}
		}
		lookups = append(lookups, PathInput{Name: l.Name, Data: b, Steps: l.Steps, Want: []any{v}})
	}
	for _, q := range Queries {
		b, err := read(q.File)
		if err != nil {
			return nil, nil, err
		}
		queries = append(queries, PathInput{Name: q.Name, Data: b, Expr: q.Expr})
	}
	return lookups, queries, nil
}

// VerifyPaths checks every lookup and query contender. Lookup answers
// must equal the value encoding/json finds by walking its decoded tree.
// Query answers are compared as multisets (member order in objects is not
// defined): the reference is theory/jsonpath's RFC 9535 answer over
// encoding/json's values, and a case where the reference selects nothing
// is an error, so a broken reference cannot pass everything.
func VerifyPaths(ls []contender.Lookuper, qs []contender.JSONPather, lookups, queries []PathInput) map[string]Verdict {
	out := map[string]Verdict{}
	for _, in := range lookups {
		for _, c := range ls {
			out[Key(OpLookup, in.Name, c.Name())] = Verdict{checkLookup(c, in)}
		}
	}
	for i := range queries {
		in := &queries[i]
		ref := contender.NewTheoryPath()
		want, err := runQuery(ref, in)
		if err == nil && len(want) == 0 {
			err = fmt.Errorf("reference selects nothing for %s", in.Expr)
		}
		in.Want = want
		for _, c := range qs {
			v := err
			if v == nil {
				v = checkQuery(c, in)
			}
			out[Key(OpJSONPath, in.Name, c.Name())] = Verdict{v}
		}
	}
	return out
}

func checkLookup(c contender.Lookuper, in PathInput) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	if err := c.CompileLookup(in.Steps); err != nil {
		return err
	}
	raw, err := c.Lookup(in.Data)
	if err != nil {
		return err
	}
	var got any
	if err := json.Unmarshal(raw, &got); err != nil {
		return fmt.Errorf("result %q is not JSON: %w", raw, err)
	}
	if !reflect.DeepEqual(got, in.Want[0]) {
		return fmt.Errorf("found %v, want %v", got, in.Want[0])
	}
	return nil
}

func runQuery(c contender.JSONPather, in *PathInput) (res []any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	if err := c.LoadDoc(in.Data); err != nil {
		return nil, err
	}
	if err := c.CompilePath(in.Expr); err != nil {
		return nil, err
	}
	if _, err := c.Select(); err != nil {
		return nil, err
	}
	return c.Results()
}

func checkQuery(c contender.JSONPather, in *PathInput) error {
	got, err := runQuery(c, in)
	if err != nil {
		return err
	}
	g, w := canon(got), canon(in.Want)
	if !slices.Equal(g, w) {
		return fmt.Errorf("selected %d nodes, want %d (or different values)", len(got), len(in.Want))
	}
	return nil
}

// canon encodes each value with encoding/json (which sorts object keys)
// and sorts the encodings.
func canon(list []any) []string {
	out := make([]string, len(list))
	for i, v := range list {
		b, _ := json.Marshal(v)
		out[i] = string(b)
	}
	slices.Sort(out)
	return out
}
