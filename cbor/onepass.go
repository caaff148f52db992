package cbor

import (
	"errors"
	"math"
	"reflect"
	"runtime"

	"github.com/celerjson/celer/internal/binfmt"
	"github.com/celerjson/celer/internal/opts"
)

// Checking while decoding. Unmarshal into a zero value of a type without
// decoding methods does not validate the data first: the decoders check
// what they read (decState.check) and panic with errUnchecked at the
// first item validFast would not accept; Unmarshal then sets the value
// back to zero and validates with a Reader, which gives the error (or,
// for data validFast is too conservative for, finds none, and the data
// is decoded again).
//
// The checked decoders take the common items themselves: integers,
// floats, true, false, null, undefined, definite strings, arrays and
// maps without tags (plainHead). Any other item (tags, indefinite
// lengths, other simple values, what is not well-formed) is checked
// whole by validItem and then decoded unchecked (decState.validated).
// Reading beyond the data panics with a runtime error, which counts as
// invalid data too; every count is checked against the bytes left before
// anything is allocated for it, and nesting against MaxDepth before a
// decoder recurses.

// errUnchecked is the panic of a decoder that finds unchecked data
// invalid.
var errUnchecked = errors.New("cbor: invalid data found while decoding")

// plainHead tells the initial bytes of the items that the checked
// decoders take themselves.
var plainHead [256]bool

func init() {
	for b := range 256 {
		major, ai := b>>5, b&31
		switch {
		case major <= majorMap:
			plainHead[b] = ai <= aiEight
		case major == majorSimple:
			plainHead[b] = ai >= 20 && ai <= 23 || ai >= aiTwo && ai <= aiEight
		}
	}
}

// plain reports whether the decoders may take the item at i themselves:
// unchecked data and a plain head, or checked data.
func (d *decState) plain(i int) bool { return !d.check || plainHead[d.data[i]] }

// validated checks the item at i whole (unchecked data; it panics when
// it is not valid) and decodes it with f without further checks.
func (d *decState) validated(f decFunc, i int, v reflect.Value) int {
	end, ok := validItem(d.data, i, &d.o, d.depth)
	if !ok {
		panic(errUnchecked)
	}
	d.check = false
	f(d, i, v)
	d.check = true
	return end
}

// skip returns the end of the item at i; unchecked, it checks the item as
// validFast would.
func (d *decState) skip(i int) int {
	if !d.check {
		return skip(d.data, i)
	}
	end, ok := validItem(d.data, i, &d.o, d.depth)
	if !ok {
		panic(errUnchecked)
	}
	return end
}

// open checks, unchecked, the definite array or map (isMap) of n items or
// pairs whose content starts at j as validFast does (depth, MaxElements,
// a byte at least for every item), and counts it open; the decoder calls
// close when it ends.
func (d *decState) open(n uint64, isMap bool, j int) {
	d.checkCount(n, isMap, j)
	d.depth++
}

// checkCount is the check of open without counting the container open.
func (d *decState) checkCount(n uint64, isMap bool, j int) {
	if d.check {
		m, left := n, uint64(len(d.data)-j)
		if isMap {
			if n > left/2 {
				panic(errUnchecked)
			}
			m *= 2
		}
		if d.depth >= d.o.MaxDepth || d.o.MaxElements > 0 && n > uint64(d.o.MaxElements) || m > left {
			panic(errUnchecked)
		}
	}
}

func (d *decState) close() { d.depth-- }

// presize returns for how many of the n items (size bytes each) of a
// checked container the decoder may allocate room before reading them.
// Every container only checks its count against the bytes left, which
// the containers around it also count on, so the room allocated ahead of
// the items the data holds is taken from a budget for the whole call
// (decState.budget, 8 bytes per byte of input); beyond it, the container
// grows as items are decoded, each of which takes bytes of the input.
// Well-formed data within the budget is allocated for whole.
func (d *decState) presize(n uint64, size int) int {
	if !d.check {
		return int(n)
	}
	c := min(n, uint64(d.budget/size))
	d.budget -= int(c) * size
	return int(c)
}

// checkStr checks, unchecked, the content p of the definite string whose
// head is b: MaxTokenBytes, and UTF-8 for text.
func (d *decState) checkStr(b byte, p []byte) {
	if d.o.MaxTokenBytes > 0 && len(p) > d.o.MaxTokenBytes || b>>5 == majorText && !d.o.Has(opts.AllowInvalidUTF8) && !binfmt.ValidUTF8(p) {
		panic(errUnchecked)
	}
}

// unmarshalChecked decodes unchecked data with dec into ev, a zero value,
// checking it as it goes. ok is false when the data is invalid (or
// beyond what validFast accepts), and err is then nil.
func unmarshalChecked(data []byte, dec decFunc, ev reflect.Value, o opts.Struct) (err error, ok bool) {
	if len(data) == 0 {
		return nil, false
	}
	d := decPool.Get().(*decState)
	*d = decState{data: data, o: o, buf: d.buf[:0], check: true, budget: 8 * min(len(data), math.MaxInt/8)}
	defer func() {
		// A decoder reading past the end (a length or count beyond the
		// data) panics with a runtime error; other panics are not ours.
		if r := recover(); r != nil {
			if _, rt := r.(runtime.Error); !rt && r != errUnchecked {
				panic(r)
			}
			err, ok = nil, false
		}
		*d = decState{buf: d.buf[:0]}
		decPool.Put(d)
	}()
	if end := dec(d, 0, ev); end != len(data) {
		return nil, false
	}
	if te, ok := d.err.(*UnmarshalTypeError); ok {
		te.Path = pathAt(data, int(te.Offset))
	}
	return d.err, true
}

// sweep decides which types unmarshalChecked may decode (binfmt.Sweep).
var sweep = binfmt.Sweep{
	Structs: &structs,
	Builtin: func(t reflect.Type) bool { // decoded by newDecoder, not by methods
		return t == timeType || t == bigIntType || t == tagType || t == simpleType || t == numberType
	},
	Methods: []reflect.Type{unmarshalerType, textUnmarshalType},
}

// oneSweep reports whether values of type t may be decoded from
// unchecked data (unmarshalChecked): no type reachable from t has a
// decoding method (which would see data before it is all checked) or is
// a non-empty interface (whose value's type could have one).
func oneSweep(t reflect.Type) bool { return sweep.OK(t) }
