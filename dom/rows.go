package dom

import (
	"iter"
	"sync/atomic"
)

// The row table: a query such as $.a[*].b or $.a[?@.b > 1] looks one
// name up in every element of an array. Get finds a member by walking the
// members before it and checking a candidate's name against the input, a
// chain of loads that misses the cache in a large document; and a position
// remembered from one element proves nothing about the next (an earlier
// member of that one may have the same name, or the entry there may belong
// to a nested value). A Doc therefore keeps, for the array that such
// look-ups ran over twice in a row, a table with one row per element and a
// column for each name looked up since (at most maxRowColumns): the tape
// index of the value of the element's first member of that name, as Get
// finds it, or 0 (the root, never a member) when it has none. A column is
// filled by one walk, the look-up itself, and read by a load per element
// from then on.
//
// The table is built only for arrays whose elements span at least
// minRowSpan tape entries on average (containers), so that its columns
// take no more memory than the array's tape. Like the element table, it is
// never modified once published through an atomic pointer: a new column
// makes a new table sharing the old columns. Readers of a Doc need no
// other synchronization (two goroutines may add a column at once, and one
// of the two tables is kept: both are correct).

// rowTableMin is the least element count of an array given a row table
// (a variable for tests, which set it lower to have tables on small
// inputs).
var rowTableMin = 16

const maxRowColumns = 8

// minRowSpan is the least average number of tape entries (8 bytes) per
// element of an array given a row table: as many bytes as its row (the
// element's index and its cells) may take (a variable for tests, like
// rowTableMin).
var minRowSpan = (4 + maxRowColumns*4 + 7) / 8

// rowTable is the row table of the array at arr.
type rowTable struct {
	arr   uint32
	elems []uint32 // tape index of each element
	cols  []rowColumn
}

// rowColumn is the column of one name.
type rowColumn struct {
	name  string
	hi    uint64   // the Name's hi: the zero Name and MakeName("") differ there
	cells []uint32 // per element: see above
}

// rowCache is a Doc's row table and the array last looked up in.
type rowCache struct {
	t    atomic.Pointer[rowTable]
	last atomic.Uint32 // tape index of the array last looked up in, plus 1
}

// reset forgets the table, for a Doc that is parsed again (which no
// goroutine may read meanwhile).
func (c *rowCache) reset() {
	c.t.Store(nil)
	c.last.Store(0)
}

// rowColumnFor returns the column of nm in the row table of the array at
// a: the cells of its elements, and the tape indexes of the elements. It
// builds the table if the previous call was for a too, and fills the
// column if nm has none yet. It returns nils when a has no table (yet),
// or does not fit one.
func (d *Doc) rowColumnFor(a uint32, nm *Name) (cells, elems []uint32) {
	t := d.rows.t.Load()
	if t == nil || t.arr != a {
		e := d.tape[a]
		n, span := lenOf(e), int(endOf(e)-a-2)
		if n < rowTableMin || tagOf(e) != tagArray || span < minRowSpan*n {
			return nil, nil
		}
		if d.rows.last.Swap(a+1) != a+1 {
			return nil, nil
		}
		t = &rowTable{arr: a, elems: make([]uint32, 0, n)}
		for j := a + 2; j < endOf(e); j = d.skip(j) {
			t.elems = append(t.elems, j)
		}
	}
	for k := range t.cols {
		if c := &t.cols[k]; c.name == nm.s && c.hi == nm.hi {
			return c.cells, t.elems
		}
	}
	cells = make([]uint32, len(t.elems))
	for r, j := range t.elems {
		if v := d.find(j, nm); v.d != nil {
			cells[r] = v.i
		}
	}
	cols := t.cols
	if len(cols) == maxRowColumns {
		cols = cols[1:] // the oldest goes
	}
	nt := &rowTable{arr: a, elems: t.elems, cols: append(cols[:len(cols):len(cols)], rowColumn{nm.s, nm.hi, cells})}
	d.rows.t.Store(nt)
	return cells, t.elems
}

// ElementsGetNames returns an iterator over the elements of array v, in
// order, each with its GetNames(names) (Invalid when it has none): the
// current node and the value a filter such as $.a[?@.b.c > 1] tests. It
// yields nothing if v is not an array. On an array of 16 elements or
// more, mostly containers, that it or AppendGetNames ran over twice in a
// row (as a query run again on the same Doc does), it finds names[0]
// through the Doc's row table rather than by walking each element: the
// first run walks, the second walks and fills the name's column, later
// ones read it.
func (v Value) ElementsGetNames(names []Name) iter.Seq2[Value, Value] {
	// The loop is a static call, which keeps yield (the caller's loop
	// body) from escaping to the heap.
	return func(yield func(Value, Value) bool) { v.elementsGetNames(names, yield) }
}

func (v Value) elementsGetNames(names []Name, yield func(Value, Value) bool) {
	if v.Kind() != Array {
		return
	}
	d := v.d
	if len(names) > 0 {
		if cells, elems := d.rowColumnFor(v.i, &names[0]); cells != nil {
			for r, j := range elems {
				var x Value
				if i := cells[r]; i != 0 {
					x = d.findPath(i, names[1:])
				}
				if !yield(Value{d, j}, x) {
					return
				}
			}
			return
		}
	}
	for c := range v.Elements() {
		if !yield(c, d.findPath(c.i, names)) {
			return
		}
	}
}

// appendRows is AppendGetNames over the cells of names[0] in v's row
// table.
func (d *Doc) appendRows(dst []Value, cells []uint32, names []Name) []Value {
	for _, j := range cells {
		if j != 0 {
			if r := d.findPath(j, names[1:]); r.d != nil {
				dst = append(dst, r)
			}
		}
	}
	return dst
}
