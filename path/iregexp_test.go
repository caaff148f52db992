package path

import (
	"strings"
	"testing"
)

// TestIRegexpMatch checks I-Regexp semantics (RFC 9485) through the
// translation: match anchors at both ends, search does not.
func TestIRegexpMatch(t *testing.T) {
	for _, tc := range []struct {
		re, s         string
		match, search bool
	}{
		{"a.c", "abc", true, true},
		{"a.c", "a\nc", false, false},   // '.' excludes LF
		{"a.c", "a\rc", false, false},   // and CR
		{"a.c", "a\u2028c", true, true}, // but not other line terminators
		{"a.c", "a\u00e9c", true, true}, // one character, two bytes
		{"b", "abc", false, true},
		{"abc", "xabcx", false, true},
		{"^a$", "a", true, true}, // '^' and '$' are anchors (see iregexp.go)
		{"^ab.*", "abc", true, true},
		{".*bc$", "abcx", false, false},
		{"^b", "ab", false, false},
		{"b$", "ab", false, true},
		{"a^b", "a^b", false, false},
		{"[$^]+", "$^", true, true}, // but not in a class
		{"a|b", "b", true, true},
		{"a|", "", true, true},
		{"()", "", true, true},
		{"(ab)*", "ababab", true, true},
		{"(ab)+", "", false, false},
		{"ab?", "a", true, true},
		{"a{2}", "aa", true, true},
		{"a{2}", "aaa", false, true},
		{"a{2,}", "aaaa", true, true},
		{"a{2,3}", "aaaa", false, true},
		{"a{0}", "", true, true},
		{"[a-c]+", "abcba", true, true},
		{"[^a]", "\n", true, true},
		{"[^a]", "a", false, false},
		{"[-a]+", "-a-", true, true},
		{"[a-]+", "a-", true, true},
		{"[--]", "-", true, true},
		{"[\\n-\\r]", "\f", true, true},
		{"[:a]+", ":a", true, true},
		{"[\\^]", "^", true, true},
		{"[$]", "$", true, true},
		{"\\^", "^", true, true},
		{"\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\\\\\-\\^", ".*+?()[]{}|\\-^", true, true},
		{"\\n\\r\\t", "\n\r\t", true, true},
		{"\\p{L}+", "aÉж", true, true},
		{"\\p{Lu}", "a", false, false},
		{"\\p{Lu}", "É", true, true},
		{"\\P{L}", "1", true, true},
		{"\\P{L}", "a", false, false},
		{"\\p{Nd}\\p{P}\\p{Zs}\\p{Sm}", "1! +", true, true},
		{"[\\p{L}\\p{Nd}]+", "a1é", true, true},
		{"[^\\p{L}]", "1", true, true},
		{"[\\P{L}]", "a", false, false},
		{"\\p{Cn}", "\u0378", true, true}, // unassigned
		{"\\p{Cn}", "a", false, false},
		{"\\P{Cn}", "a", true, true},
		{"\\P{Cn}", "\u0378", false, false},
		{"\\p{C}", "\u0378", true, true}, // C includes Cn
		{"\\p{C}", "\x00", true, true},
		{"\\p{C}", "a", false, false},
		{"\\P{C}", "a", true, true},
		{"\\P{C}", "\u0378", false, false},
		{"[a\\p{Cn}]", "\u0378", true, true},
		{"1974-05-..", "1974-05-01", true, true},
		{"[BR]ob", "Bob Dylan", false, true},
		{"Europe/.*", "Europe/Paris", true, true},
		{"é+", "éé", true, true},
		{"[à-ä]", "â", true, true},
	} {
		for _, anchored := range []bool{true, false} {
			re, err := compileIRegexp(tc.re, anchored)
			if err != nil {
				t.Errorf("compile %q: %v", tc.re, err)
				break
			}
			want := tc.search
			if anchored {
				want = tc.match
			}
			if got := re.MatchString(tc.s); got != want {
				tr, _ := translateIRegexp(tc.re)
				t.Errorf("%q (Go %q) on %q, anchored %v: %v, want %v", tc.re, tr, tc.s, anchored, got, want)
			}
		}
	}
}

func TestIRegexpInvalid(t *testing.T) {
	for _, re := range []string{
		`\d`, `\w`, `\s`, `\S`, `\i`, `\c`, `\b`, `\1`, `\x41`, `\u0041`, `\`, // not in I-Regexp
		`(?:a)`, `(?i)a`, `a*?`, `a**`, `a+*`, `*a`, `+`, `?`, `{1}`, `a{`, `a{1`, `a{,2}`, `a{2,1}`, `a{x}`,
		`(a`, `a)`, `)`, `a]`, `a}`, `]`, `}`,
		`[]`, `[^]`, `[a`, `[z-a]`, `[[]`, `[a[]`, `[\]`, `[a-\p{L}]`, `[\p{L}-z]`, `[a--]`, `[--a]`, `[\d]`,
		`\p{Xx}`, `\p{IsBasicLatin}`, `\p{L`, `\p{}`, `\pL`, `\p{Lx}`, `\p{Cs}`, `\p{LC}`,
		"a{1001}", // beyond Go's repetition limit: reported as not conforming
		"\xff",
		strings.Repeat("(", 200) + strings.Repeat(")", 200),
	} {
		if _, err := compileIRegexp(re, true); err == nil {
			tr, _ := translateIRegexp(re)
			t.Errorf("%q (Go %q) compiled, want an error", re, tr)
		}
	}
}
