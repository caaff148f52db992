// Benchtable turns the output of the syntaxbench benchmarks into Markdown
// tables of median throughput.
//
// Usage:
//
//	benchtable [-cpu] [-best] [file]
//
// It reads `go test -bench` output (from file, or standard input) whose
// benchmarks are named Benchmark<Op>/<file>/<contender>, takes the median
// MB/s of the runs of each (op, file, contender), and prints:
//
//   - a summary with one row per (op, file): celer, encoding/json and the
//     fastest other contender in MB/s, and celer's speed divided by each of
//     them and by the baseline (a plain copy of the input);
//   - for each op, a full table with every contender's median MB/s and
//     allocations per operation.
//
// Flags change the statistic: -cpu counts throughput by the process CPU
// time of each run (MB/s × ns/op ÷ cpu-ns/op, for benchmarks that report
// cpu-ns/op; others keep wall-clock MB/s), which a loaded machine inflates
// less than wall-clock time; -best takes each benchmark's fastest run
// instead of its median.
//
// Lines "FAILED <benchmark> (wrong answer, not timed): <reason>" mark a
// contender whose answer was wrong, so it was not timed; its cells read
// FAILED and the reasons are listed at the end. A dash means the
// contender lacks the operation.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Contender names as used in benchmark names, and how tables show them.
const (
	celer    = "celer"
	std      = "stdjson"
	baseline = "baseline"
)

var display = map[string]string{
	std:        "encoding/json",
	"jsontext": "jsontext (go-json-experiment)",
	"simdjson": "simdjson-go",
}

func show(name string) string {
	if d, ok := display[name]; ok {
		return d
	}
	return name
}

// key identifies one benchmark.
type key struct{ op, file, name string }

// samples holds every run of one benchmark.
type samples struct {
	mbs, allocs, bytes []float64
}

// results is everything read from the input, with names in order of
// first appearance.
type results struct {
	header           []string // goos, goarch, cpu ...
	ops, files, cons []string
	runs             map[key]*samples
	failed           map[key]string
}

var (
	benchLine  = regexp.MustCompile(`^Benchmark(\S+?)(?:-\d+)?\s+\d+\s+(.*)$`)
	failedLine = regexp.MustCompile(`^FAILED Benchmark(\S+) \(wrong answer, not timed\): (.*)$`)
)

var (
	byCPU = flag.Bool("cpu", false, "throughput by process CPU time (cpu-ns/op) instead of wall-clock time")
	best  = flag.Bool("best", false, "each benchmark's fastest run instead of its median")
)

func main() {
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: benchtable [-cpu] [-best] [go-test-bench-output]")
		flag.PrintDefaults()
	}
	flag.Parse()
	in := io.Reader(os.Stdin)
	if flag.NArg() > 1 {
		flag.Usage()
		os.Exit(2)
	}
	if flag.NArg() == 1 {
		f, err := os.Open(flag.Arg(0))
		if err != nil {
			fmt.Fprintln(os.Stderr, "benchtable:", err)
			os.Exit(1)
		}
		defer f.Close()
		in = f
	}
	r, err := parse(in)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchtable:", err)
		os.Exit(1)
	}
	if len(r.runs) == 0 && len(r.failed) == 0 {
		fmt.Fprintln(os.Stderr, "benchtable: no Benchmark<Op>/<file>/<contender> results in input")
		os.Exit(1)
	}
	w := bufio.NewWriter(os.Stdout)
	r.write(w)
	w.Flush()
}

