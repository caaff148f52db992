package bson

import (
	"bytes"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/token"
)

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.Join(strings.Fields(s), ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// specFile returns a file of the BSON specs in the shared folder.
func specFile(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(celertest.SharedDir(t), "specs", "bson", name))
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
			return buf.Bytes(), err
		}
	}
	err := w.Flush()
	return buf.Bytes(), err
}

// jsonToBSON transcodes JSON text to BSON.
func jsonToBSON(in []byte, o ...Options) ([]byte, error) {
	var buf bytes.Buffer
	_, err := token.Copy(NewWriter(&buf, o...), token.NewJSONReaderBytes(in))
	return buf.Bytes(), err
}

// bsonToJSON transcodes BSON to JSON text (without the final newline).
func bsonToJSON(in []byte, o ...Options) ([]byte, error) {
	var buf bytes.Buffer
	_, err := token.Copy(token.NewJSONWriter(&buf, o...), NewReaderBytes(in, o...))
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), err
}

// bsonToExt transcodes BSON to Extended JSON (without the final
// newline); integer tokens keep their widths.
func bsonToExt(in []byte, m Mode, o ...Options) ([]byte, error) {
	var buf bytes.Buffer
	_, err := token.Copy(NewExtJSONWriter(&buf, m, o...), NewReaderBytes(in, o...))
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), err
}

// extToBSON transcodes Extended JSON to BSON; integer tokens keep their
// widths.
func extToBSON(in []byte, o ...Options) ([]byte, error) {
	var buf bytes.Buffer
	_, err := token.Copy(NewWriter(&buf, o...), NewExtJSONReaderBytes(in, o...))
	return buf.Bytes(), err
}

// describe renders tokens for messages.
func describe(toks []token.Token) string {
	var s []string
	for _, t := range toks {
		s = append(s, t.String())
	}
	return strings.Join(s, " ")
}

// sameTokens compares token lists (floats by bits).
func sameTokens(a, b []token.Token) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Kind() != y.Kind() || x.Uint() != y.Uint() || x.IntBits() != y.IntBits() || !bytes.Equal(x.Data(), y.Data()) || x.Family() != y.Family() {
			return false
		}
	}
	return true
}

// compactJSON returns JSON text compacted by the token encoder (strings
// escaped as it escapes them).
func compactJSON(t testing.TB, in []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	if _, err := token.Copy(token.NewJSONWriter(&buf), token.NewJSONReaderBytes(in)); err != nil {
		t.Fatalf("compacting %.40q: %v", in, err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

func errorsAs(err error, target any) bool { return errors.As(err, target) }
