package bson

import (
	"bytes"
	"errors"
	"io"
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/stream"
	"github.com/celerjson/celer/token"
)

// seedDocs are BSON documents with every element type.
var seedDocs = []string{
	"16000000 02 68656c6c6f00 06000000 776f726c6400 00",
	"31000000 04 42534f4e00 26000000 02 3000 08000000 617765736f6d6500 01 3100 333333333333 1440 10 3200 c2070000 00 00",
	"10000000 07 7800 0102030405060708090a0b0c 00",
	"1d000000 05 7800 02000000 04 0102 06 7900 ff 6100 7f 6200 0a 6300 08 6400 01 00",
	"2a000000 09 7800 0100000000000000 11 7900 0200000001000000 13 7a00 01000000000000000000000000004030 00",
	"27000000 0b 7800 6100 696d00 0c 7900 02000000 6200 57e193d7a9cc81b4027498b5 0e 7a00 02000000 7300 00",
	"2b000000 0f 7800 21000000 02000000 6100 17000000 10 7900 01000000 12 7a00 0000000001000000 00 00",
	"1c000000 05 7800 06000000 02 02000000 ffff 01 7900 000000000000f87f 00",
}

func addSeeds(f *testing.F, json bool) {
	for _, h := range seedDocs {
		f.Add(mustHex(f, h))
	}
	if json {
		for _, c := range celertest.CorpusJSON(f) {
			if len(c.Data) < 4096 {
				f.Add(c.Data)
			}
		}
		for _, s := range []string{`{"a":[1.0,-0,1e400,0.1,"\u00e9",{"b":[true,null]}],"c":18446744073709551616}`,
			`{"x":{"$oid":"57e193d7a9cc81b4027498b5"},"y":{"$date":"1970-01-01T00:00:00Z"},"z":{"$numberDecimal":"1.50"}}`,
			`{"x":{"$code":"a","$scope":{"y":{"$numberLong":"1"}}},"b":{"$binary":{"base64":"AQ==","subType":"80"}}}`,
			`{"t":{"$timestamp":{"t":1,"i":2}},"r":{"$regularExpression":{"pattern":"a","options":"mi"}},"u":{"$uuid":"c8edabc3-f738-4ca3-b68d-ab92a91478a3"}}`,
			`{"d":{"$numberDouble":"NaN"},"e":{"$numberDouble":"-0.0"},"m":{"$minKey":1},"p":{"$dbPointer":{"$ref":"a","$id":{"$oid":"57e193d7a9cc81b4027498b5"}}}}`} {
			f.Add([]byte(s))
		}
	}
}

// FuzzDecode: reading never panics; bytes and stream readers agree and
// errors carry a valid offset; a valid sequence rewritten by a Writer
// reads back as the same tokens (int64 kept) and is a fixed point; the
// canonical Extended JSON of a document reads back to the same BSON when
// no NaN or non-canonical Decimal128 is involved (and to the same text
// always); Unmarshal into an empty interface, Marshal and Unmarshal again
// give the same value.
func FuzzDecode(f *testing.F) {
	addSeeds(f, false)
	f.Fuzz(func(t *testing.T, data []byte) {
		o := []Options{MaxDepth(64)}
		toks, err := readTokens(data, o...)
		r := NewReader(&celertest.ChunkReader{Data: data, Sizes: []int{1, 5, 3}}, o...)
		var stoks []token.Token
		var serr error
		for {
			tk, e := r.ReadToken()
			if e != nil {
				if e != io.EOF {
					serr = e
				}
				break
			}
			stoks = append(stoks, tk.Clone())
		}
		if (err == nil) != (serr == nil) || !sameTokens(toks, stoks) {
			t.Fatalf("bytes reader: %v (%d tokens), stream reader: %v (%d tokens)", err, len(toks), serr, len(stoks))
		}
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > int64(len(data)) {
				t.Fatalf("error without a valid offset: %#v", err)
			}
			return
		}
		out, err := writeTokens(toks)
		if err != nil {
			t.Fatalf("rewriting %x: %v", data, err)
		}
		again, err := readTokens(out, o...)
		if err != nil || !sameTokens(toks, again) {
			t.Fatalf("rewritten %x as %x: %v", data, out, err)
		}
		if Validate(data, o...) != nil {
			return // a sequence of several documents
		}
		ext, err := bsonToExt(out, Canonical)
		if err != nil {
			t.Fatalf("to Extended JSON: %x: %v", out, err)
		}
		back, err := extToBSON(ext)
		if err != nil {
			t.Fatalf("Extended JSON %s back: %v", ext, err)
		}
		if ext2, err := bsonToExt(back, Canonical); err != nil || !bytes.Equal(ext, ext2) {
			t.Fatalf("Extended JSON %s -> %x -> %s (%v)", ext, back, ext2, err)
		}
		if lossless(toks) && !bytes.Contains(ext, []byte("NaN")) && !bytes.Equal(back, out) {
			t.Fatalf("BSON %x -> Extended JSON %s -> %x", out, ext, back)
		}
		var v any
		if err := Unmarshal(data, &v, MaxDepth(64)); err != nil {
			t.Fatalf("Unmarshal(%x): %v", data, err)
		}
		enc, err := Marshal(v)
		if err != nil {
			t.Fatalf("Marshal(%#v): %v", v, err)
		}
		var w any
		if err := Unmarshal(enc, &w); err != nil {
			t.Fatalf("Unmarshal(Marshal(%#v)) = %x: %v", v, enc, err)
		}
		if !deepEqualValues(v, w) {
			t.Fatalf("decode(encode(v)) != v:\n v = %#v\n w = %#v", v, w)
		}
	})
}

