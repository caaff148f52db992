package celer

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// Object member names.
//
// Documents repeat their member names: an array of objects repeats the
// same few names in every element, and a program decodes documents of the
// same shape call after call. Decoding into any looks names up in a cache
// kept with the pooled decoding state (as encoding/json v2 keeps one with
// its pooled decoders): a name found there costs neither a copy nor room
// in the chunk of strings, only the words it is compared by. The strings
// in the cache are copies the cache owns, in small blocks of their own,
// never parts of the input or of a chunk of strings: a value that holds a
// cached name keeps at most one such block (nameBlock bytes) alive, and
// the cache keeps at most nameSlots names.

const (
	nameBits   = 9
	nameSlots  = 1 << nameBits // entries of the cache (direct-mapped)
	nameMax    = 16            // the longest name in it, in bytes
	nameBlock  = 1024          // the size of a block of cached names
	nameInsert = nameSlots     // the most names a call adds to the caches
	longBits   = 8
	longSlots  = 1 << longBits // entries of the cache of longer names
	longMax    = 32            // the longest name in that, in bytes
)

// A nameEntry is a cached name: its bytes as two little-endian words,
// zero past its end, and the string.
type nameEntry struct {
	w0, w1 uint64
	s      string
}

// A longEntry is a cached name of nameMax+1 to longMax bytes, kept as a
// nameEntry is.
type longEntry struct {
	w [4]uint64
	s string
}

// nameCache is the cache of member names of a pooled decoding state:
// names of up to nameMax bytes, and in a smaller table names of nameMax+1
// to longMax bytes (as twitter.json's "in_reply_to_status_id_str").
type nameCache struct {
	e       [nameSlots]nameEntry
	long    [longSlots]longEntry
	block   []byte // the block new names are copied into
	inserts int    // names added by the current call
}

// oName is oStr for an object member name: a name without escapes of up
// to nameMax bytes comes from the cache when it is there, and goes into
// it otherwise.
func (d *decodeState) oName() (string, bool) {
	c, b, o := d.nc, d.data, d.off
	if c == nil || o+nameMax+2 > len(b) {
		return d.oStr()
	}
	// The quote, up to nameMax bytes of name and the closing quote.
	p := (*[nameMax + 2]byte)(b[o : o+nameMax+2])
	if p[0] != '"' {
		return d.oStr()
	}
	x0 := binary.LittleEndian.Uint64(p[1:9])
	var w0, w1 uint64
	var n uint
	if t := stopBytes(x0); t != 0 {
		n = uint(bits.TrailingZeros64(t)) >> 3
		w0 = x0 & (1<<(8*n) - 1)
	} else {
		x1 := binary.LittleEndian.Uint64(p[9:17])
		k := uint(bits.TrailingZeros64(stopBytes(x1))) >> 3 // 8 if none
		n = 8 + k
		w0, w1 = x0, x1&(1<<(8*k)-1) // (all of x1 for k = 8)
	}
	if p[1+n] != '"' { // an escape or a control byte, or a longer name
		if n == nameMax {
			return d.oLongName()
		}
		return d.oStr()
	}
	d.off = o + int(n) + 2
	// The words hold the name's bytes and zeros past its end; a name has
	// no zero byte (a control byte ends the scan above), so equal words
	// are an equal name.
	e := &c.e[nameHash(w0, w1)]
	if e.w0 == w0 && e.w1 == w1 {
		return e.s, true
	}
	return d.newName(e, w0, w1, p[1:1+n]), true
}

// nameHash returns the slot of the name whose words are w0 and w1.
func nameHash(w0, w1 uint64) uint {
	return uint((w0 ^ bits.RotateLeft64(w1, 31)) * 0x9e3779b97f4a7c15 >> (64 - nameBits))
}

// oLongName is oName for names of nameMax+1 to longMax bytes (the first
// nameMax bytes at d.off+1 are known to be plain), from the cache of
// longer names.
func (d *decodeState) oLongName() (string, bool) {
	c, b, o := d.nc, d.data, d.off
	if o+longMax+2 > len(b) {
		return d.oStr()
	}
	p := (*[longMax + 2]byte)(b[o : o+longMax+2])
	var w [4]uint64
	w[0] = binary.LittleEndian.Uint64(p[1:9])
	w[1] = binary.LittleEndian.Uint64(p[9:17])
	x2 := binary.LittleEndian.Uint64(p[17:25])
	var n uint
	if t := stopBytes(x2); t != 0 {
		k := uint(bits.TrailingZeros64(t)) >> 3
		n = 16 + k
		w[2] = x2 & (1<<(8*k) - 1)
	} else {
		x3 := binary.LittleEndian.Uint64(p[25:33])
		k := uint(bits.TrailingZeros64(stopBytes(x3))) >> 3 // 8 if none
		n = 24 + k
		w[2], w[3] = x2, x3&(1<<(8*k)-1)
	}
	if p[1+n] != '"' { // an escape or a control byte, or a longer name
		return d.oStr()
	}
	d.off = o + int(n) + 2
	// (n > nameMax: w[2] is not zero, so an empty entry matches no name.)
	e := &c.long[longHash(&w)]
	if e.w == w {
		return e.s, true
	}
	s, kept := d.keepName(p[1 : 1+n])
	if kept {
		*e = longEntry{w, s}
	}
	return s, true
}

// longHash returns the slot of the longer name whose words are w.
func longHash(w *[4]uint64) uint {
	h := w[0] ^ bits.RotateLeft64(w[1], 17) ^ bits.RotateLeft64(w[2], 31) ^ bits.RotateLeft64(w[3], 47)
	return uint(h * 0x9e3779b97f4a7c15 >> (64 - longBits))
}

// newName returns the string for name, which the cache does not hold,
// and puts it in slot e, while this call has not added too many names.
func (d *decodeState) newName(e *nameEntry, w0, w1 uint64, name []byte) string {
	if len(name) == 0 {
		return ""
	}
	s, kept := d.keepName(name)
	if kept {
		*e = nameEntry{w0, w1, s}
	}
	return s
}

// keepName returns a string of name (not empty) for a cache entry, a
// copy in the cache's blocks, while this call has not added too many
// names; past that (kept false) it is carved from the chunk of strings
// like any string.
func (d *decodeState) keepName(name []byte) (s string, kept bool) {
	c := d.names
	if c.inserts >= nameInsert {
		return d.carve(name), false
	}
	c.inserts++
	if cap(c.block)-len(c.block) < len(name) {
		c.block = make([]byte, 0, nameBlock)
	}
	l := len(c.block)
	c.block = append(c.block, name...)
	return unsafe.String(&c.block[l], len(name)), true
}
