package path

import (
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/index"
	"github.com/celerjson/celer/stream"
)

// numberArraysAt runs numberArrays on the array that opens doc, as skip
// calls it: the '[' consumed, in a window with its bitmap of non-digits.
// It returns the position numberArrays answers, and w.k before and after.
func numberArraysAt(t *testing.T, doc string, limit int) (end, k0, k int) {
	t.Helper()
	saved := bitmapAlways
	bitmapAlways = true
	defer func() { bitmapAlways = saved }()
	w := &idxWalker{b: []byte(doc), maxDepth: 1 << 10}
	w.x.Reset(index.StrictUTF8)
	w.off, w.win = 0, firstWindow
	if p := w.next(); p < 0 || doc[p] != '[' {
		t.Fatalf("%q: no array first", doc)
	}
	if len(w.nd) == 0 {
		t.Fatalf("%q: no bitmap", doc)
	}
	k0 = w.k
	_, end = w.numberArrays(limit)
	return end, k0, w.k
}

// TestNumberArrays: numberArrays settles arrays of numbers and arrays of
// such arrays itself, and leaves to skip, with w.k as it was, every other
// array, every error and every nesting past its limit.
func TestNumberArrays(t *testing.T) {
	settled := []string{
		`[1]`, `[0]`, `[-0.5]`, `[[]]`, `[[],[[]]]`, `[ 1 , 2 ]`, "[1\n,\t2\r]",
		`[[1.5,-2,0.25],[3, 4 ],[]]`,
		`[ [ [ -122.422003528252475, 37.808480096967251, 0.0 ], [ -122.42, 37.8, 0.0 ] ] ]`,
		`[123456789012345678901234567890, 1.234567890123456789012345678901234567890123456789012345678901]`,
	}
	for _, s := range settled {
		doc := s + `, 7`
		end, _, k := numberArraysAt(t, doc, 100)
		if end != len(s)-1 {
			t.Errorf("%q: %d, want %d (its ']')", s, end, len(s)-1)
			continue
		}
		if end2, _, _ := numberArraysAt(t, doc, 100); end2 != end {
			t.Fatalf("%q: not repeatable", s)
		}
		// The next position is the comma after the array.
		w := &idxWalker{b: []byte(doc)}
		w.x.Reset(0)
		w.off, w.win = 0, firstWindow
		w.next()
		w.k = k
		if p := w.next(); p < 0 || doc[p] != ',' {
			t.Errorf("%q: w.k %d is not past the array's ']'", s, k)
		}
	}

	var refused []string
	for _, n := range numberTexts {
		if strings.ContainsFunc(n, func(r rune) bool { return r >= 0x80 }) {
			continue // stage 1 rejects the window
		}
		if strings.ContainsAny(n, "eE") || !isValidJSON("["+n+"]") {
			refused = append(refused, "["+n+"]", "[1,"+n+"]", "[["+n+"],2]", "[[2],["+n+"]]", "[ "+n+" ]")
		}
	}
	refused = append(refused,
		`["a"]`, `[1,"a"]`, `[[1],{}]`, `[true]`, `[1,null]`, `[1,]`, `[,1]`, `[1 2]`, `[1:2]`, `[1}`,
		`[[1],]`, `[[1] [2]]`, `[[1],2`, `[[1,2]`, `[1,2`, `[1.5`, `[-`,
		`[1x]`, `[1,2x,3]`, `[0.5.5]`, `[01.5]`, `[-01]`, `[1 .5]`, `[1. 5]`,
	)
	for _, doc := range refused {
		if end, k0, k := numberArraysAt(t, doc, 100); end >= 0 || k != k0 {
			t.Errorf("%q: %d (w.k %d, was %d); want -1 and w.k unchanged", doc, end, k, k0)
		}
	}

	// The nesting numberArrays takes counts the array itself, and MaxDepth
	// (limit) must allow as much.
	n := numberArraysDepth
	deep := strings.Repeat("[", n-1) + "1,[2" + strings.Repeat("]", n)
	if end, _, _ := numberArraysAt(t, deep, n); end != len(deep)-1 {
		t.Errorf("%q at limit %d: %d, want %d", deep, n, end, len(deep)-1)
	}
	for _, c := range []struct {
		doc   string
		limit int
	}{{deep, n - 1}, {"[" + deep + "]", n + 1}} {
		if end, k0, k := numberArraysAt(t, c.doc, c.limit); end >= 0 || k != k0 {
			t.Errorf("%q at limit %d: %d, want -1", c.doc, c.limit, end)
		}
	}
}

func isValidJSON(s string) bool { return stream.Valid([]byte(s)) }
