package kernels

import (
	"bytes"
	"syscall"
	"testing"
)

// guarded returns a buffer of size bytes (a multiple of the page size) with
// an inaccessible page on either side, so that reading even one byte before
// or after it faults.
func guarded(t *testing.T, size int) []byte {
	t.Helper()
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, size+2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skip("mmap:", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
		t.Skip("mprotect:", err)
	}
	if err := syscall.Mprotect(mem[page+size:], syscall.PROT_NONE); err != nil {
		t.Skip("mprotect:", err)
	}
	return mem[page : page+size : page+size]
}

// TestGuardPages runs every kernel on slices that start right after or end
// right before an inaccessible page. An over-read crashes the test binary.
func TestGuardPages(t *testing.T) {
	page := syscall.Getpagesize()
	buf := guarded(t, 2*page)
	contents := map[string][]byte{
		"letters":   bytes.Repeat([]byte("a"), len(buf)),
		"spaces":    bytes.Repeat([]byte(" "), len(buf)),
		"utf8":      repeatTo("aé€𝄞z", len(buf)),
		"truncated": append(bytes.Repeat([]byte("a"), len(buf)-1), 0xF0),
	}
	for name, c := range contents {
		copy(buf, c)
		for n := 0; n <= 300; n++ {
			if !check(t, buf[:n]) || !check(t, buf[len(buf)-n:]) {
				t.Fatalf("contents %s, length %d", name, n)
			}
		}
		if !check(t, buf) {
			t.Fatalf("contents %s, whole buffer", name)
		}
	}
}
