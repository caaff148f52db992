// Package cputime reports the CPU time a benchmark used per operation.
//
// On a shared, loaded machine wall-clock ns/op grows with the time the
// process waits for a core; CPU time does not, so it compares builds and
// contenders more steadily. It includes the garbage collector's work on
// other threads, which a contender's allocations cause.
package cputime

import (
	"syscall"
	"testing"
	"time"
)

// Now returns the CPU time (user and system) the process has used so far,
// or 0 where getrusage fails.
func Now() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Report adds the metric cpu-ns/op to b: the CPU time used per iteration
// since start, a reading of Now taken before the benchmark loop.
func Report(b *testing.B, start time.Duration) {
	if b.N > 0 && start > 0 {
		b.ReportMetric(float64(Now()-start)/float64(b.N), "cpu-ns/op")
	}
}
