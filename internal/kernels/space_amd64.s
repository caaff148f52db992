//go:build !purego

#include "textflag.h"

// spaceTable maps a low nibble to the one JSON whitespace byte that has it:
// 0 -> ' ', 9 -> '\t', A -> '\n', D -> '\r', and everything else to 0. A byte
// x is whitespace exactly when spaceTable[x&15] == x: a zero entry can only
// equal x = 0, whose low nibble 0 maps to ' ', and VPSHUFB returns 0 for
// bytes with the top bit set, which never equal their (non-zero) input.
DATA spaceTable<>+0(SB)/8, $0x0000000000000020
DATA spaceTable<>+8(SB)/8, $0x00000d00000a0900
GLOBL spaceTable<>(SB), RODATA|NOPTR, $16

// SPACES sets out to 0xFF for each whitespace byte of x (Y14 = spaceTable).
#define SPACES(x, out) \
	VPSHUFB  x, Y14, out; \
	VPCMPEQB x, out, out

// func skipSpaceAVX2(b []byte) int
//
// Returns the number of leading whitespace bytes of b; len(b) >= 32. The
// block walk is the one in string_amd64.s: 64 bytes per iteration, one
// 32-byte block, then a final block overlapping bytes already known to be
// whitespace. Registers: DI start, DX end, SI next block, Y0-Y3 blocks and
// marks, AX/R8 masks.
TEXT ·skipSpaceAVX2(SB), NOSPLIT, $0-32
	MOVQ           b_base+0(FP), DI
	MOVQ           b_len+8(FP), CX
	MOVQ           DI, SI
	LEAQ           (DI)(CX*1), DX
	VBROADCASTI128 spaceTable<>(SB), Y14

sloop64:
	LEAQ      64(SI), AX
	CMPQ      AX, DX
	JHI       sblock32
	VMOVDQU   (SI), Y0
	VMOVDQU   32(SI), Y1
	SPACES(Y0, Y2)
	SPACES(Y1, Y3)
	VPAND     Y2, Y3, Y4
	VPMOVMSKB Y4, R8
	CMPL      R8, $0xffffffff
	JNE       sfound64
	MOVQ      AX, SI
	JMP       sloop64

sblock32:
	LEAQ      32(SI), AX
	CMPQ      AX, DX
	JHI       slast
	VMOVDQU   (SI), Y0
	SPACES(Y0, Y2)
	VPMOVMSKB Y2, R8
	CMPL      R8, $0xffffffff
	JNE       sfound32
	MOVQ      AX, SI

slast:
	CMPQ      SI, DX
	JEQ       snone
	LEAQ      -32(DX), SI // overlapping final block
	VMOVDQU   (SI), Y0
	SPACES(Y0, Y2)
	VPMOVMSKB Y2, R8
	CMPL      R8, $0xffffffff
	JNE       sfound32

snone:
	MOVQ CX, ret+24(FP)
	VZEROUPPER
	RET

sfound32:
	NOTL R8 // non-space mask
	JMP  sfound

sfound64:
	VPMOVMSKB Y2, R8
	VPMOVMSKB Y3, AX
	SHLQ      $32, AX
	ORQ       AX, R8
	NOTQ      R8

sfound:
	BSFQ R8, R8
	SUBQ DI, SI
	ADDQ SI, R8
	MOVQ R8, ret+24(FP)
	VZEROUPPER
	RET

// func skipSpaceAVX512(b []byte) int
//
// The lookup of skipSpaceAVX2 on 64-byte blocks, any length: VPCMPUB with
// predicate 4 (not equal) gives the mask of non-space bytes in K1; the
// final partial block is read with a zero-masking load under K4.
// Registers: DI start, DX end, SI next block, Z0 block, Z1 lookup,
// Z14 spaceTable.
TEXT ·skipSpaceAVX512(SB), NOSPLIT, $0-32
	MOVQ            b_base+0(FP), DI
	MOVQ            b_len+8(FP), DX
	MOVQ            DI, SI
	ADDQ            DI, DX
	VBROADCASTI32X4 spaceTable<>(SB), Z14

zsloop:
	LEAQ     64(SI), AX
	CMPQ     AX, DX
	JHI      zstail
	VMOVDQU8 (SI), Z0
	VPSHUFB  Z0, Z14, Z1
	VPCMPUB  $4, Z1, Z0, K1
	KORTESTQ K1, K1
	JNZ      zsfound
	MOVQ     AX, SI
	JMP      zsloop

zstail:
	CMPQ       SI, DX
	JEQ        zsnone
	MOVQ       DX, CX
	SUBQ       SI, CX
	MOVQ       $-1, AX
	SHLQ       CX, AX
	NOTQ       AX
	KMOVQ      AX, K4
	VMOVDQU8.Z (SI), K4, Z0
	VPSHUFB    Z0, Z14, Z1
	VPCMPUB    $4, Z1, Z0, K4, K1
	KORTESTQ   K1, K1
	JNZ        zsfound

zsnone:
	SUBQ DI, DX
	MOVQ DX, ret+24(FP)
	VZEROUPPER
	RET

zsfound:
	KMOVQ K1, AX
	BSFQ  AX, AX
	SUBQ  DI, SI
	ADDQ  SI, AX
	MOVQ  AX, ret+24(FP)
	VZEROUPPER
	RET
