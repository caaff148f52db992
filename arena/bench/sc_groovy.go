package bench

import (
	"encoding/json"
	"fmt"

	"github.com/celerjson/celer/arena/bindbench/types"
)

// groovyDocs are the Groovy suite's four inputs, with a type for each.
var groovyDocs = []struct {
	name string
	mk   func() any
}{
	{"citys", func() any { return new(types.Citys) }},
	{"repos", func() any { return new(types.Repos) }},
	{"user", func() any { return new(types.User) }},
	{"request", func() any { return new(types.Request) }},
}

// The Groovy scenarios reproduce bura/json-benchmarks (JMH): deserialize
// each document into maps, serialize it from structs ("pojo") and from maps
// ("maplist"), and score points: throughput ÷ the best in the group × 500
// for each serialization group and × 1000 for deserialization.
func groovyScenarios() []*Scenario {
	mk := func(id, title, about string, weight float64, build func(*Env) ([]Task, error)) *Scenario {
		return &Scenario{
			ID: id, Group: "Groovy", Title: title, About: about, Unit: UnitOps,
			Columns: []string{"citys", "repos", "user", "request"},
			Build:   build,
			Finish:  func(t *Table) { pointsColumn(t, weight) },
		}
	}
	return []*Scenario{
		mk("groovy/deserialize", "Deserialize into maps",
			"Each document decoded into an empty interface (maps and slices), as the Groovy suite decodes String → Map. Points: ops/s ÷ the best × 1000 per document.",
			1000, groovyDeserialize),
		mk("groovy/serialize-structs", "Serialize from structs (pojo)",
			"Each document encoded from typed Go structs. Points: ops/s ÷ the best × 500 per document.",
			500, func(e *Env) ([]Task, error) { return groovySerialize(e, true) }),
		mk("groovy/serialize-maps", "Serialize from maps (maplist)",
			"Each document encoded from the maps encoding/json decoded. Points: ops/s ÷ the best × 500 per document.",
			500, func(e *Env) ([]Task, error) { return groovySerialize(e, false) }),
		{
			ID: "groovy/points", Group: "Groovy", Title: "Points (the Groovy suite's summary)",
			About:  "The points of the three Groovy tables added up, as in the suite's summary table and chart.",
			Unit:   "points",
			Derive: groovyPoints,
		},
	}
}

// pointsColumn adds a "points" column: each cell's value ÷ the column's
// best × weight, summed over the columns (the baseline scores none).
func pointsColumn(t *Table, weight float64) {
	t.Extra = append(t.Extra, "points")
	for i := range t.Rows {
		r := &t.Rows[i]
		if r.Anchor {
			r.SetExtra("points", "—")
			continue
		}
		sum := 0.0
		for c := range t.Columns {
			if best := t.Best(c); best > 0 && r.Cells[c].State == StateOK {
				sum += r.Cells[c].Value / best * weight
			}
		}
		r.Score = sum
		r.SetExtra("points", fmt.Sprintf("%.0f", sum))
	}
}

func groovyDeserialize(e *Env) ([]Task, error) {
	var tasks []Task
	for _, d := range groovyDocs {
		src := e.Doc(d.name)
		ref := memo(func() any { return decodeAny(src) })
		tasks = append(tasks, baselineTask(d.name, func() []byte { return src }, 0))
		for _, b := range binders(e) {
			tasks = append(tasks, Task{Row: b.Name(), Col: d.name, Bytes: len(src),
				Check: func() (int, error) {
					var v any
					if err := b.Unmarshal(src, &v); err != nil {
						return 0, err
					}
					if p, ok := firstDiff("$", v, ref()); !ok {
						return 0, fmt.Errorf("decoded maps differ from encoding/json's at %s", p)
					}
					return 1, nil
				},
				Op: func() error { var v any; return b.Unmarshal(src, &v) },
			})
		}
	}
	return tasks, nil
}

func groovySerialize(e *Env, structs bool) ([]Task, error) {
	var tasks []Task
	for _, d := range groovyDocs {
		src := e.Doc(d.name)
		in := memo(func() any {
			if structs {
				return decodeInto(src, d.mk)
			}
			return decodeAny(src)
		})
		want := memo(func() any {
			b, err := json.Marshal(in())
			if err != nil {
				panic(err)
			}
			return decodeAny(b)
		})
		out := memo(func() []byte { b, _ := json.Marshal(in()); return b })
		tasks = append(tasks, baselineTask(d.name, out, 0))
		for _, b := range binders(e) {
			tasks = append(tasks, Task{Row: b.Name(), Col: d.name, Bytes: len(out()),
				Check: func() (int, error) {
					got, err := b.Marshal(in())
					if err != nil {
						return 0, err
					}
					return 1, sameJSON(got, want())
				},
				Op: func() error { _, err := b.Marshal(in()); return err },
			})
		}
	}
	return tasks, nil
}

// groovyPoints adds up the points of the three Groovy tables.
func groovyPoints(prev []*Table) *Table {
	cols := map[string]string{
		"groovy/deserialize":       "deserialize",
		"groovy/serialize-structs": "serialize structs",
		"groovy/serialize-maps":    "serialize maps",
	}
	t := &Table{Columns: []string{"deserialize", "serialize structs", "serialize maps"}, Extra: []string{"total"}}
	rowOf := map[string]int{}
	found := false
	for _, p := range prev {
		col, ok := cols[p.ID]
		if !ok {
			continue
		}
		found = true
		c := indexOf(t.Columns, col)
		for _, r := range p.Rows {
			if r.Anchor {
				continue
			}
			i, ok := rowOf[r.Name]
			if !ok {
				cells := make([]Cell, len(t.Columns))
				for j := range cells {
					cells[j] = Cell{State: StateMissing}
				}
				t.Rows = append(t.Rows, Row{Name: r.Name, Cells: cells})
				i = len(t.Rows) - 1
				rowOf[r.Name] = i
			}
			t.Rows[i].Cells[c] = Cell{State: StateOK, Value: r.Score}
		}
	}
	if !found {
		return nil
	}
	for i := range t.Rows {
		r := &t.Rows[i]
		sum := 0.0
		for _, c := range r.Cells {
			sum += c.Value
		}
		r.Score = sum
		r.SetExtra("total", fmt.Sprintf("%.0f", sum))
		for j := range r.Cells {
			r.Cells[j].Text = fmt.Sprintf("%.0f", r.Cells[j].Value)
		}
	}
	sortRowsByScore(t)
	return t
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}
