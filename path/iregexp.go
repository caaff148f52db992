package path

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// I-Regexp (RFC 9485) is translated to Go's RE2 syntax, then compiled by
// package regexp. The translation parses the I-Regexp grammar exactly, so
// that anything outside it (multi-character escapes such as \d, back
// references, lazy quantifiers, anchors...) is rejected rather than given
// Go's meaning, and rewrites the constructs whose meaning differs:
//
//   - '.' matches any character but \n and \r: [^\n\r];
//   - '^' and '$' outside classes pass through, so they act as anchors at
//     the start and the end of the string. RFC 9485 is at odds with itself
//     here: its grammar lists them as ordinary characters (XSD semantics),
//     while the mappings of its section 5 to ECMAScript, PCRE and RE2 leave
//     them as they are, which makes them anchors; implementations and the
//     JSONPath compliance test suite follow the mappings, and so does celer
//     (for match(), which is anchored anyway, a leading ^ and a trailing $
//     change nothing);
//   - \p{..} and \P{..} keep their form: Go knows every category of
//     RFC 9485 (Cn included), per Go's Unicode version;
//   - characters inside a class are written as \x{...}, so that no
//     character can take a special meaning in Go's class syntax ("[:").
//
// match() anchors the pattern at both ends of the string (\A(?:...)\z);
// search() looks for it anywhere. Go's regexp runs in linear time, as RFC
// 9485 section 8 recommends. Go limits counted repetition to 1000; a
// pattern beyond that fails to compile, which match and search treat as a
// pattern that does not conform.

// maxRegexpNesting bounds group nesting in a pattern.
const maxRegexpNesting = 100

var errRegexp = errors.New("not a valid I-Regexp")

// compileIRegexp compiles an I-Regexp; with anchored, it must match the
// whole string.
func compileIRegexp(pattern string, anchored bool) (*regexp.Regexp, error) {
	t := reTranslator{s: pattern}
	if !utf8.ValidString(pattern) {
		return nil, errRegexp
	}
	if anchored {
		t.out.WriteString(`\A(?:`)
	}
	if !t.regexp() || t.i != len(t.s) {
		return nil, errRegexp
	}
	if anchored {
		t.out.WriteString(`)\z`)
	}
	return regexp.Compile(t.out.String())
}

// translateIRegexp returns the Go syntax for an I-Regexp, for tests.
func translateIRegexp(pattern string) (string, bool) {
	t := reTranslator{s: pattern}
	ok := utf8.ValidString(pattern) && t.regexp() && t.i == len(t.s)
	return t.out.String(), ok
}

type reTranslator struct {
	s     string
	i     int
	depth int
	out   strings.Builder
}

func (t *reTranslator) at() rune {
	if t.i >= len(t.s) {
		return -1
	}
	r, _ := utf8.DecodeRuneInString(t.s[t.i:])
	return r
}

func (t *reTranslator) next() rune {
	r, n := utf8.DecodeRuneInString(t.s[t.i:])
	t.i += n
	return r
}

// regexp translates i-regexp = branch *( "|" branch ).
func (t *reTranslator) regexp() bool {
	if !t.branch() {
		return false
	}
	for t.at() == '|' {
		t.i++
		t.out.WriteByte('|')
		if !t.branch() {
			return false
		}
	}
	return true
}

// branch translates branch = *piece.
func (t *reTranslator) branch() bool {
	for t.i < len(t.s) && t.s[t.i] != '|' && t.s[t.i] != ')' {
		if !t.piece() {
			return false
		}
	}
	return true
}

// piece translates piece = atom [ quantifier ].
func (t *reTranslator) piece() bool {
	if !t.atom() {
		return false
	}
	switch t.at() {
	case '*', '+', '?':
		t.out.WriteByte(t.s[t.i])
		t.i++
	case '{':
		t.i++
		lo, ok := t.quantExact()
		if !ok {
			return false
		}
		t.out.WriteByte('{')
		t.out.WriteString(strconv.Itoa(lo))
		if t.at() == ',' {
			t.i++
			t.out.WriteByte(',')
			if t.at() != '}' {
				hi, ok := t.quantExact()
				if !ok || hi < lo {
					return false
				}
				t.out.WriteString(strconv.Itoa(hi))
			}
		}
		if t.at() != '}' {
			return false
		}
		t.i++
		t.out.WriteByte('}')
	}
	return true
}

// quantExact parses 1*DIGIT, capped so that it cannot overflow (Go rejects
// counts above 1000 anyway).
func (t *reTranslator) quantExact() (int, bool) {
	start := t.i
	n := 0
	for t.i < len(t.s) && isDigit(t.s[t.i]) {
		if n < 1e6 {
			n = n*10 + int(t.s[t.i]-'0')
		}
		t.i++
	}
	return n, t.i > start
}

