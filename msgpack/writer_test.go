package msgpack

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/celerjson/celer/cbor"
	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/token"
)

// TestJSONNumbers checks the number rules of JSON to MessagePack: integers
// in their smallest format, other numbers as the float that has their
// exact value, and the policies for numbers MessagePack cannot hold.
func TestJSONNumbers(t *testing.T) {
	for _, tc := range []struct {
		json, hex string
		o         []Options
	}{
		{"0", "00", nil}, {"-1", "ff", nil}, {"128", "cc80", nil}, {"-33", "d0df", nil},
		{"18446744073709551615", "cfffffffffffffffff", nil},
		{"-9223372036854775808", "d38000000000000000", nil},
		{"1.0", "cb3ff0000000000000", nil},
		{"1.5", "cb3ff8000000000000", nil},
		{"1E+2", "cb4059000000000000", nil},
		{"0.1", "cb3fb999999999999a", nil},
		{"-0", "cb8000000000000000", nil},
		{"-0.0", "cb8000000000000000", nil},
		{"0.30000000000000004", "cb3fd3333333333334", nil},
		{"5e-324", "cb0000000000000001", nil},
		// ShortestFloat: float 32 when it keeps the value.
		{"1.5", "ca3fc00000", []Options{ShortestFloat(true)}},
		{"-0", "ca80000000", []Options{ShortestFloat(true)}},
		{"3.4028234663852886e38", "ca7f7fffff", []Options{ShortestFloat(true)}},
		{"0.1", "cb3fb999999999999a", []Options{ShortestFloat(true)}},
		{"16777217.0", "cb4170000010000000", []Options{ShortestFloat(true)}},
	} {
		got, err := jsonToMsgpack([]byte(tc.json), tc.o...)
		if err != nil || hex.EncodeToString(got) != tc.hex {
			t.Errorf("%s %v -> %x (%v), want %s", tc.json, tc.o, got, err, tc.hex)
		}
	}
	for _, tc := range []struct {
		json, nearest string
	}{
		{"0.10000000000000000001", "cb3fb999999999999a"},
		{"-65.613616999999977", "cbc0506745803cd140"},
		{"1e-400", "cb0000000000000000"},
		{"18446744073709551616", "cb43f0000000000000"},
		{"-9223372036854775809", "cbc3e0000000000000"},
		{"1e400", ""},
	} {
		if _, err := jsonToMsgpack([]byte(tc.json)); !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: %v, want ErrUnsupported", tc.json, err)
		}
		got, err := jsonToMsgpack([]byte(tc.json), InexactAsString(true))
		if err != nil || !bytes.Equal(got, appendStrHead(nil, len(tc.json))[:1]) && string(got[1:]) != tc.json {
			t.Errorf("%s as string: %x, %v", tc.json, got, err)
		}
		if s, err := readTokens(got); err != nil || len(s) != 1 || s[0].Kind() != token.KindString || string(s[0].Data()) != tc.json {
			t.Errorf("%s as string reads back as %s (%v)", tc.json, describeTokens(s), err)
		}
		got, err = jsonToMsgpack([]byte(tc.json), InexactAsFloat(true))
		if tc.nearest == "" {
			if !errors.Is(err, ErrUnsupported) {
				t.Errorf("%s as float: %x, %v; want ErrUnsupported", tc.json, got, err)
			}
			continue
		}
		if err != nil || hex.EncodeToString(got) != tc.nearest {
			t.Errorf("%s as float: %x, %v; want %s", tc.json, got, err, tc.nearest)
		}
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
		{"too many", []token.Token{token.BeginArray(1), token.Int(1), token.Int(2)}, ErrInvalidSequence},
		{"too few", []token.Token{token.BeginArray(2), token.Int(1), token.EndArray}, ErrInvalidSequence},
		{"key without value", []token.Token{token.BeginObject(-1), token.Int(1), token.EndObject}, ErrInvalidSequence},
		{"tag before end", []token.Token{token.BeginArray(-1), token.Tag(1), token.EndArray}, ErrInvalidSequence},
		{"invalid token", []token.Token{{}}, ErrInvalidSequence},
		{"bad UTF-8", []token.Token{token.String("\xff")}, ErrInvalidUTF8},
		{"bad number", []token.Token{token.Number("01")}, ErrUnsupported},
		{"simple value", []token.Token{token.Simple(16)}, ErrUnsupported},
		{"BSON ext", []token.Token{token.Ext(token.FamilyBSON, 7, make([]byte, 12))}, ErrUnsupported},
		{"decimal fraction of 3", []token.Token{token.Tag(4), token.BeginArray(3)}, ErrUnsupported},
		{"decimal fraction of text", []token.Token{token.Tag(4), token.BeginArray(-1), token.String("1")}, ErrUnsupported},
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
	if _, err := writeTokens([]token.Token{token.String("\xff")}, AllowInvalidUTF8(true)); err != nil {
		t.Errorf("AllowInvalidUTF8: %v", err)
	}
}

