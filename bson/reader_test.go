package bson

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/token"
)

// doc wraps element bytes (hex) into a document with the right length.
func doc(t testing.TB, elems string) []byte {
	e := mustHex(t, elems)
	b := append(le32(len(e)+5), e...)
	return append(b, 0)
}

// TestInvalidDocuments checks cases written from the BSON 1.1 grammar:
// each must fail with the right sentinel at the right offset, from a
// byte slice and from a stream.
func TestInvalidDocuments(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		want error
		off  int64
	}{
		{"empty input", nil, ErrUnexpectedEOF, 0},
		{"length cut", mustHex(t, "0500"), ErrUnexpectedEOF, 0},
		{"length zero", mustHex(t, "00000000 00"), ErrSyntax, 0},
		{"length four", mustHex(t, "04000000"), ErrSyntax, 0},
		{"length negative", mustHex(t, "ffffffff 00"), ErrSyntax, 0},
		{"length beyond input", mustHex(t, "06000000 00"), ErrUnexpectedEOF, 0},
		{"length short of the content", mustHex(t, "05000000 0a 6100 00"), ErrSyntax, 4},
		{"no terminator", mustHex(t, "05000000 01"), ErrSyntax, 4},
		{"terminator 0xff", mustHex(t, "08000000 0a 6100 ff"), ErrSyntax, 7},
		{"terminator early", mustHex(t, "09000000 0a 6100 00 00"), ErrSyntax, 7},
		{"data after", mustHex(t, "05000000 00 01"), ErrSyntax, 5},
		{"unknown type 0x14", doc(t, "14 6100"), ErrSyntax, 4},
		{"unknown type 0x80", doc(t, "80 6100"), ErrSyntax, 4},
		{"key not terminated", mustHex(t, "08000000 0a 616161"), ErrSyntax, 4},
		{"key runs into the terminator", mustHex(t, "07000000 0a 6161 00"), ErrSyntax, 4},
		{"key invalid UTF-8", doc(t, "0a ff00"), ErrInvalidUTF8, 4},
		{"double cut", doc(t, "01 6100 0000000000f03f"), ErrSyntax, 4},
		{"string length zero", doc(t, "02 6100 00000000 00"), ErrSyntax, 4},
		{"string length negative", doc(t, "02 6100 ffffffff 00"), ErrSyntax, 4},
		{"string eats the terminator", doc(t, "02 6100 03000000 6162"), ErrSyntax, 4},
		{"string beyond the document", doc(t, "02 6100 10000000 6100"), ErrSyntax, 4},
		{"string not NUL-terminated", doc(t, "02 6100 02000000 6161"), ErrSyntax, 4},
		{"string invalid UTF-8", doc(t, "02 6100 03000000 c328 00"), ErrInvalidUTF8, 4},
		{"string surrogate", doc(t, "02 6100 04000000 eda080 00"), ErrInvalidUTF8, 4},
		{"embedded document too short", doc(t, "03 6100 04000000"), ErrSyntax, 4},
		{"embedded document beyond its parent", doc(t, "03 6100 06000000 00"), ErrSyntax, 4},
		{"embedded document unterminated", doc(t, "03 6100 05000000 01 00"), ErrSyntax, 11},
		{"array element invalid", doc(t, "04 6100 09000000 08 3000 02 00"), ErrSyntax, 11},
		{"binary negative length", doc(t, "05 6100 ffffffff 00"), ErrSyntax, 4},
		{"binary beyond the document", doc(t, "05 6100 05000000 00 6161"), ErrSyntax, 4},
		{"binary subtype 2 inner too long", doc(t, "05 6100 06000000 02 03000000 ffff"), ErrSyntax, 4},
		{"binary subtype 2 inner too short", doc(t, "05 6100 06000000 02 01000000 ffff"), ErrSyntax, 4},
		{"binary subtype 2 inner negative", doc(t, "05 6100 06000000 02 ffffffff ffff"), ErrSyntax, 4},
		{"binary subtype 2 too short", doc(t, "05 6100 03000000 02 ffffff"), ErrSyntax, 4},
		{"ObjectId cut", doc(t, "07 6100 0102030405060708090a0b"), ErrSyntax, 4},
		{"boolean 2", doc(t, "08 6100 02"), ErrSyntax, 4},
		{"boolean 0xff", doc(t, "08 6100 ff"), ErrSyntax, 4},
		{"datetime cut", doc(t, "09 6100 00000000000000"), ErrSyntax, 4},
		{"regex pattern unterminated", mustHex(t, "09000000 0b 6100 6162"), ErrSyntax, 4},
		{"regex options unterminated", mustHex(t, "0b000000 0b 6100 6100 6962"), ErrSyntax, 4},
		{"regex options unsorted", doc(t, "0b 6100 6100 6d6900"), ErrSyntax, 4},
		{"regex options repeated", doc(t, "0b 6100 6100 696900"), ErrSyntax, 4},
		{"regex invalid UTF-8", doc(t, "0b 6100 ff00 00"), ErrInvalidUTF8, 4},
		{"DBPointer short ObjectId", doc(t, "0c 6100 02000000 6200 0102030405060708090a0b"), ErrSyntax, 4},
		{"DBPointer string length zero", doc(t, "0c 6100 00000000 00 0102030405060708090a0b0c"), ErrSyntax, 4},
		{"code string negative", doc(t, "0d 6100 ffffffff 00"), ErrSyntax, 4},
		{"symbol invalid UTF-8", doc(t, "0e 6100 02000000 ff00"), ErrInvalidUTF8, 4},
		{"code with scope length zero", doc(t, "0f 6100 00000000 02000000 6100 05000000 00"), ErrSyntax, 4},
		{"code with scope length negative", doc(t, "0f 6100 ffffffff 02000000 6100 05000000 00"), ErrSyntax, 4},
		{"code with scope too short", doc(t, "0f 6100 0d000000 02000000 6100 05000000 00"), ErrSyntax, 4},
		{"code with scope truncating the scope", doc(t, "0f 6100 10000000 02000000 6100 05000000 00 00"), ErrSyntax, 4},
		{"code with scope beyond the document", doc(t, "0f 6100 20000000 02000000 6100 05000000 00"), ErrSyntax, 4},
		{"code with scope string too long", doc(t, "0f 6100 0f000000 05000000 6100 05000000 00"), ErrSyntax, 4},
		{"code with scope string negative", doc(t, "0f 6100 0f000000 ffffffff 6100 05000000 00"), ErrSyntax, 4},
		{"code with scope bad scope", doc(t, "0f 6100 16000000 02000000 6100 0c000000 02 6100 ffffffff 00"), ErrSyntax, 21},
		{"code with scope scope length mismatch", doc(t, "0f 6100 0e000000 02000000 6100 06000000 00"), ErrSyntax, 4},
		{"int32 cut", doc(t, "10 6100 000000"), ErrSyntax, 4},
		{"timestamp cut", doc(t, "11 6100 00000000000000"), ErrSyntax, 4},
		{"int64 cut", doc(t, "12 6100 00000000000000"), ErrSyntax, 4},
		{"decimal cut", doc(t, "13 6100 000000000000000000000000000040"), ErrSyntax, 4},
	} {
		err := Validate(tc.data)
		var se *SyntaxError
		if !errors.Is(err, tc.want) || !errors.As(err, &se) || se.Offset != tc.off {
			t.Errorf("%s: Validate(%x) = %v, want %v at offset %d", tc.name, tc.data, err, tc.want, tc.off)
		}
		if tc.name == "data after" || tc.name == "empty input" {
			continue
		}
		r := NewReader(&celertest.ChunkReader{Data: tc.data, Sizes: []int{1, 3}})
		for err = nil; err == nil; _, err = r.ReadToken() {
		}
		if !errors.Is(err, tc.want) || !errors.As(err, &se) || se.Offset != tc.off {
			t.Errorf("%s: streaming: %v, want %v at offset %d", tc.name, err, tc.want, tc.off)
		}
	}
}

