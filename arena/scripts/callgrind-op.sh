#!/usr/bin/env bash
# callgrind-op.sh BIN REGEX [N] counts the instructions one benchmark
# operation costs, with valgrind's callgrind: it runs the test binary BIN
# (built with go test -c) on the benchmarks matching REGEX at 1 and at N
# iterations (-test.benchtime 1x and Nx, default N=20) and prints
# (total at N - total at 1) / (N - 1), which takes out process start-up,
# set-up and the benchmark's untimed first operation. Instruction counts
# move little with the load on the machine, unlike times. Run it in the
# benchmark's package folder, e.g.
#   cd arena/bindbench && go test -c -o /tmp/b.test . &&
#     ../scripts/callgrind-op.sh /tmp/b.test 'UnmarshalStruct/citys/celer$' 6
#
# REGEX should match one benchmark. Set GOGC=off in the environment to
# leave the garbage collector out (allocating code then counts only its own
# work); the run uses GOMAXPROCS=1 and no asynchronous preemption so that
# counts repeat. Set KEEP=DIR to keep the callgrind output files there, for
# callgrind_annotate.
set -euo pipefail
bin=$1; re=$2; n=${3:-20}
if ((n < 2)); then
	echo "callgrind-op.sh: N must be at least 2" >&2
	exit 2
fi
dir=${KEEP:-$(mktemp -d)}
mkdir -p "$dir"
total() {
	local out="$dir/callgrind.$1x.out"
	GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off GOMAXPROCS=1 \
		valgrind --tool=callgrind --callgrind-out-file="$out" \
		"$bin" -test.run '^$' -test.bench "$re" -test.benchtime "${1}x" >/dev/null 2>"$dir/err.$1"
	local c
	c=$(grep -a 'Collected' "$dir/err.$1" | awk '{print $4}')
	if [[ -z $c ]]; then
		echo "callgrind-op.sh: no count from valgrind:" >&2
		cat "$dir/err.$1" >&2
		exit 1
	fi
	echo "$c"
}
a=$(total 1)
b=$(total "$n")
echo "$re: $(((b - a) / (n - 1))) instructions/op (N=$n${GOGC:+, GOGC=$GOGC})"
[[ -n ${KEEP:-} ]] || rm -rf "$dir"
