package stream_test

import "github.com/celerjson/celer/internal/celertest"

// raceSample returns files, without, under the race detector, those over
// 256 KiB or nested deeper than 512 levels. They take most of the time of
// the data-driven tests (the indented form of a deep document is quadratic
// in its depth) and run no code the smaller files do not: the Decoder runs
// on one goroutine. The plain pass reads them all.
func raceSample(files []celertest.File) []celertest.File {
	if !raceEnabled {
		return files
	}
	var out []celertest.File
	for _, f := range files {
		if len(f.Data) <= 256<<10 && nesting(f.Data) <= 512 {
			out = append(out, f)
		}
	}
	return out
}

// nesting returns how deep containers nest in data, reading brackets
// outside strings (it needs no valid JSON).
func nesting(data []byte) int {
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