// TestWriterHeld: arrays and maps of unknown length are held and written
// with their length; the heads take their smallest form.
func TestWriterHeld(t *testing.T) {
	toks := []token.Token{token.BeginObject(-1), token.String("a"), token.BeginArray(-1)}
	for k := range 16 {
		toks = append(toks, token.Int(int64(k)))
	}
	toks = append(toks, token.EndArray, token.String("b"), token.BeginArray(-1), token.EndArray, token.EndObject)
	got, err := writeTokens(toks)
	want := "82 a1 61 dc 00 10 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f a1 62 90"
	if err != nil || hex.EncodeToString(got) != strings.ReplaceAll(want, " ", "") {
		t.Errorf("held: %x (%v), want %s", got, err, want)
	}
}

// TestWriterDeterministic: map keys sorted by their encodings, nested
// maps too; duplicates are errors.
func TestWriterDeterministic(t *testing.T) {
	toks := []token.Token{token.BeginObject(-1),
		token.String("b"), token.BeginObject(2), token.Int(2), token.Null, token.Int(1), token.Null, token.EndObject,
		token.Int(-1), token.True,
		token.String("a"), token.BeginArray(-1), token.Int(1), token.EndArray,
		token.Int(5), token.False,
		token.EndObject}
	got, err := writeTokens(toks, Deterministic(true))
	// Keys: 05 < a1 61 < a1 62 < ff.
	want := "84 05 c2 a161 91 01 a162 82 01 c0 02 c0 ff c3"
	if err != nil || hex.EncodeToString(got) != strings.ReplaceAll(want, " ", "") {
		t.Errorf("deterministic: %x (%v), want %s", got, err, want)
	}
	_, err = writeTokens([]token.Token{token.BeginObject(2), token.Int(1), token.Null, token.Uint(1), token.Null, token.EndObject}, Deterministic(true))
	if !errors.Is(err, ErrDuplicateName) {
		t.Errorf("duplicate keys: %v", err)
	}
}

// TestWriterTags checks how CBOR tags are written: dates as timestamps,
// bignums as integers, other tags dropped.
func TestWriterTags(t *testing.T) {
	for _, tc := range []struct {
		cbor, hex string
		o         []Options
	}{
		{"c0 74 32303133 2d 3033 2d 3231 54 3230 3a 3034 3a 3030 5a", "d6ff514b67b0", nil},                 // 0("2013-03-21T20:04:00Z")
		{"c0 78 19 32303133 2d 3033 2d 3231 54 3230 3a 3034 3a 3030 2b 3031 3a 3030", "d6ff514b59a0", nil}, // +01:00
		{"c0 63 616263", "a3616263", nil}, // not a date: the text
		{"c1 1a 514b67b0", "d6ff514b67b0", nil},
		{"c1 fb 41d452d9ec200000", "d7ff77359400514b67b0", nil}, // 1363896240.5
		{"c1 f9 7e00", "ca7fc00000", nil},                       // NaN: as it is
		{"c2 48 ffffffffffffffff", "cfffffffffffffffff", nil},
		{"c2 42 0001", "01", nil},
		{"c3 48 7fffffffffffffff", "d38000000000000000", nil},
		{"c2 49 010000000000000000", "b4" + hex.EncodeToString([]byte("18446744073709551616")), []Options{InexactAsString(true)}},
		{"d8 20 63 616263", "a3616263", nil}, // tag 32 (URI): dropped
		{"d9 d9f7 01", "01", nil},            // self-described CBOR
		// Decimal fractions and bigfloats: their exact value, as a number.
		{"c4 82 21 19 6ab3", "cb4071126666666666", nil}, // 273.15
		{"c4 82 01 0f", "cb4062c00000000000", nil},      // 1.5e+2: a float, as through JSON
		{"c5 82 20 03", "cb3ff8000000000000", nil},      // 1.5
		{"c5 82 20 03", "ca3fc00000", []Options{ShortestFloat(true)}},
		{"c4 82 33 1b 8ac7230489e80001", "b6" + hex.EncodeToString([]byte("0.10000000000000000001")), []Options{InexactAsString(true)}},
		{"c4 82 33 c2 49 010000000000000001", "b6" + hex.EncodeToString([]byte("0.18446744073709551617")), []Options{InexactAsString(true)}},
	} {
		var buf bytes.Buffer
		_, err := token.Copy(NewWriter(&buf, tc.o...), cbor.NewReaderBytes(mustHex(t, tc.cbor)))
		if err != nil || hex.EncodeToString(buf.Bytes()) != tc.hex {
			t.Errorf("CBOR %s: %x (%v), want %s", tc.cbor, buf.Bytes(), err, tc.hex)
		}
	}
	for _, h := range []string{"c2 49 010000000000000000", "c4 82 33 1b 8ac7230489e80001", "c5 83 00 01 02"} {
		var buf bytes.Buffer
		if _, err := token.Copy(NewWriter(&buf), cbor.NewReaderBytes(mustHex(t, h))); !errors.Is(err, ErrUnsupported) {
			t.Errorf("CBOR %s: %v, want ErrUnsupported", h, err)
		}
	}
}

