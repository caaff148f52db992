package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/celerjson/celer/bson"
)

func TestConvertJSONToBSON(t *testing.T) {
	for _, tc := range []struct {
		in, hex string
		args    []string
	}{
		// The examples of the bsonspec.org FAQ.
		{`{"hello": "world"}`, "16000000 02 68656c6c6f00 06000000 776f726c6400 00", nil},
		{`{"BSON": ["awesome", 5.05, 1986]}`, "31000000 04 42534f4e00 26000000 02 3000 08000000 617765736f6d6500 01 3100 3333333333331440 10 3200 c2070000 00 00", nil},
		// int32 when it fits, else int64; doubles when exact.
		{`{"a": 2147483648, "b": 1.0, "c": -0}`, "26000000 12 6100 0000008000000000 01 6200 000000000000f03f 01 6300 0000000000000080 00", nil},
		// Several documents, one after the other.
		{"{}\n{\"a\": null}\n", "05000000 00 08000000 0a 6100 00", nil},
		// Numbers no double holds, by option.
		{`{"a": 0.10000000000000000001}`, "18000000 13 6100 0100e8890423c78a0000000000001830 00", []string{"--inexact", "decimal"}},
		{`{"a": 1e400}`, "12000000 02 6100 06000000 3165343030 00 00", []string{"--inexact=string"}},
	} {
		args := append([]string{"convert", "--from", "json", "--to", "bson"}, tc.args...)
		r := runCeler(t, tc.in, args...)
		if r.code != 0 || r.stdout != unhex(t, tc.hex) || r.stderr != "" {
			t.Errorf("%s %v: %d %x %q; want %s", tc.in, tc.args, r.code, r.stdout, r.stderr, tc.hex)
		}
	}
}

func TestConvertBSONToJSON(t *testing.T) {
	for _, tc := range []struct {
		hex, out string
		args     []string
	}{
		{"16000000 02 68656c6c6f00 06000000 776f726c6400 00", `{"hello":"world"}` + "\n", nil},
		{"05000000 00 08000000 0a 6100 00", "{}\n{\"a\":null}\n", nil},
		// Types JSON lacks: relaxed Extended JSON type wrappers.
		{"14000000 07 6100 57e193d7a9cc81b4027498b5 00", `{"a":{"$oid":"57e193d7a9cc81b4027498b5"}}` + "\n", nil},
		{"10000000 09 6100 0100000000000000 00", `{"a":{"$date":"1970-01-01T00:00:00.001Z"}}` + "\n", nil},
		{"18000000 13 6100 0f000000000000000000000000003e30 00", `{"a":1.5}` + "\n", nil},
		{"0f000000 05 6100 02000000 00 0102 00", `{"a":"AQI"}` + "\n", nil},
		{"0f000000 05 6100 02000000 80 0102 00", `{"a":{"$binary":{"base64":"AQI=","subType":"80"}}}` + "\n", nil},
		{"08000000 06 6100 00", `{"a":null}` + "\n", nil},
		{"10000000 12 6100 0100000000000000 00", `{"a":1}` + "\n", nil},
		{"10000000 01 6100 000000000000f87f 00", `{"a":null}` + "\n", []string{"--lossy"}},
	} {
		args := append([]string{"convert", "--from", "bson", "--to", "json"}, tc.args...)
		r := runCeler(t, unhex(t, tc.hex), args...)
		if r.code != 0 || r.stdout != tc.out || r.stderr != "" {
			t.Errorf("%s %v: %d %q %q; want %q", tc.hex, tc.args, r.code, r.stdout, r.stderr, tc.out)
		}
	}
}

