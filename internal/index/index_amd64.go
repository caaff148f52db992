//go:build !purego

package index

import (
	"slices"

	"github.com/celerjson/celer/internal/cpu"
)

// accelerated reports whether this processor runs indexAVX512: it needs
// AVX-512 F and BW (k-register compares, byte shuffles), VBMI (VPERMI2B, a
// 128-entry byte table lookup), PCLMULQDQ (the in-string prefix XOR), BMI1
// (ANDN) and POPCNT (flattening). Others use the generic code.
var accelerated = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VBMI &&
	cpu.X86.HasPCLMULQDQ && cpu.X86.HasBMI1 && cpu.X86.HasPOPCNT

// hasVBMI2 reports whether indexAVX512 may also use VPCOMPRESSB (AVX512_VBMI2)
// to flatten and compact blocks: one byte compression in place of four
// dword ones.
var hasVBMI2 = cpu.X86.HasAVX512VBMI2

// indexAVX512 indexes nblocks blocks of 64 bytes at buf, whose first byte
// has offset base, writing the structural offsets to out and updating st;
// it returns the number of offsets. It may write junk after them: out must
// have room for 64 offsets per block. When cout is not nil it also writes
// the blocks less their whitespace outside strings there and returns
// their length as cn; it may write junk after them too: cout must have
// room for 64 bytes per block. index_amd64.s documents the kernel;
// blocksGeneric in index_generic.go is its specification.
//
//go:noescape
func indexAVX512(st *state, tab *asmTables, buf *byte, nblocks int, base uint32, out *uint32, cout *byte) (n, cn int)

// blocksAccelerated is blocksGeneric in assembly. It grows idx so that the
// kernel always has room for a full block of offsets per block of input,
// and *out, when out is not nil, for a full block of bytes.
func (st *state) blocksAccelerated(buf []byte, base uint32, idx []uint32, out *[]byte) []uint32 {
	for len(buf) >= blockSize {
		if cap(idx)-len(idx) < blockSize {
			// Typical JSON has a structural every 4 to 8 bytes; append's
			// growth takes care of denser input.
			idx = slices.Grow(idx, len(buf)/4+blockSize)
		}
		dst := idx[len(idx):cap(idx)]
		nb := min(len(dst), len(buf)) / blockSize
		var cout *byte
		if out != nil {
			*out = slices.Grow(*out, nb*blockSize)
			cout = &(*out)[len(*out) : len(*out)+1][0]
		}
		raceRead(buf[:nb*blockSize])
		n, cn := indexAVX512(st, &tables, &buf[0], nb, base, &dst[0], cout)
		raceWrite(dst[:n])
		idx = idx[:len(idx)+n]
		if out != nil {
			raceWriteBytes((*out)[len(*out) : len(*out)+cn])
			*out = (*out)[:len(*out)+cn]
		}
		buf = buf[nb*blockSize:]
		base += uint32(nb * blockSize)
	}
	return idx
}

// asmTables are the constants of indexAVX512, built at start-up from their
// definitions so that they can be read and checked here rather than as hex
// in the assembly.
type asmTables struct {
	class   [128]byte // class bits of each ASCII byte (bytes >= 0x80 have none)
	u8prevH [16]byte  // UTF-8 error classes by high nibble of the previous byte
	u8prevL [16]byte  // ... by low nibble of the previous byte
	u8curH  [16]byte  // ... by high nibble of the byte
	maxTail [64]byte  // largest byte at each position of a block that ends no sequence early
}

// Class bits of asmTables.class; the escape ones match escClass's meaning.
const (
	clsWS       = 0x01 // space \t \n \r
	clsOp       = 0x02 // { } [ ] : ,
	clsCtrl     = 0x04 // below 0x20
	clsEscValid = 0x08 // " \ / b f n r t u
	clsU        = 0x10 // u
	clsHex      = 0x20 // 0-9 a-f A-F
	clsD        = 0x40 // d D
	clsHi8      = 0x80 // 8 9 a-f A-F
)

var tables = buildTables()

func buildTables() (t asmTables) {
	for c := range 128 {
		var k byte
		switch c {
		case ' ', '\t', '\n', '\r':
			k |= clsWS
		case '{', '}', '[', ']', ':', ',':
			k |= clsOp
		}
		if c < 0x20 {
			k |= clsCtrl
		}
		e := escClass[c]
		for _, m := range [...]struct{ from, to byte }{{escValid, clsEscValid}, {escU, clsU}, {escHex, clsHex}, {escD, clsD}, {escHi8, clsHi8}} {
			if e&m.from != 0 {
				k |= m.to
			}
		}
		t.class[c] = k
	}

	// Keiser and Lemire's UTF-8 error classes. Each is the set of
	// (previous byte, byte) pairs whose previous byte has a high nibble in
	// prevH and a low nibble in prevL, and whose byte has a high nibble in
	// curH, so a class is one bit in each of three nibble-indexed tables
	// and a pair is in error when the AND of its three entries is not zero.
	// twoConts is no error when the byte must be the third or fourth of a
	// sequence; the kernel flips it then.
	const (
		tooShort  = 1 << iota // lead byte then no continuation
		tooLong               // ASCII then continuation
		overlong3             // E0 then 80-9F
		tooLarge              // F4 then 90-BF, F5-FF then 90-BF
		surrogate             // ED then A0-BF (U+D800-U+DFFF)
		overlong2             // C0 or C1 then continuation
		overlong4             // F0 then 80-8F, F5-FF then 80-8F
		twoConts              // continuation then continuation
	)
	span := func(lo, hi int) (s []int) {
		for n := lo; n <= hi; n++ {
			s = append(s, n)
		}
		return s
	}
	cont := span(0x8, 0xB)
	for _, c := range []struct {
		bit                byte
		prevH, prevL, curH []int
	}{
		{tooShort, span(0xC, 0xF), span(0, 15), append(span(0, 7), span(0xC, 0xF)...)},
		{tooLong, span(0, 7), span(0, 15), cont},
		{overlong3, []int{0xE}, []int{0}, []int{8, 9}},
		{tooLarge, []int{0xF}, span(4, 15), []int{9, 0xA, 0xB}},
		{surrogate, []int{0xE}, []int{0xD}, []int{0xA, 0xB}},
		{overlong2, []int{0xC}, []int{0, 1}, cont},
		{overlong4, []int{0xF}, append([]int{0}, span(5, 15)...), []int{8}},
		{twoConts, cont, span(0, 15), cont},
	} {
		for _, n := range c.prevH {
			t.u8prevH[n] |= c.bit
		}
		for _, n := range c.prevL {
			t.u8prevL[n] |= c.bit
		}
		for _, n := range c.curH {
			t.u8curH[n] |= c.bit
		}
	}
	for i := range t.maxTail {
		t.maxTail[i] = 0xFF
	}
	t.maxTail[61] = 0xEF // a 4-byte lead needs three more bytes
	t.maxTail[62] = 0xDF // a 3-byte lead needs two
	t.maxTail[63] = 0xBF // any lead needs one
	return t
}
