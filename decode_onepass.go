package celer

// One-pass decoding.
//
// Unmarshal's contract (encoding/json's) is that a syntax error leaves the
// value untouched, which is why decodeState validates the whole input
// before decoding any of it. When the value is still zero, that promise
// can be kept without the separate pass: decode and check the grammar at
// once, and if anything goes wrong, clear the value and start over the
// two-pass way. The one-pass decoder below handles the common shapes
// (structs by address, plain scalars, [n]float64, slices of those,
// pointers, map[string]string) and gives up, reporting false, on anything
// else: a type error, a decoding method, an unusual number, a syntax error.
// Giving up is always safe, so the one-pass decoder never has to reproduce
// an error or a quirk, only to accept exactly the valid inputs it decodes,
// and to decode them to the value the two-pass decoder would.
//
// It runs only on input that is valid UTF-8 throughout (one vector pass
// checks), so strings need no UTF-8 checks; the cursor checks bounds,
// whitespace, delimiters, literals, numbers, and the escapes and control
// bytes of strings.

import (
	"encoding/binary"
	"math/bits"
	"reflect"
	"strconv"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/scan"
)

// maxOneDepth is the nesting the one-pass decoder goes to before giving
// up (far below the validator's limit, so it never accepts what the
// validator would reject for depth).
const maxOneDepth = 1000

// onePassInto decodes d.data into the zero value e of plan p in one pass.
// It reports false, with e zero again, when the two-pass decoder must do
// the work.
func (d *decodeState) onePassInto(e reflect.Value, p *plan) bool {
	if !p.onePass() || !e.CanAddr() || !e.IsZero() || !kernels.ValidUTF8(d.data) {
		return false
	}
	d.flags |= dValidUTF8
	ptr := e.Addr().UnsafePointer()
	d.oSpace()
	if d.oValue(ptr, p, 0) {
		d.oSpace()
		if d.off == len(d.data) {
			return true
		}
	}
	e.SetZero()
	d.undo()
	return false
}

// undo resets d after a failed one pass: the cursor, the flag, and what
// the pass left on the stacks of interface decoding.
func (d *decodeState) undo() {
	clear(d.mems)
	clear(d.vals)
	d.mems, d.vals = d.mems[:0], d.vals[:0]
	d.off = 0
	d.flags &^= dValidUTF8
}

// onePass reports whether values of p's type are worth trying in one pass:
// nothing in the type makes the one-pass decoder give up for certain.
// (It is a hint: the decoder checks each plan it meets again.)
func (p *plan) onePass() bool {
	switch atomic.LoadUint32(&p.one) {
	case oneYes:
		return true
	case oneNo:
		return false
	}
	ok := onePassType(p, map[*plan]bool{})
	v := uint32(oneNo)
	if ok {
		v = oneYes
	}
	atomic.StoreUint32(&p.one, v)
	return ok
}

const (
	oneUnknown = iota
	oneYes
	oneNo
)

// onePassType is onePass without the cache; seen holds the plans being
// looked at (a recursive type counts as suitable where it recurs).
func onePassType(p *plan, seen map[*plan]bool) bool {
	if seen[p] {
		return true
	}
	seen[p] = true
	switch {
	case p.generic || p.topMethods:
		return false
	case p.fast != fNone:
		return true
	case p.kind == pStruct:
		sp := p.structPlan()
		for i := range sp.fields {
			if fp := &sp.fields[i]; !fp.byAddr || !onePassType(fp.plan, seen) {
				return false
			}
		}
		return true
	case p.kind == pPointer:
		return onePassType(p.elem(), seen)
	case p.kind == pSlice:
		ep := p.elem()
		return p.scratch && ep.byAddrElem() && onePassType(ep, seen)
	case p.t == mapStringStringType:
		return true
	case p.kind == pMap:
		return p.mapKey == keyPlainString && onePassType(p.elem(), seen)
	case p.kind == pAny:
		return true
	}
	return false
}

// oSpace consumes the JSON whitespace at d.off.
func (d *decodeState) oSpace() {
	if d.off < len(d.data) && d.data[d.off] <= ' ' {
		d.oSpaces()
	}
}

// oSpaces skips the whitespace at d.off. One space before a value, as
// after ':' and ',' in indented JSON, is the most common run and is
// stepped over here, without a call.
func (d *decodeState) oSpaces() {
	b, i := d.data, d.off
	if i+1 < len(b) && b[i] == ' ' && b[i+1] > ' ' {
		d.off = i + 1
		return
	}
	// A newline and an indent of spaces, the other common run: the
	// spaces eight at a time, without a call.
	if i < len(b) && b[i] == '\n' {
		i++
		for i+8 <= len(b) && binary.LittleEndian.Uint64(b[i:]) == 0x2020202020202020 {
			i += 8
		}
		for ; i < len(b) && b[i] == ' '; i++ {
		}
		if i < len(b) && b[i] > ' ' {
			d.off = i
			return
		}
	}
	d.off = kernels.SkipSpace(b, i)
}

// oByte reports whether the next byte after whitespace is c, consuming
// both.
func (d *decodeState) oByte(c byte) bool {
	d.oSpace()
	if d.off < len(d.data) && d.data[d.off] == c {
		d.off++
		return true
	}
	return false
}

