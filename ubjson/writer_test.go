package ubjson

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/celerjson/celer/cbor"
	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/token"
)

// TestJSONNumbers checks the number rules of JSON to UBJSON: integers in
// their smallest type (beyond int64 high precision), other numbers as the
// float that has their exact value, and the policies for the others.
func TestJSONNumbers(t *testing.T) {
	for _, tc := range []struct {
		json, want string
		o          []Options
	}{
		{"0", "i\x00", nil}, {"-1", "i\xff", nil}, {"127", "i\x7f", nil}, {"128", "U\x80", nil}, {"255", "U\xff", nil},
		{"256", "I\x01\x00", nil}, {"-129", "I\xff\x7f", nil}, {"32768", "l\x00\x00\x80\x00", nil},
		{"2147483648", "L\x00\x00\x00\x00\x80\x00\x00\x00", nil},
		{"9223372036854775807", "L\x7f\xff\xff\xff\xff\xff\xff\xff", nil},
		{"9223372036854775808", "Hi\x139223372036854775808", nil},
		{"-9223372036854775809", "Hi\x14-9223372036854775809", nil},
		{"123456789012345678901234567890", "Hi\x1e123456789012345678901234567890", nil},
		{"1.5", "D\x3f\xf8\x00\x00\x00\x00\x00\x00", nil},
		{"1.5", "d\x3f\xc0\x00\x00", []Options{ShortestFloat(true)}},
		{"0.1", "D\x3f\xb9\x99\x99\x99\x99\x99\x9a", []Options{ShortestFloat(true)}},
		{"-0", "D\x80\x00\x00\x00\x00\x00\x00\x00", nil},
		{"1E+2", "D\x40\x59\x00\x00\x00\x00\x00\x00", nil},
	} {
		got, err := jsonToUBJSON([]byte(tc.json), tc.o...)
		if err != nil || string(got) != tc.want {
			t.Errorf("%s %v: %q (%v), want %q", tc.json, tc.o, got, err, tc.want)
		}
		// And back: the same JSON number (integers byte for byte).
		back, err := ubjsonToJSON(got)
		if err != nil || !sameNumber(t, strings.TrimSpace(string(back)), tc.json) {
			t.Errorf("%s back: %s, %v", tc.json, back, err)
		}
	}
	for _, tc := range []struct {
		json, nearest string
	}{
		{"0.10000000000000000001", "D\x3f\xb9\x99\x99\x99\x99\x99\x9a"},
		{"-65.613616999999977", "D\xc0\x50\x67\x45\x80\x3c\xd1\x40"},
		{"1e400", ""},
	} {
		if _, err := jsonToUBJSON([]byte(tc.json)); !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: %v, want ErrUnsupported", tc.json, err)
		}
		got, err := jsonToUBJSON([]byte(tc.json), InexactAsDecimal(true))
		if err != nil || string(got) != "Hi"+string(rune(len(tc.json)))+tc.json {
			t.Errorf("%s as high precision: %q, %v", tc.json, got, err)
		}
		if back, err := ubjsonToJSON(got); err != nil || strings.TrimSpace(string(back)) != tc.json {
			t.Errorf("%s: high precision back to JSON: %s, %v", tc.json, back, err)
		}
		got, err = jsonToUBJSON([]byte(tc.json), InexactAsString(true), InexactAsDecimal(true))
		if err != nil || string(got) != "Si"+string(rune(len(tc.json)))+tc.json {
			t.Errorf("%s as string: %q, %v", tc.json, got, err)
		}
		got, err = jsonToUBJSON([]byte(tc.json), InexactAsFloat(true))
		if tc.nearest == "" {
			if !errors.Is(err, ErrUnsupported) {
				t.Errorf("%s as float: %q, %v", tc.json, got, err)
			}
			continue
		}
		if err != nil || string(got) != tc.nearest {
			t.Errorf("%s as float: %q, %v", tc.json, got, err)
		}
	}
}

