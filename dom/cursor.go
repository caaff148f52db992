package dom

import "sync/atomic"

// A cursor remembers where Index last found an element of an array of
// containers (whose elements it must step over one by one), so that the
// next call on the same array steps on from there when it asks for that
// element or a later one: a loop over the indexes of an array is then
// O(n), not O(n²).
//
// Docs are read by many goroutines at once, so the cursor is a sequence
// lock over two words, without allocation: a reader retries nothing, it
// uses the cursor only when it reads the same even sequence number before
// and after the two words; a writer that finds the lock taken or loses
// the race to take it does not record its position. Go's atomics are
// sequentially consistent, which is what the sequence lock needs.
type cursor struct {
	seq  atomic.Uint64 // even: the words are stable; odd: being written
	arr  atomic.Uint64 // tape index of the array plus 1 (0: none) << 32 | element number
	elem atomic.Uint64 // tape index of that element
}

// cursorMin is the least element number for which Index consults the
// cursor, and the least number of steps after which it records one: below
// that, stepping is cheaper than the cursor's atomics.
const cursorMin = 8

// load returns the element number and tape index the cursor holds for
// the array at tape index a, if it holds one.
func (c *cursor) load(a uint32) (k int, j int, ok bool) {
	s := c.seq.Load()
	if s&1 != 0 {
		return 0, 0, false
	}
	x, y := c.arr.Load(), c.elem.Load()
	if c.seq.Load() != s || x>>32 != uint64(a)+1 {
		return 0, 0, false
	}
	return int(uint32(x)), int(y), true
}

// store records that element k of the array at tape index a is at tape
// index j, unless another goroutine is writing the cursor.
func (c *cursor) store(a uint32, k, j int) {
	s := c.seq.Load()
	if s&1 != 0 || !c.seq.CompareAndSwap(s, s+1) {
		return
	}
	c.arr.Store((uint64(a)+1)<<32 | uint64(uint32(k)))
	c.elem.Store(uint64(j))
	c.seq.Store(s + 2)
}

// reset forgets the cursor's position, for a Doc that is parsed again
// (which no goroutine may read meanwhile).
func (c *cursor) reset() {
	c.arr.Store(0)
}
