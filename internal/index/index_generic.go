package index

import "math/bits"

// This file is the pure-Go implementation of the block algorithm, and its
// specification: the assembly must give the same answers. Each 64-byte
// block is classified into masks (a table lookup per byte, then one bit per
// byte gathered from eight bytes at a time by a multiplication), then
// structurals computes the structural mask and updates the carried state
// with the bit logic that every implementation shares.

// masks are the byte classes of one block, one bit per byte.
type masks struct {
	quote uint64 // "
	bs    uint64 // \
	ws    uint64 // space, \t, \n, \r
	op    uint64 // { } [ ] : ,
	ctrl  uint64 // bytes below 0x20
	high  uint64 // bytes 0x80 and above
}

// blocksGeneric indexes buf, a whole number of blocks, starting at offset
// base, and appends the structural offsets to idx. When out is not nil it
// also appends the blocks less their whitespace outside strings to *out.
func (st *state) blocksGeneric(buf []byte, base uint32, idx []uint32, out *[]byte) []uint32 {
	for ; len(buf) >= blockSize; buf, base = buf[blockSize:], base+blockSize {
		b := (*[blockSize]byte)(buf)
		m := classify(b)
		if st.strict != 0 && (m.high != 0 || st.u8need != 0) {
			st.utf8Block(b)
		}
		s, in := st.structurals(b, &m)
		for ; s != 0; s &= s - 1 {
			idx = append(idx, base+uint32(bits.TrailingZeros64(s)))
		}
		if out != nil {
			*out = compactBlock(*out, b, m.ws&^in)
		}
	}
	return idx
}

// compactBlock appends block b less the bytes of drop to out, a run of
// kept bytes at a time.
func compactBlock(out []byte, b *[blockSize]byte, drop uint64) []byte {
	for keep := ^drop; keep != 0; {
		s := bits.TrailingZeros64(keep)
		n := bits.TrailingZeros64(^(keep >> uint(s))) // 64 when all is kept
		out = append(out, b[s:s+n]...)
		keep &^= (1<<uint(n) - 1) << uint(s) // 1<<64 is 0 in Go
	}
	return out
}

// structurals returns the structural mask of block b, whose classes are m,
// and its in-string mask (bytes from an opening quote to the closing one,
// excluded), and carries the state to the next
// block.
func (st *state) structurals(b *[blockSize]byte, m *masks) (uint64, uint64) {
	var esc uint64
	if m.bs|st.escaped != 0 {
		esc, st.escaped = escapes(m.bs, st.escaped)
	}
	if esc|st.hexNeed != 0 {
		st.checkEscapes(b, esc)
	}
	quote := m.quote &^ esc
	in := prefixXOR(quote) ^ st.inString // opening quote and content, not the closing quote
	st.inString = uint64(int64(in) >> 63)
	st.bad |= m.ctrl & in
	scalar := ^(m.ws | m.op | quote | in) // closing quotes are not in "in"
	starts := scalar &^ (scalar<<1 | st.scalar)
	st.scalar = scalar >> 63
	return m.op&^in | quote | starts, in
}

// Escape classes, one bit each in escClass.
const (
	escValid = 1 << iota // " \ / b f n r t u
	escU                 // u
	escHex               // 0-9 a-f A-F
	escD                 // d D
	escHi8               // 8 9 a-f A-F: second hex digit of a surrogate
)

var escClass = func() (t [256]uint8) {
	for _, c := range `"\/bfnrtu` {
		t[c] |= escValid
	}
	t['u'] |= escU
	for _, c := range "0123456789abcdefABCDEF" {
		t[c] |= escHex
	}
	t['d'] |= escD
	t['D'] |= escD
	for _, c := range "89abcdefABCDEF" {
		t[c] |= escHi8
	}
	return t
}()

// checkEscapes validates the escaped bytes esc of block b and the hex
// digits of \u escapes, including those carried in from the previous block
// and out to the next, and records surrogate escapes.
func (st *state) checkEscapes(b *[blockSize]byte, esc uint64) {
	var valid, u, hex, d, hi8 uint64
	for i := 0; i < blockSize; i += 8 {
		c := lookup8(&escClass, b, i)
		valid |= movemask(c<<7) << i
		u |= movemask(c<<6) << i
		hex |= movemask(c<<5) << i
		d |= movemask(c<<4) << i
		hi8 |= movemask(c<<3) << i
	}
	st.bad |= esc &^ valid
	u &= esc
	need := u<<1 | u<<2 | u<<3 | u<<4 | st.hexNeed
	st.bad |= need &^ hex
	st.hexNeed = u>>60 | u>>61 | u>>62 | u>>63
	dd := (u<<1 | st.uCarry) & d
	st.uCarry = u >> 63
	st.surrogate |= (dd<<1 | st.dCarry) & hi8
	st.dCarry = dd >> 63
}

