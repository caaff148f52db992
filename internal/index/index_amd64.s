//go:build !purego

#include "go_asm.h"
#include "textflag.h"

// indexAVX512 runs the block algorithm of index_generic.go on 64-byte
// blocks with AVX-512; read that file first, it is the specification, and
// this kernel keeps its names.
//
// Per block:
//  1. Classify. VPCMPEQB gives the quote and backslash masks; VPMOVB2M the
//     bytes >= 0x80; VPERMI2B looks each ASCII byte up in the 128-entry
//     class table (asmTables.class: whitespace, operator, control and the
//     escape classes, one bit each; zero-masked for bytes >= 0x80) and
//     VPTESTMB turns each class bit into a k-register mask.
//  2. With StrictUTF8, validate UTF-8 (Keiser and Lemire) unless the block
//     is ASCII, in which case only the previous block must not have ended
//     inside a sequence.
//  3. The bit logic, on general-purpose registers: escaped bytes (branch
//     taken only when there are backslashes), escape validation (taken only
//     when something is escaped or a \u continues from the previous block),
//     quotes, the in-string mask by carry-less multiplication of the quote
//     mask with all ones, control bytes in strings, scalar starts.
//  4. With cout set, compact: store the block less its whitespace outside
//     strings at cout. A block with none is stored whole; otherwise each
//     16-byte quarter is widened to dwords (VPMOVZXBD), compressed by its
//     16 bits of the keep mask (VPCOMPRESSD) and narrowed back (VPMOVDB),
//     then stored at the running count of kept bytes. With AVX512_VBMI2
//     (state.vbmi2), VPCOMPRESSB does it in one step (compactBytes).
//  5. Flatten the structural mask into offsets with VPCOMPRESSD: for each
//     16-bit quarter of the mask, compress the dwords base+0..63 of that
//     quarter and store all sixteen at the running count of the quarters
//     before (POPCNT). Stores reach past the real offsets; the junk lands in
//     the room the caller guarantees (64 offsets per block) and is
//     overwritten by the next block or ignored. It has no data-dependent
//     branch; measured against a TZCNT/BLSR loop unrolled by eight, it was
//     about 2x faster on citys.json (25 structurals per block) and no slower
//     on twitter.json (7 per block). With AVX512_VBMI2 (state.vbmi2),
//     flatBytes compresses the byte positions once instead: stage 1 went
//     from 10.2-11.2 to 12.0-12.6 GB/s on twitter, citm, canada and citys
//     (TestBestThroughput, best of 200, Zen 5).
//
// Registers kept across blocks:
//	SI  next block          DI  next offset slot      R8  *state
//	R9  offset of the block R10 inString carry (0 or all ones)
//	R11 escape carry (0/1)  R12 scalar carry (0/1)    R13 error bits
//	K7  incomplete UTF-8 tail of the last non-ASCII block
//	Z27 last non-ASCII block (UTF-8 lookback; an ASCII block in between
//	    cannot change the verdict, see below)      Z26 UTF-8 error bytes
// Temporaries: AX BX CX DX R14; Z0 block, Z1 classes, Z2-Z7 Z9 UTF-8 and
// flattening, X2; K1-K6.
// Constants:
//	Z31 '"'   Z30 '\'   Z28:Z29 class table   Z24 ws  Z23 op  Z22 ctrl
//	Z21 valid escape  Z20 u  Z19 hex  Z18 dD  Z17 0x80 (hi8 class and the
//	twoConts bit)  Z16 0x0F  Z15 Z14 Z13 UTF-8 nibble tables  Z12 maxTail
//	Z11 0x60  Z10 0x70  X8 all ones (low quadword)
// The end of the input and the compaction cursor are kept in the frame
// (end-8(SP), cout-16(SP)): no register is left for them.

