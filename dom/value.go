package dom

import (
	"bytes"
	"iter"
	"strconv"

	"github.com/celerjson/celer"
	"github.com/celerjson/celer/internal/scan"
	"github.com/celerjson/celer/stream"
)

// Kind is the kind of a JSON value.
type Kind uint8

const (
	Invalid Kind = iota // zero Value: missing member/index, or wrong kind for the step
	Null
	Bool
	Number
	String
	Array
	Object
)

var kindNames = [...]string{"invalid", "null", "bool", "number", "string", "array", "object"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Options configure parsing. They are stream's options: MaxDepth,
// AllowInvalidUTF8, RejectDuplicateNames, MaxBytes and MaxTokenBytes apply.
type Options = stream.Options

// Value is a value inside a Doc: a small, comparable handle (the Doc and
// a tape index) that is cheap to copy. The zero Value is Invalid; every
// method accepts it, so lookups chain without checks in between.
type Value struct {
	d *Doc
	i uint32
}

func (v Value) entry() uint64 { return v.d.tape[v.i] }

// Kind returns the value's kind, Invalid for the zero Value.
func (v Value) Kind() Kind {
	if v.d == nil {
		return Invalid
	}
	return tagKinds[tagOf(v.entry())]
}

// Exists reports whether v is a value (Kind() != Invalid).
func (v Value) Exists() bool { return v.d != nil }

// Len returns the number of members of an object or elements of an array,
// and 0 for any other value.
func (v Value) Len() int {
	if v.d == nil {
		return 0
	}
	e := v.entry()
	if t := tagOf(e); t != tagArray && t != tagObject {
		return 0
	}
	if n := lenOf(e); n < lenMax {
		return n
	}
	n := 0 // saturated: count
	for j, end := v.i+2, endOf(e); j < end; n++ {
		j = v.d.skip(j)
		if tagOf(e) == tagObject {
			j = v.d.skip(j)
		}
	}
	return n
}

// Get returns the value of the first member of object v whose name, once
// unescaped, is name; Invalid if there is none or v is not an object.
// It compares names in order, straight against the input bytes for names
// without escapes. To look the same name up many times, prepare it once
// with MakeName and call GetName.
func (v Value) Get(name string) Value {
	n := quickName(name)
	return v.get(&n)
}

// nameEquals reports whether the name entry at j, which has escapes or a
// saturated length, stands for s.
func (d *Doc) nameEquals(j uint32, s string) bool {
	n := d.tape[j]
	l := lenOf(n)
	if tagOf(n) == tagString { // saturated length, no escapes
		return l == lenMax && d.text(j) == s
	}
	// Unescaped, each byte of the token's content gives at most three
	// (an invalid UTF-8 byte, which a lenient parse lets through, becomes
	// U+FFFD): a much longer s cannot match.
	return (l == lenMax || len(s) <= 3*(l-2)) && d.unquoteEquals(j, s)
}

// unquoteEquals reports whether the escaped string at j unescapes to s.
func (d *Doc) unquoteEquals(j uint32, s string) bool {
	var buf [128]byte
	return string(d.appendContent(buf[:0], j)) == s
}

// Index returns element i of array v; Invalid if i is out of range or v
// is not an array. It is O(1) for an array of scalars (its elements are
// one tape entry each); otherwise it steps over the elements before i
// (each step is O(1)), from the start or from where the Doc's last Index
// call on the same array stopped if that was at i or before: a loop over
// i from 0 is O(n) overall (Elements is still the cheapest).
func (v Value) Index(i int) Value {
	if v.d == nil || i < 0 {
		return Value{}
	}
	d := v.d
	e := d.tape[v.i]
	n := lenOf(e)
	if tagOf(e) != tagArray || i >= n && n < lenMax {
		return Value{}
	}
	tape := d.tape[:endOf(e)]
	j := int(v.i) + 2
	if n < lenMax && len(tape)-j == n {
		// As many entries as elements: every element is one entry.
		return Value{d, uint32(j + i)}
	}
	if t := d.elemTable(v.i); t != nil {
		if i < len(t) {
			return Value{d, t[i]}
		}
		return Value{}
	}
	k := 0 // element number at j
	if i >= cursorMin {
		if ck, cj, ok := d.cur.load(v.i); ok && ck <= i {
			k, j = ck, cj
		}
	}
	for k0 := k; j < len(tape); k++ {
		if k == i {
			if k-k0 >= cursorMin {
				d.cur.store(v.i, k, j)
			}
			return Value{d, uint32(j)}
		}
		if c := tape[j]; c >= tagArray<<tagShift {
			j = int(endOf(c))
		} else {
			j++
		}
	}
	return Value{}
}

// Lookup follows path from v: each step is a member name for an object
// and a decimal index for an array (RFC 6901 style: digits only, no
// leading zeros). It returns Invalid as soon as a step does not apply.
func (v Value) Lookup(path ...string) Value {
	for _, step := range path {
		switch v.Kind() {
		case Object:
			v = v.Get(step)
		case Array:
			i, ok := arrayIndex(step)
			if !ok {
				return Value{}
			}
			v = v.Index(i)
		default:
			return Value{}
		}
	}
	return v
}

// arrayIndex parses an RFC 6901 array index: "0" or digits without a
// leading zero, that fits an int.
func arrayIndex(s string) (int, bool) {
	if s == "" || len(s) > 1 && s[0] == '0' || len(s) > 18 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i] - '0'
		if c > 9 {
			return 0, false
		}
		n = n*10 + int(c)
	}
	return n, true
}

