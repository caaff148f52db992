package bson

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

// elemOf returns the element bytes of the one-element document {"x": v}
// written from the JSON text of v.
func elemOf(js string, o ...Options) (string, error) {
	b, err := jsonToBSON([]byte(`{"x":`+js+`}`), o...)
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(b[4 : len(b)-1]), nil
}

// TestJSONNumbers checks how JSON numbers become BSON: int32 when they
// fit, else int64, doubles when the nearest double has their exact value,
// and the Inexact policies otherwise. Decimal128 bits were computed
// independently (coefficient and biased exponent 6176).
func TestJSONNumbers(t *testing.T) {
	for _, tc := range []struct{ json, elem string }{
		{"0", "10 7800 00000000"},
		{"-1", "10 7800 ffffffff"},
		{"2147483647", "10 7800 ffffff7f"},
		{"-2147483648", "10 7800 00000080"},
		{"2147483648", "12 7800 0000008000000000"},
		{"-2147483649", "12 7800 ffffff7fffffffff"},
		{"9223372036854775807", "12 7800 ffffffffffffff7f"},
		{"-9223372036854775808", "12 7800 0000000000000080"},
		{"1.0", "01 7800 000000000000f03f"},
		{"1e2", "01 7800 0000000000005940"},
		{"1E+2", "01 7800 0000000000005940"},
		{"0.1", "01 7800 9a9999999999b93f"},
		{"-0", "01 7800 0000000000000080"},
		{"-0.0", "01 7800 0000000000000080"},
		{"0e99999999999999999999", "01 7800 0000000000000000"},
		{"5e-324", "01 7800 0100000000000000"},
		{"0.30000000000000004", "01 7800 343333333333d33f"},
	} {
		got, err := elemOf(tc.json)
		if want := strings.ReplaceAll(tc.elem, " ", ""); err != nil || got != want {
			t.Errorf("%s -> %s (%v), want %s", tc.json, got, err, want)
		}
	}
	for _, tc := range []struct{ json, decimal, float string }{
		{"9223372036854775808", "13 7800 00000000000000800000000000004030", "01 7800 000000000000e043"},
		{"0.10000000000000000001", "13 7800 0100e8890423c78a0000000000001830", "01 7800 9a9999999999b93f"},
		{"1e400", "13 7800 01000000000000000000000000006033", ""},
		{"1e-400", "13 7800 0100000000000000000000000000202d", "01 7800 0000000000000000"},
		{"1234567890123456789012345678901234567890.5", "", "01 7800 " + hex.EncodeToString(le64(math.Float64bits(1234567890123456789012345678901234567890.5)))},
	} {
		if _, err := elemOf(tc.json); !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: %v, want ErrUnsupported", tc.json, err)
		}
		got, err := elemOf(tc.json, InexactAsString(true))
		want := "02 7800 " + hex.EncodeToString(le32(len(tc.json)+1)) + hex.EncodeToString([]byte(tc.json)) + "00"
		if err != nil || got != strings.ReplaceAll(want, " ", "") {
			t.Errorf("%s as string: %s, %v", tc.json, got, err)
		}
		for _, p := range []struct {
			o    Options
			want string
		}{{InexactAsDecimal(true), tc.decimal}, {InexactAsFloat(true), tc.float}} {
			got, err := elemOf(tc.json, p.o)
			if p.want == "" {
				if !errors.Is(err, ErrUnsupported) {
					t.Errorf("%s %v: %s, %v; want ErrUnsupported", tc.json, p.o, got, err)
				}
				continue
			}
			if err != nil || got != strings.ReplaceAll(p.want, " ", "") {
				t.Errorf("%s %v: %s (%v), want %s", tc.json, p.o, got, err, p.want)
			}
		}
	}
	// String wins over decimal, decimal over float.
	if got, _ := elemOf("1e400", InexactAsFloat(true), InexactAsDecimal(true), InexactAsString(true)); !strings.HasPrefix(got, "02") {
		t.Errorf("string first: %s", got)
	}
	if got, _ := elemOf("0.10000000000000000001", InexactAsFloat(true), InexactAsDecimal(true)); !strings.HasPrefix(got, "13") {
		t.Errorf("decimal before float: %s", got)
	}
	// A Decimal128 that cannot hold the number falls back to the float.
	if got, _ := elemOf("1234567890123456789012345678901234567890.5", InexactAsFloat(true), InexactAsDecimal(true)); !strings.HasPrefix(got, "01") {
		t.Errorf("float after decimal: %s", got)
	}
}

