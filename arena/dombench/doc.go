// Package dombench checks and times document object models and path
// queries: parsing a whole document into a tree, visiting every value of
// it, single deep lookups on raw bytes, and JSONPath queries.
//
// The documents are real files from the project's shared corpus (the same
// as syntaxbench's). Before anything is timed, every contender's answers
// are compared with encoding/json's (see [Verify]); a wrong answer is
// reported as FAILED and is not timed.
//
// Run the checks with
//
//	go test ./dombench/
//
// and the benchmarks, named Benchmark<Op>/<file>/<contender>, with
//
//	go test -run '^$' -bench . -benchmem ./dombench/
//
// or with PKG=dombench scripts/syntax-table.sh, which also makes Markdown
// tables.
package dombench
