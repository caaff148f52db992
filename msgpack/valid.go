package msgpack

import (
	"github.com/celerjson/celer/internal/binfmt"
	"github.com/celerjson/celer/internal/opts"
)

// validFast reports whether data is exactly one object that a Reader
// with options o accepts, without making tokens: a loop over the bytes
// with a stack of counts. It decides nothing about errors: when it
// reports false, Validate reads the data again with a Reader, for the
// error's offset, path and message. RejectDuplicateNames is left to the
// Reader.
func validFast(data []byte, o *opts.Struct) bool {
	if o.MaxBytes > 0 && int64(len(data)) > o.MaxBytes {
		return false
	}
	end, ok := validObject(data, 0, o, 0)
	return ok && end == len(data)
}

// validObject reports whether data[i:] starts with an object that a
// Reader with options o accepts at the nesting depth given (the number
// of containers open around it), and returns its end.
func validObject(data []byte, i int, o *opts.Struct, depth int) (int, bool) {
	// Scalars and fixstrs, most objects of a document, take the first two
	// branches; the rest reads the info of its first byte.
	strict := !o.Has(opts.AllowInvalidUTF8)
	var stackBuf [32]uint64
	stack := stackBuf[:0] // objects left in each open container
	left := uint64(1)     // objects left at the current level
	for {
		for left == 0 {
			if len(stack) == 0 {
				return i, i <= len(data)
			}
			left, stack = stack[len(stack)-1], stack[:len(stack)-1]
		}
		left--
		if i >= len(data) {
			return i, false
		}
		b := data[i]
		if l := scalarLen[b]; l != 0 {
			i += int(l) // beyond the end: the next object, or the final check, fails
			continue
		}
		if b&0xe0 == bFixstr { // map keys and most strings of documents
			n := int(b & 0x1f)
			i++
			if n > len(data)-i || o.MaxTokenBytes > 0 && n > o.MaxTokenBytes || strict && !binfmt.ValidUTF8(data[i:i+n]) {
				return i, false
			}
			i += n
			continue
		}
		in := infos[b]
		hl := in.headLen()
		if len(data)-i < hl {
			return i, false
		}
		n := uint64(in.fix)
		if !in.fixed && in.size > 0 {
			n = be(data[i+1:], int(in.size))
		}
		switch in.kind {
		case kInvalid:
			return i, false
		case kStr, kBin, kExt:
			if n > uint64(len(data)-i-hl) || o.MaxTokenBytes > 0 && n > uint64(o.MaxTokenBytes) {
				return i, false
			}
			p := data[i+hl : i+hl+int(n)]
			switch {
			case in.kind == kStr && strict && !binfmt.ValidUTF8(p):
				return i, false
			case in.kind == kExt && int8(data[i+hl-1]) == timestampType:
				if _, _, ok := decodeTimestamp(p); !ok {
					return i, false
				}
			}
			i += hl + int(n)
		case kArray, kMap:
			if o.MaxElements > 0 && n > uint64(o.MaxElements) || depth+len(stack) >= o.MaxDepth {
				return i, false
			}
			if in.kind == kMap {
				n *= 2
			}
			i += hl
			if n > uint64(len(data)-i) {
				return i, false
			}
			stack = append(stack, left)
			left = n
		default: // nil, bool, numbers: the head is the object
			i += hl
		}
	}
}
