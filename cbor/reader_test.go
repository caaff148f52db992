package cbor

import (
	"bytes"
	"encoding/hex"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/internal/opts"
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

// TestWellFormedness checks cases written from the text of RFC 8949
// Appendix F and section 3 (our own, beyond the listed examples): each
// must fail with the right sentinel at the right offset.
func TestWellFormedness(t *testing.T) {
	for _, tc := range []struct {
		name string
		hex  string
		want error
		off  int64
	}{
		// Kind 2: too little data, in a head, in a string, in a container.
		{"uint8 head cut", "18", ErrUnexpectedEOF, 0},
		{"uint64 head cut", "1b 00 00 00 00 00 00 00", ErrUnexpectedEOF, 0},
		{"negative head cut", "39 01", ErrUnexpectedEOF, 0},
		{"tag head cut", "d9 01", ErrUnexpectedEOF, 0},
		{"float head cut", "fb 3f f0 00", ErrUnexpectedEOF, 0},
		{"nested head cut", "82 01 19 03", ErrUnexpectedEOF, 2},
		{"bytes short", "43 01 02", ErrUnexpectedEOF, 0},
		{"text short in map", "a1 61 61 63 61 62", ErrUnexpectedEOF, 3},
		{"huge string", "5b 00 00 00 01 00 00 00 00 00", ErrUnexpectedEOF, 0},
		{"array short", "83 01 02", ErrUnexpectedEOF, 3},
		{"map key without value", "a1 01", ErrUnexpectedEOF, 2},
		{"tag without content", "c1", ErrUnexpectedEOF, 1},
		{"nested tags without content", "d8 20 c1", ErrUnexpectedEOF, 3},
		{"chunked string not closed", "7f 61 61 61 62", ErrUnexpectedEOF, 5},
		{"chunk cut", "5f 42 01", ErrUnexpectedEOF, 1},
		{"indefinite array not closed", "9f 01 9f 02 ff", ErrUnexpectedEOF, 5},
		{"empty input", "", ErrUnexpectedEOF, 0},
		// Kind 3, subkind 1: reserved additional information 28-30, with
		// every major type.
		{"ai 28 uint", "1c", ErrSyntax, 0},
		{"ai 29 bytes", "5d", ErrSyntax, 0},
		{"ai 30 tag", "de", ErrSyntax, 0},
		{"ai 30 simple", "fe", ErrSyntax, 0},
		{"reserved inside array", "82 00 7c", ErrSyntax, 2},
		{"reserved in chunk", "5f 5c ff", ErrSyntax, 1},
		// Subkind 2: simple values below 32 in two-byte form.
		{"simple(20) long", "f8 14", ErrSyntax, 0},
		{"simple(31) long", "f8 1f", ErrSyntax, 0},
		// Subkind 3: bad chunks.
		{"text chunk in bytes", "5f 61 61 ff", ErrSyntax, 1},
		{"bytes chunk in text", "7f 40 ff", ErrSyntax, 1},
		{"array chunk", "7f 80 ff", ErrSyntax, 1},
		{"nested indefinite chunk", "5f 5f ff ff", ErrSyntax, 1},
		{"tagged chunk", "7f c0 60 ff", ErrSyntax, 1},
		{"integer chunk", "5f 01 ff", ErrSyntax, 1},
		// Subkind 4: misplaced break.
		{"break at top", "ff", ErrSyntax, 0},
		{"break after items", "01 ff", ErrSyntax, 1},
		{"break in definite array", "82 01 ff", ErrSyntax, 2},
		{"break in definite map key", "a2 01 02 ff", ErrSyntax, 3},
		{"break as map value", "bf 61 61 ff", ErrSyntax, 3},
		{"break as tag content", "9f c1 ff", ErrSyntax, 2},
		{"break in definite inside indefinite", "9f 82 01 ff", ErrSyntax, 3},
		// Subkind 5: indefinite length for major types 0, 1, 6.
		{"indefinite uint", "9f 1f ff", ErrSyntax, 1},
		{"indefinite negative", "3f", ErrSyntax, 0},
		{"indefinite tag", "df 00", ErrSyntax, 0},
		// Invalid (not malformed): text that is not UTF-8.
		{"bad UTF-8", "62 c3 28", ErrInvalidUTF8, 0},
		{"surrogate in UTF-8", "63 ed a0 80", ErrInvalidUTF8, 0},
		{"UTF-8 split across chunks", "7f 61 c3 61 bc ff", ErrInvalidUTF8, 1},
		{"bad UTF-8 in key", "a1 61 ff 00", ErrInvalidUTF8, 1},
		// Exactly one item.
		{"two items", "01 02", ErrSyntax, 1},
	} {
		data := mustHex(t, tc.hex)
		err := Validate(data)
		var se *SyntaxError
		if !errors.Is(err, tc.want) || !errors.As(err, &se) || se.Offset != tc.off {
			t.Errorf("%s: Validate(%s) = %v, want %v at offset %d", tc.name, tc.hex, err, tc.want, tc.off)
		}
		if tc.name != "two items" && tc.name != "empty input" {
			checkFails(t, tc.name, data, tc.want)
		}
	}
}

func TestWellFormedAccepted(t *testing.T) {
	for _, h := range []string{
		"5f ff", "7f ff", "5f 40 40 ff", "7f 60 61 61 ff", // empty and empty-chunk strings
		"9f ff", "bf ff", "bf 61 61 9f ff ff", // empty indefinite containers
		"c1 c1 c1 01",                // nested tags
		"f8 20", "f8 ff", "e0", "f3", // simple values
		"1b ff ff ff ff ff ff ff ff",                      // largest uint
		"18 00", "19 00 00", "3b 00 00 00 00 00 00 00 00", // non-preferred heads are well-formed
		"a1 80 a0", "a1 f9 3c 00 01", // non-text keys
		"d8 18 45 64 49 45 54 46", // tag 24
	} {
		if err := Validate(mustHex(t, h)); err != nil {
			t.Errorf("%s: %v", h, err)
		}
	}
	// AllowInvalidUTF8 accepts bad text.
	if err := Validate(mustHex(t, "62 c3 28"), AllowInvalidUTF8(true)); err != nil {
		t.Errorf("AllowInvalidUTF8: %v", err)
	}
}

func TestReaderTokens(t *testing.T) {
	for _, tc := range []struct {
		hex  string
		want string
	}{
		{"00 17 18 18 1b 7f ff ff ff ff ff ff ff", "0 23 24 9223372036854775807"},
		{"1b 80 00 00 00 00 00 00 00 20 3b 7f ff ff ff ff ff ff ff", "9223372036854775808 -1 -9223372036854775808"},
		{"3b 80 00 00 00 00 00 00 00 3b ff ff ff ff ff ff ff ff", "-9223372036854775809 -18446744073709551616"},
		{"f9 3e 00 fa 47 c3 50 00 fb 3f f1 99 99 99 99 99 9a", "1.5 100000.0 1.1"},
		{"f4 f5 f6 f7 e0 f8 ff", "false true null undefined simple(0) simple(255)"},
		{"9f 01 82 02 03 ff", "[_ 1 [2: 2 3 ] ]"},
		{"bf 61 61 01 ff a0", `{_ "a" 1 } {0: }`},
		{"c2 41 01 d9 d9 f7 00", "2( h'01' 55799( 0"},
		{"5f 41 01 40 42 02 03 ff 7f 62 c3 bc 61 21 ff", `h'010203' "ü!"`},
	} {
		toks, err := readTokens(mustHex(t, tc.hex))
		if got := describe(toks); err != nil || got != tc.want {
			t.Errorf("%s: %s (%v), want %s", tc.hex, got, err, tc.want)
		}
	}
	// Float widths are kept.
	toks, _ := readTokens(mustHex(t, "f9 3c 00 fa 3f 80 00 00 fb 3f f0 00 00 00 00 00 00"))
	for i, w := range []int{16, 32, 64} {
		if toks[i].FloatBits() != w || toks[i].Float() != 1 {
			t.Errorf("float %d: %v width %d", i, toks[i], toks[i].FloatBits())
		}
	}
	// NaN payloads are kept, also through single precision.
	toks, _ = readTokens(mustHex(t, "f9 7e 01 fa 7f 80 00 01"))
	if b := mathBits(toks[0].Float()); b != 0x7ff8040000000000 {
		t.Errorf("half NaN payload: %x", b)
	}
	if b := mathBits(toks[1].Float()); b != 0x7ff0000020000000 {
		t.Errorf("single signaling NaN: %x", b)
	}
}

// TestReaderStreaming reads inputs through one-byte and odd-sized reads
// and checks the tokens equal those read from the byte slice.
func TestReaderStreaming(t *testing.T) {
	inputs := [][]byte{}
	for _, ex := range appendixA(t) {
		inputs = append(inputs, mustHex(t, ex.hex))
	}
	// A CBOR sequence of every example, with long strings to cross refills.
	var seq []byte
	for _, in := range inputs {
		seq = append(seq, in...)
	}
	long := bytes.Repeat([]byte("0123456789"), 5000)
	seq = appendHead(seq, majorText, uint64(len(long)))
	seq = append(seq, long...)
	seq = append(seq, 0x5f)
	for range 10 {
		seq = appendHead(seq, majorBytes, uint64(len(long)))
		seq = append(seq, long...)
	}
	seq = append(seq, 0xff)
	inputs = append(inputs, seq)
	for _, in := range inputs {
		want, err := readTokens(in)
		if err != nil {
			t.Fatal(err)
		}
		for _, sizes := range [][]int{{1}, {3, 7, 1}, {4096}} {
			r := NewReader(&celertest.ChunkReader{Data: in, Sizes: sizes})
			var got []token.Token
			for {
				tok, err := r.ReadToken()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("%x with reads of %v: %v", in[:min(len(in), 20)], sizes, err)
				}
				got = append(got, tok.Clone())
			}
			if !sameTokens(got, want) {
				t.Errorf("%x with reads of %v: tokens differ", in[:min(len(in), 20)], sizes)
			}
		}
	}
}

