package dom_test

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/stream"
)

const sample = `{
	"name": "celer",
	"esc": "tab\there \u00e9\ud83d\ude00",
	"n": [0, -1, 2.5, 1e3, 18446744073709551615],
	"ok": true, "no": false, "nil": null,
	"nested": {"a": {"b": [10, {"c": "deep"}]}},
	"": "empty name",
	"a\"b": "quoted name",
	"dup": 1, "dup": 2,
	"empty": {}, "none": []
}`

func TestAccessors(t *testing.T) {
	d := mustParse(t, sample)
	r := d.Root()
	if r.Kind() != dom.Object || r.Len() != 13 {
		t.Fatalf("root: %v with %d members", r.Kind(), r.Len())
	}
	text := func(v dom.Value) string {
		t.Helper()
		s, err := v.Text()
		if err != nil {
			t.Fatalf("Text: %v", err)
		}
		return s
	}
	if got := text(r.Get("name")); got != "celer" {
		t.Errorf("name = %q", got)
	}
	if got := text(r.Get("esc")); got != "tab\there é😀" {
		t.Errorf("esc = %q", got)
	}
	if got := string(r.Get("esc").Raw()); got != `"tab\there \u00e9\ud83d\ude00"` {
		t.Errorf("esc raw = %s", got)
	}
	if got := text(r.Get("")); got != "empty name" {
		t.Errorf(`"" = %q`, got)
	}
	if got := text(r.Get(`a"b`)); got != "quoted name" {
		t.Errorf(`a"b = %q`, got)
	}
	if got, _ := r.Get("dup").Int64(); got != 1 {
		t.Errorf("dup: first member wins, got %d", got)
	}
	if got := text(r.Lookup("nested", "a", "b", "1", "c")); got != "deep" {
		t.Errorf("Lookup = %q", got)
	}
	for _, path := range [][]string{{"nested", "x"}, {"nested", "a", "b", "2"}, {"nested", "a", "b", "01"},
		{"nested", "a", "b", "-1"}, {"name", "x"}, {"n", ""}, {"n", "1e0"}} {
		if v := r.Lookup(path...); v.Exists() || v.Kind() != dom.Invalid {
			t.Errorf("Lookup(%q) = %v, want Invalid", path, v)
		}
	}
	if b, err := r.Get("ok").Bool(); !b || err != nil {
		t.Errorf("ok = %v, %v", b, err)
	}
	if b, err := r.Get("no").Bool(); b || err != nil {
		t.Errorf("no = %v, %v", b, err)
	}
	if !r.Get("nil").IsNull() || r.Get("nil").Kind() != dom.Null {
		t.Error("nil is not null")
	}
	if r.Get("empty").Len() != 0 || r.Get("empty").Kind() != dom.Object || r.Get("none").Kind() != dom.Array {
		t.Error("empty containers")
	}
	n := r.Get("n")
	if n.Len() != 5 || n.Index(5).Exists() || n.Index(-1).Exists() {
		t.Errorf("n: Len %d", n.Len())
	}
	if s, _ := n.Index(3).Number(); s != "1e3" {
		t.Errorf("Number = %q", s)
	}
	if u, err := n.Index(4).Uint64(); u != math.MaxUint64 || err != nil {
		t.Errorf("Uint64 = %d, %v", u, err)
	}
	if _, err := n.Index(4).Int64(); !errors.Is(err, strconv.ErrRange) {
		t.Errorf("Int64 of 2^64-1: %v, want ErrRange", err)
	}
	if _, err := n.Index(2).Int64(); !errors.Is(err, dom.ErrNotInteger) {
		t.Errorf("Int64 of 2.5: %v, want ErrNotInteger", err)
	}
	if _, err := n.Index(1).Uint64(); !errors.Is(err, strconv.ErrRange) {
		t.Errorf("Uint64 of -1: %v, want ErrRange", err)
	}
	if f, _ := n.Index(2).Float64(); f != 2.5 {
		t.Errorf("Float64 = %v", f)
	}
	// Offsets and raw bytes point into the input.
	for _, v := range []dom.Value{r, r.Get("nested"), n.Index(1), r.Get("esc"), r.Get("nil")} {
		if !strings.HasPrefix(sample[v.Offset():], string(v.Raw())) {
			t.Errorf("Raw %s is not at offset %d", v.Raw(), v.Offset())
		}
	}
	if got := string(r.Get("nested").Raw()); got != `{"a": {"b": [10, {"c": "deep"}]}}` {
		t.Errorf("nested raw = %s", got)
	}
	// String() is text for strings, compact JSON otherwise.
	if got := r.Get("nested").String(); got != `{"a":{"b":[10,{"c":"deep"}]}}` {
		t.Errorf("String = %s", got)
	}
	if got := r.Get("name").String(); got != "celer" {
		t.Errorf("String = %s", got)
	}
	if got := r.Get("missing").String(); got != "<invalid>" {
		t.Errorf("String = %s", got)
	}
	// Iterators, in input order, and early exit.
	var names []string
	for name := range r.All() {
		names = append(names, name)
		if name == "nil" {
			break
		}
	}
	if strings.Join(names, ",") != "name,esc,n,ok,no,nil" {
		t.Errorf("All = %q", names)
	}
	var elems []string
	for e := range n.Elements() {
		elems = append(elems, string(e.Raw()))
	}
	if strings.Join(elems, " ") != "0 -1 2.5 1e3 18446744073709551615" {
		t.Errorf("Elements = %q", elems)
	}
	for range r.Get("name").All() {
		t.Error("All on a string yields")
	}
	for range r.Elements() {
		t.Error("Elements on an object yields")
	}
}