// flatIota holds the dwords 0 to 63: the offsets of a block's bytes.
DATA flatIota<>+0(SB)/4, $0
DATA flatIota<>+4(SB)/4, $1
DATA flatIota<>+8(SB)/4, $2
DATA flatIota<>+12(SB)/4, $3
DATA flatIota<>+16(SB)/4, $4
DATA flatIota<>+20(SB)/4, $5
DATA flatIota<>+24(SB)/4, $6
DATA flatIota<>+28(SB)/4, $7
DATA flatIota<>+32(SB)/4, $8
DATA flatIota<>+36(SB)/4, $9
DATA flatIota<>+40(SB)/4, $10
DATA flatIota<>+44(SB)/4, $11
DATA flatIota<>+48(SB)/4, $12
DATA flatIota<>+52(SB)/4, $13
DATA flatIota<>+56(SB)/4, $14
DATA flatIota<>+60(SB)/4, $15
DATA flatIota<>+64(SB)/4, $16
DATA flatIota<>+68(SB)/4, $17
DATA flatIota<>+72(SB)/4, $18
DATA flatIota<>+76(SB)/4, $19
DATA flatIota<>+80(SB)/4, $20
DATA flatIota<>+84(SB)/4, $21
DATA flatIota<>+88(SB)/4, $22
DATA flatIota<>+92(SB)/4, $23
DATA flatIota<>+96(SB)/4, $24
DATA flatIota<>+100(SB)/4, $25
DATA flatIota<>+104(SB)/4, $26
DATA flatIota<>+108(SB)/4, $27
DATA flatIota<>+112(SB)/4, $28
DATA flatIota<>+116(SB)/4, $29
DATA flatIota<>+120(SB)/4, $30
DATA flatIota<>+124(SB)/4, $31
DATA flatIota<>+128(SB)/4, $32
DATA flatIota<>+132(SB)/4, $33
DATA flatIota<>+136(SB)/4, $34
DATA flatIota<>+140(SB)/4, $35
DATA flatIota<>+144(SB)/4, $36
DATA flatIota<>+148(SB)/4, $37
DATA flatIota<>+152(SB)/4, $38
DATA flatIota<>+156(SB)/4, $39
DATA flatIota<>+160(SB)/4, $40
DATA flatIota<>+164(SB)/4, $41
DATA flatIota<>+168(SB)/4, $42
DATA flatIota<>+172(SB)/4, $43
DATA flatIota<>+176(SB)/4, $44
DATA flatIota<>+180(SB)/4, $45
DATA flatIota<>+184(SB)/4, $46
DATA flatIota<>+188(SB)/4, $47
DATA flatIota<>+192(SB)/4, $48
DATA flatIota<>+196(SB)/4, $49
DATA flatIota<>+200(SB)/4, $50
DATA flatIota<>+204(SB)/4, $51
DATA flatIota<>+208(SB)/4, $52
DATA flatIota<>+212(SB)/4, $53
DATA flatIota<>+216(SB)/4, $54
DATA flatIota<>+220(SB)/4, $55
DATA flatIota<>+224(SB)/4, $56
DATA flatIota<>+228(SB)/4, $57
DATA flatIota<>+232(SB)/4, $58
DATA flatIota<>+236(SB)/4, $59
DATA flatIota<>+240(SB)/4, $60
DATA flatIota<>+244(SB)/4, $61
DATA flatIota<>+248(SB)/4, $62
DATA flatIota<>+252(SB)/4, $63
GLOBL flatIota<>(SB), RODATA|NOPTR, $256

// byteIota holds the bytes 0 to 63: the positions of a block's bytes.
DATA byteIota<>+0(SB)/8, $0x0706050403020100
DATA byteIota<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA byteIota<>+16(SB)/8, $0x1716151413121110
DATA byteIota<>+24(SB)/8, $0x1f1e1d1c1b1a1918
DATA byteIota<>+32(SB)/8, $0x2726252423222120
DATA byteIota<>+40(SB)/8, $0x2f2e2d2c2b2a2928
DATA byteIota<>+48(SB)/8, $0x3736353433323130
DATA byteIota<>+56(SB)/8, $0x3f3e3d3c3b3a3938
GLOBL byteIota<>(SB), RODATA|NOPTR, $64

#define BCASTB(val, zreg) MOVL $val, BX; VPBROADCASTB BX, zreg

