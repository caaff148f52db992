// Minratio times one operation of the formatbench contenders of one
// format in the same process, interleaved: per document, ROUNDS rounds
// in which every contender runs a batch of about 2 ms (celer's time
// sets the batch size), in a rotating order; it keeps each contender's
// minimum time per operation and prints the library's minimum ÷ celer's
// (celer's speed ÷ the library's) per document and as a geometric mean.
// Minimums over interleaved rounds hold up on a shared, loaded machine
// better than medians of separate benchmarks. A contender whose answer
// fails formatbench.Verify on a document (as go test ./formatbench/
// reports), or that fails on it, is left out of that document, as the
// benchmarks leave it untimed: a wrong answer is no speed to compare.
//
// Usage (from arena/, with ../shared beside the repository):
//
//	go run ./formatbench/minratio Marshal|Unmarshal|Transcode FORMAT ROUNDS [DOC...]
package main

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/celerjson/celer/arena/formatbench"
	"github.com/celerjson/celer/arena/syntaxbench"
)

func main() {
	op, f := os.Args[1], os.Args[2]
	rounds, _ := strconv.Atoi(os.Args[3])
	want := map[string]bool{}
	for _, a := range os.Args[4:] {
		want[a] = true
	}
	shared, err := syntaxbench.SharedDir()
	if err != nil {
		panic(err)
	}
	docs, err := formatbench.Load(shared)
	if err != nil {
		panic(err)
	}
	var cs []*formatbench.Contender
	for _, x := range formatbench.Contenders() {
		if x.Format == f {
			cs = append(cs, x)
		}
	}
	verdicts := formatbench.Verify(cs, docs)
	logs, medLogs := map[string][]float64{}, map[string][]float64{}
	for i := range docs {
		d := &docs[i]
		if len(want) > 0 && !want[d.Name] {
			continue
		}
		type job struct {
			c   *formatbench.Contender
			run func() error
			min float64
			all []float64 // every round's time per operation
		}
		var jobs []*job
		for _, c := range cs {
			if vd := verdicts[formatbench.Key(op, c, d.Name)]; vd.Err != nil || vd.Unsupported {
				if vd.Err != nil {
					fmt.Printf("%-12s %s left out (wrong answer): %v\n", d.Name, c.Name, vd.Err)
				}
				continue
			}
			v, mk := d.Ref, d.New
			if c.Generated {
				v, mk = d.Gen, d.NewGen
			}
			enc, err := c.Marshal(v)
			if err != nil {
				continue
			}
			enc = append([]byte(nil), enc...)
			if op == "Unmarshal" && c.Unmarshal(enc, mk()) != nil {
				continue
			}
			if op == "Transcode" {
				if _, err := c.Transcode(d.JSON); err != nil {
					continue
				}
			}
			var run func() error
			switch op {
			case "Marshal":
				run = func() error { _, err := c.Marshal(v); return err }
			case "Unmarshal":
				run = func() error { return c.Unmarshal(enc, mk()) }
			case "Transcode":
				run = func() error { _, err := c.Transcode(d.JSON); return err }
			}
			jobs = append(jobs, &job{c: c, run: run, min: math.Inf(1)})
		}
		if len(jobs) < 2 || jobs[0].c.Name != "celer" {
			continue
		}
		// batch size: about 2 ms for celer
		t0 := time.Now()
		jobs[0].run()
		per := time.Since(t0)
		n := max(1, int(2*time.Millisecond/max(per, time.Nanosecond)))
		for r := range rounds {
			for k := range jobs {
				j := jobs[(k+r)%len(jobs)]
				t := time.Now()
				for range n {
					if err := j.run(); err != nil {
						panic(err)
					}
				}
				el := float64(time.Since(t).Nanoseconds()) / float64(n)
				j.min = min(j.min, el)
				j.all = append(j.all, el)
			}
		}
		var sb strings.Builder
		celer, celerMed := jobs[0].min, median(jobs[0].all)
		fmt.Fprintf(&sb, "%-12s celer %10.0f ns", d.Name, celer)
		for _, j := range jobs[1:] {
			r, rm := j.min/celer, median(j.all)/celerMed
			logs[j.c.Name] = append(logs[j.c.Name], math.Log(r))
			medLogs[j.c.Name] = append(medLogs[j.c.Name], math.Log(rm))
			fmt.Fprintf(&sb, "  %s=%.2f (med %.2f)", j.c.Name, r, rm)
		}
		fmt.Println(sb.String())
	}
	for name, l := range logs {
		s := 0.0
		for _, x := range l {
			s += x
		}
		sm := 0.0
		for _, x := range medLogs[name] {
			sm += x
		}
		fmt.Printf("geomean %s %s: %.2f (%d docs); of the medians: %.2f\n", op, name, math.Exp(s/float64(len(l))), len(l), math.Exp(sm/float64(len(l))))
	}
}

// median returns the median of xs (which it sorts).
func median(xs []float64) float64 {
	slices.Sort(xs)
	if n := len(xs); n%2 == 1 {
		return xs[n/2]
	} else {
		return (xs[n/2-1] + xs[n/2]) / 2
	}
}