type countingWriter struct{ n, largest int }

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += len(p)
	c.largest = max(c.largest, len(p))
	return len(p), nil
}

// TestWriterMemory: with known lengths a huge array streams through a
// small buffer; with unknown lengths the Writer holds the array until it
// ends, and Flush writes only what precedes it.
func TestWriterMemory(t *testing.T) {
	const n = 200000
	for _, tc := range []struct {
		length int
		held   bool
	}{{n, false}, {-1, true}} {
		var out countingWriter
		w := NewWriter(&out)
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
		if tc.held && (out.n != 7 || len(w.buf) < 2*n) {
			t.Errorf("held: Flush wrote %d bytes, holds %d", out.n, len(w.buf))
		}
		if !tc.held && maxBuf > 2*flushAt {
			t.Errorf("known length: buffered up to %d bytes", maxBuf)
		}
		w.WriteToken(token.EndArray)
		w.Flush()
		if out.n < 2*n {
			t.Errorf("wrote %d bytes", out.n)
		}
	}
	var out countingWriter
	w := NewWriter(&out)
	w.WriteToken(token.Bytes(make([]byte, 1<<20)))
	w.Flush()
	if out.largest != 1<<20 || cap(w.buf) > flushAt {
		t.Errorf("long bin: largest write %d, buffer cap %d", out.largest, cap(w.buf))
	}
}

// TestCorpusJSONRoundTrip converts every corpus file JSON -> MessagePack
// -> JSON. The result must be the compact input (strings escaped as
// stream.Encoder escapes them) token for token: strings, names, literals
// and integers byte for byte, other numbers with the same value; files
// whose numbers are all integers come back byte for byte. Numbers
// MessagePack cannot hold make the default conversion fail (checked to be
// so, independently); with InexactAsString every file round-trips (such
// numbers come back as strings, compared as such). The MessagePack is
// also a fixed point.
func TestCorpusJSONRoundTrip(t *testing.T) {
	for _, f := range celertest.CorpusJSON(t) {
		compact, err := canonicalJSON(f.Data)
		if err != nil {
			t.Errorf("%s: %v", f.Name, err)
			continue
		}
		for _, o := range [][]Options{nil, {ShortestFloat(true)}} {
			mp, err := jsonToMsgpack(f.Data, o...)
			if err != nil {
				if errors.Is(err, ErrUnsupported) {
					if !hasInexactNumber(t, f.Data) {
						t.Errorf("%s: %v, but every number has an exact form", f.Name, err)
					}
					if _, err := jsonToMsgpack(f.Data, InexactAsString(true)); err != nil {
						t.Errorf("%s: with InexactAsString: %v", f.Name, err)
					}
					continue
				}
				t.Errorf("%s: to MessagePack: %v", f.Name, err)
				continue
			}
			if hasInexactNumber(t, f.Data) {
				t.Errorf("%s: converted, but has a number without an exact form", f.Name)
			}
			if err := Validate(mp); err != nil {
				t.Errorf("%s: invalid MessagePack: %v", f.Name, err)
			}
			back, err := msgpackToJSON(mp)
			if err != nil {
				t.Errorf("%s: back to JSON: %v", f.Name, err)
				continue
			}
			back = bytes.TrimSuffix(back, []byte("\n"))
			if exact := compareJSON(t, f.Name, compact, back); exact && !bytes.Equal(back, compact) {
				t.Errorf("%s: not byte-exact", f.Name)
			}
			mp2, err := jsonToMsgpack(back, o...)
			if err != nil || !bytes.Equal(mp, mp2) {
				t.Errorf("%s %v: MessagePack is not a fixed point (%v)", f.Name, o, err)
			}
		}
	}
}

// TestFloatWidths: float 32 values stay float 32 through tokens, and
// float64 values become float 32 only with ShortestFloat when exact.
func TestFloatWidths(t *testing.T) {
	for _, tc := range []struct {
		tok  token.Token
		o    []Options
		want string
	}{
		{token.FloatWidth(1.5, 32), nil, "ca3fc00000"},
		{token.FloatWidth(1.5, 16), nil, "ca3fc00000"},
		{token.Float(1.5), nil, "cb3ff8000000000000"},
		{token.Float(1.5), []Options{ShortestFloat(true)}, "ca3fc00000"},
		{token.Float(0.1), []Options{ShortestFloat(true)}, "cb3fb999999999999a"},
		{token.Float(math.Inf(1)), []Options{ShortestFloat(true)}, "ca7f800000"},
		{token.Float(math.Float64frombits(0x7ff8000000000001)), []Options{ShortestFloat(true)}, "cb7ff8000000000001"},
	} {
		got, err := writeTokens([]token.Token{tc.tok}, tc.o...)
		if err != nil || hex.EncodeToString(got) != tc.want {
			t.Errorf("%v %v: %x (%v), want %s", tc.tok, tc.o, got, err, tc.want)
		}
	}
}
