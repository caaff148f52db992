package path

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/celerjson/celer/dom"
)

// The parser is a recursive descent over the ABNF of RFC 9535 (collected in
// its Appendix A), one method per rule. Errors abort the parse by panicking
// with a *parseError, which Compile recovers; this keeps the many "expect
// this byte" checks to one line each.

// maxNesting bounds the nesting of parentheses, filters and function
// calls, so that a hostile query cannot exhaust the stack.
const maxNesting = 200

// maxSafeInt is the largest integer in the I-JSON range, (2^53)-1.
const maxSafeInt = 1<<53 - 1

type parseError struct {
	off int
	msg string
}

type parser struct {
	s     string
	i     int
	depth int
	// absolute is set when a filter holds an absolute query ($...).
	absolute bool
}

func (p *parser) fail(off int, format string, args ...any) {
	panic(&parseError{off, fmt.Sprintf(format, args...)})
}

// at returns the byte at the cursor, or 0 at the end.
func (p *parser) at() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

// peek returns the byte k bytes past the cursor, or 0 past the end.
func (p *parser) peek(k int) byte {
	if p.i+k < len(p.s) {
		return p.s[p.i+k]
	}
	return 0
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// skipS skips optional blank space (rule S).
func (p *parser) skipS() {
	for p.i < len(p.s) && isBlank(p.s[p.i]) {
		p.i++
	}
}

// expect consumes c or fails.
func (p *parser) expect(c byte, what string) {
	if p.at() != c {
		p.fail(p.i, "expected %s, found %s", what, p.found())
	}
	p.i++
}

// found describes what is at the cursor, for messages.
func (p *parser) found() string {
	if p.i >= len(p.s) {
		return "end of query"
	}
	r, _ := utf8.DecodeRuneInString(p.s[p.i:])
	switch r {
	case ' ':
		return "blank space"
	case '\t':
		return "tab"
	case '\n':
		return "line feed"
	case '\r':
		return "carriage return"
	}
	return strconv.QuoteRune(r)
}

func (p *parser) enter() {
	p.depth++
	if p.depth > maxNesting {
		p.fail(p.i, "expression nested more than %d levels deep", maxNesting)
	}
}

func (p *parser) leave() { p.depth-- }

// run parses a whole query.
func (p *parser) run() []segment {
	if i := invalidUTF8(p.s); i >= 0 {
		p.fail(i, "invalid UTF-8")
	}
	if p.at() != '$' {
		if p.i < len(p.s) && isBlank(p.s[p.i]) {
			p.fail(p.i, "blank space before '$'")
		}
		p.fail(p.i, "a JSONPath query starts with '$', found %s", p.found())
	}
	p.i++
	segs := p.segments()
	if p.i < len(p.s) {
		if isBlank(p.s[p.i]) {
			j := p.i
			for j < len(p.s) && isBlank(p.s[j]) {
				j++
			}
			if j == len(p.s) {
				p.fail(p.i, "blank space at the end of the query")
			}
			p.fail(j, "expected '.', '..' or '[', found %s", (&parser{s: p.s, i: j}).found())
		}
		p.fail(p.i, "expected '.', '..' or '[', found %s", p.found())
	}
	return segs
}

// invalidUTF8 returns the offset of the first invalid UTF-8 byte in s, or
// -1.
func invalidUTF8(s string) int {
	if utf8.ValidString(s) {
		return -1
	}
	for i, r := range s {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				return i
			}
		}
	}
	return -1
}

