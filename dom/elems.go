package dom

import "sync/atomic"

// The element table: stepping over the elements of an array of containers
// is a chain of dependent loads (each element's entry gives where the next
// one starts), so selecting every k-th element of a large array costs as
// much as visiting all of them, mostly in memory latency. A Doc keeps the
// tape indexes of the elements of one array, the last one stepped over
// twice in a row by ElementsStep, so that ElementsStep and Index on it are
// direct: a query run again on the same Doc, or a loop of lookups,
// reaches its elements without the chain. Building the table walks the
// array once, which the second walk would have done anyway.
//
// The table is built by one goroutine and published through an atomic
// pointer, never modified after that: concurrent readers need no other
// synchronization.

// elemTableMin is the least element count of an array given a table.
const elemTableMin = 32

// elemTable lists the tape indexes of the elements of the array at arr.
type elemTable struct {
	arr   uint32
	elems []uint32
}

// elemCache is a Doc's element table and the array last stepped over.
type elemCache struct {
	t    atomic.Pointer[elemTable]
	last atomic.Uint32 // tape index of the array last stepped over, plus 1
}

// reset forgets the table, for a Doc that is parsed again (which no
// goroutine may read meanwhile).
func (c *elemCache) reset() {
	c.t.Store(nil)
	c.last.Store(0)
}

// elemTable returns the tape indexes of the elements of the array at a if
// the Doc has them, else nil.
func (d *Doc) elemTable(a uint32) []uint32 {
	if t := d.elems.t.Load(); t != nil && t.arr == a {
		return t.elems
	}
	return nil
}

// noteStep records that ElementsStep stepped over the elements of the
// array at a, with n elements, and builds its table if it was the array
// stepped over last time too.
func (d *Doc) noteStep(a uint32, n int) {
	if d.elems.last.Swap(a+1) != a+1 {
		return
	}
	elems := make([]uint32, 0, n)
	for j, end := a+2, endOf(d.tape[a]); j < end; j = d.skip(j) {
		elems = append(elems, j)
	}
	d.elems.t.Store(&elemTable{arr: a, elems: elems})
}
