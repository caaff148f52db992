package contender

import (
	"hash/fnv"
	"math"
	"sync"
)

// Anchor is a reference parser that is not Go: the simdjson C++ library,
// the distance to the best parser there is. It lives behind a build tag
// (simdjsoncpp) so the arena builds without it; without the tag [Anchors]
// is empty.
type Anchor interface {
	Name() string
	// ParseVisit parses b into the library's DOM and walks every value.
	ParseVisit(b []byte) (AnchorSummary, error)
}

// AnchorSummary is a [Summary] whose string checksum is FNV-1a (summed,
// so member order does not matter) rather than Go's seeded maphash, so
// that C++ can compute it too.
type AnchorSummary struct {
	Nulls, Trues, Falses int
	Numbers, Strings     int
	Arrays, Objects      int
	Members              int
	StrBytes             int
	StrSum, NumSum       uint64
}

// SummarizeAnchor summarises a value decoded by encoding/json into an
// empty interface, the reference for every anchor.
func SummarizeAnchor(s *AnchorSummary, v any) {
	str := func(x string) {
		h := fnv.New64a()
		h.Write([]byte(x))
		s.Strings++
		s.StrBytes += len(x)
		s.StrSum += h.Sum64()
	}
	switch x := v.(type) {
	case nil:
		s.Nulls++
	case bool:
		if x {
			s.Trues++
		} else {
			s.Falses++
		}
	case float64:
		s.Numbers++
		s.NumSum += math.Float64bits(x)
	case string:
		str(x)
	case []any:
		s.Arrays++
		for _, e := range x {
			SummarizeAnchor(s, e)
		}
	case map[string]any:
		s.Objects++
		for k, e := range x {
			s.Members++
			str(k)
			SummarizeAnchor(s, e)
		}
	}
}

var (
	anchorsMu sync.Mutex
	anchors   []func() Anchor
)

// registerAnchor adds an anchor; build-tagged files call it from init.
func registerAnchor(make func() Anchor) {
	anchorsMu.Lock()
	defer anchorsMu.Unlock()
	anchors = append(anchors, make)
}

// Anchors returns a fresh value of every anchor built in.
func Anchors() []Anchor {
	anchorsMu.Lock()
	defer anchorsMu.Unlock()
	out := make([]Anchor, 0, len(anchors))
	for _, f := range anchors {
		out = append(out, f())
	}
	return out
}
