package celer

// Marshaling: Go values to JSON text, byte-identical to encoding/json.
//
// Every Go type is compiled once into a plan: an encFn that appends the
// JSON form of a value, given a pointer to it. Plans for containers call
// the plans of their elements; struct plans are a flat list of fields with
// offsets and pre-quoted names (encode_struct.go). Plans come in two
// flavours per type, because encoding/json calls pointer-receiver
// MarshalJSON and MarshalText methods only on addressable values: one for
// values reached through a pointer, slice or addressable parent, one for
// the rest (map values, interface contents, the top-level value).
//
// Errors are rare and must be exactly encoding/json's, so the encoders do
// not build them: they abort by panicking with encAbort, and the top level
// then runs encoding/json itself on the same value to get the error (see
// encStdResult). Errors that only celer options can cause (invalid UTF-8
// with AllowInvalidUTF8(false)) are reported directly.

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
	"github.com/celerjson/celer/stream"
)

// Marshal returns the JSON encoding of v, byte for byte what encoding/json's
// Marshal returns, and the same error when it fails.
func Marshal(v any) ([]byte, error) {
	e := encGet()
	e.setV1(true)
	b, err := e.marshal(e.buf[:0], v)
	if err != nil {
		encPut(e, b)
		return nil, encStdError(v, true, err)
	}
	out := append([]byte(nil), b...)
	encPut(e, b)
	return out, nil
}

// MarshalIndent is like Marshal but applies Indent to format the output,
// as encoding/json's MarshalIndent does.
func MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	e := encGet()
	e.setV1(true)
	b, err := e.marshal(e.buf[:0], v)
	if err != nil {
		encPut(e, b)
		return nil, encStdError(v, true, err)
	}
	out, _ := stream.AppendIndent(make([]byte, 0, 2*len(b)), b, prefix, indent, encSyntaxV1)
	encPut(e, b)
	return out, nil
}

// AppendMarshal appends the JSON encoding of v to dst. Without options the
// output is Marshal's; options adjust it (EscapeHTML, EscapeLineTerminators,
// AllowInvalidUTF8, Deterministic, WithIndent). When dst has room and v
// holds no maps or interfaces it does not allocate.
//
// On error dst is returned unchanged, but the bytes of its spare capacity
// (dst[len(dst):cap(dst)]) may have been overwritten by the partial
// encoding.
func AppendMarshal(dst []byte, v any, o ...Options) ([]byte, error) {
	e := encGet()
	if len(o) == 0 {
		e.setV1(true)
		b, err := e.marshal(dst, v)
		encPut(e, nil)
		if err != nil {
			return dst, encStdError(v, true, err)
		}
		return b, nil
	}
	s := opts.Collect(o...)
	e.setOptions(&s)
	if !s.Has(opts.Multiline) {
		b, err := e.marshal(dst, v)
		encPut(e, nil)
		if err != nil {
			return dst, encStdError(v, e.html, err)
		}
		return b, nil
	}
	b, err := e.marshal(e.buf[:0], v)
	if err != nil {
		encPut(e, b)
		return dst, encStdError(v, e.html, err)
	}
	out, _ := stream.AppendIndent(dst, b, s.Prefix, s.Indent, encSyntaxV1)
	encPut(e, b)
	return out, nil
}

// encSyntaxV1 makes the syntax layer accept what encoding/json accepts.
var encSyntaxV1 = stream.AllowInvalidUTF8(true)

// encState is the per-call state of marshaling. It is pooled.
type encState struct {
	buf      []byte          // output buffer kept between calls
	scratch  []byte          // temporary text (",string" strings, MarshalJSON output)
	qf       scan.QuoteFlags // how strings are quoted
	html     bool            // escape HTML in strings and names
	names    int             // index into encField.names: 1 with HTML escaping
	unsorted bool            // write maps in iteration order

	// Cycle detection, as encoding/json does it: count nested pointers,
	// maps and slices, and past encCycleDepth remember what is open.
	depth uint
	seen  map[encSeenKey]struct{}

	// Stacks of map entries being sorted; nested maps push above the
	// entries of the maps that contain them.
	ents []encMapEntry
	kvs  []encKV
	sss  []encSS

	// The any-tree walker's state (encode_anytree.go), kept across calls.
	tree *encTree

	// Free buffers of map plans to copy entries out into, by plan.
	mapBufs map[*encMap][]encMapBuf
}

// encMaxEntries bounds the stacks of map entries and tree values a pooled
// encState keeps.
const encMaxEntries = 4 << 10

// encCycleDepth is encoding/json's startDetectingCyclesAfter.
const encCycleDepth = 1000

// encSeenKey identifies an open pointer, map or slice.
type encSeenKey struct {
	t reflect.Type   // the pointer type, for pointers; nil otherwise
	p unsafe.Pointer // the address
	n int            // the length, for slices; -1 for maps
}

var encPool sync.Pool

// encSizeHint is the size of a recent output, used to size the buffer of
// a new encState so that large outputs do not grow it step by step.
var encSizeHint atomic.Int64

func encGet() *encState {
	if e, ok := encPool.Get().(*encState); ok {
		return e
	}
	return &encState{buf: make([]byte, 0, max(1024, encSizeHint.Load()))}
}

// encMaxKeep is the largest output buffer kept in the pool.
const encMaxKeep = 4 << 20

// encPut returns e to the pool; b, when not nil, is e's grown buffer.
func encPut(e *encState, b []byte) {
	if b != nil && cap(b) <= encMaxKeep {
		e.buf = b[:0]
		if n := int64(len(b)); n > 1024 {
			encSizeHint.Store(n + n/8)
		}
	}
	if cap(e.scratch) > encMaxKeep {
		e.scratch = nil
	}
	e.depth = 0
	clear(e.seen)
	if cap(e.kvs) > encMaxEntries {
		e.kvs = nil
	}
	if e.tree != nil && cap(e.tree.vals) > encMaxEntries {
		e.tree.vals = nil
	}
	encPool.Put(e)
}

