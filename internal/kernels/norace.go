//go:build !race

package kernels

// raceEnabled reports a -race build.
const raceEnabled = false

// raceRead reports assembly reads to the race detector; see race.go. It
// does nothing in builds without -race.
func raceRead(b []byte, n int) {}
