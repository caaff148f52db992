package path

import (
	"fmt"
	"strings"
	"testing"

	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/stream"
)

// numberArraysVsBytewise looks up $.b in doc past the value of "a" (which
// skip passes over), or $.c when "b" comes first, with the indexed walk, every window with its bitmap of
// non-digits so that skip hands arrays to numberArrays, and with the
// byte-wise walk, which this loop does not touch. The answers and the error
// texts (with their offsets) must be the same, and valid as the DOM says.
func numberArraysVsBytewise(t *testing.T, doc string, o ...Options) {
	t.Helper()
	path := `$.b`
	if strings.HasPrefix(doc, `{"b"`) {
		path = `$.c` // missing: the walk reads to the end
	}
	q, err := Compile(path)
	if err != nil {
		t.Fatal(err)
	}
	saved := bitmapAlways
	bitmapAlways = true
	defer func() { bitmapAlways = saved }()
	idx, idxErr := selectBytesWith(q, []byte(doc), true, o...)
	bw, bwErr := selectBytesWith(q, []byte(doc), false, o...)
	if fmt.Sprint(idxErr) != fmt.Sprint(bwErr) || fmt.Sprintf("%q", idx) != fmt.Sprintf("%q", bw) {
		t.Fatalf("%s: indexed %q, %v; byte-wise %q, %v", clip(doc), idx, idxErr, bw, bwErr)
	}
	if _, err := dom.Parse([]byte(doc), o...); (err == nil) != (idxErr == nil) {
		t.Fatalf("%s: DOM %v, raw %v", clip(doc), err, idxErr)
	}
}

// TestNumberArraysDifferential: arrays of numbers, valid and not, nested,
// at every offset around the end of the first window and at the input's
// end, and JSONTestSuite's n_ files inside them, give the checked lookup
// the same answers and errors with numberArrays as without it.
func TestNumberArraysDifferential(t *testing.T) {
	inner := []string{
		`[]`, `[[]]`, `[[],[]]`, `[1]`, `[0]`, `[-0]`, `[-0.5]`, `[1.25,-3]`, `[[1,2],[3,4]]`,
		`[01]`, `[-]`, `[-.5]`, `[1.]`, `[1.e5]`, `[1e]`, `[+1]`, `[.5]`, `[1e5]`, `[1E+2,3]`, `[00]`, `[-01]`,
		`[1,]`, `[,1]`, `[1 2]`, `[[1],]`, `[1]]`, `[[1]`, `[1}`, `[[1}]`, `[1,2}`, `[[1] [2]]`, `[1:2]`,
		`[1,"a"]`, `[[1],{}]`, `[1,true]`, `[1,null]`, `[1x]`, `[1.5.5]`, `[1-2]`, `[1"a"]`, `[1[2]]`,
		"[1,\x002]", "[1\x00]", "[1,\v2]", "[1\f]", "[1,\u00a02]",
	}
	for _, ws := range []string{" ", "\t", "\n", "\r", "\v", "\f", "\x00"} {
		inner = append(inner,
			"["+ws+"1,2]", "[1"+ws+",2]", "[1,"+ws+"2]", "[1,2"+ws+"]", ws+"[1]"+ws,
			"[["+ws+"1]"+ws+","+ws+"[2"+ws+"]"+ws+"]", "[1.5"+ws+",-2"+ws+"]")
	}
	long := "[" + strings.Repeat("[-122.422003528252475,37.808480096967251,0],", 3000) + "[1,2]]"
	inner = append(inner, long, long[:len(long)-2]+"]", long[:len(long)-3]+",]]", strings.Replace(long, "37.8084", "37.0084", 1),
		strings.Replace(long[:len(long)/2], "37.8084", "037.8084", 1)+long[len(long)/2:])
	for _, x := range inner {
		for pad := 0; pad < 80; pad++ {
			// The array starts 0 to 79 bytes before the first window's end.
			head := `{"s":"` + strings.Repeat(" ", firstWindow-pad-12) + `","a":`
			numberArraysVsBytewise(t, head+x+`,"b":7}`)
			numberArraysVsBytewise(t, head+`["s",`+x+`],"b":7}`)
		}
		numberArraysVsBytewise(t, `{"a":`+x+`,"b":7}`)
		numberArraysVsBytewise(t, `{"b":7,"a":`+x+`}`)
		numberArraysVsBytewise(t, `{"b":7,"a":`+x)
		numberArraysVsBytewise(t, `{"b":7,"a":[`+x)
		numberArraysVsBytewise(t, `{"b":7,"a":[1,`+x+`]}`)
	}

	// Nesting at MaxDepth and one past, the array at depth 1 + wrap.
	for m := 15; m <= 20; m++ {
		for wrap := 0; wrap <= 2; wrap++ {
			for n := 12; n <= 20; n++ {
				x := strings.Repeat("[", n) + "1" + strings.Repeat("]", n)
				x = strings.Repeat(`["s",`, wrap) + x + strings.Repeat("]", wrap)
				numberArraysVsBytewise(t, `{"a":`+x+`,"b":7}`, stream.MaxDepth(m))
				y := strings.Repeat("[", n-1) + "1,[2" + strings.Repeat("]", n)
				y = strings.Repeat(`["s",`, wrap) + y + strings.Repeat("]", wrap)
				numberArraysVsBytewise(t, `{"a":`+y+`,"b":7}`, stream.MaxDepth(m))
			}
		}
	}

	// JSONTestSuite's invalid files as an element after numbers.
	n := 0
	for _, f := range celertest.TestSuite(t) {
		if !strings.HasPrefix(f.Name, "n_") {
			continue
		}
		n++
		s := string(f.Data)
		numberArraysVsBytewise(t, `{"a":[[1,2],[3,`+s+`]],"b":7}`)
		numberArraysVsBytewise(t, `{"a":[1,`+s+`],"b":7}`)
		numberArraysVsBytewise(t, `{"a":[`+s+`,1],"b":7}`)
	}
	if n < 100 {
		t.Errorf("only %d n_ files", n)
	}
}

// clip quotes doc, without the middle of a long one.
func clip(doc string) string {
	if len(doc) <= 200 {
		return fmt.Sprintf("%q", doc)
	}
	return fmt.Sprintf("%q…%q (%d bytes)", doc[:40], doc[len(doc)-140:], len(doc))
}
