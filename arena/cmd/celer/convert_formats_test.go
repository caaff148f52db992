package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/celerjson/celer/msgpack"
	"github.com/celerjson/celer/token"
	"github.com/celerjson/celer/ubjson"
)

func TestConvertJSONToMsgpack(t *testing.T) {
	for _, tc := range []struct {
		in, hex string
		args    []string
	}{
		{`[1, [2, 3], [4, 5]]`, "93 01 92 02 03 92 04 05", nil},
		{`{"a": 1, "b": [2, 3]}`, "82 a1 61 01 a1 62 92 02 03", nil},
		{`[128, -33, 65536, -1]`, "94 cc 80 d0 df ce 00 01 00 00 ff", nil},
		{`18446744073709551615`, "cf ff ff ff ff ff ff ff ff", nil},
		{`[1.5, 0.1]`, "92 cb 3f f8 00 00 00 00 00 00 cb 3f b9 99 99 99 99 99 9a", nil},
		{`[1.5, 0.1]`, "92 ca 3f c0 00 00 cb 3f b9 99 99 99 99 99 9a", []string{"--float32"}},
		{`[null, true, false, "\u00fc"]`, "94 c0 c3 c2 a2 c3 bc", nil},
		{"1\n\"a\"\n[]\n", "01 a1 61 90", nil},
		{`1e400`, "a5 31 65 34 30 30", []string{"--inexact=string"}},
		{`18446744073709551616`, "cb 43 f0 00 00 00 00 00 00", []string{"--inexact", "float"}},
	} {
		args := append([]string{"convert", "--from", "json", "--to", "msgpack"}, tc.args...)
		r := runCeler(t, tc.in, args...)
		if r.code != 0 || r.stdout != unhex(t, tc.hex) || r.stderr != "" {
			t.Errorf("%s %v: %d %x %q; want %s", tc.in, tc.args, r.code, r.stdout, r.stderr, tc.hex)
		}
	}
}

func TestConvertMsgpackToJSON(t *testing.T) {
	for _, tc := range []struct {
		hex, out string
		args     []string
	}{
		{"93 01 92 02 03 92 04 05", "[1,[2,3],[4,5]]\n", nil},
		{"ca 3f c0 00 00", "1.5\n", nil},
		{"cb 3f f1 99 99 99 99 99 9a", "1.1\n", nil},
		{"c4 04 01 02 03 04", `"AQIDBA"` + "\n", nil},
		{"d7 ff 77 35 94 00 51 4b 67 b0", `"2013-03-21T20:04:00.5Z"` + "\n", nil},
		{"01 02", "1\n2\n", nil},
		{"92 d4 05 01 cb 7f f8 00 00 00 00 00 00", "[null,null]\n", []string{"--lossy"}},
		{"81 01 02", `{"1":2}` + "\n", []string{"--lossy"}},
	} {
		args := append([]string{"convert", "--from", "msgpack", "--to", "json"}, tc.args...)
		r := runCeler(t, unhex(t, tc.hex), args...)
		if r.code != 0 || r.stdout != tc.out || r.stderr != "" {
			t.Errorf("%s %v: %d %q %q; want %q", tc.hex, tc.args, r.code, r.stdout, r.stderr, tc.out)
		}
	}
}

func TestConvertJSONToUBJSON(t *testing.T) {
	for _, tc := range []struct {
		in, out string
		args    []string
	}{
		// The object example of the specification (block notation).
		{`{"post": {"id": 1137, "author": "rkalla", "timestamp": 1364482090592, "body": "I totally agree!"}}`,
			"{i\x04post{i\x02idI\x04\x71i\x06authorSi\x06rkallai\x09timestampL\x00\x00\x01\x3d\xb1\x78\x66\x60i\x04bodySi\x10I totally agree!}}", nil},
		{`[null, true, false, "a", 255]`, "[ZTFCaU\xff]", nil},
		{`123456789012345678901234567890`, "Hi\x1e123456789012345678901234567890", nil},
		{`1.5`, "D\x3f\xf8\x00\x00\x00\x00\x00\x00", nil},
		{`1.5`, "d\x3f\xc0\x00\x00", []string{"--float32"}},
		{`[1, 2, 3, 4, 5, 6]`, "[$i#i\x06\x01\x02\x03\x04\x05\x06", []string{"--typed"}},
		{`0.10000000000000000001`, "Hi\x160.10000000000000000001", []string{"--inexact", "decimal"}},
		{"1\n\"ab\"\n", "i\x01Si\x02ab", nil},
	} {
		args := append([]string{"convert", "--from", "json", "--to", "ubjson"}, tc.args...)
		r := runCeler(t, tc.in, args...)
		if r.code != 0 || r.stdout != tc.out || r.stderr != "" {
			t.Errorf("%s %v: %d %q %q; want %q", tc.in, tc.args, r.code, r.stdout, r.stderr, tc.out)
		}
	}
}

