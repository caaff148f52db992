//go:build !purego

#include "textflag.h"

// String-run kernels: stringRun and escapeRun for AVX2 and AVX-512.
//
// All four classify bytes with two 16-entry VPSHUFB lookups, one on the
// high nibble and one on the low nibble of each byte: the byte is a stop
// when the two table entries share a bit. This costs the same whatever the
// set of stop bytes, so escapeRun's HTML mode is as fast as its plain mode.
//
// The AVX2 kernels scan 64 bytes per iteration while at least 64 remain,
// then one 32-byte block, then a last 32-byte block that ends exactly at
// len(b) and so overlaps bytes already scanned. The overlap is harmless
// because those bytes held no stop (or the scan would have ended), and it
// means the kernels never touch memory outside b. Callers guarantee
// len(b) >= 32.
//
// Registers shared by the AVX2 kernels:
//	DI  start of b        DX  end of b (DI + len)
//	SI  next block        CX  len(b)
//	Y0, Y1   input blocks   Y2, Y3  class bytes (non-zero at stops)
//	Y4, Y5   scratch        Y10 zero
//	Y12 0x0F               Y13 high-nibble table   Y14 low-nibble table

// Nibble tables. For escapeRun, a byte x is a stop when
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

// For stringRun, escHi is replaced by strHi, which keeps the control, '"'
// and '\\' classes only.
DATA strHi<>+0(SB)/8, $0x0000040000020101
DATA strHi<>+8(SB)/8, $0
GLOBL strHi<>(SB), RODATA|NOPTR, $16

// ESCAPE_CLASS sets out to escHi[x>>4] & escLo[x&15] for each byte of x.
// Y14 = escLo, Y13 = escHi, escHiHTML or strHi, Y12 = 0x0F in every byte.
#define ESCAPE_CLASS(x, out, t) \
	VPSRLW  $4, x, t;      \
	VPAND   Y12, t, t;     \
	VPSHUFB t, Y13, t;     \
	VPAND   Y12, x, out;   \
	VPSHUFB out, Y14, out; \
	VPAND   t, out, out

// func stringRunAVX2(b []byte) (n int, ascii bool)
//
// Y11 accumulates (ORs) every byte of the blocks found free of stops; its
// sign bits tell whether those blocks were ASCII. In the block holding the
// first stop, only the bytes before the stop count: the mask of bytes up to
// and including the stop is m ^ (m-1) for the stop mask m, and the stop byte
// itself is ASCII, so including it changes nothing.
TEXT ·stringRunAVX2(SB), NOSPLIT, $0-33
	MOVQ           b_base+0(FP), DI
	MOVQ           b_len+8(FP), CX
	MOVQ           DI, SI
	LEAQ           (DI)(CX*1), DX
	VBROADCASTI128 escLo<>(SB), Y14
	VBROADCASTI128 strHi<>(SB), Y13
	MOVQ           $0x0f, AX
	MOVQ           AX, X12
	VPBROADCASTB   X12, Y12
	VPXOR          Y11, Y11, Y11
	VPXOR          Y10, Y10, Y10

loop64:
	LEAQ    64(SI), AX
	CMPQ    AX, DX
	JHI     block32
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	ESCAPE_CLASS(Y0, Y2, Y4)
	ESCAPE_CLASS(Y1, Y3, Y5)
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
	ESCAPE_CLASS(Y0, Y2, Y4)
	VPTEST  Y2, Y2
	JNZ     found32
	VPOR    Y0, Y11, Y11
	MOVQ    AX, SI

last:
	CMPQ    SI, DX
	JEQ     none
	LEAQ    -32(DX), SI // overlapping final block
	VMOVDQU (SI), Y0
	ESCAPE_CLASS(Y0, Y2, Y4)
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
	VPCMPEQB  Y10, Y2, Y2
	VPMOVMSKB Y2, AX
	NOTL      AX        // stop mask
	VPMOVMSKB Y0, BX    // high-bit mask
	JMP       found

found64:
	VPCMPEQB  Y10, Y2, Y2
	VPCMPEQB  Y10, Y3, Y3
	VPMOVMSKB Y2, AX
	VPMOVMSKB Y3, R8
	SHLQ      $32, R8
	ORQ       R8, AX
	NOTQ      AX
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

// func escapeRunAVX2(b []byte, html bool) int
//
// Stop positions are the non-zero class bytes: VPCMPEQB with zero (Y10) and
// a complemented VPMOVMSKB.
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
	VPXOR        Y10, Y10, Y10

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
	VPCMPEQB  Y10, Y2, Y2
	VPMOVMSKB Y2, AX
	NOTL      AX
	JMP       efound

efound64:
	VPCMPEQB  Y10, Y2, Y2
	VPCMPEQB  Y10, Y3, Y3
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

// The AVX-512 kernels below walk 64-byte blocks and read the final partial
// block with a zero-masking load (VMOVDQU8.Z): masked-off bytes are neither
// read nor allowed to fault, so they take any length. Compares write opmask
// registers directly, and K4 masks off the padding of the final block.
//
// Registers: DI start, DX end, SI next block, Z0 input block,
// K1 stop mask, K4 valid-byte mask of the final block.

