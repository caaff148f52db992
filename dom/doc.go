// Package dom parses JSON text into a compact, read-only document (a
// [Doc]) and offers a mutable tree ([Node]) for building and editing
// documents.
//
// # Terminology
//
// A [Doc] is one parsed JSON text. A [Value] is a handle on one value in
// it: a pointer to the Doc and a position, small enough to pass by value.
// A missing member, an index out of range or a step through the wrong
// kind of value gives the zero Value, whose Kind is [Invalid]; every
// method accepts it, so lookups chain without checks in between:
//
//	doc, err := dom.Parse(data)
//	name, err := doc.Root().Lookup("user", "name").Text()
//
// A [Node] is a mutable value: objects keep member order, and strings and
// numbers read from input are written back exactly as they were read.
//
// Reading a string ([Value.Text], [Value.All]) copies it out of the input
// into a Go string; [Value.AppendText] and [Value.AllBytes] read without
// allocating, and [Value.Members] visits an object's values without
// reading names at all. With AllowInvalidUTF8, a string with escapes is
// read with invalid UTF-8 replaced by U+FFFD and one without is read as it
// is, as the stream Decoder's tokens read: names and strings read from a
// Doc are exactly the Decoder's. encoding/json replaces each invalid byte
// in both; a strict parse (the default) has no string with invalid UTF-8.
//
// # The tape
//
// A Doc is one []uint64 of entries in document order beside the input
// itself. Each scalar is one entry holding its kind, its offset in the
// input and its length; a container holds the index just past its last
// child, so skipping a value is O(1), and its element count. Numbers keep
// their text and are converted on demand; strings stay in the input, and
// a string with escapes (flagged in its entry) is unescaped when it is
// read, so names without escapes compare straight against the input.
// Parsing a document makes two allocations, the Doc and its tape, and a
// [Parser] reuses them: steady-state parsing does not allocate.
//
// Parsing uses the same two-stage scanner as stream.Valid: SIMD kernels
// index the structural characters and check strings (escapes, control
// bytes, UTF-8) 16 KiB at a time, and a grammar state machine walks the
// index, checks numbers and literals and writes the tape.
//
// # Strictness and errors
//
// Parse accepts exactly what stream.Valid accepts with the same options:
// strict RFC 8259 by default, with invalid UTF-8 and unpaired surrogate
// escapes rejected unless AllowInvalidUTF8, duplicate member names rejected
// only with RejectDuplicateNames, nesting limited by MaxDepth (10000 by
// default), and MaxBytes and MaxTokenBytes honoured. Errors are the
// syntax layer's: a *stream.SyntaxError with byte offset, line and column,
// the JSON Pointer of the value and a quote, wrapping a sentinel such as
// stream.ErrSyntax or stream.ErrDepth. Inputs of 4 GiB or more are
// rejected (offsets are 32-bit).
//
// # Writing
//
// [Value.AppendJSON] writes the value without insignificant whitespace;
// strings and numbers are copied from the input byte for byte, so the
// compact form of a document equals encoding/json.Compact of its text.
// [Value.AppendIndent] equals encoding/json.Indent. A Node writes what it
// read the same way, and quotes strings set from Go as the stream encoder
// does (no HTML escaping; invalid UTF-8 becomes \ufffd).
//
// # Concurrency
//
// A Doc's values are never modified after Parse returns it, so any number
// of goroutines may read it at once. Three position caches make repeated
// access to arrays of containers cheaper: where [Value.Index] last stepped
// to; the element table of the array [Value.ElementsStep] last stepped
// over twice in a row (after which Index and ElementsStep on it are
// direct); and the row table of one array that [Value.AppendGetNames] and
// [Value.ElementsGetNames] keep coming back to (for each of up to 8 names
// looked up on it again, the position of each element's first member of
// that name, after which the name is found in every element without
// walking their members; only for arrays of 16 elements or more that are
// mostly containers, so that the table is no larger than the array).
// All are updated with atomic operations and are safe for concurrent
// readers. A Doc from [Parser.Parse] lives until
// the Parser's next Parse. The input must not be modified while the Doc
// is in use: the Doc refers to it rather than copying it.
//
// # Specifications
//
// RFC 8259 (JSON), RFC 3629 (UTF-8), RFC 6901 (JSON Pointer: the reference
// tokens of [Node.SetAt] and [Node.At], and the indexes of
// [Value.Lookup]).
package dom
