package dombench

import (
	"encoding/json"
	"fmt"

	"github.com/celerjson/celer/arena/contender"
	"github.com/celerjson/celer/arena/syntaxbench"
)

// Operations, as used in benchmark names.
const (
	OpParse      = "Parse"      // parse into the tree
	OpParseVisit = "ParseVisit" // parse, then read every value
)

// A Doc is one input with encoding/json's summary of it.
type Doc struct {
	syntaxbench.Doc
	Want contender.Summary
}

// Load reads syntaxbench's documents from the shared folder and
// summarises each with encoding/json.
func Load(shared string) ([]Doc, error) {
	in, err := syntaxbench.Load(shared)
	if err != nil {
		return nil, err
	}
	docs := make([]Doc, len(in))
	for i, d := range in {
		var v any
		if err := json.Unmarshal(d.Data, &v); err != nil {
			return nil, fmt.Errorf("%s: %w", d.Path, err)
		}
		docs[i].Doc = d
		contender.SummarizeAny(&docs[i].Want, v)
	}
	return docs, nil
}

// Verdict is the result of checking one contender on one document: nil
// Err means its summary matched encoding/json's.
type Verdict struct{ Err error }

// Key names a verdict.
func Key(op, doc, contender string) string { return op + "/" + doc + "/" + contender }

// VerifyDOM parses every document with every contender, visits it and
// compares the summary with encoding/json's. The verdict holds for both
// DOM operations (only for ParseVisit for a [contender.LazyDOM]).
func VerifyDOM(list []contender.DOM, docs []Doc) map[string]Verdict {
	out := map[string]Verdict{}
	for _, d := range docs {
		for _, c := range list {
			err := checkDOM(c, &d)
			out[Key(OpParseVisit, d.Name, c.Name())] = Verdict{err}
			if _, lazy := c.(contender.LazyDOM); !lazy {
				out[Key(OpParse, d.Name, c.Name())] = Verdict{err}
			}
		}
	}
	return out
}

func checkDOM(c contender.DOM, d *Doc) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	if err := c.ParseDOM(d.Data); err != nil {
		return err
	}
	got, err := c.VisitDOM()
	if err != nil {
		return err
	}
	if got != d.Want {
		return fmt.Errorf("summary %+v, want %+v", got, d.Want)
	}
	return nil
}
