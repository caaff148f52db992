package path

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/stream"
)

// sdChain returns a value nested n containers deep (n = 0: a scalar), with
// siblings at each level no deeper than the chain below them and, at the
// bottom, an empty container as often as a scalar.
func sdChain(r *rand.Rand, n int, sb *strings.Builder) {
	if n == 0 {
		sb.WriteString([]string{"1", "-2.5", "true", "null", `"s"`, `"\"]"`}[r.IntN(6)])
		return
	}
	obj := r.IntN(2) == 0
	if n == 1 && r.IntN(3) == 0 { // the deepest container empty
		if obj {
			sb.WriteString("{}")
		} else {
			sb.WriteString("[]")
		}
		return
	}
	open, close, key := "[", "]", ""
	if obj {
		open, close, key = "{", "}", `"a":`
	}
	sb.WriteString(open)
	before, after := r.IntN(3), r.IntN(3)
	sibling := func() {
		sb.WriteString(key)
		sdChain(r, r.IntN(min(n, 2)), sb)
		sb.WriteString(",")
	}
	for range before {
		sibling()
	}
	sb.WriteString(key)
	sdChain(r, n-1, sb)
	for range after {
		sb.WriteString("," + key)
		sdChain(r, r.IntN(min(n, 2)), sb)
	}
	sb.WriteString(close)
}

// sdDeepest returns the offset in x of its first deepest opening bracket.
func sdDeepest(x []byte) int {
	d, best, at := 0, 0, 0
	inStr := false
	for j := 0; j < len(x); j++ {
		switch c := x[j]; {
		case inStr && c == '\\':
			j++
		case c == '"':
			inStr = !inStr
		case !inStr && (c == '[' || c == '{'):
			if d++; d > best {
				best, at = d, j
			}
		case !inStr && (c == ']' || c == '}'):
			d--
		}
	}
	return at
}

