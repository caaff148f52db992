package contender

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/celerjson/celer/arena/dataset"
	"github.com/celerjson/celer/internal/testtypes"
)

// TestTrees checks every tree's named access, row access and writing
// against encoding/json's values.
func TestTrees(t *testing.T) {
	gloss, people := dataset.Glossary(), dataset.People(40, 2)
	var gv, pv any
	json.Unmarshal(gloss, &gv)
	json.Unmarshal(people, &pv)
	var wantFields Summary
	for _, p := range dataset.GlossaryPaths {
		v, ok := anyStep(gv, p)
		if !ok {
			t.Fatalf("reference has no %v", p)
		}
		SummarizeAny(&wantFields, v)
	}
	names := []string{"RowID", "FirstName", "LastName", "Data", "YearOfBirth", "YearOfDeath"}
	var wantRows Summary
	for _, r := range pv.([]any) {
		for _, n := range names {
			SummarizeAny(&wantRows, r.(map[string]any)[n])
		}
	}
	for _, tr := range Trees() {
		if err := tr.ParseDOM(gloss); err != nil {
			t.Fatalf("%s: %v", tr.Name(), err)
		}
		var s Summary
		if err := tr.Fields(&s, dataset.GlossaryPaths); err != nil || s != wantFields {
			t.Errorf("%s Fields: %+v, %v; want %+v", tr.Name(), s, err, wantFields)
		}
		if err := tr.Fields(&s, [][]Step{{"glossary", "nope"}}); err == nil {
			t.Errorf("%s Fields: no error for a missing member", tr.Name())
		}
		out, err := tr.AppendJSON(nil)
		var back any
		if err != nil || json.Unmarshal(out, &back) != nil || !reflect.DeepEqual(back, gv) {
			t.Errorf("%s AppendJSON: %v, %s", tr.Name(), err, out)
		}
		if err := tr.ParseDOM(people); err != nil {
			t.Fatalf("%s: %v", tr.Name(), err)
		}
		s = Summary{}
		if err := tr.Rows(&s, names); err != nil || s != wantRows {
			t.Errorf("%s Rows: %+v, %v; want %+v", tr.Name(), s, err, wantRows)
		}
	}
}

// TestIOBinders round-trips the db table through every reader/writer
// contender and streams the people rows through every row streamer.
func TestIOBinders(t *testing.T) {
	db := dataset.DBTable(20, 1)
	var want testtypes.DB
	json.Unmarshal(db, &want)
	for _, c := range IOBinders() {
		var got testtypes.DB
		if err := c.DecodeFrom(bytes.NewReader(db), &got); err != nil {
			if err == ErrUnsupported {
				continue // easyjson without generated code for this type
			}
			t.Fatalf("%s: %v", c.Name(), err)
		}
		var out bytes.Buffer
		if err := c.EncodeTo(&out, &got); err != nil {
			t.Fatalf("%s: %v", c.Name(), err)
		}
		var back testtypes.DB
		if err := json.Unmarshal(out.Bytes(), &back); err != nil || !reflect.DeepEqual(back, want) || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: round trip differs (%v)", c.Name(), err)
		}
	}
	people := dataset.People(30, 2)
	var rows []testtypes.Person
	json.Unmarshal(people, &rows)
	for _, c := range RowStreamers() {
		var p testtypes.Person
		var got []testtypes.Person
		err := c.StreamRows(bytes.NewReader(people), &p, func() { got = append(got, p); p = testtypes.Person{} })
		if err != nil || !reflect.DeepEqual(got, rows) {
			t.Errorf("%s: %d rows, %v", c.Name(), len(got), err)
		}
		if err := c.StreamRows(bytes.NewReader([]byte(`{"a":1}`)), &p, func() {}); err == nil {
			t.Errorf("%s: no error for a stream that is not an array", c.Name())
		}
	}
}
