package main

import "fmt"

// benchCommand is the "bench" subcommand, registered in commands. This file
// is a placeholder, to be replaced by the benchmark harness.
var benchCommand = command{cmdBench, "benchmark celer against other JSON libraries"}

// cmdBench reports that benchmarks are not available yet.
func cmdBench(e *env, args []string) int {
	fmt.Fprintln(e.stderr, "celer bench: not yet implemented")
	return exitUsage
}
