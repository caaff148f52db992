package dom

// Writing walks the tape in order with a small stack of open containers:
// a scalar's text is copied from the input as it is (numbers byte-exact,
// strings with their original escapes, which are already valid JSON), so
// the compact form of a Doc equals encoding/json.Compact of its input and
// the indented form equals encoding/json.Indent.

type wframe struct {
	end uint32 // tape index just past the container
	obj bool
	n   int // children written, names and values counted separately for objects
}

// AppendJSON appends v as compact JSON to dst; nothing for Invalid.
func (v Value) AppendJSON(dst []byte) []byte {
	if v.d == nil {
		return dst
	}
	return v.d.appendValue(dst, v.i, false, "", "")
}

// AppendIndent appends v as indented JSON to dst, as encoding/json.Indent
// formats it: each element on a new line that starts with prefix (not
// the first line) and one indent per level, ": " after names, empty
// arrays and objects as [] and {}. Nothing is appended for Invalid.
func (v Value) AppendIndent(dst []byte, prefix, indent string) []byte {
	if v.d == nil {
		return dst
	}
	return v.d.appendValue(dst, v.i, true, prefix, indent)
}

func newline(dst []byte, prefix, indent string, depth int) []byte {
	dst = append(dst, '\n')
	dst = append(dst, prefix...)
	for range depth {
		dst = append(dst, indent...)
	}
	return dst
}

func (d *Doc) appendValue(dst []byte, i uint32, pretty bool, prefix, indent string) []byte {
	e := d.tape[i]
	if t := tagOf(e); t != tagArray && t != tagObject {
		off := offOf(e)
		return append(dst, d.src[off:off+d.tokenLen(e)]...)
	}
	var buf [32]wframe
	stack := buf[:0]
	for j := i; ; {
		for len(stack) > 0 && j == stack[len(stack)-1].end {
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if pretty {
				dst = newline(dst, prefix, indent, len(stack))
			}
			if f.obj {
				dst = append(dst, '}')
			} else {
				dst = append(dst, ']')
			}
		}
		if len(stack) == 0 && j != i {
			return dst
		}
		if len(stack) > 0 {
			f := &stack[len(stack)-1]
			switch {
			case f.obj && f.n&1 == 1:
				dst = append(dst, ':')
				if pretty {
					dst = append(dst, ' ')
				}
			case f.n > 0:
				dst = append(dst, ',')
				fallthrough
			default:
				if pretty {
					dst = newline(dst, prefix, indent, len(stack))
				}
			}
			f.n++
		}
		e = d.tape[j]
		switch tagOf(e) {
		case tagArray, tagObject:
			obj := tagOf(e) == tagObject
			open, close := byte('['), byte(']')
			if obj {
				open, close = '{', '}'
			}
			if endOf(e) == j+2 { // empty
				dst = append(dst, open, close)
				j += 2
				continue
			}
			dst = append(dst, open)
			stack = append(stack, wframe{end: endOf(e), obj: obj})
			j += 2
		default:
			off := offOf(e)
			dst = append(dst, d.src[off:off+d.tokenLen(e)]...)
			j++
		}
	}
}
