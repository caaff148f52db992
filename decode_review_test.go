package celer

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// sameAsStd decodes doc into any with Unmarshal and encoding/json and
// reports a difference: in the error (message and offset), or in the
// value (floats bit for bit, -0 included).
func sameAsStd(doc []byte) string {
	var got, want any
	gerr := Unmarshal(doc, &got)
	werr := json.Unmarshal(doc, &want)
	if (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
		return fmt.Sprintf("%q: error %v, want %v", doc, gerr, werr)
	}
	if gerr != nil {
		return ""
	}
	if !sameBits(got, want) {
		return fmt.Sprintf("%q: got %#v, want %#v", doc, got, want)
	}
	return ""
}

// sameBits is reflect.DeepEqual with floats compared bit for bit.
func sameBits(a, b any) bool {
	switch a := a.(type) {
	case float64:
		b, ok := b.(float64)
		return ok && math.Float64bits(a) == math.Float64bits(b)
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !sameBits(a[i], b[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			if w, ok := b[k]; !ok || !sameBits(v, w) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

// TestUnmarshalAnyNumbersStd checks numbers decoded into any against
// encoding/json, bit for bit and error for error: numbers of every shape
// oFloat's fast path takes or leaves, followed by every byte, at every
// distance from the end of the input (so from the end of its window).
func TestUnmarshalAnyNumbersStd(t *testing.T) {
	nums := []string{
		"0", "-0", "-0.0", "-0.000", "1", "-1", "0.5", "-", "-.5", ".5", "1.", "-1.", "01", "-01", "00", "0.", "1.e5",
		"9007199254740991", "9007199254740992", "9007199254740993", "-9007199254740993", "9007199254740993.0",
		"900719925474099.3", "9007199254740992.5", "18014398509481985", "1234567890123456789", "9999999999999999999",
		"12345678901234567890", "18446744073709551615", "18446744073709551616", "123456789012345678901234567890",
		"0.1", "0.30000000000000004", "1.0000000000000002", "0.0000000000000000001", "0.00000000000000000001",
		"4.9406564584124654e-324", "5e-324", "2e-324", "2.2250738585072011e-308", "2.2250738585072014e-308",
		"1.7976931348623157e308", "1.7976931348623159e308", "1e400", "-1e400", "1e-400",
		"3.14159265358979323846264338327950288", "0.000000000000000000000000000000000001",
		"-86.51557", "33.584132", "-65.613616999999977", "179769313486231570000000000000000000000", "1e", "1e+", "1.5E-3",
		"0.1234567890123456789", "0.12345678901234567890", "123456789.0123456789", "12345678901.23456789",
	}
	r := rand.New(rand.NewPCG(83, 1))
	for range 400 {
		ni, nf := r.IntN(24), r.IntN(24)-1
		var b strings.Builder
		if r.IntN(3) == 0 {
			b.WriteByte('-')
		}
		for i := range ni {
			c := byte('0' + r.IntN(10))
			if i == 0 && ni > 1 && c == '0' {
				c = '1'
			}
			b.WriteByte(c)
		}
		if nf >= 0 {
			b.WriteByte('.')
			for range nf {
				b.WriteByte(byte('0' + r.IntN(10)))
			}
		}
		nums = append(nums, b.String())
	}
	for _, n := range nums {
		for _, wrap := range [][2]string{{"", ""}, {"[", "]"}, {`{"a":`, "}"}, {"[1,", ",2]"}} {
			for pad := 0; pad <= floatWindow+2; pad++ {
				tail := strings.Repeat(" ", pad)
				docs := []string{wrap[0] + n + wrap[1] + tail, wrap[0] + n + tail + wrap[1]}
				for _, dl := range []string{"", ",", "]", "}", " ", "\t", "\n", "\r", ":", `"`, "x", "e", "E", ".", "-", "+", "0", "\x00", "\xff"} {
					docs = append(docs, wrap[0]+n+dl+tail+wrap[1])
				}
				for _, doc := range docs {
					if msg := sameAsStd([]byte(doc)); msg != "" {
						t.Fatal(msg)
					}
				}
			}
		}
		// Every byte value once after the number, in the window.
		if len(n) < 12 {
			for c := range 256 {
				doc := append([]byte("["+n), byte(c))
				doc = append(doc, strings.Repeat(" ", 40)+"]"...)
				if msg := sameAsStd(doc); msg != "" {
					t.Fatal(msg)
				}
			}
		}
	}
}

// TestUnmarshalAnyStringPrefixStd checks strings whose plain prefix ends
// at every offset 0..40 followed by an escape, a control byte, invalid
// UTF-8, a multibyte rune or the end of the input, at every distance from
// the end, against encoding/json.
func TestUnmarshalAnyStringPrefixStd(t *testing.T) {
	for n := 0; n <= 40; n++ {
		for _, stop := range []string{`\n`, `\u00e9`, `\ud83d\ude00`, `\"`, `\\`, "\x01", "\x1f", "\xff", "\xc3", "\xc3\xa9", "\xed\xa0\x80", ""} {
			for _, after := range []string{"", `"`, `x"`, strings.Repeat("y", 40) + `"`} {
				s := `"` + strings.Repeat("x", n) + stop + after
				for pad := 0; pad <= 34; pad += 1 + pad/8 {
					tail := strings.Repeat(" ", pad)
					for _, doc := range []string{s + tail, `["first",` + s + tail + `]`, `{"k":"first","v":` + s + tail + `}`,
						`{` + s + tail + `:1}`, `{"a":1,` + s + `:` + s + tail + `}`} {
						if msg := sameAsStd([]byte(doc)); msg != "" {
							t.Fatal(msg)
						}
					}
				}
			}
		}
	}
}

// randomName returns a member name of 0..40 bytes: a prefix of one of a
// few base names with a byte or two changed (so that names often share
// all but one byte, in each of the words the caches compare), at times
// with an escape, a multibyte rune or invalid UTF-8 in it.
func randomName(r *rand.Rand) string {
	const base = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN"
	n := r.IntN(41)
	b := []byte(base[:n])
	for range r.IntN(3) {
		if n > 0 {
			b[r.IntN(n)] = "xy_"[r.IntN(3)]
		}
	}
	if n > 0 && r.IntN(10) == 0 {
		k := r.IntN(n)
		b = append(b[:k:k], append([]byte([]string{`\n`, `\u0061`, "\xff", "é", `\"`}[r.IntN(5)]), b[k:]...)...)
	}
	return string(b)
}

// TestUnmarshalAnyNameCacheRandom decodes documents of random names into
// any in many calls (through the pooled states and their name caches) and
// compares each with encoding/json, so that a cache returning the string
// of another name fails.
func TestUnmarshalAnyNameCacheRandom(t *testing.T) {
	run := func(seed uint64, calls int) string {
		r := rand.New(rand.NewPCG(seed, 83))
		for range calls {
			var b strings.Builder
			b.WriteByte('{')
			m := r.IntN(60)
			for i := range m {
				if i > 0 {
					b.WriteByte(',')
				}
				fmt.Fprintf(&b, `"%s":%d`, randomName(r), i)
			}
			b.WriteByte('}')
			b.WriteString(strings.Repeat(" ", r.IntN(40)))
			if msg := sameAsStd([]byte(b.String())); msg != "" {
				return msg
			}
		}
		return ""
	}
	if msg := run(1, 3000); msg != "" {
		t.Fatal(msg)
	}
	// Concurrent calls, for -race and for states shared through the pool.
	var wg sync.WaitGroup
	errs := make([]string, 4)
	for g := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[g] = run(uint64(g+2), 600)
		}()
	}
	wg.Wait()
	for _, msg := range errs {
		if msg != "" {
			t.Fatal(msg)
		}
	}
}
