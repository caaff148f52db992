package cbor

// skip returns the end of the data item at b[i], which must be
// well-formed (checked by a Reader, or written by a Writer): it does no
// bounds checking of its own beyond Go's.
func skip(b []byte, i int) int {
	major, ai := b[i]>>5, b[i]&31
	arg, hl, _ := headArg(b[i:])
	j := i + hl
	switch major {
	case majorBytes, majorText:
		if ai == aiIndef {
			for b[j] != breakByte {
				j = skip(b, j)
			}
			return j + 1
		}
		return j + int(arg)
	case majorArray, majorMap:
		if ai == aiIndef {
			for b[j] != breakByte {
				j = skip(b, j)
			}
			return j + 1
		}
		n := arg
		if major == majorMap {
			n *= 2
		}
		for ; n > 0; n-- {
			j = skip(b, j)
		}
		return j
	case majorTag:
		return skip(b, j)
	}
	return j
}
