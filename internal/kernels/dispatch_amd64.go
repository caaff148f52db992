//go:build !purego

package kernels

import "github.com/celerjson/celer/internal/cpu"

// Shortest inputs handed to the assembly kernels; shorter ones take the
// SWAR reference code. BenchmarkCrossover (kernels_amd64_test.go) measures
// both sides:
//   - AVX2: 32 bytes. The string and whitespace kernels need one full
//     32-byte block, and below 32 bytes the UTF-8 kernel must copy its input
//     to a padded stack block, which makes it slower than utf8.Valid.
//   - AVX-512: 8 bytes. Masked loads let these kernels take any length in
//     one block, and they beat the SWAR code from about 8 bytes up; below
//     that the SWAR code is as fast and keeps the vector unit idle.
const (
	avx2Min   = 32
	avx512Min = 8
)

// Kernel sets, from the reference code up.
const (
	levelGeneric = iota
	levelAVX2
	levelAVX512
)

var level = levelGeneric

var levelNames = [...]string{levelGeneric: "generic", levelAVX2: "avx2", levelAVX512: "avx512"}

// supported reports whether the processor can run kernel set l.
func supported(l int) bool {
	switch l {
	case levelAVX2:
		return cpu.X86.HasAVX2
	case levelAVX512:
		return cpu.X86.HasAVX2 && cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW
	}
	return true
}

// init picks the fastest kernel set the processor supports. AVX-512 is
// used by default only with VBMI, which marks Ice Lake, Zen 4 and later
// cores; earlier AVX-512 cores (Skylake-SP, Cascade Lake) lower their clock
// while 512-bit instructions run, which can cost the code around a short
// kernel call more than the kernel saves. SetImplementation("avx512")
// still selects it there.
func init() {
	switch {
	case supported(levelAVX512) && cpu.X86.HasAVX512VBMI:
		setLevel(levelAVX512)
	case supported(levelAVX2):
		setLevel(levelAVX2)
	}
}

func setLevel(l int) {
	level = l
	Implementation = levelNames[l]
}

func implementations() []string {
	var names []string
	for l, name := range levelNames {
		if supported(l) {
			names = append(names, name)
		}
	}
	return names
}

func setImplementation(name string) bool {
	for l, n := range levelNames {
		if n == name && supported(l) {
			setLevel(l)
			return true
		}
	}
	return false
}

func skipSpace(b []byte, i int) int {
	// A single space, as after ':' and ',' in indented JSON, is the most
	// common run: the SWAR code finishes it before a kernel could start.
	if len(b)-i < 2 || b[i+1] > ' ' {
		return skipSpaceGeneric(b, i)
	}
	rest := b[i:]
	var n int
	switch {
	case level == levelAVX512 && len(rest) >= avx512Min:
		n = skipSpaceAVX512(rest)
	case level == levelAVX2 && len(rest) >= avx2Min:
		n = skipSpaceAVX2(rest)
	default:
		return skipSpaceGeneric(b, i)
	}
	raceRead(rest, n)
	return i + n
}

func stringRun(b []byte) (n int, ascii bool) {
	switch {
	case level == levelAVX512 && len(b) >= avx512Min:
		n, ascii = stringRunAVX512(b)
	case level == levelAVX2 && len(b) >= avx2Min:
		n, ascii = stringRunAVX2(b)
	default:
		return stringRunGeneric(b)
	}
	raceRead(b, n)
	return n, ascii
}

func validUTF8(b []byte) bool {
	switch {
	case level == levelAVX512 && len(b) >= avx512Min:
		raceRead(b, len(b))
		return validUTF8AVX512(b)
	case level == levelAVX2 && len(b) >= avx2Min:
		raceRead(b, len(b))
		return validUTF8AVX2(b)
	}
	return validUTF8Generic(b)
}

func escapeRun(b []byte, html bool) (n int) {
	switch {
	case level == levelAVX512 && len(b) >= avx512Min:
		n = escapeRunAVX512(b, html)
	case level == levelAVX2 && len(b) >= avx2Min:
		n = escapeRunAVX2(b, html)
	default:
		return escapeRunGeneric(b, html)
	}
	raceRead(b, n)
	return n
}

// skipSpaceAVX2 returns the number of leading JSON whitespace bytes in b.
// It requires len(b) >= avx2Min (32). See space_amd64.s.
//
//go:noescape
func skipSpaceAVX2(b []byte) int

// stringRunAVX2 is stringRunGeneric for len(b) >= 32. See string_amd64.s.
//
//go:noescape
func stringRunAVX2(b []byte) (n int, ascii bool)

// escapeRunAVX2 is escapeRunGeneric for len(b) >= 32. See string_amd64.s.
//
//go:noescape
func escapeRunAVX2(b []byte, html bool) int

// validUTF8AVX2 is validUTF8Generic for any length. See utf8_amd64.s.
//
//go:noescape
func validUTF8AVX2(b []byte) bool

// skipSpaceAVX512 is skipSpaceAVX2 for any length. See space_amd64.s.
//
//go:noescape
func skipSpaceAVX512(b []byte) int

// stringRunAVX512 is stringRunGeneric for any length. See string_amd64.s.
//
//go:noescape
func stringRunAVX512(b []byte) (n int, ascii bool)

// escapeRunAVX512 is escapeRunGeneric for any length. See string_amd64.s.
//
//go:noescape
func escapeRunAVX512(b []byte, html bool) int

// validUTF8AVX512 is validUTF8Generic for any length. See utf8_amd64.s.
//
//go:noescape
func validUTF8AVX512(b []byte) bool