func TestValidDocuments(t *testing.T) {
	for _, data := range [][]byte{
		mustHex(t, "05000000 00"),
		doc(t, "02 6100 01000000 00"),                  // empty string
		doc(t, "02 6100 04000000 610062 00"),           // a NUL inside a string
		doc(t, "05 6100 00000000 80"),                  // empty binary, user subtype
		doc(t, "05 6100 04000000 02 00000000"),         // empty old binary
		doc(t, "04 6100 0c000000 10 7800 01000000 00"), // array keys are not checked
		doc(t, "0b 6100 00 00"),                        // empty regex
		doc(t, "0f 6100 0e000000 01000000 00 05000000 00"),
		doc(t, "0300 05000000 00"), // empty key
		doc(t, "02 6100 03000000 c3a9 00"),
	} {
		if err := Validate(data); err != nil {
			t.Errorf("%x: %v", data, err)
		}
	}
	if err := Validate(doc(t, "02 6100 03000000 c328 00"), AllowInvalidUTF8(true)); err != nil {
		t.Errorf("AllowInvalidUTF8: %v", err)
	}
}

func TestReaderTokens(t *testing.T) {
	for _, tc := range []struct {
		elems string
		want  string
	}{
		{"01 6100 000000000000f83f", `{_ "a" 1.5 }`},
		{"10 6100 ffffffff 12 6200 0000000001000000", `{_ "a" -1 "b" 4294967296 }`},
		{"08 6100 01 08 6200 00 0a 6300 06 6400", `{_ "a" true "b" false "c" null "d" undefined }`},
		{"04 6100 0c000000 10 3000 07000000 00", `{_ "a" [_ 7 ] }`},
		{"05 6100 02000000 00 0102", `{_ "a" h'0102' }`},
		{"05 6100 02000000 04 0102", `{_ "a" bson(5, h'02000000040102') }`},
		{"07 6100 0102030405060708090a0b0c", `{_ "a" bson(7, h'0102030405060708090a0b0c') }`},
		{"ff 6100 7f 6200", `{_ "a" bson(255, h'') "b" bson(127, h'') }`},
	} {
		toks, err := readTokens(doc(t, tc.elems))
		if d := describe(toks); err != nil || d != tc.want {
			t.Errorf("%s: %s (%v), want %s", tc.elems, d, err, tc.want)
		}
	}
	// Binary payloads are the value bytes as BSON stores them.
	toks, _ := readTokens(doc(t, "05 6100 02000000 04 0102"))
	if p := toks[2].Data(); toks[2].Family() != token.FamilyBSON || toks[2].ExtType() != 5 || !bytes.Equal(p, mustHex(t, "02000000 04 0102")) {
		t.Errorf("binary subtype 4: %v", toks[2])
	}
	// int32 and int64 are Int tokens of width 32 and 64, whatever the value.
	toks, _ = readTokens(doc(t, "10 6100 01000000 12 6200 0100000000000000 12 6300 0000000001000000"))
	for i, want := range map[int]int{2: 32, 4: 64, 6: 64} {
		if toks[i].Kind() != token.KindInt || toks[i].IntBits() != want {
			t.Errorf("token %d: %s of width %d, want an Int of width %d", i, toks[i], toks[i].IntBits(), want)
		}
	}
	// A sequence of documents; io.EOF between them.
	seq := append(doc(t, "0a 6100"), doc(t, "0a 6200")...)
	toks, err := readTokens(seq)
	if err != nil || describe(toks) != `{_ "a" null } {_ "b" null }` {
		t.Errorf("sequence: %s, %v", describe(toks), err)
	}
}

