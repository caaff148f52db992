package msgpack

import (
	"bytes"
	"errors"
	"io"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/stream"
	"github.com/celerjson/celer/token"
)

// addSeeds adds the hand-written vectors and, for transcoding, small
// corpus files.
func addSeeds(f *testing.F, json bool) {
	for _, h := range []string{
		"00", "c0", "93 01 92 02 03 92 04 05", "82 a1 61 01 a1 62 92 02 03", "d6 ff 51 4b 67 b0",
		"d7 ff 77 35 94 00 51 4b 67 b0", "c7 0c ff 00 00 00 00 80 00 00 00 00 00 00 00", "d4 05 01",
		"ca 7f 80 00 01", "cf ff ff ff ff ff ff ff ff", "d3 80 00 00 00 00 00 00 00", "81 c3 c0",
		"c4 03 01 02 03", "dc 00 01 c0", "dd ff ff ff ff", "db ff ff ff ff", "81 92 01 02 c1",
	} {
		f.Add(mustHex(f, h))
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
				t.Fatalf("validFast(%x) = %v, the Reader says %v", data, fast, slow)
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
			t.Fatalf("bytes reader: %v (%d tokens), stream reader: %v (%d tokens)", err, len(toks), serr, len(stoks))
		}
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > int64(len(data)) {
				t.Fatalf("error without a valid offset: %#v", err)
			}
			return
		}
		out, err := writeTokens(toks)
		if err != nil {
			t.Fatalf("rewriting %x: %v", data, err)
		}
		again, err := readTokens(out)
		if err != nil || !sameTokens(toks, again) {
			t.Fatalf("rewritten %x as %x: %v", data, out, err)
		}
		if Validate(data, o...) != nil {
			return // several objects
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

// deepEqualValues compares decoded values: NaNs equal, times by instant.
func deepEqualValues(a, b any) bool {
	switch x := a.(type) {
	case float64:
		y, ok := b.(float64)
		return ok && (x == y && math.Signbit(x) == math.Signbit(y) || math.IsNaN(x) && math.IsNaN(y))
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

// FuzzTranscode: JSON -> MessagePack -> JSON keeps every value (numbers
// by value), failing only for numbers MessagePack cannot hold; and
// MessagePack -> JSON -> MessagePack -> JSON is a fixed point after the
// first step, unless that JSON holds a number MessagePack cannot (the
// exact seconds of a timestamp); nothing panics.
func FuzzTranscode(f *testing.F) {
	addSeeds(f, true)
	f.Fuzz(func(t *testing.T, data []byte) {
		if stream.Valid(data) {
			mp, err := jsonToMsgpack(data)
			if err != nil {
				if errors.Is(err, ErrUnsupported) && hasInexactNumber(t, data) {
					return
				}
				t.Fatalf("JSON %q to MessagePack: %v", data, err)
			}
			js, err := msgpackToJSON(mp)
			if err != nil {
				t.Fatalf("JSON %q -> %x to JSON: %v", data, mp, err)
			}
			want, _ := canonicalJSON(data)
			compareJSON(t, "fuzz", want, bytes.TrimSuffix(js, []byte("\n")))
			return
		}
		js, err := msgpackToJSON(data, token.SubstituteNull(true), token.StringifyKeys(true))
		if err != nil {
			return
		}
		mp, err := jsonToMsgpack(js)
		if err != nil {
			// A timestamp with nanoseconds becomes exact epoch seconds in
			// JSON (the tag is dropped): a number no float holds, which
			// MessagePack rejects without an Inexact option.
			if errors.Is(err, ErrUnsupported) && hasInexactNumber(t, js) {
				return
			}
			t.Fatalf("MessagePack %x -> JSON %q: back to MessagePack: %v", data, js, err)
		}
		js2, err := msgpackToJSON(mp)
		if err != nil || !bytes.Equal(js, js2) {
			t.Fatalf("MessagePack %x -> JSON %q -> MessagePack %x -> JSON %q (%v)", data, js, mp, js2, err)
		}
	})
}
