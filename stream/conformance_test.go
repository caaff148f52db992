package stream_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/stream"
)

// lenient is the option set with encoding/json v1's acceptance rules.
var lenient = stream.AllowInvalidUTF8(true)

// iChoice documents celer's strict verdict for one JSONTestSuite i_ file
// (implementation-defined: RFC 8259 lets a parser accept or reject it).
type iChoice struct {
	accept   bool
	sentinel error // when rejected: the sentinel the error wraps
	offset   int64 // when rejected: offset of the offending byte (hand-checked)
	why      string
}

const (
	whyNumber    = "RFC 8259 §6 allows any digits and exponent; range is a binding concern and number text is kept exactly"
	whySurrogate = "RFC 8259 §8.2: an unpaired surrogate escape is not a Unicode character; strict mode rejects it (AllowInvalidUTF8 accepts)"
	whyUTF8      = "RFC 8259 §8.1: JSON text must be UTF-8; strict mode rejects invalid UTF-8 in strings (AllowInvalidUTF8 accepts)"
	whyUTF16     = "RFC 8259 §8.1: text exchanged between systems must be UTF-8; no UTF-16 detection (as encoding/json)"
	whyBOM       = "RFC 8259 §8.1: a BOM must not be added; parsers may ignore one, celer does not (as encoding/json)"
)

// iChoices covers every i_ file of JSONTestSuite's test_parsing folder.
var iChoices = map[string]iChoice{
	"i_number_double_huge_neg_exp.json":       {accept: true, why: whyNumber},
	"i_number_huge_exp.json":                  {accept: true, why: whyNumber},
	"i_number_neg_int_huge_exp.json":          {accept: true, why: whyNumber},
	"i_number_pos_double_huge_exp.json":       {accept: true, why: whyNumber},
	"i_number_real_neg_overflow.json":         {accept: true, why: whyNumber},
	"i_number_real_pos_overflow.json":         {accept: true, why: whyNumber},
	"i_number_real_underflow.json":            {accept: true, why: whyNumber},
	"i_number_too_big_neg_int.json":           {accept: true, why: whyNumber},
	"i_number_too_big_pos_int.json":           {accept: true, why: whyNumber},
	"i_number_very_big_negative_int.json":     {accept: true, why: whyNumber},
	"i_structure_500_nested_arrays.json":      {accept: true, why: "depth 500 is below MaxDepth (default 10000)"},
	"i_structure_UTF-8_BOM_empty_object.json": {sentinel: stream.ErrSyntax, offset: 0, why: whyBOM},
	"i_string_UTF-16LE_with_BOM.json":         {sentinel: stream.ErrSyntax, offset: 0, why: whyUTF16},
	"i_string_utf16BE_no_BOM.json":            {sentinel: stream.ErrSyntax, offset: 0, why: whyUTF16},
	"i_string_utf16LE_no_BOM.json":            {sentinel: stream.ErrSyntax, offset: 1, why: whyUTF16},

	// Escapes: the offset is that of the backslash starting the bad escape.
	"i_object_key_lone_2nd_surrogate.json":                {sentinel: stream.ErrInvalidUTF8, offset: 2, why: whySurrogate},
	"i_string_1st_surrogate_but_2nd_missing.json":         {sentinel: stream.ErrInvalidUTF8, offset: 2, why: whySurrogate},
	"i_string_1st_valid_surrogate_2nd_invalid.json":       {sentinel: stream.ErrInvalidUTF8, offset: 2, why: whySurrogate},
	"i_string_incomplete_surrogate_and_escape_valid.json": {sentinel: stream.ErrInvalidUTF8, offset: 2, why: whySurrogate},
	"i_string_incomplete_surrogate_pair.json":             {sentinel: stream.ErrInvalidUTF8, offset: 2, why: whySurrogate},
	"i_string_incomplete_surrogates_escape_valid.json":    {sentinel: stream.ErrInvalidUTF8, offset: 2, why: whySurrogate},
	"i_string_invalid_lonely_surrogate.json":              {sentinel: stream.ErrInvalidUTF8, offset: 2, why: whySurrogate},
	"i_string_invalid_surrogate.json":                     {sentinel: stream.ErrInvalidUTF8, offset: 2, why: whySurrogate},
	"i_string_inverted_surrogates_U+1D11E.json":           {sentinel: stream.ErrInvalidUTF8, offset: 2, why: whySurrogate},
	"i_string_lone_second_surrogate.json":                 {sentinel: stream.ErrInvalidUTF8, offset: 2, why: whySurrogate},

	// Raw bytes: the offset is that of the first byte that cannot start or
	// continue a well-formed UTF-8 sequence.
	"i_string_UTF-8_invalid_sequence.json":         {sentinel: stream.ErrInvalidUTF8, offset: 7, why: whyUTF8}, // ["日ш\xfa"]
	"i_string_UTF8_surrogate_U+D800.json":          {sentinel: stream.ErrInvalidUTF8, offset: 2, why: whyUTF8}, // ED A0 80
	"i_string_invalid_utf-8.json":                  {sentinel: stream.ErrInvalidUTF8, offset: 2, why: whyUTF8},
	"i_string_iso_latin_1.json":                    {sentinel: stream.ErrInvalidUTF8, offset: 2, why: whyUTF8},
	"i_string_lone_utf8_continuation_byte.json":    {sentinel: stream.ErrInvalidUTF8, offset: 2, why: whyUTF8},
	"i_string_not_in_unicode_range.json":           {sentinel: stream.ErrInvalidUTF8, offset: 2, why: whyUTF8}, // F4 BF: above U+10FFFF
	"i_string_overlong_sequence_2_bytes.json":      {sentinel: stream.ErrInvalidUTF8, offset: 2, why: whyUTF8},
	"i_string_overlong_sequence_6_bytes.json":      {sentinel: stream.ErrInvalidUTF8, offset: 2, why: whyUTF8},
	"i_string_overlong_sequence_6_bytes_null.json": {sentinel: stream.ErrInvalidUTF8, offset: 2, why: whyUTF8},
	"i_string_truncated-utf-8.json":                {sentinel: stream.ErrInvalidUTF8, offset: 2, why: whyUTF8},
}

