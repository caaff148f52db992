package dataset

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"
)

func TestShapesValidAndDeterministic(t *testing.T) {
	for _, tc := range []struct {
		name string
		gen  func() []byte
	}{
		{"citys", func() []byte { return Citys(500, 1) }},
		{"people", func() []byte { return People(500, 2) }},
		{"logs", func() []byte { return Logs(500, 3) }},
	} {
		a, b := tc.gen(), tc.gen()
		if !json.Valid(a) || !utf8.Valid(a) {
			t.Errorf("%s: not valid JSON in valid UTF-8", tc.name)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s: not deterministic", tc.name)
		}
	}
	if !bytes.Contains(People(8228, 2), []byte(`"RowID":4294967303`)) {
		t.Error("people: no RowID above 2^32")
	}
	var rows []map[string]any
	if err := json.Unmarshal(Citys(29470, 1), &rows); err != nil || len(rows) != 29470 {
		t.Errorf("citys: %d rows, %v", len(rows), err)
	}
}
