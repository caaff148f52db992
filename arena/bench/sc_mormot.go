package bench

import (
	"bytes"
	"encoding/json"
	"fmt"

	btypes "github.com/celerjson/celer/arena/bench/types"
	"github.com/celerjson/celer/arena/bindbench/types"
	"github.com/celerjson/celer/arena/contender"
	"github.com/celerjson/celer/arena/dataset"
	"github.com/celerjson/celer/bson"
	"github.com/celerjson/celer/internal/testtypes"
	"github.com/celerjson/celer/token"
)

// The mORMot scenarios reproduce the four tests of mORMot's sample 25
// ("JSON performance"): small content read / access / write, deep content,
// table content and huge content.
func mormotScenarios() []*Scenario {
	return []*Scenario{
		{
			ID: "mormot/small", Group: "mORMot", Title: "Small content: read, access, write",
			About: "The glossary document (about 500 bytes, seven levels) read into a typed struct or a DOM, " +
				"its eleven strings read back by name (DOM), and written again; mORMot repeats each 50,000 times. " +
				"A lazy DOM (sonic's ast) is also walked when read, so that it has read the whole document. " +
				"Reading a struct's fields is plain Go and the same for every library, so only the DOM has an access column.",
			Unit:    UnitOps,
			Columns: []string{"read (struct)", "write (struct)", "read (dom)", "access (dom)", "write (dom)"},
			Build:   mormotSmall,
			Finish:  func(t *Table) { ratioColumn(t, "÷ encoding/json", "stdjson") },
		},
		{
			ID: "mormot/deep", Group: "mORMot", Title: "Deep content",
			About: "A ~0.7 MB document nested 468 levels deep (json-test-suite's sample.json shape), " +
				"read into a DOM and walked, or decoded into an empty interface; a.obj.key must be \"wrong value\". " +
				"Libraries with a lower nesting limit fail, as SuperObject did in mORMot's run.",
			Unit:    UnitMBps,
			Columns: []string{"read (dom)", "read (any)"},
			Build:   mormotDeep,
			Finish:  func(t *Table) { ratioColumn(t, "÷ encoding/json", "stdjson") },
		},
		{
			ID: "mormot/table", Group: "mORMot", Title: "Table content: every row and column by name",
			About: "The People table (8,228 rows, one RowID above 2^32): every column of every row read by name " +
				"from a DOM, from typed rows ([]Person), or from rows decoded one at a time off a reader.",
			Unit:    UnitRows,
			Columns: []string{"dom (named access)", "typed rows", "streaming rows"},
			Build:   mormotTable,
			Finish:  func(t *Table) { ratioColumn(t, "÷ encoding/json", "stdjson") },
		},
		{
			ID: "mormot/huge", Group: "mORMot", Title: "Huge content: citylots GeoJSON, with peak memory",
			About: "The citylots-like GeoJSON (--scale; ~20 MB by default, ~190 MB with --scale huge) decoded into " +
				"records (Go structs), parsed into a DOM, and beautified (indented). Each cell runs in a child " +
				"process of its own; peak RSS is that process's, input included (the baseline row shows the floor: " +
				"the input and one copy).",
			Unit:    UnitMBps,
			Memory:  true,
			Inputs:  []string{"citylots"},
			Columns: []string{"into records", "into a DOM", "into BSON", "beautify"},
			Build:   mormotHuge,
			Finish:  func(t *Table) { ratioColumn(t, "÷ encoding/json", "stdjson") },
		},
	}
}