// oMore consumes the ',' or the closing delimiter close after an element
// or member, with the whitespace around it. It reports whether another
// element follows, and ok false on anything else. The compact case is
// inlined.
func (d *decodeState) oMore(close byte) (more, ok bool) {
	if b, i := d.data, d.off; i+1 < len(b) && b[i] == ',' && b[i+1] > ' ' {
		d.off = i + 1
		return true, true
	}
	return d.oMoreSpace(close)
}

func (d *decodeState) oMoreSpace(close byte) (more, ok bool) {
	if b, i := d.data, d.off; i+2 < len(b) && b[i] == ',' && b[i+1] == ' ' && b[i+2] > ' ' {
		d.off = i + 2 // ", " as written by many indenters
		return true, true
	}
	d.oSpace()
	b, i := d.data, d.off
	if i >= len(b) {
		return false, false
	}
	switch b[i] {
	case ',':
		d.off = i + 1
		d.oSpace()
		return true, true
	case close:
		d.off = i + 1
		return false, true
	}
	return false, false
}

// oLiteral consumes the literal lit at d.off.
func (d *decodeState) oLiteral(lit string) bool {
	if hasPrefixAt(d.data, d.off, lit) {
		d.off += len(lit)
		return true
	}
	return false
}

// oValue decodes the value at d.off (no whitespace before it) into the
// value of plan p at ptr.
func (d *decodeState) oValue(ptr unsafe.Pointer, p *plan, depth int) bool {
	if d.off >= len(d.data) || p.generic {
		return false
	}
	c := d.data[d.off]
	switch {
	case p.fast != fNone:
		return d.oFast(ptr, p.fast)
	case p.kind == pStruct:
		switch {
		case p.topMethods:
		case c == '{':
			return d.oStruct(ptr, p, depth+1)
		case c == 'n':
			return d.oLiteral("null") // leaves a struct alone
		}
	case p.kind == pPointer:
		if c == 'n' {
			*(*unsafe.Pointer)(ptr) = nil
			return d.oLiteral("null")
		}
		ep := p.elem()
		q := *(*unsafe.Pointer)(ptr)
		if q == nil {
			q = reflect.New(ep.t).UnsafePointer()
			*(*unsafe.Pointer)(ptr) = q
		}
		return d.oValue(q, ep, depth)
	case p.kind == pSlice:
		h := (*sliceHeader)(ptr)
		switch {
		case c == 'n':
			*h = sliceHeader{}
			return d.oLiteral("null")
		case c != '[' || h.cap != 0 || !p.scratch:
			return false
		}
		if ep := p.elem(); ep.byAddrElem() {
			return d.oSliceScratch(h, p, ep, depth+1)
		}
	case p.t == mapStringStringType:
		switch c {
		case '{':
			return d.oMapStringString(ptr)
		case 'n':
			*(*map[string]string)(ptr) = nil
			return d.oLiteral("null")
		}
	case p.kind == pAny:
		x, ok := d.oInterface(depth)
		*(*any)(ptr) = x
		return ok
	case p.kind == pMap:
		switch {
		case p.mapKey != keyPlainString:
		case c == '{':
			return d.oMap(ptr, p, depth+1)
		case c == 'n':
			*(*unsafe.Pointer)(ptr) = nil
			return d.oLiteral("null")
		}
	}
	return false
}

// oMap is mapInto in one pass, for maps with plain string keys.
func (d *decodeState) oMap(ptr unsafe.Pointer, p *plan, depth int) bool {
	if depth > maxOneDepth {
		return false
	}
	v := reflect.NewAt(p.t, ptr).Elem()
	if v.IsNil() {
		v.Set(reflect.MakeMap(p.t))
	}
	d.off++ // '{'
	d.oSpace()
	if d.off < len(d.data) && d.data[d.off] == '}' {
		d.off++
		return true
	}
	ep := p.elem()
	elem := reflect.New(ep.t).Elem()
	elemAt := unsafe.Pointer(elem.UnsafeAddr())
	kv := reflect.New(p.t.Key()).Elem()
	first := true
	for {
		key, ok := d.oStr()
		if !ok || !d.oByte(':') {
			return false
		}
		d.oSpace()
		if !first {
			elem.SetZero()
		}
		first = false
		if !d.oValue(elemAt, ep, depth) {
			return false
		}
		kv.SetString(key)
		v.SetMapIndex(kv, elem)
		more, ok := d.oMore('}')
		if !more {
			return ok
		}
	}
}

