package bench

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/celerjson/celer/arena/dataset"
)

// TestMain lets the test binary stand in for the celer binary as the
// child process of the memory scenarios: it is started as
// "<test binary> __child REQUEST".
func TestMain(m *testing.M) {
	if len(os.Args) == 3 && os.Args[1] == ChildCommand {
		os.Exit(Main(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// tinySizes keep every generated dataset small.
var tinySizes = Sizes{Citys: 40, People: 30, Logs: 12, CityLots: 24 << 10, CouchDocs: 12}

// tinyEnv returns an environment of tiny datasets with the extra
// contenders more.
func tinyEnv(more ...any) *Env {
	e := &Env{Quick: true, Sizes: tinySizes, More: more}
	e.SetDoc("deep", dataset.Deep(40, 8))
	e.SetDoc("db1000", dataset.DBTable(30, 9))
	return e
}

// runTiny runs the scenarios matching id on tiny data, once each cell.
func runTiny(t *testing.T, id string, more ...any) []*Table {
	t.Helper()
	var errOut bytes.Buffer
	ts, err := Run(Config{
		Scenario: regexp.MustCompile(id),
		Env:      tinyEnv(more...),
		Timing:   &Timing{Rounds: 1, Per: 100 * time.Microsecond},
		Self:     []string{os.Args[0]},
		Stderr:   &errOut,
	})
	if err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	if len(ts) == 0 {
		t.Fatalf("no scenario matches %q", id)
	}
	return ts
}

// mustPass lists the rows whose wrong answers fail the tests: celer, the
// reference and the baseline. Other libraries' FAILED cells are logged.
var mustPass = map[string]bool{"celer": true, "stdjson": true, "baseline": true, "simdjson C++": true}

// checkTables requires every cell of celer, stdjson and baseline to be right
// (timed with a positive value, or a static value, or missing), broken's
// timed cells to be FAILED and never timed, and at least wantFailed of
// them.
func checkTables(t *testing.T, ts []*Table, broken string, wantFailed int) {
	t.Helper()
	failed := 0
	for _, tb := range ts {
		ok := 0
		for _, r := range tb.Rows {
			for i, c := range r.Cells {
				where := tb.ID + " " + r.Name + " / " + tb.Columns[i]
				switch {
				case r.Name == broken && c.State == StateFailed:
					failed++
					if c.NsPerOp != 0 || c.Value != 0 {
						t.Errorf("%s: FAILED cell was timed: %+v", where, c)
					}
				case c.State == StateFailed && mustPass[r.Name]:
					t.Errorf("%s: FAILED: %s", where, c.Why)
				case c.State == StateFailed:
					t.Logf("%s: FAILED (a real library's wrong answer): %s", where, c.Why)
				case c.State == StateOK:
					ok++
					if tb.Unit != UnitCheck && tb.Unit != UnitBytes && c.Text == "" && (c.NsPerOp <= 0 || c.Value <= 0) {
						t.Errorf("%s: not timed: %+v", where, c)
					}
				}
			}
		}
		if ok == 0 {
			t.Errorf("%s: no cell ran", tb.ID)
		}
		var md strings.Builder
		WriteMarkdown(&md, []*Table{tb})
		if !strings.Contains(md.String(), "### "+tb.Title) {
			t.Errorf("%s: markdown lacks its title", tb.ID)
		}
		if broken != "" && !tb.Derived && !strings.Contains(md.String(), "FAILED") && wantFailed > 0 {
			t.Errorf("%s: markdown shows no FAILED", tb.ID)
		}
	}
	if failed < wantFailed {
		t.Errorf("broken contender %q: %d FAILED cells, want at least %d", broken, failed, wantFailed)
	}
}

// brokenSyntax gives wrong answers to every syntax operation.
type brokenSyntax struct{}

func (brokenSyntax) Name() string                            { return "broken" }
func (brokenSyntax) Valid(b []byte) bool                     { return len(b) > 0 } // accepts invalid texts
func (brokenSyntax) Tokenize(b []byte) (int, error)          { return 1, nil }
func (brokenSyntax) Compact(dst, src []byte) ([]byte, error) { return append(dst, src[1:]...), nil }
func (brokenSyntax) Indent(dst, src []byte) ([]byte, error)  { return append(dst, src...), nil }

func TestSyntaxScenarios(t *testing.T) {
	ts := runTiny(t, "^syntax/", brokenSyntax{})
	if len(ts) != 4 {
		t.Fatalf("%d tables, want 4", len(ts))
	}
	checkTables(t, ts, "broken", 4*5)
	for _, tb := range ts {
		if _, ok := tb.Cell("baseline", "citys"); !ok {
			t.Errorf("%s: no baseline row", tb.ID)
		}
	}
}

func TestMainUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := Main([]string{"extra"}, &out, &errOut); code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if code := Main([]string{"--scenario", "("}, &out, &errOut); code != 2 {
		t.Errorf("bad regexp: exit %d, want 2", code)
	}
	if code := Main([]string{"--scale", "lots"}, &out, &errOut); code != 2 {
		t.Errorf("bad scale: exit %d, want 2", code)
	}
	out.Reset()
	if code := Main([]string{"--list"}, &out, &errOut); code != 0 || !strings.Contains(out.String(), "syntax/valid") {
		t.Errorf("--list: exit %d, output %q", code, out.String())
	}
}