func mormotSmall(e *Env) ([]Task, error) {
	src := e.Doc("glossary")
	refStruct := memo(func() any { return decodeInto(src, func() any { return new(btypes.Glossary) }) })
	refAny := memo(func() any { return decodeAny(src) })
	refOut := memo(func() []byte { b, _ := json.Marshal(refStruct()); return b })
	var tasks []Task
	tasks = append(tasks, baselineTask("read (struct)", func() []byte { return src }, 0))
	for _, b := range binders(e) {
		tasks = append(tasks, Task{Row: b.Name(), Col: "read (struct)", Bytes: len(src),
			Check: func() (int, error) {
				var g btypes.Glossary
				if err := b.Unmarshal(src, &g); err != nil {
					return 0, err
				}
				return 1, sameValue(&g, refStruct())
			},
			Op: func() error {
				var g btypes.Glossary
				return b.Unmarshal(src, &g)
			},
		})
	}
	tasks = append(tasks, baselineTask("write (struct)", refOut, 0))
	for _, b := range binders(e) {
		tasks = append(tasks, Task{Row: b.Name(), Col: "write (struct)", Bytes: len(src),
			Check: func() (int, error) {
				out, err := b.Marshal(refStruct())
				if err != nil {
					return 0, err
				}
				return 1, sameJSON(out, refAny())
			},
			Op: func() error { _, err := b.Marshal(refStruct()); return err },
		})
	}
	tasks = append(tasks, baselineTask("read (dom)", func() []byte { return src }, 0))
	tasks = append(tasks, baselineTask("write (dom)", refOut, 0))
	paths := make([][]contender.Step, len(dataset.GlossaryPaths))
	for i, p := range dataset.GlossaryPaths {
		paths[i] = p
	}
	refFields := memo(func() contender.Summary {
		var s contender.Summary
		for _, p := range paths {
			v := refAny()
			for _, st := range p {
				switch st := st.(type) {
				case string:
					v = v.(map[string]any)[st]
				case int:
					v = v.([]any)[st]
				}
			}
			contender.SummarizeAny(&s, v)
		}
		return s
	})
	for col, mk := range map[string]func(tr contender.Tree) Task{
		"read (dom)": func(tr contender.Tree) Task {
			return Task{Check: func() (int, error) { return checkTree(tr, src, refAny) }, Op: parseOp(tr, src)}
		},
		"access (dom)": func(tr contender.Tree) Task {
			var s contender.Summary
			return Task{
				Check: func() (int, error) {
					if err := tr.ParseDOM(src); err != nil {
						return 0, err
					}
					if err := tr.Fields(&s, paths); err != nil {
						return 0, err
					}
					if s != refFields() {
						return 0, fmt.Errorf("values read by name differ from encoding/json's")
					}
					return len(paths), nil
				},
				Op: func() error { s = contender.Summary{}; return tr.Fields(&s, paths) },
			}
		},
		"write (dom)": func(tr contender.Tree) Task {
			var dst []byte
			return Task{
				Check: func() (int, error) {
					if err := tr.ParseDOM(src); err != nil {
						return 0, err
					}
					out, err := tr.AppendJSON(nil)
					if err != nil {
						return 0, err
					}
					return 1, sameJSON(out, refAny())
				},
				Op: func() (err error) { dst, err = tr.AppendJSON(dst[:0]); return err },
			}
		},
	} {
		for _, tr := range trees(e) {
			k := mk(tr)
			k.Row, k.Col, k.Bytes = tr.Name(), col, len(src)
			tasks = append(tasks, k)
		}
	}
	tasks = append(tasks, anchorTasks("read (dom)", src, 0, refAny)...)
	return tasks, nil
}

// parseOp parses src with tr; a lazy DOM (sonic's ast, which leaves
// values unparsed until read) also walks it, so that every contender has
// read the whole document.
func parseOp(tr contender.DOM, src []byte) func() error {
	if _, lazy := tr.(contender.LazyDOM); lazy {
		return func() error {
			if err := tr.ParseDOM(src); err != nil {
				return err
			}
			_, err := tr.VisitDOM()
			return err
		}
	}
	return func() error { return tr.ParseDOM(src) }
}

// checkTree parses src with tr, walks it and compares the summary with
// encoding/json's reading.
func checkTree(tr contender.DOM, src []byte, ref func() any) (int, error) {
	if err := tr.ParseDOM(src); err != nil {
		return 0, err
	}
	got, err := tr.VisitDOM()
	if err != nil {
		return 0, err
	}
	if want := summaryOf(ref()); got != want {
		return 0, fmt.Errorf("summary %+v, want %+v", got, want)
	}
	return 1, nil
}

