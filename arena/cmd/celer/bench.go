package main

import "github.com/celerjson/celer/arena/bench"

// benchCommand is the "bench" subcommand, registered in commands: the
// arena's main job (package arena/bench).
var benchCommand = command{cmdBench, "benchmark celer against other JSON libraries"}

func cmdBench(e *env, args []string) int {
	return bench.Main(args, e.stdout, e.stderr)
}
