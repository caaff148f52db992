package bindbench

import (
	"errors"
	"fmt"
	"github.com/celerjson/celer/arena/internal/cputime"
	"io"
	"sort"
	"sync"
	"testing"

	"github.com/celerjson/celer/arena/contender"
)

// TestVerify requires celer and encoding/json to pass every check, and
// logs every other contender's FAILED verdicts.
func TestVerify(t *testing.T) {
	s := load(t)
	verdicts := s.allVerdicts()
	var keys []string
	for k := range verdicts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	checked := 0
	for _, k := range keys {
		v := verdicts[k]
		checked++
		if v.Err == nil {
			continue
		}
		name := k[lastSlash(k)+1:]
		if mustCheck[name] {
			t.Errorf("%s: %v", k, v.Err)
		} else {
			t.Logf("FAILED %s: %v", k, v.Err)
		}
	}
	t.Logf("%d checks", checked)
}

func lastSlash(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '/' {
			return i
		}
	}
	return -1
}

// broken is a contender with wrong answers that Verify must catch: it
// fails to unmarshal structs, decodes every empty interface as "wrong",
// marshals an empty object and drops the first record of a stream.
type broken struct{ contender.StdBind }

func (b broken) DecodeStream(r io.Reader, v any, each func()) error {
	first := true
	return b.StdBind.DecodeStream(r, v, func() {
		if !first {
			each()
		}
		first = false
	})
}

func (broken) Name() string                  { return "broken" }
func (b broken) Marshal(any) ([]byte, error) { return []byte(`{}`), nil }
func (b broken) Unmarshal(data []byte, v any) error {
	if err := b.StdBind.Unmarshal(data, v); err != nil {
		return err
	}
	if m, ok := v.(*any); ok {
		*m = "wrong"
		return nil
	}
	return errors.New("broken")
}

// TestVerifyCatchesWrongAnswers checks that a contender with wrong
// answers gets an error verdict for every document and operation.
func TestVerifyCatchesWrongAnswers(t *testing.T) {
	s := load(t)
	v := Verify([]contender.Binder{broken{}}, s.docs)
	n := 0
	for k, r := range v {
		if r.Err == nil {
			t.Errorf("%s: wrong answer not caught", k)
		}
		n++
	}
	if want := (len(s.docs)-1)*4 + 1; n != want {
		t.Errorf("%d verdicts, want %d", n, want)
	}
}

// reported keeps each FAILED line to one print per benchmark name.
var reported sync.Map

func BenchmarkUnmarshalStruct(b *testing.B) { benchOp(b, OpUnmarshalStruct) }
func BenchmarkUnmarshalAny(b *testing.B)    { benchOp(b, OpUnmarshalAny) }
func BenchmarkMarshalStruct(b *testing.B)   { benchOp(b, OpMarshalStruct) }
func BenchmarkMarshalAny(b *testing.B)      { benchOp(b, OpMarshalAny) }
func BenchmarkStream(b *testing.B)          { benchOp(b, OpStream) }

// benchOp times op on every document with every contender that supports
// it. MB/s counts the JSON text: the input when decoding, encoding/json's
// output when encoding. A contender whose answer failed verification is
// not timed; a line "FAILED <name> (wrong answer, not timed): <reason>"
// goes to standard output for scripts/benchtable.
func benchOp(b *testing.B, op string) {
	s := load(b)
	for i := range s.docs {
		d := &s.docs[i]
		if !Applies(op, d) {
			continue
		}
		b.Run(d.Name, func(b *testing.B) {
			if err := d.Prepare(); err != nil {
				b.Fatal(err)
			}
			for _, c := range s.list {
				if !Supports(c, op) {
					continue
				}
				b.Run(c.Name(), func(b *testing.B) {
					if v := s.verdict(op, d, c); v.Err != nil {
						if _, dup := reported.LoadOrStore(b.Name(), true); !dup {
							fmt.Printf("FAILED %s (wrong answer, not timed): %v\n", b.Name(), v.Err)
						}
						b.SkipNow()
					}
					run(b, c, op, d)
				})
			}
		})
	}
}

// run times one operation. The operation runs once before the timing
// starts: a process of its own (bind-table.sh) begins with an empty heap,
// and on large documents, where 200 ms hold only a few operations, the
// first one's heap growth and page faults otherwise decided the result
// (citys into any ran 1-3 times at load 20 and its time varied 2x).
func run(b *testing.B, c contender.Binder, op string, d *Doc) {
	var do func() error
	switch op {
	case OpUnmarshalStruct:
		b.SetBytes(int64(len(d.Data)))
		do = func() error { return c.Unmarshal(d.Data, d.Case.New()) }
	case OpUnmarshalAny:
		b.SetBytes(int64(len(d.Data)))
		do = func() error {
			var v any
			return c.Unmarshal(d.Data, &v)
		}
	case OpMarshalStruct, OpMarshalAny:
		in, ref := d.Struct, d.StdOut
		if op == OpMarshalAny {
			in, ref = d.Any, d.AnyOut
		}
		b.SetBytes(int64(len(ref)))
		do = func() error {
			_, err := c.Marshal(in)
			return err
		}
	case OpStream:
		b.SetBytes(int64(len(d.Data)))
		s := c.(contender.StreamDecoder)
		do = func() error {
			n := 0
			if err := s.DecodeStream(newReader(d.Data), new(logRec), func() { n++ }); err != nil {
				return err
			}
			if n != StreamRecords {
				return fmt.Errorf("decoded %d records, want %d", n, StreamRecords)
			}
			return nil
		}
	default:
		b.Fatalf("unknown operation %q", op)
	}
	if err := do(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	defer cputime.Report(b, cputime.Now())
	for b.Loop() {
		if err := do(); err != nil {
			b.Fatal(err)
		}
	}
}
