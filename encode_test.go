package celer

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/internal/scan"
	"github.com/celerjson/celer/internal/testtypes"
)

// encCompare marshals v with celer and encoding/json and fails the test
// when the output bytes or the errors differ.
func encCompare(t *testing.T, name string, v any) {
	t.Helper()
	want, wantErr := json.Marshal(v)
	got, gotErr := Marshal(v)
	if !bytes.Equal(got, want) || !reflect.DeepEqual(gotErr, wantErr) {
		t.Errorf("%s: Marshal(%T)\n got %s, %v\nwant %s, %v", name, v, encTrim(got), gotErr, encTrim(want), wantErr)
	}
}

func encTrim(b []byte) []byte {
	if len(b) > 400 {
		return append(b[:400:400], "..."...)
	}
	return b
}

func TestMarshalCorpusAny(t *testing.T) {
	for _, f := range celertest.CorpusJSON(t) {
		var v any
		if err := json.Unmarshal(f.Data, &v); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		encCompare(t, f.Name, v)
	}
}

// encTestValues decodes every testtypes document into its Go type with
// encoding/json. Under the race detector or -short, documents over 512 KB
// are left out to keep the run short.
func encTestValues(tb testing.TB) []encTestValue {
	tb.Helper()
	var out []encTestValue
	for _, c := range testtypes.Cases {
		data := celertest.CorpusFile(tb, c.File)
		if _, bench := tb.(*testing.B); !bench && (encRaceEnabled || testing.Short()) && len(data) > 512<<10 {
			continue
		}
		v := c.New()
		if err := json.Unmarshal(data, v); err != nil {
			tb.Fatalf("%s: %v", c.Name, err)
		}
		var tree any
		if err := json.Unmarshal(data, &tree); err != nil {
			tb.Fatalf("%s: %v", c.Name, err)
		}
		out = append(out, encTestValue{c, v, tree})
	}
	return out
}

type encTestValue struct {
	testtypes.Case
	Typed any // pointer to the typed value
	Tree  any // the document as map[string]any / []any
}

func TestMarshalTestTypes(t *testing.T) {
	for _, tv := range encTestValues(t) {
		encCompare(t, tv.Name, tv.Typed)
		encCompare(t, tv.Name+" by value", reflect.ValueOf(tv.Typed).Elem().Interface())
		encCompare(t, tv.Name+" tree", tv.Tree)
		for _, html := range []bool{true, false} {
			var got, want bytes.Buffer
			ce, je := NewEncoder(&got), json.NewEncoder(&want)
			ce.SetEscapeHTML(html)
			je.SetEscapeHTML(html)
			ce.SetIndent("", " ")
			je.SetIndent("", " ")
			if err := ce.Encode(tv.Typed); err != nil {
				t.Fatal(err)
			}
			je.Encode(tv.Typed)
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("%s: Encoder (html=%v): %s", tv.Name, html, encFirstDiff(got.Bytes(), want.Bytes()))
			}
		}
	}
}

func TestMarshalAllocs(t *testing.T) {
	if encRaceEnabled {
		t.Skip("allocation counts differ under the race detector")
	}
	for _, tv := range encTestValues(t) {
		if !tv.Flat {
			continue
		}
		v := tv.Typed
		if n := testing.AllocsPerRun(20, func() { Marshal(v) }); n != 1 {
			t.Errorf("%s: Marshal allocates %v times, want 1", tv.Name, n)
		}
		size := len(celertest.CorpusFile(t, tv.File))
		buf := make([]byte, 0, 2*size+1024)
		if n := testing.AllocsPerRun(20, func() { AppendMarshal(buf[:0], v) }); n != 0 {
			t.Errorf("%s: AppendMarshal allocates %v times, want 0", tv.Name, n)
		}
		// Room for the output exactly is room enough (short strings and
		// integers are written with words: they must not ask for more).
		out, _ := Marshal(v)
		exact := make([]byte, 0, len(out))
		if n := testing.AllocsPerRun(20, func() { AppendMarshal(exact, v) }); n != 0 {
			t.Errorf("%s: AppendMarshal into exactly %d bytes allocates %v times, want 0", tv.Name, len(out), n)
		}
	}
}

