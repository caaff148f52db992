package syntaxbench

import (
	"fmt"
	"sync"
	"testing"

	"github.com/celerjson/celer/arena/contender"
	"github.com/celerjson/celer/arena/internal/cputime"
)

func BenchmarkValid(b *testing.B)    { benchOp(b, OpValid) }
func BenchmarkTokenize(b *testing.B) { benchOp(b, OpTokenize) }
func BenchmarkCompact(b *testing.B)  { benchOp(b, OpCompact) }
func BenchmarkIndent(b *testing.B)   { benchOp(b, OpIndent) }

// reported keeps each FAILED line to one print per benchmark name.
var reported sync.Map

// benchOp runs op on every document with every contender that supports
// it. A contender whose answer failed verification is not timed: a line
// "FAILED <name> (wrong answer, not timed): <reason>" goes to standard
// output instead (benchmark logs are hidden without -v) for
// scripts/benchtable to show. The line is not a "key: value" line, which
// benchstat would read as configuration.
func benchOp(b *testing.B, op string) {
	s := load(b)
	for _, d := range s.docs {
		b.Run(d.Name, func(b *testing.B) {
			for _, c := range s.list {
				if !Supports(c, op) {
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
					run(b, c, op, d.Data)
				})
			}
		})
	}
}

// run times one operation. Output buffers are reused across iterations.
// Besides ns/op it reports cpu-ns/op (package cputime).
func run(b *testing.B, c contender.Syntax, op string, data []byte) {
	var err error
	start := cputime.Now()
	defer cputime.Report(b, start)
	switch op {
	case OpValid:
		for b.Loop() {
			if !c.Valid(data) {
				b.Fatal("Valid reports false")
			}
		}
	case OpTokenize:
		t := c.(contender.Tokenizer)
		for b.Loop() {
			if _, err = t.Tokenize(data); err != nil {
				b.Fatal(err)
			}
		}
	case OpCompact:
		f := c.(contender.Compacter)
		dst, _ := f.Compact(nil, data)
		for b.Loop() {
			if dst, err = f.Compact(dst[:0], data); err != nil {
				b.Fatal(err)
			}
		}
	case OpIndent:
		f := c.(contender.Indenter)
		dst, _ := f.Indent(nil, data)
		for b.Loop() {
			if dst, err = f.Indent(dst[:0], data); err != nil {
				b.Fatal(err)
			}
		}
	}
}
