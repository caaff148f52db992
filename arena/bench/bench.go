// Package bench is the arena's runner behind `celer bench`: the seed
// write-ups' benchmarks (mORMot, Groovy, Jackson, NeoUBJSON, CouchDB) and
// go-json-experiment/jsonbench's protocol, for Go's JSON libraries, side
// by side on generated datasets.
//
// Each [Scenario] is one table. Its cells are checked against a reference
// (encoding/json) before they are timed: a wrong answer shows FAILED and
// is never timed, a missing capability shows "—". Checked cells are timed
// in rounds, the contenders of a column interleaved round by round (and
// the first one rotating) so that machine drift hits all alike; a cell
// shows the median of its rounds, with their spread, allocations and bytes
// per operation. The huge-content cells run in a child process each, which
// reports its peak resident memory.
//
// The report folder holds results.json, report.md, an SVG chart per
// scenario plus a summary chart, and index.html showing them all.
package bench

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"time"
)

// Config selects what a run measures and where it reports.
type Config struct {
	Quick       bool           // smaller datasets, shorter rounds (about a minute)
	Data        string         // folder of extra JSON files, or ""
	Scale       string         // citylots size: "" (default ~20 MB), "huge" (~190 MB) or bytes like "50MB"
	Conformance string         // JSONTestSuite folder (test_parsing), or "" to look beside the repository
	Scenario    *regexp.Regexp // scenarios to run (nil: all)
	Contender   *regexp.Regexp // rows to run (nil: all); baseline and stdjson always run
	Out         string         // report folder, or "" for none
	Stdout      io.Writer      // tables
	Stderr      io.Writer      // progress
	Progress    bool           // live progress bars instead of log lines

	// Self is the command line that runs `celer bench` again, for the
	// child processes of the memory scenarios (default: this executable
	// and "bench").
	Self []string

	// Tests set these to run on tiny data and their own scenarios.
	Scenarios []*Scenario
	Timing    *Timing
	Env       *Env

	child *childReq // set in a child process
}

type runner struct {
	cfg    Config
	env    *Env
	timing Timing
	prog   progress
	tmp    string            // folder of the datasets written for children
	files  map[string]string // dataset name -> file in tmp
}

// Run runs every selected scenario and returns their tables in order.
func Run(cfg Config) ([]*Table, error) {
	r, err := newRunner(cfg)
	if err != nil {
		return nil, err
	}
	defer r.cleanup()
	scs := cfg.Scenarios
	if scs == nil {
		scs = Scenarios()
	}
	var out []*Table
	for _, s := range scs {
		if !r.selected(s) {
			continue
		}
		if s.Derive != nil {
			if t := s.Derive(out); t != nil {
				t.ID, t.Group, t.Title, t.About, t.Unit, t.Derived = s.ID, s.Group, s.Title, s.About, s.Unit, true
				out = append(out, t)
			}
			continue
		}
		t, err := r.runScenario(s)
		if err != nil {
			r.prog.done()
			return out, err
		}
		out = append(out, t)
	}
	r.prog.done()
	return out, nil
}

func newRunner(cfg Config) (*runner, error) {
	if cfg.Stderr == nil {
		cfg.Stderr = io.Discard
	}
	if cfg.Stdout == nil {
		cfg.Stdout = io.Discard
	}
	r := &runner{cfg: cfg, env: cfg.Env, timing: timingFull}
	if cfg.Quick {
		r.timing = timingQuick
	}
	if cfg.Timing != nil {
		r.timing = *cfg.Timing
	}
	if r.env == nil {
		r.env = &Env{Quick: cfg.Quick, Sizes: sizesFull}
		if cfg.Quick {
			r.env.Sizes = sizesQuick
		}
		n, err := parseScale(cfg.Scale, r.env.Sizes.CityLots)
		if err != nil {
			return nil, err
		}
		r.env.Sizes.CityLots = n
		r.env.Conformance = cfg.Conformance
		if r.env.Conformance == "" {
			r.env.Conformance = findSuite()
		}
		if cfg.Data != "" {
			if r.env.extra, err = loadData(cfg.Data); err != nil {
				return nil, err
			}
		}
	}
	r.env.self = cfg.Self
	if cfg.child != nil {
		r.env.files = cfg.child.Files
		r.prog = nopProgress{}
	} else if cfg.Progress {
		r.prog = newBarProgress(cfg.Stderr)
	} else {
		r.prog = &lineProgress{w: cfg.Stderr}
	}
	return r, nil
}

// selected reports whether the run includes s.
func (r *runner) selected(s *Scenario) bool {
	if r.cfg.Scenario != nil && !r.cfg.Scenario.MatchString(s.ID) {
		return false
	}
	return !(s.Full && r.cfg.Quick)
}

func (r *runner) cleanup() {
	r.env.close()
	if r.tmp != "" {
		os.RemoveAll(r.tmp)
	}
}

// parseScale reads --scale: "" keeps def, "huge" is ~190 MB, otherwise a
// size in bytes with an optional KB, MB or GB suffix.
func parseScale(s string, def int) (int, error) {
	switch s {
	case "":
		return def, nil
	case "huge":
		return hugeBytes, nil
	}
	var n float64
	var unit string
	if _, err := fmt.Sscanf(s, "%g%s", &n, &unit); err != nil {
		if _, err := fmt.Sscanf(s, "%g", &n); err != nil {
			return 0, fmt.Errorf("--scale %q: want huge or a size such as 50MB", s)
		}
	}
	mult := map[string]float64{"": 1, "B": 1, "KB": 1e3, "MB": 1e6, "GB": 1e9, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}[unit]
	if mult == 0 || n <= 0 {
		return 0, fmt.Errorf("--scale %q: want huge or a size such as 50MB", s)
	}
	return int(n * mult), nil
}

// elapsed formats a duration in seconds.
func elapsed(d time.Duration) string { return fmt.Sprintf("%.1fs", d.Seconds()) }