// segments parses *(S segment).
func (p *parser) segments() []segment {
	var segs []segment
	for {
		save := p.i
		p.skipS()
		switch p.at() {
		case '[':
			segs = append(segs, segment{sels: p.bracketed()})
		case '.':
			if p.peek(1) == '.' {
				p.i += 2
				switch {
				case p.at() == '[':
					segs = append(segs, segment{desc: true, sels: p.bracketed()})
				case p.at() == '*':
					p.i++
					segs = append(segs, segment{desc: true, sels: []selector{{kind: selWildcard}}})
				case p.nameFirst():
					segs = append(segs, segment{desc: true, sels: []selector{{kind: selName, name: p.shorthand()}}})
				default:
					p.fail(p.i, "expected a member name, '*' or '[' after '..', found %s", p.found())
				}
				continue
			}
			p.i++
			switch {
			case p.at() == '*':
				p.i++
				segs = append(segs, segment{sels: []selector{{kind: selWildcard}}})
			case p.nameFirst():
				segs = append(segs, segment{sels: []selector{{kind: selName, name: p.shorthand()}}})
			default:
				p.fail(p.i, "expected a member name or '*' after '.', found %s", p.found())
			}
		default:
			p.i = save
			markTails(segs)
			return segs
		}
	}
}

// markTails sets the tail flag of the segments from which on segs is
// singular.
func markTails(segs []segment) {
	for k := len(segs) - 1; k >= 0 && singularSegs(segs[k:k+1]); k-- {
		segs[k].tail = true
	}
	for k := range segs {
		for i := range segs[k].sels {
			if sel := &segs[k].sels[i]; sel.kind == selName {
				sel.nameB = []byte(sel.name)
				sel.key = dom.MakeName(sel.name)
			}
		}
	}
	// From the end back, while the segments are single names.
	var names []dom.Name
	for k := len(segs) - 1; k >= 0 && segs[k].tail && segs[k].sels[0].kind == selName; k-- {
		names = append([]dom.Name{segs[k].sels[0].key}, names...)
		segs[k].names = names
	}
}

// nameFirst reports whether the cursor is at a name-first character.
func (p *parser) nameFirst() bool {
	c := p.at()
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_':
		return true
	case c >= 0x80:
		return true // valid UTF-8 was checked: any non-ASCII scalar value
	}
	return false
}

// shorthand parses member-name-shorthand.
func (p *parser) shorthand() string {
	start := p.i
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_', isDigit(c):
			p.i++
		case c >= 0x80:
			_, n := utf8.DecodeRuneInString(p.s[p.i:])
			p.i += n
		default:
			return p.s[start:p.i]
		}
	}
	return p.s[start:p.i]
}

// bracketed parses bracketed-selection.
func (p *parser) bracketed() (sels []selector) {
	open := p.i
	p.i++
	p.skipS()
	for {
		sels = append(sels, p.selector())
		p.skipS()
		switch p.at() {
		case ',':
			p.i++
			p.skipS()
		case ']':
			p.i++
			return sels
		case 0:
			if p.i >= len(p.s) {
				p.fail(p.i, "missing ']' for the '[' at offset %d", open)
			}
			fallthrough
		default:
			p.fail(p.i, "expected ',' or ']', found %s", p.found())
		}
	}
}

// selector parses one selector.
func (p *parser) selector() selector {
	switch c := p.at(); {
	case c == '\'' || c == '"':
		return selector{kind: selName, name: p.stringLit()}
	case c == '*':
		p.i++
		return selector{kind: selWildcard}
	case c == '?':
		p.i++
		p.skipS()
		p.enter()
		e := p.asLogical(p.or())
		p.leave()
		return selector{kind: selFilter, filter: e}
	case c == '-' || isDigit(c) || c == ':':
		return p.indexOrSlice()
	}
	p.fail(p.i, "expected a selector (quoted name, '*', index, slice or '?' filter), found %s", p.found())
	panic("unreachable")
}

