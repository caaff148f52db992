package cbor

import (
	"bytes"
	"encoding/hex"
	"errors"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/stream"
	"github.com/celerjson/celer/token"
)

// jsonToCBOR transcodes JSON text to CBOR.
func jsonToCBOR(in []byte, o ...Options) ([]byte, error) {
	var buf bytes.Buffer
	_, err := token.Copy(NewWriter(&buf, o...), token.NewJSONReaderBytes(in))
	return buf.Bytes(), err
}

// cborToJSON transcodes CBOR to JSON text.
func cborToJSON(in []byte, o ...Options) ([]byte, error) {
	var buf bytes.Buffer
	_, err := token.Copy(token.NewJSONWriter(&buf, o...), NewReaderBytes(in))
	return buf.Bytes(), err
}

// TestJSONNumbers checks the number rules of JSON to CBOR: integers as
// integers (bignums beyond 64 bits), other numbers as the shortest float
// with the same value, and the policies for numbers no float holds.
func TestJSONNumbers(t *testing.T) {
	for _, tc := range []struct {
		json, hex string
	}{
		{"0", "00"}, {"-1", "20"}, {"24", "1818"}, {"-25", "3818"},
		{"4294967296", "1b0000000100000000"},
		{"18446744073709551615", "1bffffffffffffffff"},
		{"-18446744073709551616", "3bffffffffffffffff"},
		{"18446744073709551616", "c249010000000000000000"},
		{"-18446744073709551617", "c349010000000000000000"},
		{"340282366920938463463374607431768211456", "c25101" + strings.Repeat("00", 16)},
		// RFC 8949: 1.0 -> f93c00, 5.5 -> f94580, 5555.5 -> fa45ad9c00,
		// 1000000.5 -> fa49742408.
		{"1.0", "f93c00"}, {"5.5", "f94580"}, {"5555.5", "fa45ad9c00"}, {"1000000.5", "fa49742408"},
		{"-0", "f98000"}, {"-0.0", "f98000"}, {"0.0", "f90000"}, {"0e99999999999999999999", "f90000"},
		{"1e2", "f95640"}, {"1E+2", "f95640"}, {"65504", "19ffe0"}, {"65504.0", "f97bff"},
		{"0.1", "fb3fb999999999999a"}, {"1.1", "fb3ff199999999999a"},
		{"5.960464477539063e-8", "f90001"},
		{"1e300", "fb7e37e43c8800759c"},
		{"3.4028234663852886e38", "fa7f7fffff"},
		// 17 significant digits that are the shortest form of their double.
		{"0.30000000000000004", "fb3fd3333333333334"},
		// The smallest subnormal double, in its shortest form.
		{"5e-324", "fb0000000000000001"},
	} {
		got, err := jsonToCBOR([]byte(tc.json))
		if err != nil || hex.EncodeToString(got) != tc.hex {
			t.Errorf("%s -> %x (%v), want %s", tc.json, got, err, tc.hex)
		}
	}
	for _, tc := range []struct {
		json, decimal string
	}{
		{"0.10000000000000000001", "c482" + "33" + "1b8ac7230489e80001"},          // 4([-20, 10000000000000000001])
		{"1e400", "c482" + "19" + "0190" + "01"},                                  // 4([400, 1])
		{"-1e-400", "c482" + "39" + "018f" + "20"},                                // 4([-400, -1])
		{"1.10000000000000000001", "c482" + "33" + "c249" + "05f68e8131ecf80001"}, // a bignum mantissa
		{"2.5e-324", "c482" + "390144" + "1819"},                                  // rounds to 5e-324: 4([-325, 25])
		{"-0.000000000000000000000", "c482" + "35" + "00"},                        // exact zero is never inexact, see below
	} {
		if tc.json == "-0.000000000000000000000" {
			// Zero in any form is exactly 0.0 (or -0.0).
			got, err := jsonToCBOR([]byte(tc.json))
			if err != nil || hex.EncodeToString(got) != "f98000" {
				t.Errorf("%s -> %x, %v", tc.json, got, err)
			}
			continue
		}
		_, err := jsonToCBOR([]byte(tc.json))
		if !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: %v, want ErrUnsupported", tc.json, err)
		}
		got, err := jsonToCBOR([]byte(tc.json), InexactAsString(true))
		if err != nil || string(got[1:]) != tc.json || got[0] != 0x60+byte(len(tc.json)) && got[0] != 0x78 {
			t.Errorf("%s as string: %x, %v", tc.json, got, err)
		}
		got, err = jsonToCBOR([]byte(tc.json), InexactAsDecimal(true))
		if err != nil || hex.EncodeToString(got) != tc.decimal {
			t.Errorf("%s as decimal: %x (%v), want %s", tc.json, got, err, tc.decimal)
		}
		// And back to JSON: the same value.
		back, err := cborToJSON(got)
		if err != nil || !sameNumber(t, strings.TrimSpace(string(back)), tc.json) {
			t.Errorf("%s as decimal back to JSON: %s, %v", tc.json, back, err)
		}
	}
}

