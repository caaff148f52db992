package bench

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"

	btypes "github.com/celerjson/celer/arena/bench/types"
	"github.com/celerjson/celer/arena/contender"
	"github.com/celerjson/celer/arena/dataset"
)

// neoValues are the NeoUBJSON message's payloads, as Go values.
var neoValues = []struct {
	name string
	v    func() any
	mk   func() any
}{
	{"status codes", func() any { v := btypes.StatusCodes(dataset.StatusCodes()); return &v }, func() any { return new(btypes.StatusCodes) }},
	{"1K ints", func() any { v := btypes.Ints(dataset.Ints(1024)); return &v }, func() any { return new(btypes.Ints) }},
	{"1K bytes", func() any { v := btypes.Bytes(dataset.Bytes(1024, 10)); return &v }, func() any { return new(btypes.Bytes) }},
}

// A codec is a JSON binder or a binary format: a row of the NeoUBJSON
// tables.
type codec struct {
	name      string
	marshal   func(any) ([]byte, error)
	unmarshal func([]byte, any) error
}

func codecs(e *Env) []codec {
	var out []codec
	for _, b := range binders(e) {
		out = append(out, codec{b.Name(), b.Marshal, b.Unmarshal})
	}
	for _, f := range append(contender.Formats(), moreOf[contender.Format](e)...) {
		out = append(out, codec{f.Name(), f.Marshal, f.Unmarshal})
	}
	return out
}

// missingFormats are the planned binary formats no registered contender
// implements yet: their rows show "—".
func missingFormats() []string {
	var out []string
	have := map[string]bool{}
	for _, f := range contender.Formats() {
		have[f.Format()] = true
	}
	for _, p := range contender.PlannedFormats {
		if !have[p] {
			out = append(out, p)
		}
	}
	return out
}

// neoScenarios reproduce the NeoUBJSON message: the size and the write and
// read speed of three payloads in JSON (each Go library) and in every
// binary format (rows "—" until a format lands: contender.RegisterFormat).
func neoScenarios() []*Scenario {
	cols := []string{"status codes", "1K ints", "1K bytes"}
	about := "The HTTP status codes (a typical small payload), the integers 1..1024 and 1,024 random bytes " +
		"(a []byte: Go's JSON libraries write base64). JSON rows are the Go libraries; binary formats have " +
		"a row each (— until the format's contender lands)."
	return []*Scenario{
		{ID: "neoubjson/size", Group: "NeoUBJSON", Title: "Size of the encoded payload", About: about,
			Unit: UnitBytes, Lower: true, Columns: cols, Rows: missingFormats(),
			Build: func(e *Env) ([]Task, error) { return neoTasks(e, "size") }},
		{ID: "neoubjson/write", Group: "NeoUBJSON", Title: "Write (encode) the payload", About: about,
			Unit: UnitOps, Columns: cols, Rows: missingFormats(),
			Build:  func(e *Env) ([]Task, error) { return neoTasks(e, "write") },
			Finish: func(t *Table) { ratioColumn(t, "÷ encoding/json", "stdjson") }},
		{ID: "neoubjson/read", Group: "NeoUBJSON", Title: "Read (decode) the payload", About: about,
			Unit: UnitOps, Columns: cols, Rows: missingFormats(),
			Build:  func(e *Env) ([]Task, error) { return neoTasks(e, "read") },
			Finish: func(t *Table) { ratioColumn(t, "÷ encoding/json", "stdjson") }},
	}
}

func neoTasks(e *Env, what string) ([]Task, error) {
	var tasks []Task
	for _, nv := range neoValues {
		v := nv.v()
		for _, c := range codecs(e) {
			enc := memo(func() []byte {
				b, err := c.marshal(v)
				if err != nil {
					return nil
				}
				return slices.Clone(b)
			})
			roundTrip := func() (int, error) {
				b, err := c.marshal(v)
				if err != nil {
					return 0, err
				}
				back := nv.mk()
				if err := c.unmarshal(b, back); err != nil {
					return 0, err
				}
				if !reflect.DeepEqual(back, v) {
					return 0, fmt.Errorf("read back differs from the value written")
				}
				if json.Valid(b) {
					var w any
					wb, _ := json.Marshal(v)
					json.Unmarshal(wb, &w)
					if err := sameJSON(b, w); err != nil {
						return 0, err
					}
				}
				return 1, nil
			}
			k := Task{Row: c.name, Col: nv.name}
			switch what {
			case "size":
				k.Value = func() (float64, string, error) {
					if _, err := roundTrip(); err != nil {
						return 0, "", err
					}
					return float64(len(enc())), "", nil
				}
			case "write":
				k.Check = roundTrip
				k.Op = func() error { _, err := c.marshal(v); return err }
			case "read":
				k.Check = roundTrip
				k.Op = func() error { return c.unmarshal(enc(), nv.mk()) }
			}
			tasks = append(tasks, k)
		}
	}
	return tasks, nil
}
