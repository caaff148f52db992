package dom

import (
	"encoding/binary"
)

// A Name is a member name prepared for Value.GetName: what Get works out
// from its argument on every call (the tape entry a matching name has, and
// the name's first bytes as a word) is worked out once. The zero Name is
// the empty name.
type Name struct {
	s  string
	hi uint64 // the entry of a matching unescaped name, in its top half (0: none)
	// The first n bytes of s, little-endian, in two words, and the bits
	// of the words that hold them. n is min(len(s), 16) for MakeName,
	// min(len(s), 1) for Get.
	word, word2 uint64
	mask, mask2 uint64
	n           int
}

// MakeName prepares name for GetName.
func MakeName(name string) Name {
	n := Name{s: name, hi: nameHi(name), n: min(len(name), 16)}
	n.word, n.mask = wordOf(name[:min(len(name), 8)])
	n.word2, n.mask2 = wordOf(name[min(len(name), 8):n.n])
	return n
}

// wordOf returns the bytes of s (at most 8) as a little-endian word, and
// the mask of the bits that hold them.
func wordOf(s string) (word, mask uint64) {
	for i := len(s) - 1; i >= 0; i-- {
		word = word<<8 | uint64(s[i])
	}
	return word, 1<<(8*len(s)) - 1
}

// quickName is what Get prepares: only the first byte goes in the word,
// which costs next to nothing to build for a single look-up.
func quickName(name string) Name {
	n := Name{s: name, hi: nameHi(name)}
	if len(name) > 0 {
		n.word, n.mask, n.n = uint64(name[0]), 0xff, 1
	}
	return n
}

// nameHi returns the entry of an unescaped name token for name whose
// member's value is a scalar, in the top half; 0 if its length saturates.
func nameHi(name string) uint64 {
	if len(name)+2 >= lenMax {
		return 0 // no entry has a zero tag: every name goes the slow path
	}
	return (tagString<<(tagShift-lenShift) | uint64(len(name)+2)) << lenShift
}

// String returns the name.
func (n Name) String() string { return n.s }

// GetName is Get(n.String()), for a name prepared once and looked up many
// times.
func (v Value) GetName(n Name) Value { return v.get(&n) }

// slowName is the least top half of a name entry that get must look at
// more closely than by comparing it with Name.hi: an escaped name (its tag
// is above tagString), an unescaped one whose length saturated, and any
// name whose member's value is a container (contBit).
const slowName = tagString<<(tagShift-lenShift) | lenMax

// get is Get and GetName.
func (v Value) get(nm *Name) Value {
	if v.d == nil {
		return Value{}
	}
	d := v.d
	e := d.tape[v.i]
	if tagOf(e) != tagObject {
		return Value{}
	}
	tape := d.tape[:endOf(e)]
	j := int(v.i) + 2
	wantHi, slowHi := nm.hi, uint64(slowName)<<lenShift
	for {
		// Find the next member to look at closely: a name entry equal to
		// wantHi in its top half (a candidate whose value is a scalar), or
		// at least slowHi (an escaped or very long name, or a container
		// value to step over). The first loop reads the name entries of
		// four members at a time, with one bounds check, and makes no call
		// so that its variables stay in registers.
		for j+8 <= len(tape) {
			w := (*[8]uint64)(tape[j : j+8])
			if w[0]^wantHi < 1<<lenShift || w[0] >= slowHi {
				break
			}
			if w[2]^wantHi < 1<<lenShift || w[2] >= slowHi {
				j += 2
				break
			}
			if w[4]^wantHi < 1<<lenShift || w[4] >= slowHi {
				j += 4
				break
			}
			if w[6]^wantHi < 1<<lenShift || w[6] >= slowHi {
				j += 6
				break
			}
			j += 8
		}
		if j+1 >= len(tape) {
			return Value{}
		}
		n := tape[j]
		if h := n &^ contBit; h^wantHi < 1<<lenShift {
			// The token's length is that of nm in quotes: compare up to 16
			// bytes of the input, here, without a call.
			off := offOf(n)
			if off+17 <= len(d.src) {
				x := binary.LittleEndian.Uint64(d.src[off+1 : off+9])
				y := binary.LittleEndian.Uint64(d.src[off+9 : off+17])
				if x&nm.mask == nm.word && y&nm.mask2 == nm.word2 && (nm.n == len(nm.s) || d.nameRest(off, nm)) {
					return Value{d, uint32(j + 1)}
				}
			} else if string(d.src[off+1:off+1+len(nm.s)]) == nm.s {
				return Value{d, uint32(j + 1)}
			}
		} else if h >= slowHi && d.nameEquals(uint32(j), nm.s) {
			return Value{d, uint32(j + 1)}
		}
		if n&contBit != 0 {
			j = int(endOf(tape[j+1]))
		} else {
			j += 2
		}
	}
}

// nameRest reports whether the name token at off, whose first nm.n bytes
// are nm's, has the rest of nm's bytes.
func (d *Doc) nameRest(off int, nm *Name) bool {
	return string(d.src[off+1+nm.n:off+1+len(nm.s)]) == nm.s[nm.n:]
}
