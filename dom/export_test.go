package dom

// SetRowTableMin sets the least element count of an array given a row
// table, and lifts the least size of its elements, for tests (so that
// short arrays of small values get tables); it returns a function that
// restores both.
func SetRowTableMin(n int) (restore func()) {
	saved, span := rowTableMin, minRowSpan
	rowTableMin, minRowSpan = n, 0
	return func() { rowTableMin, minRowSpan = saved, span }
}

// RowColumns returns the number of columns of the Doc's row table if it
// is the table of array v, or -1.
func RowColumns(v Value) int {
	if t := v.d.rows.t.Load(); t != nil && t.arr == v.i {
		return t.ncols
	}
	return -1
}