func FuzzMarshalRoundTrip(f *testing.F) {
	for _, s := range []string{`null`, `{"a":[1,2.5e10,"x<y>\u2028"],"b":{"c":true}}`, `"\ud800"`, `[-0,1e400]`,
		`{"":{"":[[]]}}`, `[1.0e-7, 123456789012345678901234567890]`, "\"\xff\xfe\""} {
		f.Add([]byte(s))
	}
	if dir := celertestSharedOrEmpty(); dir != "" {
		for _, name := range []string{"boon-json-parsers-benchmark/widget.json", "jvm-serializers/media.2.json", "nativejson-benchmark/conformance/jsonchecker/pass01.json"} {
			if b, err := os.ReadFile(filepath.Join(dir, "corpus", name)); err == nil {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v any
		if json.Unmarshal(data, &v) != nil {
			return
		}
		want, wantErr := json.Marshal(v)
		got, gotErr := Marshal(v)
		if !bytes.Equal(got, want) || !reflect.DeepEqual(gotErr, wantErr) {
			t.Fatalf("Marshal of %q\n got %s, %v\nwant %s, %v", data, got, gotErr, want, wantErr)
		}
		var n any
		d := json.NewDecoder(bytes.NewReader(data))
		d.UseNumber()
		if d.Decode(&n) == nil {
			want, _ := json.Marshal(n)
			got, _ := Marshal(n)
			if !bytes.Equal(got, want) {
				t.Fatalf("Marshal with Numbers of %q\n got %s\nwant %s", data, got, want)
			}
		}
	})
}

// celertestSharedOrEmpty returns the shared folder without skipping.
func celertestSharedOrEmpty() string {
	for dir := "."; ; dir = filepath.Join(dir, "..") {
		abs, err := filepath.Abs(filepath.Join(dir, "..", "shared"))
		if err != nil {
			return ""
		}
		if st, err := os.Stat(filepath.Join(abs, "corpus")); err == nil && st.IsDir() {
			return abs
		}
		if abs == "/shared" {
			return ""
		}
	}
}

// FuzzAppendString checks the encoder's string quoting against
// scan.AppendQuote (itself tested against encoding/json) for every flag
// combination.
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", "a<b>&c", "\u2028x\u2029", "\xff\xc3(", "é中😀\x00\x1f\"\\", encBigString} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for flags := range scan.QuoteFlags(8) {
			e := &encState{qf: flags}
			if flags&scan.QuoteHTML != 0 {
				e.names = 1
			}
			want, wantErr := scan.AppendQuote([]byte("x"), s, flags)
			got, gotErr := encCatch(func() []byte { return e.appendString([]byte("x"), s) })
			if (wantErr != nil) != (gotErr != nil) || wantErr == nil && !bytes.Equal(got, want) {
				t.Fatalf("flags %b, %q:\n got %q, %v\nwant %q, %v", flags, s, got, gotErr, want, wantErr)
			}
		}
		want, _ := json.Marshal(s)
		got, _ := Marshal(s)
		if !bytes.Equal(got, want) {
			t.Fatalf("Marshal(%q) = %s, want %s", s, got, want)
		}
	})
}

// encCatch runs f, turning an encAbort panic into an error.
func encCatch(f func() []byte) (b []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = r.(encAbort).err
		}
	}()
	return f(), nil
}

// TestMarshalMapKeyOrder checks key sorting (eight-byte prefixes first,
// whole keys on a tie) against encoding/json on keys made to share
// prefixes, hold NUL and non-ASCII bytes, and be shorter than a prefix.
func TestMarshalMapKeyOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	alphabet := []string{"\x00", "a", "b", "\x7f", "é", "\xff", "abcdefgh"}
	for round := range 400 {
		n := 1 + r.IntN(40)
		ma := make(map[string]any, n)
		ms := make(map[string]string, n)
		for range n {
			var k strings.Builder
			for range r.IntN(12) {
				k.WriteString(alphabet[r.IntN(len(alphabet))])
			}
			ma[k.String()] = round
			ms[k.String()] = k.String()
		}
		for _, v := range []any{ma, ms} {
			got, err := Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := json.Marshal(v)
			if !bytes.Equal(got, want) {
				t.Fatalf("Marshal(%T with %d keys):\n got %q\nwant %q", v, len(ma), got, want)
			}
		}
	}
}

