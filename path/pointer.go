package path

import (
	"strconv"
	"strings"

	"github.com/celerjson/celer/dom"
)

// Pointer is a parsed RFC 6901 JSON Pointer, such as /foo/0 or /a~1b. The
// zero Pointer, like "", refers to the whole document.
type Pointer struct {
	src   string
	steps []rawStep // one per reference token, unescaped
}

// CompilePointer parses a JSON Pointer. Each reference token is unescaped
// (~1 to '/', then ~0 to '~'); a '~' followed by anything else, a pointer
// not starting with '/' (other than ""), and invalid UTF-8 are reported as
// a *Error giving the offset.
func CompilePointer(s string) (Pointer, error) {
	fail := func(off int, msg string) (Pointer, error) {
		return Pointer{}, &Error{Expr: s, Offset: off, Msg: msg, Syntax: syntaxPointer}
	}
	if s == "" {
		return Pointer{}, nil
	}
	if s[0] != '/' {
		return fail(0, "a JSON Pointer is empty or starts with '/'")
	}
	if i := invalidUTF8(s); i >= 0 {
		return fail(i, "invalid UTF-8")
	}
	p := Pointer{src: s, steps: make([]rawStep, 0, strings.Count(s, "/"))}
	for i := 0; i < len(s); {
		i++ // '/'
		end := strings.IndexByte(s[i:], '/')
		if end < 0 {
			end = len(s)
		} else {
			end += i
		}
		tok := s[i:end]
		if k := strings.IndexByte(tok, '~'); k >= 0 {
			var sb strings.Builder
			for j := 0; j < len(tok); j++ {
				c := tok[j]
				if c != '~' {
					sb.WriteByte(c)
					continue
				}
				if j+1 < len(tok) && tok[j+1] == '0' {
					sb.WriteByte('~')
				} else if j+1 < len(tok) && tok[j+1] == '1' {
					sb.WriteByte('/')
				} else {
					return fail(i+j, "'~' must be followed by '0' or '1' (write '~' as ~0 and '/' as ~1)")
				}
				j++
			}
			tok = sb.String()
		}
		p.steps = append(p.steps, rawStep{kind: rawEither, name: tok, index: arrayIndex(tok)})
		i = end
	}
	return p, nil
}

// CompilePointerFragment parses a JSON Pointer in its URI fragment
// identifier representation (RFC 6901 section 6): a '#' followed by the
// pointer with percent-encoded UTF-8, such as #/c%25d. Error offsets are
// offsets in frag.
func CompilePointerFragment(frag string) (Pointer, error) {
	fail := func(off int, msg string) (Pointer, error) {
		return Pointer{}, &Error{Expr: frag, Offset: off, Msg: msg, Syntax: syntaxPointer}
	}
	if frag == "" || frag[0] != '#' {
		return fail(0, "a JSON Pointer URI fragment starts with '#'")
	}
	var b []byte
	var at []int // offset in frag of each byte of b
	for i := 1; i < len(frag); i++ {
		c := frag[i]
		if c == '%' {
			if i+2 >= len(frag) {
				return fail(i, "'%' must be followed by two hex digits")
			}
			hi, ok1 := unhex(frag[i+1])
			lo, ok2 := unhex(frag[i+2])
			if !ok1 || !ok2 {
				return fail(i, "'%' must be followed by two hex digits")
			}
			b = append(b, hi<<4|lo)
			at = append(at, i)
			i += 2
			continue
		}
		b = append(b, c)
		at = append(at, i)
	}
	p, err := CompilePointer(string(b))
	if pe, ok := err.(*Error); ok {
		off := len(frag)
		if pe.Offset < len(at) {
			off = at[pe.Offset]
		}
		return fail(off, pe.Msg)
	}
	return p, err
}

