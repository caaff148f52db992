package ubjson

import (
	"bytes"
	"errors"
	"io"
	"math"
	"math/big"
	"reflect"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/stream"
	"github.com/celerjson/celer/token"
)

// addSeeds adds the hand-written vectors and, for transcoding, small
// corpus files.
func addSeeds(f *testing.F, json bool) {
	for _, h := range []string{
		"Z", "[i\x01[I\x00\x02i\x03][i\x04i\x05]]", "{i\x01ai\x01i\x01b[i\x02i\x03]}", "[$U#i\x03\x01\x02\x03",
		"[$i#i\x02\x01\x02", "{$Z#i\x02i\x01ai\x01b", "[$[#i\x02]#i\x01Z", "Hi\x1418446744073709551616", "Hi\x031.5",
		"[NZN]", "d\x7f\x80\x00\x01", "Ca", "SI\x00\x02\xc3\xa9", "[#L\x7f\xff\xff\xff\xff\xff\xff\xff",
		"[$Z#l\x00\x01\x00\x00", "{#i\x01i\x00T", "[$S#i\x01i\x01a",
	} {
		f.Add([]byte(h))
	}
	if json {
		for _, c := range celertest.CorpusJSON(f) {
			if len(c.Data) < 4096 {
				f.Add(c.Data)
			}
		}
		for _, s := range []string{`[1.0, -0, 1e400, 0.1, "\u00e9", {"a": [true, null]}]`, `18446744073709551616`, `-1.5e-7`} {
			f.Add([]byte(s))
		}
	}
}

// FuzzDecode: reading never panics; bytes and stream readers agree;
// errors carry an offset within the input; the tokens of valid input,
// written again, read back as the same tokens; a valid object decoded
// into an empty interface, encoded and decoded again gives the same
// value.
func FuzzDecode(f *testing.F) {
	addSeeds(f, false)
	f.Fuzz(func(t *testing.T, data []byte) {
		o := []Options{MaxDepth(64)}
		for _, vo := range [][]Options{o, {MaxDepth(3), MaxElements(2), MaxTokenBytes(3), AllowInvalidUTF8(true)}} {
			s := opts.Collect(vo...)
			if fast, slow := validFast(data, &s), validateTokens(data, vo...); fast != (slow == nil) {
				t.Fatalf("validFast(%q) = %v, the Reader says %v", short(data), fast, slow)
			}
		}
		toks, err := readTokens(data, o...)
		r := NewReader(&celertest.ChunkReader{Data: data, Sizes: []int{1, 5, 3}}, o...)
		var stoks []token.Token
		var serr error
		for {
			tk, e := r.ReadToken()
			if e != nil {
				if e != io.EOF {
					serr = e
				}
				break
			}
			stoks = append(stoks, tk.Clone())
		}
		if (err == nil) != (serr == nil) || err == nil && !sameTokens(toks, stoks) {
			if len(data) > 64 {
				data = data[:64]
			}
			t.Fatalf("bytes reader: %v (%d tokens), stream reader: %v (%d tokens)", err, len(toks), serr, len(stoks))
		}
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > int64(len(data)) {
				t.Fatalf("error without a valid offset: %#v", err)
			}
			return
		}
		// Rewritten, the tokens give the writer's canonical form (no
		// counts, floats for exact high-precision numbers, null for NaN),
		// a fixed point.
		out, err := writeTokens(toks, InexactAsDecimal(true))
		if err != nil {
			t.Fatalf("rewriting %q: %v", short(data), err)
		}
		again, err := readTokens(out)
		if err != nil {
			t.Fatalf("rewritten %q as %q: %v", short(data), short(out), err)
		}
		out2, err := writeTokens(again, InexactAsDecimal(true))
		if err != nil || !bytes.Equal(out, out2) {
			t.Fatalf("rewritten %q as %q, then as %q: %v", short(data), short(out), short(out2), err)
		}
		if Validate(data, o...) != nil {
			return // several objects
		}
		var v any
		if err := Unmarshal(data, &v, o...); err != nil {
			t.Fatalf("Unmarshal(%q): %v", short(data), err)
		}
		enc, err := Marshal(v, InexactAsDecimal(true))
		if err != nil {
			t.Fatalf("Marshal(%#v): %v", v, err)
		}
		var w any
		if err := Unmarshal(enc, &w); err != nil {
			t.Fatalf("Unmarshal(Marshal(%#v)) = %x: %v", v, enc, err)
		}
		if !deepEqualValues(v, w) {
			t.Fatalf("decode(encode(v)) != v:\n v = %#v\n w = %#v", v, w)
		}
	})
}