func TestWrongKind(t *testing.T) {
	r := mustParse(t, `{"s":"x","n":1}`).Root()
	var missing dom.Value
	checks := []struct {
		name string
		err  error
		want error
	}{
		{"Text of number", second(r.Get("n").Text()), dom.ErrWrongKind},
		{"Bool of string", second(r.Get("s").Bool()), dom.ErrWrongKind},
		{"Int64 of string", second(r.Get("s").Int64()), dom.ErrWrongKind},
		{"Uint64 of object", second(r.Uint64()), dom.ErrWrongKind},
		{"Float64 of missing", second(missing.Float64()), dom.ErrMissing},
		{"Number of missing", second(r.Get("x").Number()), dom.ErrMissing},
		{"Decode of missing", missing.Decode(new(any)), dom.ErrMissing},
	}
	for _, c := range checks {
		var ke *dom.KindError
		if !errors.Is(c.err, c.want) || !errors.As(c.err, &ke) {
			t.Errorf("%s: %v, want %v", c.name, c.err, c.want)
		}
	}
	if missing.Len() != 0 || missing.Get("a").Exists() || missing.Index(0).Exists() || missing.Raw() != nil ||
		missing.Offset() != -1 || len(missing.AppendJSON(nil)) != 0 || missing.Lookup().Exists() {
		t.Error("the zero Value is not inert")
	}
}

func second[T any](_ T, err error) error { return err }

func TestDecode(t *testing.T) {
	r := mustParse(t, `{"user": {"name": "ana", "age": 41, "tags": ["a", "b"]}, "x": 1}`).Root()
	var u struct {
		Name string
		Age  int
		Tags []string
	}
	if err := r.Get("user").Decode(&u); err != nil {
		t.Fatal(err)
	}
	if u.Name != "ana" || u.Age != 41 || len(u.Tags) != 2 || u.Tags[1] != "b" {
		t.Errorf("Decode = %+v", u)
	}
	var m map[string]any
	if err := r.Decode(&m); err != nil || m["x"] != 1.0 {
		t.Errorf("Decode into map = %v, %v", m, err)
	}
	var s string
	if err := r.Get("x").Decode(&s); err == nil {
		t.Error("Decode of a number into a string succeeded")
	}
}

