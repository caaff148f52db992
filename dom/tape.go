package dom

// The tape: a parsed document is one []uint64 of entries, in document
// order, beside the input. Every entry starts with a 4-bit tag in its top
// bits, so that dispatch on a value is one shift and a table look-up.
// Strings stay in the input; a string with escapes is marked so, and is
// unescaped when it is read (Text, All) or compared (Get), which keeps the
// unescaping cost and its buffer out of parsing, where most strings are
// never read.
//
//	tag           words  word 0 (below the tag)                  word 1
//	null/true/false  1   input offset (bits 0-31)
//	number           1   input offset, text length (bits 32-58)
//	string           1   input offset of '"', token length with quotes
//	escaped string   1   as string
//	array/object     2   index just past the container (0-31),    input offset of the opening bracket (0-31),
//	                     element or member count (32-58)          of the closing one (32-63)
//
// Bit 59 (contBit) is set in a member's name entry when the member's value
// is an array or an object, so that Get steps over members reading name
// entries only (one word in two), and skips a container without loading
// its entry first.
// A container's children follow its two words. An object's children are
// pairs: a name (a string entry) and then the member's value. Skipping any
// value is O(1): one word, or the container's stored end index.
//
// Lengths and counts have 27 bits; larger ones (a single token of 128 MiB
// or more, a container with 2^27-1 children or more) saturate to lenMax
// and are recomputed from the input when asked for, so the tape stays one
// word per scalar whatever the input. Offsets and indexes are 32-bit: the
// input is limited to maxInput bytes.
const (
	tagShift = 60
	lenShift = 32
	lenMax   = 1<<27 - 1
	offMask  = 1<<32 - 1
	contBit  = 1 << 59 // in a name entry: the member's value is a container
)

const (
	tagNull uint64 = iota + 1
	tagTrue
	tagFalse
	tagNumber
	tagString
	tagEscString
	tagArray
	tagObject
)

// maxInput bounds the input size so that every offset and tape index fits
// in 32 bits (the tape never has more entries than the input has bytes),
// with room for the structural index's windows.
const maxInput = 1<<32 - 1<<17

var tagKinds = [16]Kind{
	tagNull:      Null,
	tagTrue:      Bool,
	tagFalse:     Bool,
	tagNumber:    Number,
	tagString:    String,
	tagEscString: String,
	tagArray:     Array,
	tagObject:    Object,
}

func tagOf(e uint64) uint64 { return e >> tagShift }
func offOf(e uint64) int    { return int(e & offMask) }
func lenOf(e uint64) int    { return int(e >> lenShift & lenMax) }
func endOf(e uint64) uint32 { return uint32(e) }
func sat(n int) uint64      { return uint64(min(n, lenMax)) }
func scalar(tag uint64, off, n int) uint64 {
	return tag<<tagShift | sat(n)<<lenShift | uint64(off)
}

// skip returns the index of the entry after the value at i.
func (d *Doc) skip(i uint32) uint32 {
	e := d.tape[i]
	switch tagOf(e) {
	case tagArray, tagObject:
		return endOf(e)
	}
	return i + 1
}
