//go:build race

package scan

// raceEnabled: the binary was built with -race, which slows the scanners
// about ten-fold. They run on one goroutine, so the race pass runs the
// long data-driven tests on a sample (see raceSkip); the plain pass runs
// them in full.
const raceEnabled = true
