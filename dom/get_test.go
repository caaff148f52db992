package dom_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/celerjson/celer/dom"
)

// TestGetWalk checks Get and Index against All and Elements on objects
// and arrays of every length up to 13, with a container (or an escaped
// name, or a repeated name) at every position, so that the look-ups' fast
// paths (members stepped over four at a time, arrays of scalars indexed
// directly) meet every boundary.
func TestGetWalk(t *testing.T) {
	values := []string{`1`, `"ab"`, `{"x":[1,2]}`, `[]`, `null`, `[{"u":1}]`, `true`}
	for n := 0; n <= 13; n++ {
		for special := -1; special < n; special++ {
			for kind := 0; kind < 4; kind++ {
				members := make([]string, n)
				elems := make([]string, n)
				for k := range n {
					name, val := fmt.Sprintf(`"m%d"`, k%10), values[k%len(values)]
					if k >= 10 {
						name = fmt.Sprintf(`"member%d"`, k) // another length
					}
					if k == special {
						switch kind {
						case 0:
							val = `{"m0":{"m1":2},"user":3}` // names inside a container
						case 1:
							name = `"m\u0030"` // escaped: "m0" unescaped
						case 2:
							name = `"m0"` // a repeated name: Get finds the first
						case 3:
							val = `[[1],[2],{"a":[3]}]`
						}
					}
					members[k] = name + ":" + val
					elems[k] = val
				}
				checkGet(t, "{"+strings.Join(members, ",")+"}")
				checkIndex(t, "["+strings.Join(elems, ",")+"]")
			}
		}
	}
	// Arrays of scalars only, which Index reaches without a walk.
	for n := 0; n <= 9; n++ {
		elems := make([]string, n)
		for k := range n {
			elems[k] = values[k%2*4] // 1 or null
		}
		checkIndex(t, "["+strings.Join(elems, ",")+"]")
	}
}

func checkGet(t *testing.T, src string) {
	t.Helper()
	d, err := dom.Parse([]byte(src))
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	root := d.Root()
	first := map[string]dom.Value{}
	for name, v := range root.All() {
		if _, ok := first[name]; !ok {
			first[name] = v
		}
	}
	for name, want := range first {
		if got := root.Get(name); got != want {
			t.Errorf("%s: Get(%q) = %v at %d, want %v at %d", src, name, got, got.Offset(), want, want.Offset())
		}
	}
	for _, name := range []string{"", "m", "user", "x", "u", "a", "m00", "member1", "member13", "zz", "m\x00"} {
		if _, ok := first[name]; !ok && root.Get(name).Exists() {
			t.Errorf("%s: Get(%q) finds a member that All does not have", src, name)
		}
	}
}

func checkIndex(t *testing.T, src string) {
	t.Helper()
	d, err := dom.Parse([]byte(src))
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	root := d.Root()
	i := 0
	for e := range root.Elements() {
		if got := root.Index(i); got != e {
			t.Errorf("%s: Index(%d) = %v, want %v", src, i, got, e)
		}
		i++
	}
	if i != root.Len() || root.Index(i).Exists() || root.Index(-1).Exists() {
		t.Errorf("%s: %d elements, Len %d, Index(%d) exists: %v", src, i, root.Len(), i, root.Index(i).Exists())
	}
}
