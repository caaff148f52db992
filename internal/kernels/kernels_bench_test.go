package kernels

import (
	"bytes"
	"fmt"
	"testing"
)

var benchSizes = []int{16, 64, 256, 4096, 65536}

// benchEach runs body for every kernel set and size in benchSizes, with
// input(n) as its argument and b.SetBytes(n) so results read as bytes/s.
func benchEach(b *testing.B, input func(n int) []byte, body func(b *testing.B, in []byte)) {
	for _, name := range Implementations() {
		for _, n := range benchSizes {
			in := input(n)
			b.Run(fmt.Sprintf("impl=%s/size=%d", name, n), func(b *testing.B) {
				defer SetImplementation(name)()
				b.SetBytes(int64(n))
				body(b, in)
			})
		}
	}
}

var sinkInt int
var sinkBool bool

// BenchmarkSkipSpace skips a run of n indentation bytes ("\n" and spaces)
// that ends in a non-space byte.
func BenchmarkSkipSpace(b *testing.B) {
	input := func(n int) []byte { return append(append([]byte("\n"), repeatTo(" ", n-1)...), '{') }
	benchEach(b, input, func(b *testing.B, in []byte) {
		for b.Loop() {
			sinkInt = SkipSpace(in, 0)
		}
	})
}

// BenchmarkStringRun scans an n-byte run of plain ASCII string bytes.
func BenchmarkStringRun(b *testing.B) {
	input := func(n int) []byte { return repeatTo("The quick brown fox jumps over the lazy dog. ", n) }
	benchEach(b, input, func(b *testing.B, in []byte) {
		for b.Loop() {
			sinkInt, sinkBool = StringRun(in)
		}
	})
}

// BenchmarkEscapeRun scans n bytes that need no escaping, in HTML mode
// (the plain mode runs the same code with another table).
func BenchmarkEscapeRun(b *testing.B) {
	input := func(n int) []byte { return repeatTo("The quick brown fox jumps over the lazy dog. ", n) }
	benchEach(b, input, func(b *testing.B, in []byte) {
		for b.Loop() {
			sinkInt = EscapeRun(in, true)
		}
	})
}

// BenchmarkValidUTF8ASCII validates n bytes of ASCII text.
func BenchmarkValidUTF8ASCII(b *testing.B) {
	input := func(n int) []byte { return repeatTo("The quick brown fox jumps over the lazy dog. ", n) }
	benchEach(b, input, func(b *testing.B, in []byte) {
		for b.Loop() {
			sinkBool = ValidUTF8(in)
		}
	})
}

// BenchmarkValidUTF8Mixed validates n bytes of text with one-, two-, three-
// and four-byte characters, ending on a whole character.
func BenchmarkValidUTF8Mixed(b *testing.B) {
	input := func(n int) []byte {
		s := repeatTo("Grüße, 世界! Ünïcödé 𝄞 text ", n)
		return bytes.ToValidUTF8(s, []byte("a")) // mend a cut at the end
	}
	benchEach(b, input, func(b *testing.B, in []byte) {
		for b.Loop() {
			sinkBool = ValidUTF8(in)
		}
	})
}