// oStruct decodes the object at d.off into the struct at base.
func (d *decodeState) oStruct(base unsafe.Pointer, p *plan, depth int) bool {
	if depth > maxOneDepth {
		return false
	}
	d.off++ // '{'
	d.oSpace()
	if d.off < len(d.data) && d.data[d.off] == '}' {
		d.off++
		return true
	}
	sp := p.structPlan()
	hint := 0
	for {
		var fp *fieldPlan
		// The member expected next, matched in place (as structAt does).
		b, i := d.data, d.off
		if nf := &sp.next[hint]; i+8 <= len(b) && binary.LittleEndian.Uint64(b[i:])&nf.mask == nf.word &&
			(len(nf.rest) == 0 || hasPrefixAt(b, i+8, nf.rest)) {
			d.off = i + nf.n
			fp = nf.fp
			hint++
		} else {
			s, e, f, ok := d.oString()
			if !ok {
				return false
			}
			key := d.unquote(b[s:e], f)
			var fi int
			fp, fi = sp.lookup(key, hint, d.flags&dCaseSensitive != 0)
			hint = fi + 1
			if !d.oByte(':') {
				return false
			}
		}
		d.oSpace()
		switch {
		case fp == nil:
			if d.flags&dDisallowUnknown != 0 || !d.oSkip(depth) {
				return false
			}
		case !fp.byAddr:
			return false
		case fp.fast != fNone:
			if !d.oFast(unsafe.Add(base, fp.off), fp.fast) {
				return false
			}
		default:
			if !d.oValue(unsafe.Add(base, fp.off), fp.plan, depth) {
				return false
			}
		}
		if b, i := d.data, d.off; i+1 < len(b) && b[i] == ',' && b[i+1] > ' ' { // oMore, inlined
			d.off = i + 1
			continue
		}
		if more, ok := d.oMoreSpace('}'); !more {
			return ok
		}
	}
}

// oSkip consumes a value the destination has no place for.
func (d *decodeState) oSkip(depth int) bool {
	n, code := scan.Value(d.data[d.off:], scan.AllowInvalidUTF8, maxOneDepth-depth, true)
	d.off += n
	return code == scan.OK
}

// oSliceScratch is sliceScratch in one pass: the elements are decoded in
// a scratch buffer and copied out.
func (d *decodeState) oSliceScratch(dst *sliceHeader, p, ep *plan, depth int) bool {
	if depth > maxOneDepth {
		return false
	}
	s := d.getScratch(p)
	buf, c := s.h.data, s.h.cap
	if !d.oSliceAt(&s.h, s.v, ep, depth) {
		// The next use needs zeroed elements.
		s.v.Clear()
		s.h.len = 0
		d.putScratch(s)
		return false
	}
	d.scratchOut(dst, s, p, ep, buf, c)
	return true
}

// oSliceAt is sliceAt in one pass.
func (d *decodeState) oSliceAt(h *sliceHeader, v reflect.Value, ep *plan, depth int) bool {
	size := ep.t.Size()
	d.off++ // '['
	d.oSpace()
	i := 0
	if d.off < len(d.data) && d.data[d.off] == ']' {
		d.off++
	} else {
		for {
			if i >= h.len {
				if i >= h.cap {
					v.Grow(max(h.cap, 4)) // doubling, as in arrayInto
				}
				h.len = i + 1
			}
			ptr := unsafe.Add(h.data, uintptr(i)*size)
			if ep.fast != fNone {
				if !d.oFast(ptr, ep.fast) {
					return false
				}
			} else if !d.oValue(ptr, ep, depth) {
				return false
			}
			i++
			if b, j := d.data, d.off; j+1 < len(b) && b[j] == ',' && b[j+1] > ' ' { // oMore, inlined
				d.off = j + 1
				continue
			}
			more, ok := d.oMoreSpace(']')
			if !ok {
				return false
			}
			if !more {
				break
			}
		}
	}
	if i < h.len {
		h.len = i
	}
	if i == 0 {
		*h = sliceHeader{unsafe.Pointer(&emptyArray), 0, 0}
	}
	return true
}

// oMapStringString is mapStringString in one pass.
func (d *decodeState) oMapStringString(ptr unsafe.Pointer) bool {
	m := *(*map[string]string)(ptr)
	if m == nil {
		m = make(map[string]string)
		*(*map[string]string)(ptr) = m
	}
	d.off++ // '{'
	d.oSpace()
	if d.off < len(d.data) && d.data[d.off] == '}' {
		d.off++
		return true
	}
	for {
		key, ok := d.oStr()
		if !ok || !d.oByte(':') {
			return false
		}
		d.oSpace()
		var val string
		if !d.oFast(unsafe.Pointer(&val), fString) {
			return false
		}
		m[key] = val
		more, ok := d.oMore('}')
		if !more {
			return ok
		}
	}
}

// oString consumes the string token at d.off and returns its bounds
// (quotes included) and content flags.
func (d *decodeState) oString() (int, int, scan.StrFlags, bool) {
	start := d.off
	if start >= len(d.data) || d.data[start] != '"' {
		return 0, 0, 0, false
	}
	n, f, code := scan.String(d.data[start:], 1, scan.AllowInvalidUTF8)
	d.off = start + n
	return start, d.off, f, code == scan.OK
}

// oStr consumes the string token at d.off and returns its Go string.
func (d *decodeState) oStr() (string, bool) {
	if i := d.off; i < len(d.data) && d.data[i] == '"' {
		from := i + 1 // the first byte not known to be plain
		if d.flags&dZeroCopy == 0 {
			s, n, ok := d.copyStr(i + 1)
			if ok {
				return s, true
			}
			from += n
		}
		if e := oRunEnd(d.data, from); e < len(d.data) {
			switch d.data[e] {
			case '"':
				s := d.plain(d.data[i+1 : e])
				d.off = e + 1
				return s, true
			case '\\':
				if d.flags&dValidUTF8 != 0 {
					return d.escaped(e)
				}
			}
		}
	}
	s, e, f, ok := d.oString()
	if !ok {
		return "", false
	}
	return d.str(d.data[s:e], f), true
}