func TestConvertExtJSON(t *testing.T) {
	// Every type, from BSON to canonical Extended JSON and back to the
	// same bytes (int64 types kept), and to relaxed Extended JSON.
	in := `{"i":{"$numberInt":"1"},"l":{"$numberLong":"1"},"d":{"$numberDouble":"1.0"},"n":{"$numberDouble":"NaN"},` +
		`"m":{"$numberDecimal":"1.50"},"o":{"$oid":"57e193d7a9cc81b4027498b5"},"t":{"$date":{"$numberLong":"1"}},` +
		`"b":{"$binary":{"base64":"AQI=","subType":"04"}},"g":{"$binary":{"base64":"AQI=","subType":"00"}},` +
		`"r":{"$regularExpression":{"pattern":"a","options":"im"}},"p":{"$dbPointer":{"$ref":"c","$id":{"$oid":"57e193d7a9cc81b4027498b5"}}},` +
		`"c":{"$code":"f"},"w":{"$code":"f","$scope":{"x":{"$numberLong":"2"}}},"s":{"$symbol":"y"},"ts":{"$timestamp":{"t":1,"i":2}},` +
		`"u":{"$undefined":true},"min":{"$minKey":1},"max":{"$maxKey":1},"z":null,"a":[true,"x",{"$numberInt":"3"}]}`
	b := runCeler(t, in, "convert", "--from", "extjson", "--to", "bson")
	if b.code != 0 || b.stderr != "" {
		t.Fatalf("extjson to bson: %+v", b)
	}
	if err := bson.Validate([]byte(b.stdout)); err != nil {
		t.Fatal(err)
	}
	c := runCeler(t, b.stdout, "convert", "--from", "bson", "--to", "extjson")
	if c.code != 0 || c.stdout != in+"\n" {
		t.Errorf("bson to canonical extjson:\n got %q\nwant %q", c.stdout, in+"\n")
	}
	b2 := runCeler(t, c.stdout, "convert", "--from", "extjson", "--to", "bson")
	if b2.code != 0 || b2.stdout != b.stdout {
		t.Errorf("canonical extjson back to bson differs: %+v", b2)
	}
	rx := runCeler(t, b.stdout, "convert", "--from", "bson", "--to", "extjson", "--relaxed")
	for _, part := range []string{`"i":1,"l":1,"d":1.0,"n":{"$numberDouble":"NaN"}`, `"t":{"$date":"1970-01-01T00:00:00.001Z"}`, `"w":{"$code":"f","$scope":{"x":2}}`, `"a":[true,"x",3]`} {
		if rx.code != 0 || !strings.Contains(rx.stdout, part) {
			t.Errorf("relaxed: %q has no %s", rx.stdout, part)
		}
	}
	// From and to plain JSON.
	for _, tc := range []struct {
		args    []string
		in, out string
	}{
		{[]string{"--from", "json", "--to", "extjson"}, `{"a":[1,2.5,"x",null]}`, `{"a":[{"$numberInt":"1"},{"$numberDouble":"2.5"},"x",null]}` + "\n"},
		{[]string{"--from", "json", "--to", "extjson", "--relaxed"}, `{"a":[1,2.5,4294967296]}`, `{"a":[1,2.5,4294967296]}` + "\n"},
		{[]string{"--from", "extjson", "--to", "json"}, `{"a":{"$numberLong":"5"},"b":{"$oid":"57e193d7a9cc81b4027498b5"}}`, `{"a":5,"b":{"$oid":"57e193d7a9cc81b4027498b5"}}` + "\n"},
		{[]string{"--from", "extjson", "--to", "cbor"}, `{"a":{"$numberDouble":"1.5"}}`, unhex(t, "a1 61 61 f9 3e 00")},
		{[]string{"--from", "extjson", "--to", "cbor"}, `{"a":{"$oid":"57e193d7a9cc81b4027498b5"},"u":{"$undefined":true}}`,
			unhex(t, "a2 61 61 a1 64 246f6964 78 18 353765313933643761396363383162343032373439386235 61 75 f7")},
	} {
		r := runCeler(t, tc.in, append([]string{"convert"}, tc.args...)...)
		if r.code != 0 || r.stdout != tc.out || r.stderr != "" {
			t.Errorf("%v %s: %+v; want %q", tc.args, tc.in, r, tc.out)
		}
	}
}

