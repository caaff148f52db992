package celer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
)

// v1Decoder is the method set shared by celer's and encoding/json's
// Decoder.
type v1Decoder interface {
	Decode(any) error
	Token() (json.Token, error)
	More() bool
	InputOffset() int64
	Buffered() io.Reader
}

// decoderStep runs one op against dec and returns what it saw: 'T'
// Token, 'D' Decode into any, 'S' Decode into allTypes, 'M' More, 'B'
// Buffered; every step also records InputOffset.
func decoderStep(dec v1Decoder, op byte) (rec []any, err error) {
	switch op {
	case 'T':
		var tok json.Token
		tok, err = dec.Token()
		rec = append(rec, "T", tok, err)
	case 'D':
		var v any
		err = dec.Decode(&v)
		rec = append(rec, "D", v, err)
	case 'S':
		var v allTypes
		err = dec.Decode(&v)
		rec = append(rec, "S", v, err)
	case 'M':
		rec = append(rec, "M", dec.More())
	case 'B':
		b, _ := io.ReadAll(dec.Buffered())
		rec = append(rec, "B", string(b))
	}
	return append(rec, dec.InputOffset()), err
}

// diffDecoder runs the ops (cyclically, up to maxSteps) in lockstep on
// celer's and encoding/json's Decoder over the same input, read in chunks
// of the given sizes (all at once when nil), and fails at the first step
// that differs. It stops at io.EOF or after an error repeats.
func diffDecoder(t testing.TB, name string, data []byte, ops string, sizes []int, maxSteps int) {
	t.Helper()
	mk := func() io.Reader {
		if sizes == nil {
			return bytes.NewReader(data)
		}
		return &celertest.ChunkReader{Data: data, Sizes: sizes}
	}
	got, want := NewDecoder(mk()), json.NewDecoder(mk())
	var lastErr error
	repeats := 0
	for step := 0; step < maxSteps; step++ {
		op := ops[step%len(ops)]
		g, gerr := decoderStep(got, op)
		w, _ := decoderStep(want, op)
		if !reflect.DeepEqual(g, w) {
			t.Fatalf("%s: ops %q sizes %v: step %d (%c) differs:\n celer: %#v\n std:   %#v", name, ops, sizes, step, op, g, w)
		}
		if gerr == io.EOF {
			return
		}
		if gerr != nil && fmt.Sprint(gerr) == fmt.Sprint(lastErr) {
			if repeats++; repeats > 2*len(ops) {
				return
			}
		}
		if gerr != nil {
			lastErr = gerr
		}
	}
}

func TestDecoderTokensCorpus(t *testing.T) {
	for _, f := range celertest.CorpusJSON(t) {
		diffDecoder(t, f.Name, f.Data, "T", nil, 1<<30)
		diffDecoder(t, f.Name, f.Data, "TMTTDM", []int{1, 7, 100, 4096}, 1<<30)
	}
	for _, f := range celertest.NDJSON(t) {
		diffDecoder(t, f.Name, f.Data, "D", nil, 1<<30)
		diffDecoder(t, f.Name, f.Data, "DMB", []int{3, 1000}, 1<<30)
		diffDecoder(t, f.Name, f.Data, "T", nil, 1<<30)
	}
}

func TestDecoderTestSuite(t *testing.T) {
	for _, f := range celertest.TestSuite(t) {
		for _, ops := range []string{"D", "T", "TD", "MTBD", "S"} {
			diffDecoder(t, f.Name, f.Data, ops, nil, 200)
			diffDecoder(t, f.Name, f.Data, ops, []int{1, 2}, 200)
		}
	}
}

var decoderInputs = []string{
	``, ` `, `1 2 3`, `123x`, `truefalse`, `01`, `1.5.3`, `"a""b"`, `{}{}[]`, `[1 2]`, `[1,]`, `{"a" 1}`, `{"a":1 "b":2}`, `{1}`, `{"a":1,}`,
	`[1,2,3]`, ` [ {"a" : [ 1 , "x" ] } , null , true ] `, `{"a":{"b":[1,2]},"c":3}`, `[`, `{"a"`, `{"a":`, `tru`, `-`, `1.`, `"abc`, `[1] x`, `:`, `,`, `]`, `}`,
	`{"Int":"x"} {"Int":1}`, `{"A":1,"B":2} [3]`, `[1,[2,[3]],{"x":[]}]`, `{"a":1}}`, `[1]]`, "\"\xff\"", `{"QInt":"x"}`, `[1e400]`, `1e400`, `[{"a":1},{"a":`,
	strings.Repeat("[", 10001), strings.Repeat(" ", 600) + `[1, 2,    x]`, `[` + strings.Repeat(" ", 1000) + `1 2]`,
}

func TestDecoderTable(t *testing.T) {
	for _, in := range decoderInputs {
		for _, ops := range []string{"D", "T", "TD", "TTD", "TTTD", "TDD", "MTMTMTMDMB", "TTTTD", "S", "TS", "DT", "TTTTTTTT"} {
			diffDecoder(t, in, []byte(in), ops, nil, 100)
			diffDecoder(t, in, []byte(in), ops, []int{1}, 100)
			diffDecoder(t, in, []byte(in), ops, []int{5, 1, 600}, 100)
		}
	}
}

// FuzzDecoder runs scripts of Decoder calls against encoding/json's
// Decoder, on chunked input.
func FuzzDecoder(f *testing.F) {
	for _, in := range decoderInputs {
		f.Add([]byte(in), "TD", uint8(0))
	}
	for _, in := range diffInputs[:40] {
		f.Add([]byte(in), "TTSD", uint8(3))
	}
	f.Fuzz(func(t *testing.T, data []byte, ops string, chunk uint8) {
		clean := strings.Map(func(r rune) rune {
			if strings.ContainsRune("TDSMB", r) {
				return r
			}
			return -1
		}, ops)
		if clean == "" {
			clean = "T"
		}
		var sizes []int
		if chunk > 0 {
			sizes = []int{int(chunk)}
		}
		diffDecoder(t, "fuzz", data, clean, sizes, 64)
	})
}

// TestDecoderOptionsBuffered runs UseNumber and DisallowUnknownFields on
// values that the buffer holds whole (decoded in one pass when they can
// be) against encoding/json.
func TestDecoderOptionsBuffered(t *testing.T) {
	type S struct {
		A int
		B any
	}
	in := `{"A":1,"B":2.5} {"A":2,"C":3} {"B":{"x":[1,"y"]}} [1] {"A":"s"} {"A":4,"b":1e3}`
	for _, opt := range []string{"", "number", "strict"} {
		for _, into := range []string{"struct", "any"} {
			got, want := NewDecoder(strings.NewReader(in)), json.NewDecoder(strings.NewReader(in))
			switch opt {
			case "number":
				got.UseNumber()
				want.UseNumber()
			case "strict":
				got.DisallowUnknownFields()
				want.DisallowUnknownFields()
			}
			for i := 0; ; i++ {
				var g, w any = new(S), new(S)
				if into == "any" {
					g, w = new(any), new(any)
				}
				gerr, werr := got.Decode(g), want.Decode(w)
				if fmt.Sprint(gerr) != fmt.Sprint(werr) || !reflect.DeepEqual(g, w) || got.InputOffset() != want.InputOffset() {
					t.Fatalf("%s into %s, value %d: got %v %v, want %v %v", opt, into, i, g, gerr, w, werr)
				}
				if werr == io.EOF || i > 10 {
					break
				}
			}
		}
	}
}
