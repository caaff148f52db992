package syntaxbench

import (
	"os"
	"sync"
	"testing"

	"github.com/celerjson/celer/arena/contender"
)

// suite is everything the tests and benchmarks share, built once.
type suite struct {
	docs     []Doc
	list     []contender.Syntax
	skipped  map[string]string
	verdicts map[string]Verdict
	err      error
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
		shared, err := SharedDir()
		if err != nil {
			theSuite.err = err
			return
		}
		if theSuite.docs, err = Load(shared); err != nil {
			theSuite.err = err
			return
		}
		theSuite.list, theSuite.skipped = contender.All()
		theSuite.verdicts, theSuite.err = Verify(theSuite.list, theSuite.docs)
	})
	if theSuite.err == ErrNoShared {
		skipNoShared(tb)
	}
	if theSuite.err != nil {
		tb.Fatal(theSuite.err)
	}
	return &theSuite
}

// sharedDir returns the shared folder or skips tb like load does.
func sharedDir(tb testing.TB) string {
	tb.Helper()
	dir, err := SharedDir()
	if err != nil {
		skipNoShared(tb)
	}
	return dir
}

// skipNoShared skips tb loudly because the shared corpus is missing, or
// fails it when the environment sets CELER_REQUIRE_SHARED=1.
func skipNoShared(tb testing.TB) {
	tb.Helper()
	if os.Getenv("CELER_REQUIRE_SHARED") == "1" {
		tb.Fatalf("CELER_REQUIRE_SHARED=1 but %v", ErrNoShared)
	}
	tb.Skipf("SKIPPING: %v; set CELER_REQUIRE_SHARED=1 to make this a failure", ErrNoShared)
}
