package dom

// SetRowTableMin sets the least element count of an array given a row
// table, for tests, and returns a function that restores it.
func SetRowTableMin(n int) (restore func()) {
	saved := rowTableMin
	rowTableMin = n
	return func() { rowTableMin = saved }
}
