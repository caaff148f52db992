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
// look-ups ran over twice in a row, a table with one row per element and
// one column per distinct member name of its elements: the tape index of
// the value of the element's first member of that name (first, as Get
// finds), or 0 (the root, never a member) when it has none. A look-up is
// then one map access per call to find the column, and one load per
// element.
//
// Names are compared as Get compares them, unescaped, so a name spelled
// with escapes shares its column with the plain spelling. The table is
// built only for arrays whose elements share most of their names (see
// rowTableFits), so that its size stays within the array's tape; for other
// arrays the Doc remembers that none fits and look-ups walk.
//
// Like the element table, the row table is built by one goroutine and
// published through an atomic pointer, never modified after that; readers
// of a Doc need no other synchronization (two goroutines may both build
// one, and either is published: they are equal).

// rowTableMin is the least element count of an array given a row table
// (a variable for tests, which set it lower to have tables on small
// inputs).
var rowTableMin = 16

// rowTable is the row table of the array at arr; cols is nil when the
// array's elements do not share their names enough for one.
type rowTable struct {
	arr   uint32
	cols  map[string]int // member name -> column
	width int            // len(cols)
	elems []uint32       // tape index of each element
	cells []uint32       // cells[e*width+c]: see above
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

// rowsFor returns the row table of the array at a, building it if the
// previous call was for a too; nil when there is none (yet), or when the
// array does not fit one.
func (d *Doc) rowsFor(a uint32) *rowTable {
	if t := d.rows.t.Load(); t != nil && t.arr == a {
		if t.cols == nil {
			return nil
		}
		return t
	}
	e := d.tape[a]
	if n := lenOf(e); n < rowTableMin || tagOf(e) != tagArray {
		return nil
	}
	if d.rows.last.Swap(a+1) != a+1 {
		return nil
	}
	t := d.buildRows(a)
	d.rows.t.Store(t)
	if t.cols == nil {
		return nil
	}
	return t
}

// rowTableFits reports whether a table of width columns for n elements
// with members members in all is no larger than the array's part of the
// tape: four bytes a cell, against at least sixteen per element and per
// member there.
func rowTableFits(n, width, members int) bool {
	return n*width <= 4*(n+members)
}

// buildRows builds the row table of the array at a.
func (d *Doc) buildRows(a uint32) *rowTable {
	t := &rowTable{arr: a}
	end := endOf(d.tape[a])
	cols := map[string]int{}
	var buf []byte
	// First pass: the columns, and each member's column in ids.
	var ids []int32
	n := 0
	for j := a + 2; j < end; j = d.skip(j) {
		t.elems = append(t.elems, j)
		n++
		e := d.tape[j]
		if tagOf(e) != tagObject {
			continue
		}
		for m, mend := j+2, endOf(e); m < mend; m = d.skip(m + 1) {
			buf = d.appendContent(buf[:0], m)
			c, ok := cols[string(buf)]
			if !ok {
				c = len(cols)
				cols[string(buf)] = c
			}
			ids = append(ids, int32(c))
		}
	}
	if !rowTableFits(n, len(cols), len(ids)) {
		t.elems = nil
		return t
	}
	t.cols, t.width = cols, len(cols)
	t.cells = make([]uint32, n*t.width)
	// Second pass: the cells, the first member of each name winning.
	k := 0
	for r, j := range t.elems {
		e := d.tape[j]
		if tagOf(e) != tagObject {
			continue
		}
		row := t.cells[r*t.width : (r+1)*t.width]
		for m, mend := j+2, endOf(e); m < mend; m = d.skip(m + 1) {
			if c := ids[k]; row[c] == 0 {
				row[c] = m + 1
			}
			k++
		}
	}
	return t
}

// column returns the column of name in t, and false if no element has a
// member of that name.
func (t *rowTable) column(name string) (int, bool) {
	c, ok := t.cols[name]
	return c, ok
}

// ElementsGetNames returns an iterator over the elements of array v, in
// order, each with its GetNames(names) (Invalid when it has none): the
// current node and the value a filter such as $.a[?@.b.c > 1] tests. It
// yields nothing if v is not an array. On an array it runs over twice in
// a row (as a query run again on the same Doc does), it finds names[0]
// through the Doc's row table rather than by walking each element.
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
		if t := d.rowsFor(v.i); t != nil {
			c, ok := t.column(names[0].s)
			for r, j := range t.elems {
				var x Value
				if ok {
					if i := t.cells[r*t.width+c]; i != 0 {
						x = d.findPath(i, names[1:])
					}
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

// appendRows is AppendGetNames over the row table t of array v.
func (d *Doc) appendRows(dst []Value, t *rowTable, names []Name) []Value {
	c, ok := t.column(names[0].s)
	if !ok {
		return dst
	}
	for i := c; i < len(t.cells); i += t.width {
		if j := t.cells[i]; j != 0 {
			if r := d.findPath(j, names[1:]); r.d != nil {
				dst = append(dst, r)
			}
		}
	}
	return dst
}