// TestReaderStreaming reads a sequence of documents through small reads
// and checks the tokens equal those read from the byte slice.
func TestReaderStreaming(t *testing.T) {
	long := strings.Repeat("0123456789", 7000)
	var seq []byte
	for _, js := range []string{`{"a":1}`, `{"b":[1,"x",{"c":null}],"d":"` + long + `"}`, `{}`, `{"e":2.5}`} {
		b, err := jsonToBSON([]byte(js))
		if err != nil {
			t.Fatal(err)
		}
		seq = append(seq, b...)
	}
	want, err := readTokens(seq)
	if err != nil {
		t.Fatal(err)
	}
	for _, sizes := range [][]int{{1}, {3, 7, 1}, {4096}, {1 << 20}} {
		r := NewReader(&celertest.ChunkReader{Data: seq, Sizes: sizes})
		var got []token.Token
		for {
			tok, err := r.ReadToken()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("reads of %v: %v", sizes, err)
			}
			got = append(got, tok.Clone())
		}
		if !sameTokens(got, want) {
			t.Errorf("reads of %v: tokens differ", sizes)
		}
	}
}

func TestReadDocument(t *testing.T) {
	a, b := doc(t, "0a 6100"), doc(t, "10 6200 01000000")
	seq := append(append([]byte{}, a...), b...)
	for _, r := range []*Reader{NewReaderBytes(seq), NewReader(&celertest.ChunkReader{Data: seq, Sizes: []int{2}})} {
		d1, err1 := r.ReadDocument()
		c1 := append([]byte(nil), d1...)
		d2, err2 := r.ReadDocument()
		_, err3 := r.ReadDocument()
		if err1 != nil || err2 != nil || err3 != io.EOF || !bytes.Equal(c1, a) || !bytes.Equal(d2, b) {
			t.Errorf("ReadDocument: %x %v, %x %v, %v", c1, err1, d2, err2, err3)
		}
	}
	r := NewReaderBytes(seq)
	r.ReadToken()
	if _, err := r.ReadDocument(); !errors.Is(err, ErrInvalidSequence) {
		t.Errorf("inside a document: %v", err)
	}
}