// func indexAVX512(st *state, tab *asmTables, buf *byte, nblocks int, base uint32, out *uint32, cout *byte) (n, cn int)
TEXT ·indexAVX512(SB), NOSPLIT, $16-72
	MOVQ cout+48(FP), AX
	MOVQ AX, cout-16(SP)
	MOVQ st+0(FP), R8
	MOVQ tab+8(FP), AX
	MOVQ buf+16(FP), SI
	MOVQ nblocks+24(FP), CX
	MOVL base+32(FP), R9
	MOVQ out+40(FP), DI
	SHLQ $6, CX
	ADDQ SI, CX
	MOVQ CX, end-8(SP)

	BCASTB(0x22, Z31)
	BCASTB(0x5C, Z30)
	VMOVDQU64 asmTables_class(AX), Z28
	VMOVDQU64 asmTables_class+64(AX), Z29
	BCASTB(0x01, Z24)
	BCASTB(0x02, Z23)
	BCASTB(0x04, Z22)
	BCASTB(0x08, Z21)
	BCASTB(0x10, Z20)
	BCASTB(0x20, Z19)
	BCASTB(0x40, Z18)
	BCASTB(0x80, Z17)
	BCASTB(0x0F, Z16)
	BCASTB(0x60, Z11)
	BCASTB(0x70, Z10)
	VBROADCASTI32X4 asmTables_u8prevH(AX), Z15
	VBROADCASTI32X4 asmTables_u8prevL(AX), Z14
	VBROADCASTI32X4 asmTables_u8curH(AX), Z13
	VMOVDQU64 asmTables_maxTail(AX), Z12
	MOVQ $-1, BX
	VMOVQ BX, X8

	MOVQ state_inString(R8), R10
	MOVQ state_escaped(R8), R11
	MOVQ state_scalar(R8), R12
	MOVQ state_bad(R8), R13
	VMOVDQU64 state_prev(R8), Z27
	KMOVQ state_incomplete(R8), K7
	VPXORQ Z26, Z26, Z26

	CMPQ SI, CX
	JAE  done

loop:
	// 1. Classify.
	VMOVDQU64 (SI), Z0
	VPCMPEQB  Z31, Z0, K1          // quote
	VPCMPEQB  Z30, Z0, K2          // backslash
	VPMOVB2M  Z0, K3               // >= 0x80
	KNOTQ     K3, K4
	VMOVDQA64 Z0, Z1
	VPERMI2B.Z Z29, Z28, K4, Z1    // Z1 = class bits
	VPTESTMB  Z24, Z1, K4          // ws
	VPTESTMB  Z23, Z1, K5          // op
	VPTESTMB  Z22, Z1, K6          // ctrl
	KORQ      K5, K4, K4           // ws | op

	// 2. UTF-8.
	KORTESTQ K3, K3
	JNZ      nonASCII
	KORTESTQ K7, K7
	JNZ      incomplete

utf8Done:
	// 3. Escapes: CX = escaped bytes.
	KMOVQ K2, BX
	XORL  CX, CX
	MOVQ  BX, DX
	ORQ   R11, DX
	JNZ   escapes

escDone:
	MOVQ state_hexNeed(R8), DX
	ORQ  CX, DX
	JNZ  escCheck

escChecked:
	KMOVQ K1, AX
	ANDNQ AX, CX, AX               // AX = quote &^ esc
	VMOVQ AX, X2
	VPCLMULQDQ $0, X8, X2, X2
	VMOVQ X2, BX
	XORQ  R10, BX                  // BX = in
	MOVQ  BX, R10
	SARQ  $63, R10
	KMOVQ K6, CX
	ANDQ  BX, CX
	ORQ   CX, R13                  // control byte in a string
	KMOVQ K4, DX
	ORQ   AX, DX
	ORQ   BX, DX
	NOTQ  DX                       // DX = scalar bytes
	LEAQ  (DX)(DX*1), CX
	ORQ   R12, CX
	MOVQ  DX, R12
	SHRQ  $63, R12
	ANDNQ DX, CX, DX               // DX = scalar starts
	KMOVQ K5, CX
	ANDNQ CX, BX, CX               // CX = op &^ in
	ORQ   CX, AX
	ORQ   DX, AX                   // AX = structurals

	// 4. Compact.
	MOVQ cout-16(SP), DX
	TESTQ DX, DX
	JNZ  compact

