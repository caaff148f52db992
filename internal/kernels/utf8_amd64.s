//go:build !purego

#include "textflag.h"

// UTF-8 validation after Keiser and Lemire, "Validating UTF-8 In Less Than
// One Instruction Per Byte" (2021), on 32-byte AVX2 blocks.
//
// Every error in UTF-8 shows within four consecutive bytes. For each byte
// position the kernel looks at the byte (cur) and the one before (prev1):
// three 16-entry tables, indexed by the high nibble of prev1, the low nibble
// of prev1 and the high nibble of cur, each hold one bit per error class,
// and their AND is non-zero where a class matches. The classes are
//	0x01 TOO_SHORT   lead byte not followed by a continuation
//	0x02 TOO_LONG    ASCII followed by a continuation
//	0x04 OVERLONG_3  E0 followed by 80-9F
//	0x08 TOO_LARGE   F4 followed by 90-BF, or F5-FF followed by 90-BF
//	0x10 SURROGATE   ED followed by A0-BF (U+D800-U+DFFF)
//	0x20 OVERLONG_2  C0 or C1 followed by a continuation
//	0x40 OVERLONG_4  F0 followed by 80-8F, or F5-FF followed by 80-8F
//	0x80 TWO_CONTS   continuation followed by a continuation
// Each class is a product of three nibble sets, so one bit per class works.
// TWO_CONTS is an error unless cur must be a continuation because it is the
// third or fourth byte of a sequence, that is unless prev2 >= 0xE0 or
// prev3 >= 0xF0; the kernel XORs that expectation into bit 0x80.
//
// prev1, prev2 and prev3 are the block shifted right by one, two or three
// bytes with the end of the previous block shifted in: VPERM2I128 builds
// [previous high lane, current low lane] and VPALIGNR shifts across it.
//
// A block that is pure ASCII needs no checks, except that the previous block
// must not end inside a sequence; the kernel keeps that "incomplete" mark
// for each block (a lead byte in one of its last three positions that needs
// more bytes than remain) and ORs it into the error when skipping ASCII.
//
// The last r = len(b) % 32 bytes (the tail) are checked without reading
// outside b:
//   - len(b) >= 64: the last 32 bytes are checked again as one block, with
//     the 32 bytes before them as the previous block. Bytes already checked
//     are checked with the same context, so they give the same answer.
//   - 32 <= len(b) < 64 and r <= 29: the last 32 bytes are checked with a
//     zero previous block, and only the errors at the r new positions are
//     kept (utf8TailMask). Those positions are at least 3 bytes into the
//     block, so all their context is in it.
//   - otherwise (len(b) < 32, which the wrapper never asks for, or 62, 63):
//     the tail is copied into a zeroed 32-byte buffer on the stack and that
//     block is checked. The zero padding is ASCII, so a sequence cut off by
//     the end of b shows at the first padding byte. This path is slower
//     because the 32-byte load cannot be forwarded from the smaller stores.
// Finally the incomplete mark of the last block checked is ORed in, which
// catches a sequence cut off by the end of b in the first two cases.
//
// Registers:
//	SI  next input byte     CX  bytes left      DX  len(b)
//	Y0, Y4  input blocks    Y1-Y3 scratch
//	Y5  0x60 (0xE0-0x80)    Y6  0x70 (0xF0-0x80)    Y7  0x80
//	Y8  incomplete mark of the previous block
//	Y9  previous block      Y10 error accumulator
//	Y11 cur high-nibble table   Y12 prev1 low-nibble table
//	Y13 prev1 high-nibble table Y14 0x0F in every byte

// prev1 high nibble: 0-7 TOO_LONG; 8-B TWO_CONTS; C TOO_SHORT|OVERLONG_2;
// D TOO_SHORT; E TOO_SHORT|OVERLONG_3|SURROGATE; F TOO_SHORT|TOO_LARGE|OVERLONG_4.
DATA utf8Prev1Hi<>+0(SB)/8, $0x0202020202020202
DATA utf8Prev1Hi<>+8(SB)/8, $0x4915012180808080
GLOBL utf8Prev1Hi<>(SB), RODATA|NOPTR, $16

