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
# Other flags go to the test binary (-cpu 1 and -test.cpu=1 both work).
#
# The test binary is built once and run COUNT times with -count 1, so the
# runs of one contender are spread over the whole session instead of being
# back to back: on a shared, noisy machine a burst of load then hurts every
# contender alike rather than whichever one was running.
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

start=$(date +%s)
go test -c -o "$bin" "./$pkg/"
echo "syntax-table: $count × $pkg.test ${args[*]}" >&2
echo "syntax-table: raw output in $raw" >&2
: >"$raw"
for ((i = 1; i <= count; i++)); do
	echo "syntax-table: pass $i of $count" >&2
	# The tests find the shared corpus from the package folder.
	if ! (cd "$pkg" && "$bin" "${args[@]}") | tee -a "$raw"; then
		echo "syntax-table: benchmarks failed; see $raw" >&2
		exit 1
	fi
done
echo "syntax-table: benchmarks took $(($(date +%s) - start))s" >&2
if ! grep -q '^Benchmark' "$raw"; then
	echo "syntax-table: no benchmark results (shared corpus not found, or -bench matched nothing)" >&2
	exit 1
fi

go run ./scripts/benchtable "$raw" >"$out/table.md"
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
