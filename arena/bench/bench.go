// Package bench is the arena's runner behind `celer bench`: it checks every
// contender's answers against encoding/json, then times the contenders side
// by side on the same inputs, interleaved round by round so that machine
// noise hits them alike, and prints tables of throughput and ratios.
package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/celerjson/celer/arena/contender"
	"github.com/celerjson/celer/arena/dataset"
	"github.com/celerjson/celer/arena/syntaxbench"
)

// Config selects what a run measures.
type Config struct {
	Quick     bool           // smaller datasets, fewer and shorter rounds
	Data      string         // folder of extra JSON files, or ""
	Scenario  *regexp.Regexp // operations to run (nil: all)
	Contender *regexp.Regexp // contenders to run (nil: all)
	Out       string         // report folder, or "" for none
	Stderr    io.Writer      // progress

	// Contenders and Sets replace contender.All and Datasets when set
	// (tests use them to run on tiny data with a deliberately wrong
	// contender).
	Contenders []contender.Syntax
	Sets       []dataset.Named
}

// Op is one syntax-layer operation.
type Op struct {
	Name string
	run  func(c contender.Syntax, dst, src []byte) ([]byte, bool)
}

// Ops are the scenarios of the syntax table.
var Ops = []Op{
	{"valid", func(c contender.Syntax, dst, src []byte) ([]byte, bool) { return dst, c.Valid(src) }},
	{"tokenize", func(c contender.Syntax, dst, src []byte) ([]byte, bool) {
		t, ok := c.(contender.Tokenizer)
		if !ok {
			return dst, false
		}
		_, err := t.Tokenize(src)
		return dst, err == nil
	}},
	{"compact", func(c contender.Syntax, dst, src []byte) ([]byte, bool) {
		t, ok := c.(contender.Compacter)
		if !ok {
			return dst, false
		}
		out, err := t.Compact(dst[:0], src)
		return out, err == nil
	}},
	{"indent", func(c contender.Syntax, dst, src []byte) ([]byte, bool) {
		t, ok := c.(contender.Indenter)
		if !ok {
			return dst, false
		}
		out, err := t.Indent(dst[:0], src)
		return out, err == nil
	}},
}

func supports(c contender.Syntax, op string) bool {
	switch op {
	case "tokenize":
		_, ok := c.(contender.Tokenizer)
		return ok
	case "compact":
		_, ok := c.(contender.Compacter)
		return ok
	case "indent":
		_, ok := c.(contender.Indenter)
		return ok
	}
	return true
}

// Datasets returns the generated datasets (shaped like the seeds' files)
// and, with cfg.Data, every *.json file under that folder that
// encoding/json accepts.
func Datasets(cfg Config) ([]dataset.Named, error) {
	cityLots := 20 << 20
	citys, people, logs := 29470, 8228, 20000
	if cfg.Quick {
		cityLots, citys, people, logs = 2<<20, 5000, 2000, 3000
	}
	list := []dataset.Named{
		{Name: "citys", Data: dataset.Citys(citys, 1)},
		{Name: "people", Data: dataset.People(people, 2)},
		{Name: "logs", Data: dataset.Logs(logs, 3)},
		{Name: "citylots", Data: dataset.CityLotsBytes(cityLots, 4)},
	}
	if cfg.Data == "" {
		return list, nil
	}
	err := filepath.WalkDir(cfg.Data, func(path string, de os.DirEntry, err error) error {
		if err != nil || de.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if !json.Valid(b) || !utf8Valid(b) {
			return nil // the conformance tables cover invalid inputs
		}
		rel, _ := filepath.Rel(cfg.Data, path)
		list = append(list, dataset.Named{Name: filepath.ToSlash(rel), Data: b})
		return nil
	})
	return list, err
}

