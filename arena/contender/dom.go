package contender

import (
	"hash/maphash"
	"math"
)

// DOM is a library that parses a whole document into an in-memory tree
// that can be walked afterwards: the "parse once, reach anything" family.
type DOM interface {
	// Name is a short, stable identifier used in benchmark names.
	Name() string
	// ParseDOM parses b into the contender's tree, replacing the previous
	// one; buffers may be reused between calls, and the tree may refer to b.
	ParseDOM(b []byte) error
	// VisitDOM walks every value of the last parsed tree, reading each
	// scalar (numbers as float64, strings unescaped), and summarises it.
	VisitDOM() (Summary, error)
}

// LazyDOM is a DOM whose ParseDOM defers most of the parsing to the first
// access (sonic's ast does: it skips over values until they are read).
// Timing its parse alone would measure a skim, so benchmarks leave it out
// of the parse-only table and compare it on parse-and-visit.
type LazyDOM interface {
	DOM
	Lazy()
}

// Summary describes a document in a way that does not depend on member
// order or on the library: counts of each kind and order-independent
// checksums of the strings (values and member names) and numbers. Two
// libraries that read the same document correctly produce the same
// Summary.
type Summary struct {
	Nulls, Trues, Falses int
	Numbers, Strings     int
	Arrays, Objects      int
	Members              int
	StrBytes             int
	StrSum, NumSum       uint64
}

var strSeed = maphash.MakeSeed()

// Str adds a string value or member name.
func (s *Summary) Str(b []byte) {
	s.Strings++
	s.StrBytes += len(b)
	s.StrSum += maphash.Bytes(strSeed, b)
}

// StrString is Str for a Go string.
func (s *Summary) StrString(v string) {
	s.Strings++
	s.StrBytes += len(v)
	s.StrSum += maphash.String(strSeed, v)
}

// Num adds a number.
func (s *Summary) Num(f float64) {
	s.Numbers++
	s.NumSum += math.Float64bits(f)
}

// Bool adds a literal true or false.
func (s *Summary) Bool(v bool) {
	if v {
		s.Trues++
	} else {
		s.Falses++
	}
}

// SummarizeAny summarises a value decoded by encoding/json into an empty
// interface (numbers as float64), the reference for every DOM contender.
func SummarizeAny(s *Summary, v any) {
	switch x := v.(type) {
	case nil:
		s.Nulls++
	case bool:
		s.Bool(x)
	case float64:
		s.Num(x)
	case string:
		s.StrString(x)
	case []any:
		s.Arrays++
		for _, e := range x {
			SummarizeAny(s, e)
		}
	case map[string]any:
		s.Objects++
		for k, e := range x {
			s.Members++
			s.StrString(k)
			SummarizeAny(s, e)
		}
	}
}

// DOMs returns one fresh value of every DOM contender that can run on
// this machine: celer first, then encoding/json, then the others.
func DOMs() []DOM {
	list := []DOM{NewCelerDOM(), NewStdDOM(), NewFastJSONDOM(), NewSonicDOM(), NewOjgDOM()}
	if _, why := NewSimdJSON(); why == "" {
		list = append(list, NewSimdJSONDOM())
	}
	return list
}
