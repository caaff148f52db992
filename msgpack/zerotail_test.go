package msgpack

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
	for _, x := range []any{v, v.Z[:]} {
		b, err := Marshal(x)
		if err != nil {
			t.Fatalf("Marshal(%T): %v", x, err)
		}
		if _, ok := x.(*tail); ok {
			var w tail
			if err := Unmarshal(b, &w); err != nil || w.A != 1 {
				t.Fatalf("Unmarshal: %+v, %v", w, err)
			}
		}
	}
}
