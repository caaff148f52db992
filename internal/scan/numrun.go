package scan

import (
	"encoding/binary"
	"math/bits"
)

// NumberRun reports whether b[p:e] is exactly one JSON number. Runs of up
// to 24 bytes of the usual form (see shortNumber) are checked with a few
// word operations and no loop; others go through Number.
func NumberRun(b []byte, p, e int) bool {
	if n := e - p; uint(n-1) < 24 && p+24 <= len(b) {
		if c := b[p]; (c == '-' || c-'0' < 10) && shortNumber((*[24]byte)(b[p:p+24]), n) {
			return true
		}
	}
	return numberSlow(b, p, e)
}

// numberSlow is NumberRun by Number.
func numberSlow(b []byte, p, e int) bool {
	k, code := Number(b[p:e], true)
	return code == OK && k == e-p
}

// NonDigitsLow returns w with the top bit of each byte set when the byte
// is not an ASCII digit, in four operations (the stream tape loop's number
// check uses it too). It is exact up to the first
// byte >= 0xb0 only: that byte is flagged itself, but the borrow or carry
// it makes can change the flags of the bytes after it. shortNumber, which
// takes at most one flagged byte and only a '.', stays exact with it.
func NonDigitsLow(w uint64) uint64 {
	return ((0xafafafafafafafaf - w) | (w + 0x4646464646464646)) & 0x8080808080808080
}

// shortNumber reports whether q[:l] (l <= 24) is a number of the usual
// form: a sign, digits and at most one '.', no exponent. q[0] must be a
// digit or a '-'. False means undecided: Number decides.
//
// It works on the non-digits of the three words of q, byte i of word j at
// bit 8i+j of one mask, so that the run's first l bytes are the bits of
// RunBits[l] and one trailing-zero count finds the first non-digit after
// the sign. The walks of indexed.go (and the stream Decoder's tape loop)
// write it out: a call there costs more than the check.
func shortNumber(q *[24]byte, l int) bool {
	m := (NonDigitsLow(binary.LittleEndian.Uint64(q[0:8]))>>7 |
		NonDigitsLow(binary.LittleEndian.Uint64(q[8:16]))>>6 |
		NonDigitsLow(binary.LittleEndian.Uint64(q[16:24]))>>5) & RunBits[l]
	s := int(m & 1) // a '-' (q[0] is a digit or a '-')
	m &^= 1
	dot := l // the '.', or the end of the run
	if m != 0 {
		dot = int(RunByte[bits.TrailingZeros64(m)&63])
		if m&(m-1) != 0 || dot >= l-1 || q[dot] != '.' {
			return false
		}
	}
	return dot > s && (q[s] != '0' || dot == s+1)
}

// RunByte[z] is the byte of a number run whose non-digit flag is bit z of
// a mask that interleaves three words' flags (shortNumber's here, the
// stream tape loop's): (z&7)*8 + z>>3.
var RunByte = func() (t [64]uint8) {
	for z := range t {
		t[z] = uint8(z&7*8 + z>>3)
	}
	return t
}()

// RunBits[l] has the bits of the first l bytes of three words in that
// interleaved order: byte i of word j at bit 8i+j.
var RunBits = func() (t [25]uint64) {
	for l := range t {
		for i := range l {
			t[l] |= 1 << (i%8*8 + i/8)
		}
	}
	return t
}()
