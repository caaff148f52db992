package bench

import (
	"encoding/json"
	"fmt"

	"github.com/celerjson/celer/arena/bindbench/types"
)

// jsonbenchDocs are the inputs of the jsonbench tables, small to large,
// each with a Go type (easyjson has generated code for all of them).
var jsonbenchDocs = []struct {
	name string
	mk   func() any
}{
	{"request", func() any { return new(types.Request) }},
	{"user", func() any { return new(types.User) }},
	{"db1000", func() any { return new(types.DB) }},
	{"repos", func() any { return new(types.Repos) }},
	{"people", func() any { return new(types.People) }},
	{"citys", func() any { return new(types.Citys) }},
}

// The jsonbench kinds of Go value: a concrete type, an empty interface,
// and a raw value (json.RawMessage: validated and copied, never decoded).
const (
	kindConcrete = "concrete"
	kindAny      = "any"
	kindRaw      = "raw"
)

// jsonbenchScenarios follow go-json-experiment/jsonbench's protocol: every
// library at its defaults, concrete / any / raw values kept apart, marshal
// and unmarshal, ratios to encoding/json (v1); correctness tables beside.
func jsonbenchScenarios() []*Scenario {
	var list []*Scenario
	about := map[string]string{
		kindConcrete: "into and from the document's Go struct type",
		kindAny:      "into and from an empty interface (maps, slices, float64)",
		kindRaw:      "into and from json.RawMessage (validated and copied, not decoded)",
	}
	for _, op := range []string{"unmarshal", "marshal"} {
		for _, kind := range []string{kindConcrete, kindAny, kindRaw} {
			list = append(list, &Scenario{
				ID: "jsonbench/" + op + "-" + kind, Group: "jsonbench",
				Title: fmt.Sprintf("%s, %s value", upperFirst(op), kind),
				About: fmt.Sprintf("%s %s, at each library's defaults; MB/s of JSON text. The last column is the geometric mean of the ratio to encoding/json (v1), as jsonbench reports.",
					upperFirst(op), about[kind]),
				Unit:    UnitMBps,
				Columns: docNames(),
				Build:   func(e *Env) ([]Task, error) { return jsonbenchTasks(e, op, kind) },
				Finish:  func(t *Table) { ratioColumn(t, "÷ encoding/json", "stdjson") },
			})
		}
	}
	list = append(list, correctnessScenario(), binarySizeScenario())
	return list
}

func docNames() []string {
	var out []string
	for _, d := range jsonbenchDocs {
		out = append(out, d.name)
	}
	return out
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

func jsonbenchTasks(e *Env, op, kind string) ([]Task, error) {
	var tasks []Task
	for _, d := range jsonbenchDocs {
		src := e.Doc(d.name)
		refAny := memo(func() any { return decodeAny(src) })
		refConcrete := memo(func() any { return decodeInto(src, d.mk) })
		in := func() any {
			switch kind {
			case kindConcrete:
				return refConcrete()
			case kindAny:
				return refAny()
			}
			return json.RawMessage(src)
		}
		// What the marshal cells must mean: encoding/json's output for the
		// same input value, read back.
		want := memo(func() any {
			b, err := json.Marshal(in())
			if err != nil {
				panic(err)
			}
			return decodeAny(b)
		})
		out := memo(func() []byte { b, _ := json.Marshal(in()); return b })
		if op == "marshal" {
			tasks = append(tasks, baselineTask(d.name, out, 0))
		} else {
			tasks = append(tasks, baselineTask(d.name, func() []byte { return src }, 0))
		}
		for _, b := range binders(e) {
			k := Task{Row: b.Name(), Col: d.name, Bytes: len(src)}
			if op == "marshal" {
				k.Bytes = len(out())
				k.Check = func() (int, error) {
					got, err := b.Marshal(in())
					if err != nil {
						return 0, err
					}
					return 1, sameJSON(got, want())
				}
				k.Op = func() error { _, err := b.Marshal(in()); return err }
				tasks = append(tasks, k)
				continue
			}
			switch kind {
			case kindConcrete:
				k.Check = func() (int, error) {
					v := d.mk()
					if err := b.Unmarshal(src, v); err != nil {
						return 0, err
					}
					return 1, sameValue(v, refConcrete())
				}
				k.Op = func() error { return b.Unmarshal(src, d.mk()) }
			case kindAny:
				k.Check = func() (int, error) {
					var v any
					if err := b.Unmarshal(src, &v); err != nil {
						return 0, err
					}
					if p, ok := firstDiff("$", v, refAny()); !ok {
						return 0, fmt.Errorf("decoded value differs from encoding/json's at %s", p)
					}
					return 1, nil
				}
				k.Op = func() error { var v any; return b.Unmarshal(src, &v) }
			case kindRaw:
				k.Check = func() (int, error) {
					var v json.RawMessage
					if err := b.Unmarshal(src, &v); err != nil {
						return 0, err
					}
					return 1, sameJSON(v, refAny())
				}
				k.Op = func() error { var v json.RawMessage; return b.Unmarshal(src, &v) }
			}
			tasks = append(tasks, k)
		}
	}
	return tasks, nil
}
