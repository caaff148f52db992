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
		if !celertest.RaceHeavy(f.Data) {
			out = append(out, f)
		}
	}
	return out
}