// prev1 low nibble: TOO_SHORT|TOO_LONG|TWO_CONTS everywhere, plus 0:
// OVERLONG_2|OVERLONG_3|OVERLONG_4; 1: OVERLONG_2; 4: TOO_LARGE; 5-F:
// TOO_LARGE|OVERLONG_4 (F5-FF); D: also SURROGATE.
DATA utf8Prev1Lo<>+0(SB)/8, $0xcbcbcb8b8383a3e7
DATA utf8Prev1Lo<>+8(SB)/8, $0xcbcbdbcbcbcbcbcb
GLOBL utf8Prev1Lo<>(SB), RODATA|NOPTR, $16

// cur high nibble: 0-7 and C-F TOO_SHORT; 8 (80-8F) TOO_LONG|TWO_CONTS|
// OVERLONG_2|OVERLONG_3|OVERLONG_4; 9 (90-9F) the same with TOO_LARGE in
// place of OVERLONG_4; A-B (A0-BF) TOO_LONG|TWO_CONTS|OVERLONG_2|TOO_LARGE|
// SURROGATE.
DATA utf8CurHi<>+0(SB)/8, $0x0101010101010101
DATA utf8CurHi<>+8(SB)/8, $0x01010101babaaee6
GLOBL utf8CurHi<>(SB), RODATA|NOPTR, $16

// Largest byte allowed in each position of a block that does not end inside
// a sequence: anything, except no lead of a 4-byte sequence in the last
// three bytes, of a 3-byte one in the last two, of any in the last one.
DATA utf8MaxTail<>+0(SB)/8, $0xffffffffffffffff
DATA utf8MaxTail<>+8(SB)/8, $0xffffffffffffffff
DATA utf8MaxTail<>+16(SB)/8, $0xffffffffffffffff
DATA utf8MaxTail<>+24(SB)/8, $0xbfdfefffffffffff
GLOBL utf8MaxTail<>(SB), RODATA|NOPTR, $32

// 32 bytes of 0x00 then 32 of 0xFF: the 32 bytes at offset r keep the
// errors of the last r positions of a block.
DATA utf8TailMask<>+0(SB)/8, $0
DATA utf8TailMask<>+8(SB)/8, $0
DATA utf8TailMask<>+16(SB)/8, $0
DATA utf8TailMask<>+24(SB)/8, $0
DATA utf8TailMask<>+32(SB)/8, $-1
DATA utf8TailMask<>+40(SB)/8, $-1
DATA utf8TailMask<>+48(SB)/8, $-1
DATA utf8TailMask<>+56(SB)/8, $-1
GLOBL utf8TailMask<>(SB), RODATA|NOPTR, $64

// UTF8_BLOCK checks the block in x (not Y1-Y3) against the previous one in
// Y9, ORs errors into Y10, and then makes x the previous block.
#define UTF8_BLOCK(x) \
	VPERM2I128 $0x21, x, Y9, Y1; /* [prev high lane, x low lane] */ \
	VPALIGNR   $15, Y1, x, Y2; /* prev1 */ \
	VPALIGNR   $14, Y1, x, Y3; /* prev2 */ \
	VPALIGNR   $13, Y1, x, Y1; /* prev3 */ \
	VPSUBUSB   Y5, Y3, Y3; /* top bit set iff prev2 >= 0xE0 */ \
	VPSUBUSB   Y6, Y1, Y1; /* top bit set iff prev3 >= 0xF0 */ \
	VPOR       Y1, Y3, Y3;              \
	VPAND      Y7, Y3, Y3; /* must be a continuation: 0x80 */ \
	VPSRLW     $4, Y2, Y1;              \
	VPAND      Y14, Y1, Y1;             \
	VPSHUFB    Y1, Y13, Y1; /* table[prev1 >> 4] */ \
	VPAND      Y14, Y2, Y2;             \
	VPSHUFB    Y2, Y12, Y2; /* table[prev1 & 15] */ \
	VPAND      Y2, Y1, Y1;              \
	VPSRLW     $4, x, Y2;               \
	VPAND      Y14, Y2, Y2;             \
	VPSHUFB    Y2, Y11, Y2; /* table[cur >> 4] */ \
	VPAND      Y2, Y1, Y1;              \
	VPXOR      Y3, Y1, Y1;              \
	VPOR       Y1, Y10, Y10;            \
	VPSUBUSB   utf8MaxTail<>(SB), x, Y8; /* incomplete mark */ \
	VMOVDQU    x, Y9

