package msgpack

import (
	"bytes"
	"encoding/hex"
	"io"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/stream"
	"github.com/celerjson/celer/token"
)

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// specText returns the MessagePack specification from the shared specs.
func specText(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(celertest.SharedDir(t), "specs", "msgpack", "spec.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// readTokens reads every token of data with a Reader.
func readTokens(data []byte, o ...Options) ([]token.Token, error) {
	r := NewReaderBytes(data, o...)
	var out []token.Token
	for {
		t, err := r.ReadToken()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, t.Clone())
	}
}

// writeTokens writes toks with a Writer and returns the bytes.
func writeTokens(toks []token.Token, o ...Options) ([]byte, error) {
	var buf bytes.Buffer
	w := NewWriter(&buf, o...)
	for _, t := range toks {
		if err := w.WriteToken(t); err != nil {
			return nil, err
		}
	}
	err := w.Flush()
	return buf.Bytes(), err
}

// sameTokens compares token lists: kinds, values (floats by bits),
// lengths, data.
func sameTokens(a, b []token.Token) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Kind() != y.Kind() || x.Len() != y.Len() || !bytes.Equal(x.Data(), y.Data()) || x.Family() != y.Family() {
			return false
		}
		switch x.Kind() {
		case token.KindFloat:
			if math.Float64bits(x.Float()) != math.Float64bits(y.Float()) || x.FloatBits() != y.FloatBits() {
				return false
			}
		case token.KindBool, token.KindInt, token.KindUint, token.KindTag, token.KindExt:
			if x.Uint() != y.Uint() {
				return false
			}
		}
	}
	return true
}

// describe renders tokens for messages.
func describeTokens(toks []token.Token) string {
	var s []string
	for _, t := range toks {
		s = append(s, t.String())
	}
	return strings.Join(s, " ")
}

// jsonToMsgpack transcodes JSON text to MessagePack.
func jsonToMsgpack(in []byte, o ...Options) ([]byte, error) {
	var buf bytes.Buffer
	_, err := token.Copy(NewWriter(&buf, o...), token.NewJSONReaderBytes(in))
	return buf.Bytes(), err
}

// msgpackToJSON transcodes MessagePack to JSON text.
func msgpackToJSON(in []byte, o ...Options) ([]byte, error) {
	var buf bytes.Buffer
	_, err := token.Copy(token.NewJSONWriter(&buf, o...), NewReaderBytes(in))
	return buf.Bytes(), err
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

// compareJSON compares two JSON texts token by token: strings, names,
// literals and integers byte for byte, other numbers by value. It reports
// whether all numbers were integers.
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
			if strings.ContainsAny(xs, ".eE") || xs == "-0" {
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

// sameNumber reports whether two JSON number texts have the same value.
func sameNumber(t *testing.T, a, b string) bool {
	if a == b {
		return true // (math/big refuses exponents of seven digits and more)
	}
	x, ok1 := new(big.Rat).SetString(a)
	y, ok2 := new(big.Rat).SetString(b)
	if !ok1 || !ok2 {
		t.Fatalf("bad numbers %q %q", a, b)
	}
	return x.Cmp(y) == 0
}

// hasInexactNumber reports whether JSON text has a number with a
// fraction or exponent whose value no double has exactly, or an integer
// beyond 64 bits (checked with math/big and strconv, independently of the
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
			if _, err := strconv.ParseInt(s, 10, 64); err == nil {
				continue
			}
			if _, err := strconv.ParseUint(s, 10, 64); err == nil {
				continue
			}
			return true
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsInf(f, 0) || !sameNumber(t, s, strconv.FormatFloat(f, 'g', -1, 64)) {
			return true
		}
	}
}
