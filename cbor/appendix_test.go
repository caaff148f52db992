package cbor

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

// specText returns RFC 8949 (its kramdown source in the shared specs).
func specText(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(celertest.SharedDir(t), "specs", "cbor", "draft-ietf-cbor-7049bis.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

type example struct {
	diag string
	hex  string
}

// appendixA returns every row of the table of RFC 8949 Appendix A.
func appendixA(t testing.TB) []example {
	spec := specText(t)
	start := strings.Index(spec, "| Diagnostic")
	end := strings.Index(spec, "{: #table_examples")
	if start < 0 || end < start {
		t.Fatal("Appendix A table not found")
	}
	var out []example
	for _, line := range strings.Split(spec[start:end], "\n")[2:] {
		if !strings.HasPrefix(line, "| ") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), "|")
		if len(cells) != 2 {
			t.Fatalf("bad row %q", line)
		}
		h := strings.ReplaceAll(strings.TrimSpace(cells[1]), " ", "")
		out = append(out, example{unescapeMarkdown(strings.TrimSpace(cells[0])), strings.TrimPrefix(h, "0x")})
	}
	if len(out) != 81 {
		t.Fatalf("found %d examples in Appendix A, want 81", len(out))
	}
	return out
}

// unescapeMarkdown removes kramdown's backslash escapes (\[ and \\).
func unescapeMarkdown(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte(`\[]_*`, s[i+1]) >= 0 {
			i++
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
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

// TestAppendixA checks every example of RFC 8949 Appendix A both ways:
// the encoding read by a Reader gives the tokens of the diagnostic value
// (bignums as their integer value, as the table shows them); the tokens
// of the diagnostic value written by a Writer give the encoding; and
// Diagnose gives the diagnostic value back.
//
// The table holds a few encodings that are not the preferred serialization
// of their value: Infinity and NaN in single and double precision, and
// strings in chunks. A Writer writes the preferred serialization, so for
// those the expected encoding is that of the row with the same value in
// half precision, or of the definite-length string.
func TestAppendixA(t *testing.T) {
	rows := appendixA(t)
	preferred := map[string]string{}
	for _, ex := range rows {
		if _, ok := preferred[ex.diag]; !ok {
			preferred[ex.diag] = ex.hex
		}
	}
	// The chunked strings, written definite: a head of major type 2 or 3
	// with the joined length, then the bytes.
	preferred["(_ h'0102', h'030405')"] = "45" + "0102030405"
	preferred[`(_ "strea", "ming")`] = "69" + hex.EncodeToString([]byte("streaming"))
	for _, ex := range rows {
		data, err := hex.DecodeString(ex.hex)
		if err != nil {
			t.Fatalf("%s: %v", ex.hex, err)
		}
		tree, err := parseDiag(ex.diag)
		if err != nil {
			t.Fatalf("%s: %v", ex.diag, err)
		}
		want := tree.tokens()

		// Encoding to value.
		got, err := readTokens(data)
		if err != nil {
			t.Errorf("read %s: %v", ex.hex, err)
		} else if !sameTokens(bignumsAsIntegers(got), want) {
			t.Errorf("read %s:\n got %s\nwant %s", ex.hex, describe(got), describe(want))
		}
		if err := Validate(data); err != nil {
			t.Errorf("Validate %s: %v", ex.hex, err)
		}

		// Value to encoding. Containers written with "_" have length -1;
		// IndefiniteLength streams them as the table does.
		enc, err := writeTokens(want, IndefiniteLength(true))
		if err != nil {
			t.Errorf("write %s: %v", ex.diag, err)
		} else if h := hex.EncodeToString(enc); h != preferred[ex.diag] {
			t.Errorf("write %s = %s, want %s", ex.diag, h, preferred[ex.diag])
		}

		// Diagnostic notation.
		d, err := Diagnose(data)
		if err != nil {
			t.Errorf("Diagnose %s: %v", ex.hex, err)
			continue
		}
		back, err := parseDiag(d)
		if err != nil || !back.equal(tree) {
			t.Errorf("Diagnose %s = %s, want %s (%v)", ex.hex, d, ex.diag, err)
		}
	}
}

// TestAppendixADefinite writes the containers of the examples with
// unknown lengths, as a JSON reader gives them: the Writer must hold them
// and write the same definite-length encoding as when the lengths are
// given.
func TestAppendixADefinite(t *testing.T) {
	for _, ex := range appendixA(t) {
		tree, _ := parseDiag(ex.diag)
		known := tree.tokens()
		unknown := make([]token.Token, len(known))
		for i, tok := range known {
			switch tok.Kind() {
			case token.KindBeginArray:
				tok = token.BeginArray(-1)
			case token.KindBeginObject:
				tok = token.BeginObject(-1)
			}
			unknown[i] = tok
		}
		a, err1 := writeTokens(known)
		b, err2 := writeTokens(unknown)
		if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
			t.Errorf("%s: known lengths %x (%v), unknown %x (%v)", ex.diag, a, err1, b, err2)
		}
		// With lengths known and no "_", the output is the row's own
		// encoding when that is preferred.
		if !strings.Contains(ex.diag, "_") && !strings.HasPrefix(ex.hex, "fa7f") && !strings.HasPrefix(ex.hex, "fb7ff") &&
			!strings.HasPrefix(ex.hex, "faff") && !strings.HasPrefix(ex.hex, "fbfff") && hex.EncodeToString(b) != ex.hex {
			t.Errorf("%s: wrote %x, want %s", ex.diag, b, ex.hex)
		}
	}
}

// appendixF returns the examples of not-well-formed items listed in RFC
// 8949 Appendix F.1, by the text of their bullet.
func appendixF(t *testing.T) map[string][]string {
	spec := specText(t)
	start := strings.Index(spec, "## Examples for CBOR data items that are not well-formed")
	end := strings.Index(spec, "# Changes from RFC 7049")
	if start < 0 || end < start {
		t.Fatal("Appendix F.1 not found")
	}
	out := map[string][]string{}
	// Bullets are "* Title: hex, hex, ..." possibly wrapped over lines.
	for _, bullet := range strings.Split(spec[start:end], "\n* ")[1:] {
		bullet = strings.Join(strings.Fields(bullet), " ")
		title, list, ok := strings.Cut(bullet, ": ")
		if !ok {
			continue
		}
		list, _, _ = strings.Cut(list, " Subkind")
		list, _, _ = strings.Cut(list, " A few")
		for _, ex := range strings.Split(list, ",") {
			if ex = strings.ReplaceAll(strings.TrimSpace(ex), " ", ""); ex != "" {
				out[title] = append(out[title], ex)
			}
		}
	}
	return out
}

// TestAppendixFSpec checks that every example of Appendix F.1 fails, with
// ErrUnexpectedEOF for the examples of too little data (kind 2) and
// ErrSyntax for the syntax errors (kind 3).
func TestAppendixFSpec(t *testing.T) {
	all := appendixF(t)
	total := 0
	for title, list := range all {
		want := ErrSyntax
		switch {
		case strings.HasPrefix(title, "End of input"), strings.HasPrefix(title, "Definite length strings with short"),
			strings.HasPrefix(title, "Definite length maps and arrays not closed"), strings.HasPrefix(title, "Tag number not followed"),
			strings.HasPrefix(title, "Indefinite length strings not closed"), strings.HasPrefix(title, "Indefinite length maps and arrays not closed"):
			want = ErrUnexpectedEOF
		}
		for _, h := range list {
			total++
			data, err := hex.DecodeString(h)
			if err != nil {
				t.Fatalf("%s: %q: %v", title, h, err)
			}
			checkFails(t, title, data, want)
		}
	}
	if total != 94 {
		t.Errorf("found %d examples in Appendix F.1, want 94", total)
	}
}

// checkFails checks that Validate and a Reader (over the bytes and over a
// one-byte-at-a-time stream) reject data with want.
func checkFails(t *testing.T, title string, data []byte, want error) {
	t.Helper()
	if err := Validate(data); !errors.Is(err, want) {
		t.Errorf("%s: Validate(%x) = %v, want %v", title, data, err, want)
	}
	var se *SyntaxError
	if err := Validate(data); !errors.As(err, &se) || se.Offset < 0 || se.Offset > int64(len(data)) {
		t.Errorf("%s: Validate(%x): %#v is not a positioned SyntaxError", title, data, err)
	}
	for _, r := range []*Reader{NewReaderBytes(data), NewReader(&celertest.ChunkReader{Data: data})} {
		var err error
		for err == nil {
			_, err = r.ReadToken()
		}
		if !errors.Is(err, want) {
			t.Errorf("%s: reading %x: %v, want %v", title, data, err, want)
		}
	}
}