// Members returns an iterator over the values of the members of object
// v, in input order, without their names: the cheapest way to visit an
// object's values. It yields nothing if v is not an object.
func (v Value) Members() iter.Seq[Value] {
	return func(yield func(Value) bool) {
		if v.d == nil {
			return
		}
		d := v.d
		e := d.tape[v.i]
		if tagOf(e) != tagObject {
			return
		}
		tape := d.tape[:endOf(e)]
		for j := int(v.i) + 3; j < len(tape); {
			if !yield(Value{d, uint32(j)}) {
				return
			}
			if c := tape[j]; tagOf(c) >= tagArray {
				j = int(endOf(c)) + 1
			} else {
				j += 2
			}
		}
	}
}

// All returns an iterator over the members of object v, in input order,
// with their names unescaped. It yields nothing if v is not an object.
// In a document parsed with AllowInvalidUTF8, a name with escapes has its
// invalid UTF-8 replaced by U+FFFD and a name without escapes is yielded
// as it is in the input, as the stream Decoder's tokens read them (see
// the package documentation); Get finds a member by the name All gives.
func (v Value) All() iter.Seq2[string, Value] {
	return func(yield func(string, Value) bool) {
		if v.Kind() != Object {
			return
		}
		d := v.d
		for j, end := v.i+2, endOf(v.entry()); j < end; {
			k := d.skip(j)
			if !yield(d.text(j), Value{d, k}) {
				return
			}
			j = d.skip(k)
		}
	}
}

// AllBytes is like All but does not allocate: each name is a view of the
// input (or, for a name with escapes, of a buffer reused from one member
// to the next) that is valid only until the loop body returns, and must
// not be modified. Use it to scan or compare names; copy a name to keep it.
func (v Value) AllBytes() iter.Seq2[[]byte, Value] {
	return func(yield func([]byte, Value) bool) {
		if v.Kind() != Object {
			return
		}
		d := v.d
		var buf []byte
		for j, end := v.i+2, endOf(v.entry()); j < end; {
			k := d.skip(j)
			var name []byte
			if e := d.tape[j]; tagOf(e) == tagString {
				off := offOf(e)
				name = d.src[off+1 : off+d.tokenLen(e)-1 : off+d.tokenLen(e)-1]
			} else {
				buf = d.appendContent(buf[:0], j)
				name = buf
			}
			if !yield(name, Value{d, k}) {
				return
			}
			j = d.skip(k)
		}
	}
}

// Elements returns an iterator over the elements of array v, in order. It
// yields nothing if v is not an array.
func (v Value) Elements() iter.Seq[Value] {
	return func(yield func(Value) bool) {
		if v.Kind() != Array {
			return
		}
		// The next element's entry is loaded before the loop body runs on
		// this one, so that when elements are containers, the load (often
		// a cache miss) overlaps with the body's work.
		d := v.d
		tape := d.tape[:endOf(v.entry())]
		j := int(v.i) + 2
		if j >= len(tape) {
			return
		}
		for c := tape[j]; ; {
			next := j + 1
			if c >= tagArray<<tagShift {
				next = int(endOf(c))
			}
			if next >= len(tape) {
				yield(Value{d, uint32(j)})
				return
			}
			c = tape[next]
			if !yield(Value{d, uint32(j)}) {
				return
			}
			j = next
		}
	}
}

