package bench

import (
	"sync"

	"github.com/celerjson/celer/arena/contender"
	"github.com/celerjson/celer/arena/dataset"
	"github.com/celerjson/celer/arena/syntaxbench"
)

// memo returns a function that calls f once and then returns its result.
func memo[T any](f func() T) func() T {
	var once sync.Once
	var v T
	return func() T {
		once.Do(func() { v = f() })
		return v
	}
}

// syntaxSets are the documents of the syntax tables: the generated
// datasets of every shape, then the files of --data.
func syntaxSets(e *Env) []dataset.Named {
	var list []dataset.Named
	for _, n := range []string{"citys", "people", "logs", "deep", "citylots"} {
		list = append(list, dataset.Named{Name: n, Data: e.Doc(n)})
	}
	return append(list, e.Extra()...)
}

// syntaxScenarios are the syntax layer's tables: validate, tokenize,
// compact and indent, each checked against encoding/json.
func syntaxScenarios() []*Scenario {
	about := map[string]string{
		syntaxbench.OpValid:    "Validate a whole document (Valid must also reject a list of malformed texts).",
		syntaxbench.OpTokenize: "Read every token without building anything; the count must equal encoding/json's Decoder.Token count.",
		syntaxbench.OpCompact:  "Remove insignificant whitespace; the output must equal encoding/json.Compact's byte for byte.",
		syntaxbench.OpIndent:   "Indent with two spaces; the output must equal encoding/json.Indent's byte for byte.",
	}
	var list []*Scenario
	for _, op := range syntaxbench.Ops {
		list = append(list, &Scenario{
			ID:    "syntax/" + lower(op),
			Group: "Syntax",
			Title: op + " (syntax layer)",
			About: about[op],
			Unit:  UnitMBps,
			Build: func(e *Env) ([]Task, error) { return syntaxTasks(e, op) },
			Finish: func(t *Table) {
				ratioColumn(t, "÷ encoding/json", "stdjson")
			},
		})
	}
	return list
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func syntaxTasks(e *Env, op string) ([]Task, error) {
	cs, _ := contender.All()
	cs = append(cs, moreOf[contender.Syntax](e)...)
	var tasks []Task
	for _, d := range syntaxSets(e) {
		src := d.Data
		want := memo(func() *syntaxbench.Expected {
			w, err := syntaxbench.Expect(src)
			if err != nil {
				panic(err)
			}
			return w
		})
		for _, c := range cs {
			k := Task{Row: c.Name(), Col: d.Name, Bytes: len(src)}
			if !syntaxbench.Supports(c, op) {
				k.Missing = "no " + op
				tasks = append(tasks, k)
				continue
			}
			if _, ok := c.(*contender.Baseline); ok {
				k.Anchor = true
			} else {
				k.Check = func() (int, error) {
					if err := syntaxbench.Check(c, op, src, want()); err != nil {
						return 0, err
					}
					if op == syntaxbench.OpValid {
						if err := syntaxbench.CheckRejects(c); err != nil {
							return 0, err
						}
						return 1 + len(syntaxbench.InvalidDocs), nil
					}
					return 1, nil
				}
			}
			var dst []byte
			switch op {
			case syntaxbench.OpValid:
				k.Op = func() error {
					if !c.Valid(src) {
						return errInvalid
					}
					return nil
				}
			case syntaxbench.OpTokenize:
				t := c.(contender.Tokenizer)
				k.Op = func() error { _, err := t.Tokenize(src); return err }
			case syntaxbench.OpCompact:
				t := c.(contender.Compacter)
				k.Op = func() (err error) { dst, err = t.Compact(dst[:0], src); return err }
			case syntaxbench.OpIndent:
				t := c.(contender.Indenter)
				k.Op = func() (err error) { dst, err = t.Indent(dst[:0], src); return err }
			}
			tasks = append(tasks, k)
		}
	}
	return tasks, nil
}
