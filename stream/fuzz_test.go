package stream_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/stream"
)

// fuzzSeeds are corpus-like snippets shared by the stream fuzz targets.
var fuzzSeeds = []string{
	`{"a":[1,2.5e-3,true,false,null],"b":{"c":"d\n\u00e9"}}`,
	`[{"id":1,"tags":["x","y"]},{"id":2,"tags":[]}]`,
	"1 2 [3]{\"a\":4}\"x\"",
	"{\"_path\":\"smtp\",\"ts\":\"2018-03-24T17:15:21Z\",\"id.orig_p\":38041}\n{\"_path\":\"smtp\"}\n",
	`"\ud83d\ude00 \uD800 \\ \/"`, "[\"\xff\xfe\"]", `{"a":1,"a":2}`, `[-0, 1E+2, 0.5e-7, 123456789012345678901234567890]`,
	`{"glossary":{"title":"example","GlossDiv":{"GlossList":{"GlossEntry":{"GlossSeeAlso":["GML","XML"]}}}}}`,
	"[1,]", `{"a" 1}`, "[[[[[[]]]]]]", "  \t\r\n null  ", `["unterminated`, "\ufeff{}", "[1e]", "[tru]",
}

// fuzzPad returns data with whitespace around it long enough to take the
// paths used for large inputs (which start at a few hundred bytes).
func fuzzPad(data []byte) []byte {
	pad := strings.Repeat(" \n", 600)
	return append(append([]byte(pad), data...), pad...)
}

// FuzzValid compares lenient validation with encoding/json.Valid, checks
// that the strict verdict implies the lenient one, that every entry point
// and kernel implementation agrees, on data as is and padded.
func FuzzValid(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	impls := kernels.Implementations()
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, in := range [][]byte{data, fuzzPad(data)} {
			want := json.Valid(in)
			var strict0 bool
			for k, impl := range impls {
				restore := kernels.SetImplementation(impl)
				lenientOK := stream.Valid(in, lenient)
				strict := stream.Valid(in)
				restore()
				if lenientOK != want {
					t.Fatalf("%s: Valid(%q, lenient) = %v, encoding/json %v", impl, in, lenientOK, want)
				}
				if strict && !lenientOK {
					t.Fatalf("%s: strict accepts %q but lenient rejects", impl, in)
				}
				if k == 0 {
					strict0 = strict
				} else if strict != strict0 {
					t.Fatalf("strict verdict on %q differs between kernels", in)
				}
			}
			for _, o := range [][]stream.Options{nil, {lenient}} {
				ok := strict0
				if o != nil {
					ok = want
				}
				err := stream.Validate(in, o...)
				if (err == nil) != ok {
					t.Fatalf("Validate(%q, %v) = %v, Valid %v", in, o, err, ok)
				}
				rerr := stream.ValidateReader(&celertest.ChunkReader{Data: in, Sizes: []int{1 + len(in)%5, 64}}, o...)
				if (rerr == nil) != ok {
					t.Fatalf("ValidateReader(%q, %v) = %v, Valid %v", in, o, rerr, ok)
				}
				if err != nil {
					var se, re *stream.SyntaxError
					if !errors.As(err, &se) || !errors.As(rerr, &re) {
						t.Fatalf("not SyntaxErrors: %v; %v", err, rerr)
					}
					if se.Offset < 0 || se.Offset > int64(len(in)) || se.Offset != re.Offset || se.Line != re.Line || se.Column != re.Column {
						t.Fatalf("%q: Validate error %v, ValidateReader %v", in, err, rerr)
					}
				}
			}
		}
	})
}

// tokensOf reads every token (at most limit) and returns them with the
// final error's position.
func tokensOf(d *stream.Decoder, limit int) (string, string) {
	var sb strings.Builder
	for range limit {
		tok, err := d.ReadToken()
		if err == io.EOF {
			return sb.String(), "EOF"
		}
		if err != nil {
			return sb.String(), errPos(err)
		}
		sb.WriteString(tokText(tok))
		sb.WriteString(" @")
		sb.WriteString(d.Pointer())
		sb.WriteByte('\n')
	}
	return sb.String(), "limit"
}

// FuzzDecoderChunked checks that the tokens (text, unquoted value,
// pointer) and the final error do not depend on how the input arrives.
func FuzzDecoderChunked(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s), uint16(0x1234))
	}
	f.Fuzz(func(t *testing.T, data []byte, shape uint16) {
		sizes := []int{1 + int(shape&7), 1 + int(shape>>3&63), 1 + int(shape>>9)}
		for _, o := range [][]stream.Options{nil, {lenient}, {lenient, stream.RejectDuplicateNames(true)}} {
			wantT, wantE := tokensOf(stream.NewDecoderBytes(data, o...), 5000)
			gotT, gotE := tokensOf(stream.NewDecoder(&celertest.ChunkReader{Data: data, Sizes: sizes}, o...), 5000)
			if wantT != gotT || wantE != gotE {
				t.Fatalf("%q in chunks %v:\n bytes: %s%s\nchunks: %s%s", data, sizes, wantT, wantE, gotT, gotE)
			}
		}
	})
}

// FuzzReadValue reads every top-level value with ReadValue: each must be
// valid on its own (for celer and encoding/json), the values must be the
// same from bytes and in chunks, and SkipValue must stop where ReadValue
// does.
func FuzzReadValue(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s), uint8(5))
	}
	f.Fuzz(func(t *testing.T, data []byte, chunk uint8) {
		read := func(d *stream.Decoder) ([]string, []int64, string) {
			var vals []string
			var offs []int64
			for range 1000 {
				v, err := d.ReadValue()
				if err == io.EOF {
					return vals, offs, "EOF"
				}
				if err != nil {
					return vals, offs, errPos(err)
				}
				vals = append(vals, string(v))
				offs = append(offs, d.InputOffset())
			}
			return vals, offs, "limit"
		}
		vals, offs, end := read(stream.NewDecoderBytes(data, lenient))
		for i, v := range vals {
			if !stream.Valid([]byte(v), lenient) || !json.Valid([]byte(v)) {
				t.Fatalf("%q: value %d %q is not valid on its own", data, i, v)
			}
			if !bytes.HasSuffix(data[:offs[i]], []byte(v)) {
				t.Fatalf("%q: value %d %q does not end at InputOffset %d", data, i, v, offs[i])
			}
		}
		cvals, coffs, cend := read(stream.NewDecoder(&celertest.ChunkReader{Data: data, Sizes: []int{1 + int(chunk)}}, lenient))
		if strings.Join(vals, "\x00") != strings.Join(cvals, "\x00") || end != cend {
			t.Fatalf("%q: from bytes %q %s; in chunks of %d %q %s", data, vals, end, 1+int(chunk), cvals, cend)
		}
		d := stream.NewDecoderBytes(data, lenient)
		for i := range offs {
			if err := d.SkipValue(); err != nil || d.InputOffset() != offs[i] || coffs[i] != offs[i] {
				t.Fatalf("%q: SkipValue %d: %v at %d, ReadValue ended at %d", data, i, err, d.InputOffset(), offs[i])
			}
		}
		// encoding/json's Decoder sees the same leading values.
		dec := json.NewDecoder(bytes.NewReader(data))
		for i, v := range vals {
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil || string(raw) != v {
				t.Fatalf("%q: value %d: celer %q, encoding/json %q (%v)", data, i, v, raw, err)
			}
		}
	})
}