// ElementsStep returns an iterator over the elements of array v at
// indexes start, start+step, start+2*step and so on below end, with their
// indexes; the elements in between are stepped over (O(1) each) without
// being yielded, and an array of scalars is indexed directly. It yields
// nothing if v is not an array or step < 1; start < 0 counts as 0.
func (v Value) ElementsStep(start, end, step int) iter.Seq2[int, Value] {
	return func(yield func(int, Value) bool) {
		if v.Kind() != Array || step < 1 {
			return
		}
		d := v.d
		e := d.tape[v.i]
		tape := d.tape[:endOf(e)]
		j := int(v.i) + 2
		i := max(start, 0)
		if n := lenOf(e); n < lenMax && len(tape)-j == n {
			// One entry per element.
			for lim := min(end, n); i < lim; i += step {
				if !yield(i, Value{d, uint32(j + i)}) || step >= lim-i {
					return
				}
			}
			return
		}
		if n := lenOf(e); n >= elemTableMin && (step > 1 || i > 0) {
			// Elements are skipped: use or build the element table.
			if t := d.elemTable(v.i); t != nil {
				for lim := min(end, len(t)); i < lim; i += step {
					if !yield(i, Value{d, t[i]}) || step >= lim-i {
						return
					}
				}
				return
			}
			d.noteStep(v.i, n)
		}
		// Step over the elements before i, then yield and step over step
		// elements at a time.
		for k := i; k > 0; k-- {
			if j >= len(tape) {
				return
			}
			if c := tape[j]; c >= tagArray<<tagShift {
				j = int(endOf(c))
			} else {
				j++
			}
		}
		for ; i < end && j < len(tape); i += step {
			if !yield(i, Value{d, uint32(j)}) || step >= end-i {
				return
			}
			for k := step; k > 0 && j < len(tape); k-- {
				if c := tape[j]; c >= tagArray<<tagShift {
					j = int(endOf(c))
				} else {
					j++
				}
			}
		}
	}
}

// appendContent appends the unescaped content of the string entry at j.
func (d *Doc) appendContent(dst []byte, j uint32) []byte {
	e := d.tape[j]
	off := offOf(e)
	tok := d.src[off : off+d.tokenLen(e)]
	if tagOf(e) == tagEscString {
		return scan.AppendUnquote(dst, tok)
	}
	return append(dst, tok[1:len(tok)-1]...)
}

// text returns the unescaped content of the string entry at j.
func (d *Doc) text(j uint32) string {
	e := d.tape[j]
	if tagOf(e) == tagString {
		off := offOf(e)
		return string(d.src[off+1 : off+d.tokenLen(e)-1])
	}
	var buf [128]byte
	return string(d.appendContent(buf[:0], j))
}

// tokenLen returns the length of the scalar token of entry e, recomputing
// it from the input when it did not fit the entry.
func (d *Doc) tokenLen(e uint64) int {
	switch tagOf(e) {
	case tagNull, tagTrue:
		return 4
	case tagFalse:
		return 5
	}
	if n := lenOf(e); n < lenMax {
		return n
	}
	off := offOf(e)
	if tagOf(e) == tagNumber {
		n, _ := scan.Number(d.src[off:], true)
		return n
	}
	if tagOf(e) == tagString { // no escapes: the next quote ends it
		return bytes.IndexByte(d.src[off+1:], '"') + 2
	}
	n, _, _ := scan.String(d.src[off:], 1, scan.AllowInvalidUTF8)
	return n
}

// Text returns the content of string v, unescaped (for invalid UTF-8
// under AllowInvalidUTF8, see All).
func (v Value) Text() (string, error) {
	if v.Kind() != String {
		return "", v.kindError(String)
	}
	return v.d.text(v.i), nil
}

// TextRaw returns the content of string v as a slice of the input, without
// a copy, when the string has no escapes (its content is then its text);
// ok is false for a string with escapes, or a value that is not a string:
// use Text or AppendText then. Do not modify the slice.
func (v Value) TextRaw() (b []byte, ok bool) {
	if v.d == nil {
		return nil, false
	}
	e := v.d.tape[v.i]
	if tagOf(e) != tagString {
		return nil, false
	}
	off := offOf(e)
	n := lenOf(e)
	if n == lenMax {
		n = v.d.tokenLen(e)
	}
	return v.d.src[off+1 : off+n-1], true
}