// copyStr returns the Go string for the string token whose content
// starts at d.data[i], if it is shorter than copyStrMax bytes and has no
// escape, and moves d.off past it; it reports false, with nothing
// consumed, otherwise (also when fewer than copyStrMax bytes of input or
// of room in the chunk of strings are left), and how many bytes from i
// on it found plain (no quote, backslash or control byte), so that the
// caller's scan need not look at them again. It finds the end and copies
// the content into the chunk in one pass: each word of input is stored
// into the chunk's spare room as it is checked, so a short string takes
// no call to memmove. (Bytes past the string's end land in the spare
// room, which the next strings overwrite.)
func (d *decodeState) copyStr(i int) (string, int, bool) {
	l := len(d.strs)
	if i+copyStrMax > len(d.data) || cap(d.strs)-l < copyStrMax {
		return "", 0, false
	}
	src := (*[copyStrMax]byte)(d.data[i:])
	dst := (*[copyStrMax]byte)(d.strs[l:cap(d.strs)])
	x := binary.LittleEndian.Uint64(src[0:8])
	binary.LittleEndian.PutUint64(dst[0:8], x)
	if t := stopBytes(x); t != 0 {
		return d.endStr(i, l, 0, t)
	}
	x = binary.LittleEndian.Uint64(src[8:16])
	binary.LittleEndian.PutUint64(dst[8:16], x)
	if t := stopBytes(x); t != 0 {
		return d.endStr(i, l, 8, t)
	}
	x = binary.LittleEndian.Uint64(src[16:24])
	binary.LittleEndian.PutUint64(dst[16:24], x)
	if t := stopBytes(x); t != 0 {
		return d.endStr(i, l, 16, t)
	}
	x = binary.LittleEndian.Uint64(src[24:32])
	binary.LittleEndian.PutUint64(dst[24:32], x)
	if t := stopBytes(x); t != 0 {
		return d.endStr(i, l, 24, t)
	}
	return "", copyStrMax, false
}

// copyStrMax is the length of input copyStr looks at.
const copyStrMax = 32

// stopBytes returns the top bit of each byte of x that is a quote, a
// backslash or a control byte; the lowest one set is exact (borrows run
// only upwards), as in oRunEnd.
func stopBytes(x uint64) uint64 {
	q := x ^ 0x2222222222222222 // zero bytes where x has '"'
	s := x ^ 0x5c5c5c5c5c5c5c5c // and '\\'
	return ((q-lsb8)&^q | (s-lsb8)&^s | (x-0x2020202020202020)&^x) & msb8
}

// endStr ends copyStr at the word at offset j of the content, whose stop
// bytes are t: the string if the first is its closing quote.
func (d *decodeState) endStr(i, l, j int, t uint64) (string, int, bool) {
	n := j + bits.TrailingZeros64(t)>>3
	if d.data[i+n] != '"' {
		return "", n, false
	}
	d.off = i + n + 1
	if n == 0 {
		return "", 0, true
	}
	d.strs = d.strs[:l+n]
	return unsafe.String(&d.strs[l], n), n, true
}

// oPlainEnd is plainEnd for input not known to be valid: it returns -1
// also when a control byte or the end of input comes before the quote.
func oPlainEnd(b []byte, i int) int {
	if i = oRunEnd(b, i); i < len(b) && b[i] == '"' {
		return i
	}
	return -1
}

// oRunEnd returns the offset of the first quote, backslash or control
// byte in b from i on, or len(b).
func oRunEnd(b []byte, i int) int {
	for end := i + 32; i+8 <= len(b); i += 8 {
		if i == end {
			n, _ := kernels.StringRun(b[i:])
			return i + n
		}
		x := binary.LittleEndian.Uint64(b[i:])
		q := x ^ 0x2222222222222222 // zero bytes where x has '"'
		s := x ^ 0x5c5c5c5c5c5c5c5c // and '\\'
		// Bytes below 0x20 set their high bit in x - 0x20 (borrows only
		// run upwards, so the lowest byte flagged is exact).
		if t := ((q-lsb8)&^q | (s-lsb8)&^s | (x-0x2020202020202020)&^x) & msb8; t != 0 {
			return i + bits.TrailingZeros64(t)>>3
		}
	}
	for ; i < len(b); i++ {
		if c := b[i]; c == '"' || c == '\\' || c < ' ' {
			return i
		}
	}
	return i
}

