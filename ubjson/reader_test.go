package ubjson

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

func TestReaderTokens(t *testing.T) {
	for _, tc := range []struct {
		data string
		want string
	}{
		{"Z T F N", "null true false"},
		{"i\x80 U\xff I\x80\x00 l\x80\x00\x00\x00 L\x80\x00\x00\x00\x00\x00\x00\x00", "-128 255 -32768 -2147483648 -9223372036854775808"},
		{"d\x3f\xc0\x00\x00 D\x3f\xf1\x99\x99\x99\x99\x99\x9a", "1.5 1.1"},
		{"Hi\x0218 HU\x1418446744073709551615 Hi\x011 Hi\x03-10", "18 18446744073709551615 1 -10"},
		{"Hi\x1418446744073709551616 Hi\x031.5 Hi\x02-0 Hi\x041E+2", "18446744073709551616 1.5 -0 1E+2"},
		{"Ca Si\x02hi SU\x00 SI\x00\x01x", `"a" "hi" "" "x"`},
		{"[Z[]] {i\x01aT}", `[_ null [_ ] ] {_ "a" true }`},
		{"[#i\x02ZT {#i\x01i\x00Z", `[2: null true ] {1: "" null }`},
		{"[$i#i\x03\x01\x02\xff", "[3: 1 2 -1 ]"},
		{"[$U#i\x03\x01\x02\xff", "h'0102ff'"},
		{"[$U#i\x00", "h''"},
		{"{$Z#i\x02i\x01ai\x01b", `{2: "a" null "b" null }`},
		{"[$[#i\x02]#i\x01Z", "[2: [_ ] [1: null ] ]"},
		{"[$S#i\x02i\x01aU\x00", `[2: "a" "" ]`},
		{"[$H#i\x01i\x031.5", "[1: 1.5 ]"},
		{"[ N Z N N T N ]", "[_ null true ]"},
		{"{ N i\x01a N Z N }", `{_ "a" null }`},
	} {
		toks, err := readTokens([]byte(strings.ReplaceAll(tc.data, " ", "")))
		if got := describeTokens(toks); err != nil || got != tc.want {
			t.Errorf("%q: %s (%v), want %s", tc.data, got, err, tc.want)
		}
	}
	// Floats keep their width; high-precision text is checked.
	toks, _ := readTokens([]byte("d\x3f\x80\x00\x00D\x3f\xf0\x00\x00\x00\x00\x00\x00"))
	if toks[0].FloatBits() != 32 || toks[1].FloatBits() != 64 {
		t.Errorf("widths %d %d", toks[0].FloatBits(), toks[1].FloatBits())
	}
	for _, bad := range []string{"Hi\x00", "Hi\x01+", "Hi\x0201", "Hi\x02.5", "Hi\x03NaN", "Hi\x021e"} {
		if err := Validate([]byte(bad)); !errors.Is(err, ErrSyntax) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

func TestReaderErrors(t *testing.T) {
	for _, tc := range []struct {
		name, data string
		want       error
		off        int64
	}{
		{"empty", "", ErrUnexpectedEOF, 0},
		{"only no-ops", "NN", ErrUnexpectedEOF, 2},
		{"int16 cut", "I\x01", ErrUnexpectedEOF, 0},
		{"float64 cut", "D\x00\x00", ErrUnexpectedEOF, 0},
		{"string short", "Si\x05ab", ErrUnexpectedEOF, 0},
		{"string length cut", "SI\x01", ErrUnexpectedEOF, 0},
		{"array open", "[Z", ErrUnexpectedEOF, 2},
		{"object key cut", "{i\x05ab", ErrUnexpectedEOF, 1},
		{"object value missing", "{i\x01a", ErrUnexpectedEOF, 4},
		{"typed header cut", "[$", ErrUnexpectedEOF, 0},
		{"count cut", "[#I\x00", ErrUnexpectedEOF, 0},
		{"invalid UTF-8", "Si\x02\xc3\x28", ErrInvalidUTF8, 0},
		{"invalid UTF-8 key", "{i\x01\xffZ}", ErrInvalidUTF8, 1},
		{"two values", "ZZ", ErrSyntax, 1},
		{"end at top", "]", ErrSyntax, 0},
	} {
		data := []byte(tc.data)
		err := Validate(data)
		var se *SyntaxError
		if !errors.Is(err, tc.want) || !errors.As(err, &se) || se.Offset != tc.off {
			t.Errorf("%s: Validate(%q) = %v, want %v at offset %d", tc.name, tc.data, err, tc.want, tc.off)
		}
		if tc.name == "two values" || tc.name == "empty" || tc.name == "only no-ops" {
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

// TestReaderStreaming reads the examples through one-byte and odd-sized
// reads and checks the tokens equal those read from the byte slice.
func TestReaderStreaming(t *testing.T) {
	var inputs [][]byte
	var seq []byte
	for _, s := range []string{
		"[$U#I\x01\x00" + strings.Repeat("\x07", 256), "{#i\x02i\x01aSi\x03xyzi\x02bc[$d#i\x02\x3f\x80\x00\x00\x40\x00\x00\x00",
		"[N[Z]{i\x01k[$[#i\x01#i\x01T}]", "HU\x1418446744073709551616", "{$Z#i\x02i\x01ai\x01b", "SI\x04\x00" + strings.Repeat("abcd", 256),
	} {
		inputs = append(inputs, []byte(s))
		seq = append(seq, s...)
	}
	inputs = append(inputs, seq)
	for _, in := range inputs {
		want, err := readTokens(in)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
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
					t.Fatalf("%q with reads of %v: %v", in, sizes, err)
				}
				got = append(got, tok.Clone())
			}
			if !sameTokens(got, want) {
				t.Errorf("%q with reads of %v: tokens differ", in, sizes)
			}
		}
	}
}

func TestReadValue(t *testing.T) {
	data := []byte("N[i\x01Z]N{i\x01aT}[$U#i\x01\x05U\x07N")
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
			got = append(got, string(v))
		}
		if strings.Join(got, " ") != "[i\x01Z] {i\x01aT} [$U#i\x01\x05 U\x07" {
			t.Errorf("ReadValue: %q", got)
		}
	}
	r := NewReaderBytes([]byte("[$i#i\x02\x01\x02"))
	r.ReadToken()
	if _, err := r.ReadValue(); !errors.Is(err, ErrInvalidSequence) {
		t.Errorf("in a typed array: %v", err)
	}
}

