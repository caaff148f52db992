package path

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/scan"
	"github.com/celerjson/celer/stream"
)

var rwKeys = []string{"a", "b", "a", "b", "c", "é", "\U0001F600", "a\x00", "b\""}
var rwKeyText = []string{`"a"`, `"b"`, `"c"`, `"\u0061"`, `"é"`, `"\u00e9"`, `"\ud83d\ude00"`, `"😀"`, `"a\u0000"`, `"b\""`, `"a"`, `"b"`}
var rwBadKey = []string{`"\ud83d"`, `"b\"`, "\"a\x01\"", "\"\xff\""}
var rwScalars = []string{"1", "0", "-0.5", "1e3", "true", "false", "null", `"x"`, `"\ud83d\ude00"`, "\"é\"", `""`, "123456789012345678901234567890", "[]", "{}", `"\u00e9"`, `"a\"b"`}
var rwBad = []string{"01", "1.", "-", "tru", "nul", "truex", `"\ud800"`, `"\udc00\ud800"`, `"\x"`, "\"\x01\"", "\"\xc3\"", "\"\xed\xa0\x80\"", `"\u12G4"`, "1.5e", "[1,]", "{,}", "-01", "1e+", "[1 2]", "{\"a\" 1}"}

func rwValue(r *rand.Rand, depth int) string {
	if depth == 1 && r.IntN(10) == 0 { // deep nesting: past the skip's 64-bit stack
		n := 50 + r.IntN(100)
		var open, close strings.Builder
		for range n {
			if r.IntN(2) == 0 {
				open.WriteString("[")
				close.WriteString("]")
			} else {
				open.WriteString(`{"a":`)
				close.WriteString("}")
			}
		}
		cl := []byte(close.String())
		slices.Reverse(cl)
		return open.String() + rwScalars[r.IntN(len(rwScalars))] + string(cl)
	}
	if depth > 3 || r.IntN(3) == 0 {
		if r.IntN(12) == 0 {
			return rwBad[r.IntN(len(rwBad))]
		}
		return rwScalars[r.IntN(len(rwScalars))]
	}
	var sb strings.Builder
	n := r.IntN(5)
	ws := func() string { return []string{"", "", " ", "\n  "}[r.IntN(4)] }
	if r.IntN(2) == 0 {
		sb.WriteString("[" + ws())
		for i := range n {
			if i > 0 {
				sb.WriteString("," + ws())
			}
			sb.WriteString(rwValue(r, depth+1))
		}
		sb.WriteString(ws() + "]")
	} else {
		sb.WriteString("{" + ws())
		for i := range n {
			if i > 0 {
				sb.WriteString("," + ws())
			}
			if r.IntN(15) == 0 {
				sb.WriteString(rwBadKey[r.IntN(len(rwBadKey))] + ws() + ":" + ws())
			} else {
				sb.WriteString(rwKeyText[r.IntN(len(rwKeyText))] + ws() + ":" + ws())
			}
			sb.WriteString(rwValue(r, depth+1))
		}
		sb.WriteString(ws() + "}")
	}
	return sb.String()
}

var rwMut = []string{"{", "}", "[", "]", ",", ":", "\"", "\\", "0", "-", ".", "e", "t", " ", "\x01", "\xff", "\xc3", "x", "\\u", "\\ud800"}

func rwRawDoc(r *rand.Rand) []byte {
	var sb strings.Builder
	sb.WriteString(strings.Repeat(" ", r.IntN(4)))
	// a value, padded to around a size where the indexed walk or its
	// windows change
	sizes := []int{0, 250, 300, 2040, 2100, 4200, 10300, 42000}
	size := sizes[r.IntN(len(sizes))] + r.IntN(64)
	if r.IntN(2) == 0 {
		sb.WriteString("{")
		pad := `"pad":"` + strings.Repeat("p", max(0, size-20)) + `",`
		first := r.IntN(2) == 0
		if first {
			sb.WriteString(pad)
		}
		for i := range 1 + r.IntN(4) {
			if i > 0 {
				sb.WriteString(",")
			}
			sb.WriteString(rwKeyText[r.IntN(len(rwKeyText))] + ":" + rwValue(r, 1))
		}
		if !first {
			sb.WriteString("," + pad[:len(pad)-1])
		}
		sb.WriteString("}")
	} else {
		sb.WriteString("[")
		for i := range 1 + r.IntN(4) {
			if i > 0 {
				sb.WriteString(",")
			}
			sb.WriteString(rwValue(r, 1))
		}
		sb.WriteString(`,"` + strings.Repeat("p", max(0, size-20)) + `"]`)
	}
	s := sb.String()
	rwBase = s
	for range max(0, r.IntN(5)-2) {
		i := r.IntN(len(s) + 1)
		m := rwMut[r.IntN(len(rwMut))]
		switch r.IntN(3) {
		case 0:
			s = s[:i] + m + s[i:]
		case 1:
			if i < len(s) {
				s = s[:i] + m + s[i+1:]
			}
		default:
			if i < len(s) {
				s = s[:i] + s[i+1:]
			}
		}
	}
	if r.IntN(8) == 0 {
		s += []string{" ", "x", "]", "}", ",", "\xff"}[r.IntN(6)]
	}
	return []byte(s)
}

