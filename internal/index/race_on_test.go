//go:build race

package index

// raceEnabled: the race detector makes some stack values escape, so
// allocation budgets are not checked under -race.
const raceEnabled = true