// ratInt is the reference for the exact conversions: big.Rat parses the
// number text exactly.
func ratInt(text string) (v *big.Int, integral bool) {
	r, ok := new(big.Rat).SetString(text)
	if !ok {
		panic("bad number " + text)
	}
	return r.Num(), r.IsInt()
}

func checkNumber(t *testing.T, text string) {
	t.Helper()
	v := mustParse(t, text).Root()
	bi, integral := ratInt(text)
	i, err := v.Int64()
	switch {
	case !integral:
		if !errors.Is(err, dom.ErrNotInteger) {
			t.Errorf("Int64(%s) = %d, %v, want ErrNotInteger", text, i, err)
		}
	case !bi.IsInt64():
		if !errors.Is(err, strconv.ErrRange) {
			t.Errorf("Int64(%s) = %d, %v, want ErrRange", text, i, err)
		}
	case err != nil || i != bi.Int64():
		t.Errorf("Int64(%s) = %d, %v, want %d", text, i, err, bi.Int64())
	}
	u, err := v.Uint64()
	switch {
	case !integral:
		if !errors.Is(err, dom.ErrNotInteger) {
			t.Errorf("Uint64(%s) = %d, %v, want ErrNotInteger", text, u, err)
		}
	case !bi.IsUint64():
		if !errors.Is(err, strconv.ErrRange) {
			t.Errorf("Uint64(%s) = %d, %v, want ErrRange", text, u, err)
		}
	case err != nil || u != bi.Uint64():
		t.Errorf("Uint64(%s) = %d, %v, want %d", text, u, err, bi.Uint64())
	}
	f, err := v.Float64()
	wf, werr := strconv.ParseFloat(text, 64)
	if f != wf && !(math.IsNaN(f) && math.IsNaN(wf)) || math.Signbit(f) != math.Signbit(wf) || (err == nil) != (werr == nil) {
		t.Errorf("Float64(%s) = %v, %v, want %v, %v", text, f, err, wf, werr)
	}
}

func TestNumbers(t *testing.T) {
	for _, s := range []string{"0", "-0", "0.0", "-0.0e5", "1", "-1", "1.0", "1.5", "15e-1",
		"1e1", "1E+2", "100e-2", "1000e-3", "1001e-3", "0.1e1", "0.01e2", "0.001e2", "120e-1",
		"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
		"18446744073709551615", "18446744073709551616", "1844674407370955161.5e1", "1844674407370955161.6e1",
		"9007199254740993", "1e18", "1e19", "1e20", "-1e19", "1e-400", "1e400", "-1e400", "123456789e-9",
		"0.000000000000000000000000000000000000000001e42", "1" + strings.Repeat("0", 30) + "e-30",
		"1" + strings.Repeat("0", 19), "12345678901234567890123"} {
		checkNumber(t, s)
	}
	// Exponents beyond big.Rat, checked by hand.
	for _, c := range []struct {
		text string
		i    int64
		err  error
	}{
		{"0e999999999999999999999", 0, nil},
		{"-0.000e-999999999999999999999", 0, nil},
		{"1e999999999999999999999", 0, strconv.ErrRange},
		{"1e-999999999999999999999", 0, dom.ErrNotInteger},
		{"5e-0000000000000000000000000000000", 5, nil},
	} {
		i, err := mustParse(t, c.text).Root().Int64()
		if i != c.i || !errors.Is(err, c.err) {
			t.Errorf("Int64(%s) = %d, %v, want %d, %v", c.text, i, err, c.i, c.err)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	digits := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('0' + rng.IntN(10))
		}
		return string(b)
	}
	for range 3000 {
		s := ""
		if rng.IntN(2) == 0 {
			s = "-"
		}
		intPart := digits(1 + rng.IntN(21))
		for len(intPart) > 1 && intPart[0] == '0' {
			intPart = intPart[1:]
		}
		s += intPart
		if rng.IntN(2) == 0 {
			s += "." + digits(1+rng.IntN(5))
		}
		if rng.IntN(2) == 0 {
			s += "e" + []string{"", "+", "-"}[rng.IntN(3)] + strconv.Itoa(rng.IntN(25))
		}
		checkNumber(t, s)
	}
}