var rwBase string

// rwStepsFrom picks steps along the structure of the unmutated document.
func rwStepsFrom(r *rand.Rand) []rawStep {
	var v any
	if json.Unmarshal([]byte(rwBase), &v) != nil {
		return nil
	}
	var steps []rawStep
	for range 1 + r.IntN(4) {
		switch x := v.(type) {
		case map[string]any:
			if len(x) == 0 {
				return steps
			}
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			k := keys[r.IntN(len(keys))]
			steps = append(steps, rawStep{kind: rawName, name: k})
			v = x[k]
		case []any:
			if len(x) == 0 {
				return steps
			}
			i := r.IntN(len(x))
			if r.IntN(3) == 0 {
				steps = append(steps, rawStep{kind: rawIndex, index: i - len(x)})
			} else {
				steps = append(steps, rawStep{kind: rawIndex, index: i})
			}
			v = x[i]
		default:
			return steps
		}
	}
	return steps
}

func rwSteps(r *rand.Rand) []rawStep {
	if r.IntN(2) == 0 {
		if s := rwStepsFrom(r); len(s) > 0 {
			return s
		}
	}
	var steps []rawStep
	for range 1 + r.IntN(3) {
		switch r.IntN(3) {
		case 0:
			steps = append(steps, rawStep{kind: rawName, name: rwKeys[r.IntN(len(rwKeys))]})
		case 1:
			steps = append(steps, rawStep{kind: rawIndex, index: r.IntN(5) - 1})
		default:
			i := r.IntN(5) - 1
			steps = append(steps, rawStep{kind: rawEither, index: i, name: fmt.Sprint(i)})
		}
	}
	return steps
}

// TestRawWalksAgreeRandom: on random documents (nesting to 150, escaped,
// duplicated and invalid names, invalid scalars, one-byte changes, sizes
// around the indexed walk's threshold and window sizes) and random steps
// (half of them along the document's structure), with MaxDepth 1 to 10000
// and with or without AllowInvalidUTF8, the indexed walk either leaves the
// decision to the byte-wise walk or gives its answer; on valid input the
// trusted walk gives it too. CELER_RANDOM_N sets the number of documents, CELER_RANDOM_SEED
// the seed.
func TestRawWalksAgreeRandom(t *testing.T) {
	n := 5000
	if testing.Short() {
		n = 1000
	}
	if s := os.Getenv("CELER_RANDOM_N"); s != "" {
		fmt.Sscan(s, &n)
	}
	seed := uint64(1)
	if s := os.Getenv("CELER_RANDOM_SEED"); s != "" {
		fmt.Sscan(s, &seed)
	}
	r := rand.New(rand.NewPCG(65, seed))
	fails, found, bad, idxOK := 0, 0, 0, 0
	for i := range n {
		doc := rwRawDoc(r)
		steps := rwSteps(r)
		w := rawWalker{b: doc, maxDepth: []int{10000, 10000, 10000, 1, 2, 3, 4, 64, 100, 130}[r.IntN(10)]}
		if r.IntN(4) == 0 {
			w.mode = scan.AllowInvalidUTF8
		}
		bitmapAlways = r.IntN(2) == 0
		s1, e1, st1 := w.walkFrom(kernels.SkipSpace(doc, 0), steps, 0)
		switch st1 {
		case walkFound:
			found++
		case walkBad:
			bad++
		}
		s2, e2, st2, ok := w.walkIndexed(steps)
		if ok {
			idxOK++
		}
		if ok && (s1 != s2 || e1 != e2 || st1 != st2) {
			fails++
			if fails < 20 {
				t.Errorf("%d: steps %+v maxDepth %d mode %d on %q: byte-wise %d %d %v (%q), indexed %d %d %v (%q)", i, steps, w.maxDepth, w.mode, rwShort(doc), s1, e1, st1, doc[s1:e1], s2, e2, st2, doc[s2:e2])
			}
		}
		if json.Valid(doc) && stream.Valid(doc) {
			w.trusted = true
			s3, e3, st3, ok := w.walkIndexed(steps)
			if !ok || s1 != s3 || e1 != e3 || st1 != st3 {
				fails++
				if fails < 20 {
					t.Errorf("%d trusted: steps %+v maxDepth %d on %q: byte-wise %d %d %v, trusted %d %d %v %v", i, steps, w.maxDepth, rwShort(doc), s1, e1, st1, s3, e3, st3, ok)
				}
			}
		}
	}
	bitmapAlways = false
	t.Logf("%d docs: %d found, %d bad, %d decided by the indexed walk", n, found, bad, idxOK)
}

func rwShort(b []byte) string {
	s := string(b)
	if i := strings.Index(s, "ppppp"); i >= 0 {
		j := strings.LastIndex(s, "ppppp")
		s = s[:i] + fmt.Sprintf("p*%d", j-i+5) + s[j+5:]
	}
	return s
}

var _ = bytes.Equal
