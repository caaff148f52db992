#!/usr/bin/env bash
# cpu-ab.sh A B REGEX [N] [BENCHTIME] compares two builds of the same arena
# benchmark package (test binaries A and B, e.g. a session-start build and
# the current one): it runs them interleaved as A B B A, N times (default
# 3), and prints, per benchmark, the minimum cpu-ns/op of each and the
# ratio A/B (above 1: B is faster), with the geometric mean. Run it in the
# package folder, e.g.
#   cd arena/bindbench && ../scripts/cpu-ab.sh /tmp/old.test /tmp/new.test 'UnmarshalStruct/.*/celer$' 3 150ms
set -euo pipefail
a=$1; b=$2; re=$3; n=${4:-3}; bt=${5:-100ms}
tmp=$(mktemp)
for i in $(seq "$n"); do
	for x in A B B A; do
		bin=$a; [ "$x" = B ] && bin=$b
		"$bin" -test.run '^$' -test.bench "$re" -test.benchtime "$bt" 2>/dev/null | grep -a '^Bench' | sed "s/^/$x /" >> "$tmp"
	done
done
tr -d '\000' < "$tmp" | awk '{ v=0; for(i=1;i<=NF;i++) if($i=="cpu-ns/op") v=$(i-1)+0; if(v==0) next; k=$2; x=$1;
  if(!((k,x) in m) || v<m[k,x]) m[k,x]=v; ks[k]=1 }
 END { for (k in ks) { r=m[k,"A"]/m[k,"B"]; printf "%-55s A %10.0f  B %10.0f  A/B %.3f\n", k, m[k,"A"], m[k,"B"], r; g+=log(r); nn++ }
   if (nn) printf "geomean A/B %.3f\n", exp(g/nn) }' | sort
rm "$tmp"
