//go:build race

package stream_test

// raceEnabled: the binary was built with -race, which slows the scanners
// about ten-fold and makes allocations. The Decoder runs on one goroutine,
// so the race pass runs the long data-driven tests on a sample (see
// raceSample); the plain pass runs them in full.
const raceEnabled = true