func TestReadValue(t *testing.T) {
	data := mustHex(t, "82 01 c1 02 a1 61 61 9f ff 03")
	for _, r := range []*Reader{NewReaderBytes(data), NewReader(&celertest.ChunkReader{Data: data})} {
		var got []string
		for {
			v, err := r.ReadValue()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, hex.EncodeToString(v))
		}
		if strings.Join(got, " ") != "8201c102 a161619fff 03" {
			t.Errorf("ReadValue: %v", got)
		}
	}
	// Inside a container, values are its items.
	r := NewReaderBytes(data)
	r.ReadToken()
	v, _ := r.ReadValue()
	w, _ := r.ReadValue()
	if hex.EncodeToString(v) != "01" || hex.EncodeToString(w) != "c102" {
		t.Errorf("items: %x %x", v, w)
	}
	if _, err := r.ReadValue(); !errors.Is(err, ErrInvalidSequence) {
		t.Errorf("past the end of the array: %v", err)
	}
}

func TestLimits(t *testing.T) {
	deep := func(n int, open byte) []byte {
		b := bytes.Repeat([]byte{open}, n)
		return append(b, 0)
	}
	for _, tc := range []struct {
		name string
		data []byte
		o    []Options
		want error
	}{
		{"depth arrays", deep(10001, 0x81), nil, ErrDepth},
		{"depth tags", deep(10001, 0xc1), nil, ErrDepth},
		{"depth mixed", append(bytes.Repeat([]byte{0x81, 0xc1}, 6), 0), []Options{MaxDepth(11)}, ErrDepth},
		{"MaxTokenBytes", mustHex(t, "45 0102030405"), []Options{MaxTokenBytes(4)}, ErrLimit},
		{"MaxTokenBytes chunks", mustHex(t, "5f 43 010203 42 0405 ff"), []Options{MaxTokenBytes(4)}, ErrLimit},
		{"MaxBytes", mustHex(t, "45 0102030405"), []Options{MaxBytes(5)}, ErrLimit},
		{"MaxElements", mustHex(t, "83 01 02 03"), []Options{MaxElements(2)}, ErrLimit},
		{"MaxElements map", mustHex(t, "a2 01 02 03 04"), []Options{MaxElements(1)}, ErrLimit},
		{"MaxElements indefinite", mustHex(t, "9f 01 02 03 ff"), []Options{MaxElements(2)}, ErrLimit},
		{"MaxElements indefinite map", mustHex(t, "bf 01 02 03 04 ff"), []Options{MaxElements(1)}, ErrLimit},
		{"count beyond memory", mustHex(t, "9b 7f ff ff ff ff ff ff ff 00"), nil, ErrLimit},
	} {
		if err := Validate(tc.data, tc.o...); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
		r := NewReader(bytes.NewReader(tc.data), tc.o...)
		var err error
		for err == nil {
			_, err = r.ReadToken()
		}
		if !errors.Is(err, tc.want) {
			t.Errorf("%s, streaming: %v, want %v", tc.name, err, tc.want)
		}
	}
	for _, ok := range []struct {
		data []byte
		o    []Options
	}{
		{deep(10000, 0x81), nil},
		{deep(10000, 0xc1), nil},
		{mustHex(t, "44 01020304"), []Options{MaxTokenBytes(4), MaxBytes(5)}},
		{mustHex(t, "9f 01 02 ff"), []Options{MaxElements(2)}},
	} {
		if err := Validate(ok.data, ok.o...); err != nil {
			t.Errorf("at the limit: %v", err)
		}
	}
}

