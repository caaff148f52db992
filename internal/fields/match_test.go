package fields

import (
	"reflect"
	"testing"
)

type matchA struct {
	A      int `json:"a"`
	B      int `json:"b"`
	AB     int `json:"ab"`
	BA     int `json:"ba"`
	Long   int `json:"a_rather_long_name"`
	Long2  int `json:"a_rather_long_nane"`
	Unicd  int `json:"é"`
	Plain  int
	Dashed int `json:"-,"`
}

// TestExactAgreesWithMap checks Exact against the ByName map for every
// field name, every hint, and names that are not fields (prefixes,
// extensions, one byte changed, other cases, lengths beyond the longest).
func TestExactAgreesWithMap(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeFor[matchA](), reflect.TypeFor[struct{}](), reflect.TypeFor[struct{ X int }]()} {
		s := For(typ)
		var names []string
		for _, f := range s.Fields {
			n := f.Name
			names = append(names, n, n+"x", "x"+n, n[:len(n)-1], string(n[0]^0x20)+n[1:])
		}
		names = append(names, "", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", "A", "PLAIN", "plain")
		for _, n := range names {
			want := -1
			if i, ok := s.ByName[n]; ok {
				want = i
			}
			for hint := -2; hint <= len(s.Fields)+1; hint++ {
				if got := s.Exact([]byte(n), hint); got != want {
					t.Errorf("%v: Exact(%q, %d) = %d, want %d", typ, n, hint, got, want)
				}
			}
		}
	}
}

func TestExactDoesNotAllocate(t *testing.T) {
	s := For(reflect.TypeFor[matchA]())
	name := []byte("a_rather_long_nane")
	if n := testing.AllocsPerRun(100, func() { s.Exact(name, 0) }); n != 0 {
		t.Errorf("Exact allocates %v times", n)
	}
}
