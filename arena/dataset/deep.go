package dataset

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// DeepDepth is the nesting depth of mORMot's deep-content document
// (json-test-suite's sample.json).
const DeepDepth = 468

// Deep returns a document shaped like the json-test-suite sample.json that
// mORMot's deep-content test reads (687,491 bytes, 3,315 lines): a top
// object with members "a", "key" and "z", nested depth levels deep (the
// spine runs under "z"), every level holding a few siblings of every kind
// (null, true/false, integers, floats, strings, small objects and arrays),
// names and strings full of non-ASCII text (CJK, Hangul, Cyrillic, private
// use) and escapes (\uXXXX controls, \" and \\), pretty-printed with one
// space per level, so that most of its bytes are indentation. As in the
// original, a.obj.key is "wrong value". With depth 468 it is about 0.7 MB.
func Deep(depth int, seed uint64) []byte {
	g := deepGen{r: rng(seed)}
	b := []byte(`{"a":{"obj":{"key":"wrong value"}`)
	for range 3 {
		b = append(b, ',')
		b = g.str(b, 2, 12)
		b = append(b, ':')
		b = g.scalar(b)
	}
	b = append(b, `},"key":`...)
	b = g.str(b, 4, 20)
	b = append(b, `,"z":`...)
	b = g.spine(b, depth-1)
	b = append(b, '}')
	var out bytes.Buffer
	out.Grow(len(b) * 8)
	if err := json.Indent(&out, b, "", " "); err != nil {
		panic("dataset: deep document: " + err.Error())
	}
	out.WriteByte('\n')
	return out.Bytes()
}

type deepGen struct{ r rng }

// spine appends a container whose nesting goes levels deep.
func (g *deepGen) spine(b []byte, levels int) []byte {
	if levels <= 0 {
		return g.scalar(b)
	}
	obj := g.r.intn(2) == 0
	n := 2 + g.r.intn(5)
	at := g.r.intn(n)
	if obj {
		b = append(b, '{')
	} else {
		b = append(b, '[')
	}
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		if obj {
			b = g.str(b, 1, 10)
			b = append(b, ':')
		}
		switch {
		case i == at:
			b = g.spine(b, levels-1)
		case levels > 1 && g.r.intn(7) == 0:
			b = g.small(b)
		default:
			b = g.scalar(b)
		}
	}
	if obj {
		return append(b, '}')
	}
	return append(b, ']')
}

// small appends a flat object or array of up to four scalars.
func (g *deepGen) small(b []byte) []byte {
	obj := g.r.intn(2) == 0
	n := g.r.intn(5)
	if obj {
		b = append(b, '{')
	} else {
		b = append(b, '[')
	}
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		if obj {
			b = g.str(b, 1, 10)
			b = append(b, ':')
		}
		b = g.scalar(b)
	}
	if obj {
		return append(b, '}')
	}
	return append(b, ']')
}

// scalar appends null, a literal, an integer, a float or a string.
func (g *deepGen) scalar(b []byte) []byte {
	r := &g.r
	switch r.intn(5) {
	case 0:
		return append(b, "null"...)
	case 1:
		return strconv.AppendBool(b, r.intn(2) == 0)
	case 2:
		return strconv.AppendInt(b, int64(r.next()>>uint(1+r.intn(63)))-int64(r.intn(1000)), 10)
	case 3:
		f := float64(int64(r.next()>>11)) / float64(uint64(1)<<uint(r.intn(60)))
		if r.intn(2) == 0 {
			f = -f
		}
		return strconv.AppendFloat(b, f, 'g', -1, 64)
	}
	return g.str(b, 1, 40)
}

// deepScripts are the code point ranges strings draw from.
var deepScripts = [][2]rune{
	{'a', 'z'}, {'A', 'Z'}, {'0', '9'}, {0x4E00, 0x9FFF}, {0xAC00, 0xD7A3},
	{0x0400, 0x04FF}, {0xE000, 0xF8FF}, {0x1E00, 0x1FFF}, {0x3000, 0x30FF},
}

// str appends a quoted string of min to max characters: mostly raw
// non-ASCII text, with a few escapes.
func (g *deepGen) str(b []byte, min, max int) []byte {
	r := &g.r
	b = append(b, '"')
	for range min + r.intn(max-min+1) {
		switch p := r.intn(40); {
		case p == 0:
			b = append(b, `\u00`...)
			b = append(b, "0123456789abcdef"[r.intn(2)], "0123456789abcdef"[r.intn(16)])
		case p == 1:
			b = append(b, `\"`...)
		case p == 2:
			b = append(b, `\\`...)
		default:
			s := deepScripts[r.intn(len(deepScripts))]
			b = utf8.AppendRune(b, s[0]+rune(r.intn(int(s[1]-s[0]+1))))
		}
	}
	return append(b, '"')
}
