package bench

import (
	"bytes"
	"strings"
	"testing"

	"github.com/celerjson/celer/arena/contender"
	"github.com/celerjson/celer/arena/dataset"
)

// broken is a contender that gives wrong answers: the harness must show it
// as FAILED and never time it.
type broken struct{}

func (broken) Name() string                            { return "broken" }
func (broken) Valid(b []byte) bool                     { return false }
func (broken) Tokenize(b []byte) (int, error)          { return 1, nil }
func (broken) Compact(dst, src []byte) ([]byte, error) { return append(dst, src[1:]...), nil }
func (broken) Indent(dst, src []byte) ([]byte, error)  { return append(dst, src...), nil }

func TestRunChecksAndTimes(t *testing.T) {
	sets := []dataset.Named{
		{Name: "citys", Data: dataset.Citys(50, 1)},
		{Name: "logs", Data: dataset.Logs(20, 3)},
	}
	var errOut bytes.Buffer
	cs := []contender.Syntax{contender.NewBaseline(), contender.NewCeler(), contender.NewStdJSON(), broken{}}
	rs, err := Run(Config{Contenders: cs, Sets: sets, Stderr: &errOut})
	if err != nil {
		t.Fatal(err)
	}
	if want := len(Ops) * len(sets) * len(cs); len(rs) != want {
		t.Fatalf("%d results, want %d", len(rs), want)
	}
	for _, r := range rs {
		switch r.Contender {
		case "broken":
			if r.Failed == "" || r.NsPerOp != 0 {
				t.Errorf("%s %s: broken contender not FAILED (or timed): %+v", r.Op, r.Dataset, r)
			}
		default:
			if r.Failed != "" || r.NsPerOp <= 0 || r.MBps <= 0 {
				t.Errorf("%s %s %s: %+v", r.Op, r.Dataset, r.Contender, r)
			}
		}
	}
	var md strings.Builder
	Table(&md, rs)
	for _, want := range []string{"### valid", "### tokenize", "### compact", "### indent", "FAILED", "| citys |"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, md.String())
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
}