// parse reads go test -bench output.
func parse(in io.Reader) (*results, error) {
	r := &results{runs: map[key]*samples{}, failed: map[key]string{}}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		for _, p := range []string{"goos:", "goarch:", "cpu:", "pkg:"} {
			if strings.HasPrefix(line, p) && !slices.Contains(r.header, strings.TrimSpace(line)) {
				r.header = append(r.header, strings.TrimSpace(line))
			}
		}
		if m := failedLine.FindStringSubmatch(line); m != nil {
			if k, ok := r.key(m[1]); ok {
				r.failed[k] = m[2]
			}
			continue
		}
		m := benchLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		k, ok := r.key(m[1])
		if !ok {
			continue
		}
		s := r.runs[k]
		if s == nil {
			s = &samples{}
			r.runs[k] = s
		}
		f := strings.Fields(m[2])
		var ns, cpuNS, mbs float64
		for i := 0; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			switch f[i+1] {
			case "ns/op":
				ns = v
			case "cpu-ns/op":
				cpuNS = v
			case "MB/s":
				mbs = v
			case "allocs/op":
				s.allocs = append(s.allocs, v)
			case "B/op":
				s.bytes = append(s.bytes, v)
			}
		}
		if mbs > 0 {
			if *byCPU && ns > 0 && cpuNS > 0 {
				mbs *= ns / cpuNS
			}
			s.mbs = append(s.mbs, mbs)
		}
	}
	return r, sc.Err()
}

// key splits "Op/file/contender" and records new names in order.
func (r *results) key(path string) (key, bool) {
	parts := strings.Split(path, "/")
	if len(parts) != 3 {
		return key{}, false
	}
	k := key{parts[0], parts[1], parts[2]}
	addOnce(&r.ops, k.op)
	addOnce(&r.files, k.file)
	addOnce(&r.cons, k.name)
	return k, true
}

func addOnce(list *[]string, s string) {
	if !slices.Contains(*list, s) {
		*list = append(*list, s)
	}
}

// median returns the median of v, or false if v is empty.
func median(v []float64) (float64, bool) {
	if len(v) == 0 {
		return 0, false
	}
	s := slices.Clone(v)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2], true
	}
	return (s[n/2-1] + s[n/2]) / 2, true
}

// mbs returns the median (with -best, the highest) MB/s of k, or false
// if k was not timed.
func (r *results) mbs(k key) (float64, bool) {
	if s := r.runs[k]; s != nil {
		if *best && len(s.mbs) > 0 {
			return slices.Max(s.mbs), true
		}
		return median(s.mbs)
	}
	return 0, false
}

// stat names the statistic the tables show.
func stat() string {
	s := "median MB/s"
	if *best {
		s = "best MB/s"
	}
	if *byCPU {
		s += " by CPU time"
	}
	return s
}

// cell formats k's median MB/s, "FAILED" or a dash.
func (r *results) cell(k key) string {
	if _, bad := r.failed[k]; bad {
		return "FAILED"
	}
	if v, ok := r.mbs(k); ok {
		return mb(v)
	}
	return "—"
}

