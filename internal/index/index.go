// Package index is stage 1 of celer's two-stage JSON scanner: it finds the
// structural positions of JSON text at several gigabytes per second, so that
// stage 2 (a grammar state machine) can validate, compact or indent the text
// by walking a list of offsets instead of every byte. The design follows
// Langdale and Lemire, "Parsing Gigabytes of JSON per Second" (VLDB Journal
// 2019), and Keiser and Lemire, "Validating UTF-8 In Less Than One
// Instruction Per Byte" (2021); the code is our own.
//
// # Structural positions
//
// Index reports, in increasing order, the offset of
//   - each of { } [ ] : , outside strings;
//   - the opening and the closing quote of every string;
//   - the first byte of every maximal run of scalar bytes: bytes outside
//     strings that are neither JSON whitespace (space, \t, \n, \r) nor one
//     of { } [ ] : , nor a quote that opens or closes a string. Such a run is
//     a number, a literal (true, false, null) or garbage that stage 2 rejects.
//
// A quote is escaped, and so string content rather than a boundary, when it
// follows an odd number of backslashes. Backslashes are handled globally, as
// simdjson does: escape detection does not know whether it is inside a
// string. A backslash outside strings is a scalar byte, so it ends up in a
// scalar run that stage 2 rejects; an escaped quote outside strings is a
// scalar byte too.
//
// # Errors found by stage 1
//
// Stage 1 also finds the errors that stage 2 would otherwise have to look
// for byte by byte; [Builder.Bad] reports them. Stage 2 remains responsible
// for the grammar (including everything that is wrong about scalar runs) and
// for the pairing of UTF-16 surrogate escapes, which [Builder.SurrogateEscape]
// says whether to check at all.
//
// # Blocks and windows
//
// The input is processed in 64-byte blocks, each turned into 64-bit masks
// (one bit per byte) that ordinary integer instructions combine; the state
// that crosses a block boundary (inside a string or not, a pending escape,
// a scalar run in progress, a partial UTF-8 sequence, a pending \u escape)
// lives in the [Builder], so a large input can be indexed window by window
// in bounded memory and the answer does not depend on the window sizes.
//
// # Implementations
//
// index_generic.go holds the pure-Go implementation of the block algorithm
// (SWAR classification, then the bit logic); it is the specification. On
// amd64 processors with AVX-512 (F, BW, VBMI), PCLMULQDQ, BMI1 and POPCNT,
// index_amd64.s runs the same algorithm with vector classification,
// carry-less multiplication for the in-string mask and VPCOMPRESSD
// flattening (VPCOMPRESSB where AVX512_VBMI2 is present). The purego build
// tag keeps the generic code only.
//
// # Limits
//
// Offsets are uint32: base+len(buf) of every window must not exceed 1<<32
// (Index panics otherwise), so a single input is limited to 4 GiB.
package index

import "fmt"

// StrictUTF8 is a flag for [Builder.Reset]: validate the UTF-8 of the whole
// input, by RFC 3629, giving the same answers as unicode/utf8.Valid (no
// overlong forms, no surrogates U+D800–U+DFFF, nothing above U+10FFFF, no
// truncated sequences, including at the end of the input).
const StrictUTF8 uint = 1

// blockSize is the number of bytes turned into one set of 64-bit masks.
const blockSize = 64

// Builder indexes JSON text in 64-byte blocks, carrying state across calls
// so a large input can be indexed window by window.
//
// The carried state is: whether the next byte is inside a string, whether
// it is escaped by an odd run of backslashes, whether the previous byte was
// a scalar byte (so the next one does not start a new run), the UTF-8
// lookback, the error flags, and the \u escapes whose four hex digits (or
// surrogate test) continue into the next window.
//
// The zero Builder is ready to use without StrictUTF8; call Reset to start
// a new input or to change the flags. A Builder is not safe for concurrent
// use. It holds no pointers into the input, so windows may live in a
// reused buffer.
type Builder struct {
	st      state
	chosen  bool // generic is set (by Reset, or by the first Index of a zero Builder)
	generic bool // use the pure-Go block code
	done    bool // the final window has been indexed
}