// TestSkipDepthAndBrackets: a value nested n deep (n around 1, 64, 128 and
// 192, the widths of the skips' kind stack) is passed over or selected at
// nesting depth s, with MaxDepth s+n-1, s+n and s+n+1, sometimes with one
// closing bracket of the wrong kind, and placed across the boundaries of
// stage 1's windows. The checked indexed walk must decide exactly when the
// byte-wise walk finds the document well formed and give its answer, the
// DOM (which checks the same document whole) must agree on whether it is
// valid and on the value, and the trusted walk must give the same answer
// on every document with matched brackets.
func TestSkipDepthAndBrackets(t *testing.T) {
	r := rand.New(rand.NewPCG(76, 1))
	ns := []int{1, 2, 3, 62, 63, 64, 65, 66, 127, 128, 129, 191, 192, 193}
	bounds := []int{2048, 10240, 43008, 108544}
	fails := 0
	fail := func(format string, a ...any) {
		if fails++; fails <= 10 {
			t.Errorf(format, a...)
		}
	}
	for i := range 450 {
		n := ns[r.IntN(len(ns))]
		s := r.IntN(4) // containers around the value
		var xb strings.Builder
		sdChain(r, n, &xb)
		x := []byte(xb.String())
		mismatched := false
		if r.IntN(4) == 0 {
			// One closing bracket of the wrong kind, at any depth.
			var closers []int
			inStr := false
			for j := 0; j < len(x); j++ {
				switch c := x[j]; {
				case c == '\\':
					j++
				case c == '"':
					inStr = !inStr
				case !inStr && (c == ']' || c == '}'):
					closers = append(closers, j)
				}
			}
			if len(closers) > 0 {
				j := closers[r.IntN(len(closers))]
				x[j] ^= ']' ^ '}'
				mismatched = true
			}
		}
		whole := r.IntN(3) == 0 // x selected rather than passed over
		// The path: s containers, the innermost one holding a pad
		// string, x, then the target.
		if s == 0 {
			whole = true
		}
		var doc strings.Builder
		var steps []rawStep
		var closers []string
		for range max(s-1, 0) {
			if r.IntN(2) == 0 {
				doc.WriteString("[")
				steps = append(steps, rawStep{kind: rawIndex, index: 0})
				closers = append(closers, "]")
			} else {
				doc.WriteString(`{"p":`)
				steps = append(steps, rawStep{kind: rawName, name: "p"})
				closers = append(closers, "}")
			}
		}
		obj := r.IntN(2) == 0
		head := len(`["",`)
		if obj {
			head = len(`{"q":"","p":`)
		}
		pad := 0
		if s > 0 && r.IntN(2) == 0 {
			// x straddles a window boundary, or its deepest opening
			// bracket is at one (the last position of a window, the
			// first of the next).
			at := bounds[r.IntN(len(bounds))] - r.IntN(len(x)+3) + 1
			if r.IntN(2) == 0 {
				at = bounds[r.IntN(len(bounds))] - sdDeepest(x) - r.IntN(3)
			}
			pad = max(0, at-doc.Len()-head)
		}
		switch {
		case s == 0:
			doc.Write(x)
		case obj:
			doc.WriteString(`{"q":"` + strings.Repeat("p", pad) + `","p":`)
			doc.Write(x)
			doc.WriteString(`,"t":"T"}`)
			if whole {
				steps = append(steps, rawStep{kind: rawName, name: "p"})
			} else {
				steps = append(steps, rawStep{kind: rawName, name: "t"})
			}
		default:
			doc.WriteString(`["` + strings.Repeat("p", pad) + `",`)
			doc.Write(x)
			doc.WriteString(`,"T"]`)
			if whole {
				steps = append(steps, rawStep{kind: rawIndex, index: 1})
			} else {
				steps = append(steps, rawStep{kind: rawIndex, index: 2})
			}
		}
		for j := len(closers) - 1; j >= 0; j-- {
			doc.WriteString(closers[j])
		}
		b := []byte(doc.String())
		for _, m := range []int{s + n - 1, s + n, s + n + 1} {
			if m < 1 {
				continue
			}
			w := rawWalker{b: b, maxDepth: m}
			bitmapAlways = r.IntN(2) == 0
			s1, e1, st1 := w.walkFrom(kernels.SkipSpace(b, 0), steps, 0)
			s2, e2, st2, ok := w.walkIndexed(steps)
			if ok != (st1 != walkBad) || ok && (s1 != s2 || e1 != e2 || st1 != st2) {
				fail("%d: n %d s %d MaxDepth %d mismatched %v whole %v pad %d: byte-wise %d [%d:%d], indexed %d [%d:%d] decided %v", i, n, s, m, mismatched, whole, pad, st1, s1, e1, st2, s2, e2, ok)
			}
			d, err := dom.Parse(b, stream.MaxDepth(m))
			if (err == nil) != (st1 != walkBad) {
				fail("%d: n %d s %d MaxDepth %d mismatched %v: byte-wise %d, DOM %v", i, n, s, m, mismatched, st1, err)
			} else if err == nil {
				v := lookupSteps(steps, d.Root())
				if st1 != walkFound || !bytes.Equal(v.Raw(), b[s1:e1]) {
					fail("%d: n %d s %d MaxDepth %d: byte-wise %d %.20q, DOM %.20q", i, n, s, m, st1, b[s1:e1], v.Raw())
				}
			}
			if !mismatched {
				w.trusted = true
				s3, e3, st3, ok := w.walkIndexed(steps)
				if !ok || st3 != st1 || st1 == walkFound && (s3 != s1 || e3 != e1) {
					fail("%d: n %d s %d MaxDepth %d whole %v: byte-wise %d [%d:%d], trusted %d [%d:%d] %v", i, n, s, m, whole, st1, s1, e1, st3, s3, e3, ok)
				}
			}
		}
	}
	bitmapAlways = false
}