func unhex(c byte) (byte, bool) {
	switch {
	case isDigit(c):
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// MustCompilePointer is like CompilePointer but panics on an invalid
// pointer.
func MustCompilePointer(s string) Pointer {
	p, err := CompilePointer(s)
	if err != nil {
		panic(err)
	}
	return p
}

// arrayIndex returns the index a token stands for in an array: the
// array-index rule of RFC 6901 ("0", or digits without a leading zero),
// or -1 when the token is no index. An index too large for int is -1
// too: no array is that long.
func arrayIndex(tok string) int {
	if tok == "" || len(tok) > 18 || (tok[0] == '0' && len(tok) > 1) {
		return -1
	}
	n := 0
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		if !isDigit(c) {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// String returns the pointer as it was compiled.
func (p Pointer) String() string { return p.src }

// Tokens returns the unescaped reference tokens.
func (p Pointer) Tokens() []string {
	toks := make([]string, len(p.steps))
	for i, s := range p.steps {
		toks[i] = s.name
	}
	return toks
}

// Lookup returns the value p refers to in v, or an Invalid value if there
// is none. In an array, a token selects an element only if it is an
// array index ("0", "1", ... without leading zeros); "-" selects nothing.
func (p Pointer) Lookup(v dom.Value) dom.Value { return lookupSteps(p.steps, v) }

// LookupNode returns the value p refers to in v with its Normalized Path,
// and whether there is one.
func (p Pointer) LookupNode(v dom.Value) (Node, bool) { return lookupNode(p.steps, v) }

// LookupBytes returns the text of the value p refers to in the JSON text
// b (a slice of b), or nil if there is none, walking the bytes without
// building a DOM. Like Query.SelectBytes, it checks the syntax of what it
// reads, up to the end of the value found.
func (p Pointer) LookupBytes(b []byte, o ...Options) ([]byte, error) {
	return lookupRaw(b, p.steps, o)
}

// At returns the node p refers to in the editable tree n, or nil.
func (p Pointer) At(n *dom.Node) *dom.Node { return n.At(p.Tokens()) }

// Set sets the value p refers to in the editable tree root to v, as
// dom.Node.SetAt does: the parent must exist; an object member is added
// or replaced, an array element replaced, and the token "-" appends to an
// array.
func (p Pointer) Set(root, v *dom.Node) error { return root.SetAt(p.Tokens(), v, false) }

// SetCreate is like Set but first creates missing parents as objects.
func (p Pointer) SetCreate(root, v *dom.Node) error { return root.SetAt(p.Tokens(), v, true) }

// AppendPointerToken appends tok to dst escaped as a JSON Pointer
// reference token (~ as ~0, / as ~1), without the leading '/'.
func AppendPointerToken(dst []byte, tok string) []byte {
	for i := 0; i < len(tok); i++ {
		switch c := tok[i]; c {
		case '~':
			dst = append(dst, '~', '0')
		case '/':
			dst = append(dst, '~', '1')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// lookupSteps follows pointer or dotted steps in v.
func lookupSteps(steps []rawStep, v dom.Value) dom.Value {
	for i := range steps {
		s := &steps[i]
		switch v.Kind() {
		case dom.Object:
			if s.kind == rawIndex {
				return dom.Value{}
			}
			v = v.Get(s.name)
		case dom.Array:
			if s.kind == rawName || s.index < 0 {
				return dom.Value{}
			}
			v = v.Index(s.index)
		default:
			return dom.Value{}
		}
	}
	return v
}

// lookupNode is lookupSteps with the Normalized Path of the result.
func lookupNode(steps []rawStep, v dom.Value) (Node, bool) {
	path := []byte{'$'}
	for i := range steps {
		s := &steps[i]
		switch v.Kind() {
		case dom.Object:
			if s.kind == rawIndex {
				return Node{}, false
			}
			v = v.Get(s.name)
			path = AppendNormalName(path, s.name)
		case dom.Array:
			if s.kind == rawName || s.index < 0 {
				return Node{}, false
			}
			v = v.Index(s.index)
			path = appendNormalStep(path, &pathStep{index: s.index})
		default:
			return Node{}, false
		}
	}
	if !v.Exists() {
		return Node{}, false
	}
	return Node{Value: v, Path: string(path)}, true
}

func appendInt(dst []byte, i int) []byte { return strconv.AppendInt(dst, int64(i), 10) }