// TestWriterDeterministic checks core deterministic encoding: map keys
// sorted by their encodings, nested maps too, held containers resolved.
func TestWriterDeterministic(t *testing.T) {
	// The key order example of RFC 8949 section 4.2.1: 10, 100, -1, "z",
	// "aa", [100], [-1], false.
	keys := [][]token.Token{
		{token.False}, {token.BeginArray(-1), token.Int(-1), token.EndArray}, {token.String("aa")},
		{token.BeginArray(1), token.Int(100), token.EndArray}, {token.Int(-1)}, {token.String("z")}, {token.Int(100)}, {token.Int(10)},
	}
	var toks []token.Token
	toks = append(toks, token.BeginObject(-1))
	for i, k := range keys {
		toks = append(toks, k...)
		toks = append(toks, token.BeginObject(-1), token.String("b"), token.Int(int64(i)), token.String("a"), token.BeginArray(-1), token.EndArray, token.EndObject)
	}
	toks = append(toks, token.EndObject)
	got, err := writeTokens(toks, Deterministic(true))
	if err != nil {
		t.Fatal(err)
	}
	d, _ := Diagnose(got)
	want := `{10: {"a": [], "b": 7}, 100: {"a": [], "b": 6}, -1: {"a": [], "b": 4}, "z": {"a": [], "b": 5}, "aa": {"a": [], "b": 2}, [100]: {"a": [], "b": 3}, [-1]: {"a": [], "b": 1}, false: {"a": [], "b": 0}}`
	if d != want {
		t.Errorf("deterministic:\n got %s\nwant %s", d, want)
	}
	// Indefinite lengths are never written in deterministic mode.
	got, _ = writeTokens([]token.Token{token.BeginArray(-1), token.EndArray}, Deterministic(true), IndefiniteLength(true))
	if hex.EncodeToString(got) != "80" {
		t.Errorf("deterministic with IndefiniteLength: %x", got)
	}
	// Duplicate keys are an error.
	_, err = writeTokens([]token.Token{token.BeginObject(2), token.Int(1), token.Null, token.Uint(1), token.Null, token.EndObject}, Deterministic(true))
	if !errors.Is(err, ErrDuplicateName) {
		t.Errorf("duplicate keys: %v", err)
	}
}

func TestWriterIndefinite(t *testing.T) {
	toks := []token.Token{token.BeginObject(-1), token.String("a"), token.BeginArray(-1), token.Int(1), token.EndArray, token.EndObject}
	got, err := writeTokens(toks, IndefiniteLength(true))
	if err != nil || hex.EncodeToString(got) != "bf61619f01ffff" {
		t.Errorf("indefinite: %x, %v", got, err)
	}
	got, err = writeTokens(toks)
	if err != nil || hex.EncodeToString(got) != "a161618101" {
		t.Errorf("definite: %x, %v", got, err)
	}
}

func TestWriterSequenceErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		toks []token.Token
		want error
	}{
		{"end without begin", []token.Token{token.EndArray}, ErrInvalidSequence},
		{"mismatched end", []token.Token{token.BeginArray(-1), token.EndObject}, ErrInvalidSequence},
		{"too many items", []token.Token{token.BeginArray(1), token.Int(1), token.Int(2)}, ErrInvalidSequence},
		{"too few items", []token.Token{token.BeginArray(2), token.Int(1), token.EndArray}, ErrInvalidSequence},
		{"key without value", []token.Token{token.BeginObject(-1), token.Int(1), token.EndObject}, ErrInvalidSequence},
		{"tag before end", []token.Token{token.BeginArray(-1), token.Tag(1), token.EndArray}, ErrInvalidSequence},
		{"invalid token", []token.Token{{}}, ErrInvalidSequence},
		{"bad UTF-8", []token.Token{token.String("\xff")}, ErrInvalidUTF8},
		{"bad number", []token.Token{token.Number("01")}, ErrUnsupported},
		{"reserved simple", []token.Token{token.Simple(24)}, ErrUnsupported},
		{"other ext", []token.Token{token.Ext(token.FamilyBSON, 7, make([]byte, 12))}, ErrUnsupported},
		{"depth", []token.Token{token.BeginArray(-1), token.BeginArray(-1)}, ErrDepth},
	} {
		var o []Options
		if tc.name == "depth" {
			o = append(o, MaxDepth(1))
		}
		_, err := writeTokens(tc.toks, o...)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	// Checked strings skip the UTF-8 check; AllowInvalidUTF8 writes any.
	if _, err := writeTokens([]token.Token{token.String("\xff")}, AllowInvalidUTF8(true)); err != nil {
		t.Errorf("AllowInvalidUTF8: %v", err)
	}
}

func TestWriterFloats(t *testing.T) {
	for _, tc := range []struct {
		f   float64
		hex string
	}{
		{1, "f93c00"}, {math.Inf(-1), "f9fc00"}, {math.Float64frombits(0x7ff8000000000000), "f97e00"},
		{math.Float64frombits(0x7ff0000020000000), "fa7f800001"},         // signaling NaN, payload kept
		{math.Float64frombits(0x7ff8000000000001), "fb7ff8000000000001"}, // payload needs double precision
		{0x1p-24, "f90001"}, {0x1p-25, "fa33000000"}, {0x3p-24, "f90003"}, {65504, "f97bff"}, {65520, "fa477ff000"},
		{0x1p-149, "fa00000001"}, {0x1p-1074, "fb0000000000000001"}, {float64(float32(0.1)), "fa3dcccccd"},
	} {
		got, err := writeTokens([]token.Token{token.Float(tc.f)})
		if err != nil || hex.EncodeToString(got) != tc.hex {
			t.Errorf("%v (%x): %x, want %s", tc.f, math.Float64bits(tc.f), got, tc.hex)
		}
		toks, err := readTokens(got)
		if err != nil || math.Float64bits(toks[0].Float()) != math.Float64bits(tc.f) {
			t.Errorf("%s read back: %x", tc.hex, math.Float64bits(toks[0].Float()))
		}
	}
	// Every half-precision value survives float64 and comes back half.
	for h := 0; h < 1<<16; h++ {
		f := halfToFloat64(uint16(h))
		got, _ := writeTokens([]token.Token{token.Float(f)})
		if len(got) != 3 || int(got[1])<<8|int(got[2]) != h {
			t.Fatalf("half %04x: wrote %x", h, got)
		}
	}
}

// sameNumber reports whether two JSON number texts have the same value.
func sameNumber(t *testing.T, a, b string) bool {
	if a == b {
		return true // (math/big refuses exponents of seven digits and more)
	}
	x, ok1 := parseRat(a)
	y, ok2 := parseRat(b)
	if !ok1 || !ok2 {
		t.Fatalf("bad numbers %q %q", a, b)
	}
	return x.Cmp(y) == 0
}

