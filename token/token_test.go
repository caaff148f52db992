package token_test

import (
	"bytes"
	"errors"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/celerjson/celer/stream"
	"github.com/celerjson/celer/token"
)

// readAll returns every token of a JSON text, described with Token.String.
func readAll(t *testing.T, in string) []string {
	t.Helper()
	r := token.NewJSONReaderBytes([]byte(in))
	var out []string
	for {
		tok, err := r.ReadToken()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		out = append(out, tok.Kind().String()+" "+tok.String())
	}
}

func TestJSONReaderTokens(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
	}{
		{`null`, `null null`},
		{`[true,false]`, `begin array [_|bool true|bool false|end array ]`},
		{`{"a":"x\n\u00e9"}`, `begin object {_|string "a"|string "x\né"|end object }`},
		// Integers in range are Int (canonical), above MaxInt64 Uint.
		{`0`, `int 0`},
		{`-1`, `int -1`},
		{`9223372036854775807`, `int 9223372036854775807`},
		{`-9223372036854775808`, `int -9223372036854775808`},
		{`9223372036854775808`, `uint 9223372036854775808`},
		{`18446744073709551615`, `uint 18446744073709551615`},
		// Everything else keeps its exact text.
		{`18446744073709551616`, `number 18446744073709551616`},
		{`-9223372036854775809`, `number -9223372036854775809`},
		{`-0`, `number -0`},
		{`1.0`, `number 1.0`},
		{`1e2`, `number 1e2`},
		{`-12.5E-3`, `number -12.5E-3`},
		{`123456789012345678901234567890`, `number 123456789012345678901234567890`},
	} {
		got := strings.Join(readAll(t, tc.in), "|")
		if got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.in, got, tc.want)
		}
	}
}

func TestJSONReaderViews(t *testing.T) {
	// Strings without escapes are views into the input; escaped ones are
	// unescaped; both are marked as checked UTF-8 in strict mode.
	in := []byte(`["abc","a\tb"]`)
	r := token.NewJSONReaderBytes(in)
	r.ReadToken()
	a, _ := r.ReadToken()
	if &a.Data()[0] != &in[2] || !a.ValidUTF8() {
		t.Errorf("plain string: not a marked view of the input")
	}
	b, _ := r.ReadToken()
	if string(b.Data()) != "a\tb" || !b.ValidUTF8() {
		t.Errorf("escaped string: %q", b.Data())
	}
	lax := token.NewJSONReaderBytes([]byte("\"\xff\""), stream.AllowInvalidUTF8(true))
	c, err := lax.ReadToken()
	if err != nil || c.ValidUTF8() {
		t.Errorf("lenient reader: %v, marked valid %v", err, c.ValidUTF8())
	}
}

func TestJSONReaderErrors(t *testing.T) {
	_, err := token.Copy(token.NewJSONWriter(io.Discard), token.NewJSONReaderBytes([]byte(`[1,`)))
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("truncated: %v", err)
	}
	var se *stream.SyntaxError
	_, err = token.Copy(token.NewJSONWriter(io.Discard), token.NewJSONReaderBytes([]byte("{\"a\":\n x}")))
	if !errors.As(err, &se) || se.Line != 2 || se.Pointer != "/a" {
		t.Errorf("bad value: %v", err)
	}
}

// writeJSON writes toks with a JSONWriter and returns the text.
func writeJSON(toks []token.Token, o ...token.Options) (string, error) {
	var sb strings.Builder
	w := token.NewJSONWriter(&sb, o...)
	for _, tok := range toks {
		if err := w.WriteToken(tok); err != nil {
			return sb.String(), err
		}
	}
	err := w.Flush()
	return sb.String(), err
}

func arr(toks ...token.Token) []token.Token {
	return append(append([]token.Token{token.BeginArray(-1)}, toks...), token.EndArray)
}

