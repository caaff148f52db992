package main

import (
	"bytes"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/celerjson/celer/cbor"
)

func unhex(t *testing.T, s string) string {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestConvertJSONToCBOR(t *testing.T) {
	for _, tc := range []struct {
		in, hex string
		args    []string
	}{
		// Examples of RFC 8949 Appendix A, and its 5.5 and 5555.5 of 4.1.
		{`[1, [2, 3], [4, 5]]`, "83 01 82 02 03 82 04 05", nil},
		{`{"a": 1, "b": [2, 3]}`, "a2 61 61 01 61 62 82 02 03", nil},
		{`["a", {"b": "c"}]`, "82 61 61 a1 61 62 61 63", nil},
		{`1.0`, "f9 3c 00", nil},
		{`5.5`, "f9 45 80", nil},
		{`5555.5`, "fa 45 ad 9c 00", nil},
		{`1.1`, "fb 3f f1 99 99 99 99 99 9a", nil},
		{`-1000`, "39 03 e7", nil},
		{`18446744073709551616`, "c2 49 01 00 00 00 00 00 00 00 00", nil},
		{`-18446744073709551617`, "c3 49 01 00 00 00 00 00 00 00 00", nil},
		{`"\u00fc"`, "62 c3 bc", nil},
		{`[null, true, false]`, "83 f6 f5 f4", nil},
		// Several values: a CBOR sequence.
		{"1\n\"a\"\n[]\n", "01 61 61 80", nil},
		// Options.
		{`[1, {"a": []}]`, "9f 01 bf 61 61 9f ff ff ff", []string{"--indefinite"}},
		{`0.10000000000000000001`, "c4 82 33 1b 8a c7 23 04 89 e8 00 01", []string{"--inexact", "decimal"}},
		{`1e400`, "65 31 65 34 30 30", []string{"--inexact=string"}},
		{`[0.10000000000000000001, -65.613616999999977, 1e-400]`, "83 fb 3f b9 99 99 99 99 99 9a fb c0 50 67 45 80 3c d1 40 f9 00 00", []string{"--inexact", "float"}},
	} {
		args := append([]string{"convert", "--from", "json", "--to", "cbor"}, tc.args...)
		r := runCeler(t, tc.in, args...)
		if r.code != 0 || r.stdout != unhex(t, tc.hex) || r.stderr != "" {
			t.Errorf("%s %v: %d %x %q; want %s", tc.in, tc.args, r.code, r.stdout, r.stderr, tc.hex)
		}
	}
}

func TestConvertCBORToJSON(t *testing.T) {
	for _, tc := range []struct {
		hex, out string
		args     []string
	}{
		{"83 01 82 02 03 9f 04 05 ff", "[1,[2,3],[4,5]]\n", nil},
		{"bf 63 46 75 6e f5 63 41 6d 74 21 ff", `{"Fun":true,"Amt":-2}` + "\n", nil},
		{"f9 3c 00", "1.0\n", nil},
		{"fb 3f f1 99 99 99 99 99 9a", "1.1\n", nil},
		{"c2 49 01 00 00 00 00 00 00 00 00", "18446744073709551616\n", nil},
		{"c4 82 21 19 6a b3", "273.15\n", nil},
		{"44 01 02 03 04", `"AQIDBA"` + "\n", nil},
		{"d7 44 01 02 03 04", `"01020304"` + "\n", nil},
		{"c0 74 32 30 31 33 2d 30 33 2d 32 31 54 32 30 3a 30 34 3a 30 30 5a", `"2013-03-21T20:04:00Z"` + "\n", nil},
		{"c1 1a 51 4b 67 b0", "1363896240\n", nil},
		{"f7", "null\n", nil},
		{"01 02", "1\n2\n", nil},
		{"82 f9 7c 00 f0", "[null,null]\n", []string{"--lossy"}},
		{"a1 01 02", `{"1":2}` + "\n", []string{"--lossy"}},
	} {
		args := append([]string{"convert", "--from", "cbor", "--to", "json"}, tc.args...)
		r := runCeler(t, unhex(t, tc.hex), args...)
		if r.code != 0 || r.stdout != tc.out || r.stderr != "" {
			t.Errorf("%s %v: %d %q %q; want %q", tc.hex, tc.args, r.code, r.stdout, r.stderr, tc.out)
		}
	}
}

func TestConvertErrors(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		in    string
		code  int
		errRE string
	}{
		{[]string{"--from", "json", "--to", "cbor"}, `[1, 2`, 1, `^<stdin>:1:\d+: .+\n$`},
		{[]string{"--from", "json", "--to", "cbor"}, `{"a": x}`, 1, `^<stdin>:1:7: .+ \(at /a, near .+\)\n$`},
		{[]string{"--from", "json", "--to", "cbor"}, ``, 1, `^<stdin>: no value in the input\n$`},
		{[]string{"--from", "json", "--to", "cbor"}, `[0.10000000000000000001]`, 1, `^celer convert: .*no exact float form.*\n$`},
		{[]string{"--from", "cbor", "--to", "json"}, unhex(t, "82 01"), 1, `^<stdin>: offset 2: unexpected end of input \(at /0\)\n$`},
		{[]string{"--from", "cbor", "--to", "json"}, unhex(t, "a1 61 61 1c"), 1, `^<stdin>: offset 3: reserved .* \(at /a\)\n$`},
		{[]string{"--from", "cbor", "--to", "json"}, unhex(t, "62 c3 28"), 1, `^<stdin>: offset 0: invalid UTF-8`},
		{[]string{"--from", "cbor", "--to", "json"}, unhex(t, "9b 00 00 00 01 00 00 00 00 00"), 1, `^<stdin>: offset 10: unexpected end`},
		{[]string{"--from", "cbor", "--to", "json"}, unhex(t, "fa 7f c0 00 00"), 1, `^celer convert: .*NaN cannot be written as JSON\n$`},
		{[]string{"--from", "cbor", "--to", "json"}, unhex(t, "a1 01 02"), 1, `^celer convert: .*map key`},
		{[]string{"--from", "cbor", "--to", "json"}, "", 1, `^<stdin>: no value in the input\n$`},
		{[]string{"--from", "messagepack", "--to", "json"}, "", 2, `unknown format "messagepack" for --from`},
		{[]string{"--from", "json", "--to", "ubj"}, "", 2, `unknown format "ubj" for --to`},
		{[]string{"--from", "yaml", "--to", "json"}, "", 2, `unknown format "yaml" for --from`},
		{[]string{"--to", "json"}, "", 2, `--from is required`},
		{[]string{"--from", "json"}, "", 2, `--to is required`},
		{[]string{"--from", "json", "--to", "cbor", "--inexact", "round"}, "", 2, `unknown --inexact mode`},
		{[]string{"--from", "json", "--to", "cbor", "--inexact", "float"}, `1e400`, 1, `no exact float form`},
		{[]string{"--from", "json", "--to", "cbor", "a", "b"}, "", 2, `at most one FILE`},
		{[]string{"--from", "json", "--to", "cbor", "/nonexistent/x.json"}, "", 1, `nonexistent`},
	} {
		r := runCeler(t, tc.in, append([]string{"convert"}, tc.args...)...)
		if r.code != tc.code || !regexp.MustCompile(tc.errRE).MatchString(r.stderr) {
			t.Errorf("convert %v < %q = %d, stderr %q; want %d, stderr matching %s", tc.args, tc.in, r.code, r.stderr, tc.code, tc.errRE)
		}
	}
	if r := runCeler(t, "", "help", "convert"); r.code != 0 || !strings.Contains(r.stdout, "--inexact") {
		t.Errorf("help convert: %+v", r)
	}
	if r := runCeler(t, "", "help"); !strings.Contains(r.stdout, "convert") {
		t.Errorf("convert is not listed in help")
	}
}

