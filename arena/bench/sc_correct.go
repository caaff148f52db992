package bench

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/celerjson/celer/arena/contender"
)

// correctnessScenario is jsonbench's correctness table: JSONTestSuite per
// contender and the strictness questions (invalid UTF-8, duplicate names,
// depth 10,000).
func correctnessScenario() *Scenario {
	return &Scenario{
		ID: "jsonbench/correctness", Group: "jsonbench", Title: "Correctness at the defaults",
		About: "JSONTestSuite's test_parsing files (y_: must accept, n_: must reject, i_: either; shown when the suite is found, " +
			"see --conformance), then what each library does at its defaults with invalid UTF-8 in a string, a repeated member " +
			"name, and arrays nested 10,000 and 10,001 deep (celer's and encoding/json's limit is 10,000). " +
			"Binding libraries are asked through Unmarshal into an empty interface, DOM-only ones through their parser, " +
			"syntax-only ones through Valid.",
		Unit:    UnitCheck,
		Columns: []string{"y_ accepted", "n_ rejected", "i_ accepted", "invalid UTF-8", "duplicate names", "depth 10,000", "depth 10,001"},
		Build:   correctnessTasks,
	}
}

// A reader is one library's way of reading a document at its defaults.
type reader struct {
	name  string
	parse func(b []byte) (any, error) // the value read, for binders; nil otherwise
	bind  bool
}

// readers returns one reader per library: Unmarshal into an empty
// interface for binders, the DOM parser for DOM-only libraries, Valid for
// syntax-only ones.
func readers(e *Env) []reader {
	var out []reader
	seen := map[string]bool{}
	for _, b := range binders(e) {
		var v any
		if err := b.Unmarshal([]byte(`[]`), &v); errors.Is(err, contender.ErrUnsupported) {
			continue // easyjson: generated code for given types only
		}
		seen[b.Name()] = true
		out = append(out, reader{name: b.Name(), bind: true, parse: func(data []byte) (any, error) {
			var v any
			err := b.Unmarshal(data, &v)
			return v, err
		}})
	}
	for _, t := range trees(e) {
		if seen[t.Name()] {
			continue
		}
		seen[t.Name()] = true
		out = append(out, reader{name: t.Name(), parse: func(data []byte) (any, error) { return nil, t.ParseDOM(data) }})
	}
	cs, _ := contender.All()
	for _, c := range append(cs, moreOf[contender.Syntax](e)...) {
		if seen[c.Name()] || c.Name() == rowBaseline {
			continue
		}
		seen[c.Name()] = true
		out = append(out, reader{name: c.Name(), parse: func(data []byte) (any, error) {
			if !c.Valid(data) {
				return nil, errInvalid
			}
			return nil, nil
		}})
	}
	return out
}

// try reads data with r, turning a panic into an error.
func (r reader) try(data []byte) (v any, err error) {
	defer recoverTo(&err)
	return r.parse(data)
}

// suiteFile is one JSONTestSuite file.
type suiteFile struct {
	name string
	data []byte
}

// loadSuite reads the test_parsing files of dir.
func loadSuite(dir string) ([]suiteFile, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []suiteFile
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, suiteFile{e.Name(), b})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out, nil
}

func nested(depth int) []byte {
	return []byte(strings.Repeat("[", depth) + strings.Repeat("]", depth))
}