// escaped decodes the string token at d.off, whose first escape is at
// b[i], into a Go string in one pass, checking the escapes and control
// bytes (the input is valid UTF-8). It reports false on anything
// invalid. The value is what scan.AppendUnquote gives.
func (d *decodeState) escaped(i int) (string, bool) {
	b := d.data
	dst := append(d.scratch[:0], b[d.off+1:i]...)
	for {
		// b[i] is a backslash.
		if i+1 >= len(b) {
			return "", false
		}
		switch c := b[i+1]; c {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			dst = append(dst, unescaped[c])
			i += 2
		case 'u':
			r := hexRune(b, i+2)
			if r < 0 {
				return "", false
			}
			i += 6
			if r >= 0xD800 && r < 0xDC00 && i+1 < len(b) && b[i] == '\\' && b[i+1] == 'u' {
				if r2 := hexRune(b, i+2); r2 >= 0xDC00 && r2 <= 0xDFFF {
					r = (r-0xD800)<<10 | (r2 - 0xDC00) + 0x10000
					i += 6
				}
			}
			if r >= 0xD800 && r <= 0xDFFF {
				r = utf8.RuneError
			}
			dst = utf8.AppendRune(dst, r)
		default:
			return "", false
		}
		j := oRunEnd(b, i)
		dst = append(dst, b[i:j]...)
		if i = j; i >= len(b) {
			return "", false
		}
		if b[i] == '"' {
			d.off = i + 1
			d.scratch = dst
			if len(dst) == 0 {
				return "", true
			}
			return d.carve(dst), true
		}
		if b[i] != '\\' { // a control byte
			return "", false
		}
	}
}

// unescaped maps the byte after a backslash to the byte it stands for.
var unescaped = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// hexRune returns the value of the four hex digits at b[i:], or -1.
func hexRune(b []byte, i int) rune {
	if i+4 > len(b) {
		return -1
	}
	var r rune
	for _, c := range b[i : i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return -1
		}
		r = r<<4 | rune(c)
	}
	return r
}

// oFloat reads the number at d.off as a float64.
//
// Numbers without an exponent that end at least a byte before the end of
// the window of floatWindow bytes at d.off take the fast path here:
// offsets within the window need no bounds checks, and the digits are
// read eight at a time (the 15 decimals of GeoJSON coordinates in two
// words). Anything else (an exponent, more than 19 digits, the end of the
// input, what Eisel-Lemire cannot decide) goes to oFloatSlow, which reads
// the number from its start again.
func (d *decodeState) oFloat() (float64, bool) {
	b, i := d.data, d.off
	if len(b)-i < floatWindow {
		return d.oFloatSlow()
	}
	p := (*[floatWindow]byte)(b[i : i+floatWindow])
	k := 0
	neg := p[0] == '-'
	if neg {
		k = 1
	}
	c := p[k] - '0'
	if c > 9 {
		return 0, false
	}
	m := uint64(c)
	k++
	// A leading 0 stands alone; other integer parts are read digit by
	// digit while short (most are), eight digits at a time past that.
	if c != 0 {
		for end := k + 3; k < end; k++ {
			c := p[k] - '0'
			if c > 9 {
				break
			}
			m = m*10 + uint64(c)
		}
	}
	if c != 0 && p[k]-'0' < 10 {
		for {
			// k <= floatWindow-8: the word is in the window.
			n, v := digitRun(binary.LittleEndian.Uint64(p[k : k+8]))
			if n == 8 {
				m = m*1e8 + digitsValue(v)
				if k += 8; k > floatWindow-8 {
					return d.oFloatSlow() // more than 19 digits
				}
				continue
			}
			if n > 0 {
				// The n digits moved to the top of the word, zeros
				// below them.
				m = m*pow10u[n] + digitsValue(v<<((64-8*n)&63))
				k += int(n)
			}
			break
		}
	}
	nd := k // the digits, and the sign if any
	if neg {
		nd--
	}
	fd := 0 // the digits of the fraction
	if p[k] == '.' {
		k++
		for {
			if k > floatWindow-8 {
				return d.oFloatSlow() // more than 19 digits
			}
			n, v := digitRun(binary.LittleEndian.Uint64(p[k : k+8]))
			if n == 8 {
				m = m*1e8 + digitsValue(v)
				fd += 8
				k += 8
				continue
			}
			if n > 0 {
				m = m*pow10u[n] + digitsValue(v<<((64-8*n)&63))
				fd += int(n)
				k += int(n)
			}
			break
		}
		if fd == 0 {
			return 0, false
		}
	}
	if p[k]|0x20 == 'e' || nd+fd > 19 { // (m may have overflowed)
		return d.oFloatSlow()
	}
	if m <= 1<<53 {
		f := float64(m) / exact10[fd]
		if neg {
			f = -f
		}
		d.off = i + k
		return f, true
	}
	f, ok := scan.EiselLemire(m, -fd, neg)
	if !ok {
		return d.oFloatSlow()
	}
	d.off = i + k
	return f, true
}

// floatWindow is the input oFloat's fast path looks at: a sign, 19
// digits, a point, the word of digits read after them, and more (a word
// is read at offsets up to floatWindow-8, which only numbers of more than
// 19 digits reach).
const floatWindow = 32

// oFloatSlow is oFloat for what its fast path leaves.
func (d *decodeState) oFloatSlow() (float64, bool) {
	f, end, ok := oReadFloat(d.data, d.off)
	if ok {
		d.off = end
		return f, true
	}
	// Invalid, or valid but for strconv to read.
	n, code := scan.Number(d.data[d.off:], true)
	if code != scan.OK {
		return 0, false
	}
	end = d.off + n
	b := d.data[d.off:end]
	if f, ok = scan.ParseFloat64(b); !ok {
		var err error
		if f, err = strconv.ParseFloat(string(b), 64); err != nil {
			return 0, false
		}
	}
	d.off = end
	return f, true
}