// msb marks the high bit of every byte of a word.
const msb = 0x8080808080808080

// movemask gathers the 0x80 bits of w into the low eight bits, byte i of w
// to bit i: the multiplier moves bit 8i+7 to bit 56+i, without collisions.
func movemask(w uint64) uint64 { return (w & msb) * 0x0002040810204081 >> 56 }

// Bits of byteClass: one per class of masks, at the bit position from
// which movemask gathers it after a shift.
const (
	bcQuote = 1 << iota
	bcBS
	bcWS
	bcOp
	bcCtrl
	bcHigh
)

var byteClass = func() (t [256]uint8) {
	for c := range 256 {
		var k uint8
		switch c {
		case '"':
			k = bcQuote
		case '\\':
			k = bcBS
		case ' ', '\t', '\n', '\r':
			k = bcWS
		case '{', '}', '[', ']', ':', ',':
			k = bcOp
		}
		if c < 0x20 {
			k |= bcCtrl
		}
		if c >= 0x80 {
			k |= bcHigh
		}
		t[c] = k
	}
	return t
}()

// classify computes the byte classes of block b. Looking each byte up in
// byteClass and packing eight class bytes into a word, then gathering one
// class bit of every byte with movemask, takes about half the operations of
// comparing words with SWAR for each of the fifteen bytes of interest.
func classify(b *[blockSize]byte) (m masks) {
	for i := 0; i < blockSize; i += 8 {
		c := lookup8(&byteClass, b, i)
		sh := uint(i)
		m.quote |= movemask(c<<7) << sh
		m.bs |= movemask(c<<6) << sh
		m.ws |= movemask(c<<5) << sh
		m.op |= movemask(c<<4) << sh
		m.ctrl |= movemask(c<<3) << sh
		m.high |= movemask(c<<2) << sh
	}
	return m
}

// lookup8 returns the entries of t for bytes i to i+7 of b, packed into a
// word in the same order.
func lookup8(t *[256]uint8, b *[blockSize]byte, i int) uint64 {
	b8 := (*[8]byte)(b[i : i+8])
	return uint64(t[b8[0]]) | uint64(t[b8[1]])<<8 | uint64(t[b8[2]])<<16 | uint64(t[b8[3]])<<24 |
		uint64(t[b8[4]])<<32 | uint64(t[b8[5]])<<40 | uint64(t[b8[6]])<<48 | uint64(t[b8[7]])<<56
}

// utf8Block runs the RFC 3629 byte automaton over block b, continuing the
// sequence left open by the previous block.
func (st *state) utf8Block(b *[blockSize]byte) {
	need, lo, hi := st.u8need, st.u8lo, st.u8hi
	for _, c := range b {
		if need != 0 {
			if uint64(c) < lo || uint64(c) > hi {
				st.bad |= 1
				need = 0 // resynchronise; the input is bad anyway
				continue
			}
			need, lo, hi = need-1, 0x80, 0xBF
			continue
		}
		switch {
		case c < 0x80:
		case c >= 0xC2 && c <= 0xDF:
			need, lo, hi = 1, 0x80, 0xBF
		case c == 0xE0:
			need, lo, hi = 2, 0xA0, 0xBF
		case c == 0xED:
			need, lo, hi = 2, 0x80, 0x9F
		case c >= 0xE1 && c <= 0xEF:
			need, lo, hi = 2, 0x80, 0xBF
		case c == 0xF0:
			need, lo, hi = 3, 0x90, 0xBF
		case c >= 0xF1 && c <= 0xF3:
			need, lo, hi = 3, 0x80, 0xBF
		case c == 0xF4:
			need, lo, hi = 3, 0x80, 0x8F
		default:
			st.bad |= 1
		}
	}
	st.u8need, st.u8lo, st.u8hi = need, lo, hi
}
