package cbor

// A parser of RFC 8949 diagnostic notation (section 8), enough for the
// examples of Appendix A: it turns a diagnostic string into a tree, which
// the tests turn into tokens to write or compare with what a Reader reads.

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/celerjson/celer/token"
)

type dnode struct {
	kind  string // int, float, text, bytes, array, map, tag, simple, chunks
	num   string // int: decimal text
	f     float64
	s     []byte
	text  bool // chunks: of a text string
	indef bool // array, map: written with "_"
	tag   uint64
	kids  []*dnode
}

type dparser struct {
	s string
	i int
}

func parseDiag(s string) (*dnode, error) {
	p := &dparser{s: s}
	n, err := p.value()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i != len(p.s) {
		return nil, fmt.Errorf("trailing text %q", p.s[p.i:])
	}
	return n, nil
}

func (p *dparser) space() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

func (p *dparser) eat(tok string) bool {
	p.space()
	if strings.HasPrefix(p.s[p.i:], tok) {
		p.i += len(tok)
		return true
	}
	return false
}

func (p *dparser) value() (*dnode, error) {
	p.space()
	if p.i >= len(p.s) {
		return nil, fmt.Errorf("unexpected end")
	}
	for _, w := range []struct {
		word string
		f    float64
	}{{"Infinity", math.Inf(1)}, {"-Infinity", math.Inf(-1)}, {"NaN", math.Float64frombits(0x7ff8000000000000)}} {
		if p.eat(w.word) {
			return &dnode{kind: "float", f: w.f}, nil
		}
	}
	for _, w := range []struct {
		word string
		v    uint64
	}{{"false", 20}, {"true", 21}, {"null", 22}, {"undefined", 23}} {
		if p.eat(w.word) {
			return &dnode{kind: "simple", tag: w.v}, nil
		}
	}
	switch c := p.s[p.i]; {
	case strings.HasPrefix(p.s[p.i:], "simple("):
		p.i += len("simple(")
		n := &dnode{kind: "simple", tag: p.uint()}
		if !p.eat(")") {
			return nil, fmt.Errorf("simple: missing )")
		}
		return n, nil
	case strings.HasPrefix(p.s[p.i:], "h'"):
		j := strings.IndexByte(p.s[p.i+2:], '\'')
		b, err := hex.DecodeString(p.s[p.i+2 : p.i+2+j])
		p.i += 3 + j
		return &dnode{kind: "bytes", s: b}, err
	case c == '"':
		return p.text()
	case c == '[' || c == '{':
		p.i++
		n := &dnode{kind: "array"}
		end := "]"
		if c == '{' {
			n.kind, end = "map", "}"
		}
		n.indef = p.eat("_")
		for !p.eat(end) {
			if len(n.kids) > 0 && !p.eat(",") && !p.eat(":") {
				return nil, fmt.Errorf("missing separator at %d", p.i)
			}
			k, err := p.value()
			if err != nil {
				return nil, err
			}
			n.kids = append(n.kids, k)
		}
		return n, nil
	case c == '(':
		p.i++
		if !p.eat("_") {
			return nil, fmt.Errorf("( without _")
		}
		n := &dnode{kind: "chunks"}
		for !p.eat(")") {
			if len(n.kids) > 0 && !p.eat(",") {
				return nil, fmt.Errorf("missing comma")
			}
			k, err := p.value()
			if err != nil {
				return nil, err
			}
			n.text = k.kind == "text"
			n.kids = append(n.kids, k)
		}
		return n, nil
	case c == '-' || c >= '0' && c <= '9':
		j := p.i + 1
		for j < len(p.s) && strings.IndexByte("0123456789.e+-", p.s[j]) >= 0 {
			j++
		}
		num := p.s[p.i:j]
		p.i = j
		if p.eat("(") { // a tag
			tag, err := strconv.ParseUint(num, 10, 64)
			if err != nil {
				return nil, err
			}
			k, err := p.value()
			if err != nil {
				return nil, err
			}
			if !p.eat(")") {
				return nil, fmt.Errorf("tag: missing )")
			}
			return &dnode{kind: "tag", tag: tag, kids: []*dnode{k}}, nil
		}
		if strings.ContainsAny(num, ".e") {
			f, err := strconv.ParseFloat(num, 64)
			return &dnode{kind: "float", f: f}, err
		}
		return &dnode{kind: "int", num: num}, nil
	}
	return nil, fmt.Errorf("unexpected %q", p.s[p.i:])
}