func TestLimits(t *testing.T) {
	nest := func(n int) []byte {
		// {"a": {"a": ... {} ...}} with n documents in all: each level
		// adds a length, a type byte, the key "a" and a terminator.
		var b []byte
		for i := range n - 1 {
			b = append(append(b, le32(5+8*(n-1-i))...), 3, 'a', 0)
		}
		b = append(b, 5, 0, 0, 0, 0)
		return append(b, make([]byte, n-1)...)
	}
	for _, tc := range []struct {
		name string
		data []byte
		o    []Options
		want error
	}{
		{"depth", nest(10001), nil, ErrDepth},
		{"depth small", nest(4), []Options{MaxDepth(3)}, ErrDepth},
		{"depth in a scope", doc(t, "0f 6100 1f000000 02000000 6100 15000000 03 6200 0d000000 03 6300 05000000 00 00 00"), []Options{MaxDepth(3)}, ErrDepth},
		{"MaxTokenBytes string", doc(t, "02 6100 06000000 6161616161 00"), []Options{MaxTokenBytes(4)}, ErrLimit},
		{"MaxTokenBytes binary", doc(t, "05 6100 05000000 00 6161616161"), []Options{MaxTokenBytes(4)}, ErrLimit},
		{"MaxBytes", doc(t, "02 6100 06000000 6161616161 00"), []Options{MaxBytes(10)}, ErrLimit},
		{"MaxBytes second document", append(doc(t, "0a 6100"), doc(t, "0a 6100")...), []Options{MaxBytes(10)}, ErrLimit},
		{"MaxElements", doc(t, "0a 6100 0a 6200 0a 6300"), []Options{MaxElements(2)}, ErrLimit},
		{"duplicate", doc(t, "0a 6100 0a 6200 0a 6100"), []Options{RejectDuplicateNames(true)}, ErrDuplicateName},
	} {
		var err error
		if tc.name == "MaxBytes second document" {
			r := NewReaderBytes(tc.data[:8], tc.o...)
			for err == nil {
				_, err = r.ReadToken()
			}
			if err != io.EOF {
				t.Errorf("%s: first document: %v", tc.name, err)
			}
			r = NewReader(bytes.NewReader(tc.data), tc.o...)
			for err = nil; err == nil; _, err = r.ReadToken() {
			}
		} else {
			err = Validate(tc.data, tc.o...)
		}
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
		r := NewReader(bytes.NewReader(tc.data), tc.o...)
		for err = nil; err == nil; _, err = r.ReadToken() {
		}
		if !errors.Is(err, tc.want) {
			t.Errorf("%s, streaming: %v, want %v", tc.name, err, tc.want)
		}
	}
	for _, ok := range []struct {
		data []byte
		o    []Options
	}{
		{nest(10000), nil},
		{nest(3), []Options{MaxDepth(3)}},
		{doc(t, "02 6100 05000000 61616161 00"), []Options{MaxTokenBytes(4), MaxBytes(17)}},
		{doc(t, "0a 6100 0a 6200"), []Options{MaxElements(2)}},
		{doc(t, "04 6100 0b000000 0a 3000 0a 3000 00"), []Options{RejectDuplicateNames(true)}},
	} {
		if err := Validate(ok.data, ok.o...); err != nil {
			t.Errorf("at the limit: %v", err)
		}
	}
}

