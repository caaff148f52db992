package scan

import (
	"encoding/binary"
	"math/bits"

	"github.com/celerjson/celer/internal/kernels"
)

// stack is a bit stack of open containers: 1 for an object, 0 for an array.
// The first inlineDepth levels live in an array on the caller's stack.
type stack struct {
	local [inlineDepth / 64]uint64
	more  []uint64 // levels beyond inlineDepth
}

const inlineDepth = 1024

func (s *stack) word(depth int) *uint64 {
	w := depth >> 6
	if w < len(s.local) {
		return &s.local[w]
	}
	w -= len(s.local)
	for w >= len(s.more) {
		s.more = append(s.more, 0)
	}
	return &s.more[w]
}

func (s *stack) set(depth int, obj bool) {
	p, bit := s.word(depth), uint(depth&63)
	if obj {
		*p |= 1 << bit
	} else {
		*p &^= 1 << bit
	}
}

func (s *stack) isObject(depth int) bool {
	return *s.word(depth)&(1<<uint(depth&63)) != 0
}

// Value validates one JSON value at the start of b, which must not start
// with whitespace. final reports that the input ends at len(b) (so a number
// may end there). It returns the length of the value, or on failure the
// offset of the offending byte and its code. maxDepth bounds nesting.
//
// Value is the hot loop of Valid and of skipping values; it is a single
// state machine written with gotos so that each state is one tight block.
func Value(b []byte, m Mode, maxDepth int, final bool) (int, Code) {
	var st stack
	depth := 0
	i := 0
	var code Code
	var n int

value:
	if i >= len(b) {
		return i, Incomplete
	}
	switch c := b[i]; c {
	case '{':
		depth++
		if depth > maxDepth {
			return i, TooDeep
		}
		st.set(depth, true)
		i = kernels.SkipSpace(b, i+1)
		if i < len(b) && b[i] == '}' {
			i++
			depth--
			goto next
		}
		goto name
	case '[':
		depth++
		if depth > maxDepth {
			return i, TooDeep
		}
		st.set(depth, false)
		i = kernels.SkipSpace(b, i+1)
		if i < len(b) && b[i] == ']' {
			i++
			depth--
			goto next
		}
		goto value
	case '"':
		if n = shortString(b, i); n < 0 {
			n, _, code = String(b[i:], -n, m)
		} else {
			code = OK
		}
	case 't':
		n, code = Literal(b[i:], "true")
	case 'f':
		n, code = Literal(b[i:], "false")
	case 'n':
		n, code = Literal(b[i:], "null")
	default:
		if c != '-' && !isDigit(c) {
			return i, BadValue
		}
		n, code = Number(b[i:], final)
	}
	if code != OK {
		return i + n, code
	}
	i += n

next:
	if depth == 0 {
		return i, OK
	}
	if i < len(b) && b[i] <= ' ' {
		i = kernels.SkipSpace(b, i)
	}
	if i >= len(b) {
		return i, Incomplete
	}
	if st.isObject(depth) {
		switch b[i] {
		case ',':
			i = kernels.SkipSpace(b, i+1)
			goto name
		case '}':
			i++
			depth--
			goto next
		}
		return i, BadObject
	}
	switch b[i] {
	case ',':
		i = kernels.SkipSpace(b, i+1)
		goto value
	case ']':
		i++
		depth--
		goto next
	}
	return i, BadArray

name:
	if i >= len(b) {
		return i, Incomplete
	}
	if b[i] != '"' {
		return i, BadName
	}
	if n = shortString(b, i); n < 0 {
		if n, _, code = String(b[i:], -n, m); code != OK {
			return i + n, code
		}
	}
	i += n
	if i < len(b) && b[i] != ':' {
		i = kernels.SkipSpace(b, i)
	}
	if i >= len(b) {
		return i, Incomplete
	}
	if b[i] != ':' {
		return i, BadColon
	}
	i = kernels.SkipSpace(b, i+1)
	goto value
}

// shortString returns the length of the string token at b[i] (a '"')
// when it is plain and ends in the eight bytes after the quote. Otherwise
// it returns -k, where b[i+k] is the first byte String must look at (the
// bytes before it are plain). Most member names and many values are that
// short; this spares them the call.
func shortString(b []byte, i int) int {
	if i+9 > len(b) {
		return -1
	}
	m := stops(binary.LittleEndian.Uint64(b[i+1:]))
	k := bits.TrailingZeros64(m)>>3 + 1 // 9 when m is 0
	if m != 0 && b[i+k] == '"' {
		return k + 1
	}
	return -k
}

// Valid validates that b holds exactly one JSON value, with optional
// whitespace around it. It returns the offset of the first error and its
// code, or len(b) and OK.
func Valid(b []byte, m Mode, maxDepth int) (int, Code) {
	i := kernels.SkipSpace(b, 0)
	n, code := Value(b[i:], m, maxDepth, true)
	if code != OK {
		return i + n, code
	}
	i = kernels.SkipSpace(b, i+n)
	if i < len(b) {
		return i, BadTop
	}
	return i, OK
}