func TestLimits(t *testing.T) {
	deep := func(n int) []byte { return append(bytes.Repeat([]byte("["), n), bytes.Repeat([]byte("]"), n)...) }
	for _, tc := range []struct {
		name string
		data []byte
		o    []Options
		want error
	}{
		{"depth", deep(10001), nil, ErrDepth},
		{"depth option", deep(11), []Options{MaxDepth(10)}, ErrDepth},
		{"depth typed", []byte("[$[#i\x01[$[#i\x01Z"), []Options{MaxDepth(2)}, ErrDepth},
		{"MaxTokenBytes", []byte("Si\x05abcde"), []Options{MaxTokenBytes(4)}, ErrLimit},
		{"MaxTokenBytes key", []byte("{i\x05abcdeZ}"), []Options{MaxTokenBytes(4)}, ErrLimit},
		{"MaxTokenBytes bytes", []byte("[$U#i\x05abcde"), []Options{MaxTokenBytes(4)}, ErrLimit},
		{"MaxTokenBytes high precision", []byte("Hi\x0512345"), []Options{MaxTokenBytes(4)}, ErrLimit},
		{"MaxBytes", []byte("Si\x05abcde"), []Options{MaxBytes(6)}, ErrLimit},
		{"MaxElements", []byte("[ZZZ]"), []Options{MaxElements(2)}, ErrLimit},
		{"MaxElements counted", []byte("[#i\x03ZZZ"), []Options{MaxElements(2)}, ErrLimit},
		{"MaxElements object", []byte("{i\x01aZi\x01bZ}"), []Options{MaxElements(1)}, ErrLimit},
		{"MaxElements marker-only", []byte("[$Z#i\x03"), []Options{MaxElements(2)}, ErrLimit},
		{"MaxMarkerOnly", []byte("[$T#l\x00\x01\x00\x01"), nil, ErrLimit},
		{"MaxMarkerOnly in all", []byte("[#i\x02[$Z#l\x00\x00\x80\x00[$Z#l\x00\x00\x80\x01"), nil, ErrLimit},
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
		{[]byte("Si\x04abcd"), []Options{MaxTokenBytes(4), MaxBytes(7)}},
		{[]byte("[$T#l\x00\x01\x00\x00"), nil},
		{[]byte("[#i\x02[$Z#l\x00\x00\x80\x00[$Z#l\x00\x00\x80\x00"), nil},
		{[]byte("[ZZ]"), []Options{MaxElements(2)}},
	} {
		if err := Validate(ok.data, ok.o...); err != nil {
			t.Errorf("at the limit %q: %v", ok.data, err)
		}
	}
	// The budget of values without payload is per top-level value.
	two := []byte("[$Z#l\x00\x01\x00\x00[$Z#l\x00\x01\x00\x00")
	if toks, err := readTokens(two); err != nil || len(toks) != 2*(1<<16+2) {
		t.Errorf("two values at the budget: %d tokens, %v", len(toks), err)
	}
}