func TestJSONWriterConventions(t *testing.T) {
	b := func(s string) token.Token { return token.Bytes([]byte(s)) }
	for _, tc := range []struct {
		name string
		toks []token.Token
		want string
	}{
		{"scalars", arr(token.Null, token.True, token.Int(-3), token.Uint(math.MaxUint64), token.Number("1.50")),
			`[null,true,-3,18446744073709551615,1.50]`},
		{"floats", arr(token.Float(1), token.FloatWidth(1.5, 16), token.FloatWidth(float64(float32(0.1)), 32), token.Float(1e21), token.Float(math.Copysign(0, -1))),
			`[1.0,1.5,0.10000000149011612,1e+21,-0.0]`},
		// base64url without padding by default ("\xfb\xff" has both URL-only digits).
		{"bytes", arr(b("\xfb\xff"), b(""), b("ab")), `["-_8","","YWI"]`},
		{"tag 22", arr(token.Tag(22), b("\xfb\xff")), `["+/8="]`},
		{"tag 23", arr(token.Tag(23), b("\x01\xab")), `["01ab"]`},
		// An expected-conversion tag applies to every byte string inside.
		{"tag 23 nested", []token.Token{token.Tag(23), token.BeginObject(1), token.String("k"), token.BeginArray(2), b("\x0f"), token.Tag(21), b("\xff"), token.EndArray, token.EndObject, b("\xff")},
			"{\"k\":[\"0f\",\"_w\"]}\n\"_w\""},
		{"bignums", arr(token.Tag(2), b("\x01\x00\x00\x00\x00\x00\x00\x00\x00"), token.Tag(3), b("\x01\x00\x00\x00\x00\x00\x00\x00\x00"), token.Tag(2), b(""), token.Tag(3), b("")),
			`[18446744073709551616,-18446744073709551617,0,-1]`},
		// RFC 8949 3.4.4: 273.15 as 4([-2, 27315]) and 1.5 as 5([-1, 3]).
		{"decimal fraction", arr(token.Tag(4), token.BeginArray(2), token.Int(-2), token.Int(27315), token.EndArray),
			`[273.15]`},
		{"bigfloat", arr(token.Tag(5), token.BeginArray(2), token.Int(-1), token.Int(3), token.EndArray), `[1.5]`},
		{"big decimal", arr(token.Tag(4), token.BeginArray(-1), token.Int(30), token.Tag(3), b("\x01\x00\x00\x00\x00\x00\x00\x00\x00"), token.EndArray),
			`[-1.8446744073709551617e+49]`},
		{"small decimal", arr(token.Tag(4), token.BeginArray(2), token.Int(-8), token.Int(15), token.EndArray), `[1.5e-7]`},
		{"decimal 0.0015", arr(token.Tag(4), token.BeginArray(2), token.Int(-4), token.Int(15), token.EndArray), `[0.0015]`},
		{"bigfloat int", arr(token.Tag(5), token.BeginArray(2), token.Int(3), token.Int(-5), token.EndArray), `[-40]`},
		{"decimal positive exponent", arr(token.Tag(4), token.BeginArray(2), token.Int(2), token.Int(-15), token.EndArray), `[-1.5e+3]`},
		{"decimal zero exponent", arr(token.Tag(4), token.BeginArray(2), token.Int(0), token.Int(15), token.EndArray), `[1.5e+1]`},
		// Content of tag 4 that is not a fraction is written as it comes.
		{"not a fraction", arr(token.Tag(4), token.BeginArray(2), token.Int(1), token.String("x"), token.EndArray), `[[1,"x"]]`},
		{"not a fraction 2", arr(token.Tag(4), token.BeginArray(3), token.Int(1), token.Int(2), token.Int(3), token.EndArray), `[[1,2,3]]`},
		{"not a fraction 3", arr(token.Tag(4), token.BeginArray(-1), token.EndArray), `[[]]`},
		{"not a fraction 4", arr(token.Tag(4), token.BeginArray(-1), token.Int(1), token.Tag(2), token.String("s"), token.EndArray), `[[1,"s"]]`},
		// Other tags vanish.
		{"dates", arr(token.Tag(0), token.String("2013-03-21T20:04:00Z"), token.Tag(1), token.Int(1363896240), token.Tag(55799), token.Tag(32), token.String("u")),
			`["2013-03-21T20:04:00Z",1363896240,"u"]`},
		{"undefined", arr(token.Undefined), `[null]`},
		{"keys", []token.Token{token.BeginObject(-1), token.String("a"), token.Tag(0), token.String("t"), token.Tag(33), token.String("b"), token.Null, token.EndObject},
			`{"a":"t","b":null}`},
	} {
		got, err := writeJSON(tc.toks)
		if err != nil || got != tc.want+"\n" {
			t.Errorf("%s: got %q, %v; want %q", tc.name, got, err, tc.want+"\n")
		}
	}
}

