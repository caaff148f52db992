//go:build race

package celer_test

// raceEnabled: the binary was built with -race, which slows the scanners
// about ten-fold. The syntax functions run on one goroutine, so under it
// the long data-driven comparisons skip the largest inputs; the plain
// pass runs them all.
const raceEnabled = true
