//go:build !purego

#include "textflag.h"

// func nonDigitsAVX2(m []uint64, b []byte)
//
// For each 64-byte block of b, one word of m with bit i set when byte i is
// not an ASCII digit. A byte x is a digit when x-'0' (wrapping) is at most
// 9, that is when min(x-'0', 9) == x-'0'. len(b) == 64*len(m) > 0.
// Registers: DI next word, SI next block, CX blocks left, Y15 '0' in every
// byte, Y14 9 in every byte, AX/DX masks.
TEXT ·nonDigitsAVX2(SB), NOSPLIT, $0-48
	MOVQ         m_base+0(FP), DI
	MOVQ         m_len+8(FP), CX
	MOVQ         b_base+24(FP), SI
	MOVL         $0x30, AX
	MOVD         AX, X15
	VPBROADCASTB X15, Y15
	MOVL         $9, AX
	MOVD         AX, X14
	VPBROADCASTB X14, Y14

loop:
	VMOVDQU   (SI), Y0
	VMOVDQU   32(SI), Y1
	VPSUBB    Y15, Y0, Y0
	VPSUBB    Y15, Y1, Y1
	VPMINUB   Y14, Y0, Y2
	VPMINUB   Y14, Y1, Y3
	VPCMPEQB  Y0, Y2, Y2
	VPCMPEQB  Y1, Y3, Y3
	VPMOVMSKB Y2, AX
	VPMOVMSKB Y3, DX
	SHLQ      $32, DX
	ORQ       DX, AX
	NOTQ      AX
	MOVQ      AX, (DI)
	ADDQ      $64, SI
	ADDQ      $8, DI
	DECQ      CX
	JNZ       loop
	VZEROUPPER
	RET
