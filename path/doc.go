// Package path selects values from JSON documents with three syntaxes:
// JSONPath queries (RFC 9535), JSON Pointers (RFC 6901) and dotted paths
// (glossary.GlossDiv.GlossList.GlossEntry.GlossDef.GlossSeeAlso[0]). Each is
// compiled once and evaluated many times, on a parsed document (package
// dom) or directly on JSON text, where it skips what it does not enter.
//
// # JSONPath
//
// [Compile] parses a query into a [Query], checking everything RFC 9535
// requires of a well-formed and valid query: the grammar (blank space only
// where the grammar allows it), integers within the I-JSON range
// [-(2^53)+1, (2^53)-1] with no -0 or leading zeros as indexes, string
// escapes and surrogate pairs, and the well-typedness of function calls.
// An invalid query is reported as an [*Error] with the byte offset of the
// problem and a two-line excerpt with a caret under it.
//
// Evaluation follows the RFC: all selectors (name, wildcard, index, slice,
// filter), child and descendant segments, comparisons with the RFC's type
// rules (Nothing, deep equality of arrays and objects, ordering of numbers
// and strings only), the logical operators, and the functions length,
// count, match, search and value. Results come in the RFC's nodelist
// order, with object members in document order.
//
//	q := path.MustCompile(`$.store.book[?@.price < 10].title`)
//	doc, _ := dom.Parse(data)
//	for _, v := range q.Select(doc.Root()) { ... }
//
// [Query.SelectNodes] also returns each value's Normalized Path (RFC 9535
// section 2.7), such as $['store']['book'][0]['title'], escaped exactly as
// the RFC prescribes. [Query.AppendSelect] reuses a result buffer, [Query.First]
// stops at the first result and [Query.Count] only counts.
//
// # Choices where the RFC leaves room
//
//   - Numbers compare as float64: integers beyond 2^53, which I-JSON does
//     not expect to interoperate, compare by their nearest float64, and a
//     literal or a value beyond the float64 range as ±Inf.
//   - A name selector selects the first of duplicate member names; an
//     object with duplicate names equals no object.
//   - match() and search() translate I-Regexp (RFC 9485) to Go's RE2 syntax:
//     '.' matches any character but \n and \r, match() is anchored at both
//     ends, \p{..} and \P{..} take the Unicode categories of Go's tables,
//     and '^' and '$' act as anchors, as the RFC's own mappings to other
//     dialects and the JSONPath compliance suite have it (its grammar makes
//     them ordinary characters). A pattern outside the I-Regexp grammar,
//     or one Go cannot compile (a counted repetition above 1000), makes the
//     function false, never an error. Regexps from the query are compiled
//     once; those from the data are cached per Query, up to 64.
//   - Function extensions are those of the RFC; there is no registry for
//     others yet.
//
// Evaluation time and the number of results grow with the size of the
// document raised to the number of descendant segments and wildcards in a
// row ($..*..*..* on a document of n values selects about n^3 nodes), as
// the RFC's semantics require; bound the length of untrusted queries.
//
// # JSON Pointer and dotted paths
//
// [CompilePointer] parses a JSON Pointer and [CompilePointerFragment] its URI
// fragment form (#/a~1b/0). [CompileDotted] parses a dotted path, whose
// grammar is documented on [Dotted]. Both select at most one value with
// Lookup (on a dom.Value), LookupNode (with its Normalized Path) and
// LookupBytes (on JSON text); [Pointer.Set] edits a mutable dom.Node.
//
// # Raw JSON text
//
// [Query.SelectBytes], [Pointer.LookupBytes] and [Dotted.LookupBytes] work on
// JSON text without building a DOM of the whole document: the leading name
// and index steps are followed on the bytes, skipping the members and
// elements before the one sought and checking them (strings, UTF-8,
// numbers, nesting) as it goes; what follows those steps runs on a DOM of
// the entered value only. Inputs from 4 KiB are walked over the SIMD
// structural index of package index, in windows that grow from 2 KiB to
// 64 KiB, smaller ones byte by byte. The text after the last value needed
// is not parsed, so an error further on in the document is not reported
// (except, with the index, a string error later in the same window): raw
// evaluation checks what it reads, not the whole input (validate first,
// with stream.Valid, when that matters). Options that
// need the whole document (RejectDuplicateNames, MaxBytes, MaxTokenBytes)
// and queries whose filters use the root ($) parse the whole document. The
// results are slices of the input, in the same order as on a DOM; errors
// are *stream.SyntaxError values positioned in the whole input.
//
// With the [TrustInput] option, for input known to be valid JSON, the
// walk skips what it passes over by bracket depth alone, without checking
// its grammar, numbers or UTF-8: faster, with the same results on valid
// input, and unspecified ones (but no panic, hang or extra allocation) on
// invalid input.
//
// # Performance
//
// A compiled query is a flat list of segments evaluated depth first:
// each selected node is passed on at once to the next segment, so no
// intermediate nodelists are built. Name, index, wildcard, slice, filter
// and descendant steps, filters comparing numbers and strings, and raw
// lookups do not allocate once the result buffer has grown. Member names
// are computed only for normalized paths (SelectNodes, SelectPaths);
// otherwise objects are iterated by value ([dom.Value.Members]). A
// trailing run of name and index segments is looked up directly, and a
// comparison of a relative singular query with a literal (@.price < 10)
// compares the node with the literal without building operands.
// Queries of the shapes $.a[*].b.c and $.a[?@.b.c < 1] find their first
// name in each element through the Doc's row table once they have run
// over the same array two or three times (see
// dom.Value.ElementsGetNames): a query run again on a Doc is then one
// load per element for that name.
//
// The raw walk over the structural index skips values with a state
// machine that checks their grammar, literals, numbers and nesting (stage
// 1 has checked the strings), reading each structural position once.
package path
