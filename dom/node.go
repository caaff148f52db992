package dom

import (
	"iter"
	"math"
	"strconv"
	"sync"

	"github.com/celerjson/celer/internal/scan"
)

// Node is a mutable JSON value, for building or editing documents: an
// object keeps its members in order (as read, then as added), and a
// string or number read from input is written back byte for byte. The
// nil *Node is accepted by every read method, as a missing value
// (Kind Invalid), so lookups chain.
//
// A Node is not safe for concurrent use when any goroutine edits it;
// concurrent reads are safe. A Node must not contain itself.
type Node struct {
	kind    Kind
	b       bool     // Bool's value
	text    string   // String's content, Number's text
	raw     string   // String read from input: its token as read; "" means quote text when writing
	members []member // Object
	elems   []*Node  // Array
	index   map[string]int
}

type member struct {
	name string // unescaped
	raw  string // the name's token as read, or ""
	val  *Node
}

// indexFrom is the member count from which Set keeps a map from names to
// positions, so that building a large object is not quadratic. Copying a
// Doc does not build it: most copied objects are read, not edited.
const indexFrom = 32

// NewObject returns an empty object.
func NewObject() *Node { return &Node{kind: Object} }

// NewArray returns an empty array.
func NewArray() *Node { return &Node{kind: Array} }

// NewString returns a string; it is quoted as the stream encoder does
// (invalid UTF-8 becomes \ufffd, HTML characters are not escaped).
func NewString(s string) *Node { return &Node{kind: String, text: s} }

// NewNumber returns a number with the exact text given, which must be a
// JSON number (RFC 8259 section 6).
func NewNumber(text string) (*Node, error) {
	if n, code := scan.Number([]byte(text), true); code != scan.OK || n != len(text) {
		return nil, &strconv.NumError{Func: "NewNumber", Num: text, Err: strconv.ErrSyntax}
	}
	return &Node{kind: Number, text: text}, nil
}

// NewInt returns the number i.
func NewInt(i int64) *Node { return &Node{kind: Number, text: strconv.FormatInt(i, 10)} }

// NewUint returns the number u.
func NewUint(u uint64) *Node { return &Node{kind: Number, text: strconv.FormatUint(u, 10)} }

// NewFloat returns the number f, formatted as encoding/json formats a
// float64. NaN and the infinities, which JSON cannot hold, give null.
func NewFloat(f float64) *Node {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return NewNull()
	}
	b, _ := scan.AppendFloat(nil, f, 64)
	return &Node{kind: Number, text: string(b)}
}

// NewBool returns true or false.
func NewBool(b bool) *Node { return &Node{kind: Bool, b: b} }

// NewNull returns null.
func NewNull() *Node { return &Node{kind: Null} }

var parsers = sync.Pool{New: func() any { return new(Parser) }}

// ParseNode parses b (as Parse does, with the same options and errors)
// into a Node that does not reference b.
func ParseNode(b []byte, o ...Options) (*Node, error) {
	p := parsers.Get().(*Parser)
	defer parsers.Put(p)
	d, err := p.Parse(b, o...)
	if err != nil {
		return nil, err
	}
	return FromValue(d.Root()), nil
}

// Kind returns n's kind; Invalid for nil.
func (n *Node) Kind() Kind {
	if n == nil {
		return Invalid
	}
	return n.kind
}

// Len returns the number of members of an object or elements of an
// array, else 0.
func (n *Node) Len() int {
	if n == nil {
		return 0
	}
	switch n.kind {
	case Object:
		return len(n.members)
	case Array:
		return len(n.elems)
	}
	return 0
}

func (n *Node) find(name string) int {
	if n.index != nil {
		if i, ok := n.index[name]; ok {
			return i
		}
		return -1
	}
	for i := range n.members {
		if n.members[i].name == name {
			return i
		}
	}
	return -1
}

// Get returns the value of the first member named name of object n, or
// nil.
func (n *Node) Get(name string) *Node {
	if n.Kind() != Object {
		return nil
	}
	if i := n.find(name); i >= 0 {
		return n.members[i].val
	}
	return nil
}

