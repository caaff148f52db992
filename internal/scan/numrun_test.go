package scan

import (
	"strings"
	"testing"
)

func checkNumberRun(t *testing.T, s string) {
	t.Helper()
	k, code := Number([]byte(s), true)
	want := code == OK && k == len(s) && len(s) > 0
	for _, pad := range []int{0, 30} { // short buffers take the slow path
		b := []byte("[" + s + "]" + strings.Repeat(" ", pad))
		if got := NumberRun(b, 1, 1+len(s)); got != want {
			t.Errorf("NumberRun(%q) (pad %d) = %v, want %v", s, pad, got, want)
		}
	}
}

func TestNumberRun(t *testing.T) {
	for _, s := range []string{
		"0", "-0", "1", "-1", "10", "01", "-01", "00", "0.5", "-0.5", "1.", ".5", "-", "--1", "1.2.3",
		"1e5", "1E+5", "-1.5e-7", "1e", "12345678901234567890", "-65.613616999999977", "123456789012345678901234",
		"1234567890123456789012345", "1-2", "1.-2", "+1", "0x10", "1a", "١", "1\xff", "-.5", "0.", "-65.61361699999997700000",
		"12345678", "1234567.", "-1234567", "1234567.9", "-0.00001", "-0.000001", "0.000001", "00000000", "-0000000",
		"123456789012345.", "1234567890123456", "-123456789012345", "12345678.0123456", "-1234567.0123456", "1234567890123456.",
		"12345678901234567", "1234567890123456.8", "-12345678901234567.9", "-1.34567890123456789012", "-12345678901234567890123",
		"-123456789012345678901.", "1.2345678901234567890.23", "01234567890123456789", "-0.1234567890123456789012", "9.", "-9.0",
	} {
		checkNumberRun(t, s)
	}
}

func FuzzNumberRun(f *testing.F) {
	for _, s := range []string{"0", "-1.5", "1e9", "-65.613616999999977", "01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if strings.ContainsAny(s, " \t\r\n,]}:[{\"") {
			return // a run never holds a delimiter
		}
		checkNumberRun(t, s)
	})
}

// shortNumberAlphabet holds digits, the number's other bytes, the bytes
// next to the digits and '.', and bytes >= 0x80 whose carries or borrows
// change the non-digit flags of the bytes after them.
const shortNumberAlphabet = "0159-.+eE/:\x00\x7f\x80\xaf\xb0\xb9\xba\xff"

// checkShortNumber checks shortNumber on the run s: it must never take a
// run that is not a number, and must take every number of up to 24 bytes
// without an exponent (the fast path's reach).
func checkShortNumber(t *testing.T, s string) {
	t.Helper()
	if s == "" || s[0] != '-' && !isDigit(s[0]) || len(s) > 24 {
		return // not shortNumber's input
	}
	k, code := Number([]byte(s), true)
	valid := code == OK && k == len(s)
	var q [24]byte
	for i := range q {
		q[i] = shortNumberAlphabet[(i*7+len(s))%len(shortNumberAlphabet)] // bytes after the run are any
	}
	copy(q[:], s)
	got := shortNumber(&q, len(s))
	if got && !valid {
		t.Errorf("shortNumber(%q) takes a run that is not a number", s)
	}
	if !got && valid && !strings.ContainsAny(s, "eE") {
		t.Errorf("shortNumber(%q) leaves a usual number to Number", s)
	}
}

func TestShortNumber(t *testing.T) {
	// Every run of up to four bytes over the alphabet, and of five with
	// the first byte a digit or '-'.
	a := shortNumberAlphabet
	var rec func(s string, n int)
	rec = func(s string, n int) {
		checkShortNumber(t, s)
		if n == 0 {
			return
		}
		for i := range len(a) {
			rec(s+a[i:i+1], n-1)
		}
	}
	rec("", 4)
	for _, c := range "-019" {
		for i := range len(a) {
			for j := range len(a) {
				for k := range len(a) {
					for l := range len(a) {
						checkShortNumber(t, string(c)+a[i:i+1]+a[j:j+1]+a[k:k+1]+a[l:l+1])
					}
				}
			}
		}
	}
	// Long runs: usual numbers with one byte replaced, at every position.
	for _, s := range []string{"-65.613616999999977", "43.420273000000009", "123456789012345678901234",
		"-1234567890123456789012.5", "0.12345678901234567890123", "-0.1234567890123456789012", "1234567.9",
		"12345678.0123456", "9"} {
		checkShortNumber(t, s)
		for i := range len(s) {
			for j := range len(a) {
				checkShortNumber(t, s[:i]+a[j:j+1]+s[i+1:])
				checkShortNumber(t, s[:i]+a[j:j+1]) // cut after it
			}
		}
	}
}
