// Package syntaxbench checks and times JSON libraries at the syntax layer:
// validating, walking tokens, compacting and indenting whole documents.
//
// The inputs are real files from the project's shared corpus (see
// [Load]); they are read at run time and never copied into the repository.
// Before anything is timed, every contender's answers are compared with
// encoding/json's (see [Verify]); a wrong answer is reported as FAILED and
// is not timed.
//
// Run the checks with
//
//	go test ./syntaxbench/
//
// and the benchmarks, named Benchmark<Op>/<file>/<contender>, with
//
//	go test -run '^$' -bench . -benchmem ./syntaxbench/
//
// or with scripts/syntax-table.sh, which also turns the results into a
// Markdown table.
package syntaxbench