func mormotDeep(e *Env) ([]Task, error) {
	src := e.Doc("deep")
	refAny := memo(func() any { return decodeAny(src) })
	key := [][]contender.Step{{"a", "obj", "key"}}
	var tasks []Task
	tasks = append(tasks, baselineTask("read (dom)", func() []byte { return src }, 0))
	for _, tr := range trees(e) {
		tasks = append(tasks, Task{Row: tr.Name(), Col: "read (dom)", Bytes: len(src),
			Check: func() (int, error) {
				n, err := checkTree(tr, src, refAny)
				if err != nil {
					return 0, err
				}
				var s, want contender.Summary
				if err := tr.Fields(&s, key); err != nil {
					return 0, fmt.Errorf("a.obj.key: %w", err)
				}
				want.StrString("wrong value")
				if s != want {
					return 0, fmt.Errorf("a.obj.key is not \"wrong value\"")
				}
				return n + 1, nil
			},
			Op: func() error {
				if err := tr.ParseDOM(src); err != nil {
					return err
				}
				_, err := tr.VisitDOM()
				return err
			},
		})
	}
	tasks = append(tasks, anchorTasks("read (dom)", src, 0, refAny)...)
	tasks = append(tasks, baselineTask("read (any)", func() []byte { return src }, 0))
	for _, b := range binders(e) {
		tasks = append(tasks, Task{Row: b.Name(), Col: "read (any)", Bytes: len(src),
			Check: func() (int, error) {
				var v any
				if err := b.Unmarshal(src, &v); err != nil {
					return 0, err
				}
				if _, ok := firstDiff("$", v, refAny()); !ok {
					return 0, fmt.Errorf("decoded value differs from encoding/json's")
				}
				return 1, nil
			},
			Op: func() error { var v any; return b.Unmarshal(src, &v) },
		})
	}
	return tasks, nil
}

// peopleColumns are the People table's columns in file order.
var peopleColumns = []string{"RowID", "FirstName", "LastName", "Data", "YearOfBirth", "YearOfDeath"}

// personSummary adds a row's six values to s as a DOM walk would.
func personSummary(s *contender.Summary, p *testtypes.Person) {
	s.Num(float64(p.RowID))
	s.StrString(p.FirstName)
	s.StrString(p.LastName)
	s.StrString(p.Data)
	s.Num(float64(p.YearOfBirth))
	s.Num(float64(p.YearOfDeath))
}

func mormotTable(e *Env) ([]Task, error) {
	src := e.Doc("people")
	rows := bytes.Count(src, []byte("\"RowID\""))
	want := memo(func() contender.Summary {
		var s contender.Summary
		for _, r := range decodeAny(src).([]any) {
			for _, c := range peopleColumns {
				contender.SummarizeAny(&s, r.(map[string]any)[c])
			}
		}
		return s
	})
	same := func(s contender.Summary) (int, error) {
		if s != want() {
			return 0, fmt.Errorf("values read differ from encoding/json's")
		}
		return rows * len(peopleColumns), nil
	}
	var tasks []Task
	for _, col := range []string{"dom (named access)", "typed rows", "streaming rows"} {
		tasks = append(tasks, baselineTask(col, func() []byte { return src }, rows))
	}
	for _, tr := range trees(e) {
		run := func() (contender.Summary, error) {
			var s contender.Summary
			if err := tr.ParseDOM(src); err != nil {
				return s, err
			}
			return s, tr.Rows(&s, peopleColumns)
		}
		tasks = append(tasks, Task{Row: tr.Name(), Col: "dom (named access)", Bytes: len(src), Items: rows,
			Check: func() (int, error) {
				s, err := run()
				if err != nil {
					return 0, err
				}
				return same(s)
			},
			Op: func() error { _, err := run(); return err },
		})
	}
	for _, b := range binders(e) {
		run := func() (contender.Summary, error) {
			var s contender.Summary
			var p types.People
			if err := b.Unmarshal(src, &p); err != nil {
				return s, err
			}
			for i := range p {
				personSummary(&s, &p[i])
			}
			return s, nil
		}
		tasks = append(tasks, Task{Row: b.Name(), Col: "typed rows", Bytes: len(src), Items: rows,
			Check: func() (int, error) {
				s, err := run()
				if err != nil {
					return 0, err
				}
				return same(s)
			},
			Op: func() error { _, err := run(); return err },
		})
	}
	streamers := append(contender.RowStreamers(), moreOf[contender.RowStreamer](e)...)
	for _, st := range streamers {
		run := func() (contender.Summary, error) {
			var s contender.Summary
			var p testtypes.Person
			err := st.StreamRows(bytes.NewReader(src), &p, func() {
				personSummary(&s, &p)
				p = testtypes.Person{}
			})
			return s, err
		}
		tasks = append(tasks, Task{Row: st.Name(), Col: "streaming rows", Bytes: len(src), Items: rows,
			Check: func() (int, error) {
				s, err := run()
				if err != nil {
					return 0, err
				}
				return same(s)
			},
			Op: func() error { _, err := run(); return err },
		})
	}
	return tasks, nil
}

