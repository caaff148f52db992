package cbor

import (
	"encoding/json"
	"errors"
	"math/big"
	"reflect"
	"runtime"
	"testing"
	"time"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/testtypes"
)

// sweepTarget has a field of most kinds the decoders take; the names are
// single letters, which short fuzzed keys hit.
type sweepTarget struct {
	A string            `json:"a"`
	B int64             `json:"b"`
	C float64           `json:"c"`
	D []int             `json:"d"`
	E [2]float64        `json:"e"`
	F map[string]string `json:"f"`
	G map[string]int    `json:"g"`
	H *sweepTarget      `json:"h"`
	I []any             `json:"i"`
	J any               `json:"j"`
	K time.Time         `json:"k"`
	L []byte            `json:"l"`
	M [3]byte           `json:"m"`
	N Tag               `json:"n"`
	O json.Number       `json:"o"`
	P big.Int           `json:"p"`
	Q [][2]float64      `json:"q"`
	R []sweepTarget     `json:"r"`
	S uint8             `json:"s"`
	T bool              `json:"t"`
	U map[int]string    `json:"u"`
	V []string          `json:"v"`
	W *string           `json:"w"`
	X float32           `json:"x"`
	Y Simple            `json:"y"`
	Z []float32         `json:"z"`
}

// sweepTargets make the zero values FuzzUnmarshalOnePass decodes into.
var sweepTargets = []func() any{
	func() any { return new(any) }, func() any { return new(sweepTarget) }, func() any { return new([]sweepTarget) },
	func() any { return new(map[string]any) }, func() any { return new([]int) }, func() any { return new(string) },
	func() any { return new([]any) }, func() any { return new([2]int8) }, func() any { return new([]byte) },
	func() any { return new([]string) }, func() any { return new([][2]int) }, func() any { return new([][][][]int) },
}

// FuzzUnmarshalOnePass: decoding while checking accepts what validFast
// accepts, with each option set, into every target; on valid data it
// decodes what the decoder of validated data decodes, type errors
// included.
func FuzzUnmarshalOnePass(f *testing.F) {
	addSeeds(f, false)
	s := "é"
	for _, v := range []any{sweepTarget{A: "x", B: -5, D: []int{1, 2}, F: map[string]string{"k": "v"}, H: &sweepTarget{C: 1.5},
		I: []any{1, "s"}, J: map[string]any{"z": nil}, K: time.Unix(5, 0).UTC(), L: []byte{1}, M: [3]byte{1, 2, 3}, N: Tag{Number: 99, Content: "t"},
		O: "7", Q: [][2]float64{{1, 2}}, R: []sweepTarget{{S: 3}}, U: map[int]string{1: "a"}, V: []string{"é"}, W: &s, Y: 5, Z: []float32{1.5}},
		[]any{1, "a", 2.5}, [][2]int{{1, 2}, {3, 4}}} {
		b, err := Marshal(v)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, vo := range [][]Options{{MaxDepth(64)}, {MaxDepth(3), MaxElements(2), MaxTokenBytes(3), AllowInvalidUTF8(true)}} {
			s := opts.Collect(vo...)
			valid := validFast(data, &s)
			for k, mk := range sweepTargets {
				v := mk()
				err, ok := unmarshalChecked(data, decoderFor(reflect.TypeOf(v).Elem()), reflect.ValueOf(v).Elem(), s)
				if ok != valid {
					t.Fatalf("target %d %v: one pass says valid=%v (%v), validFast %v", k, vo, ok, err, valid)
				}
				if !valid {
					continue
				}
				w := mk()
				werr := unmarshalValid(data, w, s)
				if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
					t.Fatalf("target %d: error %v, after validation %v", k, err, werr)
				}
				mo := []Options{Deterministic(true), AllowInvalidUTF8(true)}
				bv, e1 := Marshal(v, mo...)
				bw, e2 := Marshal(w, mo...)
				if (e1 == nil) != (e2 == nil) || string(bv) != string(bw) {
					t.Fatalf("target %d: decoded %x (%v), after validation %x (%v)", k, bv, e1, bw, e2)
				}
			}
		}
	})
}

// counter counts the calls of its decoding method.
type counter struct{ n *int }

func (c *counter) UnmarshalCBOR([]byte) error {
	if c.n != nil {
		*c.n++
	}
	return nil
}

type stringer interface{ String() string }

