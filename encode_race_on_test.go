//go:build race

package celer

// encRaceEnabled: the binary was built with -race (under which sync.Pool
// drops states at random, and allocation counts differ).
const encRaceEnabled = true
