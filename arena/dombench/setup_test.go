package dombench

import (
	"os"
	"sync"
	"testing"

	"github.com/celerjson/celer/arena/contender"
	"github.com/celerjson/celer/arena/syntaxbench"
)

type suite struct {
	docs     []Doc
	doms     []contender.DOM
	verdicts map[string]Verdict
	err      error
}

var (
	suiteOnce sync.Once
	theSuite  suite
)

// mustCheck lists the contenders whose wrong answers fail the tests.
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
		theSuite.doms = contender.DOMs()
		theSuite.verdicts = VerifyDOM(theSuite.doms, theSuite.docs)
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
