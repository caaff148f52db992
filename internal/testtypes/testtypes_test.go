package testtypes

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
)

// TestCasesDecodeStrictly checks that every type takes its whole document:
// no unknown fields, and re-encoding it gives the same value back.
func TestCasesDecodeStrictly(t *testing.T) {
	for _, c := range Cases {
		data := celertest.CorpusFile(t, c.File)
		v := c.New()
		d := json.NewDecoder(bytes.NewReader(data))
		d.DisallowUnknownFields()
		if err := d.Decode(v); err != nil {
			t.Errorf("%s: %v", c.Name, err)
			continue
		}
		var want, got any
		json.Unmarshal(data, &want)
		out, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		json.Unmarshal(out, &got)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the type loses information", c.Name)
		}
		if c.Flat && !flat(reflect.TypeOf(v), map[reflect.Type]bool{}) {
			t.Errorf("%s is marked flat but holds a map or interface", c.Name)
		}
	}
}

func flat(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Map, reflect.Interface:
		return false
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return flat(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if !flat(t.Field(i).Type, seen) {
				return false
			}
		}
	}
	return true
}
