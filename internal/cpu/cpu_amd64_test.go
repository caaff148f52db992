//go:build !purego

package cpu

import (
	"os"
	"runtime"
	"strings"
	"testing"
)

// TestProcCPUInfo checks the detected features against the flags that Linux
// lists in /proc/cpuinfo, which come from the same CPUID bits (the kernel
// also hides AVX flags when it does not save their state).
func TestProcCPUInfo(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc/cpuinfo is Linux only")
	}
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skip(err)
	}
	var flags map[string]bool
	for line := range strings.Lines(string(data)) {
		name, value, ok := strings.Cut(line, ":")
		if ok && strings.TrimSpace(name) == "flags" {
			flags = make(map[string]bool)
			for _, f := range strings.Fields(value) {
				flags[f] = true
			}
			break
		}
	}
	if flags == nil {
		t.Skip("no flags line in /proc/cpuinfo")
	}
	for _, c := range []struct {
		flag string
		got  bool
	}{
		{"popcnt", X86.HasPOPCNT},
		{"sse4_1", X86.HasSSE41},
		{"sse4_2", X86.HasSSE42},
		{"pclmulqdq", X86.HasPCLMULQDQ},
		{"avx", X86.HasAVX},
		{"avx2", X86.HasAVX2},
		{"bmi1", X86.HasBMI1},
		{"bmi2", X86.HasBMI2},
		{"avx512f", X86.HasAVX512F},
		{"avx512bw", X86.HasAVX512BW},
		{"avx512vl", X86.HasAVX512VL},
		{"avx512dq", X86.HasAVX512DQ},
		{"avx512vbmi", X86.HasAVX512VBMI},
		{"avx512_vbmi2", X86.HasAVX512VBMI2},
		{"vpclmulqdq", X86.HasVPCLMULQDQ},
	} {
		if c.got != flags[c.flag] {
			t.Errorf("%s: detected %v, /proc/cpuinfo says %v", c.flag, c.got, flags[c.flag])
		}
	}
	t.Logf("%+v", X86)
}

// fakeCPU returns cpuid and xgetbv stand-ins that answer with fixed values.
func fakeCPU(maxLeaf, ecx1, ebx7, ecx7, xcr0 uint32) (func(a, c uint32) (uint32, uint32, uint32, uint32), func() (uint32, uint32)) {
	cpuid := func(leaf, _ uint32) (a, b, c, d uint32) {
		switch leaf {
		case 0:
			return maxLeaf, 0, 0, 0
		case 1:
			return 0, 0, ecx1, 0
		case 7:
			return 0, ebx7, ecx7, 0
		}
		return 0, 0, 0, 0
	}
	xgetbv := func() (uint32, uint32) { return xcr0, 0 }
	return cpuid, xgetbv
}

func TestDetectOSSupport(t *testing.T) {
	const (
		ecx1 = bitPCLMULQDQ | bitOSXSAVE | bitAVX | bitPOPCNT
		ebx7 = bitBMI1 | bitBMI2 | bitAVX2 | bitAVX512F | bitAVX512BW | bitAVX512VL
	)
	tests := []struct {
		name          string
		maxLeaf, ecx1 uint32
		xcr0          uint32
		avx2, avx512  bool
	}{
		{"all enabled", 7, ecx1, xcr0ZMM, true, true},
		{"no ZMM state", 7, ecx1, xcr0YMM, true, false},
		{"opmask only", 7, ecx1, xcr0YMM | xcr0Opmask, true, false},
		{"no YMM state", 7, ecx1, xcr0SSE, false, false},
		{"no OSXSAVE", 7, ecx1 &^ bitOSXSAVE, xcr0ZMM, false, false},
		{"no leaf 7", 1, ecx1, xcr0ZMM, false, false},
		{"no leaf 1", 0, ecx1, xcr0ZMM, false, false},
	}
	for _, tt := range tests {
		f := detect(fakeCPU(tt.maxLeaf, tt.ecx1, ebx7, 0, tt.xcr0))
		if f.HasAVX2 != tt.avx2 || f.HasAVX512F != tt.avx512 || f.HasAVX512BW != tt.avx512 {
			t.Errorf("%s: AVX2=%v AVX512F=%v AVX512BW=%v, want %v, %v", tt.name,
				f.HasAVX2, f.HasAVX512F, f.HasAVX512BW, tt.avx2, tt.avx512)
		}
		if tt.maxLeaf >= 7 && (!f.HasBMI1 || !f.HasBMI2) {
			t.Errorf("%s: BMI1/BMI2 should not depend on OS state", tt.name)
		}
		if want := tt.maxLeaf >= 1; f.HasPCLMULQDQ != want {
			t.Errorf("%s: PCLMULQDQ=%v, want %v", tt.name, f.HasPCLMULQDQ, want)
		}
	}
}

// TestDetectVBMI2 checks leaf 7 ECX bit 6 and that, like every AVX-512
// extension, it needs the operating system to save the ZMM state.
func TestDetectVBMI2(t *testing.T) {
	const (
		ecx1 = bitPCLMULQDQ | bitOSXSAVE | bitAVX | bitPOPCNT
		ebx7 = bitBMI1 | bitBMI2 | bitAVX2 | bitAVX512F | bitAVX512BW
	)
	for _, tt := range []struct {
		name       string
		ecx7, xcr0 uint32
		want       bool
	}{
		{"present", bitAVX512VBMI2, xcr0ZMM, true},
		{"absent", bitAVX512VBMI | bitVPCLMULQDQ, xcr0ZMM, false},
		{"no ZMM state", bitAVX512VBMI2, xcr0YMM, false},
	} {
		if got := detect(fakeCPU(7, ecx1, ebx7, tt.ecx7, tt.xcr0)).HasAVX512VBMI2; got != tt.want {
			t.Errorf("%s: HasAVX512VBMI2 = %v, want %v", tt.name, got, tt.want)
		}
	}
}
