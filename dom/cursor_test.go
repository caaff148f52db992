package dom

import (
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

// cursorDoc parses an array of n containers of varied sizes, and nested
// in its last element another array of n containers, and returns it with
// the tape indexes of the elements of both, found by Elements.
func cursorDoc(t *testing.T, n int) (*Doc, []Value, []Value) {
	t.Helper()
	var b strings.Builder
	b.WriteByte('[')
	for k := range n {
		b.WriteString([]string{`{"a":1}`, `[1,[2,3]]`, `{}`, `{"b":[{"c":null}]}`}[k%4])
		b.WriteByte(',')
	}
	b.WriteByte('[')
	for k := range n {
		if k > 0 {
			b.WriteByte(',')
		}
		b.WriteString([]string{`[]`, `{"x":{"y":[]}}`, `[0]`}[k%3])
	}
	b.WriteString("]]")
	d, err := Parse([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	var outer, inner []Value
	for e := range d.Root().Elements() {
		outer = append(outer, e)
	}
	for e := range outer[n].Elements() {
		inner = append(inner, e)
	}
	if len(outer) != n+1 || len(inner) != n {
		t.Fatalf("%d and %d elements", len(outer), len(inner))
	}
	return d, outer, inner
}

// TestIndexCursor checks Index in orders that use the cursor (ascending,
// two arrays interleaved) and that must not (descending, random), and that
// an ascending loop leaves the cursor close behind the element reached.
func TestIndexCursor(t *testing.T) {
	const n = 500
	d, outer, inner := cursorDoc(t, n)
	root, nested := d.Root(), outer[n]
	check := func(i int) {
		t.Helper()
		if got := root.Index(i); got != outer[i] {
			t.Fatalf("outer Index(%d) = tape %d, want %d", i, got.i, outer[i].i)
		}
		if i < n {
			if got := nested.Index(i); got != inner[i] {
				t.Fatalf("inner Index(%d) = tape %d, want %d", i, got.i, inner[i].i)
			}
		}
	}
	for i := 0; i <= n; i++ {
		check(i)
	}
	for i := n; i >= 0; i-- {
		check(i)
	}
	for _, i := range rand.New(rand.NewPCG(1, 2)).Perm(n + 1) {
		check(i)
	}
	// One array alone: the cursor is then always its own.
	for i := n - 1; i >= 0; i-- {
		if got := nested.Index(i); got != inner[i] {
			t.Fatalf("descending: Index(%d) = tape %d, want %d", i, got.i, inner[i].i)
		}
	}
	for _, i := range rand.New(rand.NewPCG(3, 4)).Perm(n) {
		if got := nested.Index(i); got != inner[i] {
			t.Fatalf("random: Index(%d) = tape %d, want %d", i, got.i, inner[i].i)
		}
	}
	if root.Index(n+1).Exists() || nested.Index(n).Exists() {
		t.Error("Index past the end exists")
	}
	// An ascending loop over one array records its progress.
	for i := 0; i < n; i++ {
		if nested.Index(i) != inner[i] {
			t.Fatalf("Index(%d)", i)
		}
		k, j, ok := d.cur.load(nested.i)
		if i >= cursorMin && (!ok || k > i || i-k >= cursorMin || inner[k].i != uint32(j)) {
			t.Fatalf("after Index(%d): cursor %d at tape %d (%v)", i, k, j, ok)
		}
	}
	// A new parse by the same Parser forgets the cursor.
	var p Parser
	pd, err := p.Parse([]byte("[" + strings.Repeat("[],", 40) + "[]]"))
	if err != nil {
		t.Fatal(err)
	}
	pd.Root().Index(30)
	if _, _, ok := pd.cur.load(0); !ok {
		t.Fatal("no cursor recorded")
	}
	pd, _ = p.Parse([]byte(`[{},{}]`))
	if _, _, ok := pd.cur.load(0); ok {
		t.Error("cursor survives a new parse")
	}
}

// TestIndexCursorConcurrent runs Index from several goroutines on one Doc
// (run with -race): every answer must be right whatever the cursor holds.
func TestIndexCursorConcurrent(t *testing.T) {
	const n = 300
	d, outer, inner := cursorDoc(t, n)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(g), 7))
			for range 3 {
				for i := 0; i < n; i += 1 + r.IntN(3) {
					if d.Root().Index(i) != outer[i] || outer[n].Index(i) != inner[i] {
						t.Errorf("goroutine %d: Index(%d) wrong", g, i)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}