func TestErrorPath(t *testing.T) {
	for _, tc := range []struct {
		hex  string
		path string
	}{
		{"a2 61 61 01 61 62 82 01 62 c3 28", "/b/1"},
		{"82 00 a1 01 1c", "/1/1"},
		{"a1 61 2f a1 62 7e 30 ff", "/~1/~0" + "0"},
		{"a1 82 01 02 fe", "/[1, 2]"},
		{"a1 59 01 00" + strings.Repeat("61", 256) + "fe", "/?"},
		{"9f 9f 9f 1c", "/0/0/0"},
	} {
		data := mustHex(t, tc.hex)
		for _, r := range []*Reader{NewReaderBytes(data), NewReader(&celertest.ChunkReader{Data: data})} {
			var err error
			for err == nil {
				_, err = r.ReadToken()
			}
			var se *SyntaxError
			if !errors.As(err, &se) || se.Path != tc.path {
				t.Errorf("%s: %v, want path %q", tc.hex, err, tc.path)
			}
		}
	}
}

// hostile is 10 bytes whose head claims 2^32 elements of an array (and
// the same for a byte string and a map).
var hostile = map[string][]byte{
	"array":  {0x9b, 0, 0, 0, 1, 0, 0, 0, 0, 0},
	"map":    {0xbb, 0, 0, 0, 1, 0, 0, 0, 0, 0},
	"string": {0x5b, 0, 0, 0, 1, 0, 0, 0, 0, 0},
}