// TestCorpusJSONRoundTrip converts every corpus file JSON -> CBOR ->
// JSON. The result must be the compact input (with strings escaped as
// stream.Encoder escapes them) token for token: strings, names, literals
// and integers byte for byte, other numbers with the same value (their
// text may differ: 1.50 comes back as 1.5). Files whose numbers all are
// integers must come back byte for byte. Numbers no float holds
// make the default conversion fail (checked to be so); with
// InexactAsDecimal every file must round-trip. The CBOR is also checked
// to be a fixed point: converting the output JSON again gives the same
// bytes.
func TestCorpusJSONRoundTrip(t *testing.T) {
	for _, f := range celertest.CorpusJSON(t) {
		compact, err := canonicalJSON(f.Data)
		if err != nil {
			t.Errorf("%s: %v", f.Name, err)
			continue
		}
		for _, o := range [][]Options{nil, {InexactAsDecimal(true)}} {
			cb, err := jsonToCBOR(f.Data, o...)
			if err != nil {
				if o == nil && errors.Is(err, ErrUnsupported) {
					if !hasInexactNumber(t, f.Data) {
						t.Errorf("%s: %v, but every number has an exact float", f.Name, err)
					}
					continue
				}
				t.Errorf("%s: to CBOR: %v", f.Name, err)
				continue
			}
			if err := Validate(cb); err != nil {
				t.Errorf("%s: invalid CBOR: %v", f.Name, err)
			}
			back, err := cborToJSON(cb)
			if err != nil {
				t.Errorf("%s: back to JSON: %v", f.Name, err)
				continue
			}
			if back[len(back)-1] != '\n' || bytes.Count(back, []byte("\n")) != 1 {
				t.Errorf("%s: output does not end with exactly one newline", f.Name)
			}
			back = back[:len(back)-1]
			if exact := compareJSON(t, f.Name, compact, back); exact && !bytes.Equal(back, compact) {
				t.Errorf("%s: not byte-exact", f.Name)
			}
			cb2, err := jsonToCBOR(back, o...)
			if err != nil || !bytes.Equal(cb, cb2) {
				t.Errorf("%s: CBOR is not a fixed point (%v)", f.Name, err)
			}
		}
	}
}

// compareJSON compares two JSON texts token by token (see
// TestCorpusJSONRoundTrip) and reports whether all numbers were integers.
func compareJSON(t *testing.T, name string, want, got []byte) bool {
	a := stream.NewDecoderBytes(want)
	b := stream.NewDecoderBytes(got)
	integers := true
	for i := 0; ; i++ {
		x, err1 := a.ReadToken()
		y, err2 := b.ReadToken()
		if err1 != nil || err2 != nil {
			if err1 != err2 {
				t.Errorf("%s: token %d: %v / %v", name, i, err1, err2)
			}
			return integers
		}
		if x.Kind() == stream.KindNumber && y.Kind() == stream.KindNumber {
			xs := string(x.Raw())
			if strings.ContainsAny(xs, ".eE") || xs == "-0" { // -0 is the float -0.0
				integers = false
				if !sameNumber(t, xs, string(y.Raw())) {
					t.Errorf("%s: token %d: number %s came back as %s", name, i, xs, y.Raw())
					return integers
				}
				continue
			}
		}
		if x.Kind() != y.Kind() || !bytes.Equal(x.Raw(), y.Raw()) {
			t.Errorf("%s: token %d: %s came back as %s", name, i, x.Raw(), y.Raw())
			return integers
		}
	}
}

// hasInexactNumber reports whether JSON text has a number with a
// fraction or exponent whose value no double has exactly (checked with
// math/big, independently of the package's own test).
func hasInexactNumber(t *testing.T, in []byte) bool {
	d := stream.NewDecoderBytes(in)
	for {
		tok, err := d.ReadToken()
		if err != nil {
			return false
		}
		s := string(tok.Raw())
		if tok.Kind() != stream.KindNumber || !strings.ContainsAny(s, ".eE") {
			continue
		}
		if !exactInFloat(t, s) {
			return true
		}
	}
}

func parseRat(s string) (*big.Rat, bool) { return new(big.Rat).SetString(s) }