// lossless reports whether the Extended JSON of tokens can give the same
// BSON back: every Decimal128 canonical (its text gives its bits) and no
// code with scope (whose scope is not checked here).
func lossless(toks []token.Token) bool {
	for _, t := range toks {
		if t.Kind() != token.KindExt {
			continue
		}
		switch t.ExtType() {
		case uint64(TypeDecimal128):
			d := decimalFromBytes(t.Data())
			back, err := ParseDecimal128(d.String())
			if err != nil || back != d {
				return false
			}
		case uint64(TypeCodeWithScope):
			return false
		}
	}
	return true
}

// deepEqualValues compares decoded values: NaNs equal, times by value.
func deepEqualValues(a, b any) bool {
	switch x := a.(type) {
	case float64:
		y, ok := b.(float64)
		return ok && (math.Float64bits(x) == math.Float64bits(y) || math.IsNaN(x) && math.IsNaN(y))
	case time.Time:
		y, ok := b.(time.Time)
		return ok && x.Equal(y)
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !deepEqualValues(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			if w, ok := y[k]; !ok || !deepEqualValues(v, w) {
				return false
			}
		}
		return true
	case D:
		y, ok := b.(D)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if x[i].Key != y[i].Key || !deepEqualValues(x[i].Value, y[i].Value) {
				return false
			}
		}
		return true
	case CodeWithScope:
		y, ok := b.(CodeWithScope)
		return ok && x.Code == y.Code && deepEqualValues(x.Scope, y.Scope)
	}
	return reflect.DeepEqual(a, b)
}

// FuzzTranscode: JSON -> BSON -> JSON keeps every value (numbers by
// value, Decimal128 for what no double holds), and BSON -> JSON -> BSON
// -> JSON gives the same values after the first step; nothing panics.
func FuzzTranscode(f *testing.F) {
	addSeeds(f, true)
	f.Fuzz(func(t *testing.T, data []byte) {
		if stream.Valid(data) {
			b, err := jsonToBSON(data, InexactAsDecimal(true))
			if err != nil {
				if errors.Is(err, ErrUnsupported) || errors.Is(err, ErrLimit) {
					return // not a document, a key with NUL, a number beyond Decimal128
				}
				t.Fatalf("JSON %q to BSON: %v", data, err)
			}
			if err := Validate(b); err != nil {
				t.Fatalf("JSON %q gave invalid BSON %x: %v", data, b, err)
			}
			js, err := bsonToJSONPlain(b)
			if err != nil {
				t.Fatalf("JSON %q -> %x to JSON: %v", data, b, err)
			}
			compareJSON(t, "fuzz", compactJSON(t, data), js)
			return
		}
		var buf bytes.Buffer
		_, err := token.Copy(WrapWriter(token.NewJSONWriter(&buf, token.SubstituteNull(true)), WrappersOnly), NewReaderBytes(data))
		if err != nil {
			return
		}
		js := buf.Bytes()
		b, err := jsonToBSON(js, InexactAsDecimal(true))
		if err != nil {
			t.Fatalf("BSON %x -> JSON %q: back to BSON: %v", data, js, err)
		}
		js2, err := bsonToJSONPlain(b)
		if err != nil {
			t.Fatalf("BSON %x -> JSON %q -> BSON %x -> JSON: %v", data, js, b, err)
		}
		compareJSON(t, "fuzz", bytes.TrimSpace(js), js2)
	})
}

// FuzzExtJSON: reading Extended JSON never panics and fails only with
// positioned errors or values BSON cannot hold; what it reads as BSON
// gives the same BSON back through canonical Extended JSON, and relaxed
// Extended JSON reads back as valid BSON.
func FuzzExtJSON(f *testing.F) {
	addSeeds(f, true)
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := extToBSON(data, MaxDepth(64))
		if err != nil {
			var se *SyntaxError
			var je *stream.SyntaxError
			if !errors.As(err, &se) && !errors.As(err, &je) && !errors.Is(err, ErrUnsupported) && !errors.Is(err, ErrInvalidUTF8) && !errors.Is(err, ErrInvalidSequence) && !errors.Is(err, ErrDepth) {
				t.Fatalf("%q: unexpected error %v", data, err)
			}
			return
		}
		r := NewReaderBytes(b)
		for {
			doc, err := r.ReadDocument()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%q gave invalid BSON %x: %v", data, b, err)
			}
			ext, err := bsonToExt(doc, Canonical)
			if err != nil {
				t.Fatalf("%x to Extended JSON: %v", doc, err)
			}
			back, err := extToBSON(ext)
			if err != nil || !bytes.Equal(back, doc) {
				t.Fatalf("%q: %x -> %s -> %x (%v)", data, doc, ext, back, err)
			}
			rx, err := bsonToExt(doc, Relaxed)
			if err != nil {
				t.Fatalf("%x to relaxed: %v", doc, err)
			}
			rb, err := extToBSON(rx)
			if err != nil || Validate(rb) != nil {
				t.Fatalf("relaxed %s back: %x, %v", rx, rb, err)
			}
		}
	})
}