// TestAppendStringShort checks the word-at-a-time path for strings of up to
// 16 bytes against encoding/json, with and without HTML escaping, for
// every length around the word sizes, bytes next to each byte that needs
// escaping (they differ from it in one bit, which the pair tests of
// encUnplain rely on), and destinations whose spare capacity is 0 to 20
// bytes: the output must be right and no byte past it may change.
func TestAppendStringShort(t *testing.T) {
	var near []byte // the bytes that need escaping and their neighbours
	for _, c := range []byte{0x00, 0x1f, '"', '&', '<', '>', '\\', 0x7f, 0x80, 0xc3, 0xff} {
		for _, d := range []int{-4, -2, -1, 0, 1, 2, 4} {
			near = append(near, byte(int(c)+d))
		}
	}
	r := rand.New(rand.NewPCG(11, 12))
	for i := range 300_000 {
		s := make([]byte, i%18)
		for j := range s {
			s[j] = 'a' + byte(r.IntN(26))
			if r.IntN(8) == 0 {
				s[j] = near[r.IntN(len(near))]
			}
		}
		checkAppendString(t, s, i&1 == 0, r.IntN(21))
	}
}

// checkAppendString compares appendString's output for s, after a 3-byte
// prefix in a buffer with spare bytes of room, with encoding/json's, and
// checks that no byte past the output changed when it was written in
// place.
func checkAppendString(t *testing.T, s []byte, html bool, spare int) {
	t.Helper()
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetEscapeHTML(html)
	if err := enc.Encode(string(s)); err != nil {
		t.Fatal(err)
	}
	e := &encState{}
	e.setV1(html)
	dst := make([]byte, 3, 3+spare)
	guard := dst[:cap(dst)]
	for j := range guard {
		guard[j] = 0xAA
	}
	got := e.appendString(dst, string(s))
	if w := want.Bytes(); !bytes.Equal(got[3:], w[:len(w)-1]) {
		t.Fatalf("appendString(%q), html %v: got %q, want %q", s, html, got[3:], w[:len(w)-1])
	}
	if cap(got) == cap(dst) { // written in place: nothing past the output changed
		for j := len(got); j < cap(dst); j++ {
			if guard[j] != 0xAA {
				t.Fatalf("appendString(%q) with %d spare bytes wrote past its output", s, spare)
			}
		}
	}
}

// TestAppendStringShortUTF8 checks appendString's word copy of short
// strings with non-ASCII text (encPlainUTF8) against encoding/json:
// strings of up to 18 bytes built from ASCII letters, bytes that need
// escaping, runes of two to four bytes (among them ones whose
// continuation bytes are '"', '<', '\' or a control byte with the high bit
// set, U+2028, U+2029 and their 0xE2 neighbours), and stray bytes that
// make the UTF-8 invalid, with and without HTML escaping, and with
// invalid UTF-8 refused (AllowInvalidUTF8(false)).
func TestAppendStringShortUTF8(t *testing.T) {
	pieces := []string{"a", "z", "0", "\"", "\\", "<", ">", "&", "\x00", "\x1f", "\x7f",
		"é", "\u00a2", "\u00bc", "\u0700", "\u0080", "\u07ff", "\uffff", "\ufff0", "€", "\u2000",
		"\u2027", "\u2028", "\u2029", "\u202a", "😀", "\U0010ffff",
		"\x80", "\xbf", "\xc3", "\xe2\x80", "\xf0\x9f\x98", "\xed\xa0\x80", "\xc0\xaf", "\xff"}
	r := rand.New(rand.NewPCG(13, 14))
	for i := range 200_000 {
		var s []byte
		for n := 1 + r.IntN(18); len(s) < n; {
			p := pieces[r.IntN(len(pieces))]
			if r.IntN(3) != 0 {
				p = pieces[r.IntN(2)] // mostly letters
			}
			s = append(s, p...)
		}
		s = s[:min(len(s), 18)]
		checkAppendString(t, s, i&1 == 0, r.IntN(21))
		_, err := AppendMarshal(nil, string(s), AllowInvalidUTF8(false))
		if valid := utf8.Valid(s); valid != (err == nil) {
			t.Fatalf("AppendMarshal(%q, AllowInvalidUTF8(false)): error %v, valid UTF-8 %v", s, err, valid)
		}
	}
}

