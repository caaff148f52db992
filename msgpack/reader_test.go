package msgpack

import (
	"bytes"
	"encoding/hex"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/token"
)

// TestReaderErrors checks malformed and truncated input: each case fails
// with the right sentinel at the right offset, from bytes and from a
// stream.
func TestReaderErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		hex  string
		want error
		off  int64
	}{
		{"empty input", "", ErrUnexpectedEOF, 0},
		{"never used", "c1", ErrSyntax, 0},
		{"never used in array", "92 01 c1", ErrSyntax, 2},
		{"uint 8 cut", "cc", ErrUnexpectedEOF, 0},
		{"uint 64 cut", "cf 00 00 00 00 00 00 00", ErrUnexpectedEOF, 0},
		{"int 16 cut", "d1 ff", ErrUnexpectedEOF, 0},
		{"float 64 cut", "cb 3f f0 00", ErrUnexpectedEOF, 0},
		{"fixstr short", "a3 61 62", ErrUnexpectedEOF, 0},
		{"str 8 head cut", "d9", ErrUnexpectedEOF, 0},
		{"str 32 short", "db 00 00 00 05 61", ErrUnexpectedEOF, 0},
		{"bin 16 short", "c5 01 00 00", ErrUnexpectedEOF, 0},
		{"ext 8 without type", "c7 01", ErrUnexpectedEOF, 0},
		{"fixext 4 short", "d6 01 00 00", ErrUnexpectedEOF, 0},
		{"array short", "93 01 02", ErrUnexpectedEOF, 0},
		{"array 16 short", "dc 00 02 01", ErrUnexpectedEOF, 0},
		{"map value missing", "81 01", ErrUnexpectedEOF, 0},
		{"nested cut", "92 01 cd 01", ErrUnexpectedEOF, 2},
		{"invalid UTF-8", "a2 c3 28", ErrInvalidUTF8, 0},
		{"surrogate", "a3 ed a0 80", ErrInvalidUTF8, 0},
		{"invalid UTF-8 key", "81 a1 ff 00", ErrInvalidUTF8, 1},
		{"two objects", "01 02", ErrSyntax, 1},
	} {
		data := mustHex(t, tc.hex)
		err := Validate(data)
		var se *SyntaxError
		if !errors.Is(err, tc.want) || !errors.As(err, &se) || se.Offset != tc.off {
			t.Errorf("%s: Validate(%s) = %v, want %v at offset %d", tc.name, tc.hex, err, tc.want, tc.off)
		}
		if tc.name == "two objects" || tc.name == "empty input" {
			continue
		}
		r := NewReader(&celertest.ChunkReader{Data: data})
		for err = nil; err == nil; {
			_, err = r.ReadToken()
		}
		if !errors.Is(err, tc.want) {
			t.Errorf("%s, streaming: %v, want %v", tc.name, err, tc.want)
		}
	}
}