// TestKindString names every kind.
func TestKindString(t *testing.T) {
	want := []string{"invalid", "null", "bool", "number", "string", "array", "object"}
	for k, w := range want {
		if got := dom.Kind(k).String(); got != w {
			t.Errorf("Kind(%d) = %q, want %q", k, got, w)
		}
	}
	if got := dom.Kind(200).String(); got != "Kind(200)" {
		t.Errorf("Kind(200) = %q", got)
	}
}

func TestAllBytes(t *testing.T) {
	r := mustParse(t, `{"plain": 1, "esc\u0061ped": 2, "": 3, "a\nb": 4}`).Root()
	var got []string
	for name, v := range r.AllBytes() {
		got = append(got, string(name)+"="+string(v.Raw()))
	}
	var want []string
	for name, v := range r.All() {
		want = append(want, name+"="+string(v.Raw()))
	}
	if strings.Join(got, ",") != strings.Join(want, ",") || len(got) != 4 {
		t.Errorf("AllBytes = %q, All = %q", got, want)
	}
	if !raceEnabled {
		if n := testing.AllocsPerRun(10, func() {
			for range r.AllBytes() {
			}
		}); n > 1 { // the closure; the escaped names share one buffer
			t.Errorf("AllBytes allocates %v times", n)
		}
	}
}

// TestNumberGrammar checks number validation, whose common cases have a
// fast path, against the syntax layer: every string of up to 5 bytes over
// an alphabet of number bytes and a few others, and digit runs of every
// length around the fast path's word sizes, in contexts with and without
// room after them.
func TestNumberGrammar(t *testing.T) {
	alpha := "01.-e+9x"
	var cands []string
	var gen func(prefix string)
	gen = func(prefix string) {
		cands = append(cands, prefix)
		if len(prefix) == 5 {
			return
		}
		for i := range len(alpha) {
			gen(prefix + alpha[i:i+1])
		}
	}
	gen("")
	for i := range 12 {
		for f := range 20 {
			n := strings.Repeat("7", i+1)
			if f > 0 {
				n += "." + strings.Repeat("3", f)
			}
			cands = append(cands, n, "-"+n, "0"+n, n+"e5", n+".")
		}
	}
	tail := strings.Repeat(" ", 40)
	for _, c := range cands {
		for _, in := range []string{c, "[" + c + "]", "[" + c + "," + c + "]" + tail, `{"a":` + c + "}" + tail, "[" + c + " ]" + tail} {
			_, err := dom.Parse([]byte(in))
			if (err == nil) != stream.Valid([]byte(in)) {
				t.Errorf("Parse(%q): %v, stream.Valid disagrees", in, err)
			}
		}
	}
}

func TestMembers(t *testing.T) {
	r := mustParse(t, `{"a": 1, "b": {"x": [1, 2]}, "c": [], "d\u0065": "s", "e": {}, "f": null}`).Root()
	var got, want []string
	for v := range r.Members() {
		got = append(got, string(v.Raw()))
	}
	for _, v := range r.All() {
		want = append(want, string(v.Raw()))
	}
	if strings.Join(got, "|") != strings.Join(want, "|") || len(got) != 6 {
		t.Errorf("Members = %q, All's values = %q", got, want)
	}
	n := 0
	for range r.Members() {
		if n++; n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("break after 2: %d", n)
	}
	for _, v := range []dom.Value{{}, mustParse(t, `[1, 2]`).Root(), mustParse(t, `"s"`).Root(), mustParse(t, `{}`).Root()} {
		for m := range v.Members() {
			t.Errorf("%v yields %v", v, m)
		}
	}
	if !raceEnabled {
		if n := testing.AllocsPerRun(10, func() {
			for range r.Members() {
			}
		}); n != 0 {
			t.Errorf("Members allocates %v times", n)
		}
	}
}