// TestMarshalNameLengths checks the struct encoder's word copy of field
// names (8 to 16 bytes with their comma, quotes and colon) and the append
// for the others: structs whose field names have 1 to 16 letters, tagged
// and not, appended after prefixes into buffers with 0 to 40 spare bytes
// and guard bytes after them, against encoding/json.
func TestMarshalNameLengths(t *testing.T) {
	var fs []reflect.StructField
	for k := 1; k <= 16; k++ {
		name := "F" + strings.Repeat("x", k-1)
		fs = append(fs, reflect.StructField{Name: name, Type: reflect.TypeFor[int]()},
			reflect.StructField{Name: name + "S", Type: reflect.TypeFor[string](), Tag: reflect.StructTag(`json:"` + strings.Repeat("<", k) + `"`)})
	}
	for lo := range fs {
		for hi := lo + 1; hi <= min(lo+3, len(fs)); hi++ {
			v := reflect.New(reflect.StructOf(fs[lo:hi])).Elem()
			for i := range v.NumField() {
				if v.Field(i).Kind() == reflect.Int {
					v.Field(i).SetInt(int64(i * 7))
				} else {
					v.Field(i).SetString(strings.Repeat("s", i))
				}
			}
			want, err := json.Marshal(v.Interface())
			if err != nil {
				t.Fatal(err)
			}
			for spare := 0; spare <= 40; spare++ {
				dst := make([]byte, 2, 2+len(want)+spare)
				copy(dst, "[,")
				guard := dst[:cap(dst)]
				for j := 2; j < len(guard); j++ {
					guard[j] = 0xAA
				}
				got, err := AppendMarshal(dst, v.Interface())
				if err != nil || !bytes.Equal(got[2:], want) {
					t.Fatalf("fields %d-%d, %d spare bytes: got %q, %v; want %q", lo, hi, spare, got[2:], err, want)
				}
				for j := len(got); j < cap(dst); j++ {
					if guard[j] != 0xAA {
						t.Fatalf("fields %d-%d, %d spare bytes: wrote past the output", lo, hi, spare)
					}
				}
			}
		}
	}
}