// oReadFloat is readFloat for input not known to be valid: it reads the
// number at b[i:] as readFloat does, checking its grammar on the way, and
// reports !ok both for what is not a number and for what readFloat would
// leave to the general path.
func oReadFloat(b []byte, i int) (float64, int, bool) {
	neg := false
	if i < len(b) && b[i] == '-' {
		neg = true
		i++
	}
	if i >= len(b) {
		return 0, 0, false
	}
	start := i
	var m uint64
	switch c := b[i]; {
	case c == '0':
		i++
	case c-'1' < 9:
		// Digit by digit: integer parts are mostly short (digitsWide's
		// set-up costs more than a few digits).
		m = uint64(c - '0')
		for i++; i < len(b) && b[i]-'0' < 10; i++ {
			m = m*10 + uint64(b[i]-'0')
		}
	default:
		return 0, 0, false
	}
	scale := 0
	if i < len(b) && b[i] == '.' {
		frac := i + 1
		m, i = digitsWide(b, frac, m)
		if i == frac {
			return 0, 0, false
		}
		scale = i - frac
		start++ // the '.' is not a digit
	}
	nd, exp := i-start, -scale
	if i < len(b) && b[i]|0x20 == 'e' {
		i++
		eneg := false
		if i < len(b) && (b[i] == '-' || b[i] == '+') {
			eneg = b[i] == '-'
			i++
		}
		es := i
		var e uint64
		e, i = digits(b, i, 0)
		if i == es || i-es > 4 {
			return 0, 0, false
		}
		if eneg {
			exp -= int(e)
		} else {
			exp += int(e)
		}
	}
	if nd > 19 { // m may have overflowed
		return 0, 0, false
	}
	if m <= 1<<53 && exp >= -22 && exp <= 0 {
		f := float64(m) / exact10[-exp]
		if neg {
			f = -f
		}
		return f, i, true
	}
	f, ok := scan.Float64FromDecimal(m, exp, neg)
	return f, i, ok
}

// digitRun returns how many of the bytes of the little-endian word x,
// from the lowest, are decimal digits before the first that is not (8 if
// all are), and x less '0' in every byte: the values of those digits.
func digitRun(x uint64) (uint, uint64) {
	v := x - 0x3030303030303030
	// A byte below '0' borrows (setting its top bits), one above '9'
	// has 0x0a or more, which the 6 carries into the high nibble; digits
	// do neither. A borrow or carry only reaches bytes above the first
	// byte that is not a digit, so that byte is the lowest flagged.
	t := (v | (v + 0x0606060606060606)) & 0xf0f0f0f0f0f0f0f0
	return uint(bits.TrailingZeros64(t)) >> 3, v
}

// digitsValue returns the value of the eight decimal digits whose values
// (0 to 9) are the bytes of the little-endian word v, the first lowest:
// pairs, then quads, then the whole, each step one multiply.
func digitsValue(v uint64) uint64 {
	v = v * (10<<8 + 1) >> 8
	v = (v & 0x00ff00ff00ff00ff) * (100<<16 + 1) >> 16
	return (v & 0x0000ffff0000ffff) * (10000<<32 + 1) >> 32
}

// oReadInt is readInt for input not known to be valid: it reports !ok
// for what is not an integer of up to 18 digits.
func oReadInt(b []byte, i int) (int64, int, bool) {
	neg := false
	if i < len(b) && b[i] == '-' {
		neg = true
		i++
	}
	if i >= len(b) {
		return 0, 0, false
	}
	start := i
	var n uint64
	switch c := b[i]; {
	case c == '0':
		i++
	case c-'1' < 9:
		n, i = digits(b, i, 0)
	default:
		return 0, 0, false
	}
	if i-start > 18 || i < len(b) && (b[i] == '.' || b[i]|0x20 == 'e') {
		return 0, 0, false
	}
	if neg {
		return -int64(n), i, true
	}
	return int64(n), i, true
}

// oFloats is fastFloats in one pass.
func (d *decodeState) oFloats(ptr unsafe.Pointer, n int) bool {
	var tmp [maxFastFloats]float64
	k := 0
	d.off++ // '['
	d.oSpace()
	if d.off < len(d.data) && d.data[d.off] == ']' {
		d.off++
	} else {
		for {
			if k == n {
				return false
			}
			f, ok := d.oFloat()
			if !ok {
				return false
			}
			tmp[k] = f
			k++
			if b, j := d.data, d.off; j+1 < len(b) && b[j] == ',' && b[j+1] > ' ' { // oMore, inlined
				d.off = j + 1
				continue
			}
			more, ok := d.oMoreSpace(']')
			if !ok {
				return false
			}
			if !more {
				break
			}
		}
	}
	copy(unsafe.Slice((*float64)(ptr), n), tmp[:n])
	return true
}

