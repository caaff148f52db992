package celertest

// RaceHeavy reports whether data is one of the inputs that data-driven
// tests leave out of their -race pass (each package knows, from a
// build-tagged constant, whether the race detector is on): over 256 KiB,
// or nested deeper than 512 levels (an indented form of a deep document
// is quadratic in its depth: two JSONTestSuite files took most of several
// packages' race passes). They run no code on one goroutine that smaller
// inputs do not; the plain pass reads them all.
func RaceHeavy(data []byte) bool {
	return len(data) > 256<<10 || Nesting(data) > 512
}

// Nesting returns how deep containers nest in data, counting brackets
// outside strings (data need not be valid JSON).
func Nesting(data []byte) int {
	depth, most, inStr := 0, 0, false
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case inStr && c == '\\':
			i++
		case c == '"':
			inStr = !inStr
		case inStr:
		case c == '[' || c == '{':
			depth++
			most = max(most, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return most
}
