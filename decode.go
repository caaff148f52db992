package celer

// Decoding (unmarshaling) JSON into Go values, with encoding/json v1's
// semantics.
//
// The design follows encoding/json's own two passes: the whole input is
// validated first (with the fast scanner of internal/scan), so that a
// syntax error never leaves a half-filled value; then the value is decoded
// from bytes known to be well formed, with a cursor that never re-checks
// grammar. A value that is still zero is first tried in one pass that
// checks as it decodes (decode_onepass.go): on any error it is cleared
// again and the two passes run. (So malformed input can cost allocations
// in proportion to its length before it is rejected, as decoding valid
// input of that length would.) Each Go type is compiled once into a plan (decode_plan.go) that
// handles the common "right JSON kind for this Go kind" cases directly;
// every other combination (methods, null, wrong kinds, the ",string"
// option) goes through a line-by-line port of encoding/json's literalStore,
// array and object functions (decode_generic.go), so their quirks, error
// values and offsets are encoding/json's exactly.

import (
	"encoding/binary"
	"encoding/json"
	"reflect"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
)

// Unmarshal parses the JSON-encoded data and stores the result in the
// value pointed to by v, exactly as encoding/json.Unmarshal does: the same
// results, the same error values (syntax errors are encoding/json's own
// *SyntaxError), the same leniencies (invalid UTF-8 becomes U+FFFD, object
// names match struct fields case-insensitively).
func Unmarshal(data []byte, v any) error {
	if tryOnePass(data, v, 0) {
		return nil
	}
	f, ok := validV1(data)
	if !ok {
		return stdSyntaxError(data)
	}
	d := getDecodeState()
	d.init(data, f)
	err := d.unmarshal(v)
	putDecodeState(d)
	return err
}

// validV1 reports whether data is valid by encoding/json's rules, and
// dValidUTF8 when it is also valid UTF-8 throughout (the common case,
// checked by the same strict pass), which spares decoding the search for
// invalid UTF-8 to replace in each string.
func validV1(data []byte) (dflags, bool) {
	if scan.ValidIndexed(data, 0, opts.DefaultMaxDepth) {
		return dValidUTF8, true
	}
	return 0, scan.ValidIndexed(data, scan.AllowInvalidUTF8, opts.DefaultMaxDepth)
}

// utf8Flag returns dValidUTF8 if value, checked by a lenient validator,
// is valid UTF-8 throughout (one vector pass spares every string the
// search for bytes to replace).
func utf8Flag(value []byte) dflags {
	if kernels.ValidUTF8(value) {
		return dValidUTF8
	}
	return 0
}

// stdSyntaxError returns encoding/json's error for data, which our
// scanner rejected. Running encoding/json on the error path gives the
// exact message and offset (DESIGN.md D1) without building its unexported
// fields ourselves. If encoding/json accepts the input after all (which
// the differential tests say never happens) its full result is returned.
func stdSyntaxError(data []byte) error {
	var x any
	return json.Unmarshal(data, &x)
}

// dflags are the decoding options that the hot paths test.
type dflags uint16

const (
	dUseNumber dflags = 1 << iota
	dUseInt64
	dDisallowUnknown
	dCaseSensitive
	dZeroCopy
	dValidUTF8 // the whole input is valid UTF-8 (strict RFC 8259 strings)
)

// errorContext records the struct field being decoded, for the Struct and
// Field of UnmarshalTypeError (encoding/json's errorContext).
type errorContext struct {
	Struct     reflect.Type
	FieldStack []string
}

// decodeState is the cursor over validated input.
type decodeState struct {
	data       []byte
	off        int // next byte to read
	flags      dflags
	savedError error
	ctx        errorContext
	scratch    []byte // unquoted strings before they become Go strings

	// strs is the chunk that short Go strings are carved from (see str):
	// bytes below len(strs) belong to strings already handed out and are
	// never written again.
	strs []byte
	// strCap, if not zero, caps the size of a chunk below chunkMax.
	strCap int
	// fbox and sbox are the slabs that boxFloat and boxStr hand out
	// interface values from.
	fbox []float64
	sbox []string
	hbox [][]any // (boxSlice)

	// mems and vals gather the members and elements of the objects and
	// arrays being decoded into empty interfaces (see arrayInterface).
	mems []member
	vals []any
	// aslab is the slab that arrays of scalars are laid out in (see
	// oScalars).
	aslab []any

	// scratches are the scratch buffers of sliceScratch, kept with the
	// state for reuse.
	scratches []*scratchBuf

	// names caches object member names (see oName); only pooled states
	// have one. nc is names for a call that may use it (not with
	// ZeroCopyStrings, whose strings share the input), else nil.
	names, nc *nameCache
}