// oFast is fast in one pass. null leaves the scalar alone, as in
// encoding/json.
func (d *decodeState) oFast(ptr unsafe.Pointer, k fastKind) bool {
	if d.off >= len(d.data) {
		return false
	}
	c := d.data[d.off]
	if c == 'n' {
		return d.oLiteral("null")
	}
	if k > fFloats {
		return c == '[' && d.oFloats(ptr, int(k-fFloats))
	}
	switch k {
	case fString:
		if c != '"' {
			return false
		}
		s, ok := d.oStr()
		*(*string)(ptr) = s
		return ok
	case fBool:
		switch c {
		case 't':
			*(*bool)(ptr) = true
			return d.oLiteral("true")
		case 'f':
			*(*bool)(ptr) = false
			return d.oLiteral("false")
		}
		return false
	case fFloat64:
		f, ok := d.oFloat()
		*(*float64)(ptr) = f
		return ok
	}
	n, end, ok := oReadInt(d.data, d.off)
	if !ok {
		return false
	}
	d.off = end
	if k <= fInt64 {
		switch k {
		case fInt:
			*(*int)(ptr) = int(n)
			return int64(int(n)) == n
		case fInt8:
			*(*int8)(ptr) = int8(n)
			return int64(int8(n)) == n
		case fInt16:
			*(*int16)(ptr) = int16(n)
			return int64(int16(n)) == n
		case fInt32:
			*(*int32)(ptr) = int32(n)
			return int64(int32(n)) == n
		}
		*(*int64)(ptr) = n
		return true
	}
	if c == '-' { // even -0 is a type error for unsigned integers
		return false
	}
	u := uint64(n)
	switch k {
	case fUint:
		*(*uint)(ptr) = uint(u)
		return uint64(uint(u)) == u
	case fUint8:
		*(*uint8)(ptr) = uint8(u)
		return uint64(uint8(u)) == u
	case fUint16:
		*(*uint16)(ptr) = uint16(u)
		return uint64(uint16(u)) == u
	case fUint32:
		*(*uint32)(ptr) = uint32(u)
		return uint64(uint32(u)) == u
	case fUintptr:
		*(*uintptr)(ptr) = uintptr(u)
		return uint64(uintptr(u)) == u
	}
	*(*uint64)(ptr) = u
	return true
}

// tryOnePass decodes data into what v points to, with flags f, if v
// points to a zero value worth trying in one pass, and reports whether it
// did.
func tryOnePass(data []byte, v any, f dflags) bool {
	if p, ok := v.(*any); ok {
		if p == nil || *p != nil {
			return false
		}
		d := getDecodeState()
		d.init(data, f)
		ok = d.tryOnePassAny(p)
		putDecodeState(d)
		return ok
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return false
	}
	e := rv.Elem()
	p := planFor(e.Type())
	if !p.onePass() {
		return false
	}
	d := getDecodeState()
	d.init(data, f)
	ok := d.onePassInto(e, p)
	putDecodeState(d)
	return ok
}

// onePassPrefix decodes the value at d.off (no whitespace before it; the
// input is valid UTF-8) into what v points to, if that is a zero value
// worth trying in one pass, leaving d.off after it: unlike tryOnePass,
// input may follow the value. On false, v is unchanged.
func (d *decodeState) onePassPrefix(v any) bool {
	if p, ok := v.(*any); ok {
		if p == nil || *p != nil || d.flags&(dUseNumber|dUseInt64) != 0 {
			return false
		}
		d.flags |= dValidUTF8
		if x, ok := d.oInterface(0); ok {
			*p = x
			return true
		}
		d.undo()
		return false
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return false
	}
	e := rv.Elem()
	p := planFor(e.Type())
	if !p.onePass() || !e.CanAddr() || !e.IsZero() {
		return false
	}
	d.flags |= dValidUTF8
	if d.oValue(e.Addr().UnsafePointer(), p, 0) {
		return true
	}
	e.SetZero()
	d.undo()
	return false
}

// tryOnePassAny decodes data into *p, a nil interface, in one pass. It
// reports false, with *p nil, when the two-pass decoder must do the work.
func (d *decodeState) tryOnePassAny(p *any) bool {
	if d.flags&(dUseNumber|dUseInt64) != 0 || !kernels.ValidUTF8(d.data) {
		return false
	}
	d.flags |= dValidUTF8
	d.oSpace()
	x, ok := d.oInterface(0)
	if ok {
		d.oSpace()
		if d.off == len(d.data) {
			*p = x
			return true
		}
	}
	d.undo()
	return false
}

// oInterface is valueInterface in one pass (numbers as float64 only).
func (d *decodeState) oInterface(depth int) (any, bool) {
	if d.off >= len(d.data) || d.flags&(dUseNumber|dUseInt64) != 0 {
		return nil, false
	}
	switch d.data[d.off] {
	case '{':
		return d.oObjectInterface(depth + 1)
	case '[':
		return d.oArrayInterface(depth + 1)
	case '"':
		s, ok := d.oStr()
		return d.boxStr(s), ok
	case 'n':
		return nil, d.oLiteral("null")
	case 't':
		return true, d.oLiteral("true")
	case 'f':
		return false, d.oLiteral("false")
	}
	f, ok := d.oFloat()
	return d.boxFloat(f), ok
}

