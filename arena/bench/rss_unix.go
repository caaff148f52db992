//go:build unix

package bench

import (
	"os"
	"runtime"
	"syscall"
)

// maxRSS returns the peak resident set size of a finished process, in
// bytes, from its resource usage.
func maxRSS(ps *os.ProcessState) int64 {
	if ps == nil {
		return 0
	}
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	if runtime.GOOS == "darwin" {
		return ru.Maxrss // bytes on macOS
	}
	return ru.Maxrss << 10 // kilobytes elsewhere
}