// indexOrSlice parses index-selector or slice-selector.
func (p *parser) indexOrSlice() selector {
	sel := selector{kind: selIndex, step: 1}
	if p.at() != ':' {
		sel.index = p.int()
		sel.hasStart = true
		save := p.i
		p.skipS()
		if p.at() != ':' {
			p.i = save
			return sel
		}
	}
	sel.kind = selSlice
	p.i++ // ':'
	p.skipS()
	if c := p.at(); c == '-' || isDigit(c) {
		sel.end = p.int()
		sel.hasEnd = true
		p.skipS()
	}
	if p.at() == ':' {
		p.i++
		save := p.i
		p.skipS()
		if c := p.at(); c == '-' || isDigit(c) {
			sel.step = p.int()
		} else {
			p.i = save
		}
	}
	return sel
}

// int parses int, within the I-JSON range.
func (p *parser) int() int {
	start := p.i
	if p.at() == '-' {
		p.i++
	}
	if !isDigit(p.at()) {
		p.fail(p.i, "expected a digit, found %s", p.found())
	}
	if p.at() == '0' {
		if p.i > start {
			p.fail(start, "-0 is not a valid integer here")
		}
		p.i++
		if isDigit(p.at()) {
			p.fail(start, "integer with a leading zero")
		}
		return 0
	}
	for isDigit(p.at()) {
		p.i++
	}
	text := p.s[start:p.i]
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil || n > maxSafeInt || n < -maxSafeInt {
		p.fail(start, "integer %s is outside the I-JSON range [-(2^53)+1, (2^53)-1]", text)
	}
	return int(n)
}

// stringLit parses string-literal and returns its value.
func (p *parser) stringLit() string {
	start := p.i
	q := p.s[p.i]
	p.i++
	// Fast path: no escapes.
	for j := p.i; j < len(p.s); j++ {
		c := p.s[j]
		if c == q {
			s := p.s[p.i:j]
			p.i = j + 1
			return s
		}
		if c == '\\' || c < 0x20 {
			break
		}
	}
	var buf []byte
	for {
		if p.i >= len(p.s) {
			p.fail(start, "unterminated string literal")
		}
		c := p.s[p.i]
		switch {
		case c == q:
			p.i++
			return string(buf)
		case c < 0x20:
			p.fail(p.i, "control character U+%04X in a string literal must be escaped", c)
		case c != '\\':
			buf = append(buf, c)
			p.i++
			continue
		}
		esc := p.i
		p.i++
		switch e := p.at(); e {
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case '/', '\\':
			buf = append(buf, e)
		case '\'', '"':
			if e != q {
				p.fail(esc, "\\%c is not a valid escape in a string delimited by %c", e, q)
			}
			buf = append(buf, e)
		case 'u':
			p.i++
			r := p.hex4()
			switch {
			case r >= 0xDC00 && r <= 0xDFFF:
				p.fail(esc, "unpaired low surrogate \\u%04X", r)
			case r >= 0xD800 && r <= 0xDBFF:
				if p.at() != '\\' || p.peek(1) != 'u' {
					p.fail(esc, "high surrogate \\u%04X not followed by a low surrogate escape", r)
				}
				esc2 := p.i
				p.i += 2
				r2 := p.hex4()
				if r2 < 0xDC00 || r2 > 0xDFFF {
					p.fail(esc2, "high surrogate \\u%04X followed by \\u%04X, not a low surrogate", r, r2)
				}
				r = 0x10000 + (r-0xD800)<<10 + (r2 - 0xDC00)
			}
			buf = utf8.AppendRune(buf, r)
			continue
		default:
			if p.i >= len(p.s) {
				p.fail(start, "unterminated string literal")
			}
			r, _ := utf8.DecodeRuneInString(p.s[p.i:])
			p.fail(esc, "invalid escape in a string literal: backslash followed by %s", strconv.QuoteRune(r))
		}
		p.i++
	}
}

// hex4 parses the four hex digits of a \u escape.
func (p *parser) hex4() rune {
	var r rune
	for k := 0; k < 4; k++ {
		c := p.at()
		var d byte
		switch {
		case isDigit(c):
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			p.fail(p.i, "invalid \\u escape: expected a hex digit, found %s", p.found())
		}
		r = r<<4 | rune(d)
		p.i++
	}
	return r
}
