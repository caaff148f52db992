//go:build race

package celer

// raceEnabled: the binary was built with -race (under which sync.Pool
// drops states at random).
const raceEnabled = true