// Result is one measured (op, dataset, contender) cell.
type Result struct {
	Op        string  `json:"op"`
	Dataset   string  `json:"dataset"`
	Contender string  `json:"contender"`
	Bytes     int     `json:"bytes"`
	NsPerOp   float64 `json:"ns_per_op"` // median over rounds
	Spread    float64 `json:"spread"`    // (max-min)/median over rounds
	MBps      float64 `json:"mb_per_s"`
	AllocsOp  float64 `json:"allocs_per_op"`
	BytesOp   float64 `json:"bytes_per_op"`
	Failed    string  `json:"failed,omitempty"` // why the answer was wrong
}

// Run checks and times every selected contender on every dataset.
func Run(cfg Config) ([]Result, error) {
	data := cfg.Sets
	if data == nil {
		var err error
		if data, err = Datasets(cfg); err != nil {
			return nil, err
		}
	}
	all := cfg.Contenders
	if all == nil {
		var skipped map[string]string
		all, skipped = contender.All()
		for name, why := range skipped {
			fmt.Fprintf(cfg.Stderr, "skipping %s: %s\n", name, why)
		}
	}
	var cs []contender.Syntax
	for _, c := range all {
		if cfg.Contender == nil || cfg.Contender.MatchString(c.Name()) || c.Name() == "baseline" || c.Name() == "stdjson" {
			cs = append(cs, c)
		}
	}
	rounds, per := 3, 150*time.Millisecond
	if cfg.Quick {
		rounds, per = 2, 40*time.Millisecond
	}
	if cfg.Sets != nil {
		rounds, per = 1, time.Millisecond
	}
	var out []Result
	for _, op := range Ops {
		if cfg.Scenario != nil && !cfg.Scenario.MatchString(op.Name) {
			continue
		}
		for _, d := range data {
			fmt.Fprintf(cfg.Stderr, "%-9s %-28s", op.Name, d.Name)
			cells := measure(op, d, cs, rounds, per, cfg.Stderr)
			fmt.Fprintln(cfg.Stderr, " done")
			out = append(out, cells...)
		}
	}
	return out, nil
}

// measure runs one (op, dataset) for every contender: a correctness check,
// then interleaved timed rounds.
func measure(op Op, d dataset.Named, cs []contender.Syntax, rounds int, per time.Duration, stderr io.Writer) []Result {
	cells := make([]Result, 0, len(cs))
	var live []int
	for i, c := range cs {
		r := Result{Op: op.Name, Dataset: d.Name, Contender: c.Name(), Bytes: len(d.Data)}
		if !supports(c, op.Name) {
			continue
		}
		if c.Name() != "baseline" {
			r.Failed = check(op.Name, c, d.Data)
		}
		cells = append(cells, r)
		if r.Failed == "" {
			live = append(live, i)
		}
	}
	samples := make(map[string][]float64)
	var dst []byte
	for round := 0; round < rounds; round++ {
		for _, i := range live {
			c := cs[i]
			ns, allocs, bytes := timeOp(op, c, d.Data, &dst, per)
			samples[c.Name()] = append(samples[c.Name()], ns)
			for k := range cells {
				if cells[k].Contender == c.Name() {
					cells[k].AllocsOp, cells[k].BytesOp = allocs, bytes
				}
			}
		}
		fmt.Fprint(stderr, ".")
	}
	for k := range cells {
		s := samples[cells[k].Contender]
		if len(s) == 0 {
			continue
		}
		sort.Float64s(s)
		med := s[len(s)/2]
		cells[k].NsPerOp = med
		cells[k].Spread = (s[len(s)-1] - s[0]) / med
		cells[k].MBps = float64(cells[k].Bytes) / med * 1e3
	}
	return cells
}

// timeOp runs op for about per and returns ns/op, allocs/op and bytes/op.
func timeOp(op Op, c contender.Syntax, src []byte, dst *[]byte, per time.Duration) (float64, float64, float64) {
	*dst, _ = op.run(c, *dst, src) // warm up and size dst
	n := 1
	for {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		start := time.Now()
		for i := 0; i < n; i++ {
			*dst, _ = op.run(c, *dst, src)
		}
		el := time.Since(start)
		runtime.ReadMemStats(&m1)
		if el >= per || n >= 1<<30 {
			return float64(el.Nanoseconds()) / float64(n), float64(m1.Mallocs-m0.Mallocs) / float64(n), float64(m1.TotalAlloc-m0.TotalAlloc) / float64(n)
		}
		grow := int(float64(n) * 1.2 * float64(per) / float64(max(el, time.Microsecond)))
		n = max(n+1, min(grow, 100*n))
	}
}