// tokText describes a token for comparisons: kind, name flag, exact text
// and, for strings, the unquoted value.
func tokText(t stream.Token) string {
	s := t.Kind().String() + " " + string(t.Raw())
	if t.Kind() == stream.KindString {
		s += " =" + strconv.Quote(t.String())
		if t.IsName() {
			s = "name:" + s
		}
	}
	return s
}

var errNoValue = errors.New("no value before the end of input")

// decodeOne reads exactly one top-level value token by token, then
// requires the end of input: the Decoder's verdict on "is this one JSON
// text".
func decodeOne(d *stream.Decoder) ([]string, error) {
	var toks []string
	for {
		t, err := d.ReadToken()
		if err != nil {
			if err == io.EOF {
				err = errNoValue
			}
			return toks, err
		}
		toks = append(toks, tokText(t))
		if d.Depth() == 0 {
			break
		}
	}
	t, err := d.ReadToken()
	switch {
	case err == io.EOF:
		return toks, nil
	case err == nil:
		return toks, fmt.Errorf("a second value starting with %s", tokText(t))
	}
	return toks, err
}

// errPos is the position part of an error: offset, line, column,
// pointer and message (not the quote, which depends on what is buffered).
func errPos(err error) string {
	if err == nil {
		return "ok"
	}
	var se *stream.SyntaxError
	if !errors.As(err, &se) {
		return "not a *SyntaxError: " + err.Error()
	}
	return fmt.Sprintf("offset %d line %d column %d pointer %q: %v", se.Offset, se.Line, se.Column, se.Pointer, se.Err)
}

// errOffset is the "offset … column …" part of an errPos.
func errOffset(pos any) string {
	s, ok := pos.(string)
	if !ok {
		s = errPos(pos.(error))
	}
	s, _, _ = strings.Cut(s, ":")
	return s
}

// syntaxErr returns err as a *SyntaxError, failing the test otherwise.
func syntaxErr(t *testing.T, what string, err error) *stream.SyntaxError {
	t.Helper()
	var se *stream.SyntaxError
	if !errors.As(err, &se) {
		t.Errorf("%s: error %v (%T) is not a *stream.SyntaxError", what, err, err)
		return nil
	}
	return se
}