// atom translates atom = NormalChar / charClass / ( "(" i-regexp ")" ).
func (t *reTranslator) atom() bool {
	switch r := t.at(); r {
	case '(':
		t.i++
		t.depth++
		if t.depth > maxRegexpNesting {
			return false
		}
		t.out.WriteString("(?:")
		if !t.regexp() || t.at() != ')' {
			return false
		}
		t.i++
		t.depth--
		t.out.WriteByte(')')
		return true
	case '.':
		t.i++
		t.out.WriteString(`[^\n\r]`)
		return true
	case '[':
		return t.classExpr()
	case '\\':
		if c := t.peekByte(1); c == 'p' || c == 'P' {
			cls, ok := t.catEsc()
			if ok {
				t.out.WriteByte('[')
				t.out.WriteString(cls)
				t.out.WriteByte(']')
			}
			return ok
		}
		c, ok := t.singleCharEsc()
		if ok {
			writeLiteral(&t.out, c)
		}
		return ok
	case ')', '*', '+', '?', ']', '{', '|', '}', -1:
		return false
	case '^', '$': // anchors (see above)
		t.i++
		t.out.WriteByte(byte(r))
		return true
	default:
		t.next()
		writeLiteral(&t.out, r)
		return true
	}
}

func (t *reTranslator) peekByte(k int) byte {
	if t.i+k < len(t.s) {
		return t.s[t.i+k]
	}
	return 0
}

// writeLiteral writes r as a Go regexp matching exactly r.
func writeLiteral(b *strings.Builder, r rune) {
	if r < utf8.RuneSelf && strings.IndexByte(`\.+*?()|[]{}^$`, byte(r)) >= 0 {
		b.WriteByte('\\')
		b.WriteByte(byte(r))
		return
	}
	if r < 0x20 || r == 0x7f {
		writeHex(b, r)
		return
	}
	b.WriteRune(r)
}

func writeHex(b *strings.Builder, r rune) {
	b.WriteString(`\x{`)
	b.WriteString(strconv.FormatInt(int64(r), 16))
	b.WriteByte('}')
}

// singleCharEsc parses SingleCharEsc and returns the character it stands
// for.
func (t *reTranslator) singleCharEsc() (rune, bool) {
	if t.i+1 >= len(t.s) {
		return 0, false
	}
	c := t.s[t.i+1]
	t.i += 2
	switch c {
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	case '(', ')', '*', '+', '-', '.', '?', '[', '\\', ']', '^', '{', '|', '}':
		return rune(c), true
	}
	return 0, false
}

// catEsc parses catEsc or complEsc (\p{..} or \P{..}) and returns the
// contents of a Go character class matching the same characters.
func (t *reTranslator) catEsc() (string, bool) {
	neg := t.s[t.i+1] == 'P'
	t.i += 2
	if t.at() != '{' {
		return "", false
	}
	end := strings.IndexByte(t.s[t.i:], '}')
	if end < 0 {
		return "", false
	}
	prop := t.s[t.i+1 : t.i+end]
	t.i += end + 1
	if !validCategory(prop) {
		return "", false
	}
	return categoryClass(prop, neg), true
}

// validCategory reports whether prop is an IsCategory of RFC 9485.
func validCategory(prop string) bool {
	if len(prop) == 0 || len(prop) > 2 {
		return false
	}
	subs := map[byte]string{'L': "lmotu", 'M': "cen", 'N': "dlo", 'P': "cdefios", 'Z': "lps", 'S': "ckmo", 'C': "cfno"}[prop[0]]
	if subs == "" {
		return false
	}
	return len(prop) == 1 || strings.IndexByte(subs, prop[1]) >= 0
}

// categoryClass returns the contents of a Go character class for \p{prop}
// or, with neg, \P{prop}. Go's Unicode tables have every category of
// RFC 9485, Cn (unassigned) included, and Go's C includes Cn as Unicode's
// does.
func categoryClass(prop string, neg bool) string {
	if neg {
		return `\P{` + prop + `}`
	}
	return `\p{` + prop + `}`
}

// classExpr translates charClassExpr =
// "[" [ "^" ] ( "-" / CCE1 ) *CCE1 [ "-" ] "]".
func (t *reTranslator) classExpr() bool {
	t.i++ // '['
	t.out.WriteByte('[')
	if t.at() == '^' {
		t.i++
		t.out.WriteByte('^')
	}
	first := true
	for {
		switch r := t.at(); {
		case r == -1:
			return false
		case r == ']':
			if first {
				return false
			}
			t.i++
			t.out.WriteByte(']')
			return true
		case r == '-':
			// Allowed first, or last just before ']'.
			if !first && t.peekByte(1) != ']' {
				return false
			}
			t.i++
			writeHex(&t.out, '-')
		default:
			if !t.cce1() {
				return false
			}
		}
		first = false
	}
}

// cce1 translates CCE1 = ( CCchar [ "-" CCchar ] ) / charClassEsc.
func (t *reTranslator) cce1() bool {
	if t.at() == '\\' {
		if c := t.peekByte(1); c == 'p' || c == 'P' {
			cls, ok := t.catEsc()
			t.out.WriteString(cls)
			return ok
		}
	}
	lo, ok := t.ccChar()
	if !ok {
		return false
	}
	writeHex(&t.out, lo)
	if t.at() == '-' && t.peekByte(1) != ']' {
		t.i++
		hi, ok := t.ccChar()
		if !ok || hi < lo {
			return false
		}
		t.out.WriteByte('-')
		writeHex(&t.out, hi)
	}
	return true
}

// ccChar parses CCchar: a character other than '-', '[', '\' and ']', or a
// SingleCharEsc.
func (t *reTranslator) ccChar() (rune, bool) {
	switch r := t.at(); r {
	case '\\':
		if c := t.peekByte(1); c == 'p' || c == 'P' {
			return 0, false
		}
		return t.singleCharEsc()
	case '-', '[', ']', -1:
		return 0, false
	default:
		t.next()
		return r, true
	}
}
