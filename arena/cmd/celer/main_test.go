package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/celerjson/celer/arena/dataset"
)

// result is the outcome of one run.
type result struct {
	code           int
	stdout, stderr string
}

// runCeler runs the command line args in process with stdin as input.
func runCeler(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(stdin), &stdout, &stderr)
	return result{code, stdout.String(), stderr.String()}
}

func TestDispatch(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		code       int
		out, errRE string
	}{
		{nil, 2, "", `(?s)^celer is a fast.*validate`},
		{[]string{"help"}, 0, "commands are", `^$`},
		{[]string{"--help"}, 0, "commands are", `^$`},
		{[]string{"help", "fmt"}, 0, "--indent", `^$`},
		{[]string{"help", "nope"}, 2, "", `unknown command "nope"`},
		{[]string{"nope"}, 2, "", `(?s)^celer: unknown command "nope".*Usage:`},
		{[]string{"version"}, 0, "celer ", `^$`},
		{[]string{"version", "x"}, 2, "", `too many arguments`},
		{[]string{"fmt", "-h"}, 0, "", `(?s)^usage: celer fmt .*Flags:`},
		{[]string{"fmt", "--nope"}, 2, "", `(?s)provided but not defined: -nope\nusage: celer fmt`},
		{[]string{"min", "a", "b"}, 2, "", `at most one FILE`},
		{[]string{"validate", "-x"}, 2, "", `provided but not defined`},
	} {
		r := runCeler(t, "", tc.args...)
		if r.code != tc.code || !strings.Contains(r.stdout, tc.out) || !regexp.MustCompile(tc.errRE).MatchString(r.stderr) {
			t.Errorf("celer %q = %d\nstdout: %.200q\nstderr: %.200q\nwant %d, stdout with %q, stderr matching %s",
				tc.args, r.code, r.stdout, r.stderr, tc.code, tc.out, tc.errRE)
		}
	}
	if _, ok := commands["bench"]; !ok {
		t.Error("bench is not registered")
	}
}

func TestValidateStdin(t *testing.T) {
	for _, tc := range []struct {
		in    string
		code  int
		errRE string
	}{
		{`{"a": [1, 2, {"b": null}]}`, 0, `^$`},
		{" \n\"x\"\n\n", 0, `^$`},
		{`[1, 2, x]`, 1, `^<stdin>:1:8: .+\n$`},
		{"[\n  1,\n  @\n]", 1, `^<stdin>:3:3: .+\n$`},
		{`[1, 2`, 1, `^<stdin>:1:\d+: .+\n$`},
		{`1 2`, 1, `^<stdin>:1:3: .+\n$`},
		{``, 1, `^<stdin>:1:1: .+\n$`},
		{"\"\xff\"", 1, `^<stdin>:1:\d+: .+\n$`},
	} {
		r := runCeler(t, tc.in, "validate")
		if r.code != tc.code || !regexp.MustCompile(tc.errRE).MatchString(r.stderr) || r.stdout != "" {
			t.Errorf("validate %q = %d, stderr %q; want %d, stderr matching %s", tc.in, r.code, r.stderr, tc.code, tc.errRE)
		}
	}
}

func TestValidateFiles(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "good.json", `{"ok": true}`)
	bad := writeFile(t, dir, "bad.json", "{\"ok\":\n  tru }")
	missing := filepath.Join(dir, "missing.json")

	if r := runCeler(t, "", "validate", good, good); r.code != 0 || r.stderr != "" {
		t.Errorf("two good files: %+v", r)
	}
	r := runCeler(t, "", "validate", good, bad, missing, good)
	if r.code != 1 {
		t.Errorf("exit status %d, want 1", r.code)
	}
	lines := strings.Split(strings.TrimSuffix(r.stderr, "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], bad+":2:") || !strings.Contains(lines[1], "missing.json") {
		t.Errorf("stderr:\n%s", r.stderr)
	}
	if r := runCeler(t, `[]`, "validate", "-"); r.code != 0 {
		t.Errorf(`validate "-" of []: %+v`, r)
	}
}

