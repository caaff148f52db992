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
// to a nested value). A Doc therefore keeps, for one array that such
// look-ups keep coming back to, a table with one row per element and a
// column for each of up to maxRowColumns names looked up again: the tape
// index of the value of the element's first member of that name, as Get
// finds it, or 0 (the root, never a member) when it has none. A column is
// filled by one walk, which is the look-up itself (the walk that builds
// the table also lists the elements), and read by a load per element from
// then on.
//
// Building costs allocations that only later look-ups pay back, so a
// column is made only for a name that comes back: the Doc remembers the
// current run of look-ups on one array (see rowRun), and a name gets a
// column when it is looked up on that array again, after at least two
// look-ups there. An array looked up twice and then left (a union of two
// filters over each of many arrays) gets none, nor does a name looked up
// once; a query run again on the same array gets its columns on its
// second or third run. A full table gets no more columns: its names keep
// them, and others are found by walking. A look-up answered by the table
// starts or continues the run on its array too, so that look-ups
// alternating between that array and another leave the table in place.
//
// The table is built only for arrays whose elements span at least
// minRowSpan tape entries on average (containers), so that its columns
// take no more memory than the array's tape. Like the element table, it is
// never modified once published through an atomic pointer: a new column
// makes a new table sharing the old columns. Readers of a Doc need no
// other synchronization (two goroutines may add a column at once, and one
// of the two tables is kept: both are correct; the run is a heuristic,
// which lost updates make no less correct).

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
	ncols int
	elems []uint32 // tape index of each element
	cols  [maxRowColumns]rowColumn
}

// rowColumn is the column of one name.
type rowColumn struct {
	name  string
	hi    uint64   // the Name's hi: the zero Name and MakeName("") differ there
	cells []uint32 // per element: see above
}

// column returns the column of nm, or nil.
func (t *rowTable) column(nm *Name) *rowColumn {
	for k := range t.ncols {
		if c := &t.cols[k]; c.name == nm.s && c.hi == nm.hi {
			return c
		}
	}
	return nil
}

// rowCache is a Doc's row table and its current run of look-ups.
type rowCache struct {
	t   atomic.Pointer[rowTable]
	run atomic.Uint64 // a rowRun
}

// A rowRun is the current run of look-ups on one array, in a word so that
// it is read and written at once: the array's tape index plus 1 (0:
// none) in the low 32 bits; above them, the number of look-ups in the run
// (saturating at 3) in 2 bits, and the tags (see Name.rowTag) of the
// first two names that the table had no column for, in 15 bits each (0:
// none).
const (
	runCountShift = 32
	runTag1Shift  = 34
	runTag2Shift  = 49
	runTagMask    = 1<<15 - 1
)

// rowTag returns a 15-bit tag of n for rowRun, never 0. Names that differ
// seldom share a tag, and when they do, the cost is a column made for a
// name that did not come back.
func (n *Name) rowTag() uint64 {
	h := (n.word ^ n.word2<<1 ^ n.hi ^ uint64(len(n.s))) * 0x9e3779b97f4a7c15
	return max(h>>49, 1)
}

// reset forgets the table, for a Doc that is parsed again (which no
// goroutine may read meanwhile).
func (c *rowCache) reset() {
	c.t.Store(nil)
	c.run.Store(0)
}

// note records a look-up on the array at a in the run, for a name with
// tag (see Name.rowTag) that has no column, or tag 0 for one that has
// (or that is not to get one). It reports whether that name had no column
// earlier in the run, after at least two look-ups in it: whether it is
// to get one now. It writes the run only when it changes, so that
// concurrent readers of one table do not write a shared word on every
// look-up.
func (c *rowCache) note(a uint32, tag uint64) bool {
	old := c.run.Load()
	run, again := uint64(a+1)|1<<runCountShift|tag<<runTag1Shift, false
	if uint32(old) == a+1 {
		n := old >> runCountShift & 3
		t1, t2 := old>>runTag1Shift&runTagMask, old>>runTag2Shift
		switch {
		case tag == 0:
		case tag == t1 || tag == t2:
			if n >= 2 {
				again = true // and it leaves the run's names
				if tag == t1 {
					t1 = t2
				}
				t2 = 0
			}
		case t1 == 0:
			t1 = tag
		case t2 == 0:
			t2 = tag
		}
		run = uint64(a+1) | min(n+1, 3)<<runCountShift | t1<<runTag1Shift | t2<<runTag2Shift
	}
	if run != old {
		c.run.Store(run)
	}
	return again
}

// rowColumnFor returns the column of nm in the row table of the array at
// a: the cells of its elements, and the tape indexes of the elements. It
// builds the table, or fills the column, when nm comes back (see note).
// It returns nils when a has no column for nm (yet), or does not fit a
// table.
func (d *Doc) rowColumnFor(a uint32, nm *Name) (cells, elems []uint32) {
	t := d.rows.t.Load()
	if t != nil && t.arr == a {
		if c := t.column(nm); c != nil {
			d.rows.note(a, 0)
			return c.cells, t.elems
		}
		if t.ncols == maxRowColumns {
			d.rows.note(a, 0)
			return nil, nil
		}
	} else {
		e := d.tape[a]
		n, span := lenOf(e), int(endOf(e)-a-2)
		if n < rowTableMin || n == lenMax || tagOf(e) != tagArray || span < minRowSpan*n {
			return nil, nil
		}
		t = nil
	}
	if !d.rows.note(a, nm.rowTag()) {
		return nil, nil
	}
	nt := new(rowTable)
	if t == nil {
		// One walk lists the elements and fills the first column; one
		// allocation holds both.
		e := d.tape[a]
		n := lenOf(e)
		buf := make([]uint32, 2*n)
		elems, cells = buf[:n:n], buf[n:]
		r := 0
		for j := a + 2; j < endOf(e) && r < n; j = d.skip(j) {
			elems[r] = j
			if v := d.find(j, nm); v.d != nil {
				cells[r] = v.i
			}
			r++
		}
		nt.arr, nt.elems = a, elems
	} else {
		elems = t.elems
		cells = make([]uint32, len(elems))
		for r, j := range elems {
			if v := d.find(j, nm); v.d != nil {
				cells[r] = v.i
			}
		}
		*nt = *t
	}
	nt.cols[nt.ncols] = rowColumn{nm.s, nm.hi, cells}
	nt.ncols++
	d.rows.t.Store(nt)
	return cells, elems
}

// ElementsGetNames returns an iterator over the elements of array v, in
// order, each with its GetNames(names) (Invalid when it has none): the
// current node and the value a filter such as $.a[?@.b.c > 1] tests. It
// yields nothing if v is not an array. On an array of 16 elements or
// more, mostly containers, that it and AppendGetNames keep coming back to
// with names[0] (as a query run again on the same Doc does), it may find
// names[0] through the Doc's row table rather than by walking each
// element: the first runs walk, one of them (the second or third) also
// fills the name's column, and later ones read it as long as the Doc
// keeps the table (it has one, for the array look-ups last came back to,
// with at most 8 names).
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