func TestConvertUBJSONToJSON(t *testing.T) {
	for _, tc := range []struct {
		in, out string
		args    []string
	}{
		{"[$d#i\x02\x3f\xc0\x00\x00\x40\x20\x00\x00", "[1.5,2.5]\n", nil},
		{"{$Z#i\x02i\x01ai\x01b", `{"a":null,"b":null}` + "\n", nil},
		{"[$U#i\x03\x01\x02\x03", `"AQID"` + "\n", nil},
		{"NHi\x1418446744073709551616N", "18446744073709551616\n", nil},
		{"[NCxN]", `["x"]` + "\n", nil},
	} {
		args := append([]string{"convert", "--from", "ubjson", "--to", "json"}, tc.args...)
		r := runCeler(t, tc.in, args...)
		if r.code != 0 || r.stdout != tc.out || r.stderr != "" {
			t.Errorf("%q %v: %d %q %q; want %q", tc.in, tc.args, r.code, r.stdout, r.stderr, tc.out)
		}
	}
}

// TestConvertBetweenBinary converts between the binary formats directly.
func TestConvertBetweenBinary(t *testing.T) {
	for _, tc := range []struct {
		from, to, in, out string
		args              []string
	}{
		{"msgpack", "cbor", unhex(t, "d6 ff 51 4b 67 b0"), unhex(t, "c0 74 323031332d30332d32315432303a30343a30305a"), nil},
		{"cbor", "msgpack", unhex(t, "c1 1a 51 4b 67 b0"), unhex(t, "d6 ff 51 4b 67 b0"), nil},
		{"msgpack", "ubjson", unhex(t, "82 a1 61 c4 02 01 02 a1 62 cf ff ff ff ff ff ff ff ff"), "{i\x01a[$U#i\x02\x01\x02i\x01bHi\x1418446744073709551615}", nil},
		{"ubjson", "msgpack", "{i\x01a[$U#i\x02\x01\x02i\x01bHi\x1418446744073709551615}", unhex(t, "82 a1 61 c4 02 01 02 a1 62 cf ff ff ff ff ff ff ff ff"), nil},
		{"cbor", "ubjson", unhex(t, "c2 49 01 00 00 00 00 00 00 00 00"), "Hi\x1418446744073709551616", nil},
		{"ubjson", "cbor", "Hi\x1418446744073709551616", unhex(t, "c2 49 01 00 00 00 00 00 00 00 00"), nil},
		{"msgpack", "ubjson", unhex(t, "81 01 02"), "{i\x011i\x02}", []string{"--lossy"}},
	} {
		args := append([]string{"convert", "--from", tc.from, "--to", tc.to}, tc.args...)
		r := runCeler(t, tc.in, args...)
		if r.code != 0 || r.stdout != tc.out || r.stderr != "" {
			t.Errorf("%s to %s %q: %d %q %q; want %q", tc.from, tc.to, tc.in, r.code, r.stdout, r.stderr, tc.out)
		}
	}
}

