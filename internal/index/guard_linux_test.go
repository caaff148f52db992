package index

import (
	"syscall"
	"testing"
)

// TestGuardPage indexes inputs that end at a page boundary followed by an
// inaccessible page: reading one byte past len(buf) faults.
func TestGuardPage(t *testing.T) {
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[page:], syscall.PROT_NONE); err != nil {
		t.Skip("mprotect:", err)
	}
	implementations(t, func(t *testing.T) {
		var x Builder
		idx := make([]uint32, 0, 1024)
		for n := 0; n <= 400; n++ {
			b := mem[page-n : page : page]
			for i := range b {
				b[i] = `{"a":[1,"\u00e9"]} `[i%19]
			}
			x.Reset(StrictUTF8)
			idx = x.Index(b, 0, true, idx[:0])
			want := reference(b, true)
			x.Reset(StrictUTF8)
			var out []byte
			_, out = x.IndexCompact(b, 0, true, nil, append(out, "prefix"...))
			if got := (result{idx, x.Bad(), x.SurrogateEscape(), out}); !got.equal(want) {
				t.Fatalf("len %d: got %v, want %v", n, got, want)
			}
		}
	})
}
