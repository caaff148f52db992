// Package celertest is the test kit shared by celer's packages: it finds
// the public data in ../shared (conformance suites and corpora, which the
// project does not own and never commits) and offers small helpers.
package celertest

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// RequireEnv is the environment variable that turns a missing shared
// folder from a skip into a failure. CI sets it.
const RequireEnv = "CELER_REQUIRE_SHARED"

// SharedDir returns the shared data folder: $CELER_SHARED if set, else the
// first folder named "shared" beside the working directory or one of its
// parents. It skips the test loudly when there is none, or fails it when
// CELER_REQUIRE_SHARED=1.
func SharedDir(tb testing.TB) string {
	tb.Helper()
	if dir := findShared(); dir != "" {
		return dir
	}
	msg := "shared data folder not found (looked for ../shared beside the repository; set CELER_SHARED to point at it)"
	if os.Getenv(RequireEnv) == "1" {
		tb.Fatalf("%s, and %s=1", msg, RequireEnv)
	}
	tb.Skip("SKIPPING: " + msg)
	return ""
}

func findShared() string {
	if dir := os.Getenv("CELER_SHARED"); dir != "" {
		return dir
	}
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for dir := wd; ; {
		cand := filepath.Join(filepath.Dir(dir), "shared")
		if st, err := os.Stat(filepath.Join(cand, "corpus")); err == nil && st.IsDir() {
			return cand
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// File is one input file.
type File struct {
	Name string // path relative to its folder, with forward slashes
	Data []byte
}

// CorpusJSON returns every strict-JSON file of shared/corpus (*.json,
// excluding the deliberately invalid jsonchecker fail* files), sorted.
func CorpusJSON(tb testing.TB) []File {
	tb.Helper()
	root := filepath.Join(SharedDir(tb), "corpus")
	var out []File
	err := filepath.WalkDir(root, func(path string, de os.DirEntry, err error) error {
		if err != nil || de.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if strings.Contains(rel, "jsonchecker/fail") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		out = append(out, File{rel, b})
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	if len(out) == 0 {
		tb.Fatalf("no corpus files under %s", root)
	}
	return out
}

// CorpusFile returns one file of shared/corpus by relative path.
func CorpusFile(tb testing.TB, rel string) []byte {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join(SharedDir(tb), "corpus", filepath.FromSlash(rel)))
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// TestSuite returns the JSONTestSuite test_parsing files, sorted by name.
func TestSuite(tb testing.TB) []File {
	tb.Helper()
	dir := filepath.Join(SharedDir(tb), "conformance", "jsontestsuite", "test_parsing")
	ents, err := os.ReadDir(dir)
	if err != nil {
		tb.Fatal(err)
	}
	var out []File
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, File{e.Name(), b})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	if len(out) != 318 {
		tb.Fatalf("JSONTestSuite: found %d test_parsing files in %s, want 318", len(out), dir)
	}
	return out
}

// NDJSON returns the shared NDJSON logs.
func NDJSON(tb testing.TB) []File {
	tb.Helper()
	root := filepath.Join(SharedDir(tb), "corpus", "ndjson")
	ents, err := os.ReadDir(root)
	if err != nil {
		tb.Fatal(err)
	}
	var out []File
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".ndjson") {
			b, err := os.ReadFile(filepath.Join(root, e.Name()))
			if err != nil {
				tb.Fatal(err)
			}
			out = append(out, File{"ndjson/" + e.Name(), b})
		}
	}
	return out
}
