package celer

import "testing"

// TestZeroArrayAtEnd: a zero-length array of strings as a struct's last
// field sits in the struct's padding, where no string fits; converting its
// address to *string is invalid (checkptr, under -race, kills the process).
func TestZeroArrayAtEnd(t *testing.T) {
	type tail struct {
		A int
		Z [0]string
	}
	v := &tail{A: 1}
	b, err := Marshal(v)
	if err != nil || string(b) != `{"A":1,"Z":[]}` {
		t.Fatalf("Marshal = %s, %v", b, err)
	}
	if b, err = Marshal(v.Z[:]); err != nil || string(b) != `[]` {
		t.Fatalf("Marshal(v.Z[:]) = %s, %v", b, err)
	}
	var w tail
	if err := Unmarshal([]byte(`{"A":2,"Z":[]}`), &w); err != nil || w.A != 2 {
		t.Fatalf("Unmarshal: %+v, %v", w, err)
	}
}