// transformCases are inputs on which min and fmt must match encoding/json.
var transformCases = []string{
	`{}`, `[]`, `0`, `-1.5e+300`, `"x"`, `null`,
	" \t\n{\"a\" : [ 1 , 2 , { } , [ ] , {\"b\":\"\\u00e9\\n\"} ] , \"c\":true}\n \n",
	`[[[[[[[[[[[[[["deep"]]]]]]]]]]]]]]`,
	`{"html": "<a href=\"x\">&amp;</a>", "ls": "` + "\u2028\u2029" + `", "uni": "日本語"}`,
	`[1, 2.0, -0, 1e10, 1E-7, 12345678901234567890123]`,
	"[\n]\r\n",
}

func TestMinFmtMatchEncodingJSON(t *testing.T) {
	inputs := slices.Clone(transformCases)
	inputs = append(inputs, string(dataset.CityLotsBytes(200<<10, 1)))
	for _, in := range inputs {
		checkTransforms(t, "case", []byte(in))
	}
}

func TestMinFmtInvalid(t *testing.T) {
	for _, in := range []string{``, `[1,]`, `{"a" 1}`, `[1] [2]`, "[\n\n  nul]"} {
		for _, cmd := range []string{"min", "fmt"} {
			r := runCeler(t, in, cmd)
			if r.code != 1 || !regexp.MustCompile(`^<stdin>:\d+:\d+: .+\n$`).MatchString(r.stderr) {
				t.Errorf("%s %q = %d, stderr %q; want 1 and <stdin>:LINE:COL: message", cmd, in, r.code, r.stderr)
			}
		}
	}
}

// checkTransforms checks min, fmt and fmt --indent on in against
// encoding/json: the same bytes for valid input, exit status 1 for invalid.
// It returns how it classified the input.
func checkTransforms(t *testing.T, name string, in []byte) (class string) {
	t.Helper()
	var want bytes.Buffer
	jsonErr := json.Compact(&want, in)
	if jsonErr == nil && !utf8.Valid(in) {
		// encoding/json does not check UTF-8; celer does.
		if r := runCeler(t, string(in), "min"); r.code != 1 {
			t.Errorf("%s: min of invalid UTF-8 = %d, want 1", name, r.code)
		}
		return "invalid UTF-8"
	}
	check := func(want []byte, args ...string) {
		t.Helper()
		r := runCeler(t, string(in), args...)
		switch {
		case jsonErr != nil && r.code != 1:
			t.Errorf("%s: celer %q = %d for input rejected by encoding/json (%v), want 1", name, args, r.code, jsonErr)
		case jsonErr == nil && (r.code != 0 || r.stdout != string(want)):
			t.Errorf("%s: celer %q = %d, stderr %q\n got %.300q\nwant %.300q", name, args, r.code, r.stderr, r.stdout, want)
		}
	}
	check(want.Bytes(), "min")
	want.Reset()
	json.Indent(&want, in, "", "  ")
	check(want.Bytes(), "fmt")
	want.Reset()
	json.Indent(&want, in, "", "\t")
	check(want.Bytes(), "fmt", "--indent", "\t")
	if jsonErr != nil {
		return "invalid"
	}
	return "valid"
}