func (d *decodeState) init(data []byte, f dflags) {
	d.data = data
	d.off = 0
	d.flags = f
	d.nc = nil
	if f&dZeroCopy == 0 {
		d.nc = d.names
	}
	d.savedError = nil
	d.ctx.Struct = nil
	d.ctx.FieldStack = d.ctx.FieldStack[:0]
}

// unmarshal decodes the value at the start of d.data into v.
func (d *decodeState) unmarshal(v any) error {
	// Common targets that need no reflection at all.
	switch p := v.(type) {
	case *any:
		if p != nil && (*p == nil || !holdsPointer(*p)) {
			d.skipSpace()
			*p = d.valueInterface()
			return d.savedError
		}
	case *map[string]any:
		if p != nil && *p == nil {
			d.skipSpace()
			if d.data[d.off] == '{' {
				*p = d.objectInterface()
				return d.savedError
			}
		}
	case *[]any:
		if p != nil && *p == nil {
			d.skipSpace()
			if d.data[d.off] == '[' {
				*p = d.arrayInterface()
				return d.savedError
			}
		}
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &InvalidUnmarshalError{Type: reflect.TypeOf(v)}
	}
	d.skipSpace()
	// encoding/json decodes into rv itself, so that methods of *T are
	// found; decoding into the settable rv.Elem() with T's plan is the
	// same (plans look at *T's methods for addressable values).
	e := rv.Elem()
	p := planFor(e.Type())
	var err error
	if p.topMethods && !p.generic {
		err = d.valueGeneric(rv) // an unnamed type: its methods are found only here
	} else {
		err = d.value(e, p)
	}
	if err != nil {
		return d.addErrorContext(err)
	}
	return d.savedError
}

// unmarshalStruct is unmarshal for the addressable struct e of plan p,
// which has no decoding methods.
func (d *decodeState) unmarshalStruct(e reflect.Value, p *plan) error {
	d.skipSpace()
	if err := d.value(e, p); err != nil {
		return d.addErrorContext(err)
	}
	return d.savedError
}

func holdsPointer(x any) bool {
	return reflect.TypeOf(x).Kind() == reflect.Pointer
}

// saveError keeps the first error, for reporting after decoding as much
// as possible.
func (d *decodeState) saveError(err error) {
	if d.savedError == nil {
		d.savedError = d.addErrorContext(err)
	}
}

// addErrorContext fills in the Struct and Field of a type error from the
// field being decoded.
func (d *decodeState) addErrorContext(err error) error {
	if d.ctx.Struct != nil || len(d.ctx.FieldStack) > 0 {
		if err, ok := err.(*UnmarshalTypeError); ok {
			err.Struct = d.ctx.Struct.Name()
			fieldStack := d.ctx.FieldStack
			if err.Field != "" {
				fieldStack = append(fieldStack, err.Field)
			}
			err.Field = strings.Join(fieldStack, ".")
		}
	}
	return err
}

// The cursor. Input is known to be valid, so these only find token ends.

func (d *decodeState) skipSpace() {
	if d.off < len(d.data) && d.data[d.off] <= ' ' {
		d.spaces()
	}
}

// spaces consumes the whitespace at d.off; the cursor functions call it
// only when they see some, so that they stay small enough to inline.
// Short runs (a newline and an indent) are stepped over here; long ones
// go to the vector kernel.
func (d *decodeState) spaces() {
	b, i := d.data, d.off
	// A newline and an indent: the newline, then the spaces eight at a time.
	if i < len(b) && b[i] == '\n' {
		i++
		for i+8 <= len(b) && binary.LittleEndian.Uint64(b[i:]) == 0x2020202020202020 {
			i += 8
		}
	}
	for end := min(i+16, len(b)); i < end; i++ {
		if b[i] > ' ' { // outside strings, valid input has only whitespace below '!'
			d.off = i
			return
		}
	}
	d.off = kernels.SkipSpace(b, i)
}

// peek returns the first byte of the next token, after whitespace.
func (d *decodeState) peek() byte {
	d.skipSpace()
	return d.data[d.off]
}

// readString consumes the string token at d.off and returns its bounds
// (quotes included) and content flags.
func (d *decodeState) readString() (int, int, scan.StrFlags) {
	start := d.off
	n, f, _ := scan.String(d.data[start:], 1, scan.AllowInvalidUTF8)
	d.off = start + n
	return start, d.off, f
}

// readLiteral consumes the string, number or literal at d.off and returns
// its bounds.
func (d *decodeState) readLiteral() (int, int) {
	start := d.off
	switch d.data[start] {
	case '"':
		n, _, _ := scan.String(d.data[start:], 1, scan.AllowInvalidUTF8)
		d.off += n
	case 't', 'n':
		d.off += 4
	case 'f':
		d.off += 5
	default:
		n, _ := scan.Number(d.data[start:], true)
		d.off += n
	}
	return start, d.off
}

// skip consumes the value at d.off.
func (d *decodeState) skip() {
	n, _ := scan.Value(d.data[d.off:], scan.AllowInvalidUTF8, 1<<30, true)
	d.off += n
}

