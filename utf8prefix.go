package celer

import "github.com/celerjson/celer/internal/kernels"

// utf8Prefix records how much of a buffer of input, read in pieces, is
// known to be valid UTF-8, so that each byte is checked once while the
// input stays valid. Elements' reader and the drop-in Decoder keep one
// each, to decode in one pass the values that lie inside it.
type utf8Prefix struct {
	// buf[from:valid] is valid UTF-8 and ends on a character boundary,
	// where from is where the owner's unread input starts; buf[:checked]
	// has been looked at. valid < checked once a check failed: no more
	// input is checked until skip passes checked.
	valid, checked int
}

// bad reports whether some input checked was not valid UTF-8 (and has not
// been skipped).
func (u *utf8Prefix) bad() bool { return u.valid < u.checked }

// extend checks the input read into buf since the last call. Unless final
// (no input follows buf), an incomplete character at its end waits for
// the next call.
func (u *utf8Prefix) extend(buf []byte, final bool) {
	if u.bad() {
		return
	}
	end := len(buf)
	if !final {
		end = utf8Cut(buf, u.valid, end)
	}
	if end <= u.valid {
		return
	}
	if kernels.ValidUTF8(buf[u.valid:end]) {
		u.valid, u.checked = end, end
	} else {
		u.checked = len(buf)
	}
}

// skip moves the start of the valid region up to off, a character
// boundary before which the owner has consumed its input (checked there in
// another way).
func (u *utf8Prefix) skip(off int) {
	if u.valid < off {
		u.valid = off
		u.checked = max(u.checked, off)
	}
}

// shift follows the buffer when its first n bytes are dropped.
func (u *utf8Prefix) shift(n int) {
	u.valid = max(u.valid-n, 0)
	u.checked = max(u.checked-n, 0)
}

// utf8Cut returns end, or the start of an incomplete UTF-8 sequence that
// b[lo:end] ends with.
func utf8Cut(b []byte, lo, end int) int {
	for i := end - 1; i >= lo && i >= end-3; i-- {
		c := b[i]
		if c < 0x80 {
			return end
		}
		if c >= 0xC0 { // a lead byte
			n := 2
			if c >= 0xF0 {
				n = 4
			} else if c >= 0xE0 {
				n = 3
			}
			if end-i < n {
				return i
			}
			return end
		}
	}
	return end
}
