package celer

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/opts"
)

// encTreeNames are the member names of the random trees: few, so that maps
// of the same size often have the same names, and often not quite; some
// need escaping, one is invalid UTF-8.
var encTreeNames = []string{"a", "b", "id", "id_str", "<x>", "", "name", "é", "\u2028", "\xff", "q\"", "z", "ab", "a\x00"}

// encRandTree returns a random decoded-JSON-like tree of the given depth.
func encRandTree(r *rand.Rand, depth int) any {
	k := r.IntN(10)
	if depth <= 0 {
		k = r.IntN(6)
	}
	switch k {
	case 0:
		return nil
	case 1:
		return r.IntN(2) == 0
	case 2:
		return encTreeNames[r.IntN(len(encTreeNames))]
	case 3:
		return float64(r.IntN(2000) - 1000)
	case 4:
		return encRandFloat(r)
	case 5:
		return json.Number(strconv.Itoa(r.IntN(100)))
	case 6, 7, 8:
		n := r.IntN(len(encTreeNames) + 1)
		m := make(map[string]any, n)
		for _, i := range r.Perm(len(encTreeNames))[:n] {
			m[encTreeNames[i]] = encRandTree(r, depth-1)
		}
		return m
	}
	s := make([]any, r.IntN(4))
	for i := range s {
		s[i] = encRandTree(r, depth-1)
	}
	return s
}

// encRandFloat returns floats around the edges of the integer fast path.
func encRandFloat(r *rand.Rand) float64 {
	switch r.IntN(8) {
	case 0:
		return math.Copysign(0, -1)
	case 1:
		return float64(1<<53) * float64(r.IntN(3)-1)
	case 2:
		return float64(1<<53) - float64(r.IntN(3))
	case 3:
		return -(float64(1<<53) - float64(r.IntN(3)))
	case 4:
		return 1e21 * float64(r.IntN(3)-1)
	case 5:
		return float64(r.Int64()) * float64(r.IntN(3)-1)
	case 6:
		return math.Float64frombits(r.Uint64())
	}
	return r.NormFloat64() * 1e6
}

// encStd marshals v with encoding/json, with or without HTML escaping.
func encStd(v any, html bool) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(html)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// TestMarshalAnyTrees marshals random trees, one after another so that
// remembered name sets meet maps that have other names, nested maps of the
// same size and other quoting flags, and compares with encoding/json.
func TestMarshalAnyTrees(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		v := encRandTree(r, 4)
		html := i%3 != 0
		want, wantErr := encStd(v, html)
		var got []byte
		var gotErr error
		if html {
			got, gotErr = Marshal(v)
		} else {
			got, gotErr = AppendMarshal(nil, v, EscapeHTML(false))
		}
		if (gotErr == nil) != (wantErr == nil) || !bytes.Equal(got, want) {
			t.Fatalf("tree %d (html %v):\n got %s, %v\nwant %s, %v", i, html, got, gotErr, want, wantErr)
		}
	}
}

// TestMarshalAnySameSize writes maps whose names differ from the map of
// the same size inside or before them.
func TestMarshalAnySameSize(t *testing.T) {
	abc := map[string]any{"a": 1.0, "b": 2.0, "c": 3.0}
	abd := map[string]any{"a": 1.0, "b": 2.0, "d": abc}
	xyz := map[string]any{"x": abd, "y": abc, "z": []any{abd, abc, map[string]any{"c": 0.0, "b": abd, "a": "<"}}}
	for _, v := range []any{abc, abd, xyz, []any{xyz, abd, abc, xyz}, map[string]any{"b": xyz, "c": abc, "e": abd}} {
		for _, html := range []bool{true, false, true} {
			want, _ := encStd(v, html)
			got, err := AppendMarshal(nil, v, EscapeHTML(html))
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("html %v:\n got %s, %v\nwant %s", html, got, err, want)
			}
		}
	}
}

// TestMarshalAnyStrictUTF8 fails on an invalid name whether or not its
// name set is remembered, and leaves later calls correct.
func TestMarshalAnyStrictUTF8(t *testing.T) {
	bad := map[string]any{"a": 1.0, "b": 2.0, "\xff": 3.0}
	good := map[string]any{"a": 1.0, "b": 2.0, "c": 3.0}
	for range 3 {
		if _, err := AppendMarshal(nil, bad, AllowInvalidUTF8(false)); err == nil {
			t.Fatal("invalid name: no error")
		}
		got, err := AppendMarshal(nil, []any{good, bad})
		want, _ := json.Marshal([]any{good, bad})
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("got %s, %v\nwant %s", got, err, want)
		}
	}
}

// TestMarshalAnyUnsorted writes the same entries in any order.
func TestMarshalAnyUnsorted(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		v := encRandTree(r, 3)
		out, err := AppendMarshal(nil, v, Deterministic(false))
		_, wantErr := json.Marshal(v)
		if (err == nil) != (wantErr == nil) {
			t.Fatalf("errors differ: %v, %v", err, wantErr)
		}
		if err != nil {
			continue
		}
		var got, want any
		std, _ := json.Marshal(v)
		if json.Unmarshal(out, &got) != nil || json.Unmarshal(std, &want) != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("got %s\nwant %s", out, std)
		}
	}
}

