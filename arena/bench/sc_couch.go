package bench

import (
	"bytes"
	"fmt"
	"reflect"

	btypes "github.com/celerjson/celer/arena/bench/types"
	"github.com/celerjson/celer/arena/contender"
	"github.com/celerjson/celer/arena/dataset"
)

// couchSizes are the CouchDB document classes: name and size.
var couchSizes = []struct {
	name string
	size int
}{{"tiny", dataset.CouchTiny}, {"4 KiB", dataset.Couch4K}, {"8 KiB", dataset.Couch8K}}

// couchScenarios reproduce the CouchDB view-server thread's inputs: 10,000
// documents of each size class. The documents are decoded one at a time
// from NDJSON now; the view server (map and map+reduce in a child process
// speaking JSON lines or a binary format, against in-process) comes with
// the binary formats, and its table shows "—" until then.
func couchScenarios() []*Scenario {
	return []*Scenario{
		{
			ID: "couchdb/decode", Group: "CouchDB", Title: "Decode 10,000 documents one at a time",
			About: "CouchDB-style documents (--quick: 1,000) as NDJSON, decoded one by one into a Go struct with each " +
				"library's stream decoder: what a view server does before it maps a document.",
			Unit: UnitMBps, Rounds: 1,
			Columns: []string{"tiny", "4 KiB", "8 KiB"},
			Build:   couchDecode,
			Finish:  func(t *Table) { ratioColumn(t, "÷ encoding/json", "stdjson") },
		},
		{
			ID: "couchdb/view-server", Group: "CouchDB", Title: "View server: map and map+reduce (to come)",
			About: "Insert (encode and store), map only and map+reduce over the documents through a view-server child " +
				"process speaking JSON lines or a binary format, against in-process: the thread's 3× claim. Not built yet: " +
				"it comes with the binary formats.",
			Unit:    UnitMBps,
			Columns: []string{"map tiny", "map 4 KiB", "map 8 KiB", "map+reduce tiny", "map+reduce 4 KiB", "map+reduce 8 KiB"},
			Rows:    []string{"in-process", "JSON lines child", "binary child"},
			Build:   func(*Env) ([]Task, error) { return nil, nil },
		},
	}
}

func couchDecode(e *Env) ([]Task, error) {
	var tasks []Task
	for _, cs := range couchSizes {
		docs := dataset.CouchDocs(e.Sizes.CouchDocs, cs.size, 11)
		nd := dataset.NDJSON(docs)
		want := memo(func() []btypes.CouchDoc {
			out, err := couchRecords(contender.NewStdBind(), nd)
			if err != nil {
				panic(err)
			}
			return out
		})
		tasks = append(tasks, baselineTask(cs.name, func() []byte { return nd }, len(docs)))
		for _, b := range binders(e) {
			s, ok := b.(contender.StreamDecoder)
			if !ok {
				continue
			}
			tasks = append(tasks, Task{Row: b.Name(), Col: cs.name, Bytes: len(nd), Items: len(docs),
				Check: func() (int, error) {
					got, err := couchRecords(b, nd)
					if err != nil {
						return 0, err
					}
					if len(got) != len(want()) {
						return 0, fmt.Errorf("%d documents, want %d", len(got), len(want()))
					}
					for i := range got {
						if !reflect.DeepEqual(got[i], want()[i]) {
							return 0, fmt.Errorf("document %d differs from encoding/json's", i)
						}
					}
					return len(got), nil
				},
				Op: func() error {
					var d btypes.CouchDoc
					return s.DecodeStream(bytes.NewReader(nd), &d, func() { d = btypes.CouchDoc{} })
				},
			})
		}
	}
	return tasks, nil
}

// couchRecords decodes every document of an NDJSON stream with b.
func couchRecords(b contender.Binder, nd []byte) ([]btypes.CouchDoc, error) {
	s, ok := b.(contender.StreamDecoder)
	if !ok {
		return nil, contender.ErrUnsupported
	}
	var d btypes.CouchDoc
	var out []btypes.CouchDoc
	err := s.DecodeStream(bytes.NewReader(nd), &d, func() {
		out = append(out, d)
		d = btypes.CouchDoc{}
	})
	return out, err
}