// TestReaderTokens checks the tokens of each kind of object.
func TestReaderTokens(t *testing.T) {
	for _, tc := range []struct {
		hex  string
		want string
	}{
		{"00 7f cc 80 cd 01 00 ce 00 01 00 00", "0 127 128 256 65536"},
		{"cf 80 00 00 00 00 00 00 00 cf 00 00 00 00 00 00 00 01", "9223372036854775808 1"},
		{"ff e0 d0 80 d1 80 00 d2 80 00 00 00 d3 80 00 00 00 00 00 00 00", "-1 -32 -128 -32768 -2147483648 -9223372036854775808"},
		{"d0 01 d1 00 02 d2 00 00 00 03 d3 00 00 00 00 00 00 00 04", "1 2 3 4"}, // not the smallest, but valid
		{"ca 3f c0 00 00 cb 3f f1 99 99 99 99 99 9a", "1.5 1.1"},
		{"c0 c2 c3", "null false true"},
		{"a1 61 d9 01 62 da 00 01 63 db 00 00 00 01 64", `"a" "b" "c" "d"`},
		{"c4 01 01 c5 00 01 02 c6 00 00 00 01 03", "h'01' h'02' h'03'"},
		{"92 01 81 a1 61 90", `[2: 1 {1: "a" [0: ] } ]`},
		{"dc 00 01 c0 dd 00 00 00 00 de 00 00 df 00 00 00 01 01 02", "[1: null ] [0: ] {0: } {1: 1 2 }"},
		{"d4 05 01 c7 02 80 01 02", "msgpack-ext(5, h'01') msgpack-ext(-128, h'0102')"},
		{"d6 ff 51 4b 67 b0", `0( "2013-03-21T20:04:00Z"`},
	} {
		toks, err := readTokens(mustHex(t, tc.hex))
		if got := describeTokens(toks); err != nil || got != tc.want {
			t.Errorf("%s: %s (%v), want %s", tc.hex, got, err, tc.want)
		}
	}
	// Float widths are kept.
	toks, _ := readTokens(mustHex(t, "ca 3f 80 00 00 cb 3f f0 00 00 00 00 00 00"))
	if toks[0].FloatBits() != 32 || toks[1].FloatBits() != 64 || toks[0].Float() != 1 || toks[1].Float() != 1 {
		t.Errorf("float widths: %v %v", toks[0].FloatBits(), toks[1].FloatBits())
	}
	// Signaling NaN payloads of float 32 survive.
	toks, _ = readTokens(mustHex(t, "ca 7f 80 00 01"))
	out, _ := writeTokens(toks)
	if hex.EncodeToString(out) != "ca7f800001" {
		t.Errorf("NaN payload: %x", out)
	}
}

// TestReaderStreaming reads inputs through one-byte and odd-sized reads
// and checks the tokens equal those read from the byte slice.
func TestReaderStreaming(t *testing.T) {
	var seq []byte
	var inputs [][]byte
	for _, v := range vectors(t) {
		inputs = append(inputs, v.enc)
		seq = append(seq, v.enc...)
	}
	inputs = append(inputs, seq)
	for _, in := range inputs {
		want, err := readTokens(in)
		if err != nil {
			t.Fatal(err)
		}
		for _, sizes := range [][]int{{1}, {3, 7, 1}, {4096}} {
			if len(in) > 100000 && sizes[0] == 1 {
				continue
			}
			r := NewReader(&celertest.ChunkReader{Data: in, Sizes: sizes})
			var got []token.Token
			for {
				tok, err := r.ReadToken()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("%s with reads of %v: %v", short(in), sizes, err)
				}
				got = append(got, tok.Clone())
			}
			if !sameTokens(got, want) {
				t.Errorf("%s with reads of %v: tokens differ", short(in), sizes)
			}
		}
	}
}

func TestReadValue(t *testing.T) {
	data := mustHex(t, "92 01 d6 ff 00 00 00 00 81 a1 61 90 03")
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
		if strings.Join(got, " ") != "9201d6ff00000000 81a16190 03" {
			t.Errorf("ReadValue: %v", got)
		}
	}
	r := NewReaderBytes(data)
	r.ReadToken()
	v, _ := r.ReadValue()
	w, _ := r.ReadValue()
	if hex.EncodeToString(v) != "01" || hex.EncodeToString(w) != "d6ff00000000" {
		t.Errorf("elements: %x %x", v, w)
	}
	if _, err := r.ReadValue(); !errors.Is(err, ErrInvalidSequence) {
		t.Errorf("past the end of the array: %v", err)
	}
	r = NewReaderBytes(mustHex(t, "d6ff00000000"))
	r.ReadToken()
	if _, err := r.ReadValue(); !errors.Is(err, ErrInvalidSequence) {
		t.Errorf("after a timestamp's tag: %v", err)
	}
}

