package dom

import (
	"unsafe"

	"github.com/celerjson/celer/internal/scan"
)

// FromValue returns a deep copy of v as a Node, or nil for Invalid. The
// Node does not reference the Doc or its input. Its allocations do not
// grow with the number of values: the nodes, the child lists and the
// text come from a few slabs sized by a first pass over the tape.
func FromValue(v Value) *Node {
	if v.d == nil {
		return nil
	}
	d := v.d
	c := copier{d: d}
	values, names, elems, escaped := 0, 0, 0, 0
	for j, end := v.i, d.skip(v.i); j < end; {
		e := d.tape[j]
		values++
		switch tagOf(e) {
		case tagArray:
			elems += Value{d, j}.Len()
			j += 2
		case tagObject:
			names += Value{d, j}.Len()
			j += 2
		case tagEscString:
			escaped += d.tokenLen(e)
			j++
		default:
			j++
		}
	}
	c.base = v.Offset()
	c.src = string(v.Raw())
	if escaped > 0 {
		c.text = make([]byte, 0, escaped)
	}
	c.nodes = make([]Node, values-names)
	c.elems = make([]*Node, elems)
	c.members = make([]member, names)
	n, _ := c.node(v.i)
	return n
}

type copier struct {
	d       *Doc
	base    int    // input offset of src
	src     string // a copy of the input bytes of the value being copied
	text    []byte // the unescaped content of escaped strings, never modified once written
	tmp     []byte
	nodes   []Node
	elems   []*Node
	members []member
}

// token returns the copy of the token of scalar entry j.
func (c *copier) token(j uint32) string {
	e := c.d.tape[j]
	off := offOf(e) - c.base
	return c.src[off : off+c.d.tokenLen(e)]
}

// str returns the content and the token of string entry j.
func (c *copier) str(j uint32) (text, raw string) {
	raw = c.token(j)
	if tagOf(c.d.tape[j]) != tagEscString {
		return raw[1 : len(raw)-1], raw
	}
	// Unescaping shrinks text, except that invalid UTF-8 (let through by
	// AllowInvalidUTF8) grows into U+FFFD: what does not fit the slab,
	// sized by the tokens, gets its own string.
	c.tmp = scan.AppendUnquote(c.tmp[:0], unsafe.Slice(unsafe.StringData(raw), len(raw)))
	if len(c.tmp) == 0 {
		return "", raw
	}
	if len(c.text)+len(c.tmp) > cap(c.text) {
		return string(c.tmp), raw
	}
	start := len(c.text)
	c.text = append(c.text, c.tmp...)
	return unsafe.String(&c.text[start], len(c.tmp)), raw
}

// node copies the value at tape index j and returns it with the index of
// the next entry. Recursion is bounded by the Doc's MaxDepth.
func (c *copier) node(j uint32) (*Node, uint32) {
	n := &c.nodes[0]
	c.nodes = c.nodes[1:]
	e := c.d.tape[j]
	switch tagOf(e) {
	case tagNull:
		n.kind = Null
	case tagTrue, tagFalse:
		n.kind, n.b = Bool, tagOf(e) == tagTrue
	case tagNumber:
		n.kind, n.text = Number, c.token(j)
	case tagString, tagEscString:
		n.kind = String
		n.text, n.raw = c.str(j)
	case tagArray:
		n.kind = Array
		cnt := Value{c.d, j}.Len()
		n.elems, c.elems = c.elems[:cnt:cnt], c.elems[cnt:]
		k := j + 2
		for x := range n.elems {
			n.elems[x], k = c.node(k)
		}
	case tagObject:
		n.kind = Object
		cnt := Value{c.d, j}.Len()
		n.members, c.members = c.members[:cnt:cnt], c.members[cnt:]
		k := j + 2
		for x := range n.members {
			m := &n.members[x]
			m.name, m.raw = c.str(k)
			m.val, k = c.node(c.d.skip(k))
		}
	}
	return n, c.d.skip(j)
}

// maxWriteDepth bounds the nesting that writing a Node accepts, so that a
// Node that contains itself fails loudly instead of exhausting memory.
const maxWriteDepth = 1 << 20

// AppendJSON appends n as compact JSON to dst; nothing for nil. Strings
// and names read from input are written as they were read; others are
// quoted as the stream encoder quotes them.
func (n *Node) AppendJSON(dst []byte) []byte { return n.appendTo(dst, false, "", "", 0) }

// AppendIndent appends n as indented JSON, formatted as Value.AppendIndent
// formats it.
func (n *Node) AppendIndent(dst []byte, prefix, indent string) []byte {
	return n.appendTo(dst, true, prefix, indent, 0)
}

func appendQuoted(dst []byte, text, raw string) []byte {
	if raw != "" {
		return append(dst, raw...)
	}
	dst, _ = scan.AppendQuote(dst, text, scan.QuoteInvalidUTF8)
	return dst
}

func (n *Node) appendTo(dst []byte, pretty bool, prefix, indent string, depth int) []byte {
	if depth > maxWriteDepth {
		panic("dom: Node nested too deeply (does it contain itself?)")
	}
	switch n.Kind() {
	case Null:
		return append(dst, "null"...)
	case Bool:
		if n.b {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case Number:
		return append(dst, n.text...)
	case String:
		return appendQuoted(dst, n.text, n.raw)
	case Array:
		if len(n.elems) == 0 {
			return append(dst, '[', ']')
		}
		dst = append(dst, '[')
		for k, x := range n.elems {
			if k > 0 {
				dst = append(dst, ',')
			}
			if pretty {
				dst = newline(dst, prefix, indent, depth+1)
			}
			dst = x.appendTo(dst, pretty, prefix, indent, depth+1)
		}
		if pretty {
			dst = newline(dst, prefix, indent, depth)
		}
		return append(dst, ']')
	case Object:
		if len(n.members) == 0 {
			return append(dst, '{', '}')
		}
		dst = append(dst, '{')
		for k, m := range n.members {
			if k > 0 {
				dst = append(dst, ',')
			}
			if pretty {
				dst = newline(dst, prefix, indent, depth+1)
			}
			dst = appendQuoted(dst, m.name, m.raw)
			dst = append(dst, ':')
			if pretty {
				dst = append(dst, ' ')
			}
			dst = m.val.appendTo(dst, pretty, prefix, indent, depth+1)
		}
		if pretty {
			dst = newline(dst, prefix, indent, depth)
		}
		return append(dst, '}')
	}
	return dst
}
