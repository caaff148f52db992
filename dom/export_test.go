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