// deepEqualValues compares decoded values: NaN and infinities with
// null, big integers by value.
func deepEqualValues(a, b any) bool {
	switch x := a.(type) {
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return b == nil // written as null, as the specification says
		}
		y, ok := b.(float64)
		return ok && x == y && math.Signbit(x) == math.Signbit(y)
	case *big.Int:
		y, ok := b.(*big.Int)
		return ok && x.Cmp(y) == 0
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !deepEqualValues(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			if w, ok := y[k]; !ok || !deepEqualValues(v, w) {
				return false
			}
		}
		return true
	case map[any]any:
		y, ok := b.(map[any]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			found := false
			for k2, w := range y {
				if deepEqualValues(k, k2) && deepEqualValues(v, w) {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

// FuzzTranscode: JSON -> UBJSON -> JSON keeps every value (numbers by
// value; with InexactAsDecimal, which never fails, and without it,
// failing only for numbers no float holds); UBJSON -> JSON -> UBJSON ->
// JSON keeps every value, and its JSON is a fixed point from the second
// JSON on; nothing panics.
func FuzzTranscode(f *testing.F) {
	addSeeds(f, true)
	f.Fuzz(func(t *testing.T, data []byte) {
		if stream.Valid(data) {
			mp, err := jsonToUBJSON(data, InexactAsDecimal(true))
			if err != nil {
				t.Fatalf("JSON %q to UBJSON: %v", data, err)
			}
			if _, err := jsonToUBJSON(data); err != nil && !hasInexactNumber(t, data) {
				t.Fatalf("JSON %q to UBJSON without InexactAsDecimal: %v", data, err)
			}
			js, err := ubjsonToJSON(mp)
			if err != nil {
				t.Fatalf("JSON %q -> %x to JSON: %v", data, mp, err)
			}
			want, _ := canonicalJSON(data)
			compareJSON(t, "fuzz", want, bytes.TrimSuffix(js, []byte("\n")))
			return
		}
		js, err := ubjsonToJSON(data, token.SubstituteNull(true), token.StringifyKeys(true))
		if err != nil {
			return
		}
		mp, err := jsonToUBJSON(js, InexactAsDecimal(true))
		if err != nil {
			t.Fatalf("UBJSON %x -> JSON %q: back to UBJSON: %v", data, js, err)
		}
		js2, err := ubjsonToJSON(mp)
		if err != nil {
			t.Fatalf("UBJSON %x -> JSON %q -> UBJSON %x -> JSON: %v", data, js, mp, err)
		}
		// The same values; the text of a number may change once: a
		// high-precision number's text is written as it was, and read
		// back as a float when one holds it exactly (H "1e2" becomes
		// JSON 1e2, then D 100.0, then JSON 100.0).
		compareJSON(t, "UBJSON -> JSON -> UBJSON -> JSON", bytes.TrimSuffix(js, []byte("\n")), bytes.TrimSuffix(js2, []byte("\n")))
		mp2, err := jsonToUBJSON(js2, InexactAsDecimal(true))
		if err != nil {
			t.Fatalf("JSON %q back to UBJSON: %v", js2, err)
		}
		js3, err := ubjsonToJSON(mp2)
		if err != nil || !bytes.Equal(js2, js3) {
			t.Fatalf("UBJSON %x -> JSON %q -> UBJSON %x -> JSON %q -> UBJSON %x -> JSON %q (%v)", data, js, mp, js2, mp2, js3, err)
		}
	})
}

func short(b []byte) string {
	if len(b) > 64 {
		return string(b[:64]) + "..."
	}
	return string(b)
}
