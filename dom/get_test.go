package dom_test

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
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

func checkGet(t *testing.T, src string, absent ...string) {
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
		if n := dom.MakeName(name); root.GetName(&n) != want {
			got := root.GetName(&n)
			t.Errorf("%s: GetName(%q) = %v at %d, want %v at %d", src, name, got, got.Offset(), want, want.Offset())
		}
	}
	if root.GetName(&dom.Name{}).Exists() {
		t.Errorf("%s: the zero Name finds a member", src)
	}
	for _, name := range append(absent, "", "m", "user", "x", "u", "a", "m00", "member1", "member13", "zz", "m\x00") {
		n := dom.MakeName(name)
		if _, ok := first[name]; !ok && (root.Get(name).Exists() || root.GetName(&n).Exists()) {
			t.Errorf("%s: Get(%q) finds a member that All does not have", src, name)
		}
	}
}

// TestGetNameLengths checks Get and GetName on names of 0 to 40 bytes
// that differ from each other only in their last byte, or only in one
// byte at each position (so that every word of the prepared compare and
// the rest compared after it must decide), with scalar and container
// values, near the start of a long input and at its very end (where the
// compare cannot load whole words).
func TestGetNameLengths(t *testing.T) {
	base := "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH"
	for n := 0; n <= 40; n++ {
		name := base[:n]
		var others []string
		for i := range n {
			others = append(others, name[:i]+"~"+name[i+1:])
		}
		for _, val := range []string{`1`, `[1]`, `{"a":2}`} {
			var members []string
			for _, o := range others {
				members = append(members, `"`+o+`":0`)
			}
			members = append(members, `"`+name+`":`+val)
			obj := "{" + strings.Join(members, ",") + "}"
			pad := `,"pad":"` + strings.Repeat("p", 40) + `"}`
			checkGet(t, obj, others...)
			checkGet(t, obj[:len(obj)-1]+pad, append(others, name+"~")...) // words load
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

// TestElementsStep checks ElementsStep against Elements on arrays of
// scalars and of containers, for bounds inside, at and beyond the array
// and steps from 1 to beyond its length (and an overflowing one).
func TestElementsStep(t *testing.T) {
	var big strings.Builder // an array large enough for an element table
	big.WriteByte('[')
	for k := range 100 {
		if k > 0 {
			big.WriteByte(',')
		}
		big.WriteString([]string{`{"a":1}`, `[2,[3]]`, `4`, `{}`, `[]`, `"x"`, `{"b":{"c":[5]}}`}[k%7])
	}
	big.WriteByte(']')
	for _, text := range []string{
		`[]`, `[1]`, `[1,"a",null,true,2.5,false,"b",3,4,5,6]`,
		`[{"a":1},[2,[3]],4,{},[],"x",{"b":{"c":[5]}},6,[7],8,{"d":9}]`, big.String(),
	} {
		d, err := dom.Parse([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		var all []dom.Value
		for e := range d.Root().Elements() {
			all = append(all, e)
		}
		n := len(all)
		for start := -2; start <= n+1; start++ {
			for end := -1; end <= n+2; end++ {
				for _, step := range []int{-1, 0, 1, 2, 3, 5, n + 1, math.MaxInt} {
					var want []int
					if step > 0 {
						for i := max(start, 0); i < min(end, n); i += step {
							want = append(want, i)
							if step > n {
								break
							}
						}
					}
					var got []int
					for i, e := range d.Root().ElementsStep(start, end, step) {
						if e != all[i] {
							t.Fatalf("%s: ElementsStep(%d, %d, %d) yields a wrong element at %d", text, start, end, step, i)
						}
						got = append(got, i)
					}
					if fmt.Sprint(got) != fmt.Sprint(want) {
						t.Errorf("%s: ElementsStep(%d, %d, %d) yields %v, want %v", text, start, end, step, got, want)
					}
				}
			}
		}
		// Stopping early.
		for range d.Root().ElementsStep(0, n, 1) {
			break
		}
		for i := range n + 1 { // with the element table for big
			if got := d.Root().Index(i); i < n && got != all[i] || i == n && got.Exists() {
				t.Fatalf("%s: Index(%d) = %v", text, i, got)
			}
		}
	}
	if d, _ := dom.Parse([]byte(`{"a":[1]}`)); len(slices.Collect(func(y func(int) bool) {
		for i := range d.Root().ElementsStep(0, 9, 1) {
			y(i)
		}
	})) != 0 {
		t.Error("ElementsStep yields from an object")
	}
}

// TestElementTableConcurrent has goroutines step over two large arrays
// (so that the Doc's element table is built and rebuilt) and index them,
// checking every element against Elements (run with -race).
func TestElementTableConcurrent(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"a":[`)
	for k := range 300 {
		if k > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"k":%d,"v":[%d]}`, k, k)
	}
	b.WriteString(`],"b":[`)
	for k := range 200 {
		if k > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `[%d,{"x":%d}]`, k, k)
	}
	b.WriteString(`]}`)
	d, err := dom.Parse([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	arrays := []dom.Value{d.Root().Get("a"), d.Root().Get("b")}
	var want [2][]dom.Value
	for x, a := range arrays {
		want[x] = slices.Collect(a.Elements())
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for r := range 50 {
				x := (g + r/3) % 2
				a, w := arrays[x], want[x]
				step := 1 + (g+r)%5
				for i, e := range a.ElementsStep(r%7, len(w), step) {
					if e != w[i] {
						t.Errorf("array %d: element %d differs", x, i)
						return
					}
				}
				if i := (r * 37) % len(w); a.Index(i) != w[i] {
					t.Errorf("array %d: Index(%d) differs", x, i)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestAppendGetNames: the values $.a[*].b.c selects, on an array whose
// elements are objects with containers before the names sought, objects
// without them, and values of other kinds; and on values that are not
// arrays.
func TestAppendGetNames(t *testing.T) {
	d, err := dom.Parse([]byte(`{"a": [
		{"m": {"b": 0}, "x": 1, "b": {"n": [1], "c": "one"}},
		{"b": {"c": 2, "c": 3}},
		{"b": {"d": 4}},
		{"b": [{"c": 5}]},
		[{"b": {"c": 6}}],
		7, "b", null,
		{"b": "c"},
		{"x": {"b": {"c": 8}}, "b": {"c": {"z": 9}}}
	], "e": []}`))
	if err != nil {
		t.Fatal(err)
	}
	names := []dom.Name{dom.MakeName("b"), dom.MakeName("c")}
	a := d.Root().Get("a")
	got := a.AppendGetNames(nil, names)
	var texts []string
	for _, v := range got {
		texts = append(texts, v.String())
	}
	if want := []string{"one", "2", `{"z":9}`}; !slices.Equal(texts, want) {
		t.Errorf("AppendGetNames: %q, want %q", texts, want)
	}
	if got := a.AppendGetNames(got[:1], nil); len(got) != 1+10 {
		t.Errorf("AppendGetNames with no names: %d values, want every element after the first", len(got))
	}
	for _, v := range []dom.Value{d.Root(), d.Root().Get("e"), d.Root().Get("nope"), a.Index(5)} {
		if got := v.AppendGetNames(nil, names); len(got) != 0 {
			t.Errorf("AppendGetNames on %s: %d values", v, len(got))
		}
	}
	if v := a.Index(0).GetNames(names); v.String() != "one" {
		t.Errorf("GetNames: %s", v)
	}
	if v := (dom.Value{}).GetNames(names); v.Exists() {
		t.Errorf("GetNames on Invalid: %s", v)
	}
}