// TestMarshalAnyTreeReset checks that a walk stopped by an error (NaN in
// a map written from a remembered name set) does not leave its values and
// busy counts to the next call on the same state.
func TestMarshalAnyTreeReset(t *testing.T) {
	names := map[string]any{"a": 1.0, "b": 2.0, "c": 3.0}
	bad := []any{names, map[string]any{"a": 1.0, "b": map[string]any{"a": 0.0, "b": "x", "c": math.NaN()}, "c": 3.0}}
	e := new(encState)
	e.setV1(true)
	if _, err := e.marshal(nil, bad); err == nil {
		t.Fatal("NaN: no error")
	}
	e.depth = 0 // as encPut leaves it
	got, err := e.marshal(nil, names)
	if err != nil || string(got) != `{"a":1,"b":2,"c":3}` {
		t.Fatalf("got %s, %v", got, err)
	}
	tr := e.tree
	if len(tr.vals) != 0 || tr.active != 0 || tr.sets[3].busy != 0 {
		t.Errorf("after a failed walk: %d values, %d active, %d busy", len(tr.vals), tr.active, tr.sets[3].busy)
	}
}

// TestEncPlainShort compares the word-at-a-time check of short strings
// with a byte-by-byte one, on strings made of bytes near every boundary.
func TestEncPlainShort(t *testing.T) {
	alphabet := []byte{0x00, 0x1f, 0x20, 0x21, '"', '\\', '<', '>', '&', 'a', '~', 0x7f, 0x80, 0xc3, 0xff, '!', '#', '[', ']'}
	plain := func(s string, html bool) bool {
		for i := 0; i < len(s); i++ {
			c := s[i]
			if c < 0x20 || c >= 0x80 || c == '"' || c == '\\' || html && (c == '<' || c == '>' || c == '&') {
				return false
			}
		}
		return true
	}
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 200000 {
		b := make([]byte, i%17)
		for j := range b {
			b[j] = alphabet[r.IntN(len(alphabet))]
			if r.IntN(3) > 0 {
				b[j] = 'a' + byte(r.IntN(26))
			}
		}
		for _, html := range []bool{false, true} {
			if got, want := encPlainShort(string(b), html), plain(string(b), html); got != want {
				t.Fatalf("encPlainShort(%q, %v) = %v, want %v", b, html, got, want)
			}
		}
	}
}

// TestMarshalAnyLongNames checks maps whose names are too long to be
// remembered: still written as encoding/json writes them, and nothing kept.
func TestMarshalAnyLongNames(t *testing.T) {
	m := map[string]any{}
	for i := range 5 {
		m[strings.Repeat(string(rune('a'+i)), 1000)] = float64(i)
	}
	for range 2 {
		got, err := Marshal(m)
		want, _ := json.Marshal(m)
		if err != nil || string(got) != string(want) {
			t.Fatalf("got %.40s…, %v", got, err)
		}
	}
	e := new(encState)
	e.setV1(true)
	if _, err := e.marshal(nil, m); err != nil {
		t.Fatal(err)
	}
	if ks := &e.tree.sets[5]; len(ks.raw) != 0 {
		t.Errorf("remembered %d bytes of names", len(ks.raw))
	}
}

// TestMarshalAnyAbortedSet checks that a name set whose quoting failed
// (invalid UTF-8 with AllowInvalidUTF8(false)) is never used, and that a
// walk stopped inside a slice does not leave values behind.
func TestMarshalAnyAbortedSet(t *testing.T) {
	good := map[string]any{"a": 1.0, "b": 2.0, "c": 3.0}
	bad := map[string]any{"a": 1.0, "b": 2.0, "\xff": 3.0}
	e := new(encState)
	strict := opts.Collect(AllowInvalidUTF8(false))
	for i, v := range []map[string]any{good, bad, bad, good} {
		e.setOptions(&strict)
		_, isBad := v["\xff"]
		got, err := e.marshal(nil, v)
		if isBad != (err != nil) || !isBad && string(got) != `{"a":1,"b":2,"c":3}` {
			t.Fatalf("value %d: %s, %v", i, got, err)
		}
	}
	nan := []any{map[string]any{"a": 1.0, "b": 2.0, "c": math.NaN(), "d": "x"}}
	e = new(encState)
	e.setV1(true)
	for range 100 {
		if _, err := e.marshal(nil, nan); err == nil {
			t.Fatal("NaN: no error")
		}
	}
	if tr := e.tree; len(tr.vals) != 0 || tr.active != 0 || tr.sets[4].busy != 0 {
		t.Errorf("after failed walks: %d values, %d active, %d busy", len(tr.vals), tr.active, tr.sets[4].busy)
	}
}