func correctnessTasks(e *Env) ([]Task, error) {
	var suite []suiteFile
	var suiteErr error
	if e.Conformance != "" {
		suite, suiteErr = loadSuite(e.Conformance)
	} else {
		suiteErr = fmt.Errorf("JSONTestSuite not found (use --conformance DIR)")
	}
	var tasks []Task
	for _, r := range readers(e) {
		count := func(prefix string, accept bool) (float64, string, error) {
			ok, n := 0, 0
			for _, f := range suite {
				if !strings.HasPrefix(f.name, prefix) {
					continue
				}
				n++
				if _, err := r.try(f.data); (err == nil) == accept {
					ok++
				}
			}
			return float64(ok) / float64(max(n, 1)), fmt.Sprintf("%d/%d", ok, n), nil
		}
		for col, prefix := range map[string]string{"y_ accepted": "y_", "n_ rejected": "n_", "i_ accepted": "i_"} {
			k := Task{Row: r.name, Col: col}
			if suiteErr != nil {
				k.Missing = suiteErr.Error()
			} else {
				k.Value = func() (float64, string, error) { return count(prefix, prefix != "n_") }
			}
			tasks = append(tasks, k)
		}
		tasks = append(tasks,
			Task{Row: r.name, Col: "invalid UTF-8", Value: func() (float64, string, error) {
				v, err := r.try([]byte("[\"a\xffb\"]"))
				switch {
				case err != nil:
					return 1, "rejected", nil
				case !r.bind:
					return 0, "accepted", nil
				}
				if a, ok := v.([]any); ok && len(a) == 1 {
					switch a[0] {
					case "a\uFFFDb":
						return 0, "replaced by U+FFFD", nil
					case "a\xffb":
						return 0, "kept as is", nil
					}
				}
				return 0, fmt.Sprintf("read as %q", v), nil
			}},
			Task{Row: r.name, Col: "duplicate names", Value: func() (float64, string, error) {
				v, err := r.try([]byte(`{"a":1,"a":2}`))
				switch {
				case err != nil:
					return 1, "rejected", nil
				case !r.bind:
					return 0, "accepted", nil
				}
				if m, ok := v.(map[string]any); ok {
					switch m["a"] {
					case 2.0:
						return 0, "last wins", nil
					case 1.0:
						return 0, "first wins", nil
					}
				}
				return 0, fmt.Sprintf("read as %v", v), nil
			}},
			Task{Row: r.name, Col: "depth 10,000", Value: func() (float64, string, error) {
				if _, err := r.try(nested(10000)); err != nil {
					return 0, "rejected", nil
				}
				return 1, "accepted", nil
			}},
			Task{Row: r.name, Col: "depth 10,001", Value: func() (float64, string, error) {
				if _, err := r.try(nested(10001)); err != nil {
					return 1, "rejected", nil
				}
				return 0, "accepted", nil
			}},
		)
	}
	return tasks, nil
}

