package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/path"
	"github.com/celerjson/celer/stream"
)

const queryDoc = `
Query selects values from the JSON document in FILE (standard input if none,
or for "-") and writes each selected value as compact JSON on its own line,
in document order.

EXPR is a JSONPath query (RFC 9535) by default, such as
$.store.book[?@.price < 10].title; --syntax pointer takes a JSON Pointer
(RFC 6901) such as /store/book/0, and --syntax dotted a dotted path such as
store.book[0].title (names with dots or brackets quoted: a["b.c"]). A
pointer or dotted path selects at most one value; one that selects nothing,
like a query that selects nothing, gives an empty result.

--array writes one JSON array of all the results instead of one value per
line. --paths writes the Normalized Path (RFC 9535 section 2.7) of each
selected value, as a JSON string, instead of the value: $['store']['book'][0].
--ndjson reads FILE as newline-delimited JSON and evaluates EXPR on each
non-blank line, writing that line's results as above (with --array, one
array per input line).

An invalid EXPR is reported on standard error with its offset and a caret
under the problem. Invalid input is reported as FILE:LINE:COLUMN: MESSAGE.

Exit status: 0 on success, also when nothing is selected; 1 when the input
is not valid JSON or cannot be read; 2 for an invalid EXPR or a usage error.`

// selector is a compiled EXPR of any syntax.
type selector interface {
	// appendNodes appends the selected values (and their paths when paths
	// is set) of root to dst.
	appendNodes(dst []path.Node, root dom.Value, paths bool) []path.Node
}

type jsonpathSel struct{ q *path.Query }

func (s jsonpathSel) appendNodes(dst []path.Node, root dom.Value, paths bool) []path.Node {
	if paths {
		return s.q.AppendSelectNodes(dst, root)
	}
	for _, v := range s.q.Select(root) {
		dst = append(dst, path.Node{Value: v})
	}
	return dst
}

// lookupSel is a JSON Pointer or a dotted path.
type lookupSel interface {
	LookupNode(dom.Value) (path.Node, bool)
}

type singleSel struct{ l lookupSel }

func (s singleSel) appendNodes(dst []path.Node, root dom.Value, _ bool) []path.Node {
	if n, ok := s.l.LookupNode(root); ok {
		dst = append(dst, n)
	}
	return dst
}

// compileExpr compiles expr in syntax.
func compileExpr(syntax, expr string) (selector, error) {
	switch syntax {
	case "jsonpath":
		q, err := path.Compile(expr)
		if err != nil {
			return nil, err
		}
		return jsonpathSel{q}, nil
	case "pointer":
		p, err := path.CompilePointer(expr)
		if err != nil {
			return nil, err
		}
		return singleSel{p}, nil
	case "dotted":
		d, err := path.CompileDotted(expr)
		if err != nil {
			return nil, err
		}
		return singleSel{d}, nil
	}
	return nil, fmt.Errorf("unknown syntax %q: use jsonpath, pointer or dotted", syntax)
}

// queryOptions are the output options of query.
type queryOptions struct {
	array, paths bool
}

// cmdQuery implements "celer query [--syntax S] [--array] [--paths]
// [--ndjson] EXPR [FILE]".
func cmdQuery(e *env, args []string) int {
	fs := newFlagSet(e, "query", "[--syntax jsonpath|pointer|dotted] [--array] [--paths] [--ndjson] EXPR [FILE]", queryDoc)
	syntax := fs.String("syntax", "jsonpath", "read EXPR as `SYNTAX`: jsonpath (RFC 9535), pointer (RFC 6901) or dotted")
	var o queryOptions
	fs.BoolVar(&o.array, "array", false, "write one JSON array of all results instead of one per line")
	fs.BoolVar(&o.paths, "paths", false, "write the Normalized Path of each result (a JSON string) instead of its value")
	ndjson := fs.Bool("ndjson", false, "evaluate EXPR on each line of newline-delimited JSON")
	rest, code, done := fs.parse(args)
	if done {
		return code
	}
	switch len(rest) {
	case 0:
		return fs.usageError("missing EXPR")
	case 1:
		rest = append(rest, "-")
	case 2:
	default:
		return fs.usageError("too many arguments: want EXPR and at most one FILE")
	}
	sel, err := compileExpr(*syntax, rest[0])
	if err != nil {
		var pe *path.Error
		if errors.As(err, &pe) {
			fmt.Fprintf(e.stderr, "celer query: %v\n", err)
			return exitUsage
		}
		return fs.usageError(err.Error())
	}
	in, err := e.open(rest[1])
	if err != nil {
		e.report("query", rest[1], err)
		return exitFail
	}
	defer in.close()
	out, _ := e.createOutput("")
	r, finish := e.track(in)
	if *ndjson {
		err = queryLines(out, r, in.name, sel, o, e)
		finish(err == nil)
	} else {
		var b []byte
		b, err = io.ReadAll(r)
		finish(err == nil)
		if err == nil {
			var doc *dom.Doc
			if doc, err = dom.Parse(b); err == nil {
				err = writeResults(out, sel.appendNodes(nil, doc.Root(), o.paths), o)
			}
		}
		if err != nil {
			e.report("query", in.name, err)
		}
	}
	if ferr := out.commit(); err == nil && ferr != nil {
		e.report("query", "<stdout>", ferr)
		err = ferr
	}
	if err != nil {
		return exitFail
	}
	return exitOK
}

// writeResults writes nodes per o.
func writeResults(w *output, nodes []path.Node, o queryOptions) error {
	buf := make([]byte, 0, 256)
	if o.array {
		buf = append(buf, '[')
	}
	for i, n := range nodes {
		if o.array && i > 0 {
			buf = append(buf, ',')
		}
		if o.paths {
			buf = dom.NewString(n.Path).AppendJSON(buf)
		} else {
			buf = n.Value.AppendJSON(buf)
		}
		if !o.array {
			buf = append(buf, '\n')
		}
		if len(buf) > 32<<10 {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	if o.array {
		buf = append(buf, ']', '\n')
	}
	_, err := w.Write(buf)
	return err
}

// queryLines evaluates sel on each non-blank line of r. A line that is not
// valid JSON stops the run; it is reported (with the line number of the
// stream) on standard error, and the error returned.
func queryLines(w *output, r io.Reader, name string, sel selector, o queryOptions, e *env) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var p dom.Parser
	var nodes []path.Node
	var line []byte
	for lineNo := 1; ; lineNo++ {
		chunk, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			line = append(line[:0], chunk...)
			for errors.Is(err, bufio.ErrBufferFull) {
				chunk, err = br.ReadSlice('\n')
				line = append(line, chunk...)
			}
			chunk = line
		}
		if err != nil && err != io.EOF {
			e.report("query", name, err)
			return err
		}
		if len(bytes.TrimSpace(chunk)) > 0 {
			doc, perr := p.Parse(chunk)
			if perr != nil {
				var se *stream.SyntaxError
				if errors.As(perr, &se) {
					se.Line += lineNo - 1
				}
				e.report("query", name, perr)
				return perr
			}
			nodes = sel.appendNodes(nodes[:0], doc.Root(), o.paths)
			if werr := writeResults(w, nodes, o); werr != nil {
				e.report("query", "<stdout>", werr)
				return werr
			}
		}
		if err == io.EOF {
			return nil
		}
	}
}