func TestLimits(t *testing.T) {
	deep := func(n int) []byte { return append(bytes.Repeat([]byte{0x91}, n), 0) }
	for _, tc := range []struct {
		name string
		data []byte
		o    []Options
		want error
	}{
		{"depth", deep(10001), nil, ErrDepth},
		{"depth option", deep(11), []Options{MaxDepth(10)}, ErrDepth},
		{"MaxTokenBytes str", mustHex(t, "a5 6162636465"), []Options{MaxTokenBytes(4)}, ErrLimit},
		{"MaxTokenBytes bin", mustHex(t, "c4 05 0102030405"), []Options{MaxTokenBytes(4)}, ErrLimit},
		{"MaxTokenBytes ext", mustHex(t, "c7 05 01 0102030405"), []Options{MaxTokenBytes(4)}, ErrLimit},
		{"MaxBytes", mustHex(t, "c4 05 0102030405"), []Options{MaxBytes(6)}, ErrLimit},
		{"MaxElements", mustHex(t, "93 01 02 03"), []Options{MaxElements(2)}, ErrLimit},
		{"MaxElements map", mustHex(t, "82 01 02 03 04"), []Options{MaxElements(1)}, ErrLimit},
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
		{deep(10000), nil},
		{mustHex(t, "c4 04 01020304"), []Options{MaxTokenBytes(4), MaxBytes(6)}},
		{mustHex(t, "92 01 02"), []Options{MaxElements(2)}},
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
		{"82 a1 61 01 a1 62 92 01 a2 c3 28", "/b/1"},
		{"92 00 81 01 c1", "/1/1"},
		{"81 a1 2f 81 a2 7e 30 c1", "/~1/~0" + "0"},
		{"81 c3 c1", "/true"},
		{"81 d6 ff 00 00 00 00 c1", `/0("1970-01-01T00:00:00Z")`},
		{"81 92 01 02 c1", "/?"},
		{"81 d9 ff" + strings.Repeat("61", 255) + "c1", "/?"},
		{"91 91 91 c1", "/0/0/0"},
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

// hostile holds 5-byte inputs whose heads claim 2^32-1 elements (array
// 32, map 32) or bytes (str 32, bin 32, ext 32).
var hostile = map[string][]byte{
	"array": {bArray32, 0xff, 0xff, 0xff, 0xff},
	"map":   {bMap32, 0xff, 0xff, 0xff, 0xff},
	"str":   {bStr32, 0xff, 0xff, 0xff, 0xff},
	"bin":   {bBin32, 0xff, 0xff, 0xff, 0xff},
	"ext":   {bExt32, 0xff, 0xff, 0xff, 0xff, 0x01},
}

// TestHostileLengths checks that a head claiming 2^32-1 elements or bytes
// fails at once, at offset 0, with a small allocation: reading tokens from
// bytes and from a stream, and validating.
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
		var se *SyntaxError
		if errors.As(errs[0], &se) && se.Offset != 0 {
			t.Errorf("%s: offset %d", name, se.Offset)
		}
		if d := ms1.TotalAlloc - ms0.TotalAlloc; d > 64<<10 {
			t.Errorf("%s: allocated %d bytes", name, d)
		}
	}
}

func BenchmarkHostile(b *testing.B) {
	for _, name := range []string{"array", "map", "str", "bin", "ext"} {
		data := hostile[name]
		b.Run("Validate/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if Validate(data) == nil {
					b.Fatal("accepted")
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

func TestRejectDuplicateNames(t *testing.T) {
	for _, tc := range []struct {
		hex string
		dup bool
		off int64
	}{
		{"82 a1 61 01 a1 61 02", true, 4},
		{"82 a1 61 01 d9 01 61 02", true, 4}, // str 8, same text
		{"82 01 00 cc 01 00", true, 3},       // 1 in two formats
		{"82 01 00 ff 00", false, 0},         // 1 and -1
		{"82 c4 01 61 00 a1 61 00", false, 0},
		{"82 ca 3f 80 00 00 00 cb 3f f0 00 00 00 00 00 00 00", true, 7}, // 1.0 in two widths
		{"92 81 a1 61 00 81 a1 61 00", false, 0},
		{"82 a1 61 81 a1 61 00 a1 62 00", false, 0},
		{"82 d4 01 00 00 d4 02 00 00", false, 0},
		{"82 d4 01 00 00 d4 01 00 00", true, 5},
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