// func validUTF8AVX2(b []byte) bool
//
// Valid for any length; the Go wrapper uses it from validUTF8Min bytes up.
// The 32-byte frame holds the padded tail block.
TEXT ·validUTF8AVX2(SB), NOSPLIT, $32-25
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), CX
	MOVQ CX, DX

	VBROADCASTI128 utf8CurHi<>(SB), Y11
	VBROADCASTI128 utf8Prev1Lo<>(SB), Y12
	VBROADCASTI128 utf8Prev1Hi<>(SB), Y13
	MOVQ           $0x0f, AX
	MOVQ           AX, X14
	VPBROADCASTB   X14, Y14
	MOVQ           $0x60, AX
	MOVQ           AX, X5
	VPBROADCASTB   X5, Y5
	MOVQ           $0x70, AX
	MOVQ           AX, X6
	VPBROADCASTB   X6, Y6
	MOVQ           $0x80, AX
	MOVQ           AX, X7
	VPBROADCASTB   X7, Y7
	VPXOR          Y8, Y8, Y8
	VPXOR          Y9, Y9, Y9
	VPXOR          Y10, Y10, Y10

loop64:
	CMPQ      CX, $64
	JB        block32
	VMOVDQU   (SI), Y0
	VMOVDQU   32(SI), Y4
	VPOR      Y0, Y4, Y1
	VPMOVMSKB Y1, AX
	TESTL     AX, AX
	JNZ       check64
	VPOR      Y8, Y10, Y10 // the previous block must not end mid-sequence
	VPXOR     Y8, Y8, Y8
	VMOVDQU   Y4, Y9
	ADDQ      $64, SI
	SUBQ      $64, CX
	JMP       loop64

check64:
	UTF8_BLOCK(Y0)
	UTF8_BLOCK(Y4)
	VPTEST Y10, Y10
	JNZ    invalid // stop early on bad input
	ADDQ   $64, SI
	SUBQ   $64, CX
	JMP    loop64

block32:
	CMPQ    CX, $32
	JB      tail
	VMOVDQU (SI), Y0
	UTF8_BLOCK(Y0)
	ADDQ    $32, SI
	SUBQ    $32, CX

tail:
	TESTQ CX, CX
	JZ    done
	CMPQ  DX, $64
	JB    short

	// len(b) >= 64: recheck the last 32 bytes in their true context.
	VMOVDQU -64(SI)(CX*1), Y9
	VMOVDQU -32(SI)(CX*1), Y0
	UTF8_BLOCK(Y0)
	JMP     done

short:
	CMPQ DX, $32
	JB   pad
	CMPQ CX, $29
	JA   pad

	// 32 <= len(b) < 64, r <= 29: the last 32 bytes without context, keeping
	// the errors of the r new positions only. Y4 saves the errors so far.
	VMOVDQU Y10, Y4
	VPXOR   Y10, Y10, Y10
	VPXOR   Y9, Y9, Y9
	VMOVDQU -32(SI)(CX*1), Y0
	UTF8_BLOCK(Y0)
	LEAQ    utf8TailMask<>(SB), AX
	VPAND   (AX)(CX*1), Y10, Y10
	VPOR    Y4, Y10, Y10
	JMP     done

pad:
	// Copy the last CX < 32 bytes to the zeroed buffer at 0(SP) with two
	// possibly overlapping moves of the largest power of two <= CX.
	VPXOR   Y0, Y0, Y0
	VMOVDQU Y0, (SP)
	CMPQ    CX, $16
	JB      tail8
	VMOVDQU (SI), X0
	VMOVDQU -16(SI)(CX*1), X1
	VMOVDQU X0, (SP)
	VMOVDQU X1, -16(SP)(CX*1)
	JMP     tailblock

