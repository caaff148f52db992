package dom_test

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"io"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/celerjson/celer/bson"
	"github.com/celerjson/celer/cbor"
	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/msgpack"
	"github.com/celerjson/celer/stream"
	"github.com/celerjson/celer/token"
	"github.com/celerjson/celer/ubjson"
)

// binFormat is a binary format with its token Reader and Writer.
type binFormat struct {
	name      string
	writer    func(io.Writer, ...token.Options) token.Writer
	reader    func([]byte, ...token.Options) token.Reader
	opts      []token.Options // writer options that make every corpus number representable
	exact     bool            // numbers come back with their exact value (else the nearest double)
	objectOnl bool            // the top level must be an object
}

var binFormats = []binFormat{
	{"cbor",
		func(w io.Writer, o ...token.Options) token.Writer { return cbor.NewWriter(w, o...) },
		func(b []byte, o ...token.Options) token.Reader { return cbor.NewReaderBytes(b, o...) },
		[]token.Options{cbor.InexactAsDecimal(true)}, true, false},
	{"msgpack",
		func(w io.Writer, o ...token.Options) token.Writer { return msgpack.NewWriter(w, o...) },
		func(b []byte, o ...token.Options) token.Reader { return msgpack.NewReaderBytes(b, o...) },
		[]token.Options{msgpack.InexactAsFloat(true)}, false, false},
	{"ubjson",
		func(w io.Writer, o ...token.Options) token.Writer { return ubjson.NewWriter(w, o...) },
		func(b []byte, o ...token.Options) token.Reader { return ubjson.NewReaderBytes(b, o...) },
		[]token.Options{ubjson.InexactAsDecimal(true)}, true, false},
	{"bson",
		func(w io.Writer, o ...token.Options) token.Writer { return bson.NewWriter(w, o...) },
		func(b []byte, o ...token.Options) token.Reader { return bson.NewReaderBytes(b, o...) },
		[]token.Options{bson.InexactAsDecimal(true)}, true, true},
}

