package contender

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// A Step is one step of a lookup path: a member name (string) or an
// array index (int).
type Step = any

// Lookuper finds one value deep inside raw JSON text, without building a
// tree first: the "reach one field" family (gjson, jsonparser, sonic.Get,
// celer's path on raw bytes).
type Lookuper interface {
	Name() string
	// CompileLookup prepares the path; it is not timed.
	CompileLookup(steps []Step) error
	// Lookup returns the raw JSON text of the value at the compiled path
	// in b, or an error when there is none.
	Lookup(b []byte) ([]byte, error)
}

// JSONPather evaluates JSONPath queries over a document parsed once
// beforehand: the "query a loaded document" family.
type JSONPather interface {
	Name() string
	// LoadDoc parses the document into the representation queries run on;
	// it is not timed.
	LoadDoc(b []byte) error
	// CompilePath compiles an RFC 9535 query; it is not timed.
	CompilePath(expr string) error
	// Select runs the compiled query on the loaded document and returns
	// the number of nodes selected.
	Select() (int, error)
	// Results returns the nodes of the last Select as values decoded by
	// encoding/json, for checking.
	Results() ([]any, error)
}

// Lookupers returns every raw-bytes lookup contender, celer first.
func Lookupers() []Lookuper {
	return []Lookuper{NewCelerPath(), NewGJSON(), NewJSONParser(), NewSonicGet()}
}

// JSONPathers returns every JSONPath contender, celer first.
func JSONPathers() []JSONPather {
	return []JSONPather{NewCelerPath(), NewOjgPath(), NewTheoryPath()}
}

// DottedPath writes steps in the a.b[0].c form.
func DottedPath(steps []Step) string {
	var sb strings.Builder
	for i, s := range steps {
		switch s := s.(type) {
		case int:
			fmt.Fprintf(&sb, "[%d]", s)
		case string:
			if i > 0 {
				sb.WriteByte('.')
			}
			sb.WriteString(s)
		}
	}
	return sb.String()
}

// stepStrings writes steps as strings: names as they are, indices in
// decimal.
func stepStrings(steps []Step, index func(int) string) []string {
	out := make([]string, len(steps))
	for i, s := range steps {
		switch s := s.(type) {
		case int:
			out[i] = index(s)
		case string:
			out[i] = s
		}
	}
	return out
}

// decodeAll decodes each raw JSON value with encoding/json.
func decodeAll(raws [][]byte) ([]any, error) {
	out := make([]any, len(raws))
	for i, r := range raws {
		if err := json.Unmarshal(r, &out[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// normalize turns values of other number types into float64, as
// encoding/json would have decoded them.
func normalize(v any) any {
	switch x := v.(type) {
	case int64:
		return float64(x)
	case int:
		return float64(x)
	case json.Number:
		f, _ := strconv.ParseFloat(string(x), 64)
		return f
	case []any:
		for i := range x {
			x[i] = normalize(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = normalize(x[k])
		}
	}
	return v
}