// TestGetNames: Get's fast path (tag and length in one compare, then the
// first byte, then the rest) against a plain search with All, for names
// that share lengths, first bytes, and all but the last byte, with and
// without escapes.
func TestGetNames(t *testing.T) {
	doc := `{"ab": 1, "ac": 2, "ba": 3, "abc": 4, "": 5, "a": 6, "\u0061d": 7, "x\"y": 8, "ab": 9,
		"long_name_01": 10, "long_name_02": 11, "Long_name_01": 12, "\u00e9": 13, "\/": 14,
		"abcdefghijklmnoq": 15, "abcdefghijklmnopr": 16, "abcdefgi": 17, "abcdefgh1": 18, "abcdefgh": 19}`
	// Also a short input, where fewer than 16 bytes follow each name, and
	// the same names with containers as values, in every pattern of
	// scalars and containers (Get steps over two scalar members at a
	// time), holding the same names as decoys.
	docs := []string{doc, `{"ab": 1, "b": 2, "ac": 3}`}
	for mask := range 8 {
		k := 0
		docs = append(docs, regexp.MustCompile(`: \d+`).ReplaceAllStringFunc(doc, func(string) string {
			k++
			if mask>>(k%3)&1 == 0 {
				return ": " + strconv.Itoa(k)
			}
			if k%2 == 0 {
				return `: [{"ab": 0, "abc": 0}, "ac"]`
			}
			return `: {"ab": 0, "ba": {"abcdefgh": 0}}`
		}))
	}
	for _, doc := range docs {
		checkGetNames(t, mustParse(t, doc).Root())
	}
}

func checkGetNames(t *testing.T, r dom.Value) {
	t.Helper()
	for _, name := range []string{"ab", "ac", "ba", "abc", "", "a", "ad", `x"y`, "long_name_01", "long_name_02",
		"Long_name_01", "long_name_03", "é", "/", "\\/", "b", "abcd", "zz", "long_name_0", "\\u0061d",
		"abcdefghijklmnop", "abcdefghijklmnoq", "abcdefghijklmnopq", "abcdefghijklmnopr", "abcdefgh", "abcdefgi", "abcdefgh1"} {
		want := dom.Value{}
		for n, v := range r.All() {
			if n == name {
				want = v
				break
			}
		}
		if got := r.Get(name); got != want {
			t.Errorf("Get(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestInvalidUTF8Names pins what a lenient parse reads from names and
// strings holding invalid UTF-8: with escapes, each invalid byte becomes
// U+FFFD; without, the bytes are kept. All, Text and AllBytes agree with
// the stream Decoder's tokens, and Get finds each member by All's name.
func TestInvalidUTF8Names(t *testing.T) {
	in := []byte("{\"a\xff\":\"x\xfe\",\"b\\u0041\xff\":\"y\\n\xfe\",\"c\":1}")
	d, err := dom.Parse(in, stream.AllowInvalidUTF8(true))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"a\xff", "x\xfe", "bA\ufffd", "y\n\ufffd", "c"}
	var got []string
	for name, v := range d.Root().All() {
		got = append(got, name)
		if s, err := v.Text(); err == nil {
			got = append(got, s)
		}
		if g := d.Root().Get(name); g != v {
			t.Errorf("Get(%q) does not find the member All yields", name)
		}
	}
	var bytesNames []string
	for name := range d.Root().AllBytes() {
		bytesNames = append(bytesNames, string(name))
	}
	if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
		t.Errorf("All and Text read %q, want %q", got, want)
	}
	if fmt.Sprintf("%q", bytesNames) != fmt.Sprintf("%q", []string{want[0], want[2], want[4]}) {
		t.Errorf("AllBytes reads %q", bytesNames)
	}
	dec := stream.NewDecoderBytes(in, stream.AllowInvalidUTF8(true))
	var toks []string
	for {
		tok, err := dec.ReadToken()
		if err != nil {
			break
		}
		if tok.Kind() == stream.KindString {
			toks = append(toks, tok.String())
		}
	}
	if fmt.Sprintf("%q", toks) != fmt.Sprintf("%q", want) {
		t.Errorf("the Decoder reads %q, the Doc %q", toks, want)
	}
}
