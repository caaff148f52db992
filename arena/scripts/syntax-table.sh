#!/usr/bin/env bash
# syntax-table.sh runs the syntax-layer benchmarks (arena/syntaxbench) and
# turns them into Markdown tables of median MB/s (arena/scripts/benchtable),
# followed by benchstat's summary for the record.
#
# Usage: scripts/syntax-table.sh [-count N] [-bench RE] [-benchtime T] [test flags...]
#
# Environment (all optional; flags win over it):
#   COUNT      runs of each benchmark            (default 6)
#   BENCH      -bench regexp                     (default .)
#   BENCHTIME  -benchtime, e.g. 300ms or 20x     (default: go test's 1s)
#   PKG        benchmark package: syntaxbench (default) or bindbench
#   OUT        folder for raw.txt, table.md and benchstat.txt
#              (default: a new folder under ${TMPDIR:-/tmp})
#   ALONE      1: time every benchmark (operation/file/contender) in a
#              process of its own (default for PKG=bindbench), 0: one
#              process per pass (default for the others)
#   TABLEFLAGS flags for benchtable, e.g. "-cpu -best": throughput by
#              process CPU time, best run instead of median
# Other flags go to the test binary (-cpu 1 and -test.cpu=1 both work).
#
# The test binary is built once and run COUNT times with -count 1, so the
# runs of one contender are spread over the whole session instead of being
# back to back: on a shared, noisy machine a burst of load then hurts every
# contender alike rather than whichever one was running.
#
# With ALONE=1 the names are first listed by a run of one iteration each,
# then every pass starts one process per name, in an order rotated and
# reversed from pass to pass. Contenders that allocate are sensitive to
# the heap the garbage collector finds: in one process, what the previous
# contenders left and grew changed some rows by 2-4x (bindbench,
# UnmarshalAny, goccy on citys: 21.8 ms in line after celer, 80.5 ms on
# its own), so binding results are only comparable process by process.
#
# The benchmarks need the shared corpus beside the repository
# (<repo>/../shared); without it they are skipped and no table is made.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
arena=$(dirname "$here")
cd "$arena"

count=${COUNT:-6}
bench=${BENCH:-.}
benchtime=${BENCHTIME:-}
extra=()
while (($#)); do
	flag=$1
	shift
	if [[ $flag != -* ]]; then # the value of a passed-through flag
		extra+=("$flag")
		continue
	fi
	name=${flag#-}
	name=${name#-}
	name=${name#test.}
	value=
	if [[ $name == *=* ]]; then
		value=${name#*=}
		name=${name%%=*}
	fi
	case $name in
	count | bench | benchtime)
		if [[ $flag != *=* ]]; then
			(($#)) || { echo "syntax-table: $flag needs a value" >&2; exit 2; }
			value=$1
			shift
		fi
		case $name in
		count) count=$value ;;
		bench) bench=$value ;;
		benchtime) benchtime=$value ;;
		esac
		;;
	*) extra+=("-test.$name${value:+=$value}") ;;
	esac
done

out=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/celer-syntax-$(date +%Y%m%d-%H%M%S)-XXXX")}
mkdir -p "$out"
raw=$out/raw.txt
pkg=${PKG:-syntaxbench}
bin=$out/$pkg.test

args=(-test.run '^$' -test.bench "$bench" -test.benchmem -test.count 1 -test.timeout 0)
if [[ -n $benchtime ]]; then
	args+=(-test.benchtime "$benchtime")
fi
args+=(${extra[@]+"${extra[@]}"})

alone=${ALONE:-}
if [[ -z $alone ]]; then
	alone=0
	[[ $pkg == bindbench ]] && alone=1
fi

# quote escapes the regexp metacharacters of one element of a benchmark
# name.
quote() { sed 's/[][\\.*^$+?(){}|]/\\&/g' <<<"$1"; }

start=$(date +%s)
go test -c -o "$bin" "./$pkg/"
echo "syntax-table: $count × $pkg.test ${args[*]}${alone/#1/ (each benchmark in its own process)}" >&2
echo "syntax-table: raw output in $raw" >&2
: >"$raw"
if [[ $alone == 1 ]]; then
	# -test.cpu 1 leaves the -N suffix off the listed names.
	names=()
	while read -r name; do
		names+=("$name")
	done < <(cd "$pkg" && "$bin" -test.run '^$' -test.bench "$bench" -test.benchtime 1x -test.cpu 1 -test.count 1 |
		awk '$1 ~ /^Benchmark.*\// {print $1} $1 == "FAILED" {print $2}' | awk '!seen[$0]++')
	n=${#names[@]}
	if ((n == 0)); then
		echo "syntax-table: no benchmarks listed (shared corpus not found, or -bench matched nothing)" >&2
		exit 1
	fi
	echo "syntax-table: $n benchmarks" >&2
fi
for ((i = 1; i <= count; i++)); do
	echo "syntax-table: pass $i of $count" >&2
	if [[ $alone != 1 ]]; then
		# The tests find the shared corpus from the package folder.
		if ! (cd "$pkg" && "$bin" "${args[@]}") | tee -a "$raw"; then
			echo "syntax-table: benchmarks failed; see $raw" >&2
			exit 1
		fi
		continue
	fi
	off=$(((i - 1) * n / count))
	for ((j = 0; j < n; j++)); do
		k=$(((off + j) % n))
		((i % 2 == 0)) && k=$((n - 1 - k))
		re=
		IFS=/ read -ra parts <<<"${names[k]}"
		for p in "${parts[@]}"; do
			re+="${re:+/}^$(quote "$p")\$"
		done
		a=("${args[@]}")
		for ((m = 0; m < ${#a[@]}; m++)); do
			[[ ${a[m]} == -test.bench ]] && a[m + 1]=$re
		done
		if ! (cd "$pkg" && "$bin" "${a[@]}") | grep -a -E '^(Benchmark|FAILED)' | tee -a "$raw"; then
			echo "syntax-table: ${names[k]} failed or printed nothing; see $raw" >&2
			exit 1
		fi
	done
done
echo "syntax-table: benchmarks took $(($(date +%s) - start))s" >&2
if ! grep -q '^Benchmark' "$raw"; then
	echo "syntax-table: no benchmark results (shared corpus not found, or -bench matched nothing)" >&2
	exit 1
fi

go run ./scripts/benchtable ${TABLEFLAGS:-} "$raw" >"$out/table.md"
echo
cat "$out/table.md"

# benchstat, for the record. Installed on demand; a failure to install is
# reported but does not fail the script.
gobin=$(go env GOBIN)
gobin=${gobin:-$(go env GOPATH)/bin}
benchstat=$(command -v benchstat || true)
if [[ -z $benchstat && -x $gobin/benchstat ]]; then
	benchstat=$gobin/benchstat
fi
if [[ -z $benchstat ]]; then
	echo "syntax-table: installing benchstat" >&2
	if go install golang.org/x/perf/cmd/benchstat@latest; then
		benchstat=$gobin/benchstat
	else
		echo "syntax-table: could not install benchstat; skipping it" >&2
	fi
fi
if [[ -n $benchstat ]]; then
	echo
	echo '## benchstat'
	echo
	echo '```'
	"$benchstat" "$raw" | tee "$out/benchstat.txt"
	echo '```'
fi
rm -f "$bin"
echo >&2
echo "syntax-table: wrote $out/{raw.txt,table.md${benchstat:+,benchstat.txt}} in $(($(date +%s) - start))s" >&2
