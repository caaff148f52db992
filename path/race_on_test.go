//go:build race

package path

// raceEnabled: the race detector makes some values escape, so allocation
// counts differ.
const raceEnabled = true