// check compares a contender's answer with encoding/json's.
func check(op string, c contender.Syntax, src []byte) string {
	switch op {
	case "valid":
		if !c.Valid(src) {
			return "rejected valid input"
		}
		if err := syntaxbench.CheckRejects(c); err != nil {
			return err.Error()
		}
	case "tokenize":
		want := stdTokens(src)
		got, err := c.(contender.Tokenizer).Tokenize(src)
		if err != nil || got != want {
			return fmt.Sprintf("%d tokens (%v), want %d", got, err, want)
		}
	case "compact":
		var want bytes.Buffer
		json.Compact(&want, src)
		got, err := c.(contender.Compacter).Compact(nil, src)
		if err != nil || !bytes.Equal(got, want.Bytes()) {
			return "output differs from encoding/json.Compact"
		}
	case "indent":
		var want bytes.Buffer
		json.Indent(&want, src, contender.IndentPrefix, contender.IndentString)
		got, err := c.(contender.Indenter).Indent(nil, src)
		if err != nil || !bytes.Equal(got, want.Bytes()) {
			return "output differs from encoding/json.Indent"
		}
	}
	return ""
}

func stdTokens(src []byte) int {
	d := json.NewDecoder(bytes.NewReader(src))
	d.UseNumber()
	n := 0
	for {
		if _, err := d.Token(); err != nil {
			return n
		}
		n++
	}
}

func utf8Valid(b []byte) bool { return strings.ToValidUTF8(string(b), "\uFFFD") == string(b) }

// Table writes one Markdown table per operation: MB/s per dataset and
// contender, then celer's ratios.
func Table(w io.Writer, rs []Result) {
	var ops, sets, names []string
	cell := map[[3]string]Result{}
	for _, r := range rs {
		if !slices.Contains(ops, r.Op) {
			ops = append(ops, r.Op)
		}
		if !slices.Contains(sets, r.Dataset) {
			sets = append(sets, r.Dataset)
		}
		if !slices.Contains(names, r.Contender) {
			names = append(names, r.Contender)
		}
		cell[[3]string{r.Op, r.Dataset, r.Contender}] = r
	}
	for _, op := range ops {
		fmt.Fprintf(w, "\n### %s (MB/s, median of rounds)\n\n| dataset |", op)
		for _, n := range names {
			fmt.Fprintf(w, " %s |", n)
		}
		fmt.Fprint(w, " celer ÷ encoding/json | celer ÷ fastest other | celer ÷ baseline |\n|---|")
		for range names {
			fmt.Fprint(w, "---:|")
		}
		fmt.Fprintln(w, "---:|---:|---:|")
		for _, d := range sets {
			fmt.Fprintf(w, "| %s |", d)
			var best Result
			for _, n := range names {
				r, ok := cell[[3]string{op, d, n}]
				switch {
				case !ok:
					fmt.Fprint(w, " — |")
				case r.Failed != "":
					fmt.Fprint(w, " FAILED |")
				default:
					fmt.Fprintf(w, " %.0f |", r.MBps)
					if n != "celer" && n != "baseline" && r.MBps > best.MBps {
						best = r
					}
				}
			}
			c := cell[[3]string{op, d, "celer"}]
			std := cell[[3]string{op, d, "stdjson"}]
			base := cell[[3]string{op, d, "baseline"}]
			fmt.Fprintf(w, " %s | %s (%s) | %s |\n", ratio(c, std), ratio(c, best), best.Contender, ratio(c, base))
		}
	}
}

func ratio(a, b Result) string {
	if a.MBps == 0 || b.MBps == 0 || a.Failed != "" || b.Failed != "" {
		return "—"
	}
	return fmt.Sprintf("%.2f×", a.MBps/b.MBps)
}
