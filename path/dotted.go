package path

import (
	"github.com/celerjson/celer/dom"
)

// Dotted is a parsed dotted path, the notation of the seeds and of many
// configuration tools: glossary.GlossDiv.GlossList.GlossEntry.GlossDef.GlossSeeAlso[0].
//
// Grammar:
//
//	dotted  = "" / first *( "." name / bracket )
//	first   = name / bracket
//	name    = 1*( any character but "." "[" "]" )
//	bracket = "[" ( index / quoted ) "]"
//	index   = "0" / %x31-39 *DIGIT        ; no leading zeros
//	quoted  = a string in single or double quotes, with the escapes of
//	          JSONPath string literals (JSON's, plus \' in single quotes)
//
// A name selects an object member; a name that is an index (digits
// without a leading zero) also selects that element of an array, as in
// JSON Pointer. [index] selects array elements only, and a quoted name
// object members only: write a["b.c"] or a['x[1]'] for names with dots or
// brackets, and a[""] for the empty name. The empty path selects the whole
// value.
type Dotted struct {
	src   string
	steps []rawStep
}

// CompileDotted parses a dotted path; a malformed one is reported as a
// *Error giving the offset.
func CompileDotted(s string) (d Dotted, err error) {
	p := parser{s: s}
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(*parseError)
			if !ok {
				panic(r)
			}
			d, err = Dotted{}, &Error{Expr: s, Offset: pe.off, Msg: pe.msg, Syntax: syntaxDotted}
		}
	}()
	if i := invalidUTF8(s); i >= 0 {
		p.fail(i, "invalid UTF-8")
	}
	d.src = s
	for p.i < len(s) {
		switch c := s[p.i]; {
		case c == '[':
			d.steps = append(d.steps, p.dottedBracket())
		case c == '.' && len(d.steps) > 0:
			p.i++
			if p.i >= len(s) || s[p.i] == '.' || s[p.i] == '[' || s[p.i] == ']' {
				p.fail(p.i, "expected a member name after '.', found %s", p.found())
			}
			d.steps = append(d.steps, p.dottedName())
		case len(d.steps) == 0 && c != '.' && c != ']':
			d.steps = append(d.steps, p.dottedName())
		default:
			p.fail(p.i, "expected '.' or '[', found %s", p.found())
		}
	}
	return d, nil
}

// MustCompileDotted is like CompileDotted but panics on an invalid path.
func MustCompileDotted(s string) Dotted {
	d, err := CompileDotted(s)
	if err != nil {
		panic(err)
	}
	return d
}

// dottedName parses a name up to the next '.', '[' or ']'.
func (p *parser) dottedName() rawStep {
	start := p.i
	for p.i < len(p.s) && p.s[p.i] != '.' && p.s[p.i] != '[' && p.s[p.i] != ']' {
		p.i++
	}
	name := p.s[start:p.i]
	return rawStep{kind: rawEither, name: name, index: arrayIndex(name)}
}

// dottedBracket parses "[" ( index / quoted ) "]".
func (p *parser) dottedBracket() rawStep {
	p.i++
	var s rawStep
	switch c := p.at(); {
	case c == '\'' || c == '"':
		s = rawStep{kind: rawName, name: p.stringLit()}
	case isDigit(c):
		start := p.i
		for isDigit(p.at()) {
			p.i++
		}
		idx := arrayIndex(p.s[start:p.i])
		if idx < 0 {
			if p.s[start] == '0' {
				p.fail(start, "index with a leading zero")
			}
			p.fail(start, "index too large")
		}
		s = rawStep{kind: rawIndex, index: idx}
	default:
		p.fail(p.i, "expected an index or a quoted name after '[', found %s", p.found())
	}
	p.expect(']', "']'")
	return s
}

// String returns the path as it was compiled.
func (d Dotted) String() string { return d.src }

// Lookup returns the value the path selects in v, or an Invalid value.
func (d Dotted) Lookup(v dom.Value) dom.Value { return lookupSteps(d.steps, v) }

// LookupNode returns the value the path selects in v with its Normalized
// Path, and whether there is one.
func (d Dotted) LookupNode(v dom.Value) (Node, bool) { return lookupNode(d.steps, v) }

// LookupBytes returns the text of the value the path selects in the JSON
// text b (a slice of b), or nil if there is none, walking the bytes
// without building a DOM; see Pointer.LookupBytes.
func (d Dotted) LookupBytes(b []byte, o ...Options) ([]byte, error) {
	return lookupRaw(b, d.steps, o)
}

// Pointer returns the JSON Pointer with the same reference tokens. An
// [index] step becomes a numeric token, which JSON Pointer also applies to
// objects.
func (d Dotted) Pointer() Pointer {
	b := make([]byte, 0, len(d.src)+len(d.steps))
	for _, s := range d.steps {
		b = append(b, '/')
		if s.kind == rawIndex {
			b = appendInt(b, s.index)
		} else {
			b = AppendPointerToken(b, s.name)
		}
	}
	p, _ := CompilePointer(string(b))
	return p
}
