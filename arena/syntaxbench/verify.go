package syntaxbench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/celerjson/celer/arena/contender"
)

// The operations, as they appear in benchmark names.
const (
	OpValid    = "Valid"
	OpTokenize = "Tokenize"
	OpCompact  = "Compact"
	OpIndent   = "Indent"
)

// Ops lists the operations in table order.
var Ops = []string{OpValid, OpTokenize, OpCompact, OpIndent}

// Supports reports whether c implements op.
func Supports(c contender.Syntax, op string) bool {
	switch op {
	case OpValid:
		return true
	case OpTokenize:
		_, ok := c.(contender.Tokenizer)
		return ok
	case OpCompact:
		_, ok := c.(contender.Compacter)
		return ok
	case OpIndent:
		_, ok := c.(contender.Indenter)
		return ok
	}
	return false
}

// Expected holds encoding/json's answers for one document.
type Expected struct {
	Tokens  int    // tokens read by json.Decoder.Token
	Compact []byte // json.Compact output
	Indent  []byte // json.Indent output, prefix "" and indent "  "
}

// Expect computes encoding/json's answers for doc, which must be valid.
func Expect(doc []byte) (*Expected, error) {
	if !json.Valid(doc) {
		return nil, fmt.Errorf("encoding/json rejects the document")
	}
	var e Expected
	d := json.NewDecoder(bytes.NewReader(doc))
	d.UseNumber()
	for {
		if _, err := d.Token(); err == io.EOF {
			break
		} else if err != nil {
			return nil, err
		}
		e.Tokens++
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, doc); err != nil {
		return nil, err
	}
	e.Compact = bytes.Clone(buf.Bytes())
	buf.Reset()
	if err := json.Indent(&buf, doc, contender.IndentPrefix, contender.IndentString); err != nil {
		return nil, err
	}
	e.Indent = bytes.Clone(buf.Bytes())
	return &e, nil
}

// Check runs op once with c on doc and compares the answer with want.
// It returns nil when the answer is right and otherwise an error that
// says what was wrong. The baseline is never checked.
func Check(c contender.Syntax, op string, doc []byte, want *Expected) error {
	if _, ok := c.(*contender.Baseline); ok {
		return nil
	}
	switch op {
	case OpValid:
		if !c.Valid(doc) {
			return fmt.Errorf("Valid reports false on a valid document")
		}
	case OpTokenize:
		n, err := c.(contender.Tokenizer).Tokenize(doc)
		if err != nil {
			return fmt.Errorf("Tokenize: %v", err)
		}
		if n != want.Tokens {
			return fmt.Errorf("Tokenize counts %d tokens, encoding/json %d", n, want.Tokens)
		}
	case OpCompact:
		got, err := c.(contender.Compacter).Compact(nil, doc)
		if err != nil {
			return fmt.Errorf("Compact: %v", err)
		}
		return sameBytes("Compact", got, want.Compact)
	case OpIndent:
		got, err := c.(contender.Indenter).Indent(nil, doc)
		if err != nil {
			return fmt.Errorf("Indent: %v", err)
		}
		return sameBytes("Indent", got, want.Indent)
	default:
		return fmt.Errorf("unknown operation %q", op)
	}
	return nil
}

// sameBytes describes the first difference between got and want.
func sameBytes(op string, got, want []byte) error {
	if bytes.Equal(got, want) {
		return nil
	}
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	return fmt.Errorf("%s output differs from encoding/json's at byte %d (len %d, want %d): got %q, want %q",
		op, i, len(got), len(want), excerpt(got, i), excerpt(want, i))
}

// excerpt returns a few bytes of b around offset i.
func excerpt(b []byte, i int) []byte {
	lo, hi := max(i-20, 0), min(i+20, len(b))
	if lo > hi {
		return nil
	}
	return b[lo:hi]
}

// InvalidDocs are malformed JSON texts that every Valid must reject.
var InvalidDocs = []string{
	``,
	` `,
	`{"a":1,}`,
	`[1,2`,
	`[1,,2]`,
	`{"a" 1}`,
	`{1:2}`,
	`{"a":1}}`,
	`[01]`,
	`[1.]`,
	`[-]`,
	`[.5]`,
	`[1e]`,
	`[NaN]`,
	`{"a":tru}`,
	`["\x"]`,
	`["\u12"]`,
	"[\"a\tb\"]",
	`["abc]`,
	`[1] [2]`,
	`{"a":1} x`,
	`[1]]`,
}

// StrictDocs are texts with valid JSON syntax that a strict validator
// (RFC 7493) rejects: strings holding invalid UTF-8 or an unpaired
// surrogate escape, and an object with a repeated name. Accepting them is
// not a wrong answer (encoding/json accepts them all, and celer accepts
// duplicate names by default); TestStrictness reports who does.
var StrictDocs = map[string]string{
	"invalid UTF-8":   "[\"a\xffb\"]",
	"lone surrogate":  `["\ud800"]`,
	"duplicate name":  `{"a":1,"a":2}`,
	"overlong UTF-8":  "[\"\xc0\xaf\"]",
	"UTF-8 surrogate": "[\"\xed\xa0\x80\"]",
}

// CheckRejects reports the documents of [InvalidDocs] that c's Valid
// accepts, or nil if it rejects them all. The baseline is never checked.
func CheckRejects(c contender.Syntax) error {
	if _, ok := c.(*contender.Baseline); ok {
		return nil
	}
	var bad []string
	for _, d := range InvalidDocs {
		if c.Valid([]byte(d)) {
			bad = append(bad, strconv.Quote(d))
		}
	}
	if bad != nil {
		return fmt.Errorf("Valid accepts invalid JSON: %s", strings.Join(bad, ", "))
	}
	return nil
}

// A Verdict says whether one contender answered one operation on one
// document correctly. Err is nil for a correct answer.
type Verdict struct {
	Op, Doc, Contender string
	Err                error
}

// Verify checks every contender on every document for every operation it
// supports, plus [CheckRejects] for Valid. It returns the verdicts keyed
// by "op/doc/contender", the same path the benchmarks use. A failing
// CheckRejects marks Valid as failed on every document.
func Verify(list []contender.Syntax, docs []Doc) (map[string]Verdict, error) {
	out := map[string]Verdict{}
	rejects := map[string]error{}
	for _, c := range list {
		rejects[c.Name()] = CheckRejects(c)
	}
	for _, d := range docs {
		want, err := Expect(d.Data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.Name, err)
		}
		for _, c := range list {
			for _, op := range Ops {
				if !Supports(c, op) {
					continue
				}
				err := Check(c, op, d.Data, want)
				if err == nil && op == OpValid {
					err = rejects[c.Name()]
				}
				out[Key(op, d.Name, c.Name())] = Verdict{Op: op, Doc: d.Name, Contender: c.Name(), Err: err}
			}
		}
	}
	return out, nil
}

// Key returns the verdict key and benchmark sub-path "op/doc/contender".
func Key(op, doc, name string) string { return op + "/" + doc + "/" + name }
