#!/usr/bin/env bash
# cpu-ratios.sh BIN REGEX [N] [BENCHTIME] runs the test binary BIN of an
# arena benchmark package that reports cpu-ns/op (bindbench, syntaxbench,
# dombench) N times (default 5) and prints, per operation and file, the
# minimum cpu-ns/op of celer and of the fastest other contender (answers
# verified, FAILED ones are not timed), their ratio, and the geometric mean
# of the ratios. CPU time and a minimum over interleaved runs are what stay
# comparable on a shared, loaded machine. Run it in the package folder:
#   cd arena/bindbench && go test -c -o /tmp/bind.test . &&
#   ../scripts/cpu-ratios.sh /tmp/bind.test 'UnmarshalStruct/' 5 100ms
# With ALONE=1 every benchmark (operation/file/contender) runs in a process
# of its own, in an order rotated and reversed per round: binding results
# depend on the heap earlier contenders leave (see syntax-table.sh), so use
# it for bindbench.
set -euo pipefail
bin=$1; re=$2; n=${3:-5}; bt=${4:-100ms}
tmp=$(mktemp)
if [[ ${ALONE:-0} == 1 ]]; then
  mapfile -t names < <($bin -test.run '^$' -test.bench "$re" -test.benchtime 1x -test.cpu 1 2>/dev/null |
    awk '$1 ~ /^Benchmark.*\// {print $1}' | awk '!seen[$0]++')
  quote() { sed 's/[][\\.*^$+?(){}|]/\\&/g' <<<"$1"; }
  m=${#names[@]}
  for i in $(seq $n); do
    for ((j = 0; j < m; j++)); do
      k=$(((i * m / n + j) % m)); ((i % 2 == 0)) && k=$((m - 1 - k))
      r=; IFS=/ read -ra parts <<<"${names[k]}"
      for p in "${parts[@]}"; do r+="${r:+/}^$(quote "$p")\$"; done
      $bin -test.run '^$' -test.bench "$r" -test.benchtime $bt 2>/dev/null | grep -a '^Bench' >> $tmp || true
    done
  done
else
  for i in $(seq $n); do $bin -test.run '^$' -test.bench "$re" -test.benchtime $bt 2>/dev/null | grep -a '^Bench' >> $tmp; done
fi
awk '{ v=0; for(i=1;i<=NF;i++) if($i=="cpu-ns/op") v=$(i-1)+0; if(v==0) next;
  split($1,a,"/"); op=a[1]; sub("Benchmark","",op); file=a[2]; c=a[3]; sub(/-[0-9]+$/,"",c); k=op"/"file;
  key=k SUBSEP c; if(!(key in m)||v<m[key]) m[key]=v; files[k]=1; cs[c]=1 }
END { for (k in files) { cel=m[k SUBSEP "celer"]; best=""; bv=0;
   for (c in cs) { if (c=="celer"||c=="baseline") continue; if ((k SUBSEP c) in m) { v=m[k SUBSEP c]; if (bv==0||v<bv) {bv=v; best=c} } }
   printf "%-30s celer %11.0f  best %-10s %11.0f  x%.2f\n", k, cel, best, bv, (bv>0?bv/cel:0); g+=log(bv/cel); nn++ }
   if (nn) printf "geomean x%.2f over %d\n", exp(g/nn), nn }' $tmp | sort
rm $tmp