func TestErrorPath(t *testing.T) {
	for _, tc := range []struct {
		elems string
		path  string
	}{
		{"08 6100 02", "/a"},
		{"03 6100 0c000000 08 6200 01 08 6300 05 00", "/a/c"},
		{"04 6100 10000000 08 3000 01 08 3100 01 08 3200 05 00", "/a/2"},
		{"03 612f7e00 09000000 08 6200 05 00", "/a~1~0/b"},
		{"0f 6100 13000000 02000000 6100 09000000 08 6200 05 00", "/a/b"},
	} {
		data := doc(t, tc.elems)
		for _, r := range []*Reader{NewReaderBytes(data), NewReader(&celertest.ChunkReader{Data: data})} {
			var err error
			for err == nil {
				_, err = r.ReadToken()
			}
			var se *SyntaxError
			if !errors.As(err, &se) || se.Path != tc.path {
				t.Errorf("%s: %v, want path %q", tc.elems, err, tc.path)
			}
		}
	}
}

// hostile holds 10-byte inputs whose length prefixes claim far more than
// they hold: a top-level document of 2^31-1 bytes (the most an int32
// allows), one of "4 GiB" (0xffffffff, which BSON reads as -1), and
// nested lengths of 2^31-1 inside a small document.
var hostile = map[string][]byte{
	"document 2GiB": {0xff, 0xff, 0xff, 0x7f, 0x03, 'a', 0, 0xff, 0xff, 0xff},
	"document 4GiB": {0xff, 0xff, 0xff, 0xff, 0x03, 'a', 0, 0xff, 0xff, 0xff},
	"string 2GiB":   {0x0a, 0, 0, 0, 0x02, 'a', 0, 0xff, 0xff, 0x7f},
	"binary 2GiB":   {0x0a, 0, 0, 0, 0x05, 0, 0xff, 0xff, 0xff, 0x7f},
}

// TestHostileLengths checks that a 10-byte input claiming a 2 or 4 GiB
// document (or string, or binary) fails at once with a small allocation,
// reading tokens from bytes and from a stream, validating and
// unmarshaling.
func TestHostileLengths(t *testing.T) {
	for name, data := range hostile {
		var ms0, ms1 runtime.MemStats
		runtime.ReadMemStats(&ms0)
		errs := []error{Validate(data)}
		r := NewReader(bytes.NewReader(data))
		var err error
		for err == nil {
			_, err = r.ReadToken()
		}
		errs = append(errs, err)
		var v any
		var m map[string]any
		var d D
		errs = append(errs, Unmarshal(data, &v), Unmarshal(data, &m), Unmarshal(data, &d))
		var s struct{ A []int }
		errs = append(errs, NewDecoder(bytes.NewReader(data)).Decode(&s))
		runtime.ReadMemStats(&ms1)
		for i, err := range errs {
			if err == nil || !errors.Is(err, ErrUnexpectedEOF) && !errors.Is(err, ErrSyntax) {
				t.Errorf("%s (%d): %v", name, i, err)
			}
		}
		if d := ms1.TotalAlloc - ms0.TotalAlloc; d > 1<<20 {
			t.Errorf("%s: allocated %d bytes", name, d)
		}
	}
}

func BenchmarkHostile(b *testing.B) {
	for _, name := range []string{"document 2GiB", "document 4GiB", "string 2GiB", "binary 2GiB"} {
		data := hostile[name]
		b.Run("Validate/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if Validate(data) == nil {
					b.Fatal("accepted")
				}
			}
		})
		b.Run("Stream/"+name, func(b *testing.B) {
			b.ReportAllocs()
			br := bytes.NewReader(data)
			r := NewReader(br)
			for b.Loop() {
				br.Reset(data)
				r.Reset(br)
				var err error
				for err == nil {
					_, err = r.ReadToken()
				}
			}
		})
		b.Run("Unmarshal/"+name, func(b *testing.B) {
			b.ReportAllocs()
			var v any
			for b.Loop() {
				if Unmarshal(data, &v) == nil {
					b.Fatal("accepted")
				}
			}
		})
	}
}