// eachKernel runs fn once per kernel implementation (generic, and SIMD
// where the CPU has it).
func eachKernel(t *testing.T, fn func(t *testing.T)) {
	for _, impl := range kernels.Implementations() {
		t.Run(impl, func(t *testing.T) {
			defer kernels.SetImplementation(impl)()
			fn(t)
		})
	}
}

func TestSuiteIChoicesComplete(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range celertest.TestSuite(t) {
		if f.Name[0] != 'i' {
			continue
		}
		seen[f.Name] = true
		if _, ok := iChoices[f.Name]; !ok {
			t.Errorf("%s: no documented choice in iChoices", f.Name)
		}
	}
	for name, c := range iChoices {
		if !seen[name] {
			t.Errorf("iChoices lists %s, which is not in the suite", name)
		}
		if c.why == "" || c.accept == (c.sentinel != nil) {
			t.Errorf("%s: incomplete entry %+v", name, c)
		}
	}
}

// suiteVerdict is celer's strict verdict for a suite file.
func suiteVerdict(t *testing.T, name string) (accept bool, c iChoice) {
	switch name[0] {
	case 'y':
		return true, iChoice{}
	case 'n':
		return false, iChoice{}
	}
	c = iChoices[name]
	return c.accept, c
}

// TestSuiteStrict runs every JSONTestSuite file through every strict
// entry point: y_ accepted, n_ rejected, i_ as documented in iChoices.
func TestSuiteStrict(t *testing.T) {
	files := raceSample(celertest.TestSuite(t))
	eachKernel(t, func(t *testing.T) {
		for _, f := range files {
			accept, choice := suiteVerdict(t, f.Name)
			checkOneDocument(t, f.Name, f.Data, accept)
			if f.Name[0] == 'i' && !accept {
				se := syntaxErr(t, f.Name, stream.Validate(f.Data))
				if se != nil && (!errors.Is(se, choice.sentinel) || se.Offset != choice.offset) {
					t.Errorf("%s: Validate = %v; want offset %d wrapping %v (%s)", f.Name, se, choice.offset, choice.sentinel, choice.why)
				}
			}
			if f.Name[0] == 'n' {
				err := stream.Validate(f.Data)
				if !errors.Is(err, stream.ErrSyntax) && !errors.Is(err, stream.ErrUnexpectedEOF) && !errors.Is(err, stream.ErrDepth) && !errors.Is(err, stream.ErrInvalidUTF8) {
					t.Errorf("%s: Validate = %v, which wraps no syntax sentinel", f.Name, err)
				}
			}
		}
	})
}

// TestSuiteLenient checks that with AllowInvalidUTF8 every entry point
// agrees with encoding/json.Valid on every file, and that the strict
// verdict implies the lenient one.
func TestSuiteLenient(t *testing.T) {
	files := raceSample(celertest.TestSuite(t))
	eachKernel(t, func(t *testing.T) {
		for _, f := range files {
			want := json.Valid(f.Data)
			checkOneDocument(t, f.Name+" (lenient)", f.Data, want, lenient)
			if stream.Valid(f.Data) && !want {
				t.Errorf("%s: strict accepts but encoding/json rejects", f.Name)
			}
		}
	})
}

