package syntaxbench

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/celerjson/celer/arena/contender"
)

func TestCorrectness(t *testing.T) {
	s := load(t)
	for name, why := range s.skipped {
		t.Logf("contender %s not run: %s", name, why)
	}
	keys := make([]string, 0, len(s.verdicts))
	for k := range s.verdicts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	failed := 0
	for _, k := range keys {
		v := s.verdicts[k]
		if v.Err == nil {
			continue
		}
		failed++
		if mustCheck[v.Contender] {
			t.Errorf("%s: %v", k, v.Err)
		} else {
			t.Logf("FAILED %s: %v", k, v.Err)
		}
	}
	t.Logf("%d checks, %d failed", len(keys), failed)
}

func TestRejects(t *testing.T) {
	s := load(t)
	for _, c := range s.list {
		if err := CheckRejects(c); err != nil {
			if mustCheck[c.Name()] {
				t.Errorf("%s: %v", c.Name(), err)
			} else {
				t.Logf("FAILED %s: %v", c.Name(), err)
			}
		}
	}
}

// TestStrictness reports which contenders accept text that is valid JSON
// syntax but not strict RFC 8259 / RFC 7493 text. It fails only if celer,
// strict by default, accepts invalid UTF-8.
func TestStrictness(t *testing.T) {
	s := load(t)
	cases := make([]string, 0, len(StrictDocs))
	for k := range StrictDocs {
		cases = append(cases, k)
	}
	slices.Sort(cases)
	var sb strings.Builder
	sb.WriteString("Valid accepts (yes = lenient):\n")
	for _, c := range s.list {
		if _, ok := c.(*contender.Baseline); ok {
			continue
		}
		sb.WriteString("  " + c.Name() + ":")
		for _, k := range cases {
			acc := c.Valid([]byte(StrictDocs[k]))
			sb.WriteString(" " + k + "=" + map[bool]string{true: "yes", false: "no"}[acc] + ";")
			if c.Name() == "celer" && acc && k != "duplicate name" {
				t.Errorf("celer accepts %s by default: %q", k, StrictDocs[k])
			}
		}
		sb.WriteByte('\n')
	}
	t.Log(sb.String())
}

func TestZeekIsMostEscaped(t *testing.T) {
	shared := sharedDir(t)
	files, _ := filepath.Glob(filepath.Join(shared, "corpus", "ndjson", "zeek-*.ndjson"))
	best, bestD := "", -1.0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		d := BackslashDensity(b)
		t.Logf("%s: %.4f %% backslashes", filepath.Base(f), 100*d)
		if d > bestD {
			best, bestD = f, d
		}
	}
	if want := filepath.Join(shared, "corpus", ZeekPath); best != want {
		t.Errorf("most escape-heavy zeek log is %s, not %s", best, want)
	}
}

func TestNDJSONArray(t *testing.T) {
	got, err := NDJSONArray([]byte("{\"a\":1}\r\n\n[2]\n 3 \n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "[{\"a\":1},[2], 3 ]"; string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, err := NDJSONArray([]byte("\n \n")); err == nil {
		t.Error("no error for input without lines")
	}
}
