package scan

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
)

// checkIndexed compares the two-stage validator with the one-pass one.
func checkIndexed(t *testing.T, name string, b []byte) {
	t.Helper()
	for _, m := range []Mode{0, AllowInvalidUTF8} {
		for _, depth := range []int{10000, 3} {
			_, code := Valid(b, m, depth)
			if got := validIndexed(b, m, depth); got != (code == OK) {
				t.Errorf("%s (mode %d, depth %d): two-stage says %v, one-pass says %v", name, m, depth, got, code)
			}
			out, ok := AppendCompactIndexed([]byte("prefix"), b, m, depth)
			if ok != (code == OK) {
				t.Errorf("%s (mode %d, depth %d): AppendCompactIndexed ok=%v, one-pass says %v", name, m, depth, ok, code)
			}
			var want bytes.Buffer
			want.WriteString("prefix")
			if ok && json.Compact(&want, b) == nil && !bytes.Equal(out, want.Bytes()) {
				t.Errorf("%s: AppendCompactIndexed = %.80q, want %.80q", name, out, want.Bytes())
			}
			if !ok && string(out) != "prefix" {
				t.Errorf("%s: AppendCompactIndexed changed dst on invalid input", name)
			}
			// An empty indent unit must work too (it once looped forever).
			if _, ok := AppendIndentIndexed(nil, b, "", "", m, depth); ok != (code == OK) {
				t.Errorf("%s: AppendIndentIndexed with an empty indent: ok=%v", name, ok)
			}
			out, ok = AppendIndentIndexed([]byte("prefix"), b, "> ", "\t", m, depth)
			if ok != (code == OK) {
				t.Errorf("%s (mode %d, depth %d): AppendIndentIndexed ok=%v, one-pass says %v", name, m, depth, ok, code)
			}
			want.Reset()
			want.WriteString("prefix")
			if ok && json.Indent(&want, b, "> ", "\t") == nil && !bytes.Equal(out, want.Bytes()) {
				t.Errorf("%s: AppendIndentIndexed = %.80q, want %.80q", name, out, want.Bytes())
			}
			if !ok && string(out) != "prefix" {
				t.Errorf("%s: AppendIndentIndexed changed dst on invalid input", name)
			}
		}
	}
}

func TestValidIndexedSuite(t *testing.T) {
	step := 7
	if raceEnabled {
		step = 21 // every third padding
	}
	for _, f := range celertest.TestSuite(t) {
		if raceEnabled && celertest.RaceHeavy(f.Data) {
			continue
		}
		checkIndexed(t, f.Name, f.Data)
		// The same document inside a larger one, to cross window and
		// block boundaries at many offsets.
		for pad := 0; pad < 70; pad += step {
			doc := append(append([]byte("["+string(bytes.Repeat([]byte(" "), pad))), f.Data...), ']')
			checkIndexed(t, f.Name+" wrapped", doc)
		}
	}
}

func TestValidIndexedCorpus(t *testing.T) {
	for _, f := range celertest.CorpusJSON(t) {
		if raceEnabled && celertest.RaceHeavy(f.Data) {
			continue
		}
		checkIndexed(t, f.Name, f.Data)
		if len(f.Data) > 1 {
			checkIndexed(t, f.Name+" truncated", f.Data[:len(f.Data)/2])
		}
	}
	// Inputs larger than one window.
	big := []byte("[")
	for len(big) < 3*window {
		big = append(big, `{"a":"\u00e9\ud83d\ude00x","b":[1,-2.5e3,true,false,null],"c":"`...)
		big = append(big, bytes.Repeat([]byte("é"), 40)...)
		big = append(big, `"},`...)
	}
	big = append(big, "0]"...)
	checkIndexed(t, "big", big)
	bad := bytes.Clone(big)
	bad[2*window+5] = 0x01
	checkIndexed(t, "big with a control byte", bad)
}

func FuzzValidIndexed(f *testing.F) {
	for _, s := range []string{`{"a":[1,2,{"b":null}]}`, `[1,"\ud800"]`, `"\\\""`, `[tru]`, `{"a" 1}`, `[1 2]`, "[\"\xff\"]", `  [ ]  `, `[-0.5e+7,"x"]x`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		checkIndexed(t, "fuzz", b)
	})
}