compacted:
	// 5. Flatten.
	TESTQ   AX, AX
	JZ      next
	CMPQ    state_vbmi2(R8), $0
	JNE     flatBytes
	VPBROADCASTD R9, Z5
	KMOVQ   AX, K1
	KSHIFTRQ $16, K1, K2
	KSHIFTRQ $32, K1, K3
	KSHIFTRQ $48, K1, K5
	VPADDD  flatIota<>+0(SB), Z5, Z2
	VPADDD  flatIota<>+64(SB), Z5, Z3
	VPADDD  flatIota<>+128(SB), Z5, Z4
	VPADDD  flatIota<>+192(SB), Z5, Z5
	VPCOMPRESSD Z2, K1, Z2
	VPCOMPRESSD Z3, K2, Z3
	VPCOMPRESSD Z4, K3, Z4
	VPCOMPRESSD Z5, K5, Z5
	MOVWQZX AX, BX
	POPCNTQ BX, BX
	MOVL    AX, DX
	POPCNTQ DX, DX
	MOVQ    AX, R14
	SHLQ    $16, R14
	POPCNTQ R14, R14
	POPCNTQ AX, CX
	VMOVDQU32 Z2, (DI)
	VMOVDQU32 Z3, (DI)(BX*4)
	VMOVDQU32 Z4, (DI)(DX*4)
	VMOVDQU32 Z5, (DI)(R14*4)
	LEAQ    (DI)(CX*4), DI

	JMP     next

// flatBytes is step 5 with VPCOMPRESSB: the positions of the structurals
// are compressed as bytes, in one step, then widened to dwords sixteen at
// a time and stored as for the dword form. The first 32 are widened
// whatever the count (cheaper than a mispredicted branch on blocks with
// 16 to 32 structurals), the rest only when there are more.
flatBytes:
	KMOVQ   AX, K1
	VMOVDQU64 byteIota<>(SB), Z2
	VPCOMPRESSB.Z Z2, K1, Z3
	POPCNTQ AX, CX
	VPBROADCASTD R9, Z5
	VPMOVZXBD X3, Z2
	VPADDD  Z5, Z2, Z2
	VMOVDQU32 Z2, (DI)
	VEXTRACTI32X4 $1, Z3, X4
	VPMOVZXBD X4, Z4
	VPADDD  Z5, Z4, Z4
	VMOVDQU32 Z4, 64(DI)
	CMPQ    CX, $32
	JBE     flatBytesDone
	VEXTRACTI32X4 $2, Z3, X4
	VPMOVZXBD X4, Z4
	VPADDD  Z5, Z4, Z4
	VMOVDQU32 Z4, 128(DI)
	VEXTRACTI32X4 $3, Z3, X4
	VPMOVZXBD X4, Z4
	VPADDD  Z5, Z4, Z4
	VMOVDQU32 Z4, 192(DI)

flatBytesDone:
	LEAQ    (DI)(CX*4), DI

next:
	ADDQ $64, SI
	ADDL $64, R9
	CMPQ SI, end-8(SP)
	JB   loop

done:
	MOVQ R10, state_inString(R8)
	MOVQ R11, state_escaped(R8)
	MOVQ R12, state_scalar(R8)
	VPTESTMB Z26, Z26, K1
	KMOVQ K1, AX
	ORQ   AX, R13
	MOVQ  R13, state_bad(R8)
	KMOVQ K7, state_incomplete(R8)
	VMOVDQU64 Z27, state_prev(R8)
	SUBQ out+40(FP), DI
	SHRQ $2, DI
	MOVQ DI, n+56(FP)
	MOVQ cout-16(SP), AX
	SUBQ cout+48(FP), AX
	MOVQ AX, cn+64(FP)
	VZEROUPPER
	RET