// skipRaw consumes the value at d.off and returns its text.
func (d *decodeState) skipRaw() []byte {
	start := d.off
	d.skip()
	return d.data[start:d.off]
}

// afterName consumes the ':' after an object member name. The common
// compact case is inlined; whitespace takes afterNameSpace.
func (d *decodeState) afterName() {
	if i := d.off; d.data[i] == ':' && d.data[i+1] > ' ' { // a value follows in valid input
		d.off = i + 1
		return
	}
	d.afterNameSpace()
}

func (d *decodeState) afterNameSpace() {
	d.skipSpace()
	d.off++ // ':'
	d.skipSpace()
}

// more consumes the ',' or the closing delimiter after an element or
// member and reports whether another one follows. The common compact
// cases are inlined; whitespace takes moreSpace.
func (d *decodeState) more() bool {
	i := d.off
	switch d.data[i] {
	case ',':
		if d.data[i+1] > ' ' { // a value follows a comma in valid input
			d.off = i + 1
			return true
		}
	case '}', ']':
		d.off = i + 1
		return false
	}
	return d.moreSpace()
}

func (d *decodeState) moreSpace() bool {
	d.skipSpace()
	c := d.data[d.off]
	d.off++
	if c == ',' {
		d.skipSpace()
		return true
	}
	return false
}

// empty reports whether the container just opened (d.off is after its
// delimiter) is empty, consuming the closing delimiter if so.
func (d *decodeState) empty() bool {
	c := d.data[d.off]
	if c > ' ' {
		if c == ']' || c == '}' {
			d.off++
			return true
		}
		return false
	}
	d.spaces()
	if c := d.data[d.off]; c == ']' || c == '}' {
		d.off++
		return true
	}
	return false
}

// unquote returns the value of the string token raw (quotes included)
// with flags f, in d.scratch when it needs rewriting.
func (d *decodeState) unquote(raw []byte, f scan.StrFlags) []byte {
	body := raw[1 : len(raw)-1]
	if f&scan.Escaped == 0 && (f&scan.NonASCII == 0 || d.flags&dValidUTF8 != 0 || utf8.Valid(body)) {
		return body
	}
	d.scratch = scan.AppendUnquote(d.scratch[:0], raw)
	return d.scratch
}

// str returns the Go string for the string token raw.
//
// Short strings are not allocated one by one: they are copied into a
// shared chunk (one allocation for many strings) and made into strings
// that point there. A chunk is sized by what is left of the input, so it
// is never much larger than the strings it will hold; chunks double from
// chunkMin to chunkMax, and a string keeps at most one chunk (up to
// chunkMax bytes) alive.
func (d *decodeState) str(raw []byte, f scan.StrFlags) string {
	b := d.unquote(raw, f)
	if len(b) == 0 {
		return ""
	}
	if d.flags&dZeroCopy != 0 && &b[0] == &raw[1] {
		return zeroCopyString(b)
	}
	return d.carve(b)
}

// readStr consumes the string token at d.off and returns its Go string.
func (d *decodeState) readStr() string {
	if d.flags&dValidUTF8 != 0 {
		if e := oRunEnd(d.data, d.off+1); e < len(d.data) {
			if d.data[e] == '"' {
				s := d.plain(d.data[d.off+1 : e])
				d.off = e + 1
				return s
			}
			if s, ok := d.escaped(e); ok { // (valid input: always)
				return s
			}
		}
	}
	s, e, f := d.readString()
	return d.str(d.data[s:e], f)
}

// plain returns the Go string for b, the content of a string token without
// escapes (in input known to be valid UTF-8).
func (d *decodeState) plain(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if d.flags&dZeroCopy != 0 {
		return zeroCopyString(b)
	}
	return d.carve(b)
}

// carve copies b, which is not empty, into a Go string (see str).
func (d *decodeState) carve(b []byte) string {
	if len(b) > strMax {
		return string(b)
	}
	if cap(d.strs)-len(d.strs) < len(b) {
		// Each chunk is twice the last (chunkMin first, chunkMax at most),
		// so a long document takes a few allocations, not one per 16 KiB.
		n := min(len(d.data)-d.off+len(b), max(chunkMin, min(2*cap(d.strs), chunkMax)))
		if d.strCap > 0 {
			n = min(n, d.strCap)
		}
		d.strs = make([]byte, 0, max(n, len(b)))
	}
	i := len(d.strs)
	d.strs = append(d.strs, b...)
	return unsafe.String(&d.strs[i], len(b))
}

const (
	lsb8 = 0x0101010101010101
	msb8 = 0x8080808080808080
)

// Limits for carving strings from chunks (see str).
const (
	strMax   = 256       // longer strings get their own allocation
	chunkMin = 16 << 10  // the first chunk's size when much input is left
	chunkMax = 128 << 10 // the largest chunk
)
