package dom_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/celerjson/celer/dom"
)

// rowsDoc has arrays for the row table: "a", 42 elements of seven shapes
// (a name sought inside a nested value before the member, the same name
// escaped and then plain, a repeated name, elements that are not objects,
// objects without the name); "b", whose elements share no names (too
// sparse for a table); "s", scalars; "t", too short for a table.
func rowsDoc() string {
	var b strings.Builder
	b.WriteString(`{"a": [`)
	for k := range 42 {
		if k > 0 {
			b.WriteString(",\n")
		}
		switch k % 7 {
		case 0:
			fmt.Fprintf(&b, `{"x": {"b": 1, "c": 2}, "b": {"c": %d}}`, k)
		case 1:
			fmt.Fprintf(&b, `{"\u0062": {"c": "esc%d"}, "b": {"c": "second"}, "y": %d}`, k, k)
		case 2:
			fmt.Fprintf(&b, `{"b": {"c": %d, "c": "dup"}, "b": {"c": "dup"}}`, k)
		case 3:
			fmt.Fprintf(&b, `[{"b": {"c": %d}}]`, k)
		case 4:
			b.WriteString(`"b"`)
		case 5:
			fmt.Fprintf(&b, `{"c": %d, "d": [1, 2, {"b": 3}]}`, k)
		case 6:
			fmt.Fprintf(&b, `{"y": %d, "b": {"d": 1, "c": [%d]}, "x": null}`, k, k)
		}
	}
	b.WriteString(`], "b": [`)
	for k := range 40 {
		if k > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"n%d": {"c": %d}, "b": %d}`, k, k, k)
	}
	b.WriteString(`], "s": [`)
	for k := range 30 {
		if k > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `%d`, k)
	}
	b.WriteString(`], "t": [{"b": {"c": 1}}, {"b": 2}]}`)
	return b.String()
}

var rowsPaths = [][]string{{"b"}, {"b", "c"}, {"x"}, {"y"}, {"c"}, {"d"}, {"b", "d"}, {"zz"}, {"n3", "c"}, {}, {"b", "c", "c"}}

// wantRows is what AppendGetNames and ElementsGetNames must give, from
// chained Get calls on each element.
func wantRows(a dom.Value, path []string) (elems, found []dom.Value) {
	for e := range a.Elements() {
		r := e
		for _, s := range path {
			r = r.Get(s)
		}
		elems = append(elems, e)
		found = append(found, r)
	}
	return elems, found
}

func makeNames(path []string) []dom.Name {
	names := make([]dom.Name, len(path))
	for i, s := range path {
		names[i] = dom.MakeName(s)
	}
	return names
}

// checkRows compares AppendGetNames and ElementsGetNames on a with
// chained Get; it returns a message for the first difference.
func checkRows(a dom.Value, path []string) string {
	elems, found := wantRows(a, path)
	var want []dom.Value
	for _, r := range found {
		if r.Exists() {
			want = append(want, r)
		}
	}
	names := makeNames(path)
	if got := a.AppendGetNames(nil, names); !slices.Equal(got, want) {
		return fmt.Sprintf("AppendGetNames(%q): %v, want %v", path, got, want)
	}
	k := 0
	for e, r := range a.ElementsGetNames(names) {
		if k >= len(elems) || e != elems[k] || r != found[k] {
			return fmt.Sprintf("ElementsGetNames(%q): element %d differs", path, k)
		}
		k++
	}
	if k != len(elems) {
		return fmt.Sprintf("ElementsGetNames(%q): %d elements, want %d", path, k, len(elems))
	}
	return ""
}

// TestRowTable runs the look-ups on each array several times in a row
// (so that the row table is built, then used) and alternating between
// arrays (so that it is rebuilt), against chained Get.
func TestRowTable(t *testing.T) {
	d, err := dom.Parse([]byte(rowsDoc()))
	if err != nil {
		t.Fatal(err)
	}
	arrays := []string{"a", "b", "s", "t", "a", "b", "a"}
	for _, name := range arrays {
		a := d.Root().Get(name)
		for _, path := range rowsPaths {
			for round := range 3 {
				if msg := checkRows(a, path); msg != "" {
					t.Fatalf("array %s, round %d: %s", name, round, msg)
				}
			}
		}
	}
	// A few values to be sure the reference itself finds what it should.
	a := d.Root().Get("a")
	if v := a.Index(1).GetNames(makeNames([]string{"b", "c"})); v.String() != "esc1" {
		t.Errorf("escaped name first: %s", v)
	}
	if v := a.Index(2).GetNames(makeNames([]string{"b", "c"})); v.String() != "2" {
		t.Errorf("repeated name: %s", v)
	}
	// Stopping the iteration early.
	for range a.ElementsGetNames(makeNames([]string{"b"})) {
		break
	}
}

// TestRowTableParserReuse: a Parser's next Doc must not see the row table
// built on the previous one, even for an array at the same tape index.
func TestRowTableParserReuse(t *testing.T) {
	var p dom.Parser
	one := `{"a": [` + strings.Repeat(`{"b": 1, "c": 2},`, 20) + `{"b": 1, "c": 2}]}`
	two := `{"a": [` + strings.Repeat(`{"c": 3, "b": 4},`, 20) + `{"c": 3, "b": 4}]}`
	for _, in := range []string{one, two, one} {
		d, err := p.Parse([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		for round := range 3 {
			for _, path := range [][]string{{"b"}, {"c"}} {
				if msg := checkRows(d.Root().Get("a"), path); msg != "" {
					t.Fatalf("round %d: %s", round, msg)
				}
			}
		}
	}
}

// TestRowTableConcurrent has goroutines run the look-ups on two arrays of
// one Doc at once, so that row tables are built, published and replaced
// while others read them (run with -race).
func TestRowTableConcurrent(t *testing.T) {
	d, err := dom.Parse([]byte(rowsDoc()))
	if err != nil {
		t.Fatal(err)
	}
	arrays := []dom.Value{d.Root().Get("a"), d.Root().Get("b")}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for r := range 60 {
				a := arrays[(g+r/4)%2]
				if msg := checkRows(a, rowsPaths[(g+r)%len(rowsPaths)]); msg != "" {
					t.Error(msg)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestRowTableZeroName: a column made for the name "" must not answer for
// the zero Name, which matches no member.
func TestRowTableZeroName(t *testing.T) {
	d, err := dom.Parse([]byte(`[` + strings.Repeat(`{"": {"x": 1}, "a": 2},`, 20) + `{"": 3}]`))
	if err != nil {
		t.Fatal(err)
	}
	empty := []dom.Name{dom.MakeName("")}
	for range 3 {
		if got := d.Root().AppendGetNames(nil, empty); len(got) != 21 {
			t.Fatalf("AppendGetNames(\"\"): %d values, want 21", len(got))
		}
	}
	zero := []dom.Name{{}}
	if got := d.Root().AppendGetNames(nil, zero); len(got) != 0 {
		t.Errorf("AppendGetNames(zero Name): %d values, want none", len(got))
	}
	for _, x := range d.Root().ElementsGetNames(zero) {
		if x.Exists() {
			t.Fatal("ElementsGetNames(zero Name) finds a member")
		}
	}
}

// rowNames are the member names of the items of recordsDoc.
var rowNames = []string{"p", "q", "r", "s", "t", "u", "v", "w", "x"}

// recordsDoc parses an array of 40 records, each with an array "items" of
// 20 objects whose members are rowNames (and a nested object): each items
// array is large enough for a row table. It returns the items arrays.
func recordsDoc(t *testing.T) []dom.Value {
	var b strings.Builder
	b.WriteByte('[')
	for r := range 40 {
		if r > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id": %d, "items": [`, r)
		for k := range 20 {
			if k > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`{"o": {"p": 0}`)
			for i, s := range rowNames {
				fmt.Fprintf(&b, `, "%s": %d`, s, (r+k+i)%7)
			}
			b.WriteByte('}')
		}
		b.WriteString(`]}`)
	}
	b.WriteByte(']')
	d, err := dom.Parse([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	var items []dom.Value
	for rec := range d.Root().Elements() {
		items = append(items, rec.Get("items"))
	}
	return items
}

// TestRowTableTwoLookups: an array looked up twice in a row, then left
// (a union of two filters on each of many arrays, or a loop reading two
// names of each record's array), must not have a row table built for it:
// the table would never be read, and costs allocations on every array.
func TestRowTableTwoLookups(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under the race detector")
	}
	items := recordsDoc(t)
	p, q := makeNames([]string{"p"}), makeNames([]string{"q"})
	buf := make([]dom.Value, 0, 64)
	for _, tc := range []struct {
		name          string
		first, second []dom.Name
	}{{"p then q", p, q}, {"p twice", p, p}} {
		if n := testing.AllocsPerRun(10, func() {
			for _, a := range items {
				buf = a.AppendGetNames(buf[:0], tc.first)
				buf = a.AppendGetNames(buf[:0], tc.second)
			}
		}); n != 0 {
			t.Errorf("AppendGetNames %s on %d arrays: %v allocations per run", tc.name, len(items), n)
		}
		if n := testing.AllocsPerRun(10, func() {
			for _, a := range items {
				for range a.ElementsGetNames(tc.first) {
				}
				for range a.ElementsGetNames(tc.second) {
				}
			}
		}); n != 0 {
			t.Errorf("ElementsGetNames %s on %d arrays: %v allocations per run", tc.name, len(items), n)
		}
	}
	// Such an array does get a table when looked up again.
	for range 4 {
		buf = items[0].AppendGetNames(buf[:0], p)
	}
	if n := dom.RowColumns(items[0]); n != 1 {
		t.Errorf("after four look-ups of one name: %d row table columns, want 1", n)
	}
}

