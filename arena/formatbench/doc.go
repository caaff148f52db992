// Package formatbench compares celer's binary formats (cbor, msgpack,
// bson, ubjson) with the other Go libraries of each format (see
// arena/contender/fmtlib_*.go), as go test benchmarks:
//
//   - Marshal<F> and Unmarshal<F>: Go values of the corpus documents
//     (arena/bindbench/types.Cases, decoded once by encoding/json) and of
//     the NeoUBJSON payloads (status codes, 1K ints, 1K bytes) to and from
//     format F. tinylib/msgp binds generated code only, so it gets the same
//     documents in the types of msgptypes;
//   - Transcode<F>: JSON text to format F, by celer's token route
//     (token.Copy from a JSON reader to F's writer, no Go values between)
//     against each library's "decode to any with encoding/json, then
//     encode" route.
//
// Benchmarks are named Benchmark<Op><F>/<document>/<contender>, with
// celer's own contender named "celer", so arena/scripts/benchtable makes
// tables of them (PKG=formatbench arena/scripts/syntax-table.sh). MB/s
// counts the document's JSON text for every format, so speeds compare
// across formats; the metric "bytes" is the size of the encoded output.
//
// Every answer is checked once before anything is timed (see [Verify]);
// a contender with a wrong answer is reported as FAILED and not timed.
// BSON's top level is a document, so arrays have no BSON rows ("—").
package formatbench
