package path

import (
	"regexp"
	"sync"

	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/stream"
)

// Query is a compiled RFC 9535 JSONPath query. It is safe for concurrent
// use by multiple goroutines.
type Query struct {
	expr string
	segs []segment
	// singular: only child segments with one name or index selector, so
	// the query selects at most one node.
	singular bool
	// absolute: a filter holds an absolute query ($...), so evaluating on
	// raw bytes needs the whole document.
	absolute bool
	// prefix holds the leading name and index steps, for raw evaluation,
	// and subOpts the options that parse what follows them: the default
	// depth limit less len(prefix).
	prefix  []rawStep
	subOpts []Options

	reMu    sync.Mutex
	reCache map[reKey]*regexp.Regexp // regexps from the data, for match and search
}

// Node is a selected value and its location, as a Normalized Path (RFC
// 9535 section 2.7) such as $['store']['book'][0].
type Node struct {
	Value dom.Value
	Path  string
}

// Compile parses a JSONPath query (RFC 9535). A query that is not
// well-formed and valid, including one whose function calls are not
// well-typed or whose integers are outside the I-JSON range, is reported
// as a *Error giving the offset of the problem.
func Compile(expr string) (q *Query, err error) {
	p := parser{s: expr}
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(*parseError)
			if !ok {
				panic(r)
			}
			q, err = nil, &Error{Expr: expr, Offset: pe.off, Msg: pe.msg, Syntax: syntaxJSONPath}
		}
	}()
	segs := p.run()
	q = &Query{expr: expr, segs: segs, singular: singularSegs(segs), absolute: p.absolute, prefix: rawPrefix(segs)}
	if k := len(q.prefix); k > 0 && k < len(segs) {
		q.subOpts = []Options{stream.MaxDepth(max(opts.DefaultMaxDepth-k, 1))}
	}
	return q, nil
}

// MustCompile is like Compile but panics if the query is invalid. It
// simplifies initializing global variables holding compiled queries.
func MustCompile(expr string) *Query {
	q, err := Compile(expr)
	if err != nil {
		panic(err)
	}
	return q
}

// String returns the query as it was compiled.
func (q *Query) String() string { return q.expr }

// Singular reports whether the query is made of name and index selectors
// only, one per segment, so that it selects at most one node.
func (q *Query) Singular() bool { return q.singular }

// Select returns the values of the nodes the query selects from v, in the
// RFC's nodelist order (objects in member order). It returns nil when
// nothing is selected.
func (q *Query) Select(v dom.Value) []dom.Value { return q.AppendSelect(nil, v) }

// AppendSelect appends the values of the nodes the query selects from v
// to dst and returns the extended slice. Reusing dst across calls makes
// selection allocation-free for queries without negative-step slices or
// object equality in filters.
func (q *Query) AppendSelect(dst []dom.Value, v dom.Value) []dom.Value {
	if q.singular {
		if r := singularLookup(q.segs, v); r.Exists() {
			dst = append(dst, r)
		}
		return dst
	}
	e := evaluator{q: q, root: v, out: dst}
	e.segs(q.segs, v)
	e.release()
	return e.out
}

// First returns the first value the query selects from v, if any. It stops
// evaluating at the first match.
func (q *Query) First(v dom.Value) (dom.Value, bool) {
	if q.singular {
		r := singularLookup(q.segs, v)
		return r, r.Exists()
	}
	e := evaluator{q: q, root: v, counter: counter{mode: emitCount, limit: 1}}
	e.segs(q.segs, v)
	e.release()
	return e.first, e.count > 0
}

// Count returns the number of nodes the query selects from v.
func (q *Query) Count(v dom.Value) int {
	e := evaluator{q: q, root: v, counter: counter{mode: emitCount}}
	e.segs(q.segs, v)
	e.release()
	return e.count
}

// SelectNodes returns the nodes the query selects from v with their
// Normalized Paths.
func (q *Query) SelectNodes(v dom.Value) []Node { return q.AppendSelectNodes(nil, v) }

// AppendSelectNodes appends the nodes the query selects from v, with their
// Normalized Paths, to dst. The paths of one call share one string.
func (q *Query) AppendSelectNodes(dst []Node, v dom.Value) []Node {
	e := evaluator{q: q, root: v, counter: counter{track: true}}
	e.segs(q.segs, v)
	e.release()
	all := string(e.paths)
	start := 0
	for i, r := range e.out {
		end := e.pathEnds[i]
		dst = append(dst, Node{Value: r, Path: all[start:end]})
		start = end
	}
	return dst
}

// SelectPaths returns the Normalized Paths of the nodes the query selects
// from v.
func (q *Query) SelectPaths(v dom.Value) []string {
	nodes := q.SelectNodes(v)
	if nodes == nil {
		return nil
	}
	paths := make([]string, len(nodes))
	for i, n := range nodes {
		paths[i] = n.Path
	}
	return paths
}
