package path

import (
	"fmt"
	"strings"
	"testing"

	"github.com/celerjson/celer/stream"
)

// numberTexts are number runs for TestSelectBytesNumbers: valid ones, and
// ones a too lenient check would take (a leading zero, a missing part, a
// sign or point in the wrong place, a second point, a stray byte).
var numberTexts = []string{
	"0", "-0", "7", "-7", "10", "0.5", "-0.5", "1.25", "0.0", "-122.422003528252475", "37.808480096967251",
	"1234567890123456789012345678901234567890123456789012345678901234", // 64 digits
	"-123456789012345678901234567890123456789012345678901234567890123", // 63 digits after the sign
	"1.234567890123456789012345678901234567890123456789012345678901234",
	"1e5", "1E+5", "-1.5e-7", "0e0", "12.5E-10",
	"01", "-01", "00", "00.5", "0123456789", "1.", "-", "-.5", ".5", "+1", "1e", "1e+", "1E-", "1.e5", "-0.", "0.",
	"1..2", "1.2.3", "--1", "1-2", "1.-2", "0x1", "1a", "-a", "1.5a", "-122.42200352825247.5", "1.2e3.4", "1e5e5",
	"١", "1\xff", "12345678901234567890123456789012345678901234567890123456789012345.", "-0.0.0", "0-", "1+",
}

// TestSelectBytesNumbers: the walks check the numbers they pass over as
// strictly as the validator, wherever they sit relative to the 8-, 16-,
// 32- and 64-byte blocks of the indexed walk's bitmaps and to the end of
// its first window, and whatever follows them. Each document's verdict is
// stream.Valid's.
func TestSelectBytesNumbers(t *testing.T) {
	bothWalks(t, testSelectBytesNumbers)
	// The indexed walk again, checking every number on the window's
	// bitmap of non-digits.
	bitmapAlways = true
	defer func() { bitmapAlways = false }()
	t.Run("bitmap", func(t *testing.T) {
		saved := minIndexedWalk
		defer func() { minIndexedWalk = saved }()
		minIndexedWalk = 0
		testSelectBytesNumbers(t)
	})
}

func testSelectBytesNumbers(t *testing.T) {
	shapes := []struct {
		doc, query, want string // N stands for the number, P for padding
		inArray          bool   // P is in an array: a long string may come first
	}{
		{`{"a": [P1, N, 2], "b": 7}`, `$.b`, `7`, true},
		{`{"a": [P1,N], "b": 7}`, `$.b`, `7`, true},
		{`{"a": [PN ], "b": 7}`, `$.b`, `7`, true},
		{`[[PN,N,N],[N],7]`, `$[2]`, `7`, true},
		{`{"a": {"x": PN, "y": [N]}, "b": 7}`, `$.b`, `7`, false},
		{`{"b": PN}`, `$.b`, `N`, false},
		{`PN`, `$`, `N`, false},
	}
	for _, filler := range []int{0, 1990} {
		for _, sh := range shapes {
			q := MustCompile(sh.query)
			for pad := range 72 {
				for _, num := range numberTexts {
					p := strings.Repeat(" ", pad)
					if filler > 0 {
						p = `"` + strings.Repeat("x", filler) + `", ` + p
						if !sh.inArray {
							continue
						}
					}
					doc := strings.ReplaceAll(strings.ReplaceAll(sh.doc, "P", p), "N", num)
					valid := stream.Valid([]byte(doc))
					got, err := q.SelectBytes([]byte(doc))
					want := strings.ReplaceAll(sh.want, "N", num)
					switch {
					case valid && (err != nil || len(got) != 1 || string(got[0]) != want):
						t.Fatalf("%s on %q (filler %d): %q, %v; want %s", sh.query, doc[filler:], filler, got, err, want)
					case !valid && err == nil && want == "7":
						// (Both walks read the selected value as one token
						// and stop: "0" of "01" then passes, as the API
						// allows for what follows a result. The numbers
						// they pass over, they check.)
						t.Fatalf("%s on %q (filler %d): %q, no error (invalid number %q passed)", sh.query, doc[filler:], filler, got, num)
					}
				}
			}
		}
	}
}

// TestSelectBytesNumberWalk covers the bitmap walk's own guards (found
// missing from the tests by helper-47's review: each could be removed
// with every other test passing): a number after a comma in an object, a
// fraction at the very end of unclosed input, and numbers in windows after
// the first of a large document, with the bitmap built by the density
// rule (some windows with it, some without) and always.
func TestSelectBytesNumberWalk(t *testing.T) {
	small := []struct{ doc, query string }{
		{`{"a":{"x":1,2},"b":7}`, `$.b`},
		{`{"a":{"x":1.5,2.5},"b":7}`, `$.b`},
		{`[0.5`, `$[1]`},
		{`[1,0.5`, `$[2]`},
		{`[1,2.25e3`, `$[2]`},
		{`{"a":[1,0.5`, `$.b`},
	}
	// Documents of about 200 KiB: number-dense arrays throughout, and
	// strings first (windows without the bitmap) then numbers (windows
	// with it); invalid numbers are put in windows after the first.
	var docs []string
	for _, strs := range []int{0, 30 << 10} {
		var sb strings.Builder
		sb.WriteString(`{"s":[`)
		for sb.Len() < strs {
			sb.WriteString(`"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",`)
		}
		sb.WriteString(`"x"],"n":[`)
		for i := 0; sb.Len() < 200<<10; i++ {
			fmt.Fprintf(&sb, "[%d,-%d.%d,%de-3],", i*7919%100000, i%977, i%13, i%31)
		}
		sb.WriteString(`[0]],"b":7}`)
		docs = append(docs, sb.String())
	}
	for _, big := range docs {
		for _, off := range []int{5 << 10, 50 << 10, 104 << 10, 180 << 10} {
			at := strings.Index(big[off:], ",") + off + 1 // a number starts here
			for _, bad := range []string{"91x522", "01", "1.,", "-,", "1e,", "1 2", ".5"} {
				doc := big[:at] + bad + big[at:]
				if stream.Valid([]byte(doc)) {
					t.Fatalf("%q at %d: the document stays valid", bad, at)
				}
				small = append(small, struct{ doc, query string }{doc, `$.b`})
			}
		}
	}
	for _, always := range []bool{false, true} {
		bitmapAlways = always
		bothWalks(t, func(t *testing.T) {
			q := MustCompile(`$.b`)
			for _, big := range docs {
				if got, err := q.SelectBytes([]byte(big)); err != nil || len(got) != 1 || string(got[0]) != "7" {
					t.Fatalf("valid large document: %q, %v", got, err)
				}
			}
			for _, c := range small {
				got, err := MustCompile(c.query).SelectBytes([]byte(c.doc))
				if err == nil {
					t.Errorf("%s on %.60q…: %q, no error", c.query, c.doc, got)
				}
			}
		})
	}
	bitmapAlways = false
}
