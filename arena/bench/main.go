package bench

import (
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime"
	"strings"
	"time"

	"golang.org/x/term"

	"github.com/celerjson/celer/internal/kernels"
)

// Main runs `celer bench` with args (without the command name) and returns
// the exit code: 0 on success, 1 when celer itself gave a wrong answer or
// the run failed, 2 on a usage error.
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) == 2 && args[0] == ChildCommand {
		return childMain(args[1], stdout)
	}
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	quick := fs.Bool("quick", false, "smaller datasets and shorter rounds (about a minute)")
	data := fs.String("data", "", "also run on every valid *.json file under `DIR` (e.g. ../shared/corpus)")
	scale := fs.String("scale", "", "size of the citylots GeoJSON: `huge` (~190 MB) or a size like 50MB (default ~20 MB, 2 MB with --quick)")
	conf := fs.String("conformance", "", "JSONTestSuite `DIR` (its test_parsing folder; default: ../shared/conformance/jsontestsuite when found)")
	scenario := fs.String("scenario", "", "run only scenarios whose ID matches `REGEXP` (see --list)")
	cont := fs.String("contender", "", "run only contenders matching `REGEXP` (baseline and stdjson always run)")
	out := fs.String("o", "celer-report", "write the report (results.json, report.md, charts, index.html) to `DIR` (\"\" for none)")
	list := fs.Bool("list", false, "list the scenarios and exit")
	compare := fs.Bool("compare", false, "compare two results.json files: celer bench --compare OLD NEW")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: celer bench [--quick] [--scale huge|SIZE] [--data DIR] [--conformance DIR] [--scenario RE] [--contender RE] [-o DIR]")
		fmt.Fprintln(stderr, "       celer bench --compare OLD.json NEW.json")
		fmt.Fprintln(stderr, "       celer bench --list")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if *compare {
		if fs.NArg() != 2 {
			fs.Usage()
			return 2
		}
		return compareMain(fs.Arg(0), fs.Arg(1), stdout, stderr)
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	if *list {
		for _, s := range Scenarios() {
			full := ""
			if s.Full {
				full = " (full run only)"
			}
			fmt.Fprintf(stdout, "%-28s %s — %s%s\n", s.ID, s.Group, s.Title, full)
		}
		return 0
	}
	cfg := Config{Quick: *quick, Data: *data, Scale: *scale, Conformance: *conf, Out: *out, Stdout: stdout, Stderr: stderr}
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		cfg.Progress = true
	}
	var err error
	if cfg.Scenario, err = compile(*scenario); err != nil {
		fmt.Fprintln(stderr, "celer bench: --scenario:", err)
		return 2
	}
	if cfg.Contender, err = compile(*cont); err != nil {
		fmt.Fprintln(stderr, "celer bench: --contender:", err)
		return 2
	}
	if _, err := parseScale(cfg.Scale, 0); err != nil {
		fmt.Fprintln(stderr, "celer bench:", err)
		return 2
	}
	start := time.Now()
	ts, err := Run(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "celer bench:", err)
		return 1
	}
	res := NewResults(cfg, ts, time.Since(start))
	fmt.Fprintf(stdout, "celer bench — %s\n\n", res.Meta.Line())
	WriteTerminal(stdout, ts)
	WriteTerminal(stdout, []*Table{summaryTable(res.Summary)})
	if cfg.Out != "" {
		if err := WriteReport(cfg.Out, res); err != nil {
			fmt.Fprintln(stderr, "celer bench:", err)
			return 1
		}
		fmt.Fprintf(stderr, "report written to %s (open %s/index.html)\n", cfg.Out, cfg.Out)
	}
	for _, t := range ts {
		for _, r := range t.Rows {
			for _, c := range r.Cells {
				if r.Name == "celer" && c.State == StateFailed {
					return 1 // celer itself must never be wrong
				}
			}
		}
	}
	return 0
}

func compile(s string) (*regexp.Regexp, error) {
	if s == "" {
		return nil, nil
	}
	return regexp.Compile(s)
}

// Meta describes the machine and the run.
type Meta struct {
	Date       string  `json:"date"`
	GoVersion  string  `json:"go"`
	OS         string  `json:"os"`
	Arch       string  `json:"arch"`
	CPUs       int     `json:"cpus"`
	CPU        string  `json:"cpu"`
	Kernels    string  `json:"kernels"`
	Quick      bool    `json:"quick"`
	CityLots   int     `json:"citylots_bytes"`
	Seconds    float64 `json:"seconds"`
	Rounds     int     `json:"rounds"`
	RoundMilli float64 `json:"round_ms"`
}

// Line is the one-line description printed above the tables.
func (m Meta) Line() string {
	mode := "full run"
	if m.Quick {
		mode = "quick run"
	}
	return fmt.Sprintf("%s, %s, %s/%s, %d CPUs, %s, kernels %s, %s (%d rounds × %.0f ms), %.0fs",
		m.Date, m.GoVersion, m.OS, m.Arch, m.CPUs, m.CPU, m.Kernels, mode, m.Rounds, m.RoundMilli, m.Seconds)
}

// Results is what results.json holds.
type Results struct {
	Meta    Meta     `json:"meta"`
	Tables  []*Table `json:"tables"`
	Summary Summary  `json:"summary"`
}

// NewResults bundles a run's tables with the machine's description.
func NewResults(cfg Config, ts []*Table, took time.Duration) *Results {
	tm := timingFull
	if cfg.Quick {
		tm = timingQuick
	}
	if cfg.Timing != nil {
		tm = *cfg.Timing
	}
	cl := sizesFull.CityLots
	if cfg.Quick {
		cl = sizesQuick.CityLots
	}
	cl, _ = parseScale(cfg.Scale, cl)
	return &Results{
		Meta: Meta{
			Date: time.Now().UTC().Format("2006-01-02 15:04 UTC"), GoVersion: runtime.Version(),
			OS: runtime.GOOS, Arch: runtime.GOARCH, CPUs: runtime.NumCPU(), CPU: cpuName(),
			Kernels: kernels.Implementation, Quick: cfg.Quick, CityLots: cl, Seconds: took.Seconds(),
			Rounds: tm.Rounds, RoundMilli: float64(tm.Per) / 1e6,
		},
		Tables:  ts,
		Summary: Summarize(ts),
	}
}

// cpuName returns the processor's model name where the OS tells it.
func cpuName() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}
