//go:build !purego

#include "textflag.h"

// String-run kernels: stringRunAVX2 and escapeRunAVX2.
//
// Both scan 64 bytes per iteration while at least 64 remain, then one
// 32-byte block, then a last 32-byte block that ends exactly at len(b) and
// so overlaps bytes already scanned. The overlap is harmless because those
// bytes held no stop (or the scan would have ended), and it means the
// kernels never touch memory outside b. Callers guarantee len(b) >= 32.
//
// Registers shared by both kernels:
//	DI  start of b        DX  end of b (DI + len)
//	SI  next block        CX  len(b)
//	Y0, Y1   input blocks   Y2, Y3  per-byte stop marks   Y4-Y6 scratch

// STRING_STOPS sets out to 0xFF for each byte of x that is '"' (Y14),
// '\\' (Y13) or below 0x20, which is tested as min(x, 0x1F) == x (Y12).
#define STRING_STOPS(x, out, t) \
	VPCMPEQB x, Y14, out; \
	VPCMPEQB x, Y13, t;   \
	VPOR     t, out, out; \
	VPMINUB  x, Y12, t;   \
	VPCMPEQB x, t, t;     \
	VPOR     t, out, out

// func stringRunAVX2(b []byte) (n int, ascii bool)
//
// Y11 accumulates (ORs) every byte of the blocks found free of stops; its
// sign bits tell whether those blocks were ASCII. In the block holding the
// first stop, only the bytes before the stop count: the mask of bytes up to
// and including the stop is m ^ (m-1) for the stop mask m, and the stop byte
// itself is ASCII, so including it changes nothing.
TEXT ·stringRunAVX2(SB), NOSPLIT, $0-33
	MOVQ b_base+0(FP), DI
	MOVQ b_len+8(FP), CX
	MOVQ DI, SI
	LEAQ (DI)(CX*1), DX

	MOVQ         $0x22, AX // '"'
	MOVQ         AX, X14
	VPBROADCASTB X14, Y14
	MOVQ         $0x5c, AX // '\\'
	MOVQ         AX, X13
	VPBROADCASTB X13, Y13
	MOVQ         $0x1f, AX // largest control byte
	MOVQ         AX, X12
	VPBROADCASTB X12, Y12
	VPXOR        Y11, Y11, Y11

loop64:
	LEAQ    64(SI), AX
	CMPQ    AX, DX
	JHI     block32
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	STRING_STOPS(Y0, Y2, Y4)
	STRING_STOPS(Y1, Y3, Y5)
	VPOR    Y2, Y3, Y4
	VPTEST  Y4, Y4
	JNZ     found64
	VPOR    Y0, Y11, Y11
	VPOR    Y1, Y11, Y11
	MOVQ    AX, SI
	JMP     loop64

block32:
	LEAQ    32(SI), AX
	CMPQ    AX, DX
	JHI     last
	VMOVDQU (SI), Y0
	STRING_STOPS(Y0, Y2, Y4)
	VPTEST  Y2, Y2
	JNZ     found32
	VPOR    Y0, Y11, Y11
	MOVQ    AX, SI

last:
	CMPQ    SI, DX
	JEQ     none
	LEAQ    -32(DX), SI // overlapping final block
	VMOVDQU (SI), Y0
	STRING_STOPS(Y0, Y2, Y4)
	VPTEST  Y2, Y2
	JNZ     found32
	VPOR    Y0, Y11, Y11

none:
	VPMOVMSKB Y11, BX
	MOVQ      CX, n+24(FP)
	TESTL     BX, BX
	SETEQ     ascii+32(FP)
	VZEROUPPER
	RET

found32:
	VPMOVMSKB Y2, AX // stop mask
	VPMOVMSKB Y0, BX // high-bit mask
	JMP       found

found64:
	VPMOVMSKB Y2, AX
	VPMOVMSKB Y3, R8
	SHLQ      $32, R8
	ORQ       R8, AX
	VPMOVMSKB Y0, BX
	VPMOVMSKB Y1, R8
	SHLQ      $32, R8
	ORQ       R8, BX

found:
	// AX: stop mask (non-zero), BX: high-bit mask, both for the block at SI.
	BSFQ      AX, R8
	LEAQ      -1(AX), R9
	XORQ      R9, AX // bytes up to and including the first stop
	ANDQ      AX, BX
	VPMOVMSKB Y11, R9
	ORQ       R9, BX
	SUBQ      DI, SI
	ADDQ      R8, SI
	MOVQ      SI, n+24(FP)
	TESTQ     BX, BX
	SETEQ     ascii+32(FP)
	VZEROUPPER
	RET

