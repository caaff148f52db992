package stream_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/stream"
)

// inputs returns every corpus file and every JSONTestSuite file.
func inputs(t *testing.T) []celertest.File {
	return raceSample(append(celertest.CorpusJSON(t), celertest.TestSuite(t)...))
}

func stdCompact(src []byte) ([]byte, error) {
	var b bytes.Buffer
	err := json.Compact(&b, src)
	return b.Bytes(), err
}

func stdIndent(src []byte, prefix, indent string) ([]byte, error) {
	var b bytes.Buffer
	err := json.Indent(&b, src, prefix, indent)
	return b.Bytes(), err
}

// v1 is the option set that matches encoding/json's acceptance rules.
var v1 = stream.AllowInvalidUTF8(true)

func TestCompactIndentMatchStd(t *testing.T) {
	for _, f := range inputs(t) {
		want, wantErr := stdCompact(f.Data)
		got, err := stream.AppendCompact(nil, f.Data, v1)
		if (err != nil) != (wantErr != nil) || !bytes.Equal(got, want) {
			t.Errorf("%s: AppendCompact = %.60q, %v; encoding/json: %.60q, %v", f.Name, got, err, want, wantErr)
		}
		var sb bytes.Buffer
		err = stream.Compact(&sb, bytes.NewReader(f.Data), v1)
		if (err != nil) != (wantErr != nil) || wantErr == nil && !bytes.Equal(sb.Bytes(), want) {
			t.Errorf("%s: Compact (stream) = %.60q, %v; encoding/json: %.60q, %v", f.Name, sb.Bytes(), err, want, wantErr)
		}
		for _, ind := range [][2]string{{"", "  "}, {"> ", "\t"}} {
			want, wantErr := stdIndent(f.Data, ind[0], ind[1])
			got, err := stream.AppendIndent(nil, f.Data, ind[0], ind[1], v1)
			if (err != nil) != (wantErr != nil) || !bytes.Equal(got, want) {
				t.Errorf("%s: AppendIndent%q = %.60q, %v; encoding/json: %.60q, %v", f.Name, ind, got, err, want, wantErr)
			}
			sb.Reset()
			err = stream.Indent(&sb, &celertest.ChunkReader{Data: f.Data, Sizes: []int{1, 7, 4096, 3}}, ind[0], ind[1], v1)
			if (err != nil) != (wantErr != nil) || wantErr == nil && !bytes.Equal(sb.Bytes(), want) {
				t.Errorf("%s: Indent (stream) = %.60q, %v; encoding/json: %.60q, %v", f.Name, sb.Bytes(), err, want, wantErr)
			}
		}
	}
}

func TestValidMatchesSuite(t *testing.T) {
	for _, f := range celertest.TestSuite(t) {
		want := json.Valid(f.Data)
		strict := stream.Valid(f.Data)
		lenient := stream.Valid(f.Data, v1)
		if lenient != want {
			t.Errorf("%s: Valid(AllowInvalidUTF8) = %v, encoding/json %v", f.Name, lenient, want)
		}
		switch f.Name[0] {
		case 'y':
			if !strict {
				t.Errorf("%s: rejected: %v", f.Name, stream.Validate(f.Data))
			}
		case 'n':
			if strict {
				t.Errorf("%s: accepted", f.Name)
			}
		}
		if err := stream.ValidateReader(&celertest.ChunkReader{Data: f.Data}); (err == nil) != strict {
			t.Errorf("%s: ValidateReader = %v, Valid = %v", f.Name, err, strict)
		}
		if err := stream.Validate(f.Data); (err == nil) != strict {
			t.Errorf("%s: Validate = %v, Valid = %v", f.Name, err, strict)
		}
	}
}

func TestTokensMatchStd(t *testing.T) {
	for _, f := range inputs(t) {
		if !json.Valid(f.Data) || !strings.HasPrefix(f.Name, "y_") && strings.Contains(f.Name, "_") && f.Name[1] == '_' {
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(f.Data))
		dec.UseNumber()
		var want []string
		for {
			tok, err := dec.Token()
			if err != nil {
				break
			}
			want = append(want, stdTokString(tok))
		}
		for _, r := range []func() *stream.Decoder{
			func() *stream.Decoder { return stream.NewDecoderBytes(f.Data, v1) },
			func() *stream.Decoder {
				return stream.NewDecoder(&celertest.ChunkReader{Data: f.Data, Sizes: []int{1, 2, 3, 50}}, v1)
			},
		} {
			d := r()
			var got []string
			for {
				tok, err := d.ReadToken()
				if err != nil {
					break
				}
				got = append(got, tokString(tok))
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s: tokens differ:\n got %.200q\nwant %.200q", f.Name, strings.Join(got, " "), strings.Join(want, " "))
			}
		}
	}
}

func stdTokString(tok json.Token) string {
	switch v := tok.(type) {
	case json.Delim:
		return v.String()
	case string:
		return "s:" + v
	case json.Number:
		return "n:" + string(v)
	case bool:
		if v {
			return "true"
		}
		return "false"
	case nil:
		return "null"
	}
	return "?"
}

func tokString(t stream.Token) string {
	switch t.Kind() {
	case stream.KindString:
		return "s:" + t.String()
	case stream.KindNumber:
		return "n:" + string(t.Raw())
	}
	return string(t.Raw())
}

// TestFormatInPlace appends the formatted form of a buffer to the same
// buffer's start (dst and src share memory), which must give the same
// bytes as into a fresh buffer.
func TestFormatInPlace(t *testing.T) {
	for _, f := range celertest.CorpusJSON(t) {
		if len(f.Data) > 1<<20 {
			continue
		}
		want, err := stream.AppendCompact(nil, f.Data, v1)
		if err != nil {
			continue
		}
		buf := append(make([]byte, 0, 3*len(f.Data)+64), f.Data...)
		if got, err := stream.AppendCompact(buf[:0], buf, v1); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: AppendCompact in place = %.60q, %v", f.Name, got, err)
		}
		want, _ = stream.AppendIndent(nil, f.Data, "", "  ", v1)
		buf = append(buf[:0], f.Data...)
		if got, err := stream.AppendIndent(buf[:1], buf[1:len(f.Data)], "", "  ", v1); len(f.Data) > 1 && err == nil {
			w, _ := stream.AppendIndent([]byte{f.Data[0]}, f.Data[1:], "", "  ", v1)
			if !bytes.Equal(got, w) {
				t.Errorf("%s: AppendIndent in place differs", f.Name)
			}
		}
		buf = append(buf[:0], f.Data...)
		if got, err := stream.AppendIndent(buf[:0], buf, "", "  ", v1); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: AppendIndent in place = %.60q, %v", f.Name, got, err)
		}
	}
}