// compact stores the block at SI less its whitespace outside strings (BX =
// in-string mask) at DX and advances the cursor; it keeps AX and BX.
compact:
	VPTESTMB Z24, Z1, K2           // ws
	KMOVQ K2, CX
	ANDNQ CX, BX, CX               // CX = ws &^ in: the bytes to drop
	TESTQ CX, CX
	JNZ   compactSome
	VMOVDQU64 Z0, (DX)
	ADDQ  $64, DX
	MOVQ  DX, cout-16(SP)
	JMP   compacted

compactSome:
	NOTQ CX                        // CX = bytes to keep
	CMPQ state_vbmi2(R8), $0
	JNE  compactBytes
	KMOVQ CX, K2
	KSHIFTRQ $16, K2, K3
	KSHIFTRQ $32, K2, K4
	KSHIFTRQ $48, K2, K5
	VPMOVZXBD (SI), Z2
	VPMOVZXBD 16(SI), Z3
	VPMOVZXBD 32(SI), Z4
	VPMOVZXBD 48(SI), Z5
	VPCOMPRESSD Z2, K2, Z2
	VPCOMPRESSD Z3, K3, Z3
	VPCOMPRESSD Z4, K4, Z4
	VPCOMPRESSD Z5, K5, Z5
	VPMOVDB Z2, X2
	VPMOVDB Z3, X3
	VPMOVDB Z4, X4
	VPMOVDB Z5, X5
	VMOVDQU X2, (DX)
	MOVWQZX CX, R14
	POPCNTQ R14, R14
	ADDQ  R14, DX
	VMOVDQU X3, (DX)
	SHRQ  $16, CX
	MOVWQZX CX, R14
	POPCNTQ R14, R14
	ADDQ  R14, DX
	VMOVDQU X4, (DX)
	SHRQ  $16, CX
	MOVWQZX CX, R14
	POPCNTQ R14, R14
	ADDQ  R14, DX
	VMOVDQU X5, (DX)
	SHRQ  $16, CX
	POPCNTQ CX, CX
	ADDQ  CX, DX
	MOVQ  DX, cout-16(SP)
	JMP   compacted

// compactBytes is compactSome with VPCOMPRESSB: the kept bytes in one
// step. CX = bytes to keep.
compactBytes:
	KMOVQ CX, K2
	VPCOMPRESSB.Z Z0, K2, Z2
	VMOVDQU64 Z2, (DX)
	POPCNTQ CX, CX
	ADDQ  CX, DX
	MOVQ  DX, cout-16(SP)
	JMP   compacted

// An ASCII block after a block that ended inside a UTF-8 sequence.
incomplete:
	ORQ   $1, R13
	KXORQ K7, K7, K7
	JMP   utf8Done

// Keiser and Lemire's check of a block with bytes >= 0x80 (see
// asmTables). prev1, prev2 and prev3 are the block shifted by one to
// three bytes with the end of the previous non-ASCII block shifted in:
// VALIGNQ builds [previous block's last 16 bytes, block's first 48] and
// VPALIGNR shifts each 16-byte lane across it. Using the last non-ASCII
// block rather than an ASCII one in between is safe: that block did not end
// inside a sequence (else K7 reported it), so its last three bytes are
// ASCII or continuations and cannot make a lead or a required continuation
// appear or disappear.
nonASCII:
	CMPQ state_strict(R8), $0
	JE   utf8Done
	VALIGNQ  $6, Z27, Z0, Z2
	VPALIGNR $15, Z2, Z0, Z3       // prev1
	VPALIGNR $14, Z2, Z0, Z4       // prev2
	VPALIGNR $13, Z2, Z0, Z5       // prev3
	VPSRLW   $4, Z3, Z6
	VPANDQ   Z16, Z6, Z6
	VPSHUFB  Z6, Z15, Z6           // classes by prev1 high nibble
	VPANDQ   Z16, Z3, Z7
	VPSHUFB  Z7, Z14, Z7           // ... by prev1 low nibble
	VPSRLW   $4, Z0, Z9
	VPANDQ   Z16, Z9, Z9
	VPSHUFB  Z9, Z13, Z9           // ... by high nibble
	VPTERNLOGD $0x80, Z9, Z7, Z6   // Z6 = Z6 & Z7 & Z9
	VPSUBUSB Z11, Z4, Z4           // >= 0x80 where prev2 >= 0xE0
	VPSUBUSB Z10, Z5, Z5           // >= 0x80 where prev3 >= 0xF0
	VPTERNLOGD $0xA8, Z17, Z5, Z4  // Z4 = (Z4 | Z5) & 0x80: must be a continuation
	VPTERNLOGD $0xF6, Z4, Z6, Z26  // Z26 |= Z6 ^ Z4
	VPCMPUB  $6, Z12, Z0, K7       // bytes above maxTail: ends inside a sequence
	VMOVDQA64 Z0, Z27
	JMP      utf8Done