// TestHostileLengths checks that a header claiming 2^32 elements fails
// at once with a small allocation, reading tokens (from bytes and from a
// stream), validating and unmarshaling.
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
		runtime.ReadMemStats(&ms1)
		for _, err := range errs {
			if !errors.Is(err, ErrUnexpectedEOF) {
				t.Errorf("%s: %v", name, err)
			}
		}
		if d := ms1.TotalAlloc - ms0.TotalAlloc; d > 1<<20 {
			t.Errorf("%s: allocated %d bytes", name, d)
		}
	}
}

func BenchmarkHostile(b *testing.B) {
	for _, name := range []string{"array", "map", "string"} {
		data := hostile[name]
		b.Run("Validate/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if Validate(data) == nil {
					b.Fatal("accepted")
				}
			}
		})
	}
}

func TestRejectDuplicateNames(t *testing.T) {
	for _, tc := range []struct {
		hex string
		dup bool
		off int64
	}{
		{"a2 61 61 01 61 61 02", true, 4},
		{"a2 61 61 01 7f 61 61 ff 02", true, 4}, // chunked, same text
		{"a2 01 00 01 00", true, 3},
		{"a2 01 00 20 00", false, 0},                              // 1 and -1
		{"a2 41 61 00 61 61 00", false, 0},                        // bytes and text
		{"a2 f9 3c 00 00 fb 3f f0 00 00 00 00 00 00 00", true, 5}, // 1.0 in two widths
		{"82 a1 61 61 00 a1 61 61 00", false, 0},                  // separate maps
		{"a2 61 61 a1 61 61 00 61 62 00", false, 0},               // nested map
		{"bf 61 61 01 61 61 02 ff", true, 4},
	} {
		data := mustHex(t, tc.hex)
		if err := Validate(data); err != nil {
			t.Fatalf("%s: %v", tc.hex, err)
		}
		err := Validate(data, RejectDuplicateNames(true))
		var se *SyntaxError
		if tc.dup != errors.Is(err, ErrDuplicateName) || tc.dup && (!errors.As(err, &se) || se.Offset != tc.off) {
			t.Errorf("%s: %v, want duplicate %v at %d", tc.hex, err, tc.dup, tc.off)
		}
	}
}