// oArrayInterface is arrayInterface in one pass. On failure it leaves
// what it gathered on d.vals (tryOnePassAny clears it).
func (d *decodeState) oArrayInterface(depth int) (any, bool) {
	if depth > maxOneDepth {
		return nil, false
	}
	d.off++ // '['
	d.oSpace()
	if d.off < len(d.data) && d.data[d.off] == ']' {
		d.off++
		return emptySlice, true
	}
	base := len(d.vals)
	if i := d.off; i < len(d.data) && d.data[i] != '[' && d.data[i] != '{' {
		switch v, st := d.oScalars(depth); st {
		case scalarsDone:
			return d.boxSlice(v), true
		case scalarsFail:
			return nil, false
		}
		// The elements read so far are on d.vals; the next one is at d.off.
	}
	for {
		x, ok := d.oInterface(depth)
		if !ok {
			return nil, false
		}
		d.vals = append(d.vals, x)
		if b, i := d.data, d.off; i+1 < len(b) && b[i] == ',' && b[i+1] > ' ' { // oMore, inlined
			d.off = i + 1
			continue
		}
		more, ok := d.oMoreSpace(']')
		if !ok {
			return nil, false
		}
		if !more {
			break
		}
	}
	// (Not boxed from the slab of headers: a header there keeps the whole
	// slab alive, and with it every array the others hold, so only arrays
	// of scalars, whose elements a slab bounds, go there.)
	return d.endArrayAny(base), true
}

// oObjectInterface is objectInterface in one pass. On failure it leaves
// what it gathered on d.mems and d.vals (tryOnePassAny clears them).
func (d *decodeState) oObjectInterface(depth int) (any, bool) {
	if depth > maxOneDepth {
		return nil, false
	}
	d.off++ // '{'
	d.oSpace()
	if d.off < len(d.data) && d.data[d.off] == '}' {
		d.off++
		return make(map[string]any), true
	}
	// The first members gather in mb, on the goroutine's stack (stores
	// there need no write barrier, and nothing is left to clear); an
	// object with more moves them to d.mems and goes on there, in a
	// second loop (the same steps, without the count the first keeps).
	var mb [stackMembers]member
	for n := 0; ; {
		key, ok := d.oName()
		if !ok {
			return nil, false
		}
		if b, i := d.data, d.off; i+1 < len(b) && b[i] == ':' && b[i+1] > ' ' { // oByte(':'), inlined
			d.off = i + 1
		} else if !d.oByte(':') {
			return nil, false
		} else {
			d.oSpace()
		}
		x, ok := d.oInterface(depth)
		if !ok {
			return nil, false
		}
		mb[n] = member{key, x}
		n++
		if b, i := d.data, d.off; i+1 < len(b) && b[i] == ',' && b[i+1] > ' ' { // oMore, inlined
			d.off = i + 1
		} else if more, ok := d.oMoreSpace('}'); !ok {
			return nil, false
		} else if !more {
			m := make(map[string]any, n)
			for _, e := range mb[:n] {
				m[e.key] = e.val
			}
			return m, true
		}
		if n == len(mb) {
			break
		}
	}
	base := len(d.mems)
	d.mems = append(d.mems, mb[:]...)
	for {
		key, ok := d.oName()
		if !ok {
			return nil, false
		}
		if b, i := d.data, d.off; i+1 < len(b) && b[i] == ':' && b[i+1] > ' ' { // oByte(':'), inlined
			d.off = i + 1
		} else if !d.oByte(':') {
			return nil, false
		} else {
			d.oSpace()
		}
		x, ok := d.oInterface(depth)
		if !ok {
			return nil, false
		}
		d.mems = append(d.mems, member{key, x})
		if b, i := d.data, d.off; i+1 < len(b) && b[i] == ',' && b[i+1] > ' ' { // oMore, inlined
			d.off = i + 1
			continue
		}
		more, ok := d.oMoreSpace('}')
		if !ok {
			return nil, false
		}
		if !more {
			break
		}
	}
	return d.endObject(base), true
}

// stackMembers is how many members of an object oObjectInterface gathers
// on the stack.
const stackMembers = 8

// What oScalars did with an array.
const (
	scalarsDone = iota // decoded it
	scalarsFail        // found it invalid
	scalarsMore        // put the elements so far on d.vals for the caller to go on
)

// oScalars decodes the elements of the array being read (d.off is at its
// first element, which is not a container) into the slab of elements, as
// long as they are scalars. When it meets a container, or the array grows
// long, it moves the elements decoded so far to d.vals and reports
// scalarsMore, with d.off at the next element. On failure it takes the
// elements it put in the slab off again.
func (d *decodeState) oScalars(depth int) ([]any, int) {
	s := d.aslab
	base := len(s)
	for {
		if i := d.off; i < len(d.data) && (d.data[i] == '[' || d.data[i] == '{') {
			break
		}
		if len(s) == cap(s) {
			ns := d.growSlab(s, base)
			if ns == nil {
				break
			}
			s, base = ns, 0
		}
		x, ok := d.oInterface(depth)
		if !ok {
			clear(s[base:])
			d.aslab = s[:base]
			return nil, scalarsFail
		}
		s = append(s, x)
		if b, i := d.data, d.off; i+1 < len(b) && b[i] == ',' && b[i+1] > ' ' { // oMore, inlined
			d.off = i + 1
			continue
		}
		more, ok := d.oMoreSpace(']')
		if !ok {
			clear(s[base:])
			d.aslab = s[:base]
			return nil, scalarsFail
		}
		if !more {
			d.aslab = s
			return s[base:len(s):len(s)], scalarsDone
		}
	}
	d.vals = append(d.vals, s[base:]...)
	clear(s[base:])
	d.aslab = s[:base]
	return nil, scalarsMore
}