tail8:
	CMPQ CX, $8
	JB   tail4
	MOVQ (SI), AX
	MOVQ -8(SI)(CX*1), BX
	MOVQ AX, (SP)
	MOVQ BX, -8(SP)(CX*1)
	JMP  tailblock

tail4:
	CMPQ CX, $4
	JB   tail2
	MOVL (SI), AX
	MOVL -4(SI)(CX*1), BX
	MOVL AX, (SP)
	MOVL BX, -4(SP)(CX*1)
	JMP  tailblock

tail2:
	CMPQ CX, $2
	JB   tail1
	MOVW (SI), AX
	MOVW -2(SI)(CX*1), BX
	MOVW AX, (SP)
	MOVW BX, -2(SP)(CX*1)
	JMP  tailblock

tail1:
	CMPQ CX, $1
	JB   tailblock
	MOVB (SI), AX
	MOVB AX, (SP)

tailblock:
	VMOVDQU (SP), Y0
	UTF8_BLOCK(Y0)

done:
	VPOR   Y8, Y10, Y10 // b must not end inside a sequence
	VPTEST Y10, Y10
	SETEQ  ret+24(FP)
	VZEROUPPER
	RET

invalid:
	MOVB $0, ret+24(FP)
	VZEROUPPER
	RET

// validUTF8AVX512 runs the same algorithm on 64-byte blocks. The previous
// bytes come from VALIGNQ, which builds [previous lane 3, lanes 0-2] across
// the whole register, followed by VPALIGNR as in the AVX2 kernel.
// VPTERNLOGD merges the three-way AND and the final XOR-and-OR. The last
// partial block is read with a zero-masking load, which reads nothing past
// len(b) and gives the zero padding of the AVX2 stack copy for free.

DATA utf8MaxTail64<>+0(SB)/8, $-1
DATA utf8MaxTail64<>+8(SB)/8, $-1
DATA utf8MaxTail64<>+16(SB)/8, $-1
DATA utf8MaxTail64<>+24(SB)/8, $-1
DATA utf8MaxTail64<>+32(SB)/8, $-1
DATA utf8MaxTail64<>+40(SB)/8, $-1
DATA utf8MaxTail64<>+48(SB)/8, $-1
DATA utf8MaxTail64<>+56(SB)/8, $0xbfdfefffffffffff
GLOBL utf8MaxTail64<>(SB), RODATA|NOPTR, $64

// UTF8_BLOCK512 is UTF8_BLOCK on ZMM registers: it checks Z0 against the
// previous block in Z9, ORs errors into Z10, sets the incomplete mark Z8
// and makes Z0 the previous block.
//	VPTERNLOGD $0xA8: A = (A | B) & C
//	VPTERNLOGD $0x80: A = A & B & C
//	VPTERNLOGD $0xF6: A = A | (B ^ C)
// (Go operand order: $imm, C, B, A.)
#define UTF8_BLOCK512 \
	VALIGNQ    $6, Z9, Z0, Z1; /* [prev lane 3, Z0 lanes 0-2] */ \
	VPALIGNR   $15, Z1, Z0, Z2; /* prev1 */ \
	VPALIGNR   $14, Z1, Z0, Z3; /* prev2 */ \
	VPALIGNR   $13, Z1, Z0, Z1; /* prev3 */ \
	VPSUBUSB   Z5, Z3, Z3;  \
	VPSUBUSB   Z6, Z1, Z1;  \
	VPTERNLOGD $0xA8, Z7, Z1, Z3; /* must be a continuation: 0x80 */ \
	VPSRLW     $4, Z2, Z1;  \
	VPANDQ     Z14, Z1, Z1; \
	VPSHUFB    Z1, Z13, Z1; /* table[prev1 >> 4] */ \
	VPANDQ     Z14, Z2, Z2; \
	VPSHUFB    Z2, Z12, Z2; /* table[prev1 & 15] */ \
	VPSRLW     $4, Z0, Z4;  \
	VPANDQ     Z14, Z4, Z4; \
	VPSHUFB    Z4, Z11, Z4; /* table[cur >> 4] */ \
	VPTERNLOGD $0x80, Z4, Z2, Z1; \
	VPTERNLOGD $0xF6, Z3, Z1, Z10; \
	VPSUBUSB   Z16, Z0, Z8; /* incomplete mark */ \
	VMOVDQU64  Z0, Z9