// TestValidFast checks that the fast validation Unmarshal relies on
// accepts the CBOR of every corpus file (so the Reader's pass is skipped)
// and agrees with the Reader there, and that it leaves to the Reader what
// it does not take on: indefinite lengths, duplicate keys, limits.
func TestValidFast(t *testing.T) {
	def := opts.Collect()
	checked := 0
	for _, c := range celertest.CorpusJSON(t) {
		b, err := jsonToCBOR(c.Data, InexactAsFloat(true))
		if err != nil {
			continue // numbers CBOR cannot hold exactly
		}
		checked++
		if !validFast(b, &def) || validateTokens(b) != nil {
			t.Errorf("%s: validFast %v, Reader %v", c.Name, validFast(b, &def), validateTokens(b))
		}
	}
	if checked < 10 {
		t.Errorf("only %d corpus files checked", checked)
	}
	for _, tc := range []struct {
		hex string
		o   []Options
	}{
		{"9f01ff", nil}, // indefinite array: left to the Reader
		{"a2616101616102", []Options{RejectDuplicateNames(true)}},
		{"83010203", []Options{MaxElements(2)}},     // too many elements
		{"818181", []Options{MaxDepth(2)}},          // too deep
		{"c1c1c101", []Options{MaxDepth(2)}},        // tags count in the depth
		{"6461626364", []Options{MaxTokenBytes(3)}}, // text too long
		{"62c328", nil},             // invalid UTF-8
		{"f818", nil},               // simple value 24 in two bytes
		{"0102", nil},               // two items
		{"5a00000005", nil},         // byte string longer than the input
		{"9b0000000100000000", nil}, // 2^32 elements claimed
	} {
		b := mustHex(t, tc.hex)
		s := opts.Collect(tc.o...)
		if validFast(b, &s) {
			t.Errorf("%s %v: validFast accepts it", tc.hex, tc.o)
		}
	}
}