// sharedCorpus returns the shared corpus directory, found in a "shared"
// directory beside the working directory or one of its parents. It skips
// the test when there is none, or fails it if CELER_REQUIRE_SHARED=1.
func sharedCorpus(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		corpus := filepath.Join(dir, "shared", "corpus")
		if fi, err := os.Stat(corpus); err == nil && fi.IsDir() {
			return corpus
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	if os.Getenv("CELER_REQUIRE_SHARED") == "1" {
		t.Fatal("shared/corpus not found and CELER_REQUIRE_SHARED=1")
	}
	t.Skip("SKIPPING: no shared/corpus directory found above the working directory")
	return ""
}

func TestMinFmtSharedCorpus(t *testing.T) {
	corpus := sharedCorpus(t)
	classes := map[string]int{}
	err := filepath.WalkDir(corpus, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		in, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(corpus, path)
		classes[checkTransforms(t, rel, in)]++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(classes) == 0 {
		t.Fatalf("no *.json file in %s", corpus)
	}
	t.Logf("checked the *.json files of %s: %v", corpus, classes)
}

func TestOutputFile(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, dir, "in.json", `{"a": [1, {"b": 2}]}`)
	out := filepath.Join(dir, "out.json")
	if r := runCeler(t, "", "fmt", "-o", out, in); r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Fatalf("fmt -o: %+v", r)
	}
	wantFile(t, out, "{\n  \"a\": [\n    1,\n    {\n      \"b\": 2\n    }\n  ]\n}")
	if fi, err := os.Stat(out); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("mode of new -o file: %v, %v; want 0644", fi.Mode(), err)
	}

	os.Chmod(out, 0o600)
	if r := runCeler(t, "", "min", in, "-o", out); r.code != 0 { // flag after the file
		t.Fatalf("min -o over an existing file: %+v", r)
	}
	wantFile(t, out, `{"a":[1,{"b":2}]}`)
	if fi, _ := os.Stat(out); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode of replaced -o file: %v, want 0600", fi.Mode())
	}

	bad := writeFile(t, dir, "bad.json", `{"a": [1, {"b": 2}}`)
	for _, cmd := range []string{"min", "fmt"} {
		r := runCeler(t, "", cmd, "-o", out, bad)
		if r.code != 1 || !strings.HasPrefix(r.stderr, bad+":1:") {
			t.Errorf("%s of bad input: %+v", cmd, r)
		}
		wantFile(t, out, `{"a":[1,{"b":2}]}`)
		fresh := filepath.Join(dir, "fresh-"+cmd+".json")
		if r := runCeler(t, "", cmd, "-o", fresh, bad); r.code != 1 {
			t.Errorf("%s of bad input to a new file: %+v", cmd, r)
		}
		if _, err := os.Stat(fresh); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s of bad input left %s behind (%v)", cmd, fresh, err)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	if r := runCeler(t, "", "min", "-o", filepath.Join(dir, "no", "such", "dir.json"), in); r.code != 1 {
		t.Errorf("min -o into a missing directory: %+v", r)
	}
}

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func wantFile(t *testing.T, path, want string) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil || string(got) != want {
		t.Errorf("%s = %q, %v; want %q", path, got, err, want)
	}
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
	binDir  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// celerBinary builds the celer command once and returns its path.
func celerBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		if binDir, binErr = os.MkdirTemp("", "celer-test-"); binErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "celer")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = errors.New("go build: " + err.Error() + "\n" + string(out))
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// TestBinary runs the real binary: exit statuses, messages and pipes.
func TestBinary(t *testing.T) {
	bin := celerBinary(t)
	dir := t.TempDir()
	bad := writeFile(t, dir, "bad.json", "[1,\n 2,,3]")
	cmd := exec.Command(bin, "validate", bad)
	out, err := cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 1 || !strings.HasPrefix(string(out), bad+":2:4: ") {
		t.Errorf("validate bad.json: %v, %q; want status 1 and %s:2:4: ...", err, out, bad)
	}
	cmd = exec.Command(bin, "fmt")
	cmd.Stdin = strings.NewReader(`{"a":[true]}`)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err = cmd.Output()
	if err != nil || string(out) != "{\n  \"a\": [\n    true\n  ]\n}" || stderr.Len() != 0 {
		t.Errorf("fmt from a pipe: %v, %q, stderr %q", err, out, stderr.String())
	}
	var ee *exec.ExitError
	if err := exec.Command(bin, "nope").Run(); !errors.As(err, &ee) || ee.ExitCode() != 2 {
		t.Errorf("unknown command: %v, want exit status 2", err)
	}
}
