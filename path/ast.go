package path

import (
	"regexp"

	"github.com/celerjson/celer/dom"
)

// A compiled JSONPath query is a flat list of segments, each a list of
// selectors; filter selectors hold an expression tree whose embedded
// queries are compiled the same way. Evaluation walks the segments depth
// first (see eval.go), which yields the RFC's nodelist order without
// building intermediate nodelists.

// segment is a child segment ([...]) or, with desc, a descendant segment
// (..[...]).
type segment struct {
	desc bool
	// tail marks a segment from which on the segments are all singular:
	// evaluation then looks the node up directly.
	tail bool
	sels []selector
	// names is set on a tail segment from which on every segment is a
	// name: their prepared names, for singularLookup's loop.
	names []dom.Name
}

type selKind uint8

const (
	selName selKind = iota
	selIndex
	selWildcard
	selSlice
	selFilter
)

// selector is one selector of a segment.
type selector struct {
	kind  selKind
	name  string   // selName
	nameB []byte   // selName: name as bytes, for normalized paths
	key   dom.Name // selName: name prepared for dom look-ups
	index int      // selIndex; selSlice start (valid when hasStart)
	end   int      // selSlice end (valid when hasEnd)
	step  int      // selSlice step (1 when absent)
	// hasStart and hasEnd report the optional slice bounds.
	hasStart, hasEnd bool
	filter           *expr // selFilter
}

// singularSegs reports whether segs are all child segments with a single
// name or index selector, so that they select at most one node: a singular
// query (RFC 9535 section 2.3.5.1). Blank space inside the brackets is
// allowed, as in other segments, although the grammar of singular-query
// leaves it out: other implementations accept it, and the meaning is the
// same.
func singularSegs(segs []segment) bool {
	for i := range segs {
		s := &segs[i]
		if s.desc || len(s.sels) != 1 || (s.sels[0].kind != selName && s.sels[0].kind != selIndex) {
			return false
		}
	}
	return true
}

// ftype is the declared type of a function parameter or result (RFC 9535
// section 2.4.1).
type ftype uint8

const (
	typeValue ftype = iota + 1
	typeLogical
	typeNodes
)

func (t ftype) String() string {
	switch t {
	case typeValue:
		return "ValueType"
	case typeLogical:
		return "LogicalType"
	case typeNodes:
		return "NodesType"
	}
	return "?"
}

// funcID identifies the built-in functions for evaluation.
type funcID uint8

const (
	fnOther funcID = iota // an extension known only by its signature
	fnLength
	fnCount
	fnMatch
	fnSearch
	fnValue
)

// funcDef declares a function extension.
type funcDef struct {
	name   string
	id     funcID
	params []ftype
	result ftype
}

// functions are the function extensions a query may call: those of RFC
// 9535 section 2.4. Tests add hypothetical ones to check well-typedness.
var functions = map[string]*funcDef{
	"length": {"length", fnLength, []ftype{typeValue}, typeValue},
	"count":  {"count", fnCount, []ftype{typeNodes}, typeValue},
	"match":  {"match", fnMatch, []ftype{typeValue, typeValue}, typeLogical},
	"search": {"search", fnSearch, []ftype{typeValue, typeValue}, typeLogical},
	"value":  {"value", fnValue, []ftype{typeNodes}, typeValue},
}

type exprKind uint8

const (
	// Logical expressions.
	exOr     exprKind = iota + 1 // args[0] || args[1] || ...
	exAnd                        // args[0] && args[1] && ...
	exNot                        // !args[0]
	exCmp                        // args[0] op args[1]
	exExists                     // q selects at least one node
	exTest                       // function args[0] is LogicalTrue or a non-empty nodelist
	// Comparables and function arguments.
	exLit   // lit
	exQuery // q: as a value when singular, or as a nodelist argument
	exFunc  // fn(args...)
)

type cmpOp uint8

const (
	opEq cmpOp = iota
	opNe
	opLt
	opLe
	opGt
	opGe
)

// expr is a node of a filter expression.
type expr struct {
	kind exprKind
	op   cmpOp
	pos  int // offset in the query, for messages
	args []*expr
	q    *subquery
	lit  val
	fn   *funcDef
	// re is the regexp of a match or search call whose pattern is a string
	// literal, compiled once; reBad marks a literal pattern that is not a
	// valid I-Regexp (the call is then always false).
	re    *regexp.Regexp
	reBad bool
	// litQ is set on a comparison of a relative singular query (args[0],
	// or args[1] with swap) with a literal (the other argument).
	litQ *subquery
	swap bool
}

// subquery is a query inside a filter: relative to the current node (@)
// or, with abs, to the root ($).
type subquery struct {
	abs      bool
	singular bool
	segs     []segment
}

// vkind is the kind of a val.
type vkind uint8

const (
	vNothing vkind = iota // no value (RFC 9535 "Nothing")
	vNull
	vFalse
	vTrue
	vNum
	vStr
	vArr
	vObj
)

// val is a value in a filter expression: a literal, the value of a node,
// or a function result.
type val struct {
	k    vkind
	num  float64   // vNum
	str  []byte    // vStr: the content
	node dom.Value // vArr and vObj; any kind when it came from a node
}