// TAIL_MASK sets K4 to the low (DX-SI) bits, for 0 < DX-SI < 64.
#define TAIL_MASK \
	MOVQ  DX, CX;  \
	SUBQ  SI, CX;  \
	MOVQ  $-1, AX; \
	SHLQ  CX, AX;  \
	NOTQ  AX;      \
	KMOVQ AX, K4

// ESCAPE_CLASS512 sets K1 (under write mask k) to the bytes of Z0 whose
// class escHi[x>>4] & escLo[x&15] is non-zero. Z14 = escLo, Z13 = escHi or
// escHiHTML, Z12 = 0x0F in every byte.
#define ESCAPE_CLASS512(k) \
	VPSRLW   $4, Z0, Z1;       \
	VPANDQ   Z12, Z1, Z1;      \
	VPSHUFB  Z1, Z13, Z1;      \
	VPANDQ   Z12, Z0, Z2;      \
	VPSHUFB  Z2, Z14, Z2;      \
	VPTESTMB Z1, Z2, k, K1

// func stringRunAVX512(b []byte) (n int, ascii bool)
//
// Stops are found with the nibble lookup of escapeRunAVX2 (ESCAPE_CLASS512),
// using escLo with strHi, which has only the control, '"' and '\\' classes.
// The lookup costs one opmask instruction per block where three compares
// would cost five. Z11 accumulates clean blocks for the ASCII answer, as
// in stringRunAVX2.
TEXT ·stringRunAVX512(SB), NOSPLIT, $0-33
	MOVQ            b_base+0(FP), DI
	MOVQ            b_len+8(FP), DX
	MOVQ            DI, SI
	ADDQ            DI, DX
	VBROADCASTI32X4 escLo<>(SB), Z14
	VBROADCASTI32X4 strHi<>(SB), Z13
	MOVL            $0x0f, AX
	VPBROADCASTB    AX, Z12
	VPXORQ          Z11, Z11, Z11
	KXNORQ          K5, K5, K5 // all ones

zloop:
	LEAQ     64(SI), AX
	CMPQ     AX, DX
	JHI      ztail
	VMOVDQU8 (SI), Z0
	ESCAPE_CLASS512(K5)
	KORTESTQ K1, K1
	JNZ      zfound
	VPORQ    Z0, Z11, Z11
	MOVQ     AX, SI
	JMP      zloop

ztail:
	CMPQ       SI, DX
	JEQ        znone
	TAIL_MASK
	VMOVDQU8.Z (SI), K4, Z0
	ESCAPE_CLASS512(K4)
	KORTESTQ   K1, K1
	JNZ        zfound
	VPORQ      Z0, Z11, Z11 // the padding is zero: ASCII

znone:
	VPMOVB2M Z11, K1
	KMOVQ    K1, BX
	SUBQ     DI, DX
	MOVQ     DX, n+24(FP)
	TESTQ    BX, BX
	SETEQ    ascii+32(FP)
	VZEROUPPER
	RET

zfound:
	KMOVQ    K1, AX
	VPMOVB2M Z0, K2
	KMOVQ    K2, BX
	BSFQ     AX, R8
	LEAQ     -1(AX), R9
	XORQ     R9, AX // bytes up to and including the first stop
	ANDQ     AX, BX
	VPMOVB2M Z11, K3
	KMOVQ    K3, R9
	ORQ      R9, BX
	SUBQ     DI, SI
	ADDQ     R8, SI
	MOVQ     SI, n+24(FP)
	TESTQ    BX, BX
	SETEQ    ascii+32(FP)
	VZEROUPPER
	RET

// func escapeRunAVX512(b []byte, html bool) int
//
// The nibble classification of escapeRunAVX2 on 64-byte blocks; VPTESTMB
// turns the AND of the two lookups straight into the stop mask.
TEXT ·escapeRunAVX512(SB), NOSPLIT, $0-40
	MOVQ            b_base+0(FP), DI
	MOVQ            b_len+8(FP), DX
	MOVQ            DI, SI
	ADDQ            DI, DX
	VBROADCASTI32X4 escLo<>(SB), Z14
	VBROADCASTI32X4 escHi<>(SB), Z13
	CMPB            html+24(FP), $0
	JEQ             zconsts
	VBROADCASTI32X4 escHiHTML<>(SB), Z13

zconsts:
	MOVL         $0x0f, AX
	VPBROADCASTB AX, Z12
	KXNORQ       K5, K5, K5 // all ones

zeloop:
	LEAQ     64(SI), AX
	CMPQ     AX, DX
	JHI      zetail
	VMOVDQU8 (SI), Z0
	ESCAPE_CLASS512(K5)
	KORTESTQ K1, K1
	JNZ      zefound
	MOVQ     AX, SI
	JMP      zeloop

zetail:
	CMPQ       SI, DX
	JEQ        zenone
	TAIL_MASK
	VMOVDQU8.Z (SI), K4, Z0
	ESCAPE_CLASS512(K4)
	KORTESTQ   K1, K1
	JNZ        zefound

zenone:
	SUBQ DI, DX
	MOVQ DX, ret+32(FP)
	VZEROUPPER
	RET

zefound:
	KMOVQ K1, AX
	BSFQ  AX, AX
	SUBQ  DI, SI
	ADDQ  SI, AX
	MOVQ  AX, ret+32(FP)
	VZEROUPPER
	RET
