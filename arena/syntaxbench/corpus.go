package syntaxbench

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// A Doc is one benchmark input.
type Doc struct {
	Name string // short and stable; used in benchmark names
	Path string // where it came from, relative to the corpus folder
	Data []byte
}

// ErrNoShared reports that no shared corpus folder was found.
var ErrNoShared = errors.New("shared corpus not found (looked for shared/corpus beside every parent of the working directory)")

// SharedDir finds the project's shared folder: the first "shared"
// directory containing corpus/ that sits in the working directory or in
// one of its parents (normally <repo>/../shared).
func SharedDir() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		cand := filepath.Join(dir, "shared")
		if fi, err := os.Stat(filepath.Join(cand, "corpus")); err == nil && fi.IsDir() {
			return cand, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", ErrNoShared
		}
		dir = parent
	}
}

// Files lists the single-document inputs: name and path in shared/corpus.
var Files = []struct{ Name, Path string }{
	{"twitter", "nativejson-benchmark/twitter.json"},
	{"citm", "nativejson-benchmark/citm_catalog.json"},
	{"canada", "nativejson-benchmark/canada.json"},
	{"citys", "groovy-json-benchmarks/citys.json"},
	{"people", "mormot-json-performance/people-excerpt.json"},
	{"citylots", "mormot-json-performance/citylots-excerpt.json"},
}

// ZeekName and ZeekPath name the escape-heavy input: the NDJSON log with
// the most backslashes, turned into one JSON array in memory by [NDJSONArray].
// Backslash density of the candidates (share of bytes that are '\'):
// zeek-syslog 1.64 %, zeek-notice 0.03 %, zeek-smtp 0 (checked by
// TestZeekIsMostEscaped).
const (
	ZeekName = "zeek-array"
	ZeekPath = "ndjson/zeek-syslog.ndjson"
)

// Load reads every input from the corpus folder under shared, in the
// order of [Files], followed by the zeek array.
func Load(shared string) ([]Doc, error) {
	corpus := filepath.Join(shared, "corpus")
	var docs []Doc
	for _, f := range Files {
		b, err := os.ReadFile(filepath.Join(corpus, f.Path))
		if err != nil {
			return nil, err
		}
		docs = append(docs, Doc{Name: f.Name, Path: f.Path, Data: b})
	}
	nd, err := os.ReadFile(filepath.Join(corpus, ZeekPath))
	if err != nil {
		return nil, err
	}
	arr, err := NDJSONArray(nd)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ZeekPath, err)
	}
	return append(docs, Doc{Name: ZeekName, Path: ZeekPath + " (as one array)", Data: arr}), nil
}

// NDJSONArray joins the non-blank lines of newline-delimited JSON into one
// JSON array: "[" + lines joined by "," + "]". The lines are not checked.
func NDJSONArray(nd []byte) ([]byte, error) {
	out := make([]byte, 0, len(nd)+2)
	out = append(out, '[')
	n := 0
	for line := range bytes.Lines(nd) {
		line = bytes.TrimRight(line, "\r\n")
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if n > 0 {
			out = append(out, ',')
		}
		out = append(out, line...)
		n++
	}
	if n == 0 {
		return nil, errors.New("no lines")
	}
	return append(out, ']'), nil
}

// BackslashDensity returns the share of bytes in b that are backslashes.
func BackslashDensity(b []byte) float64 {
	if len(b) == 0 {
		return 0
	}
	return float64(bytes.Count(b, []byte{'\\'})) / float64(len(b))
}
