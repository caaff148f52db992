package bindbench

import (
	"os"
	"sync"
	"testing"

	"github.com/celerjson/celer/arena/contender"
	"github.com/celerjson/celer/arena/syntaxbench"
)

// suite is everything the tests and benchmarks share, built once.
type suite struct {
	docs []Doc
	list []contender.Binder
	err  error

	mu       sync.Mutex
	verdicts map[string]Verdict // by Key, filled as benchmarks need them
	all      bool               // verdicts holds every pair (Verify ran)
}

// verdict returns c's verdict for op on d, checking it on first use.
func (s *suite) verdict(op string, d *Doc, c contender.Binder) Verdict {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := Key(op, d.Name, c.Name())
	v, ok := s.verdicts[k]
	if !ok {
		v = VerifyOne(c, op, d)
		s.verdicts[k] = v
	}
	return v
}

// allVerdicts returns every contender's verdict for every operation and
// document.
func (s *suite) allVerdicts() map[string]Verdict {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.all {
		s.verdicts = Verify(s.list, s.docs)
		s.all = true
	}
	return s.verdicts
}

var (
	suiteOnce sync.Once
	theSuite  suite
)

// mustCheck lists the contenders whose wrong answers fail the tests:
// celer itself and the reference. Other libraries' wrong answers are
// reported as FAILED and left out of the timings.
var mustCheck = map[string]bool{"celer": true, "stdjson": true}

// load returns the shared suite. Without the shared corpus it skips tb,
// loudly, or fails it when CELER_REQUIRE_SHARED=1.
func load(tb testing.TB) *suite {
	tb.Helper()
	suiteOnce.Do(func() {
		shared, err := syntaxbench.SharedDir()
		if err != nil {
			theSuite.err = err
			return
		}
		if theSuite.docs, err = Load(shared); err != nil {
			theSuite.err = err
			return
		}
		theSuite.list = contender.Binders()
		theSuite.verdicts = map[string]Verdict{}
	})
	if theSuite.err == syntaxbench.ErrNoShared {
		if os.Getenv("CELER_REQUIRE_SHARED") == "1" {
			tb.Fatalf("CELER_REQUIRE_SHARED=1 but %v", theSuite.err)
		}
		tb.Skipf("SKIPPING: %v; set CELER_REQUIRE_SHARED=1 to make this a failure", theSuite.err)
	}
	if theSuite.err != nil {
		tb.Fatal(theSuite.err)
	}
	return &theSuite
}
