package msgpack

// skip returns the end of the object at b[i], which must be valid
// (checked by a Reader, or written by a Writer): it does no bounds
// checking of its own beyond Go's.
func skip(b []byte, i int) int {
	for todo := 1; todo > 0; todo-- {
		in := infos[b[i]]
		hl := in.headLen()
		var n uint64
		if in.fixed {
			n = uint64(in.fix)
		} else if in.size > 0 {
			n = be(b[i+1:], int(in.size))
		}
		switch in.kind {
		case kStr, kBin, kExt:
			i += hl + int(n)
		case kArray:
			i += hl
			todo += int(n)
		case kMap:
			i += hl
			todo += 2 * int(n)
		case kNil, kBool:
			i++
		default: // numbers: the head is the object
			i += hl
		}
	}
	return i
}
