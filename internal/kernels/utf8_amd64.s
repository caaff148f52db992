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
// The final partial block is copied into a zeroed 32-byte buffer on the
// stack, so the kernel never reads outside b. The zero padding is ASCII, so
// a sequence cut off by the end of b shows as TOO_SHORT or as a missing
// third or fourth byte at the first padding byte, which always exists
// because the tail holds at most 31 bytes. The padded block is always
// checked in full (an empty tail is a block of zeros).
//
// Registers:
//	SI  next input byte     CX  bytes left
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
	VPTEST  Y10, Y10
	SETEQ   ret+24(FP)
	VZEROUPPER
	RET

invalid:
	MOVB $0, ret+24(FP)
	VZEROUPPER
	RET
