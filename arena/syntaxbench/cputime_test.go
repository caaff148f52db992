package syntaxbench

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime returns the CPU time (user and system) the process has used so
// far, or 0 where getrusage fails.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU adds the metric cpu-ns/op: the CPU time the process used per
// iteration since start (a cpuTime reading taken before the loop). On a
// shared, loaded machine wall-clock ns/op grows with the time the process
// waits for a core; CPU time does not, so it compares builds and
// contenders more steadily. It includes the garbage collector's work on
// other threads, which a contender's allocations cause. (A copy of
// arena/dombench's helper: test files cannot be shared between packages.)
func reportCPU(b *testing.B, start time.Duration) {
	if b.N > 0 && start > 0 {
		b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
	}
}
