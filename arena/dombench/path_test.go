package dombench

import (
	"errors"
	"fmt"
	"github.com/celerjson/celer/arena/internal/cputime"
	"sync"
	"testing"

	"github.com/celerjson/celer/arena/contender"
	"github.com/celerjson/celer/arena/syntaxbench"
	"github.com/celerjson/celer/path"
)

type pathSuite struct {
	lookups, queries []PathInput
	ls               []contender.Lookuper
	qs               []contender.JSONPather
	verdicts         map[string]Verdict
	err              error
}

var (
	pathOnce sync.Once
	thePaths pathSuite
)

func loadPaths(tb testing.TB) *pathSuite {
	tb.Helper()
	load(tb) // skips or fails without the shared folder
	pathOnce.Do(func() {
		shared, err := syntaxbench.SharedDir()
		if err != nil {
			thePaths.err = err
			return
		}
		thePaths.lookups, thePaths.queries, thePaths.err = LoadPaths(shared)
		thePaths.ls, thePaths.qs = contender.Lookupers(), contender.JSONPathers()
		thePaths.verdicts = VerifyPaths(thePaths.ls, thePaths.qs, thePaths.lookups, thePaths.queries)
	})
	if thePaths.err != nil {
		tb.Fatal(thePaths.err)
	}
	return &thePaths
}

func TestVerifyPaths(t *testing.T) {
	s := loadPaths(t)
	for k, v := range s.verdicts {
		if v.Err == nil {
			continue
		}
		if name := k[lastSlash(k)+1:]; mustCheck[name] {
			t.Errorf("%s: %v", k, v.Err)
		} else {
			t.Logf("FAILED %s: %v", k, v.Err)
		}
	}
	if want := len(s.lookups)*len(s.ls) + len(s.queries)*len(s.qs); len(s.verdicts) != want {
		t.Errorf("%d verdicts, want %d", len(s.verdicts), want)
	}
}

func lastSlash(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '/' {
			return i
		}
	}
	return -1
}

// wrongLookup finds the value one step short of the path; wrongQuery
// selects one node too few. VerifyPaths must catch both.
type wrongLookup struct{ contender.GJSON }

func (*wrongLookup) Name() string { return "wrong" }
func (w *wrongLookup) CompileLookup(steps []contender.Step) error {
	return w.GJSON.CompileLookup(steps[:len(steps)-1])
}

type wrongQuery struct{ contender.TheoryPath }

func (*wrongQuery) Name() string { return "wrong" }
func (w *wrongQuery) Results() ([]any, error) {
	r, err := w.TheoryPath.Results()
	if len(r) == 0 {
		return nil, errors.New("empty")
	}
	return r[1:], err
}

func TestVerifyPathsCatchesWrongAnswers(t *testing.T) {
	s := loadPaths(t)
	v := VerifyPaths([]contender.Lookuper{&wrongLookup{}}, []contender.JSONPather{&wrongQuery{}}, s.lookups, s.queries)
	for k, r := range v {
		if r.Err == nil {
			t.Errorf("%s: wrong answer not caught", k)
		}
	}
	if len(v) != len(s.lookups)+len(s.queries) {
		t.Errorf("%d verdicts", len(v))
	}
}

var reportedPaths sync.Map

func skipFailed(b *testing.B, v Verdict) {
	if v.Err != nil {
		if _, dup := reportedPaths.LoadOrStore(b.Name(), true); !dup {
			fmt.Printf("FAILED %s (wrong answer, not timed): %v\n", b.Name(), v.Err)
		}
		b.SkipNow()
	}
}

// BenchmarkLookup finds one deep value in raw bytes; MB/s counts the
// whole file, as a lookup may have to skip all of it.
func BenchmarkLookup(b *testing.B) {
	s := loadPaths(b)
	for _, in := range s.lookups {
		b.Run(in.Name, func(b *testing.B) {
			for _, c := range s.ls {
				b.Run(c.Name(), func(b *testing.B) {
					skipFailed(b, s.verdicts[Key(OpLookup, in.Name, c.Name())])
					if err := c.CompileLookup(in.Steps); err != nil {
						b.Fatal(err)
					}
					b.SetBytes(int64(len(in.Data)))
					b.ReportAllocs()
					cpu := cputime.Now()
					for b.Loop() {
						if _, err := c.Lookup(in.Data); err != nil {
							b.Fatal(err)
						}
					}
					cputime.Report(b, cpu)
				})
			}
		})
	}
}

