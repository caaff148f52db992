package cbor

import (
	"encoding/binary"

	"github.com/celerjson/celer/internal/binfmt"
	"github.com/celerjson/celer/internal/opts"
)

// validFast reports whether data is exactly one data item that a Reader
// with options o accepts, without making tokens: a loop over the bytes
// with a stack of counts. It is conservative: indefinite lengths,
// RejectDuplicateNames and anything it does not accept outright make it
// report false, and Validate then reads the data with a Reader, which
// decides (and gives the error's offset, path and message). It never
// reports true for data a Reader rejects.
func validFast(data []byte, o *opts.Struct) bool {
	if o.Has(opts.RejectDuplicateNames) || o.MaxBytes > 0 && int64(len(data)) > o.MaxBytes {
		return false
	}
	end, ok := validItem(data, 0, o, 0)
	return ok && end == len(data)
}

// validItem reports whether data holds, at offset i, one data item that a
// Reader with options o accepts at nesting depth nest (the containers and
// tags around it), and returns its end. Like validFast, it is
// conservative (indefinite lengths: false), and it does not look at
// MaxBytes or RejectDuplicateNames.
func validItem(data []byte, i int, o *opts.Struct, nest int) (int, bool) {
	// Integers, floats, simple values and short text strings, most items
	// of a document, take the first two branches.
	strict := !o.Has(opts.AllowInvalidUTF8)
	type frame struct {
		left uint64 // items left
		cost int    // depth the container counts: itself and its tags
	}
	var stackBuf [32]frame
	stack := stackBuf[:0]
	left := uint64(1) // items left at the current level
	tags := 0
	for {
		for left == 0 {
			if len(stack) == 0 {
				return i, i <= len(data) // a scalar's head may end beyond the data
			}
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			left, nest = f.left, nest-f.cost
		}
		left--
	item:
		if i >= len(data) {
			return 0, false
		}
		ib := data[i]
		if l := scalarLen[ib]; l != 0 {
			i += int(l) // beyond the end: the next item, or the final check, fails
			tags = 0
			continue
		}
		if ib-0x60 < 24 { // a text string of up to 23 bytes: map keys, most strings
			n := int(ib - 0x60)
			i++
			if n > len(data)-i || o.MaxTokenBytes > 0 && n > o.MaxTokenBytes || strict && !binfmt.ValidUTF8(data[i:i+n]) {
				return 0, false
			}
			i += n
			tags = 0
			continue
		}
		major, ai := ib>>5, ib&31
		var arg uint64
		hl := 1
		switch {
		case ai < aiOne:
			arg = uint64(ai)
		case ai <= aiEight:
			hl += 1 << (ai - aiOne)
			if len(data)-i < hl {
				return 0, false
			}
			switch hl {
			case 2:
				arg = uint64(data[i+1])
			case 3:
				arg = uint64(binary.BigEndian.Uint16(data[i+1:]))
			case 5:
				arg = uint64(binary.BigEndian.Uint32(data[i+1:]))
			default:
				arg = binary.BigEndian.Uint64(data[i+1:])
			}
		default: // reserved, or indefinite: left to the Reader
			return 0, false
		}
		i += hl
		switch major {
		case majorUint, majorNeg:
			tags = 0
		case majorBytes, majorText:
			if arg > uint64(len(data)-i) || o.MaxTokenBytes > 0 && arg > uint64(o.MaxTokenBytes) {
				return 0, false
			}
			if major == majorText && strict && !binfmt.ValidUTF8(data[i:i+int(arg)]) {
				return 0, false
			}
			i += int(arg)
			tags = 0
		case majorArray, majorMap:
			if nest+tags >= o.MaxDepth || o.MaxElements > 0 && arg > uint64(o.MaxElements) {
				return 0, false
			}
			n := arg
			if major == majorMap {
				if n > uint64(len(data)-i)/2 {
					return 0, false
				}
				n *= 2
			}
			if n > uint64(len(data)-i) {
				return 0, false // every item takes a byte at least
			}
			stack = append(stack, frame{left, 1 + tags})
			nest += 1 + tags
			left, tags = n, 0
		case majorTag:
			if tags++; nest+tags > o.MaxDepth {
				return 0, false
			}
			goto item
		default: // major type 7
			if ai == aiOne && arg < 32 {
				return 0, false
			}
			tags = 0
		}
	}
}

// scalarLen is the length of an item that is its head alone and needs no
// check beyond its length (integers, floats, simple values below 24) by
// its initial byte, and 0 for other initial bytes.
var scalarLen [256]uint8

func init() {
	for b := range 256 {
		major, ai := b>>5, b&31
		switch {
		case (major == majorUint || major == majorNeg) && ai < aiOne:
			scalarLen[b] = 1
		case (major == majorUint || major == majorNeg) && ai <= aiEight:
			scalarLen[b] = 1 + 1<<(ai-aiOne)
		case major == 7 && ai < aiOne:
			scalarLen[b] = 1
		case major == 7 && ai > aiOne && ai <= aiEight: // half, single and double floats
			scalarLen[b] = 1 + 1<<(ai-aiOne)
		}
	}
}