func TestWriterValues(t *testing.T) {
	for _, tc := range []struct {
		toks []token.Token
		want string
		o    []Options
	}{
		{[]token.Token{token.Uint(math.MaxUint64)}, "Hi\x1418446744073709551615", nil},
		{[]token.Token{token.Float(math.NaN())}, "Z", nil},
		{[]token.Token{token.Float(math.Inf(-1))}, "Z", nil},
		{[]token.Token{token.FloatWidth(1.5, 32)}, "d\x3f\xc0\x00\x00", nil},
		{[]token.Token{token.FloatWidth(1.5, 16)}, "d\x3f\xc0\x00\x00", nil},
		{[]token.Token{token.String("a")}, "Ca", nil},
		{[]token.Token{token.String("é")}, "Si\x02\xc3\xa9", nil},
		{[]token.Token{token.String("")}, "Si\x00", nil},
		{[]token.Token{token.Bytes([]byte{1, 2})}, "[$U#i\x02\x01\x02", nil},
		{[]token.Token{token.Bytes(nil)}, "[$U#i\x00", nil},
		{[]token.Token{token.Undefined}, "Z", nil},
		{[]token.Token{token.BeginObject(1), token.String("a"), token.BeginArray(2), token.True, token.Null, token.EndArray, token.EndObject}, "{i\x01a[TZ]}", nil},
		{[]token.Token{token.BeginObject(-1), token.Int(1), token.Null, token.True, token.Null, token.Float(1.5), token.Null, token.EndObject}, "{i\x011Zi\x04trueZi\x031.5Z}", []Options{StringifyKeys(true)}},
		// Tags: dropped, but bignums become integers.
		{[]token.Token{token.Tag(0), token.String("2013-03-21T20:04:00Z")}, "Si\x142013-03-21T20:04:00Z", nil},
		{[]token.Token{token.Tag(2), token.Bytes([]byte{1, 0})}, "I\x01\x00", nil},
		{[]token.Token{token.Tag(3), token.Bytes([]byte{0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})}, "L\x80\x00\x00\x00\x00\x00\x00\x00", nil},
		{[]token.Token{token.Tag(2), token.Bytes([]byte{1, 0, 0, 0, 0, 0, 0, 0, 0})}, "Hi\x1418446744073709551616", nil},
		{[]token.Token{token.Tag(3), token.Bytes([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})}, "Hi\x15-18446744073709551616", nil},
	} {
		got, err := writeTokens(tc.toks, tc.o...)
		if err != nil || string(got) != tc.want {
			t.Errorf("%s %v: %q (%v), want %q", describeTokens(tc.toks), tc.o, got, err, tc.want)
		}
	}
}

func TestWriterSequenceErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		toks []token.Token
		o    []Options
		want error
	}{
		{"end without begin", []token.Token{token.EndArray}, nil, ErrInvalidSequence},
		{"mismatched end", []token.Token{token.BeginArray(-1), token.EndObject}, nil, ErrInvalidSequence},
		{"too many", []token.Token{token.BeginArray(1), token.Int(1), token.Int(2)}, nil, ErrInvalidSequence},
		{"too few", []token.Token{token.BeginArray(2), token.Int(1), token.EndArray}, nil, ErrInvalidSequence},
		{"key without value", []token.Token{token.BeginObject(-1), token.String("a"), token.EndObject}, nil, ErrInvalidSequence},
		{"tag before end", []token.Token{token.BeginArray(-1), token.Tag(1), token.EndArray}, nil, ErrInvalidSequence},
		{"invalid token", []token.Token{{}}, nil, ErrInvalidSequence},
		{"bad UTF-8", []token.Token{token.String("\xff")}, nil, ErrInvalidUTF8},
		{"bad UTF-8 key", []token.Token{token.BeginObject(-1), token.String("\xff")}, nil, ErrInvalidUTF8},
		{"integer key", []token.Token{token.BeginObject(-1), token.Int(1)}, nil, ErrUnsupported},
		{"array key", []token.Token{token.BeginObject(-1), token.BeginArray(-1)}, []Options{StringifyKeys(true)}, ErrUnsupported},
		{"bytes key", []token.Token{token.BeginObject(-1), token.Bytes(nil)}, []Options{StringifyKeys(true)}, ErrUnsupported},
		{"bad number", []token.Token{token.Number("1.")}, nil, ErrUnsupported},
		{"msgpack ext", []token.Token{token.Ext(token.FamilyMsgpack, 1, nil)}, nil, ErrUnsupported},
		{"decimal fraction of 3", []token.Token{token.Tag(4), token.BeginArray(3)}, nil, ErrUnsupported},
		{"inexact decimal fraction", []token.Token{token.Tag(4), token.BeginArray(2), token.Int(-20), token.Uint(10000000000000000001), token.EndArray}, nil, ErrUnsupported},
		{"depth", []token.Token{token.BeginArray(-1), token.BeginArray(-1)}, []Options{MaxDepth(1)}, ErrDepth},
	} {
		_, err := writeTokens(tc.toks, tc.o...)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
}