func le64(v uint64) []byte {
	b := make([]byte, 8)
	for i := range b {
		b[i] = byte(v >> (8 * i))
	}
	return b
}

func TestWriterTokens(t *testing.T) {
	oid := mustHex(t, "0102030405060708090a0b0c")
	for _, tc := range []struct {
		toks  []token.Token
		elems string
		o     []Options
	}{
		{[]token.Token{token.String("x"), token.Float(1.5)}, "01 7800 000000000000f83f", nil},
		{[]token.Token{token.String("x"), token.FloatWidth(1.5, 16)}, "01 7800 000000000000f83f", nil},
		{[]token.Token{token.String("x"), token.Bytes([]byte{1, 2})}, "05 7800 02000000 00 0102", nil},
		{[]token.Token{token.String("x"), token.Undefined}, "06 7800", nil},
		{[]token.Token{token.String("x"), token.True, token.String("y"), token.Null}, "08 7800 01 0a 7900", nil},
		{[]token.Token{token.String("x"), token.BeginArray(2), token.Int(1), token.BeginObject(-1), token.EndObject, token.EndArray}, "04 7800 14000000 10 3000 01000000 03 3100 05000000 00 00", nil},
		{[]token.Token{token.String("x"), token.Ext(token.FamilyBSON, 7, oid)}, "07 7800 0102030405060708090a0b0c", nil},
		{[]token.Token{token.String("x"), token.Ext(token.FamilyBSON, 0x12, le64(5))}, "12 7800 0500000000000000", nil},
		{[]token.Token{token.String("x"), token.Ext(token.FamilyBSON, 0x10, le32(5))}, "10 7800 05000000", nil},
		{[]token.Token{token.String("x"), token.Ext(token.FamilyBSON, 0xff, nil)}, "ff 7800", nil},
		{[]token.Token{token.String("x"), token.Ext(token.FamilyBSON, 0x0b, []byte("a\x00im\x00"))}, "0b 7800 6100 696d00", nil},
		// CBOR: tags dropped, bignums as integers.
		{[]token.Token{token.String("x"), token.Tag(1), token.Int(5)}, "10 7800 05000000", nil},
		{[]token.Token{token.String("x"), token.Tag(2), token.Bytes([]byte{1, 0, 0, 0, 0})}, "12 7800 0000000001000000", nil},
		{[]token.Token{token.String("x"), token.Tag(3), token.Bytes([]byte{1, 0, 0, 0, 0})}, "12 7800 fffffffffeffffff", nil},
		{[]token.Token{token.String("x"), token.Tag(2), token.Bytes([]byte{1, 0, 0, 0, 0, 0, 0, 0, 0})}, "13 7800 00000000000000000100000000004030", []Options{InexactAsDecimal(true)}},
		{[]token.Token{token.String("x"), token.Uint(math.MaxUint64)}, "02 7800 15000000 3138343436373434303733373039353531363135 00", []Options{InexactAsString(true)}},
		// Keys: StringifyKeys makes scalars text.
		{[]token.Token{token.Int(-1), token.Null, token.False, token.Null, token.Float(1.5), token.Null}, "0a 2d3100 0a 66616c736500 0a 312e3500", []Options{StringifyKeys(true)}},
	} {
		toks := append([]token.Token{token.BeginObject(-1)}, tc.toks...)
		toks = append(toks, token.EndObject)
		got, err := writeTokens(toks, tc.o...)
		if want := doc(t, tc.elems); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: %x (%v), want %x", describe(tc.toks), got, err, want)
		}
	}
}

func TestWriterErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		toks []token.Token
		want error
	}{
		{"top-level scalar", []token.Token{token.Int(1)}, ErrUnsupported},
		{"top-level array", []token.Token{token.BeginArray(-1)}, ErrUnsupported},
		{"end without begin", []token.Token{token.EndObject}, ErrInvalidSequence},
		{"mismatched end", []token.Token{token.BeginObject(-1), token.EndArray}, ErrInvalidSequence},
		{"key without value", []token.Token{token.BeginObject(-1), token.String("a"), token.EndObject}, ErrInvalidSequence},
		{"tag before end", []token.Token{token.BeginObject(-1), token.String("a"), token.Tag(1), token.EndObject}, ErrInvalidSequence},
		{"invalid token", []token.Token{token.BeginObject(-1), {}}, ErrInvalidSequence},
		{"integer key", []token.Token{token.BeginObject(-1), token.Int(1)}, ErrUnsupported},
		{"bytes key", []token.Token{token.BeginObject(-1), token.Bytes(nil)}, ErrUnsupported},
		{"array key", []token.Token{token.BeginObject(-1), token.BeginArray(-1)}, ErrUnsupported},
		{"key with NUL", []token.Token{token.BeginObject(-1), token.String("a\x00b")}, ErrUnsupported},
		{"bad UTF-8 key", []token.Token{token.BeginObject(-1), token.String("\xff")}, ErrInvalidUTF8},
		{"bad UTF-8 string", []token.Token{token.BeginObject(-1), token.String("a"), token.String("\xff")}, ErrInvalidUTF8},
		{"bad number", []token.Token{token.BeginObject(-1), token.String("a"), token.Number("01")}, ErrUnsupported},
		{"uint", []token.Token{token.BeginObject(-1), token.String("a"), token.Uint(math.MaxUint64)}, ErrUnsupported},
		{"simple value", []token.Token{token.BeginObject(-1), token.String("a"), token.Simple(16)}, ErrUnsupported},
		{"msgpack ext", []token.Token{token.BeginObject(-1), token.String("a"), token.Ext(token.FamilyMsgpack, 1, nil)}, ErrUnsupported},
		{"short ObjectID", []token.Token{token.BeginObject(-1), token.String("a"), token.Ext(token.FamilyBSON, 7, make([]byte, 11))}, ErrUnsupported},
		{"long ObjectID", []token.Token{token.BeginObject(-1), token.String("a"), token.Ext(token.FamilyBSON, 7, make([]byte, 13))}, ErrUnsupported},
		{"unsorted regex", []token.Token{token.BeginObject(-1), token.String("a"), token.Ext(token.FamilyBSON, 0x0b, []byte("a\x00mi\x00"))}, ErrUnsupported},
		{"bad code with scope", []token.Token{token.BeginObject(-1), token.String("a"), token.Ext(token.FamilyBSON, 0x0f, mustHex(t, "0e000000 02000000 6100 06000000 00"))}, ErrUnsupported},
		{"document as Ext", []token.Token{token.BeginObject(-1), token.String("a"), token.Ext(token.FamilyBSON, 3, mustHex(t, "05000000 00"))}, ErrUnsupported},
		{"unknown type", []token.Token{token.BeginObject(-1), token.String("a"), token.Ext(token.FamilyBSON, 0x20, nil)}, ErrUnsupported},
		{"bad UTF-8 in an Ext string", []token.Token{token.BeginObject(-1), token.String("a"), token.Ext(token.FamilyBSON, 0x0e, mustHex(t, "02000000 ff00"))}, ErrInvalidUTF8},
		{"depth", []token.Token{token.BeginObject(-1), token.String("a"), token.BeginObject(-1)}, ErrDepth},
		{"MaxBytes", []token.Token{token.BeginObject(-1), token.String("a"), token.String("0123456789")}, ErrLimit},
	} {
		var o []Options
		switch tc.name {
		case "depth":
			o = append(o, MaxDepth(1))
		case "MaxBytes":
			o = append(o, MaxBytes(16))
		}
		_, err := writeTokens(tc.toks, o...)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	// Checked strings skip the UTF-8 check; AllowInvalidUTF8 writes any.
	if _, err := writeTokens([]token.Token{token.BeginObject(-1), token.String("\xff"), token.String("\xfe"), token.EndObject}, AllowInvalidUTF8(true)); err != nil {
		t.Errorf("AllowInvalidUTF8: %v", err)
	}
	// Errors are sticky.
	w := NewWriter(io.Discard)
	w.WriteToken(token.Int(1))
	if err := w.WriteToken(token.BeginObject(-1)); !errors.Is(err, ErrUnsupported) {
		t.Errorf("not sticky: %v", err)
	}
}

// countingWriter records the writes.
type countingWriter struct {
	n, writes int
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += len(p)
	c.writes++
	return len(p), nil
}

// TestWriterMemory: a Writer holds one top-level document at a time; a
// long sequence of documents streams through a bounded buffer, and Flush
// writes the complete documents but not the open one.
func TestWriterMemory(t *testing.T) {
	var out countingWriter
	w := NewWriter(&out)
	maxBuf := 0
	for i := range 20000 {
		for _, tok := range []token.Token{token.BeginObject(-1), token.String("i"), token.Int(int64(i)), token.EndObject} {
			if err := w.WriteToken(tok); err != nil {
				t.Fatal(err)
			}
		}
		maxBuf = max(maxBuf, len(w.buf))
	}
	if maxBuf > 2*flushAt {
		t.Errorf("buffered up to %d bytes", maxBuf)
	}
	w.WriteToken(token.BeginObject(-1))
	w.WriteToken(token.String("open"))
	w.WriteToken(token.String(strings.Repeat("x", 100)))
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if out.n != 20000*12 {
		t.Errorf("wrote %d bytes after Flush, want the %d of the complete documents", out.n, 20000*12)
	}
	w.WriteToken(token.EndObject)
	w.Flush()
	if out.n != 20000*12+4+6+4+101+1 {
		t.Errorf("wrote %d bytes in all", out.n)
	}
}

