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