func TestConvertFormatErrors(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		in    string
		code  int
		errRE string
	}{
		{[]string{"--from", "msgpack", "--to", "json"}, unhex(t, "92 01"), 1, `^<stdin>: offset 2: unexpected end of input \(at /0\)\n$`},
		{[]string{"--from", "msgpack", "--to", "json"}, unhex(t, "81 a1 61 c1"), 1, `^<stdin>: offset 3: never-used byte 0xc1 \(at /a\)\n$`},
		{[]string{"--from", "msgpack", "--to", "json"}, unhex(t, "dd ff ff ff ff"), 1, `^<stdin>: offset 5: unexpected end`},
		{[]string{"--from", "msgpack", "--to", "json"}, unhex(t, "a2 c3 28"), 1, `^<stdin>: offset 0: invalid UTF-8`},
		{[]string{"--from", "msgpack", "--to", "json"}, unhex(t, "d4 05 01"), 1, `^celer convert: .*msgpack-ext.*cannot be written as JSON\n$`},
		{[]string{"--from", "msgpack", "--to", "json"}, "", 1, `^<stdin>: no value in the input\n$`},
		{[]string{"--from", "json", "--to", "msgpack"}, `[18446744073709551616]`, 1, `^celer convert: .*beyond the 64-bit range`},
		{[]string{"--from", "json", "--to", "msgpack"}, `[1, 2`, 1, `^<stdin>:1:\d+: .+\n$`},
		{[]string{"--from", "ubjson", "--to", "json"}, "[i\x01", 1, `^<stdin>: offset 3: unexpected end of input in a container \(at /0\)\n$`},
		{[]string{"--from", "ubjson", "--to", "json"}, "{i\x01aHi\x02x1}", 1, `^<stdin>: offset 4: high-precision number "x1" is not a JSON number \(at /a\)\n$`},
		{[]string{"--from", "ubjson", "--to", "json"}, "[#L\x7f\xff\xff\xff\xff\xff\xff\xff", 1, `^<stdin>: offset \d+: (unexpected end|.*too long)`},
		{[]string{"--from", "json", "--to", "ubjson"}, `0.10000000000000000001`, 1, `^celer convert: .*no exact float form`},
		{[]string{"--from", "msgpack", "--to", "ubjson"}, unhex(t, "81 01 02"), 1, `^celer convert: .*not a string`},
	} {
		r := runCeler(t, tc.in, append([]string{"convert"}, tc.args...)...)
		if r.code != tc.code || !regexp.MustCompile(tc.errRE).MatchString(r.stderr) {
			t.Errorf("convert %v < %q = %d, stderr %q; want %d, stderr matching %s", tc.args, tc.in, r.code, r.stderr, tc.code, tc.errRE)
		}
	}
}

// TestConvertCorpusMsgpackUBJSON converts every corpus file JSON -> X ->
// JSON -> X for X msgpack and ubjson with the command: X must be valid
// and the same both times, and the JSON compact with one newline.
func TestConvertCorpusMsgpackUBJSON(t *testing.T) {
	corpus := sharedCorpus(t)
	n := 0
	err := filepath.WalkDir(corpus, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") || strings.Contains(path, "jsonchecker/fail") {
			return err
		}
		in, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n++
		for _, f := range []struct {
			name  string
			args  []string
			valid func([]byte) error
		}{
			{"msgpack", []string{"--inexact", "string"}, func(b []byte) error { return validAll(msgpack.NewReaderBytes(b)) }},
			{"ubjson", []string{"--inexact", "decimal", "--typed"}, func(b []byte) error { return validAll(ubjson.NewReaderBytes(b)) }},
		} {
			to := append([]string{"convert", "--from", "json", "--to", f.name}, f.args...)
			x1 := runCeler(t, string(in), to...)
			if x1.code != 0 {
				t.Errorf("%s to %s: %+v", path, f.name, x1)
				continue
			}
			if err := f.valid([]byte(x1.stdout)); err != nil {
				t.Errorf("%s: invalid %s: %v", path, f.name, err)
			}
			j := runCeler(t, x1.stdout, "convert", "--from", f.name, "--to", "json")
			if j.code != 0 || !strings.HasSuffix(j.stdout, "\n") || strings.Count(j.stdout, "\n") != 1 {
				t.Errorf("%s: %s to JSON: %d %q", path, f.name, j.code, j.stderr)
				continue
			}
			x2 := runCeler(t, j.stdout, to...)
			if x2.code != 0 || x2.stdout != x1.stdout {
				t.Errorf("%s: JSON -> %s -> JSON -> %s differs", path, f.name, f.name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatalf("no *.json file in %s", corpus)
	}
}

// validAll reads every token of r: the input must be valid to its end.
func validAll(r token.Reader) error {
	for {
		if _, err := r.ReadToken(); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
	}
}