// TestValidIndexedNumberEdges puts numbers, valid and not, across the end of
// a window and of a block, and as the last token of a window, whose end is
// the first entry of the next window.
func TestValidIndexedNumberEdges(t *testing.T) {
	nums := []string{"1", "-0", "0.5", "-12.5", "01", "-", "1.", "1e5", "-1.5E-3", "1.2.3", "9007199254740993",
		"-65.613616999999977", "123456789012345678901234567890123456789012345678901234567890123456789"}
	for _, end := range []int{window, 128} {
		for _, num := range nums {
			for shift := -len(num) - 2; shift <= 2; shift++ {
				// ["aaa…",num ] with num starting at end+shift.
				start := end + shift
				doc := []byte(`["` + strings.Repeat("a", start-4) + `",` + num + ` ]`)
				if string(doc[start:start+len(num)]) != num {
					t.Fatalf("bad layout")
				}
				checkIndexed(t, fmt.Sprintf("%s at %d", num, start), doc)
			}
		}
	}
}

// BenchmarkValidSmall times the one-pass and the indexed validator on small
// documents around minIndexed, the size from which ValidIndexed takes the
// index: the two sub-benchmarks of a size run in both orders (ABBA), so
// read the minimum of each.
func BenchmarkValidSmall(b *testing.B) {
	docs := []string{
		`{"id":12345,"name":"Gopher","email":"gopher@example.com","age":13,"ok":true}`,
		`{"ts":1700000001.001,"level":"info","host":"web-01","msg":"request served","path":"/api/v1/items/1","status":201,"bytes":513,"tags":["a","b"]}`,
		`{"method":"GET","host":"https://api.github.com","path":"/repos/groovy/groovy-core/collaborators","params":{"page":"2","per_page":"100"},"headers":{"User-Agent":"Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36"}}`,
		`[{"city":"ACMAR","loc":[-86.51557,33.584132],"pop":6055,"state":"AL","id":"35004"},{"city":"ADAMSVILLE","loc":[-86.959727,33.588437],"pop":10616,"state":"AL","id":"35005"},{"city":"ADGER","loc":[-87.167455,33.434277],"pop":3205,"state":"AL","id":"35006"}]`,
	}
	onePass := func(data []byte) func(*testing.B) {
		return func(b *testing.B) {
			for b.Loop() {
				Valid(data, 0, 10000)
			}
		}
	}
	indexed := func(data []byte) func(*testing.B) {
		return func(b *testing.B) {
			for b.Loop() {
				validIndexed(data, 0, 10000)
			}
		}
	}
	for _, doc := range docs {
		data := []byte(doc)
		n := fmt.Sprint(len(data))
		b.Run(n+"/onepass", onePass(data))
		b.Run(n+"/indexed", indexed(data))
		b.Run(n+"/indexed", indexed(data))
		b.Run(n+"/onepass", onePass(data))
	}
}

// TestIndexedNumbers checks the walks' written-out number check on runs
// that it takes or leaves to NumberRun: usual numbers with one byte
// changed or cut after it, followed by whitespace or not, in an array
// and as the last value before the end of input (under 24 bytes left).
func TestIndexedNumbers(t *testing.T) {
	const alphabet = "0159-.+eE/:x\x00\x7f\x80\xb0\xba\xff"
	var runs []string
	for _, s := range []string{"-65.613616999999977", "43.42", "0.5", "-0", "12345678901234567890123", "7"} {
		runs = append(runs, s)
		for i := range len(s) {
			for j := range len(alphabet) {
				runs = append(runs, s[:i]+alphabet[j:j+1]+s[i+1:], s[:i]+alphabet[j:j+1])
			}
		}
	}
	pad := `["` + strings.Repeat("a", minIndexed) + `",`
	for _, s := range runs {
		for _, ws := range []string{"", " ", "\n\t "} {
			checkIndexed(t, s+ws, []byte(pad+s+ws+`,1]`))
			checkIndexed(t, s+ws+" last", []byte(pad+s+ws+`]`))
		}
	}
}