// state is everything that crosses a block boundary. The assembly reads
// and writes it through go_asm.h offsets, so keep the fields fixed-size.
type state struct {
	inString   uint64 // all ones when the next block starts inside a string
	escaped    uint64 // 1 when the first byte of the next block is escaped
	scalar     uint64 // 1 when the last byte of the previous block was a scalar byte
	hexNeed    uint64 // bits 0-3: bytes of the next block that must be hex digits (\u continued)
	uCarry     uint64 // 1 when byte 0 of the next block follows an escaped u
	dCarry     uint64 // 1 when byte 0 of the next block follows an escaped u and a d or D
	bad        uint64 // non-zero once an error is found
	surrogate  uint64 // non-zero once a \uD800-\uDFFF escape is seen
	strict     uint64 // 1 with StrictUTF8
	incomplete uint64 // assembly: the previous block ends inside a UTF-8 sequence
	u8need     uint64 // generic: continuation bytes still expected
	u8lo       uint64 // generic: smallest allowed next continuation byte
	u8hi       uint64 // generic: largest allowed next continuation byte
	vbmi2      uint64 // assembly: 1 to use VPCOMPRESSB (AVX512_VBMI2)
	prev       [blockSize]byte
}

// forceGeneric makes Reset choose the pure-Go code even when the processor
// can run the assembly. It is a test hook (see export_test.go); a Builder
// keeps the choice made at its last Reset.
var forceGeneric bool

// forceNoVBMI2 makes Reset choose the assembly without VPCOMPRESSB; a
// test hook like forceGeneric.
var forceNoVBMI2 bool

func useAccelerated() bool { return accelerated && !forceGeneric }

// Accelerated reports whether stage 1 runs its vector code on this
// processor (never under the purego tag), for callers that choose between
// the index and a byte-wise walk by input size.
func Accelerated() bool { return accelerated }

// Reset prepares x for a new input. flags is 0 or StrictUTF8.
func (x *Builder) Reset(flags uint) {
	*x = Builder{}
	x.choose()
	if flags&StrictUTF8 != 0 {
		x.st.strict = 1
	}
}

// choose picks the implementation for the next input.
func (x *Builder) choose() {
	x.chosen, x.generic = true, !useAccelerated()
	x.st.vbmi2 = 0
	if !x.generic && hasVBMI2 && !forceNoVBMI2 {
		x.st.vbmi2 = 1
	}
}

// Index appends to idx the offsets base+i of the structural positions of
// buf (see the package documentation) and returns idx. Offsets are relative
// to the start of the whole input when base is the offset of buf in it.
//
// len(buf) must be a multiple of 64 unless final is true. final marks the
// last window of the input; it may be of any length, including zero, and
// Index pads its tail internally without reading past len(buf). After a
// final window, call Reset before indexing another input.
//
// Index grows idx as needed. It does not allocate when the spare capacity
// of idx exceeds the number of offsets it appends by 64 (typical JSON has
// one structural per 2 to 11 bytes, and never more than one per byte). Like append, Index may write anywhere in the spare
// capacity of idx, beyond the length it returns.
//
// Index panics if len(buf) is not a multiple of 64 in a window that is not
// final, if it is called after the final window, or if base+len(buf)
// exceeds 1<<32.
func (x *Builder) Index(buf []byte, base uint32, final bool, idx []uint32) []uint32 {
	return x.index(buf, base, final, idx, nil)
}

// IndexCompact is Index that also appends buf less its whitespace outside
// strings to out and returns it: for valid JSON, the compact text that
// encoding/json.Compact gives, window by window. On invalid input (see Bad)
// out holds junk. Like Index, it may write anywhere in the spare capacity
// of out, and it grows out so that every 64-byte block has room for 64.
func (x *Builder) IndexCompact(buf []byte, base uint32, final bool, idx []uint32, out []byte) ([]uint32, []byte) {
	idx = x.index(buf, base, final, idx, &out)
	return idx, out
}