// Nibble tables for escapeRunAVX2. A byte x is a stop when
// escHi[x>>4] & escLo[x&15] != 0; each bit is one class of stop bytes:
//	0x01 control bytes       high nibble 0 or 1, any low nibble
//	0x02 '"'  (0x22)         high 2, low 2
//	0x04 '\\' (0x5C)         high 5, low C
//	0x08 '&'  (0x26)         high 2, low 6       (HTML only)
//	0x10 '<' '>' (0x3C 0x3E) high 3, low C or E  (HTML only)
//	0x20 non-ASCII           high 8 to F, any low nibble
// The low table carries the HTML bits in both modes: a class only fires if
// the high table has its bit too, and only escHiHTML has 0x08 and 0x10.
DATA escLo<>+0(SB)/8, $0x2129212121232121 // low nibbles 0-7
DATA escLo<>+8(SB)/8, $0x2131213521212121 // low nibbles 8-F
GLOBL escLo<>(SB), RODATA|NOPTR, $16

DATA escHi<>+0(SB)/8, $0x0000040000020101
DATA escHi<>+8(SB)/8, $0x2020202020202020
GLOBL escHi<>(SB), RODATA|NOPTR, $16

DATA escHiHTML<>+0(SB)/8, $0x00000400100a0101
DATA escHiHTML<>+8(SB)/8, $0x2020202020202020
GLOBL escHiHTML<>(SB), RODATA|NOPTR, $16

// ESCAPE_CLASS sets out to escHi[x>>4] & escLo[x&15] for each byte of x.
// Y14 = escLo, Y13 = escHi or escHiHTML, Y12 = 0x0F in every byte.
#define ESCAPE_CLASS(x, out, t) \
	VPSRLW  $4, x, t;      \
	VPAND   Y12, t, t;     \
	VPSHUFB t, Y13, t;     \
	VPAND   Y12, x, out;   \
	VPSHUFB out, Y14, out; \
	VPAND   t, out, out

// func escapeRunAVX2(b []byte, html bool) int
//
// The two VPSHUFB lookups classify every byte at a constant cost whatever
// the set of stop bytes, so the HTML mode is as fast as the plain one. Stop
// positions are the non-zero class bytes: VPCMPEQB with zero (Y11) and a
// complemented VPMOVMSKB.
TEXT ·escapeRunAVX2(SB), NOSPLIT, $0-40
	MOVQ b_base+0(FP), DI
	MOVQ b_len+8(FP), CX
	MOVQ DI, SI
	LEAQ (DI)(CX*1), DX

	VBROADCASTI128 escLo<>(SB), Y14
	VBROADCASTI128 escHi<>(SB), Y13
	CMPB           html+24(FP), $0
	JEQ            consts
	VBROADCASTI128 escHiHTML<>(SB), Y13

consts:
	MOVQ         $0x0f, AX
	MOVQ         AX, X12
	VPBROADCASTB X12, Y12
	VPXOR        Y11, Y11, Y11

eloop64:
	LEAQ    64(SI), AX
	CMPQ    AX, DX
	JHI     eblock32
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	ESCAPE_CLASS(Y0, Y2, Y4)
	ESCAPE_CLASS(Y1, Y3, Y5)
	VPOR    Y2, Y3, Y4
	VPTEST  Y4, Y4
	JNZ     efound64
	MOVQ    AX, SI
	JMP     eloop64

eblock32:
	LEAQ    32(SI), AX
	CMPQ    AX, DX
	JHI     elast
	VMOVDQU (SI), Y0
	ESCAPE_CLASS(Y0, Y2, Y4)
	VPTEST  Y2, Y2
	JNZ     efound32
	MOVQ    AX, SI

elast:
	CMPQ    SI, DX
	JEQ     enone
	LEAQ    -32(DX), SI // overlapping final block
	VMOVDQU (SI), Y0
	ESCAPE_CLASS(Y0, Y2, Y4)
	VPTEST  Y2, Y2
	JNZ     efound32

enone:
	MOVQ CX, ret+32(FP)
	VZEROUPPER
	RET

efound32:
	VPCMPEQB  Y11, Y2, Y2
	VPMOVMSKB Y2, AX
	NOTL      AX
	JMP       efound

efound64:
	VPCMPEQB  Y11, Y2, Y2
	VPCMPEQB  Y11, Y3, Y3
	VPMOVMSKB Y2, AX
	VPMOVMSKB Y3, R8
	SHLQ      $32, R8
	ORQ       R8, AX
	NOTQ      AX

efound:
	BSFQ AX, AX
	SUBQ DI, SI
	ADDQ SI, AX
	MOVQ AX, ret+32(FP)
	VZEROUPPER
	RET