func TestErrorPath(t *testing.T) {
	for _, tc := range []struct {
		data string
		path string
	}{
		{"{i\x01aZi\x01b[ZSi\x02\xc3\x28", "/b/1"},
		{"[Z{i\x01aX", "/1/a"},
		{"{i\x01/{i\x02~0X", "/~1/~00"},
		{"{I\x01\x01" + strings.Repeat("a", 257) + "X", "/?"},
		{"[[[X", "/0/0/0"},
		{"[$[#i\x02]X", "/1/0"},
		{"{$[#i\x01i\x01k#i\x01X", "/k/0"},
	} {
		data := []byte(tc.data)
		for _, r := range []*Reader{NewReaderBytes(data), NewReader(&celertest.ChunkReader{Data: data})} {
			var err error
			for err == nil {
				_, err = r.ReadToken()
			}
			var se *SyntaxError
			if !errors.As(err, &se) || se.Path != tc.path {
				t.Errorf("%q: %v, want path %q", tc.data, err, tc.path)
			}
		}
	}
}

// hostile holds inputs of at most 10 bytes whose heads claim 2^32 or more
// values or bytes.
var hostile = map[string][]byte{
	"array":        []byte("[#L\x00\x00\x00\x01\x00\x00\x00\x00"),
	"object":       []byte("{#l\x7f\xff\xff\xff"),
	"typed int64":  []byte("[$L#l\x7f\xff\xff\xff"),
	"string":       []byte("SL\x00\x00\x00\x01\x00\x00\x00\x00"),
	"bytes":        []byte("[$U#l\x7f\xff\xff\xff"),
	"marker-only":  []byte("[$Z#L\x00\x00\x00\x01"),
	"high":         []byte("HL\x7f\xff\xff\xff\xff\xff\xff\xff"),
	"typed arrays": []byte("[$[#l\x7f\xff\xff\xff"),
}

// TestHostileLengths checks that a head claiming 2^32 (or 2^31) values
// or bytes fails at once with a small allocation: reading tokens from
// bytes and from a stream, validating, and unmarshaling.
func TestHostileLengths(t *testing.T) {
	for name, data := range hostile {
		if name == "marker-only" {
			data = append(data, 0, 0, 0, 0)
		}
		var ms0, ms1 runtime.MemStats
		runtime.ReadMemStats(&ms0)
		var a any
		errs := []error{Validate(data), Unmarshal(data, &a)}
		r := NewReader(bytes.NewReader(data))
		var err error
		for err == nil {
			_, err = r.ReadToken()
		}
		errs = append(errs, err)
		runtime.ReadMemStats(&ms1)
		for i, err := range errs {
			want := ErrUnexpectedEOF
			if name == "marker-only" || i == 2 && name == "high" {
				want = ErrLimit // no bytes to count; an int64 length beyond memory
			}
			if !errors.Is(err, want) {
				t.Errorf("%s (%d): %v, want %v", name, i, err, want)
			}
		}
		if d := ms1.TotalAlloc - ms0.TotalAlloc; d > 64<<10 {
			t.Errorf("%s: allocated %d bytes", name, d)
		}
	}
}

func BenchmarkHostile(b *testing.B) {
	for _, name := range []string{"array", "object", "typed int64", "string", "bytes", "marker-only"} {
		data := hostile[name]
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
		data string
		dup  bool
		off  int64
	}{
		{"{i\x01aZi\x01aT}", true, 5},
		{"{i\x01aZU\x01aT}", true, 5},
		{"{i\x01aZi\x01bT}", false, 0},
		{"[{i\x01aZ}{i\x01aZ}]", false, 0},
		{"{$Z#i\x02i\x01ai\x01a", true, 9},
	} {
		data := []byte(tc.data)
		if err := Validate(data); err != nil {
			t.Fatalf("%q: %v", tc.data, err)
		}
		err := Validate(data, RejectDuplicateNames(true))
		var se *SyntaxError
		if tc.dup != errors.Is(err, ErrDuplicateName) || tc.dup && (!errors.As(err, &se) || se.Offset != tc.off) {
			t.Errorf("%q: %v, want duplicate %v at %d", tc.data, err, tc.dup, tc.off)
		}
	}
}

// TestValidateTypedBulk: Validate skips the numbers of strongly typed
// arrays in bulk, but still checks chars, lengths and what follows.
func TestValidateTypedBulk(t *testing.T) {
	for _, tc := range []struct {
		data string
		want error
	}{
		{"[$l#i\x02\x00\x00\x00\x01\x00\x00\x00\x02", nil},
		{"[$l#i\x02\x00\x00\x00\x01\x00\x00\x00", ErrUnexpectedEOF},
		{"[$C#i\x02a\x80", ErrSyntax},
		{"[[$D#i\x01\x00\x00\x00\x00\x00\x00\x00\x00X]", ErrSyntax},
		{"[[$d#i\x01\x00\x00\x00\x00]", nil},
	} {
		if err := Validate([]byte(tc.data)); !errors.Is(err, tc.want) {
			t.Errorf("%q: %v, want %v", tc.data, err, tc.want)
		}
		if err := Validate([]byte(tc.data)); tc.want == nil && err != nil {
			t.Errorf("%q: %v", tc.data, err)
		}
	}
}
