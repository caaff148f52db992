package bench

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// ChildCommand is the hidden `celer bench` subcommand that runs one cell
// of a memory scenario in a process of its own, so that its peak resident
// memory is the cell's alone.
const ChildCommand = "__child"

// childReq tells a child which cell to run.
type childReq struct {
	Scenario string            `json:"scenario"`
	Row      string            `json:"row"`
	Col      string            `json:"col"`
	Files    map[string]string `json:"files"` // dataset name -> file written by the parent
	Sizes    Sizes             `json:"sizes"`
	Quick    bool              `json:"quick"`
	Runs     int               `json:"runs"` // timed operations
	// ViewServer, when set, makes the child the CouchDB view server of
	// that wire (see viewserver.go) instead of a timed cell.
	ViewServer string `json:"view_server,omitempty"`
}

// childResp is what a child prints on standard output.
type childResp struct {
	NsPerOp  float64 `json:"ns_per_op"`
	AllocsOp float64 `json:"allocs_per_op"`
	BytesOp  float64 `json:"bytes_per_op"`
	HWM      int64   `json:"vm_hwm"` // peak RSS from /proc/self/status, bytes
	Err      string  `json:"err,omitempty"`
}

// runChild times task k of s in a child process and returns its time and
// allocations per operation and its peak RSS.
func (r *runner) runChild(s *Scenario, k *Task) (ns, allocs, bytes float64, rss int64, err error) {
	req := childReq{Scenario: s.ID, Row: k.Row, Col: k.Col, Sizes: r.env.Sizes, Quick: r.env.Quick, Runs: 1}
	if req.Files, err = r.writeInputs(s.Inputs); err != nil {
		return
	}
	arg, _ := json.Marshal(req)
	self := r.cfg.Self
	if len(self) == 0 {
		exe, err := os.Executable()
		if err != nil {
			return 0, 0, 0, 0, err
		}
		self = []string{exe, "bench"}
	}
	cmd := exec.Command(self[0], append(self[1:], ChildCommand, string(arg))...)
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	runErr := cmd.Run()
	rss = maxRSS(cmd.ProcessState)
	var resp childResp
	if jerr := json.Unmarshal([]byte(lastLine(out.String())), &resp); jerr != nil {
		if runErr == nil {
			runErr = jerr
		}
		return 0, 0, 0, rss, fmt.Errorf("child: %v: %s", runErr, strings.TrimSpace(errOut.String()))
	}
	if resp.Err != "" {
		return 0, 0, 0, rss, errors.New(resp.Err)
	}
	if resp.HWM > 0 {
		// The child's own peak: the rusage of a forked child also counts
		// the parent's pages at the fork.
		rss = resp.HWM
	}
	return resp.NsPerOp, resp.AllocsOp, resp.BytesOp, rss, nil
}

// writeInputs writes the named datasets to files once per run, for the
// children to read instead of generating them again.
func (r *runner) writeInputs(names []string) (map[string]string, error) {
	if r.files == nil {
		r.files = map[string]string{}
	}
	out := map[string]string{}
	for _, n := range names {
		if f, ok := r.files[n]; ok {
			out[n] = f
			continue
		}
		if r.tmp == "" {
			dir, err := os.MkdirTemp("", "celer-bench-")
			if err != nil {
				return nil, err
			}
			r.tmp = dir
		}
		f := filepath.Join(r.tmp, n+".json")
		if err := os.WriteFile(f, r.env.Doc(n), 0o600); err != nil {
			return nil, err
		}
		r.files[n], out[n] = f, f
	}
	return out, nil
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// childMain runs in the child: it builds the scenario, finds the cell,
// times req.Runs operations (one: a cold pass) and prints a childResp.
func childMain(arg string, stdout io.Writer) int {
	var req childReq
	if json.Unmarshal([]byte(arg), &req) == nil && req.ViewServer != "" {
		return viewServerMain(req.ViewServer, os.Stdin, stdout, os.Stderr)
	}
	resp := func() childResp {
		if err := json.Unmarshal([]byte(arg), &req); err != nil {
			return childResp{Err: "bad request: " + err.Error()}
		}
		var s *Scenario
		for _, sc := range Scenarios() {
			if sc.ID == req.Scenario {
				s = sc
			}
		}
		if s == nil {
			return childResp{Err: "no scenario " + req.Scenario}
		}
		env := &Env{Quick: req.Quick, Sizes: req.Sizes, files: req.Files}
		tasks, err := s.Build(env)
		if err != nil {
			return childResp{Err: err.Error()}
		}
		for _, k := range tasks {
			if k.Row != req.Row || k.Col != req.Col {
				continue
			}
			// No warm-up: like mORMot's huge-content tests, each child times
			// one pass over the document, heap growth included.
			ns, allocs, b, err := timeBatch(k.Op, max(req.Runs, 1))
			if err != nil {
				return childResp{Err: err.Error()}
			}
			return childResp{NsPerOp: ns, AllocsOp: allocs, BytesOp: b, HWM: vmHWM()}
		}
		return childResp{Err: fmt.Sprintf("no cell %s / %s in %s", req.Row, req.Col, req.Scenario)}
	}()
	b, _ := json.Marshal(resp)
	fmt.Fprintf(stdout, "%s\n", b)
	if resp.Err != "" {
		return 1
	}
	return 0
}

// safely runs op once, turning a panic into an error.
func safely(op func() error) (err error) {
	defer recoverTo(&err)
	return op()
}

// vmHWM returns this process's peak resident set size from
// /proc/self/status, or 0 where there is none.
func vmHWM() int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := bytes.CutPrefix(sc.Bytes(), []byte("VmHWM:")); ok {
			fields := strings.Fields(string(v))
			if len(fields) >= 1 {
				kb, _ := strconv.ParseInt(fields[0], 10, 64)
				return kb << 10
			}
		}
	}
	return 0
}
