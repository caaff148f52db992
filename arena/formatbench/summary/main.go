// Summary reads the output of the formatbench benchmarks (go test -bench
// output, several runs allowed: the median is used) and prints, per
// benchmark op and other library, celer's speed divided by the library's
// as a geometric mean over the documents both ran (with the smallest and
// largest ratio), the ratio of output sizes, and the targets:
// Marshal/Unmarshal at least 1.3 times the fastest reflection-based
// library of the format (per document) and 0.8 times tinylib/msgp's
// generated code; transcoding at least 3 times each library's
// decode+encode route.
//
// Usage:
//
//	go run ./formatbench/summary raw.txt
package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

type key struct{ op, doc, name string }

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: summary raw.txt")
		os.Exit(2)
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	re := regexp.MustCompile(`^Benchmark(\w+)/([^/]+)/([^\s]+?)(-\d+)?\s+\d+\s+([\d.]+) ns/op.*?([\d.]+) bytes`)
	ns := map[key][]float64{}
	size := map[key]float64{}
	var ops []string
	seenOp := map[string]bool{}
	failed := map[key]bool{}
	fre := regexp.MustCompile(`^FAILED Benchmark(\w+)/([^/]+)/([^\s]+?)(-\d+)? `)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if m := fre.FindStringSubmatch(l); m != nil {
			failed[key{m[1], m[2], m[3]}] = true
			continue
		}
		m := re.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		k := key{m[1], m[2], m[3]}
		v, _ := strconv.ParseFloat(m[5], 64)
		ns[k] = append(ns[k], v)
		s, _ := strconv.ParseFloat(m[6], 64)
		size[k] = s
		if !seenOp[m[1]] {
			seenOp[m[1]] = true
			ops = append(ops, m[1])
		}
	}
	med := func(k key) (float64, bool) {
		v := ns[k]
		if len(v) == 0 {
			return 0, false
		}
		sort.Float64s(v)
		return v[len(v)/2], true
	}
	fmt.Println("| op | library | docs | celer speed ÷ library (geomean) | min | max | celer bytes ÷ library bytes (geomean) | target | holds |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|")
	for _, op := range ops {
		libs := map[string]bool{}
		docs := map[string]bool{}
		for k := range ns {
			if k.op == op {
				docs[k.doc] = true
				if k.name != "celer" {
					libs[k.name] = true
				}
			}
		}
		var ln []string
		for l := range libs {
			ln = append(ln, l)
		}
		sort.Strings(ln)
		reflect := []string{}
		for _, l := range ln {
			if l != "tinylib" {
				reflect = append(reflect, l)
			}
		}
		row := func(label string, pick func(doc string) (float64, float64, bool), target float64) {
			var lsum, ssum float64
			n := 0
			mn, mx := math.Inf(1), 0.0
			for d := range docs {
				c, ok := med(key{op, d, "celer"})
				if !ok {
					continue
				}
				o, osz, ok := pick(d)
				if !ok {
					continue
				}
				r := o / c
				lsum += math.Log(r)
				ssum += math.Log(size[key{op, d, "celer"}] / osz)
				n++
				mn = math.Min(mn, r)
				mx = math.Max(mx, r)
			}
			if n == 0 {
				return
			}
			g := math.Exp(lsum / float64(n))
			t, h := "", ""
			if target > 0 {
				t = fmt.Sprintf("≥ %.1f×", target)
				h = "yes"
				if g < target {
					h = "**no**"
				}
			}
			fmt.Printf("| %s | %s | %d | %.2f× | %.2f× | %.2f× | %.2f | %s | %s |\n", op, label, n, g, mn, mx, math.Exp(ssum/float64(n)), t, h)
		}
		isT := strings.HasPrefix(op, "Transcode")
		for _, l := range ln {
			target := 0.0
			if isT {
				target = 3
			} else if l == "tinylib" {
				target = 0.8
			}
			row(l, func(d string) (float64, float64, bool) {
				v, ok := med(key{op, d, l})
				return v, size[key{op, d, l}], ok
			}, target)
		}
		if !isT && len(reflect) > 1 {
			row("fastest reflection-based (per doc)", func(d string) (float64, float64, bool) {
				best, bs, ok := 0.0, 0.0, false
				for _, l := range reflect {
					if v, o := med(key{op, d, l}); o && (!ok || v < best) {
						best, bs, ok = v, size[key{op, d, l}], true
					}
				}
				return best, bs, ok
			}, 1.3)
		} else if !isT && len(reflect) == 1 {
			row(reflect[0]+" (fastest reflection-based)", func(d string) (float64, float64, bool) {
				v, ok := med(key{op, d, reflect[0]})
				return v, size[key{op, d, reflect[0]}], ok
			}, 1.3)
		}
	}
	if len(failed) > 0 {
		fmt.Println("\nFAILED (wrong answer, not timed):")
		var l []string
		for k := range failed {
			l = append(l, k.op+"/"+k.doc+"/"+k.name)
		}
		sort.Strings(l)
		for _, s := range l {
			fmt.Println("-", s)
		}
	}
}