// viaTokens converts JSON text to format f token by token (the route of
// celer convert, with no Doc): the bytes a Doc must produce too.
func viaTokens(f binFormat, data []byte) ([]byte, error) {
	var buf bytes.Buffer
	if _, err := token.Copy(f.writer(&buf, f.opts...), token.NewJSONReaderBytes(data)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// toJSON converts format f to JSON token by token, with the convention of
// package token (BSON types as relaxed Extended JSON wrappers), without
// the trailing newline.
func toJSON(f binFormat, bin []byte) ([]byte, error) {
	var buf bytes.Buffer
	var w token.Writer = token.NewJSONWriter(&buf)
	if f.name == "bson" {
		w = bson.WrapWriter(w, bson.WrappersOnly)
	}
	if _, err := token.Copy(w, f.reader(bin)); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// TestTokensCorpus: every corpus file, JSON -> Doc -> each binary format
// -> Doc -> compact JSON, must give the input's compact JSON back:
// every token the same (strings compared unescaped, as escapes may be
// written differently), integers byte for byte, other numbers with the
// same exact value (formats that keep decimals, with InexactAsDecimal)
// or the same nearest double (MessagePack, with InexactAsFloat); a file
// whose numbers are all integers comes back byte for byte as
// stream.AppendCompact writes it after re-encoding. Along the way:
// the format bytes equal those of the token route (celer convert),
// a Node writes the same bytes as the Doc it was copied from, the JSON
// read back equals what a token.JSONWriter writes from the same bytes,
// and converting the result again gives the same format bytes.
func TestTokensCorpus(t *testing.T) {
	files := celertest.CorpusJSON(t)
	for _, file := range files {
		doc, err := dom.Parse(file.Data)
		if err != nil {
			t.Errorf("%s: %v", file.Name, err)
			continue
		}
		node := dom.FromValue(doc.Root())
		for _, f := range binFormats {
			name := file.Name + " " + f.name
			var buf bytes.Buffer
			err := doc.Root().WriteTokens(f.writer(&buf, f.opts...))
			if f.objectOnl && doc.Root().Kind() != dom.Object {
				if err == nil {
					t.Errorf("%s: top level %v written without error", name, doc.Root().Kind())
				}
				continue
			}
			if f.name == "bson" && hasNULName(doc.Root()) {
				if !errors.Is(err, token.ErrUnsupported) {
					t.Errorf("%s: a member name with a NUL byte: %v, want ErrUnsupported", name, err)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s: write: %v", name, err)
				continue
			}
			bin := bytes.Clone(buf.Bytes())
			if want, err := viaTokens(f, file.Data); err != nil || !bytes.Equal(bin, want) {
				t.Errorf("%s: Doc wrote %d bytes, the token route %d (%v)", name, len(bin), len(want), err)
			}
			buf.Reset()
			if err := node.WriteTokens(f.writer(&buf, f.opts...)); err != nil || !bytes.Equal(buf.Bytes(), bin) {
				t.Errorf("%s: Node wrote other bytes than its Doc (%v)", name, err)
			}

			back, err := dom.ReadDoc(f.reader(bin))
			if err != nil {
				t.Errorf("%s: read: %v", name, err)
				continue
			}
			got := back.Root().AppendJSON(nil)
			if conv, err := toJSON(f, bin); err != nil || !bytes.Equal(got, conv) {
				t.Errorf("%s: ReadDoc's JSON differs from the JSON writer's (%v)", name, err)
			}
			if integersOnly := sameJSON(t, name, file.Data, got, f.exact); integersOnly {
				want, _ := reencode(file.Data)
				if !bytes.Equal(got, want) {
					t.Errorf("%s: integers only, but not byte-exact", name)
				}
			}
			n2, err := dom.ReadNode(f.reader(bin))
			if err != nil || !bytes.Equal(n2.AppendJSON(nil), got) {
				t.Errorf("%s: ReadNode differs from ReadDoc (%v)", name, err)
			}
			buf.Reset()
			if err := back.Root().WriteTokens(f.writer(&buf, f.opts...)); err != nil || !bytes.Equal(buf.Bytes(), bin) {
				t.Errorf("%s: not a fixed point: %d bytes, then %d (%v)", name, len(bin), buf.Len(), err)
			}
		}
	}
}

// hasNULName reports whether v has a member name with a NUL byte, which
// BSON cannot hold (its names are NUL-terminated).
func hasNULName(v dom.Value) bool {
	switch v.Kind() {
	case dom.Array:
		for e := range v.Elements() {
			if hasNULName(e) {
				return true
			}
		}
	case dom.Object:
		for name, m := range v.All() {
			if strings.IndexByte(name, 0) >= 0 || hasNULName(m) {
				return true
			}
		}
	}
	return false
}

// reencode returns JSON text re-encoded token by token by stream's
// encoder (its string escaping), compact, without a trailing newline.
func reencode(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	if _, err := token.Copy(token.NewJSONWriter(&buf), token.NewJSONReaderBytes(data)); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// sameJSON compares two JSON texts token by token: strings by their
// unescaped content, integers by their text, other numbers by exact
// value or by nearest double. It reports whether the first text has only
// integers.
func sameJSON(t *testing.T, name string, want, got []byte, exact bool) bool {
	t.Helper()
	a, b := stream.NewDecoderBytes(want), stream.NewDecoderBytes(got)
	integers := true
	for i := 0; ; i++ {
		x, err1 := a.ReadToken()
		y, err2 := b.ReadToken()
		if err1 != nil || err2 != nil {
			if err1 != io.EOF || err2 != io.EOF {
				t.Errorf("%s: token %d: %v / %v", name, i, err1, err2)
			}
			return integers
		}
		if x.Kind() != y.Kind() {
			t.Errorf("%s: token %d: %s came back as %s", name, i, x.Raw(), y.Raw())
			return integers
		}
		switch x.Kind() {
		case stream.KindString:
			if x.String() != y.String() {
				t.Errorf("%s: token %d: string %s came back as %s", name, i, x.Raw(), y.Raw())
				return integers
			}
			continue
		case stream.KindNumber:
			xs, ys := string(x.Raw()), string(y.Raw())
			if strings.ContainsAny(xs, ".eE") || xs == "-0" {
				integers = false
				if !sameNumber(xs, ys, exact) {
					t.Errorf("%s: token %d: number %s came back as %s", name, i, xs, ys)
					return integers
				}
				continue
			}
		}
		if !bytes.Equal(x.Raw(), y.Raw()) {
			t.Errorf("%s: token %d: %s came back as %s", name, i, x.Raw(), y.Raw())
			return integers
		}
	}
}

func sameNumber(a, b string, exact bool) bool {
	if exact {
		d1, e1, ok1 := decimalOf(a)
		d2, e2, ok2 := decimalOf(b)
		return ok1 && ok2 && d1 == d2 && e1.Cmp(e2) == 0
	}
	x, err1 := strconv.ParseFloat(a, 64)
	y, err2 := strconv.ParseFloat(b, 64)
	return err1 == nil && err2 == nil && x == y
}

// decimalOf returns JSON number text as signed significant digits
// (without leading or trailing zeros) and the power of ten they are
// multiplied by: 1.50e3 is "15" and 2, -0.0 is "" and 0. It does not
// build the value, so exponents of any size are cheap.
func decimalOf(s string) (digits string, exp *big.Int, ok bool) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	mant, e, hasExp := strings.Cut(strings.ToLower(s), "e")
	exp = new(big.Int)
	if hasExp {
		if _, ok := exp.SetString(strings.TrimPrefix(e, "+"), 10); !ok {
			return "", nil, false
		}
	}
	ip, fp, _ := strings.Cut(mant, ".")
	exp.Sub(exp, big.NewInt(int64(len(fp))))
	d := strings.TrimLeft(ip+fp, "0")
	if d == "" {
		return "", new(big.Int), true
	}
	t := strings.TrimRight(d, "0")
	exp.Add(exp, big.NewInt(int64(len(d)-len(t))))
	if neg {
		t = "-" + t
	}
	return t, exp, true
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// bsonDoc returns a BSON document of the given elements (type, name,
// value bytes), with its length and terminator.
func bsonDoc(elems ...[]byte) []byte {
	b := []byte{0, 0, 0, 0}
	for _, e := range elems {
		b = append(b, e...)
	}
	b = append(b, 0)
	binary.LittleEndian.PutUint32(b, uint32(len(b)))
	return b
}

func bsonElem(typ byte, name string, value []byte) []byte {
	return append(append(append([]byte{typ}, name...), 0), value...)
}

func le64(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }

// TestTokensBinaryKinds reads the kinds JSON lacks into a Doc and checks
// the JSON of each against the conventions of package token's
// documentation, written out by hand here (RFC 4648 base64url, RFC 3339
// dates, Extended JSON wrappers).
func TestTokensBinaryKinds(t *testing.T) {
	oid := unhex(t, "57e193d7a9cc81b4027498b5")
	for _, tc := range []struct {
		name string
		f    int // index in binFormats
		in   []byte
		want string
	}{
		{"cbor bytes", 0, unhex(t, "44 01 02 03 04"), `"AQIDBA"`},
		{"cbor bytes under tag 23 (hex)", 0, unhex(t, "d7 44 01 02 03 04"), `"01020304"`},
		{"cbor bytes under tag 22 (base64)", 0, unhex(t, "d6 44 01 02 03 04"), `"AQIDBA=="`},
		{"cbor bignum 2^64", 0, unhex(t, "c2 49 01 00 00 00 00 00 00 00 00"), `18446744073709551616`},
		{"cbor negative bignum", 0, unhex(t, "c3 49 01 00 00 00 00 00 00 00 00"), `-18446744073709551617`},
		{"cbor decimal fraction 273.15", 0, unhex(t, "c4 82 21 19 6a b3"), `273.15`},
		{"cbor date text (tag dropped)", 0, unhex(t, "c0 74 32 30 31 33 2d 30 33 2d 32 31 54 32 30 3a 30 34 3a 30 30 5a"), `"2013-03-21T20:04:00Z"`},
		{"cbor epoch date (tag dropped)", 0, unhex(t, "c1 1a 51 4b 67 b0"), `1363896240`},
		{"cbor undefined", 0, unhex(t, "82 f7 f6"), `[null,null]`},
		{"cbor half float", 0, unhex(t, "f9 3e 00"), `1.5`},
		{"cbor indefinite map", 0, unhex(t, "bf 61 61 9f 01 ff ff"), `{"a":[1]}`},
		{"msgpack bin", 1, unhex(t, "c4 03 01 02 03"), `"AQID"`},
		{"msgpack timestamp 32", 1, unhex(t, "d6 ff 51 4b 67 b0"), `"2013-03-21T20:04:00Z"`},
		{"msgpack uint64 max", 1, unhex(t, "cf ff ff ff ff ff ff ff ff"), `18446744073709551615`},
		{"msgpack float32", 1, unhex(t, "ca 3f c0 00 00"), `1.5`},
		{"ubjson typed uint8 array", 2, []byte("[$U#i\x03\x01\x02\x03"), `"AQID"`},
		{"ubjson high precision", 2, []byte("[Hi\x051.500Hi\x1412345678901234567890]"), `[1.500,12345678901234567890]`},
		{"bson ObjectId", 3, bsonDoc(bsonElem(0x07, "_id", oid)), `{"_id":{"$oid":"57e193d7a9cc81b4027498b5"}}`},
		{"bson datetime epoch", 3, bsonDoc(bsonElem(0x09, "t", le64(0))), `{"t":{"$date":"1970-01-01T00:00:00Z"}}`},
		{"bson datetime before 1970", 3, bsonDoc(bsonElem(0x09, "t", le64(1<<64-1))), `{"t":{"$date":{"$numberLong":"-1"}}}`},
		// 15 * 10^-1: biased exponent 6175 in bits 49-62 of the high half.
		{"bson Decimal128 1.5", 3, bsonDoc(bsonElem(0x13, "d", append(le64(15), le64(6175<<49)...))), `{"d":1.5}`},
		{"bson binary subtype 0", 3, bsonDoc(bsonElem(0x05, "b", []byte{3, 0, 0, 0, 0, 1, 2, 3})), `{"b":"AQID"}`},
	} {
		f := binFormats[tc.f]
		doc, err := dom.ReadDoc(f.reader(tc.in))
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got := doc.Root().AppendJSON(nil); string(got) != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
		n, err := dom.ReadNode(f.reader(tc.in))
		if err != nil || string(n.AppendJSON(nil)) != tc.want {
			t.Errorf("%s: ReadNode: %s (%v), want %s", tc.name, n.AppendJSON(nil), err, tc.want)
		}
	}
}

// TestTokensUnsupported: tokens with no JSON form fail with
// token.ErrUnsupported, unless SubstituteNull or StringifyKeys.
func TestTokensUnsupported(t *testing.T) {
	for _, tc := range []struct {
		name  string
		f     int
		in    []byte
		o     token.Options
		lossy string
	}{
		{"cbor NaN", 0, unhex(t, "f9 7e 00"), token.SubstituteNull(true), `null`},
		{"cbor infinity", 0, unhex(t, "fa 7f 80 00 00"), token.SubstituteNull(true), `null`},
		{"cbor simple value 16", 0, unhex(t, "f0"), token.SubstituteNull(true), `null`},
		{"cbor integer key", 0, unhex(t, "a1 01 02"), token.StringifyKeys(true), `{"1":2}`},
		{"msgpack ext type 5", 1, unhex(t, "d4 05 00"), token.SubstituteNull(true), `null`},
	} {
		f := binFormats[tc.f]
		if _, err := dom.ReadDoc(f.reader(tc.in)); !errors.Is(err, token.ErrUnsupported) {
			t.Errorf("%s: %v, want ErrUnsupported", tc.name, err)
		}
		doc, err := dom.ReadDoc(f.reader(tc.in), tc.o)
		if err != nil || string(doc.Root().AppendJSON(nil)) != tc.lossy {
			t.Errorf("%s: with the option: %v, want %s", tc.name, err, tc.lossy)
		}
	}
}

// TestTokensHostile: errors of the format readers come out of ReadDoc as
// they are, with their offsets, and length prefixes beyond the input fail
// before any allocation of their size.
func TestTokensHostile(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    int
		in   []byte
		want error
		off  int64
	}{
		{"cbor array cut", 0, unhex(t, "83 01 02"), cbor.ErrUnexpectedEOF, 3},
		{"cbor 2^32 string", 0, unhex(t, "5b 00 00 00 01 00 00 00 00 00"), cbor.ErrUnexpectedEOF, 0},
		{"cbor 2^32 array", 0, unhex(t, "9b 00 00 00 01 00 00 00 00 01"), cbor.ErrUnexpectedEOF, 10},
		{"cbor reserved byte inside", 0, unhex(t, "82 00 1c"), cbor.ErrSyntax, 2},
		{"cbor invalid UTF-8 text", 0, unhex(t, "a1 61 61 62 c3 28"), cbor.ErrInvalidUTF8, 3},
		{"msgpack array32 of 2^32-1", 1, unhex(t, "dd ff ff ff ff 01"), msgpack.ErrUnexpectedEOF, 0},
		{"msgpack never-used byte", 1, unhex(t, "92 01 c1"), msgpack.ErrSyntax, 2},
		{"ubjson huge string length", 2, []byte("SL\x7f\xff\xff\xff\xff\xff\xff\xffab"), ubjson.ErrUnexpectedEOF, 0},
		{"bson length beyond input", 3, []byte{0xff, 0xff, 0xff, 0x7f, 0x10, 'a', 0}, bson.ErrUnexpectedEOF, 0},
	} {
		f := binFormats[tc.f]
		_, err := dom.ReadDoc(f.reader(tc.in))
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
			continue
		}
		if off, ok := offsetOf(err); !ok || off != tc.off {
			t.Errorf("%s: offset %d (%v), want %d", tc.name, off, ok, tc.off)
		}
		if _, err := dom.ReadNode(f.reader(tc.in)); !errors.Is(err, tc.want) {
			t.Errorf("%s: ReadNode: %v", tc.name, err)
		}
	}
	// A CBOR header claiming 2^32 elements allocates little and fails fast.
	in := unhex(t, "9b 00 00 00 01 00 00 00 00 01")
	if n := testing.AllocsPerRun(20, func() { dom.ReadDoc(cbor.NewReaderBytes(in)) }); n > 40 {
		t.Errorf("%.0f allocations for a 10-byte hostile input", n)
	}
}

// offsetOf returns the byte offset of a format reader's error.
func offsetOf(err error) (int64, bool) {
	var ce *cbor.SyntaxError
	var me *msgpack.SyntaxError
	var ue *ubjson.SyntaxError
	var be *bson.SyntaxError
	switch {
	case errors.As(err, &ce):
		return ce.Offset, true
	case errors.As(err, &me):
		return me.Offset, true
	case errors.As(err, &ue):
		return ue.Offset, true
	case errors.As(err, &be):
		return be.Offset, true
	}
	return -1, false
}

// TestTokensLimits: MaxBytes bounds the JSON text a document is built
// from, and MaxDepth its nesting.
func TestTokensLimits(t *testing.T) {
	big := append(unhex(t, "59 03 e8"), make([]byte, 1000)...) // 1000 bytes: 1334 base64url characters
	if _, err := dom.ReadDoc(cbor.NewReaderBytes(big), stream.MaxBytes(1000)); !errors.Is(err, stream.ErrLimit) {
		t.Errorf("MaxBytes 1000: %v, want ErrLimit", err)
	}
	if doc, err := dom.ReadDoc(cbor.NewReaderBytes(big), stream.MaxBytes(2000)); err != nil || len(doc.Root().Raw()) != 1336 {
		t.Errorf("MaxBytes 2000: %v", err)
	}
	deep := append(bytes.Repeat([]byte{0x81}, 20), 0x01)
	if _, err := dom.ReadDoc(cbor.NewReaderBytes(deep), stream.MaxDepth(10)); !errors.Is(err, stream.ErrDepth) {
		t.Errorf("MaxDepth 10: %v, want ErrDepth", err)
	}
	if doc, err := dom.ReadDoc(cbor.NewReaderBytes(deep)); err != nil || doc.Root().Kind() != dom.Array {
		t.Errorf("depth 20: %v", err)
	}
}

// TestTokensSequence: ReadDoc reads one value at a time and returns io.EOF
// at the end.
func TestTokensSequence(t *testing.T) {
	r := cbor.NewReaderBytes(unhex(t, "01 61 61 80"))
	var got []string
	for {
		doc, err := dom.ReadDoc(r)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, doc.Root().String())
	}
	if strings.Join(got, " ") != `1 a []` {
		t.Errorf("got %q", got)
	}
	if _, err := dom.ReadDoc(cbor.NewReaderBytes(nil)); err != io.EOF {
		t.Errorf("empty input: %v, want io.EOF", err)
	}
}

// TestTokensWrite checks Value and Node writing against CBOR encodings
// written from RFC 8949 (preferred serialization, definite lengths).
func TestTokensWrite(t *testing.T) {
	for _, tc := range []struct{ json, hex string }{
		{`[1, [2, 3], [4, 5]]`, "83 01 82 02 03 82 04 05"},
		{`{"a": 1, "b": [2, 3]}`, "a2 61 61 01 61 62 82 02 03"},
		{`"\u00fc"`, "62 c3 bc"},
		{`["a\"b", -1000, 18446744073709551615, -9223372036854775808]`, "84 63 61 22 62 39 03 e7 1b ff ff ff ff ff ff ff ff 3b 7f ff ff ff ff ff ff ff"},
		{`18446744073709551616`, "c2 49 01 00 00 00 00 00 00 00 00"},
		{`[1.0, 1.5, -0, -0.0, 100000.0]`, "85 f9 3c 00 f9 3e 00 f9 80 00 f9 80 00 fa 47 c3 50 00"},
		{`[null, true, false, {}]`, "84 f6 f5 f4 a0"},
	} {
		doc, err := dom.Parse([]byte(tc.json))
		if err != nil {
			t.Fatal(err)
		}
		want := unhex(t, tc.hex)
		var buf bytes.Buffer
		if err := doc.Root().WriteTokens(cbor.NewWriter(&buf)); err != nil || !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s: Value: % x (%v), want % x", tc.json, buf.Bytes(), err, want)
		}
		buf.Reset()
		if err := dom.FromValue(doc.Root()).WriteTokens(cbor.NewWriter(&buf)); err != nil || !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s: Node: % x (%v), want % x", tc.json, buf.Bytes(), err, want)
		}
	}

	// A built Node; its string with invalid UTF-8 is written with U+FFFD.
	n := dom.NewObject().Set("s", dom.NewString("a\xffb")).Set("n", dom.NewInt(-2)).Set("f", dom.NewFloat(0.5))
	var buf bytes.Buffer
	if err := n.WriteTokens(cbor.NewWriter(&buf)); err != nil {
		t.Fatal(err)
	}
	if want := unhex(t, "a3 61 73 65 61 ef bf bd 62 61 6e 21 61 66 f9 38 00"); !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("Node: % x, want % x", buf.Bytes(), want)
	}

	// Missing values.
	if err := (dom.Value{}).WriteTokens(cbor.NewWriter(&buf)); !errors.Is(err, dom.ErrMissing) {
		t.Errorf("Invalid Value: %v, want ErrMissing", err)
	}
	if err := (*dom.Node)(nil).WriteTokens(cbor.NewWriter(io.Discard)); !errors.Is(err, dom.ErrMissing) {
		t.Errorf("nil Node: %v, want ErrMissing", err)
	}
	// Writer errors come back: BSON needs an object at the top level.
	doc, _ := dom.Parse([]byte(`[1]`))
	if err := doc.Root().WriteTokens(bson.NewWriter(io.Discard)); err == nil {
		t.Error("BSON array at the top level: no error")
	}
}

// TestSameNumber checks the test's own number comparison.
func TestSameNumber(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"1.50e3", "1500", true},
		{"1500", "1.5E+3", true},
		{"-0.0", "0", true},
		{"10e1000001", "1.0e+1000002", true},
		{"0.001", "1e-3", true},
		{"1.5", "1.6", false},
		{"1e3", "1e4", false},
		{"-1", "1", false},
		{"100", "10", false},
		{"0.10000000000000000001", "0.1", false},
	} {
		if got := sameNumber(tc.a, tc.b, true); got != tc.same {
			t.Errorf("sameNumber(%s, %s) = %v", tc.a, tc.b, got)
		}
	}
}