// AppendText appends the unescaped content of string v to dst; it does
// not allocate when dst has room.
func (v Value) AppendText(dst []byte) ([]byte, error) {
	if v.Kind() != String {
		return dst, v.kindError(String)
	}
	return v.d.appendContent(dst, v.i), nil
}

// Bool returns the value of a true or false literal.
func (v Value) Bool() (bool, error) {
	if v.Kind() != Bool {
		return false, v.kindError(Bool)
	}
	return tagOf(v.entry()) == tagTrue, nil
}

// IsNull reports whether v is the null literal.
func (v Value) IsNull() bool { return v.Kind() == Null }

// Number returns the exact text of number v.
func (v Value) Number() (string, error) {
	if v.Kind() != Number {
		return "", v.kindError(Number)
	}
	return string(v.Raw()), nil
}

// Int64 returns number v as an int64 if it is an integer: a fraction or
// exponent is fine when the value is integral ("1.0", "1e3"), anything
// else is an error wrapping ErrNotInteger, and a value out of range an
// error wrapping strconv.ErrRange.
func (v Value) Int64() (int64, error) {
	if v.Kind() != Number {
		return 0, v.kindError(Number)
	}
	return parseInt64(v.Raw())
}

// Uint64 is like Int64 for uint64; negative numbers are out of range.
func (v Value) Uint64() (uint64, error) {
	if v.Kind() != Number {
		return 0, v.kindError(Number)
	}
	return parseUint64(v.Raw())
}

// Float64 returns number v as the nearest float64. A number beyond
// float64's range returns ±Inf and an error wrapping strconv.ErrRange.
func (v Value) Float64() (float64, error) {
	if v.d != nil {
		if e := v.d.tape[v.i]; tagOf(e) == tagNumber {
			// The most common numbers, integers of up to 15 digits, are
			// converted here; the rest, and errors, by float64.
			if n := lenOf(e); n <= 15 {
				if f, ok := smallInt(v.d.src[offOf(e) : offOf(e)+n]); ok {
					return f, nil
				}
			}
			return v.d.float64(e)
		}
	}
	return v.float64Kind()
}

// float64 is Float64 for the number entry e, other than a short integer.
func (d *Doc) float64(e uint64) (float64, error) {
	off, n := offOf(e), lenOf(e)
	if n == lenMax {
		n = d.tokenLen(e)
	}
	b := d.src[off : off+n]
	if f, ok := smallInt(b); ok {
		return f, nil
	}
	return parseFloat64(b)
}

// float64Kind is Float64's error for a value that is not a number.
func (v Value) float64Kind() (float64, error) { return 0, v.kindError(Number) }

// Raw returns the exact input bytes of v (for a string, with its quotes
// and escapes), or nil for Invalid. It is a slice of the input: do not
// modify it.
func (v Value) Raw() []byte {
	if v.d == nil {
		return nil
	}
	e := v.entry()
	switch tagOf(e) {
	case tagArray, tagObject:
		h := v.d.tape[v.i+1]
		return v.d.src[offOf(h) : h>>32+1]
	}
	off := offOf(e)
	return v.d.src[off : off+v.d.tokenLen(e)]
}

// Offset returns the byte offset of v in the input, or -1 for Invalid.
func (v Value) Offset() int {
	if v.d == nil {
		return -1
	}
	if t := tagOf(v.entry()); t == tagArray || t == tagObject {
		return offOf(v.d.tape[v.i+1])
	}
	return offOf(v.entry())
}

// String returns the content of a string, compact JSON for any other
// value, and "<invalid>" for Invalid. It implements fmt.Stringer.
func (v Value) String() string {
	switch v.Kind() {
	case Invalid:
		return "<invalid>"
	case String:
		return v.d.text(v.i)
	}
	return string(v.AppendJSON(nil))
}

// Decode unmarshals v into the Go value ptr points to, with celer's
// binding: the same result as celer.UnmarshalWith(v.Raw(), ptr, o...).
func (v Value) Decode(ptr any, o ...Options) error {
	if v.d == nil {
		return &KindError{Want: Invalid, Got: Invalid}
	}
	return celer.UnmarshalWith(v.Raw(), ptr, o...)
}

func (v Value) kindError(want Kind) error { return &KindError{Want: want, Got: v.Kind()} }
