//go:build race

package kernels

import (
	"runtime"
	"unsafe"
)

// raceEnabled reports a -race build; tests then cut their exhaustive loops.
const raceEnabled = true

// raceRead tells the race detector that an assembly kernel read the bytes
// that decided its answer: b up to and including the byte at index n (the
// one it stopped at), or all of b when n == len(b). The detector cannot see
// reads made by assembly; without this, data races on the input would go
// unreported under -race.
func raceRead(b []byte, n int) {
	if n < len(b) {
		n++
	}
	if n > 0 {
		runtime.RaceReadRange(unsafe.Pointer(unsafe.SliceData(b)), n)
	}
}