func (x *Builder) index(buf []byte, base uint32, final bool, idx []uint32, out *[]byte) []uint32 {
	if x.done {
		panic("index: Index called after the final window without Reset")
	}
	if !final && len(buf)%blockSize != 0 {
		panic(fmt.Sprintf("index: non-final window of %d bytes is not a multiple of %d", len(buf), blockSize))
	}
	if uint64(base)+uint64(len(buf)) > 1<<32 {
		panic("index: input offsets exceed 4 GiB")
	}
	if !x.chosen {
		x.choose()
	}
	n := len(buf) &^ (blockSize - 1)
	if n > 0 {
		if x.generic {
			idx = x.st.blocksGeneric(buf[:n], base, idx, out)
		} else {
			idx = x.st.blocksAccelerated(buf[:n], base, idx, out)
		}
	}
	if final {
		if tail := buf[n:]; len(tail) > 0 {
			var pad [blockSize]byte
			for i := copy(pad[:], tail); i < blockSize; i++ {
				pad[i] = ' ' // whitespace: no structurals, ends escapes and UTF-8 sequences as errors
			}
			if x.generic {
				idx = x.st.blocksGeneric(pad[:], base+uint32(n), idx, out)
			} else {
				idx = x.st.blocksAccelerated(pad[:], base+uint32(n), idx, out)
			}
		}
		x.st.finish()
		x.done = true
	}
	return idx
}

// Bad reports whether stage 1 found the input invalid so far:
//   - a control byte (below 0x20) inside a string;
//   - a backslash escape whose escaped byte is not one of " \ / b f n r t u,
//     anywhere in the input (outside strings a backslash is invalid anyway),
//     including a backslash that is the last byte of the input;
//   - \u not followed by four hex digits;
//   - with StrictUTF8, invalid UTF-8;
//   - after the final window, an unterminated string.
//
// Bad does not see grammar errors; stage 2 must. An error may be reported
// only once a later window (or the final one) makes it certain, and Bad
// stays true until Reset.
func (x *Builder) Bad() bool { return x.st.bad != 0 }

// SurrogateEscape reports whether any \u escape of a UTF-16 surrogate
// (\uD800 to \uDFFF, hex digits in any case) was seen so far. Stage 2 must
// then check that surrogates are paired, with a scalar scanner; when it is
// false, no string of the input holds a surrogate escape.
func (x *Builder) SurrogateEscape() bool { return x.st.surrogate != 0 }

// ClearSurrogateEscape forgets the surrogate escapes seen so far, so that
// SurrogateEscape reports those of the windows indexed from now on (a
// surrogate escape split across windows is reported by the window holding
// its last hex digit).
func (x *Builder) ClearSurrogateEscape() { x.st.surrogate = 0 }

// finish applies the checks that end of input makes certain: a string, an
// escape, a \u escape or a UTF-8 sequence still open.
func (st *state) finish() {
	if st.inString != 0 || st.escaped != 0 || st.hexNeed != 0 || st.incomplete != 0 || st.u8need != 0 {
		st.bad |= 1
	}
}

// Bit masks of the even and odd positions of a block.
const (
	evenBits = 0x5555555555555555
	oddBits  = 0xAAAAAAAAAAAAAAAA
)

// escapes returns the mask of escaped bytes of a block whose backslashes
// are bs, given the carried-in escape (0 or 1: byte 0 is escaped), and the
// carry for the next block.
//
// Only the byte after each backslash run matters (escaped backslashes are
// valid escapes and never quotes), so the mask holds byte 0 when carried
// in, plus the byte after every run of odd length. A run that starts at
// position s ends at s+len; the byte there is escaped when len is odd, that
// is when s and the end have different parities. Adding the run's start bit
// to the run carries through it and leaves a single bit at its end, so the
// runs are split by the parity of their start, added, and the ends kept at
// the opposite parity. A byte 0 escaped by the carry is not a backslash
// that escapes, so it is dropped from bs first. The carry out is the
// overflow of the run that touches bit 63 when its start is odd.
func escapes(bs, carry uint64) (escaped, carryOut uint64) {
	bs &^= carry
	starts := bs &^ (bs << 1)
	oddStarts := starts & oddBits
	evenStarts := starts &^ oddBits
	endsOdd := bs + oddStarts
	carryOut = 0
	if endsOdd < bs {
		carryOut = 1
	}
	endsEven := bs + evenStarts
	escaped = (endsEven&oddBits | endsOdd&evenBits) &^ bs
	return escaped | carry, carryOut
}

// prefixXOR returns the mask whose bit i is the parity of bits 0..i of x:
// for the quote mask, the bytes from an opening quote up to (not including)
// the closing one. The assembly uses a carry-less multiplication by all
// ones instead.
func prefixXOR(x uint64) uint64 {
	x ^= x << 1
	x ^= x << 2
	x ^= x << 4
	x ^= x << 8
	x ^= x << 16
	x ^= x << 32
	return x
}