// TestMarshalNumbers compares celer with encoding/json on numbers of every
// kind as struct fields (the inline writers), slice and array elements,
// map values and interface contents: float edge values (signed zeros,
// subnormals, the 1e-6 and 1e21 switches to the exponent form, integers
// around 2^53 and 2^63) and random floats, as float64 and float32, and
// integers of every size at their extremes and powers of ten.
func TestMarshalNumbers(t *testing.T) {
	type nums struct {
		F64  float64
		F32  float32
		I    int
		I8   int8
		I16  int16
		I32  int32
		I64  int64
		U    uint
		U8   uint8
		U16  uint16
		U32  uint32
		U64  uint64
		UP   uintptr
		FS   []float64
		F32S []float32
		FA   [3]float64
		IS   []int
		Any  any
		Map  map[string]float64
		FSt  float64 `json:",string"`
		IOm  int64   `json:",omitempty"`
		FOm  float64 `json:",omitempty"`
	}
	floats := []float64{0, math.Copysign(0, -1), 5e-324, 2.2250738585072009e-308, 2.2250738585072014e-308,
		1e-7, 9.999999999999999e-7, 1e-6, 1.0000000000000002e-6, 0.1, 1, 22000, 1 << 53, 1<<53 - 1, 1<<53 + 2,
		1 << 63, 1<<63 - 1024, 1e20, 999999999999999900000, 1e21, 1.0000000000000001e21, 1e22, math.MaxFloat64,
		float64(math.MaxFloat32), math.SmallestNonzeroFloat32, 1e38, 1e-38, 123456.789e3}
	r := rand.New(rand.NewPCG(15, 16))
	for range 3000 {
		switch r.IntN(3) {
		case 0:
			floats = append(floats, math.Float64frombits(r.Uint64()))
		case 1:
			floats = append(floats, float64(math.Float32frombits(r.Uint32())))
		default:
			f, _ := strconv.ParseFloat(strconv.FormatInt(r.Int64N(1e17), 10)+"e"+strconv.Itoa(r.IntN(50)-30), 64)
			floats = append(floats, f)
		}
	}
	ints := []int64{0, 1, -1, 9, 10, 99, 100, math.MaxInt8, math.MinInt8, math.MaxInt16, math.MinInt16,
		math.MaxInt32, math.MinInt32, math.MaxInt64, math.MinInt64, 1e8 - 1, 1e8, 1e16 - 1, 1e16, -1e16}
	for range 3000 {
		ints = append(ints, int64(r.Uint64()>>r.IntN(64)))
	}
	for i := range max(len(floats), len(ints)) {
		f := floats[i%len(floats)]
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		x := ints[i%len(ints)]
		if i%2 == 1 {
			f = -f
		}
		f32 := float32(f)
		if math.IsInf(float64(f32), 0) {
			f32 = float32(x)
		}
		v := nums{F64: f, F32: f32, I: int(x), I8: int8(x), I16: int16(x), I32: int32(x), I64: x,
			U: uint(x), U8: uint8(x), U16: uint16(x), U32: uint32(x), U64: uint64(x), UP: uintptr(x),
			FS: []float64{f, -f, float64(x)}, F32S: []float32{f32, -f32}, FA: [3]float64{f, 0, float64(x)},
			IS: []int{int(x), -int(x)}, Any: f, Map: map[string]float64{"a": f, "b": float64(x)},
			FSt: f, IOm: x % 2, FOm: f * float64(x%2)}
		encCompare(t, "numbers", &v)
	}
}

// TestAppendMarshalBraceAfterPrefix: a struct's fields are written each
// with its comma, and the first comma is then turned into the opening
// brace; with fields omitted, promoted through nil pointers or nested, the
// brace must still land on the struct's own first byte, never on the
// caller's prefix (which may itself end in a comma or brace).
func TestAppendMarshalBraceAfterPrefix(t *testing.T) {
	type inner struct {
		A int `json:",omitempty"`
	}
	type Emb struct{ X int }
	type S struct {
		A string `json:",omitempty"`
		*Emb
		B inner  `json:",omitzero"`
		C *inner `json:",omitempty"`
		D []int  `json:",omitempty"`
	}
	values := []any{S{}, &S{A: "x"}, S{Emb: &Emb{1}}, S{B: inner{2}}, S{C: &inner{}}, inner{}, struct{}{},
		[]S{{}, {A: "<&>"}}, map[string]S{"k": {}}, struct{ S }{}, struct{ P *S }{&S{}}}
	for _, prefix := range []string{"", "{", ",", "[1,", `{"a":`} {
		for _, v := range values {
			want, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range []Options{EscapeHTML(true), EscapeHTML(false)} {
				if o == EscapeHTML(false) {
					want = bytes.ReplaceAll(bytes.ReplaceAll(bytes.ReplaceAll(want, []byte(`\u003c`), []byte("<")), []byte(`\u0026`), []byte("&")), []byte(`\u003e`), []byte(">"))
				}
				got, err := AppendMarshal([]byte(prefix), v, o)
				if err != nil || string(got) != prefix+string(want) {
					t.Errorf("AppendMarshal(%q, %#v) = %q, %v; want %q", prefix, v, got, err, prefix+string(want))
				}
			}
		}
	}
}
