// Package cpu reports the processor features that celer's kernels can use.
//
// Detection runs once, at package initialisation, with the CPUID and XGETBV
// instructions on amd64 (see cpu_amd64.s); no third-party module is needed.
// A vector extension is reported only when both the processor implements it
// and the operating system saves its register state across context switches,
// which is what XGETBV's XCR0 register tells. On other architectures, and
// when built with the purego tag, every feature reads false.
//
// The variables are meant to be read, once, by packages choosing kernels at
// start-up. Tests that want to run a slower path should use the switch of
// the package that owns the kernels (kernels.SetImplementation) rather than
// writing here, because choices made at start-up do not see later writes.
package cpu

// X86 holds the x86-64 features of the running processor. All fields are
// false on other architectures.
var X86 X86Features

// X86Features lists the x86-64 extensions that celer may use. A field is
// true only if the processor has the extension and, for AVX and AVX-512,
// the operating system has enabled the matching register state.
type X86Features struct {
	HasPOPCNT      bool // POPCNT
	HasSSE41       bool // SSE4.1
	HasSSE42       bool // SSE4.2
	HasPCLMULQDQ   bool // carry-less multiply on XMM registers
	HasAVX         bool // AVX; OS saves YMM state
	HasAVX2        bool // AVX2; OS saves YMM state
	HasBMI1        bool // BMI1 (ANDN, BLSR, TZCNT, ...)
	HasBMI2        bool // BMI2 (PDEP, PEXT, SHRX, ...)
	HasAVX512F     bool // AVX-512 Foundation; OS saves ZMM and opmask state
	HasAVX512BW    bool // AVX-512 byte and word instructions
	HasAVX512VL    bool // AVX-512 on XMM and YMM registers
	HasAVX512DQ    bool // AVX-512 doubleword and quadword instructions
	HasAVX512VBMI  bool // AVX-512 byte permutes (VPERMB, VPERMT2B)
	HasAVX512VBMI2 bool // AVX-512 byte and word compress and expand (VPCOMPRESSB, VPEXPANDB), concatenated shifts
	HasVPCLMULQDQ  bool // carry-less multiply on YMM/ZMM registers
}
