//go:build !purego

package kernels

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/celerjson/celer/internal/cpu"
)

// TestValidUTF8AVX2Short calls the AVX2 UTF-8 kernel directly on inputs
// shorter than validUTF8Min, which the wrapper never passes it but which
// the kernel documents as valid (they exercise the padded tail alone).
func TestValidUTF8AVX2Short(t *testing.T) {
	if !cpu.X86.HasAVX2 {
		t.Skip("no AVX2")
	}
	for _, c := range utf8Cases {
		for n := range 32 - len(c.s) {
			for _, pad := range []string{"a", "é"} {
				b := append(repeatTo(pad, n), c.s...)
				if got, want := validUTF8AVX2(b), utf8.Valid(b); got != want {
					t.Errorf("validUTF8AVX2(%x) = %v, want %v", b, got, want)
				}
			}
		}
	}
	for v := range 1 << 16 { // every two-byte input
		b := []byte{byte(v), byte(v >> 8)}
		if got, want := validUTF8AVX2(b), utf8.Valid(b); got != want {
			t.Errorf("validUTF8AVX2(%x) = %v, want %v", b, got, want)
		}
	}
}

// BenchmarkCrossover times the SWAR reference code against the assembly
// kernels called directly, at the lengths where the wrappers switch from one
// to the other (the *Min constants in dispatch_amd64.go). The AVX2 string
// and whitespace kernels need at least 32 bytes; the others take any length.
func BenchmarkCrossover(b *testing.B) {
	text := func(n int) []byte { return repeatTo("The quick brown fox jumps over the lazy dog. ", n) }
	spaces := func(n int) []byte { return append(repeatTo(" ", n), '}') }
	mixed := func(n int) []byte { return bytes.ToValidUTF8(repeatTo("Grüße, 世界! ", n), []byte("a")) }
	type impl struct {
		name string
		min  int
		run  func([]byte)
	}
	kernels := []struct {
		name  string
		input func(int) []byte
		impls []impl
	}{
		{"SkipSpace", spaces, []impl{
			{"generic", 0, func(in []byte) { sinkInt = skipSpaceGeneric(in, 0) }},
			{"avx2", 32, func(in []byte) { sinkInt = skipSpaceAVX2(in) }},
			{"avx512", 0, func(in []byte) { sinkInt = skipSpaceAVX512(in) }},
		}},
		{"StringRun", text, []impl{
			{"generic", 0, func(in []byte) { sinkInt, sinkBool = stringRunGeneric(in) }},
			{"avx2", 32, func(in []byte) { sinkInt, sinkBool = stringRunAVX2(in) }},
			{"avx512", 0, func(in []byte) { sinkInt, sinkBool = stringRunAVX512(in) }},
		}},
		{"EscapeRun", text, []impl{
			{"generic", 0, func(in []byte) { sinkInt = escapeRunGeneric(in, true) }},
			{"avx2", 32, func(in []byte) { sinkInt = escapeRunAVX2(in, true) }},
			{"avx512", 0, func(in []byte) { sinkInt = escapeRunAVX512(in, true) }},
		}},
		{"ValidUTF8ASCII", text, []impl{
			{"generic", 0, func(in []byte) { sinkBool = validUTF8Generic(in) }},
			{"avx2", 0, func(in []byte) { sinkBool = validUTF8AVX2(in) }},
			{"avx512", 0, func(in []byte) { sinkBool = validUTF8AVX512(in) }},
		}},
		{"ValidUTF8Mixed", mixed, []impl{
			{"generic", 0, func(in []byte) { sinkBool = validUTF8Generic(in) }},
			{"avx2", 0, func(in []byte) { sinkBool = validUTF8AVX2(in) }},
			{"avx512", 0, func(in []byte) { sinkBool = validUTF8AVX512(in) }},
		}},
	}
	for _, k := range kernels {
		for _, n := range []int{8, 16, 24, 32, 40, 48, 64, 96, 128} {
			in := k.input(n)
			for _, im := range k.impls {
				if n < im.min || !slices.Contains(Implementations(), im.name) {
					continue
				}
				b.Run(fmt.Sprintf("%s/impl=%s/size=%d", k.name, im.name, n), func(b *testing.B) {
					b.SetBytes(int64(n))
					for b.Loop() {
						im.run(in)
					}
				})
			}
		}
	}
}

// TestAVX512Short calls the AVX-512 kernels directly on every input
// shorter than the wrappers' thresholds, which only they accept.
func TestAVX512Short(t *testing.T) {
	if !slices.Contains(Implementations(), "avx512") {
		t.Skip("no AVX-512")
	}
	for _, f := range fillers {
		for n := range 80 {
			base := f.fill(n)
			b := slices.Clone(base)
			for p := -1; p < n; p++ {
				for _, v := range probes {
					if p >= 0 {
						b[p] = v
					}
					if got, want := skipSpaceAVX512(b), refSkipSpace(b, 0); got != want {
						t.Fatalf("skipSpaceAVX512 = %d, want %d; %s", got, want, show(b))
					}
					gn, ga := stringRunAVX512(b)
					if wn, wa := refStringRun(b); gn != wn || ga != wa {
						t.Fatalf("stringRunAVX512 = %d, %v, want %d, %v; %s", gn, ga, wn, wa, show(b))
					}
					for _, html := range []bool{false, true} {
						if got, want := escapeRunAVX512(b, html), refEscapeRun(b, html); got != want {
							t.Fatalf("escapeRunAVX512(b, %v) = %d, want %d; %s", html, got, want, show(b))
						}
					}
					if got, want := validUTF8AVX512(b), utf8.Valid(b); got != want {
						t.Fatalf("validUTF8AVX512 = %v, want %v; %s", got, want, show(b))
					}
				}
				if p >= 0 {
					b[p] = base[p]
				}
			}
		}
	}
}