// Index returns element i of array n, or nil.
func (n *Node) Index(i int) *Node {
	if n.Kind() != Array || i < 0 || i >= len(n.elems) {
		return nil
	}
	return n.elems[i]
}

// Set sets member name of object n to v: it replaces the value of the
// first member of that name, keeping its position, or adds a member at
// the end. A nil v stands for null. Set does nothing if n is not an
// object. It returns n, so calls chain.
func (n *Node) Set(name string, v *Node) *Node {
	if n.Kind() != Object {
		return n
	}
	if v == nil {
		v = NewNull()
	}
	if n.index == nil && len(n.members) >= indexFrom {
		n.buildIndex()
	}
	if i := n.find(name); i >= 0 {
		n.members[i].val = v
		return n
	}
	n.members = append(n.members, member{name: name, val: v})
	if n.index != nil {
		n.index[name] = len(n.members) - 1
	}
	return n
}

func (n *Node) buildIndex() {
	n.index = make(map[string]int, len(n.members))
	for i := len(n.members) - 1; i >= 0; i-- { // the first of duplicates wins
		n.index[n.members[i].name] = i
	}
}

// Delete removes the first member named name from object n and reports
// whether there was one.
func (n *Node) Delete(name string) bool {
	if n.Kind() != Object {
		return false
	}
	i := n.find(name)
	if i < 0 {
		return false
	}
	n.members = append(n.members[:i], n.members[i+1:]...)
	n.members[len(n.members) : len(n.members)+1][0] = member{} // drop the reference
	if n.index != nil {
		n.buildIndex()
	}
	return true
}

// Append appends values to array n (nil stands for null); it does nothing
// if n is not an array. It returns n.
func (n *Node) Append(v ...*Node) *Node {
	if n.Kind() != Array {
		return n
	}
	for _, x := range v {
		if x == nil {
			x = NewNull()
		}
		n.elems = append(n.elems, x)
	}
	return n
}

func (n *Node) checkArray(i, size int) error {
	if n.Kind() != Array {
		return &KindError{Want: Array, Got: n.Kind()}
	}
	if i < 0 || i >= size {
		return ErrIndex
	}
	return nil
}

// Insert inserts v before element i of array n; i == Len() appends.
func (n *Node) Insert(i int, v *Node) error {
	if err := n.checkArray(i, n.Len()+1); err != nil {
		return err
	}
	if v == nil {
		v = NewNull()
	}
	n.elems = append(n.elems, nil)
	copy(n.elems[i+1:], n.elems[i:])
	n.elems[i] = v
	return nil
}

// RemoveAt removes element i of array n.
func (n *Node) RemoveAt(i int) error {
	if err := n.checkArray(i, n.Len()); err != nil {
		return err
	}
	n.elems = append(n.elems[:i], n.elems[i+1:]...)
	n.elems[:len(n.elems)+1][len(n.elems)] = nil
	return nil
}

// SetIndex replaces element i of array n with v.
func (n *Node) SetIndex(i int, v *Node) error {
	if err := n.checkArray(i, n.Len()); err != nil {
		return err
	}
	if v == nil {
		v = NewNull()
	}
	n.elems[i] = v
	return nil
}

// Members returns an iterator over the members of object n, in order.
func (n *Node) Members() iter.Seq2[string, *Node] {
	return func(yield func(string, *Node) bool) {
		if n.Kind() != Object {
			return
		}
		for _, m := range n.members {
			if !yield(m.name, m.val) {
				return
			}
		}
	}
}

// Elements returns an iterator over the elements of array n, in order.
func (n *Node) Elements() iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		if n.Kind() != Array {
			return
		}
		for _, x := range n.elems {
			if !yield(x) {
				return
			}
		}
	}
}

// PathError reports the reference token at which SetAt failed.
type PathError struct {
	Tokens []string // the whole path
	Step   int      // index in Tokens of the step that failed
	Err    error    // ErrNotFound, ErrIndex or a *KindError
}

func (e *PathError) Error() string {
	return "dom: path step " + strconv.Itoa(e.Step) + " (" + strconv.Quote(e.Tokens[e.Step]) + "): " + e.Err.Error()
}

