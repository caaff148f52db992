//go:build race && !purego && amd64

package index

import (
	"runtime"
	"unsafe"
)

// raceRead and raceWrite tell the race detector about memory that the
// assembly reads or writes; it cannot see those accesses itself.
func raceRead(b []byte) {
	if len(b) > 0 {
		runtime.RaceReadRange(unsafe.Pointer(unsafe.SliceData(b)), len(b))
	}
}

func raceWriteBytes(b []byte) {
	if len(b) > 0 {
		runtime.RaceWriteRange(unsafe.Pointer(unsafe.SliceData(b)), len(b))
	}
}

func raceWrite(p []uint32) {
	if len(p) > 0 {
		runtime.RaceWriteRange(unsafe.Pointer(unsafe.SliceData(p)), len(p)*4)
	}
}
