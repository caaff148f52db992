//go:build !purego

package cpu

// cpuid executes the CPUID instruction for leaf eaxArg, sub-leaf ecxArg.
//
//go:noescape
func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

// xgetbv returns XCR0, the extended control register that lists the register
// states the operating system saves. The caller must first check OSXSAVE.
//
//go:noescape
func xgetbv() (eax, edx uint32)

func init() { X86 = detect(cpuid, xgetbv) }

// CPUID bit positions, from the Intel SDM volume 2A, table 3-8 and 3-10
// ("Feature Information" and "Structured Extended Feature Flags").
const (
	// Leaf 1, ECX.
	bitPCLMULQDQ = 1 << 1
	bitSSE41     = 1 << 19
	bitSSE42     = 1 << 20
	bitPOPCNT    = 1 << 23
	bitOSXSAVE   = 1 << 27
	bitAVX       = 1 << 28

	// Leaf 7 sub-leaf 0, EBX.
	bitBMI1     = 1 << 3
	bitAVX2     = 1 << 5
	bitBMI2     = 1 << 8
	bitAVX512F  = 1 << 16
	bitAVX512DQ = 1 << 17
	bitAVX512BW = 1 << 30
	bitAVX512VL = 1 << 31

	// Leaf 7 sub-leaf 0, ECX.
	bitAVX512VBMI  = 1 << 1
	bitAVX512VBMI2 = 1 << 6
	bitVPCLMULQDQ  = 1 << 10

	// XCR0 state components (Intel SDM volume 1, section 13.1).
	xcr0SSE    = 1 << 1 // XMM registers
	xcr0AVX    = 1 << 2 // upper halves of YMM registers
	xcr0Opmask = 1 << 5 // k0-k7
	xcr0ZMMHi  = 1 << 6 // upper halves of ZMM0-15
	xcr0Hi16   = 1 << 7 // ZMM16-31
	xcr0YMM    = xcr0SSE | xcr0AVX
	xcr0ZMM    = xcr0YMM | xcr0Opmask | xcr0ZMMHi | xcr0Hi16
)

// detect decodes the feature flags. It takes the two instructions as
// functions so that tests can feed it recorded register values.
//
// On macOS the kernel enables AVX-512 state lazily, so XCR0 may not list it
// until a thread first uses it; detect then reports no AVX-512, which is
// safe (the AVX2 kernels are used instead).
func detect(cpuid func(eax, ecx uint32) (a, b, c, d uint32), xgetbv func() (a, d uint32)) X86Features {
	var f X86Features
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 1 {
		return f
	}
	_, _, ecx1, _ := cpuid(1, 0)
	f.HasPCLMULQDQ = ecx1&bitPCLMULQDQ != 0
	f.HasSSE41 = ecx1&bitSSE41 != 0
	f.HasSSE42 = ecx1&bitSSE42 != 0
	f.HasPOPCNT = ecx1&bitPOPCNT != 0

	var xcr0 uint32
	if ecx1&bitOSXSAVE != 0 {
		xcr0, _ = xgetbv()
	}
	osYMM := xcr0&xcr0YMM == xcr0YMM
	osZMM := xcr0&xcr0ZMM == xcr0ZMM
	f.HasAVX = osYMM && ecx1&bitAVX != 0

	if maxLeaf < 7 {
		return f
	}
	_, ebx7, ecx7, _ := cpuid(7, 0)
	f.HasBMI1 = ebx7&bitBMI1 != 0
	f.HasBMI2 = ebx7&bitBMI2 != 0
	f.HasAVX2 = f.HasAVX && ebx7&bitAVX2 != 0
	f.HasVPCLMULQDQ = f.HasAVX && f.HasPCLMULQDQ && ecx7&bitVPCLMULQDQ != 0

	f.HasAVX512F = f.HasAVX2 && osZMM && ebx7&bitAVX512F != 0
	if f.HasAVX512F {
		f.HasAVX512BW = ebx7&bitAVX512BW != 0
		f.HasAVX512VL = ebx7&bitAVX512VL != 0
		f.HasAVX512DQ = ebx7&bitAVX512DQ != 0
		f.HasAVX512VBMI = ecx7&bitAVX512VBMI != 0
		f.HasAVX512VBMI2 = ecx7&bitAVX512VBMI2 != 0
	}
	return f
}