// setV1 configures encoding/json's behaviour, with or without HTML
// escaping.
func (e *encState) setV1(html bool) {
	e.qf = scan.QuoteLineTerminators | scan.QuoteInvalidUTF8
	e.html, e.names, e.unsorted = html, 0, false
	if html {
		e.qf |= scan.QuoteHTML
		e.names = 1
	}
}

// setOptions configures e from options, with encoding/json's defaults for
// the options that are not set.
func (e *encState) setOptions(s *opts.Struct) {
	e.setV1(flagOr(s, opts.EscapeHTML, true))
	if !flagOr(s, opts.EscapeLineTerminators, true) {
		e.qf &^= scan.QuoteLineTerminators
	}
	if !flagOr(s, opts.AllowInvalidUTF8, true) {
		e.qf &^= scan.QuoteInvalidUTF8
	}
	e.unsorted = !flagOr(s, opts.Deterministic, true)
}

// encAbort is the panic value that stops marshaling. A nil err means
// "encoding/json fails here too: ask it for its error".
type encAbort struct{ err error }

// errEncStd is the internal marker for "encoding/json has the error".
var errEncStd = errors.New("celer: encoding/json error")

// encFail aborts marshaling with encoding/json's error for the value.
func encFail() { panic(encAbort{}) }

// encFailWith aborts marshaling with a celer error.
func encFailWith(err error) { panic(encAbort{err}) }

// marshal appends v to b. Panics other than encAbort (from user methods)
// propagate, as they do from encoding/json.
func (e *encState) marshal(b []byte, v any) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			a, ok := r.(encAbort)
			if !ok {
				panic(r)
			}
			out, err = nil, a.err
			if err == nil {
				err = errEncStd
			}
			if e.tree != nil && e.tree.active != 0 { // a walk stopped midway
				e.tree.reset()
			}
		}
	}()
	return e.encodeAny(b, v), nil
}

// encDivergences counts values that celer failed to marshal but
// encoding/json marshaled; tests require it to stay zero.
var encDivergences atomic.Int64

// encStdError returns the error encoding/json returns for v (with the given
// HTML escaping), or err itself when err is celer's own.
func encStdError(v any, html bool, err error) error {
	if err != errEncStd {
		return err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(html)
	if stdErr := enc.Encode(v); stdErr != nil {
		return stdErr
	}
	encDivergences.Add(1)
	return errors.New("celer: internal error: cannot marshal a value of type " +
		reflect.TypeOf(v).String() + " that encoding/json marshals")
}

// encFn appends the JSON encoding of the value at p to b.
type encFn func(e *encState, b []byte, p unsafe.Pointer) []byte

// encodeAny appends the value held by the interface v: nil, a common
// decoded type directly, anything else through its type's plan.
func (e *encState) encodeAny(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case string:
		return e.appendString(b, x)
	case float64:
		return encAppendFloat(b, x, 64)
	case bool:
		if x {
			return append(b, "true"...)
		}
		return append(b, "false"...)
	case map[string]any:
		return e.encodeMapAny(b, x)
	case []any:
		return e.encodeSliceAny(b, x)
	case json.Number:
		return encNumber(e, b, unsafe.Pointer(&x))
	}
	t := reflect.TypeOf(v)
	top := encTopFor(t)
	data := (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1]
	if top.copy {
		// A pointer-shaped non-pointer type (a map, a chan, a struct
		// holding one pointer): the interface holds the value itself,
		// so give the plan a copy it can point at.
		c := reflect.New(t)
		c.Elem().Set(reflect.ValueOf(v))
		data = c.UnsafePointer()
	}
	return top.fn(e, b, data)
}

// encTop is how to encode a value held by an interface.
type encTop struct {
	fn   encFn // takes the interface's data word
	copy bool  // the data word is the value: copy it and pass a pointer
}

var encTopCache sync.Map // reflect.Type → *encTop

// encTopFor returns how to encode values of type t held by an interface.
func encTopFor(t reflect.Type) *encTop {
	if c, ok := encTopCache.Load(t); ok {
		return c.(*encTop)
	}
	var top encTop
	switch {
	case t.Kind() == reflect.Pointer:
		// The data word is the pointer itself.
		top.fn = encPtrValueFor(t)
	case encDirectIface(t):
		top.fn, top.copy = encPlanFor(t, false), true
	default:
		top.fn = encPlanFor(t, false)
	}
	c, _ := encTopCache.LoadOrStore(t, &top)
	return c.(*encTop)
}

// encDirectIface reports whether an interface holding a value of type t
// stores the value itself rather than a pointer to it: pointer-shaped
// kinds, and structs and arrays that consist of exactly one of them.
func encDirectIface(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		return true
	case reflect.Struct:
		return t.NumField() == 1 && encDirectIface(t.Field(0).Type)
	case reflect.Array:
		return t.Len() == 1 && encDirectIface(t.Elem())
	}
	return false
}

// enter counts one more open pointer, map or slice, and past
// encCycleDepth fails on a cycle as encoding/json does.
func (e *encState) enter(k encSeenKey) {
	if e.depth++; e.depth > encCycleDepth {
		if e.seen == nil {
			e.seen = make(map[encSeenKey]struct{})
		}
		if _, ok := e.seen[k]; ok {
			encFail()
		}
		e.seen[k] = struct{}{}
	}
}

// leave undoes enter.
func (e *encState) leave(k encSeenKey) {
	if e.depth > encCycleDepth {
		delete(e.seen, k)
	}
	e.depth--
}