func TestJSONWriterUnsupported(t *testing.T) {
	obj := func(key token.Token) []token.Token {
		return []token.Token{token.BeginObject(1), key, token.Int(1), token.EndObject}
	}
	for _, tc := range []struct {
		name       string
		toks       []token.Token
		substitute string // output with SubstituteNull and StringifyKeys
	}{
		{"NaN", arr(token.Float(math.NaN())), `[null]`},
		{"+Inf", arr(token.Float(math.Inf(1))), `[null]`},
		{"-Inf", arr(token.FloatWidth(math.Inf(-1), 16)), `[null]`},
		{"simple", arr(token.Simple(16)), `[null]`},
		{"msgpack ext", arr(token.Ext(token.FamilyMsgpack, 1, []byte{1})), `[null]`},
		{"int key", obj(token.Int(-7)), `{"-7":1}`},
		{"uint key", obj(token.Uint(math.MaxUint64)), `{"18446744073709551615":1}`},
		{"float key", obj(token.Float(1.5)), `{"1.5":1}`},
		{"integral float key", obj(token.Float(-2)), `{"-2.0":1}`},
		{"number key", obj(token.Number("1e5")), `{"1e5":1}`},
		{"bool key", obj(token.False), `{"false":1}`},
		{"null key", obj(token.Null), `{"null":1}`},
		{"undefined key", obj(token.Undefined), `{"null":1}`},
		{"bytes key", obj(token.Bytes([]byte{0xff})), `{"_w":1}`},
		{"bignum key", append([]token.Token{token.BeginObject(1), token.Tag(2), token.Bytes([]byte{1, 0, 0, 0, 0, 0, 0, 0, 0})}, token.Int(1), token.EndObject),
			`{"18446744073709551616":1}`},
		{"NaN key", obj(token.Float(math.NaN())), `{"null":1}`},
	} {
		if _, err := writeJSON(tc.toks); !errors.Is(err, token.ErrUnsupported) {
			t.Errorf("%s: err = %v, want ErrUnsupported", tc.name, err)
		}
		got, err := writeJSON(tc.toks, token.SubstituteNull(true), token.StringifyKeys(true))
		if err != nil || got != tc.substitute+"\n" {
			t.Errorf("%s with options: %q, %v; want %q", tc.name, got, err, tc.substitute)
		}
	}
	// Arrays and maps as keys stay errors.
	for _, k := range []token.Token{token.BeginArray(0), token.BeginObject(-1)} {
		_, err := writeJSON([]token.Token{token.BeginObject(1), k}, token.StringifyKeys(true))
		if !errors.Is(err, token.ErrUnsupported) {
			t.Errorf("%v as key: %v", k, err)
		}
	}
}

func TestJSONWriterSequenceErrors(t *testing.T) {
	for _, toks := range [][]token.Token{
		{token.EndArray},
		{token.BeginArray(-1), token.EndObject},
		{token.BeginObject(-1), token.String("k"), token.EndObject},
		{token.BeginArray(-1), token.Tag(1), token.EndArray},
		{{}},
	} {
		if _, err := writeJSON(toks); !errors.Is(err, token.ErrInvalidSequence) {
			t.Errorf("%v: err = %v, want ErrInvalidSequence", toks, err)
		}
	}
	// Errors are sticky.
	w := token.NewJSONWriter(io.Discard)
	w.WriteToken(token.EndArray)
	if err := w.WriteToken(token.Null); !errors.Is(err, token.ErrInvalidSequence) {
		t.Errorf("not sticky: %v", err)
	}
}