// TestRowTableManyNames cycles through more names than a row table has
// columns, on one array: once the table is full, the names it holds must
// keep their columns and the others be looked up without allocating.
func TestRowTableManyNames(t *testing.T) {
	items := recordsDoc(t)
	a := items[3]
	names := make([][]dom.Name, len(rowNames))
	for i, s := range rowNames {
		names[i] = makeNames([]string{s})
	}
	buf := make([]dom.Value, 0, 64)
	cycle := func() {
		for _, nm := range names {
			buf = a.AppendGetNames(buf[:0], nm)
		}
	}
	for range 20 {
		cycle()
	}
	if n := dom.RowColumns(a); n != 8 {
		t.Fatalf("after 20 cycles through %d names: %d row table columns, want 8", len(names), n)
	}
	if !raceEnabled {
		// One run of 20 cycles: AllocsPerRun rounds the count per run
		// down, which would hide an allocation every few cycles.
		if n := testing.AllocsPerRun(1, func() {
			for range 20 {
				cycle()
			}
		}); n != 0 {
			t.Errorf("cycling 20 times through %d names: %v allocations", len(names), n)
		}
	}
	for _, s := range rowNames {
		if msg := checkRows(a, []string{s}); msg != "" {
			t.Fatal(msg)
		}
	}
}