// escapes computes CX = escaped bytes and the new carry R11 from BX =
// backslashes, as escapes() in index.go does.
escapes:
	ANDNQ BX, R11, BX              // bs &^= carry
	LEAQ  (BX)(BX*1), CX
	ANDNQ BX, CX, CX               // CX = starts of runs
	MOVQ  $0xAAAAAAAAAAAAAAAA, R14
	MOVQ  CX, DX
	ANDNQ CX, R14, CX              // CX = even starts
	ANDQ  R14, DX                  // DX = odd starts
	ADDQ  BX, CX                   // ends of even-start runs
	ANDQ  R14, CX                  // ... at odd positions: odd length
	ORQ   R11, CX
	NOTQ  R14
	ADDQ  BX, DX                   // ends of odd-start runs; CF: escapes the next block
	SETCS R11B
	ANDQ  R14, DX                  // ... at even positions: odd length
	ORQ   DX, CX
	ANDNQ CX, BX, CX               // CX &^= bs
	JMP   escDone

// escCheck validates escaped bytes CX and \u hex digits, as checkEscapes
// in index_generic.go does; it keeps CX.
escCheck:
	VPTESTMB Z21, Z1, K2
	KMOVQ K2, BX
	ANDNQ CX, BX, BX
	ORQ   BX, R13                  // escaped byte not " \ / b f n r t u
	VPTESTMB Z20, Z1, K2
	KMOVQ K2, DX
	ANDQ  CX, DX                   // DX = u
	MOVQ  DX, BX
	SHLQ  $1, BX
	MOVQ  BX, R14
	SHLQ  $1, R14
	ORQ   R14, BX                  // u<<1 | u<<2
	MOVQ  BX, R14
	SHLQ  $2, R14
	ORQ   R14, BX                  // ... | u<<3 | u<<4
	ORQ   state_hexNeed(R8), BX
	VPTESTMB Z19, Z1, K2
	KMOVQ K2, R14
	ANDNQ BX, R14, BX
	ORQ   BX, R13                  // \u not followed by hex digits
	MOVQ  DX, BX
	SHRQ  $60, BX
	MOVQ  BX, R14
	SHRQ  $1, R14
	ORQ   R14, BX
	MOVQ  BX, R14
	SHRQ  $2, R14
	ORQ   R14, BX
	MOVQ  BX, state_hexNeed(R8)    // u>>60 | u>>61 | u>>62 | u>>63
	VPTESTMB Z18, Z1, K2
	KMOVQ K2, BX
	LEAQ  (DX)(DX*1), R14
	ORQ   state_uCarry(R8), R14
	ANDQ  R14, BX                  // BX = dd
	SHRQ  $63, DX
	MOVQ  DX, state_uCarry(R8)
	LEAQ  (BX)(BX*1), R14
	ORQ   state_dCarry(R8), R14
	VPTESTMB Z17, Z1, K2
	KMOVQ K2, DX
	ANDQ  R14, DX
	ORQ   DX, state_surrogate(R8)
	SHRQ  $63, BX
	MOVQ  BX, state_dCarry(R8)
	JMP   escChecked