// checkOneDocument checks that every entry point gives verdict accept on
// data, and that they agree with one another on the error's position.
func checkOneDocument(t *testing.T, name string, data []byte, accept bool, o ...stream.Options) {
	t.Helper()
	if got := stream.Valid(data, o...); got != accept {
		t.Errorf("%s: Valid = %v, want %v", name, got, accept)
	}
	verr := stream.Validate(data, o...)
	if (verr == nil) != accept {
		t.Errorf("%s: Validate = %v, want accept=%v", name, verr, accept)
	}
	if verr != nil {
		if se := syntaxErr(t, name+": Validate", verr); se != nil && (se.Offset < 0 || se.Offset > int64(len(data))) {
			t.Errorf("%s: Validate error offset %d outside [0, %d]", name, se.Offset, len(data))
		}
	}

	// Streaming validation, whole and one byte at a time.
	var readerErrs []string
	for _, r := range []io.Reader{bytes.NewReader(data), &celertest.ChunkReader{Data: data}} {
		err := stream.ValidateReader(r, o...)
		if (err == nil) != accept {
			t.Errorf("%s: ValidateReader(%T) = %v, want accept=%v", name, r, err, accept)
		}
		readerErrs = append(readerErrs, errPos(err))
	}
	if readerErrs[0] != readerErrs[1] {
		t.Errorf("%s: ValidateReader error depends on chunking:\n whole: %s\nbytewise: %s", name, readerErrs[0], readerErrs[1])
	}
	if verr != nil && errPos(verr) != readerErrs[0] {
		t.Errorf("%s: Validate and ValidateReader disagree:\n  Validate: %s\n    Reader: %s", name, errPos(verr), readerErrs[0])
	}
	// Token by token, from bytes and one byte at a time.
	toksB, errB := decodeOne(stream.NewDecoderBytes(data, o...))
	toksC, errC := decodeOne(stream.NewDecoder(&celertest.ChunkReader{Data: data}, o...))
	if (errB == nil) != accept {
		t.Errorf("%s: Decoder (bytes) tokens end with %v, want accept=%v", name, errB, accept)
	}
	if strings.Join(toksB, "\n") != strings.Join(toksC, "\n") || errPos(errB) != errPos(errC) {
		t.Errorf("%s: tokens depend on chunking:\n bytes: %.300q %s\nchunks: %.300q %s", name, toksB, errPos(errB), toksC, errPos(errC))
	}
	// The Decoder reads a stream of values, so trailing garbage is "looking
	// for beginning of value" rather than "after top-level value": compare
	// positions only.
	if errB != nil && errB != errNoValue && !strings.HasPrefix(errB.Error(), "a second value") && errOffset(errB) != errOffset(readerErrs[1]) {
		t.Errorf("%s: Decoder and ValidateReader disagree:\n Decoder: %s\n  Reader: %s", name, errPos(errB), readerErrs[1])
	}

	// Whole values: ReadValue returns the exact text, SkipValue skips it.
	for _, mk := range []func() *stream.Decoder{
		func() *stream.Decoder { return stream.NewDecoderBytes(data, o...) },
		func() *stream.Decoder {
			return stream.NewDecoder(&celertest.ChunkReader{Data: data, Sizes: []int{1, 3, 8}}, o...)
		},
	} {
		d := mk()
		v, err := d.ReadValue()
		if err == nil {
			v = bytes.Clone(v)
			_, err = d.ReadToken()
			if err == io.EOF {
				err = nil
			} else if err == nil {
				err = errors.New("a second value")
			}
		}
		if (err == nil) != accept {
			t.Errorf("%s: ReadValue then EOF: %v, want accept=%v", name, err, accept)
		}
		if accept && !bytes.Equal(v, bytes.Trim(data, " \t\r\n")) {
			t.Errorf("%s: ReadValue = %.100q, want the trimmed input", name, v)
		}
		d = mk()
		err = d.SkipValue()
		if err == nil {
			if _, err = d.ReadToken(); err == io.EOF {
				err = nil
			} else if err == nil {
				err = errors.New("a second value")
			}
		}
		if (err == nil) != accept {
			t.Errorf("%s: SkipValue then EOF: %v, want accept=%v", name, err, accept)
		}
	}

	// AppendCompact: same verdict; output equal to encoding/json's; dst
	// untouched on error.
	dst := []byte("prefix:")
	got, err := stream.AppendCompact(dst, data, o...)
	if (err == nil) != accept {
		t.Errorf("%s: AppendCompact error %v, want accept=%v", name, err, accept)
	}
	if err != nil {
		if string(got) != "prefix:" {
			t.Errorf("%s: AppendCompact changed dst on error: %q", name, got)
		}
	} else {
		var want bytes.Buffer
		if jerr := json.Compact(&want, data); jerr != nil {
			t.Errorf("%s: celer compacts what encoding/json rejects (%v)", name, jerr)
		} else if string(got) != "prefix:"+want.String() {
			t.Errorf("%s: AppendCompact = %.100q, want %.100q", name, got, "prefix:"+want.String())
		}
	}
}