// TestRowTableAlternate alternates look-ups between an array with a row
// table and another: the table must stay, and nothing be allocated.
func TestRowTableAlternate(t *testing.T) {
	items := recordsDoc(t)
	a, b := items[0], items[1]
	p := makeNames([]string{"p"})
	buf := make([]dom.Value, 0, 64)
	for range 4 {
		buf = a.AppendGetNames(buf[:0], p)
	}
	if n := dom.RowColumns(a); n != 1 {
		t.Fatalf("after four look-ups: %d row table columns, want 1", n)
	}
	alternate := func() {
		buf = a.AppendGetNames(buf[:0], p)
		buf = b.AppendGetNames(buf[:0], p)
	}
	if !raceEnabled {
		if n := testing.AllocsPerRun(1, func() {
			for range 50 {
				alternate()
			}
		}); n != 0 {
			t.Errorf("alternating 50 times between two arrays: %v allocations", n)
		}
	} else {
		for range 50 {
			alternate()
		}
	}
	if n := dom.RowColumns(a); n != 1 {
		t.Errorf("after alternating: the first array's table has %d columns, want 1", n)
	}
	for _, v := range []dom.Value{a, b} {
		if msg := checkRows(v, []string{"p"}); msg != "" {
			t.Fatal(msg)
		}
	}
}
