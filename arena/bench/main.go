package bench

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"time"

	"github.com/celerjson/celer/internal/kernels"
)

// Main runs `celer bench` with args (without the command name) and returns
// the exit code: 0 on success, 1 when a contender failed a check or the run
// failed, 2 on a usage error.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	quick := fs.Bool("quick", false, "smaller datasets and shorter rounds (about a minute)")
	data := fs.String("data", "", "also run on every valid *.json file under `DIR` (e.g. ../shared/corpus)")
	scenario := fs.String("scenario", "", "run only operations matching `REGEXP` (valid, tokenize, compact, indent)")
	cont := fs.String("contender", "", "run only contenders matching `REGEXP` (baseline and stdjson always run)")
	out := fs.String("o", "celer-report", "write results.json and report.md to `DIR` (\"\" for none)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: celer bench [--quick] [--data DIR] [--scenario RE] [--contender RE] [-o DIR]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return 2
	}
	cfg := Config{Quick: *quick, Data: *data, Out: *out, Stderr: stderr}
	var err error
	if cfg.Scenario, err = compile(*scenario); err != nil {
		fmt.Fprintln(stderr, "celer bench: --scenario:", err)
		return 2
	}
	if cfg.Contender, err = compile(*cont); err != nil {
		fmt.Fprintln(stderr, "celer bench: --contender:", err)
		return 2
	}
	start := time.Now()
	rs, err := Run(cfg)
	if err != nil {
		fmt.Fprintln(stderr, "celer bench:", err)
		return 1
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "# celer bench — syntax layer\n\n%s, %s/%s, %d CPUs, kernels %s, %s, run %s (%.0fs)\n",
		runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), kernels.Implementation,
		cpuName(), time.Now().UTC().Format("2006-01-02 15:04 UTC"), time.Since(start).Seconds())
	Table(&sb, rs)
	failed := 0
	for _, r := range rs {
		if r.Failed != "" {
			failed++
			fmt.Fprintf(&sb, "\nFAILED: %s %s %s: %s", r.Op, r.Dataset, r.Contender, r.Failed)
		}
	}
	fmt.Fprintln(&sb)
	io.WriteString(stdout, sb.String())
	if cfg.Out != "" {
		if err := writeReport(cfg.Out, rs, sb.String()); err != nil {
			fmt.Fprintln(stderr, "celer bench:", err)
			return 1
		}
		fmt.Fprintf(stderr, "report written to %s\n", cfg.Out)
	}
	for _, r := range rs {
		if r.Failed != "" && r.Contender == "celer" {
			return 1 // celer itself must never be wrong
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

func writeReport(dir string, rs []Result, md string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(rs, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "results.json"), append(b, '\n'), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "report.md"), []byte(md), 0o644)
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