// func validUTF8AVX512(b []byte) bool
//
// Registers as in validUTF8AVX2 with Z for Y, plus Z16 utf8MaxTail64, Z17
// the second block of a 128-byte step and K4 the valid bytes of the last
// partial block. The ASCII test covers 128 bytes at a time, then 64.
TEXT ·validUTF8AVX512(SB), NOSPLIT, $0-25
	MOVQ            b_base+0(FP), SI
	MOVQ            b_len+8(FP), CX
	VBROADCASTI32X4 utf8CurHi<>(SB), Z11
	VBROADCASTI32X4 utf8Prev1Lo<>(SB), Z12
	VBROADCASTI32X4 utf8Prev1Hi<>(SB), Z13
	VMOVDQU64       utf8MaxTail64<>(SB), Z16
	MOVL            $0x0f, AX
	VPBROADCASTB    AX, Z14
	MOVL            $0x60, AX
	VPBROADCASTB    AX, Z5
	MOVL            $0x70, AX
	VPBROADCASTB    AX, Z6
	MOVL            $0x80, AX
	VPBROADCASTB    AX, Z7
	VPXORQ          Z8, Z8, Z8
	VPXORQ          Z9, Z9, Z9
	VPXORQ          Z10, Z10, Z10

zloop128:
	CMPQ      CX, $128
	JB        zloop
	VMOVDQU64 (SI), Z0
	VMOVDQU64 64(SI), Z17
	VPORQ     Z0, Z17, Z1
	VPMOVB2M  Z1, K1
	KORTESTQ  K1, K1
	JNZ       zcheck128
	VPORQ     Z8, Z10, Z10 // the previous block must not end mid-sequence
	VPXORQ    Z8, Z8, Z8
	VMOVDQU64 Z17, Z9
	ADDQ      $128, SI
	SUBQ      $128, CX
	JMP       zloop128

zcheck128:
	UTF8_BLOCK512
	VMOVDQU64 Z17, Z0
	UTF8_BLOCK512
	VPTESTMD  Z10, Z10, K1
	KORTESTW  K1, K1
	JNZ       zinvalid // stop early on bad input
	ADDQ      $128, SI
	SUBQ      $128, CX
	JMP       zloop128

zloop:
	CMPQ      CX, $64
	JB        ztail
	VMOVDQU64 (SI), Z0
	VPMOVB2M  Z0, K1
	KORTESTQ  K1, K1
	JNZ       zcheck
	VPORQ     Z8, Z10, Z10 // the previous block must not end mid-sequence
	VPXORQ    Z8, Z8, Z8
	VMOVDQU64 Z0, Z9
	ADDQ      $64, SI
	SUBQ      $64, CX
	JMP       zloop

zcheck:
	UTF8_BLOCK512
	VPTESTMD Z10, Z10, K1
	KORTESTW K1, K1
	JNZ      zinvalid // stop early on bad input
	ADDQ     $64, SI
	SUBQ     $64, CX
	JMP      zloop

ztail:
	TESTQ      CX, CX
	JZ         zdone
	MOVQ       $-1, AX
	SHLQ       CX, AX
	NOTQ       AX
	KMOVQ      AX, K4
	VMOVDQU8.Z (SI), K4, Z0
	UTF8_BLOCK512

zdone:
	VPORQ    Z8, Z10, Z10 // b must not end inside a sequence
	VPTESTMD Z10, Z10, K1
	KORTESTW K1, K1
	SETEQ    ret+24(FP)
	VZEROUPPER
	RET

zinvalid:
	MOVB $0, ret+24(FP)
	VZEROUPPER
	RET