func TestConvertBSONErrors(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		in    string
		errRE string
	}{
		{[]string{"--from", "json", "--to", "bson"}, `[1, 2]`, `^celer convert: bson: BSON's top level must be a document, not an array\n$`},
		{[]string{"--from", "json", "--to", "bson"}, `{"a\u0000": 1}`, `NUL byte`},
		{[]string{"--from", "json", "--to", "bson"}, `{"a": 0.10000000000000000001}`, `no exact double form`},
		{[]string{"--from", "cbor", "--to", "bson"}, unhex(t, "a1 01 02"), `not a string`},
		{[]string{"--from", "bson", "--to", "json"}, unhex(t, "0c000000 02 6100 ffffff7f 00 00"), `^<stdin>: offset 4: string of length 2147483647 exceeds its document \(at /a\)\n$`},
		{[]string{"--from", "bson", "--to", "json"}, unhex(t, "ffffff7f 03 6100 ffffff"), `^<stdin>: offset 0: input ends 10 bytes into a document of length 2147483647\n$`},
		{[]string{"--from", "bson", "--to", "json"}, unhex(t, "0d000000 03 6100 05000000 01 00"), `^<stdin>: offset 11: document does not end with a NUL byte`},
		{[]string{"--from", "bson", "--to", "json"}, unhex(t, "10000000 01 6100 000000000000f87f 00"), `NaN cannot be written as JSON`},
		{[]string{"--from", "bson", "--to", "json"}, "", `^<stdin>: no value in the input\n$`},
		{[]string{"--from", "extjson", "--to", "bson"}, `{"a": {"$oid": "xyz"}}`, `^<stdin>: offset \d+: Extended JSON: \$oid "xyz" is not 24 hexadecimal digits \(at /a\)\n$`},
		{[]string{"--from", "extjson", "--to", "bson"}, `{"a": {"$numberInt": "1", "b": 2}}`, `extra key "b" in a type wrapper`},
		{[]string{"--from", "extjson", "--to", "bson"}, `{"a": [1, }`, `^<stdin>:1:\d+: `},
	} {
		r := runCeler(t, tc.in, append([]string{"convert"}, tc.args...)...)
		if r.code != 1 || !regexp.MustCompile(tc.errRE).MatchString(r.stderr) {
			t.Errorf("convert %v < %q = %d, stderr %q; want 1, stderr matching %s", tc.args, tc.in, r.code, r.stderr, tc.errRE)
		}
	}
	if r := runCeler(t, "", "help", "convert"); r.code != 0 || !strings.Contains(r.stdout, "--relaxed") {
		t.Errorf("help convert: %+v", r)
	}
}

// TestConvertBSONCorpus converts every corpus file whose top level is an
// object JSON -> BSON -> canonical Extended JSON -> BSON (the same bytes)
// and BSON -> JSON -> BSON (the same bytes), with the command.
func TestConvertBSONCorpus(t *testing.T) {
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
		if strings.TrimSpace(string(in))[0] != '{' {
			return nil
		}
		b := runCeler(t, string(in), "convert", "--from", "json", "--to", "bson", "--inexact", "decimal")
		if b.code != 0 {
			if strings.Contains(b.stderr, "NUL byte") {
				return nil // a member name BSON cannot hold
			}
			t.Errorf("%s: %+v", path, b.stderr)
			return nil
		}
		n++
		if err := bson.Validate([]byte(b.stdout)); err != nil {
			t.Errorf("%s: invalid BSON: %v", path, err)
		}
		x := runCeler(t, b.stdout, "convert", "--from", "bson", "--to", "extjson")
		b2 := runCeler(t, x.stdout, "convert", "--from", "extjson", "--to", "bson")
		if x.code != 0 || b2.code != 0 || b2.stdout != b.stdout {
			t.Errorf("%s: BSON -> Extended JSON -> BSON differs (%s%s)", path, x.stderr, b2.stderr)
		}
		j := runCeler(t, b.stdout, "convert", "--from", "bson", "--to", "json")
		b3 := runCeler(t, j.stdout, "convert", "--from", "json", "--to", "bson", "--inexact", "decimal")
		if j.code != 0 || strings.Count(j.stdout, "\n") != 1 || b3.code != 0 || b3.stdout != b.stdout {
			t.Errorf("%s: BSON -> JSON -> BSON differs (%s%s)", path, j.stderr, b3.stderr)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 10 {
		t.Fatalf("only %d object documents in %s", n, corpus)
	}
}