// TestWriterTypedArrays: with TypedArrays, arrays of integers or of
// floats are written strongly typed when no larger, and read back as the
// same numbers.
func TestWriterTypedArrays(t *testing.T) {
	for _, tc := range []struct {
		json, want string
	}{
		{"[1,2,3,4,5]", "[$i#i\x05\x01\x02\x03\x04\x05"},
		{"[1,2,3]", "[i\x01i\x02i\x03]"}, // typed would be larger
		{"[200,300,400,500,600,700]", "[$I#i\x06\x00\xc8\x01\x2c\x01\x90\x01\xf4\x02\x58\x02\xbc"},
		{"[200,1,2,3,4,5]", "[U\xc8i\x01i\x02i\x03i\x04i\x05]"}, // int16 for all would be larger
		{"[-70000,70000,100000,200000,300000]", "[$l#i\x05\xff\xfe\xee\x90\x00\x01\x11\x70\x00\x01\x86\xa0\x00\x03\x0d\x40\x00\x04\x93\xe0"},
		{"[1.5,2.5,0.5,4.5]", "[$D#i\x04\x3f\xf8\x00\x00\x00\x00\x00\x00\x40\x04\x00\x00\x00\x00\x00\x00\x3f\xe0\x00\x00\x00\x00\x00\x00\x40\x12\x00\x00\x00\x00\x00\x00"},
		{"[1,2,3,4,1.5]", "[i\x01i\x02i\x03i\x04D\x3f\xf8\x00\x00\x00\x00\x00\x00]"}, // mixed
		{"[1,2,3,4,\"a\"]", "[i\x01i\x02i\x03i\x04Ca]"},
		{"[[1,2,3,4,5],[]]", "[[$i#i\x05\x01\x02\x03\x04\x05[]]"},
		{"[1,2,3,4,18446744073709551615]", "[i\x01i\x02i\x03i\x04Hi\x1418446744073709551615]"},
		{"[]", "[]"},
	} {
		got, err := jsonToUBJSON([]byte(tc.json), TypedArrays(true))
		if err != nil || string(got) != tc.want {
			t.Errorf("%s: %q (%v), want %q", tc.json, got, err, tc.want)
		}
		back, err := ubjsonToJSON(got)
		if want, _ := canonicalJSON([]byte(tc.json)); err != nil || strings.TrimSpace(string(back)) != string(want) && !strings.Contains(tc.json, ".") {
			t.Errorf("%s: back %s, %v", tc.json, back, err)
		}
	}
	// float32 values stay float32; ShortestFloat narrows exact ones.
	toks := []token.Token{token.BeginArray(-1)}
	for _, f := range []float64{1, 2, 3, 4} {
		toks = append(toks, token.FloatWidth(f, 32))
	}
	toks = append(toks, token.EndArray)
	got, _ := writeTokens(toks, TypedArrays(true))
	if string(got) != "[$d#i\x04\x3f\x80\x00\x00\x40\x00\x00\x00\x40\x40\x00\x00\x40\x80\x00\x00" {
		t.Errorf("float32 typed: %q", got)
	}
	// NaN is null: the array stays untyped.
	toks[2] = token.Float(math.NaN())
	got, _ = writeTokens(toks, TypedArrays(true))
	if !bytes.Contains(got, []byte("Z")) || bytes.Contains(got, []byte("$")) {
		t.Errorf("NaN: %q", got)
	}
	// A long typed array is held, then written; Flush writes what comes
	// before it.
	var out bytes.Buffer
	w := NewWriter(&out, TypedArrays(true))
	w.WriteToken(token.String("before"))
	w.WriteToken(token.BeginArray(-1))
	for i := range 100000 {
		w.WriteToken(token.Int(int64(i % 100)))
	}
	w.Flush()
	if out.Len() != 9 {
		t.Errorf("Flush with a held array wrote %d bytes", out.Len())
	}
	w.WriteToken(token.EndArray)
	w.Flush()
	if out.Len() != 9+9+100000 {
		t.Errorf("held typed array: %d bytes", out.Len())
	}
}

