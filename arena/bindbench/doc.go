// Package bindbench checks and times the binding libraries: Unmarshal into
// structs and into an empty interface, Marshal of structs and of the
// decoded empty interfaces, and decoding a large NDJSON stream record by
// record.
//
// The documents are real files from the project's shared corpus (see
// [Load]), bound to the types of the bindbench/types package (the library's
// test types, plus easyjson's generated code for them). Before anything is
// timed, every contender's answers are compared with encoding/json's (see
// [Verify]); a wrong answer is reported as FAILED and is not timed.
//
// Run the checks with
//
//	go test ./bindbench/
//
// and the benchmarks, named Benchmark<Op>/<file>/<contender>, with
//
//	go test -run '^$' -bench . -benchmem ./bindbench/
//
// or with scripts/bind-table.sh, which also turns the results into
// Markdown tables.
package bindbench