func TestConvertOutputFile(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, dir, "in.json", `{"a": [1, 2.5]}`)
	out := filepath.Join(dir, "out.cbor")
	if r := runCeler(t, "", "convert", "--from", "json", "--to", "cbor", "-o", out, in); r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Fatalf("convert -o: %+v", r)
	}
	wantFile(t, out, unhex(t, "a1 61 61 82 01 f9 41 00"))
	// Back, from the file.
	if r := runCeler(t, "", "convert", "--from", "cbor", "--to", "json", out); r.code != 0 || r.stdout != `{"a":[1,2.5]}`+"\n" {
		t.Errorf("convert back: %+v", r)
	}
	// A failed conversion leaves the -o file untouched.
	bad := writeFile(t, dir, "bad.json", `{"a": [1, 2.5]`)
	if r := runCeler(t, "", "convert", "--from", "json", "--to", "cbor", "-o", out, bad); r.code != 1 {
		t.Errorf("bad input: %+v", r)
	}
	wantFile(t, out, unhex(t, "a1 61 61 82 01 f9 41 00"))
}

// TestConvertSharedCorpus converts every corpus file JSON -> CBOR -> JSON
// -> CBOR with the command: the CBOR must be valid and the same both times
// (the JSON in between, compact, ending with one newline).
func TestConvertSharedCorpus(t *testing.T) {
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
		toCBOR := []string{"convert", "--from", "json", "--to", "cbor", "--inexact", "decimal"}
		c1 := runCeler(t, string(in), toCBOR...)
		if c1.code != 0 {
			t.Errorf("%s: %+v", path, c1)
			return nil
		}
		if err := cbor.Validate([]byte(c1.stdout)); err != nil {
			t.Errorf("%s: invalid CBOR: %v", path, err)
		}
		j := runCeler(t, c1.stdout, "convert", "--from", "cbor", "--to", "json")
		if j.code != 0 || !strings.HasSuffix(j.stdout, "\n") || strings.Count(j.stdout, "\n") != 1 {
			t.Errorf("%s: to JSON: %d %q", path, j.code, j.stderr)
			return nil
		}
		c2 := runCeler(t, j.stdout, toCBOR...)
		if c2.code != 0 || c2.stdout != c1.stdout {
			t.Errorf("%s: JSON -> CBOR -> JSON -> CBOR differs", path)
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

// TestConvertBinary pipes CBOR through the real binary: the output must be
// exactly the encoded bytes.
func TestConvertBinary(t *testing.T) {
	bin := celerBinary(t)
	cmd := exec.Command(bin, "convert", "--from", "json", "--to", "cbor")
	cmd.Stdin = strings.NewReader(`{"bytes": [0, 255, 10, 13], "nl": "\n\r"}`)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	want := unhex(t, "a2 65 6279746573 84 00 18 ff 0a 0d 62 6e6c 62 0a0d")
	if err != nil || string(out) != want || stderr.Len() != 0 {
		t.Errorf("json to cbor through a pipe: %v, %x, stderr %q", err, out, stderr.String())
	}
	cmd = exec.Command(bin, "convert", "--from", "cbor", "--to", "json")
	cmd.Stdin = strings.NewReader(want)
	out, err = cmd.Output()
	if err != nil || string(out) != `{"bytes":[0,255,10,13],"nl":"\n\r"}`+"\n" {
		t.Errorf("cbor to json through a pipe: %v, %q", err, out)
	}
	var ee *exec.ExitError
	if err := exec.Command(bin, "convert", "--from", "yaml", "--to", "json").Run(); !errors.As(err, &ee) || ee.ExitCode() != 2 {
		t.Errorf("yaml: %v, want exit status 2", err)
	}
}