func TestCopyJSONToJSON(t *testing.T) {
	in := "{\"a\" : [1, 2.50, -0, \"x\\u0041\"], \"b\": {}}\n[ ]  7"
	var out bytes.Buffer
	n, err := token.Copy(token.NewJSONWriter(&out), token.NewJSONReaderBytes([]byte(in)))
	want := "{\"a\":[1,2.50,-0,\"xA\"],\"b\":{}}\n[]\n7\n"
	if err != nil || out.String() != want || n != 15 {
		t.Errorf("Copy = %d, %v, %q; want 15, %q", n, err, out.String(), want)
	}
}

func TestCopyValue(t *testing.T) {
	r := token.NewJSONReaderBytes([]byte(`[1,[2]] {"a":3} 4`))
	var out bytes.Buffer
	w := token.NewJSONWriter(&out)
	var counts []int64
	for {
		n, err := token.CopyValue(w, r)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		counts = append(counts, n)
	}
	w.Flush()
	if out.String() != "[1,[2]]\n{\"a\":3}\n4\n" || len(counts) != 3 || counts[0] != 6 || counts[1] != 4 || counts[2] != 1 {
		t.Errorf("CopyValue: %q %v", out.String(), counts)
	}
	// A value cut short is io.ErrUnexpectedEOF, not io.EOF.
	short := &sliceReader{toks: []token.Token{token.BeginArray(-1), token.Int(1)}}
	if _, err := token.CopyValue(token.NewJSONWriter(io.Discard), short); err != io.ErrUnexpectedEOF {
		t.Errorf("short value: %v", err)
	}
}

type sliceReader struct{ toks []token.Token }

func (r *sliceReader) ReadToken() (token.Token, error) {
	if len(r.toks) == 0 {
		return token.Token{}, io.EOF
	}
	t := r.toks[0]
	r.toks = r.toks[1:]
	return t, nil
}

func TestTokenAccessors(t *testing.T) {
	if token.Uint(5).Kind() != token.KindInt || token.Uint(1<<63).Kind() != token.KindUint {
		t.Error("Uint is not canonical")
	}
	if token.BeginArray(-5).Len() != -1 || token.BeginObject(3).Len() != 3 || token.Int(3).Len() != -1 {
		t.Error("Len")
	}
	s := []byte("abc")
	c := token.Bytes(s).Clone()
	s[0] = 'x'
	if string(c.Data()) != "abc" {
		t.Error("Clone shares memory")
	}
	if !token.Simple(21).Bool() || token.Simple(23).String() != "undefined" || token.Simple(16).Family() != token.FamilySimple {
		t.Error("Simple")
	}
	if w := token.IntWidth(-7, 32); w.Kind() != token.KindInt || w.Int() != -7 || w.IntBits() != 32 || w.String() != "-7" ||
		token.Int(-7).IntBits() != 0 || token.Float(1).IntBits() != 0 {
		t.Error("IntWidth")
	}
	if token.String("x").ValidUTF8() || !token.String("x").WithValidUTF8().ValidUTF8() || token.Bytes(nil).WithValidUTF8().ValidUTF8() {
		t.Error("ValidUTF8 marks")
	}
	for _, tc := range []struct {
		tok  token.Token
		want string
	}{
		{token.Float(1), "1.0"}, {token.Float(math.Inf(-1)), "-Infinity"}, {token.Bytes([]byte{1, 2}), "h'0102'"},
		{token.Tag(24), "24("}, {token.Simple(16), "simple(16)"}, {token.Undefined, "undefined"},
		{token.BeginArray(2), "[2:"}, {token.BeginObject(-1), "{_"},
	} {
		if got := tc.tok.String(); got != tc.want {
			t.Errorf("String() = %q, want %q", got, tc.want)
		}
	}
}

func TestJSONReaderNoAllocs(t *testing.T) {
	in := []byte(`{"name":"value","n":[1,-2,3.5,true,null,"esc\n"]}`)
	r := token.NewJSONReaderBytes(in)
	allocs := testing.AllocsPerRun(100, func() {
		r.ResetBytes(in)
		for {
			if _, err := r.ReadToken(); err != nil {
				break
			}
		}
	})
	if allocs > 0 {
		t.Errorf("%v allocations per document", allocs)
	}
}