// TestUnmarshalOnePassContract: invalid data leaves a zero target zero
// and a non-zero one as it was, with the Reader's error; a type with a
// decoding method is validated before anything is decoded.
func TestUnmarshalOnePassContract(t *testing.T) {
	// {"a": "x", "d": [1, 2, <missing>
	bad := mustHex(t, "a2 61 61 61 78 61 64 83 01 02")
	var z sweepTarget
	err := Unmarshal(bad, &z)
	var se *SyntaxError
	if !errors.As(err, &se) || !reflect.DeepEqual(z, sweepTarget{}) {
		t.Errorf("zero target: %v, left %+v", err, z)
	}
	if want := Validate(bad); err.Error() != want.Error() {
		t.Errorf("error %v, Validate says %v", err, want)
	}
	nz := sweepTarget{A: "keep", D: []int{9}}
	if err := Unmarshal(bad, &nz); !errors.As(err, &se) || nz.A != "keep" || len(nz.D) != 1 || nz.D[0] != 9 {
		t.Errorf("non-zero target: %v, left %+v", err, nz)
	}
	// Invalid UTF-8 after a decoded string (in an array, in a struct
	// field, as a map key), a depth beyond the limit, a count beyond the
	// data, a reserved head, a break in an array, an indefinite string
	// chunk of the other type, a two-byte simple value below 32: all
	// rejected, the target zero again.
	targets := []func() any{func() any { return new([]any) }, func() any { return new([]sweepTarget) },
		func() any { return new(sweepTarget) }, func() any { return new([]string) }, func() any { return new(map[string]string) },
		func() any { return new([][][][]int) }}
	for _, h := range []string{"82 61 61 61 ff", "a2 61 61 61 62 61 61 61 ff", "a1 61 ff 61 61", "81 81 81 81 f6", "82 61 61 9a ff ff ff ff",
		"82 01 1c", "82 01 ff", "82 01 7f 41 61 ff", "81 f8 10", "a1 61 61 f8 10", "a1 61 64 82 01 1c"} {
		for k, mk := range targets {
			v := mk()
			err := Unmarshal(mustHex(t, h), v, MaxDepth(3))
			if !errors.As(err, &se) || !reflect.ValueOf(v).Elem().IsZero() {
				t.Errorf("%s into target %d: %v, left %v", h, k, err, reflect.ValueOf(v).Elem())
			}
		}
	}
	// Indefinite lengths, which the checking decoders leave to the
	// Reader, are decoded after validation.
	var ok []string
	if err := Unmarshal(mustHex(t, "9f 7f 61 61 61 62 ff ff"), &ok); err != nil || len(ok) != 1 || ok[0] != "ab" {
		t.Errorf("indefinite: %q, %v", ok, err)
	}
	// {"m": <tag 7 on 0>, "n": <break>}: the method must not see the item
	// before the data is known to be valid.
	type withMethod struct {
		M counter `json:"m"`
	}
	if oneSweep(reflect.TypeFor[withMethod]()) || oneSweep(reflect.TypeFor[[]stringer]()) || !oneSweep(reflect.TypeFor[sweepTarget]()) {
		t.Error("oneSweep: wrong verdict")
	}
	calls := 0
	wm := withMethod{M: counter{n: &calls}}
	if err := Unmarshal(mustHex(t, "a2 61 6d c7 00 61 6e ff"), &wm); !errors.As(err, &se) || calls != 0 {
		t.Errorf("method called %d times before the error %v", calls, err)
	}
}

// TestUnmarshalOnePassCorpus: the corpus structs decode the same in one
// pass as after validation.
func TestUnmarshalOnePassCorpus(t *testing.T) {
	for _, c := range testtypes.Cases {
		v := c.New()
		if err := json.Unmarshal(celertest.CorpusFile(t, c.File), v); err != nil {
			t.Fatal(err)
		}
		data, err := Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if !oneSweep(reflect.TypeOf(v).Elem()) {
			t.Errorf("%s: not decoded in one pass", c.Name)
		}
		a, b := c.New(), c.New()
		err1, ok := unmarshalChecked(data, decoderFor(reflect.TypeOf(a).Elem()), reflect.ValueOf(a).Elem(), opts.Collect())
		err2 := unmarshalValid(data, b, opts.Collect())
		if !ok || err1 != nil || err2 != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("%s: one pass %v (ok %v), validated %v, equal %v", c.Name, err1, ok, err2, reflect.DeepEqual(a, b))
		}
	}
}

// TestUnmarshalOnePassCountBeyondData: an array claiming more items than
// there are bytes left is rejected before anything is allocated for it.
func TestUnmarshalOnePassCountBeyondData(t *testing.T) {
	data := mustHex(t, "9a 01 00 00 00 01 02 03") // 1<<24 items, 3 there
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var v []int64
	err := Unmarshal(data, &v)
	runtime.ReadMemStats(&after)
	if !errors.As(err, new(*SyntaxError)) || v != nil {
		t.Errorf("%v, left %v", err, v)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("%d bytes allocated for 8 bytes of input", n)
	}
}

// TestStructKeyWords: keys compared by words (up to 16 bytes) and by
// bytes (longer, or near the end of the data) find their fields, and a
// key that differs in its last byte does not.
func TestStructKeyWords(t *testing.T) {
	type keys struct {
		A  int `json:"a"`
		B  int `json:"abcdefghijklmno"`      // a 16-byte key
		C  int `json:"abcdefghijklmnopqrst"` // 21 bytes
		D  int `json:"abcdefghijklmnp"`
		Z  int `json:"z"`
		Zz int `json:"abcdefghijklmnoq"`
	}
	want := keys{A: 1, B: 2, C: 3, D: 4, Z: 5, Zz: 6}
	data, err := Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	var got keys
	if err := Unmarshal(data, &got); err != nil || got != want {
		t.Errorf("in order: %+v, %v", got, err)
	}
	// Reversed: no key is the one expected next.
	rev := mustHex(t, "a6 70 61 62 63 64 65 66 67 68 69 6a 6b 6c 6d 6e 6f 71 06 61 7a 05 6f 61 62 63 64 65 66 67 68 69 6a 6b 6c 6d 6e 70 04"+
		" 74 61 62 63 64 65 66 67 68 69 6a 6b 6c 6d 6e 6f 70 71 72 73 74 03 6f 61 62 63 64 65 66 67 68 69 6a 6b 6c 6d 6e 6f 02 61 61 01")
	got = keys{}
	if err := Unmarshal(rev, &got); err != nil || got != want {
		t.Errorf("reversed: %+v, %v", got, err)
	}
}