// hugeCheckBytes caps the size of the document the huge-content answers
// are checked on: with --scale huge they are checked on a ~20 MB document
// of the same generator, then timed on the big one.
const hugeCheckBytes = 20 << 20

func mormotHuge(e *Env) ([]Task, error) {
	src := e.Doc("citylots")
	check := func() []byte {
		if len(src) <= hugeCheckBytes {
			return src
		}
		return dataset.CityLotsBytes(hugeCheckBytes, 4)
	}
	var tasks []Task
	tasks = append(tasks, baselineTask("into records", func() []byte { return src }, 0))
	for _, b := range binders(e) {
		tasks = append(tasks, Task{Row: b.Name(), Col: "into records", Bytes: len(src),
			Check: func() (int, error) {
				in := check()
				var got btypes.CityLots
				if err := b.Unmarshal(in, &got); err != nil {
					return 0, err
				}
				want := decodeInto(in, func() any { return new(btypes.CityLots) })
				if err := sameValue(&got, want); err != nil {
					return 0, err
				}
				return 1 + len(got.Features), nil
			},
			Op: func() error { var v btypes.CityLots; return b.Unmarshal(src, &v) },
		})
	}
	tasks = append(tasks, baselineTask("into a DOM", func() []byte { return src }, 0))
	for _, tr := range trees(e) {
		tasks = append(tasks, Task{Row: tr.Name(), Col: "into a DOM", Bytes: len(src),
			Check: func() (int, error) {
				in := check()
				return checkTree(tr, in, func() any { return decodeAny(in) })
			},
			Op: parseOp(tr, src),
		})
	}
	if len(src) <= hugeCheckBytes {
		tasks = append(tasks, anchorTasks("into a DOM", src, 0, func() any { return decodeAny(src) })...)
	}
	// mORMot converted JSON straight to BSON; celer does it token by
	// token (JSON reader into BSON writer), with no tree in between. No
	// other Go JSON library has such a route.
	tasks = append(tasks, baselineTask("into BSON", func() []byte { return src }, 0))
	tasks = append(tasks, Task{Row: "celer", Col: "into BSON", Bytes: len(src),
		Check: func() (int, error) {
			in := check()
			out, err := jsonToBSON(in)
			if err != nil {
				return 0, err
			}
			var back bytes.Buffer
			if _, err := token.Copy(token.NewJSONWriter(&back), bson.NewReaderBytes(out)); err != nil {
				return 0, fmt.Errorf("reading the BSON back: %w", err)
			}
			if err := sameJSON(back.Bytes(), decodeAny(in)); err != nil {
				return 0, err
			}
			return 1, nil
		},
		Op: func() error { _, err := jsonToBSON(src); return err },
	})
	tasks = append(tasks, baselineTask("beautify", func() []byte { return src }, 0))
	cs, _ := contender.All()
	cs = append(cs, moreOf[contender.Syntax](e)...)
	for _, c := range cs {
		ind, ok := c.(contender.Indenter)
		if !ok || c.Name() == rowBaseline {
			continue
		}
		var dst []byte
		tasks = append(tasks, Task{Row: c.Name(), Col: "beautify", Bytes: len(src),
			Check: func() (int, error) {
				in := check()
				var want bytes.Buffer
				if err := json.Indent(&want, in, contender.IndentPrefix, contender.IndentString); err != nil {
					return 0, err
				}
				got, err := ind.Indent(nil, in)
				if err != nil {
					return 0, err
				}
				if !bytes.Equal(got, want.Bytes()) {
					return 0, fmt.Errorf("output differs from encoding/json.Indent's")
				}
				return 1, nil
			},
			Op: func() (err error) { dst, err = ind.Indent(dst[:0], src); return err },
		})
	}
	return tasks, nil
}

// jsonToBSON transcodes a JSON document to BSON token by token. Numbers
// that no double holds exactly become the nearest double, as in every
// other column.
func jsonToBSON(src []byte) ([]byte, error) {
	var out bytes.Buffer
	out.Grow(len(src))
	w := bson.NewWriter(&out, bson.InexactAsFloat(true))
	if _, err := token.Copy(w, token.NewJSONReaderBytes(src)); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