func (p *dparser) uint() uint64 {
	j := p.i
	for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
		j++
	}
	v, _ := strconv.ParseUint(p.s[p.i:j], 10, 64)
	p.i = j
	return v
}

// text parses a string literal with JSON escapes (\u surrogate pairs too).
func (p *dparser) text() (*dnode, error) {
	j := p.i + 1
	for j < len(p.s) && p.s[j] != '"' {
		if p.s[j] == '\\' {
			j++
		}
		j++
	}
	var s string
	if err := json.Unmarshal([]byte(p.s[p.i:j+1]), &s); err != nil {
		return nil, err
	}
	p.i = j + 1
	return &dnode{kind: "text", s: []byte(s)}, nil
}

// tokens returns the token sequence of n: containers with their length
// (-1 when written with "_"), chunked strings joined, integers in their
// canonical kind.
func (n *dnode) tokens() []token.Token {
	switch n.kind {
	case "int":
		return []token.Token{canonicalInt(n.num)}
	case "float":
		return []token.Token{token.Float(n.f)}
	case "text":
		return []token.Token{token.StringBytes(n.s)}
	case "bytes":
		return []token.Token{token.Bytes(n.s)}
	case "chunks":
		var all []byte
		for _, k := range n.kids {
			all = append(all, k.s...)
		}
		if n.text {
			return []token.Token{token.StringBytes(all)}
		}
		return []token.Token{token.Bytes(all)}
	case "simple":
		return []token.Token{token.Simple(uint8(n.tag))}
	case "tag":
		return append([]token.Token{token.Tag(n.tag)}, n.kids[0].tokens()...)
	}
	length := len(n.kids)
	begin, end := token.BeginArray, token.EndArray
	if n.kind == "map" {
		begin, end = token.BeginObject, token.EndObject
		length /= 2
	}
	if n.indef {
		length = -1
	}
	out := []token.Token{begin(length)}
	for _, k := range n.kids {
		out = append(out, k.tokens()...)
	}
	return append(out, end)
}

// canonicalInt returns the canonical token of the integer with decimal
// text s: Int, Uint, or Number beyond 64 bits.
func canonicalInt(s string) token.Token {
	if v, err := strconv.ParseInt(s, 10, 64); err == nil {
		return token.Int(v)
	}
	if v, err := strconv.ParseUint(s, 10, 64); err == nil {
		return token.Uint(v)
	}
	return token.Number(s)
}

// equal compares trees: floats by value (NaN equal to NaN, -0 apart from
// 0), everything else exactly.
func (n *dnode) equal(m *dnode) bool {
	if n.kind != m.kind || n.num != m.num || string(n.s) != string(m.s) || n.text != m.text ||
		n.indef != m.indef || n.tag != m.tag || len(n.kids) != len(m.kids) {
		return false
	}
	if n.kind == "float" && !sameFloat(n.f, m.f) {
		return false
	}
	for i := range n.kids {
		if !n.kids[i].equal(m.kids[i]) {
			return false
		}
	}
	return true
}

func sameFloat(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return math.Float64bits(a) == math.Float64bits(b)
}

// sameTokens compares token sequences: kinds, values (floats as in
// sameFloat), data and lengths.
func sameTokens(a, b []token.Token) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Kind() != y.Kind() || string(x.Data()) != string(y.Data()) || x.Len() != y.Len() {
			return false
		}
		switch x.Kind() {
		case token.KindFloat:
			if !sameFloat(x.Float(), y.Float()) {
				return false
			}
		case token.KindInt, token.KindUint, token.KindTag, token.KindBool, token.KindExt:
			if x.Uint() != y.Uint() || x.Family() != y.Family() {
				return false
			}
		}
	}
	return true
}

// bignumsAsIntegers replaces each tag 2 or 3 on a byte string in toks by
// the canonical integer token of its value.
func bignumsAsIntegers(toks []token.Token) []token.Token {
	var out []token.Token
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.Kind() == token.KindTag && (t.Tag() == 2 || t.Tag() == 3) && i+1 < len(toks) && toks[i+1].Kind() == token.KindBytes {
			var v big.Int
			v.SetBytes(toks[i+1].Data())
			if t.Tag() == 3 {
				v.Add(&v, big.NewInt(1))
				v.Neg(&v)
			}
			out = append(out, canonicalInt(v.String()))
			i++
			continue
		}
		out = append(out, t)
	}
	return out
}

func describe(toks []token.Token) string {
	s := make([]string, len(toks))
	for i, t := range toks {
		s[i] = t.String()
	}
	return strings.Join(s, " ")
}

func mathBits(f float64) uint64 { return math.Float64bits(f) }