// BenchmarkJSONPath runs a compiled query on a document loaded before
// the timing starts; MB/s counts the document's JSON text.
func BenchmarkJSONPath(b *testing.B) {
	s := loadPaths(b)
	for _, in := range s.queries {
		b.Run(in.Name, func(b *testing.B) {
			for _, c := range s.qs {
				b.Run(c.Name(), func(b *testing.B) {
					skipFailed(b, s.verdicts[Key(OpJSONPath, in.Name, c.Name())])
					if err := c.LoadDoc(in.Data); err != nil {
						b.Fatal(err)
					}
					if err := c.CompilePath(in.Expr); err != nil {
						b.Fatal(err)
					}
					b.SetBytes(int64(len(in.Data)))
					b.ReportAllocs()
					cpu := cputime.Now()
					for b.Loop() {
						if _, err := c.Select(); err != nil {
							b.Fatal(err)
						}
					}
					cputime.Report(b, cpu)
				})
			}
		})
	}
}

// trustedLookup is celer's raw lookup with path.TrustInput(true): the
// values it passes over are skipped without checking their grammar.
// BenchmarkLookupTrusted names it "celer" so that the ratio scripts set it
// against the same contenders as BenchmarkLookup.
type trustedLookup struct{ d path.Dotted }

var trustOpt = []path.Options{path.TrustInput(true)}

func (*trustedLookup) Name() string { return "celer" }
func (c *trustedLookup) CompileLookup(steps []contender.Step) (err error) {
	c.d, err = path.CompileDotted(contender.DottedPath(steps))
	return err
}
func (c *trustedLookup) Lookup(b []byte) ([]byte, error) {
	r, err := c.d.LookupBytes(b, trustOpt...)
	if err == nil && r == nil {
		return nil, errors.New("not found")
	}
	return r, err
}

var (
	trustedOnce     sync.Once
	trustedLs       []contender.Lookuper
	trustedVerdicts map[string]Verdict
)

// loadTrusted returns the lookup contenders with celer in TrustInput mode,
// and their verdicts.
func loadTrusted(tb testing.TB) ([]contender.Lookuper, map[string]Verdict) {
	s := loadPaths(tb)
	trustedOnce.Do(func() {
		trustedLs = append([]contender.Lookuper{&trustedLookup{}}, contender.Lookupers()[1:]...)
		trustedVerdicts = VerifyPaths(trustedLs, nil, s.lookups, nil)
	})
	return trustedLs, trustedVerdicts
}

func TestVerifyTrustedLookup(t *testing.T) {
	s := loadPaths(t)
	_, v := loadTrusted(t)
	for _, in := range s.lookups {
		if err := v[Key(OpLookup, in.Name, "celer")].Err; err != nil {
			t.Errorf("%s: %v", in.Name, err)
		}
	}
}

// BenchmarkLookupTrusted is BenchmarkLookup with celer's lookup in
// TrustInput mode (unchecked skipping, for input known to be valid).
func BenchmarkLookupTrusted(b *testing.B) {
	s := loadPaths(b)
	ls, verdicts := loadTrusted(b)
	for _, in := range s.lookups {
		b.Run(in.Name, func(b *testing.B) {
			for _, c := range ls {
				b.Run(c.Name(), func(b *testing.B) {
					skipFailed(b, verdicts[Key(OpLookup, in.Name, c.Name())])
					if err := c.CompileLookup(in.Steps); err != nil {
						b.Fatal(err)
					}
					b.SetBytes(int64(len(in.Data)))
					b.ReportAllocs()
					cpu := cputime.Now()
					for b.Loop() {
						if _, err := c.Lookup(in.Data); err != nil {
							b.Fatal(err)
						}
					}
					cputime.Report(b, cpu)
				})
			}
		})
	}
}
