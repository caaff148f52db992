package msgpack

import (
	"testing"
	"unicode/utf8"
)

// TestValidShort compares validShort with utf8.ValidString on the edges
// of every sequence length, at every position in a word.
func TestValidShort(t *testing.T) {
	seqs := []string{"", "a", "\x7f", "\x80", "\xc1\xbf", "\xc2\x80", "\xdf\xbf", "\xdf\xc0", "\xdf",
		"\xe0\x9f\xbf", "\xe0\xa0\x80", "\xe1\x80\x80", "\xec\xbf\xbf", "\xed\x9f\xbf", "\xed\xa0\x80",
		"\xee\x80\x80", "\xef\xbf\xbf", "\xef\xbf", "\xef\xbf\x7f", "\xf0\x8f\xbf\xbf", "\xf0\x90\x80\x80",
		"\xf3\xbf\xbf\xbf", "\xf4\x8f\xbf\xbf", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80", "\xff", "\xf0\x90\x80",
		"\xf0\x90\x80\xc0", "é", "￰", "😀"}
	n := 0
	for _, a := range seqs {
		for _, b := range seqs {
			for pad := range 20 {
				s := "0123456789abcdefghij"[:pad] + a + "xyz" + b
				for _, x := range []string{s, s + "0123456789"} {
					if got, want := validShort(x), utf8.ValidString(x); got != want {
						t.Errorf("validShort(%q) = %v, want %v", x, got, want)
					}
					n++
				}
			}
		}
	}
	t.Logf("%d strings", n)
}

// FuzzValidShort: validShort agrees with utf8.ValidString on any string.
func FuzzValidShort(f *testing.F) {
	f.Add("￰w6l6w6di")
	f.Add("Claudè1\n\a")
	f.Add("\xed\xa0\x80abcdefgh")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := validShort(s), utf8.ValidString(s); got != want {
			t.Fatalf("validShort(%q) = %v, want %v", s, got, want)
		}
	})
}