func (e *PathError) Unwrap() error { return e.Err }

// At returns the value at the reference tokens (RFC 6901, already
// unescaped: a member name for objects, a decimal index for arrays), or
// nil. No tokens means n itself.
func (n *Node) At(tokens []string) *Node {
	for _, t := range tokens {
		switch n.Kind() {
		case Object:
			n = n.Get(t)
		case Array:
			i, ok := arrayIndex(t)
			if !ok {
				return nil
			}
			n = n.Index(i)
		default:
			return nil
		}
	}
	return n
}

// SetAt sets the value at the reference tokens to v (nil stands for null).
// The last token names an object member (added or replaced, as Set does)
// or an array element: an index below Len() replaces it, Len() or "-"
// appends. Intermediate steps must exist unless create is true, in which
// case a missing member or a "-" (or Len()) array step gets a new empty
// object. No tokens replaces n's own content with v's (v's children are
// then shared, not copied).
func (n *Node) SetAt(tokens []string, v *Node, create bool) error {
	if n == nil {
		return &KindError{Want: Object, Got: Invalid}
	}
	if v == nil {
		v = NewNull()
	}
	if len(tokens) == 0 {
		*n = *v
		return nil
	}
	cur := n
	last := len(tokens) - 1
	for k, t := range tokens {
		fail := func(err error) error { return &PathError{Tokens: tokens, Step: k, Err: err} }
		switch cur.kind {
		case Object:
			if k == last {
				cur.Set(t, v)
				return nil
			}
			next := cur.Get(t)
			if next == nil {
				if !create {
					return fail(ErrNotFound)
				}
				next = NewObject()
				cur.Set(t, next)
			}
			cur = next
		case Array:
			i := len(cur.elems)
			if t != "-" {
				var ok bool
				if i, ok = arrayIndex(t); !ok || i > len(cur.elems) {
					return fail(ErrIndex)
				}
			}
			if k == last {
				if i == len(cur.elems) {
					cur.elems = append(cur.elems, v)
				} else {
					cur.elems[i] = v
				}
				return nil
			}
			if i == len(cur.elems) {
				if !create {
					return fail(ErrNotFound)
				}
				cur.elems = append(cur.elems, NewObject())
			}
			cur = cur.elems[i]
		default:
			return fail(&KindError{Want: Object, Got: cur.kind})
		}
	}
	return nil
}

func (n *Node) kindError(want Kind) error { return &KindError{Want: want, Got: n.Kind()} }

// Text returns the content of string n.
func (n *Node) Text() (string, error) {
	if n.Kind() != String {
		return "", n.kindError(String)
	}
	return n.text, nil
}

// Bool returns the value of a boolean.
func (n *Node) Bool() (bool, error) {
	if n.Kind() != Bool {
		return false, n.kindError(Bool)
	}
	return n.b, nil
}

// Number returns the exact text of number n.
func (n *Node) Number() (string, error) {
	if n.Kind() != Number {
		return "", n.kindError(Number)
	}
	return n.text, nil
}

// Int64 converts number n exactly, as Value.Int64 does.
func (n *Node) Int64() (int64, error) {
	if n.Kind() != Number {
		return 0, n.kindError(Number)
	}
	return parseInt64([]byte(n.text))
}

// Uint64 converts number n exactly, as Value.Uint64 does.
func (n *Node) Uint64() (uint64, error) {
	if n.Kind() != Number {
		return 0, n.kindError(Number)
	}
	return parseUint64([]byte(n.text))
}

// Float64 converts number n, as Value.Float64 does.
func (n *Node) Float64() (float64, error) {
	if n.Kind() != Number {
		return 0, n.kindError(Number)
	}
	return parseFloat64([]byte(n.text))
}

// String returns the content of a string, compact JSON for any other
// value, and "<invalid>" for nil.
func (n *Node) String() string {
	switch n.Kind() {
	case Invalid:
		return "<invalid>"
	case String:
		return n.text
	}
	return string(n.AppendJSON(nil))
}
