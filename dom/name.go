package dom

import (
	"encoding/binary"
	"unsafe"
)

// A Name is a member name prepared for Value.GetName: what Get works out
// from its argument on every call (the tape entry a matching name has, and
// the name's first bytes as a word) is worked out once. Make Names with
// MakeName: the zero Name matches no member.
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
// times. It does not modify *n.
func (v Value) GetName(n *Name) Value { return v.get(n) }

// GetNames is GetName applied in turn for each of names: the value at
// that path of member names, or Invalid as soon as a step finds nothing
// (or meets a value that is not an object). It does not modify names.
func (v Value) GetNames(names []Name) Value {
	d := v.d
	if d == nil {
		return Value{}
	}
	return d.findPath(v.i, names)
}

// findPath is GetNames from the value at tape index i.
func (d *Doc) findPath(i uint32, names []Name) Value {
	for k := range names {
		r := d.find(i, &names[k])
		if r.d == nil {
			return Value{}
		}
		i = r.i
	}
	return Value{d, i}
}

// AppendGetNames appends to dst, for each element of array v in order,
// the element's GetNames(names) when it exists: the values a query such
// as $.a[*].b.c selects, without an iterator call per element. It appends
// nothing if v is not an array. On an array it keeps coming back to with
// names[0], it may find names[0] through the Doc's row table (see
// ElementsGetNames).
func (v Value) AppendGetNames(dst []Value, names []Name) []Value {
	if v.Kind() != Array {
		return dst
	}
	d := v.d
	if len(names) > 0 {
		if cells, _ := d.rowColumnFor(v.i, &names[0]); cells != nil {
			return d.appendRows(dst, cells, names)
		}
	}
	tape := d.tape[:endOf(v.entry())]
	for j := int(v.i) + 2; j < len(tape); {
		e := tape[j]
		if r := d.findPath(uint32(j), names); r.d != nil {
			dst = append(dst, r)
		}
		if e >= tagArray<<tagShift {
			j = int(endOf(e))
		} else {
			j++
		}
	}
	return dst
}

// slowName is the least top half of a name entry that get must look at
// more closely than by comparing it with Name.hi: an escaped name (its tag
// is above tagString), an unescaped one whose length saturated, and any
// name whose member's value is a container (contBit).
const slowName = uint32(tagString<<(tagShift-lenShift) | lenMax)

// contHi is contBit in the top half of an entry.
const contHi = uint32(contBit >> lenShift)

// get is Get and GetName. It is small enough to be inlined.
func (v Value) get(nm *Name) Value {
	if v.d == nil {
		return Value{}
	}
	return v.d.find(v.i, nm)
}

// find returns the value of the first member named nm of the object at
// tape index i; Invalid if there is none or i is not an object.
//
// It makes no call but the last (a tail call to findSlow for names it
// cannot decide: with escapes, of a saturated length, or of nm's length
// but longer than nm's words), so that its variables stay in registers;
// it reads the tape and the input through unsafe pointers after checking
// the bounds once per step: the tape's container ends are its own, below
// end. The first loop reads the name entries of four members at a time;
// a member is looked at more closely when its name entry equals nm.hi in
// its top half (the tag and length of nm in quotes, value a scalar) or is
// at least slowName (escapes, saturated length, or a container value,
// which is stepped over).
func (d *Doc) find(i uint32, nm *Name) Value {
	e := d.tape[i]
	if tagOf(e) != tagObject {
		return Value{}
	}
	end := min(int(endOf(e)), len(d.tape))
	j := int(i) + 2
	// Few live values, so that none is spilled: the loops compare top
	// halves (want, and the constant slowName) rather than whole entries.
	tape := unsafe.Pointer(unsafe.SliceData(d.tape))
	want := uint32(nm.hi >> lenShift)
	for {
		// Four members a step, reading the top halves of their name
		// entries as 32-bit words (no shifts). A member whose value is a
		// container and whose name is plain and not nm's is stepped over
		// without leaving the loop: h^contHi is then below slowName and
		// not want.
		for j+8 <= end {
			w := (*[16]uint32)(unsafe.Add(tape, j*8))
			if h := w[1]; h == want || h >= slowName {
				if h ^= contHi; h < slowName && h != want {
					j = int(w[2])
					continue
				}
				break
			}
			if h := w[5]; h == want || h >= slowName {
				if h ^= contHi; h < slowName && h != want {
					j = int(w[6])
					continue
				}
				j += 2
				break
			}
			if h := w[9]; h == want || h >= slowName {
				if h ^= contHi; h < slowName && h != want {
					j = int(w[10])
					continue
				}
				j += 4
				break
			}
			if h := w[13]; h == want || h >= slowName {
				if h ^= contHi; h < slowName && h != want {
					j = int(w[14])
					continue
				}
				j += 6
				break
			}
			j += 8
		}
		if j+1 >= end {
			return Value{}
		}
		n := *(*uint64)(unsafe.Add(tape, j*8))
		if h := uint32(n &^ contBit >> lenShift); h == want {
			// The token's length is that of nm in quotes: compare its
			// first 16 bytes.
			off := offOf(n)
			if nm.n != len(nm.s) || off+17 > len(d.src) {
				return d.findSlow(j, end, nm)
			}
			src := unsafe.Pointer(unsafe.SliceData(d.src))
			x := binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(src, off+1))[:])
			y := binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(src, off+9))[:])
			if x&nm.mask == nm.word && y&nm.mask2 == nm.word2 {
				return Value{d, uint32(j + 1)}
			}
		} else if h >= slowName {
			return d.findSlow(j, end, nm)
		}
		if n&contBit != 0 {
			j = int(endOf(*(*uint64)(unsafe.Add(tape, j*8+8))))
		} else {
			j += 2
		}
	}
}

// findSlow is find from the name entry at j on, one member at a time with
// every check: the look-ups that reach it meet names find cannot decide.
func (d *Doc) findSlow(j, end int, nm *Name) Value {
	for j+1 < end {
		n := d.tape[j]
		if h := uint32(n &^ contBit >> lenShift); (h == uint32(nm.hi>>lenShift) || h >= slowName) && d.nameAtIs(j, nm) {
			return Value{d, uint32(j + 1)}
		}
		if n&contBit != 0 {
			j = int(endOf(d.tape[j+1]))
		} else {
			j += 2
		}
	}
	return Value{}
}

// nameAtIs reports whether the name entry at j, whose top half is nm.hi's
// or at least slowName, stands for nm.
func (d *Doc) nameAtIs(j int, nm *Name) bool {
	n := d.tape[j]
	if h := n &^ contBit; h^nm.hi < 1<<lenShift {
		off := offOf(n)
		return string(d.src[off+1:off+1+len(nm.s)]) == nm.s
	}
	return d.nameEquals(uint32(j), nm.s)
}
