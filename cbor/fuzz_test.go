package cbor

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"reflect"
	"testing"
	"time"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/stream"
	"github.com/celerjson/celer/token"
)

// addSeeds adds the examples of Appendix A and small corpus files.
func addSeeds(f *testing.F, json bool) {
	for _, ex := range appendixA(f) {
		b, _ := decodeHex(ex.hex)
		f.Add(b)
	}
	for _, h := range []string{"9f018202039f0405ffff", "bf6346756ef563416d7421ff", "5f42010243030405ff", "c482211a6ab3", "c5822003", "a1a0f6", "d74401020304"} {
		b, _ := decodeHex(h)
		f.Add(b)
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

func decodeHex(s string) ([]byte, error) {
	b := make([]byte, len(s)/2)
	for i := range b {
		var x byte
		for _, c := range s[2*i : 2*i+2] {
			x <<= 4
			switch {
			case c >= '0' && c <= '9':
				x |= byte(c - '0')
			case c >= 'a' && c <= 'f':
				x |= byte(c - 'a' + 10)
			}
		}
		b[i] = x
	}
	return b, nil
}

// FuzzDecode: reading never panics; bytes and stream readers agree; a
// valid item decoded into an empty interface, encoded and decoded again
// gives the same value; the token copy of a valid item reads back as the
// same tokens.
func FuzzDecode(f *testing.F) {
	addSeeds(f, false)
	f.Fuzz(func(t *testing.T, data []byte) {
		o := []Options{MaxDepth(64)}
		for _, vo := range [][]Options{o, {MaxDepth(3), MaxElements(2), MaxTokenBytes(3), AllowInvalidUTF8(true)}} {
			s := opts.Collect(vo...)
			if fast, slow := validFast(data, &s), validateTokens(data, vo...); fast && slow != nil {
				t.Fatalf("validFast(%x) = true, the Reader says %v", data, slow)
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
		if (err == nil) != (serr == nil) || !sameTokens(toks, stoks) {
			t.Fatalf("bytes reader: %v (%d tokens), stream reader: %v (%d tokens)", err, len(toks), serr, len(stoks))
		}
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > int64(len(data)) {
				t.Fatalf("error without a valid offset: %#v", err)
			}
			return
		}
		if _, err := Diagnose(data, o...); err != nil {
			t.Fatalf("Diagnose: %v", err)
		}
		// Token copy: read back, the tokens are the same (canonical forms).
		out, err := writeTokens(toks, IndefiniteLength(true))
		if err != nil {
			t.Fatalf("rewriting %x: %v", data, err)
		}
		again, err := readTokens(out)
		if err != nil || !sameTokens(toks, again) {
			t.Fatalf("rewritten %x as %x: %v", data, out, err)
		}
		if Validate(data, o...) != nil {
			return // a sequence of several items
		}
		var v any
		if err := Unmarshal(data, &v, o...); err != nil {
			if !errors.As(err, new(*UnmarshalTypeError)) {
				t.Fatalf("Unmarshal(%x): %v", data, err)
			}
			return // a map key Go cannot hold
		}
		enc, err := Marshal(v)
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

// deepEqualValues compares decoded values: NaNs equal, big.Int and
// time.Time by value.
func deepEqualValues(a, b any) bool {
	switch x := a.(type) {
	case float64:
		y, ok := b.(float64)
		return ok && (x == y && math.Signbit(x) == math.Signbit(y) || math.IsNaN(x) && math.IsNaN(y))
	case *big.Int:
		y, ok := b.(*big.Int)
		return ok && x.Cmp(y) == 0
	case time.Time:
		y, ok := b.(time.Time)
		return ok && x.Equal(y)
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
		// Keys such as *big.Int and NaN never find themselves: match
		// them by value.
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
	case Tag:
		y, ok := b.(Tag)
		return ok && x.Number == y.Number && deepEqualValues(x.Content, y.Content)
	}
	return reflect.DeepEqual(a, b)
}

// FuzzTranscode: JSON -> CBOR -> JSON keeps every value (numbers by
// value), and CBOR -> JSON -> CBOR -> JSON is a fixed point after the
// first step; nothing panics.
func FuzzTranscode(f *testing.F) {
	addSeeds(f, true)
	f.Fuzz(func(t *testing.T, data []byte) {
		if stream.Valid(data) {
			cb, err := jsonToCBOR(data, InexactAsDecimal(true))
			if err != nil {
				if errors.Is(err, ErrLimit) {
					return // a huge integer
				}
				t.Fatalf("JSON %q to CBOR: %v", data, err)
			}
			js, err := cborToJSON(cb)
			if err != nil {
				t.Fatalf("JSON %q -> %x to JSON: %v", data, cb, err)
			}
			want, _ := canonicalJSON(data)
			compareJSON(t, "fuzz", want, bytes.TrimSuffix(js, []byte("\n")))
			return
		}
		js, err := cborToJSON(data, token.SubstituteNull(true), token.StringifyKeys(true))
		if err != nil {
			return
		}
		cb, err := jsonToCBOR(js, InexactAsDecimal(true))
		if err != nil {
			if errors.Is(err, ErrLimit) {
				return
			}
			t.Fatalf("CBOR %x -> JSON %q: back to CBOR: %v", data, js, err)
		}
		js2, err := cborToJSON(cb)
		if err != nil {
			t.Fatalf("CBOR %x -> JSON %q -> CBOR %x -> JSON: %v", data, js, cb, err)
		}
		// Equal values, not always equal text: a decimal fraction (tag 4)
		// is written as decimal text ("-1.7e+13"), which becomes a float
		// and is then written as one ("-17000000000000.0").
		compareJSON(t, fmt.Sprintf("CBOR %x -> JSON %q -> CBOR %x -> JSON %q", data, js, cb, js2), js, js2)
	})
}