// TestTranscodeCBOR: byte strings, bignums and dates from CBOR.
func TestTranscodeCBOR(t *testing.T) {
	for _, tc := range []struct{ cbor, want string }{
		{"4401020304", "[$U#i\x04\x01\x02\x03\x04"},
		{"c249010000000000000000", "Hi\x1418446744073709551616"},
		{"c11a514b67b0", "l\x51\x4b\x67\xb0"},
		{"f97e00", "Z"},
		{"a201020304", "{i\x011i\x02i\x013i\x04}"},
		{"c4 82 21 19 6ab3", "D\x40\x71\x12\x66\x66\x66\x66\x66"},   // 273.15
		{"c5 82 20 03", "D\x3f\xf8\x00\x00\x00\x00\x00\x00"},        // 1.5
		{"c4 82 18 64 01", "D\x54\xb2\x49\xad\x25\x94\xc3\x7d"},     // 1e+100
		{"c5 82 18 64 01", "Hi\x1f1267650600228229401496703205376"}, // 2^100
	} {
		var buf bytes.Buffer
		_, err := token.Copy(NewWriter(&buf, StringifyKeys(true)), cbor.NewReaderBytes(mustHex(t, tc.cbor)))
		if err != nil || buf.String() != tc.want {
			t.Errorf("CBOR %s: %q (%v), want %q", tc.cbor, buf.Bytes(), err, tc.want)
		}
	}
}

// TestCorpusJSONRoundTrip converts every corpus file JSON -> UBJSON ->
// JSON, with and without TypedArrays and ShortestFloat. The result must
// be the compact input token for token: strings, names, literals and
// integers byte for byte (integers beyond 64 bits included), other
// numbers with the same value; files whose numbers are all integers come
// back byte for byte. Numbers no float holds make the default conversion
// fail (checked to be so, independently); with InexactAsDecimal every
// file round-trips exactly, those numbers as high precision. The UBJSON
// is also a fixed point.
func TestCorpusJSONRoundTrip(t *testing.T) {
	for _, f := range celertest.CorpusJSON(t) {
		compact, err := canonicalJSON(f.Data)
		if err != nil {
			t.Errorf("%s: %v", f.Name, err)
			continue
		}
		for _, o := range [][]Options{nil, {TypedArrays(true), ShortestFloat(true)}, {InexactAsDecimal(true)}} {
			ub, err := jsonToUBJSON(f.Data, o...)
			if err != nil {
				if errors.Is(err, ErrUnsupported) && len(o) != 1 {
					if !hasInexactNumber(t, f.Data) {
						t.Errorf("%s: %v, but every number has an exact form", f.Name, err)
					}
					continue
				}
				t.Errorf("%s %v: to UBJSON: %v", f.Name, o, err)
				continue
			}
			if len(o) != 1 && hasInexactNumber(t, f.Data) {
				t.Errorf("%s: converted, but has a number without an exact float form", f.Name)
			}
			if err := Validate(ub); err != nil {
				t.Errorf("%s: invalid UBJSON: %v", f.Name, err)
			}
			back, err := ubjsonToJSON(ub)
			if err != nil {
				t.Errorf("%s: back to JSON: %v", f.Name, err)
				continue
			}
			back = bytes.TrimSuffix(back, []byte("\n"))
			if exact := compareJSON(t, f.Name, compact, back); exact && !bytes.Equal(back, compact) {
				t.Errorf("%s: not byte-exact", f.Name)
			}
			ub2, err := jsonToUBJSON(back, o...)
			if err != nil || !bytes.Equal(ub, ub2) {
				t.Errorf("%s %v: UBJSON is not a fixed point (%v)", f.Name, o, err)
			}
		}
	}
}