// findSuite looks for shared/conformance/jsontestsuite/test_parsing in
// $CELER_SHARED, or beside the working directory or one of its parents.
func findSuite() string {
	rel := filepath.Join("conformance", "jsontestsuite", "test_parsing")
	if d := os.Getenv("CELER_SHARED"); d != "" {
		return filepath.Join(d, rel)
	}
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for dir := wd; ; {
		for _, cand := range []string{filepath.Join(dir, "shared", rel), filepath.Join(filepath.Dir(dir), "shared", rel)} {
			if st, err := os.Stat(cand); err == nil && st.IsDir() {
				return cand
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// programs are the minimal programs of the binary-size table: read JSON
// from the command line into an empty interface and write it back.
var programs = map[string][2]string{
	"no JSON (fmt only)": {`"fmt"`, ``},
	"celer":              {`json "github.com/celerjson/celer"`, "json.Unmarshal|json.Marshal"},
	"stdjson":            {`"encoding/json"`, "json.Unmarshal|json.Marshal"},
	"jsonv2":             {`"github.com/go-json-experiment/json"`, "json.Unmarshal|json.Marshal"},
	"sonic":              {`json "github.com/bytedance/sonic"`, "json.Unmarshal|json.Marshal"},
	"goccy":              {`"github.com/goccy/go-json"`, "json.Unmarshal|json.Marshal"},
	"segmentio":          {`"github.com/segmentio/encoding/json"`, "json.Unmarshal|json.Marshal"},
	"jsoniter":           {`jsoniter "github.com/json-iterator/go"`, "jsoniter.Unmarshal|jsoniter.Marshal"},
}

// programSource returns the main.go of a minimal program.
func programSource(name string) string {
	p := programs[name]
	if p[1] == "" {
		return "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nfunc main() { fmt.Println(os.Args[len(os.Args)-1]) }\n"
	}
	un, m, _ := strings.Cut(p[1], "|")
	return fmt.Sprintf(`package main

import (
	"fmt"
	"os"

	%s
)

func main() {
	var v any
	if err := %s([]byte(os.Args[len(os.Args)-1]), &v); err != nil {
		fmt.Println(err)
		return
	}
	b, _ := %s(v)
	fmt.Printf("%%s\n", b)
}
`, p[0], un, m)
}

// binarySizeScenario builds a minimal program per library (full run
// only; sizes are cached by Go version, go.sum and program text).
func binarySizeScenario() *Scenario {
	return &Scenario{
		ID: "jsonbench/binary-size", Group: "jsonbench", Title: "Binary size of a minimal program",
		About: "A program that reads JSON from its command line into an empty interface and writes it back, built with " +
			"`go build` (default flags) per library; the first row imports no JSON library. Built in the full run only, " +
			"and cached (by Go version, go.sum and program) under the user cache folder.",
		Unit:  UnitBytes,
		Lower: true,
		Full:  true,
		Build: binarySizeTasks,
	}
}

var binsizeMu sync.Mutex

func binarySizeTasks(e *Env) ([]Task, error) {
	names := make([]string, 0, len(programs))
	for n := range programs {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		rank := func(s string) string {
			switch s {
			case "no JSON (fmt only)":
				return "0"
			case "celer":
				return "1"
			case "stdjson":
				return "2"
			}
			return "3" + s
		}
		return rank(names[i]) < rank(names[j])
	})
	dir, err := arenaDir()
	var tasks []Task
	for _, n := range names {
		k := Task{Row: n, Col: "bytes", Anchor: n == "no JSON (fmt only)"}
		if err != nil {
			k.Missing = err.Error()
		} else {
			k.Value = func() (float64, string, error) {
				size, err := programSize(dir, n)
				return float64(size), fmt.Sprintf("%.1f MB", float64(size)/1e6), err
			}
		}
		tasks = append(tasks, k)
	}
	return tasks, nil
}

// arenaDir returns the source folder of the arena module, when the go
// command can find it from the working directory.
func arenaDir() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/celerjson/celer/arena").Output()
	if err != nil {
		return "", fmt.Errorf("needs the go command inside the celer source tree: %v", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// programSize builds the minimal program of name (or finds its size in
// the cache) and returns the binary's size.
func programSize(dir, name string) (int64, error) {
	binsizeMu.Lock()
	defer binsizeMu.Unlock()
	src := programSource(name)
	sum, _ := os.ReadFile(filepath.Join(dir, "go.sum"))
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s/%s\n%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH, src)
	h.Write(sum)
	key := hex.EncodeToString(h.Sum(nil))
	cacheFile := ""
	cache := map[string]int64{}
	if cd, err := os.UserCacheDir(); err == nil {
		cacheFile = filepath.Join(cd, "celer-bench", "binsize.json")
		if b, err := os.ReadFile(cacheFile); err == nil {
			json.Unmarshal(b, &cache)
		}
	}
	if n, ok := cache[key]; ok {
		return n, nil
	}
	tmp, err := os.MkdirTemp("", "celer-binsize-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp)
	main := filepath.Join(tmp, "main.go")
	if err := os.WriteFile(main, []byte(src), 0o644); err != nil {
		return 0, err
	}
	pkg := "internal/binsize/" + strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		return '_'
	}, name)
	ov, _ := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(dir, pkg, "main.go"): main}})
	overlay := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(overlay, ov, 0o644); err != nil {
		return 0, err
	}
	bin := filepath.Join(tmp, "prog")
	cmd := exec.Command("go", "build", "-overlay", overlay, "-o", bin, "./"+pkg)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("go build: %v: %s", err, strings.TrimSpace(string(out)))
	}
	st, err := os.Stat(bin)
	if err != nil {
		return 0, err
	}
	cache[key] = st.Size()
	if cacheFile != "" {
		os.MkdirAll(filepath.Dir(cacheFile), 0o755)
		if b, err := json.Marshal(cache); err == nil {
			os.WriteFile(cacheFile, b, 0o644)
		}
	}
	return st.Size(), nil
}
