package contender

import "errors"

// Tree is a [DOM] that can also be read by name and written back: the
// "parse once, then reach named values" use case of mORMot's variant and
// document tests. Each Tree wraps the library's DOM contender of the same
// name and reuses its parse and visit.
type Tree interface {
	DOM
	// Fields reads, after ParseDOM, the value at each path from the root
	// (member names and array indexes) and adds it to s as VisitDOM
	// would: a missing value is an error.
	Fields(s *Summary, paths [][]Step) error
	// Rows reads every element of the root array, an object, and adds the
	// value of each named member to s in the order of names: named access
	// to every row and column of a table.
	Rows(s *Summary, names []string) error
	// AppendJSON appends the parsed tree as JSON text to dst.
	AppendJSON(dst []byte) ([]byte, error)
}

// ErrMissing reports a path or member that a tree does not hold.
var ErrMissing = errors.New("contender: no value at this path")

// Trees returns one fresh value of every tree contender that can run on
// this machine: celer first, then encoding/json, then the others.
func Trees() []Tree {
	list := []Tree{NewCelerTree(), NewStdTree(), NewFastJSONTree(), NewSonicTree(), NewOjgTree()}
	if _, why := NewSimdJSON(); why == "" {
		list = append(list, NewSimdJSONTree())
	}
	return list
}