func mb(v float64) string {
	switch {
	case v >= 100:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case v >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

// ratio formats a ÷ b, or a dash when either is missing.
func ratio(a float64, aok bool, b float64, bok bool) string {
	if !aok || !bok || b == 0 {
		return "—"
	}
	q := a / b
	if q >= 0.995 {
		return strconv.FormatFloat(q, 'f', 2, 64) + "×"
	}
	return strconv.FormatFloat(q, 'f', 3, 64) + "×"
}

func (r *results) write(w io.Writer) {
	for _, h := range r.header {
		fmt.Fprintf(w, "<!-- %s -->\n", h)
	}
	fmt.Fprintf(w, "\n## Summary (%s)\n\n", stat())
	fmt.Fprintln(w, "| op | file | celer MB/s | encoding/json MB/s | fastest other | celer ÷ encoding/json | celer ÷ fastest other | celer ÷ baseline |")
	fmt.Fprintln(w, "|---|---|---:|---:|---|---:|---:|---:|")
	for _, op := range r.ops {
		// Geometric means of celer's ratios over the op's files.
		var lstd, lbest float64
		var nstd, nbest int
		for _, file := range r.files {
			if !r.has(op, file) {
				continue
			}
			c, cok := r.mbs(key{op, file, celer})
			s, sok := r.mbs(key{op, file, std})
			b, bok := r.mbs(key{op, file, baseline})
			best, bestV, bestOK := "", 0.0, false
			for _, name := range r.cons {
				if name == celer || name == baseline {
					continue
				}
				if v, ok := r.mbs(key{op, file, name}); ok && v > bestV {
					best, bestV, bestOK = name, v, true
				}
			}
			fastest := "—"
			if bestOK {
				fastest = show(best) + " " + mb(bestV)
			}
			fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", op, file,
				r.cell(key{op, file, celer}), r.cell(key{op, file, std}), fastest,
				ratio(c, cok, s, sok), ratio(c, cok, bestV, bestOK), ratio(c, cok, b, bok))
			if cok && sok && s > 0 {
				lstd += math.Log(c / s)
				nstd++
			}
			if cok && bestOK && bestV > 0 {
				lbest += math.Log(c / bestV)
				nbest++
			}
		}
		if nstd > 1 || nbest > 1 {
			gm := func(l float64, n int) string {
				if n == 0 {
					return "—"
				}
				return fmt.Sprintf("%.3g×", math.Exp(l/float64(n)))
			}
			fmt.Fprintf(w, "| %s | **geometric mean** | | | | %s | %s | |\n", op, gm(lstd, nstd), gm(lbest, nbest))
		}
	}
	for _, op := range r.ops {
		fmt.Fprintf(w, "\n## %s: every contender (%s, allocs/op)\n\n", op, stat())
		fmt.Fprint(w, "| file |")
		for _, name := range r.cons {
			fmt.Fprintf(w, " %s |", show(name))
		}
		fmt.Fprint(w, "\n|---|")
		for range r.cons {
			fmt.Fprint(w, "---:|")
		}
		fmt.Fprintln(w)
		for _, file := range r.files {
			if !r.has(op, file) {
				continue
			}
			fmt.Fprintf(w, "| %s |", file)
			for _, name := range r.cons {
				k := key{op, file, name}
				c := r.cell(k)
				if s := r.runs[k]; s != nil && c != "FAILED" {
					if a, ok := median(s.allocs); ok {
						c += fmt.Sprintf(" (%g)", a)
					}
				}
				fmt.Fprintf(w, " %s |", c)
			}
			fmt.Fprintln(w)
		}
	}
	if len(r.failed) > 0 {
		fmt.Fprintf(w, "\n## FAILED (wrong answers, not timed)\n\n")
		// One line per contender, op and reason, listing the files.
		type group struct{ op, name, why string }
		files := map[group][]string{}
		var order []group
		for _, op := range r.ops {
			for _, name := range r.cons {
				for _, file := range r.files {
					why, bad := r.failed[key{op, file, name}]
					if !bad {
						continue
					}
					g := group{op, name, why}
					if files[g] == nil {
						order = append(order, g)
					}
					files[g] = append(files[g], file)
				}
			}
		}
		for _, g := range order {
			fmt.Fprintf(w, "- %s, %s (%s): %s\n", show(g.name), g.op, strings.Join(files[g], ", "), g.why)
		}
	}
	fmt.Fprintf(w, "\nRuns per benchmark: %s. Allocations are the median allocs/op.\n", r.counts())
}

// has reports whether any contender ran op on file or failed it.
func (r *results) has(op, file string) bool {
	for _, name := range r.cons {
		k := key{op, file, name}
		if _, bad := r.failed[k]; bad || r.runs[k] != nil {
			return true
		}
	}
	return false
}

// counts describes how many runs each benchmark had.
func (r *results) counts() string {
	lo, hi := -1, 0
	for _, s := range r.runs {
		n := len(s.mbs)
		if lo < 0 || n < lo {
			lo = n
		}
		hi = max(hi, n)
	}
	if lo == hi {
		return strconv.Itoa(lo)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}
