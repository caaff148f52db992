package dombench

import (
	"errors"
	"fmt"
	"github.com/celerjson/celer/arena/internal/cputime"
	"sort"
	"sync"
	"testing"

	"github.com/celerjson/celer/arena/contender"
)

// TestVerify requires celer and encoding/json to pass every check and
// logs the other contenders' FAILED verdicts.
func TestVerify(t *testing.T) {
	s := load(t)
	var keys []string
	for k := range s.verdicts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := s.verdicts[k]
		if v.Err == nil {
			continue
		}
		if mustCheck[k[lastSlash(k)+1:]] {
			t.Errorf("%s: %v", k, v.Err)
		} else {
			t.Logf("FAILED %s: %v", k, v.Err)
		}
	}
	t.Logf("%d checks", len(keys))
}

// brokenDOM parses like encoding/json but loses one number: a contender
// with wrong answers that VerifyDOM must catch.
type brokenDOM struct{ contender.StdDOM }

func (*brokenDOM) Name() string { return "broken" }
func (b *brokenDOM) VisitDOM() (contender.Summary, error) {
	s, err := b.StdDOM.VisitDOM()
	s.Numbers--
	return s, err
}

type failingDOM struct{ contender.StdDOM }

func (*failingDOM) Name() string            { return "failing" }
func (*failingDOM) ParseDOM(b []byte) error { return errors.New("no") }

func TestVerifyCatchesWrongAnswers(t *testing.T) {
	s := load(t)
	v := VerifyDOM([]contender.DOM{&brokenDOM{}, &failingDOM{}}, s.docs)
	if len(v) != 2*2*len(s.docs) {
		t.Errorf("%d verdicts, want %d", len(v), 4*len(s.docs))
	}
	for k, r := range v {
		if r.Err == nil {
			t.Errorf("%s: wrong answer not caught", k)
		}
	}
}

var reported sync.Map

func BenchmarkParse(b *testing.B)      { benchDOM(b, OpParse) }
func BenchmarkParseVisit(b *testing.B) { benchDOM(b, OpParseVisit) }

func benchDOM(b *testing.B, op string) {
	s := load(b)
	for _, d := range s.docs {
		b.Run(d.Name, func(b *testing.B) {
			for _, c := range s.doms {
				if _, lazy := c.(contender.LazyDOM); lazy && op == OpParse {
					continue
				}
				b.Run(c.Name(), func(b *testing.B) {
					if v := s.verdicts[Key(op, d.Name, c.Name())]; v.Err != nil {
						if _, dup := reported.LoadOrStore(b.Name(), true); !dup {
							fmt.Printf("FAILED %s (wrong answer, not timed): %v\n", b.Name(), v.Err)
						}
						b.SkipNow()
					}
					b.SetBytes(int64(len(d.Data)))
					b.ReportAllocs()
					cpu := cputime.Now()
					for b.Loop() {
						if err := c.ParseDOM(d.Data); err != nil {
							b.Fatal(err)
						}
						if op == OpParseVisit {
							if _, err := c.VisitDOM(); err != nil {
								b.Fatal(err)
							}
						}
					}
					cputime.Report(b, cpu)
				})
			}
		})
	}
}
