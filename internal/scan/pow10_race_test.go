package scan

import (
	"math"
	"strconv"
	"sync"
	"testing"
)

// TestPow10TableFirstUseConcurrent builds the table of powers of ten
// afresh with several goroutines asking for it at once (run it with
// -race): each must get the whole table, and eiselLemire's results must
// match strconv's.
func TestPow10TableFirstUseConcurrent(t *testing.T) {
	for round := range 5 {
		// Forget the table, as before its first use. (No other test in
		// this package runs in parallel with this one.)
		pow10Ptr.Store(nil)
		pow10Once = sync.Once{}
		var wg sync.WaitGroup
		errs := make(chan string, 8)
		for g := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				m := uint64(9007199254740993) + uint64(g*1000+round)
				for q := -300; q <= 300; q += 7 {
					f, ok := eiselLemire(m, q, g%2 == 1)
					if !ok {
						continue
					}
					s := strconv.FormatUint(m, 10) + "e" + strconv.Itoa(q)
					if g%2 == 1 {
						s = "-" + s
					}
					want, _ := strconv.ParseFloat(s, 64)
					if math.Float64bits(f) != math.Float64bits(want) {
						errs <- s
						return
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for s := range errs {
			t.Fatalf("eiselLemire(%s) differs from strconv", s)
		}
	}
}