// exactInFloat reports whether the shortest form of the double nearest
// to s has the value of s.
func exactInFloat(t *testing.T, s string) bool {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) {
		return false
	}
	return sameNumber(t, s, strconv.FormatFloat(f, 'g', -1, 64))
}

// canonicalJSON returns JSON text compacted by stream's token encoder,
// which writes strings with its own escaping and numbers as they are.
func canonicalJSON(in []byte) ([]byte, error) {
	var buf bytes.Buffer
	d := stream.NewDecoderBytes(in)
	e := stream.NewEncoder(&buf)
	for {
		tok, err := d.ReadToken()
		if err == io.EOF {
			return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), e.Flush()
		}
		if err != nil {
			return nil, err
		}
		if tok.Kind() == stream.KindString {
			tok = stream.String(tok.String())
		}
		if err := e.WriteToken(tok); err != nil {
			return nil, err
		}
	}
}

// countingWriter records the largest single write.
type countingWriter struct {
	n, largest int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += len(p)
	c.largest = max(c.largest, len(p))
	return len(p), nil
}

// TestWriterMemory: with IndefiniteLength, or with known lengths, a huge
// array streams through a small buffer; with unknown lengths the Writer
// holds the array until it ends, and Flush writes only what precedes it.
func TestWriterMemory(t *testing.T) {
	const n = 200000
	for _, tc := range []struct {
		name   string
		length int
		o      []Options
		held   bool
	}{
		{"indefinite", -1, []Options{IndefiniteLength(true)}, false},
		{"known length", n, nil, false},
		{"held", -1, nil, true},
	} {
		var out countingWriter
		w := NewWriter(&out, tc.o...)
		w.WriteToken(token.String("before"))
		w.WriteToken(token.BeginArray(tc.length))
		maxBuf := 0
		for i := range n {
			if err := w.WriteToken(token.Int(int64(i))); err != nil {
				t.Fatal(err)
			}
			maxBuf = max(maxBuf, len(w.buf))
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		if tc.held && (out.n != 7 || len(w.buf) < 3*n/2) {
			t.Errorf("%s: Flush wrote %d bytes, holds %d", tc.name, out.n, len(w.buf))
		}
		if !tc.held && maxBuf > 2*flushAt {
			t.Errorf("%s: buffered up to %d bytes", tc.name, maxBuf)
		}
		w.WriteToken(token.EndArray)
		w.Flush()
		if total := out.n; total < 3*n/2 {
			t.Errorf("%s: wrote %d bytes", tc.name, total)
		}
	}
	// A long string goes straight to the writer.
	var out countingWriter
	w := NewWriter(&out)
	long := strings.Repeat("x", 1<<20)
	w.WriteToken(token.String(long))
	w.Flush()
	if out.largest != 1<<20 || len(w.buf) != 0 || cap(w.buf) > flushAt {
		t.Errorf("long string: largest write %d, buffer cap %d", out.largest, cap(w.buf))
	}
}

func TestInexactAsFloat(t *testing.T) {
	for _, tc := range []struct{ json, hex string }{
		{"0.10000000000000000001", "fb3fb999999999999a"},
		{"-65.613616999999977", "fbc0506745803cd140"}, // a 17-digit form whose double prints shorter
		{"1e-400", "f90000"},
		{"-1e-400", "f98000"},
		{"1.5", "f93e00"}, // exact numbers are unaffected
	} {
		got, err := jsonToCBOR([]byte(tc.json), InexactAsFloat(true))
		if err != nil || hex.EncodeToString(got) != tc.hex {
			t.Errorf("%s: %x, %v; want %s", tc.json, got, err, tc.hex)
		}
	}
	if _, err := jsonToCBOR([]byte("1e400"), InexactAsFloat(true)); !errors.Is(err, ErrUnsupported) {
		t.Errorf("1e400: %v", err)
	}
	// String and decimal win.
	got, _ := jsonToCBOR([]byte("1e400"), InexactAsFloat(true), InexactAsDecimal(true))
	if hex.EncodeToString(got) != "c48219019001" {
		t.Errorf("decimal over float: %x", got)
	}
}