// TestCorpusJSONRoundTrip converts every corpus file whose top level is
// an object JSON -> BSON -> JSON. The result must be the compact input
// token for token: strings, names, literals and integers byte for byte,
// other numbers with the same value (their text may differ: 1.50 comes
// back as 1.5); files whose numbers are all integers byte for byte.
// Numbers no double holds make the default conversion fail (checked to be
// so); with InexactAsDecimal every file converts (Decimal128 back to JSON
// as a number of its exact text). The BSON is also checked against
// Validate, against canonical and relaxed Extended JSON (both must give
// the same BSON back), and to be a fixed point. Files whose top level is
// not an object must fail with ErrUnsupported.
func TestCorpusJSONRoundTrip(t *testing.T) {
	n := 0
	for _, f := range celertest.CorpusJSON(t) {
		if k := firstByte(f.Data); k != '{' {
			if _, err := jsonToBSON(f.Data); !errors.Is(err, ErrUnsupported) {
				t.Errorf("%s: top level %q: %v, want ErrUnsupported", f.Name, k, err)
			}
			continue
		}
		n++
		compact := compactJSON(t, f.Data)
		for _, o := range [][]Options{nil, {InexactAsDecimal(true)}} {
			b, err := jsonToBSON(f.Data, o...)
			if err != nil {
				if errors.Is(err, ErrUnsupported) && (o == nil && hasInexactNumber(t, f.Data) || hasNULName(f.Data)) {
					continue
				}
				t.Errorf("%s %v: to BSON: %v", f.Name, o, err)
				continue
			}
			if err := Validate(b); err != nil {
				t.Errorf("%s: invalid BSON: %v", f.Name, err)
			}
			back, err := bsonToJSONPlain(b)
			if err != nil {
				t.Errorf("%s: back to JSON: %v", f.Name, err)
				continue
			}
			if exact := compareJSON(t, f.Name, compact, back); exact && !bytes.Equal(back, compact) {
				t.Errorf("%s: not byte-exact", f.Name)
			}
			b2, err := jsonToBSON(back, o...)
			if err != nil || !bytes.Equal(b, b2) {
				t.Errorf("%s: BSON is not a fixed point (%v)", f.Name, err)
			}
			for _, m := range []Mode{Canonical, Relaxed} {
				ext, err := bsonToExt(b, m)
				if err != nil {
					t.Errorf("%s: to Extended JSON %d: %v", f.Name, m, err)
					continue
				}
				b3, err := extToBSON(ext)
				if err != nil || !bytes.Equal(b, b3) {
					t.Errorf("%s: BSON -> Extended JSON %d -> BSON differs (%v)", f.Name, m, err)
				}
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d corpus files with an object top level", n)
	}
}

// bsonToJSONPlain transcodes BSON to plain JSON with the WrappersOnly
// convention.
func bsonToJSONPlain(in []byte) ([]byte, error) {
	var buf bytes.Buffer
	_, err := token.Copy(WrapWriter(token.NewJSONWriter(&buf), WrappersOnly), NewReaderBytes(in))
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), err
}

func firstByte(b []byte) byte {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return c
		}
	}
	return 0
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
			if strings.ContainsAny(xs, ".eE") || xs == "-0" || len(strings.TrimPrefix(xs, "-")) > 18 {
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

// sameNumber reports whether two JSON number texts have the same value
// (any zeros are equal), comparing their significant digits and
// exponents, so that huge exponents cost nothing.
func sameNumber(t *testing.T, a, b string) bool {
	if a == b {
		return true // (math/big refuses exponents of seven digits and more)
	}
	x, ok1 := decimalParts(a)
	y, ok2 := decimalParts(b)
	if !ok1 || !ok2 {
		t.Fatalf("bad numbers %q %q", a, b)
	}
	return x == y
}

// parts is the value of a number: sign, significant digits (no leading
// or trailing zeros) and the exponent of the last digit.
type parts struct {
	neg    bool
	digits string
	exp    *big.Int
}

// decimalParts returns the parts of number text s as a comparable key.
func decimalParts(s string) (string, bool) {
	var p parts
	if strings.HasPrefix(s, "-") {
		p.neg, s = true, s[1:]
	}
	mant, e, _ := strings.Cut(strings.ToLower(s), "e")
	ip, fp, _ := strings.Cut(mant, ".")
	digits := strings.TrimLeft(ip+fp, "0")
	exp, ok := new(big.Int).SetString(strings.TrimPrefix(e, "+"), 10)
	if e == "" {
		exp, ok = new(big.Int), true
	}
	if !ok || ip == "" {
		return "", false
	}
	exp.Sub(exp, big.NewInt(int64(len(fp))))
	trimmed := strings.TrimRight(digits, "0")
	exp.Add(exp, big.NewInt(int64(len(digits)-len(trimmed))))
	if trimmed == "" {
		return "0", true
	}
	p.digits = trimmed
	return strconv.FormatBool(p.neg) + " " + p.digits + " " + exp.String(), true
}

// hasInexactNumber reports whether JSON text has a number that BSON
// cannot hold exactly: an integer beyond int64, or a number with a
// fraction or exponent whose value the shortest form of its nearest
// double does not have (checked with math/big, independently of the
// package's own test).
func hasInexactNumber(t *testing.T, in []byte) bool {
	d := stream.NewDecoderBytes(in)
	for {
		tok, err := d.ReadToken()
		if err != nil {
			return false
		}
		s := string(tok.Raw())
		if tok.Kind() != stream.KindNumber {
			continue
		}
		if !strings.ContainsAny(s, ".eE") {
			if _, err := strconv.ParseInt(s, 10, 64); err != nil {
				return true
			}
			continue
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsInf(f, 0) || !sameNumber(t, s, strconv.FormatFloat(f, 'g', -1, 64)) {
			return true
		}
	}
}

// hasNULName reports whether JSON text has a member name with a NUL
// character, which a BSON key (a cstring) cannot hold.
func hasNULName(in []byte) bool {
	d := stream.NewDecoderBytes(in)
	for {
		tok, err := d.ReadToken()
		if err != nil {
			return false
		}
		if tok.Kind() == stream.KindString && tok.IsName() && strings.Contains(tok.String(), "\x00") {
			return true
		}
	}
}

// TestIntWidths checks that BSON's integer types survive token.Copy
// between BSON and canonical Extended JSON (an int64 that fits 32 bits
// stays an int64), and that through plain JSON, which has one kind of
// number, they come back in the smallest type, as written in the spec's
// int32/int64 element tables.
func TestIntWidths(t *testing.T) {
	in := doc(t, "10 6100 01000000 12 6200 0100000000000000 12 6300 0000000001000000 12 6400 ffffffffffffffff")
	var buf bytes.Buffer
	if _, err := token.Copy(NewWriter(&buf), NewReaderBytes(in)); err != nil || !bytes.Equal(buf.Bytes(), in) {
		t.Errorf("BSON → BSON: % x, %v; want % x", buf.Bytes(), err, in)
	}
	ext, err := bsonToExt(in, Canonical)
	want := `{"a":{"$numberInt":"1"},"b":{"$numberLong":"1"},"c":{"$numberLong":"4294967296"},"d":{"$numberLong":"-1"}}`
	if err != nil || string(ext) != want {
		t.Errorf("BSON → canonical Extended JSON: %s, %v; want %s", ext, err, want)
	}
	if back, err := extToBSON(ext); err != nil || !bytes.Equal(back, in) {
		t.Errorf("Extended JSON → BSON: % x, %v; want % x", back, err, in)
	}
	js, err := bsonToJSON(in)
	if err != nil || string(js) != `{"a":1,"b":1,"c":4294967296,"d":-1}` {
		t.Errorf("BSON → JSON: %s, %v", js, err)
	}
	smallest := doc(t, "10 6100 01000000 10 6200 01000000 12 6300 0000000001000000 10 6400 ffffffff")
	if back, err := jsonToBSON(js); err != nil || !bytes.Equal(back, smallest) {
		t.Errorf("JSON → BSON: % x, %v; want % x", back, err, smallest)
	}
	// An Int of width 32 that does not fit 32 bits still gets an int64.
	buf.Reset()
	w := NewWriter(&buf)
	for _, tok := range []token.Token{token.BeginObject(-1), token.String("a"), token.IntWidth(1<<40, 32), token.EndObject} {
		if err := w.WriteToken(tok); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil || !bytes.Equal(buf.Bytes(), doc(t, "12 6100 0000000000010000")) {
		t.Errorf("width 32 beyond int32: % x, %v", buf.Bytes(), err)
	}
}
