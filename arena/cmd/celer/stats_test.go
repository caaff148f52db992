package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runStatsJSON runs celer stats --json and decodes its report.
func runStatsJSON(t *testing.T, stdin string, args ...string) statsReport {
	t.Helper()
	r := runCeler(t, stdin, append([]string{"stats", "--json"}, args...)...)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("stats %q: %d %q", args, r.code, r.stderr)
	}
	var rep statsReport
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("stats --json output: %v\n%s", err, r.stdout)
	}
	return rep
}

// convertLen returns the length of what celer convert writes.
func convertLen(t *testing.T, in string, args ...string) int {
	t.Helper()
	r := runCeler(t, in, append([]string{"convert", "--from", "json"}, args...)...)
	if r.code != 0 {
		t.Fatalf("convert %q: %d %q", args, r.code, r.stderr)
	}
	return len(r.stdout)
}

// checkSizes checks every row of rep that has a size against celer
// convert's output, raw and with each --compress codec, with extra
// convert flags.
func checkSizes(t *testing.T, in string, rep statsReport, extra ...string) {
	t.Helper()
	for _, row := range rep.Formats {
		if row.Bytes == nil {
			continue
		}
		var args []string
		switch row.Format {
		case "json (as given)":
			if *row.Bytes != len(in) {
				t.Errorf("%s: %d bytes, the input has %d", row.Format, *row.Bytes, len(in))
			}
		case "extjson --relaxed":
			args = []string{"--to", "extjson", "--relaxed"}
		default:
			args = []string{"--to", row.Format}
		}
		for _, codec := range []string{"", "zstd", "lz4", "snappy"} {
			want, got := 0, 0
			if args == nil { // the input as given: compress it with compress.go's writer
				if codec == "" {
					continue
				}
				z, err := compressBytes(nil, codec, []byte(in))
				if err != nil {
					t.Fatal(err)
				}
				want, got = len(z), row.Compressed[codec]
			} else if codec == "" {
				want, got = convertLen(t, in, append(args, extra...)...), *row.Bytes
			} else {
				want, got = convertLen(t, in, append(append(args, extra...), "--compress", codec)...), row.Compressed[codec]
			}
			if got != want {
				t.Errorf("%s %s: %d bytes, convert writes %d", row.Format, codec, got, want)
			}
		}
	}
}

var statsRows = []string{"json (as given)", "json", "cbor", "msgpack", "ubjson", "bson", "extjson", "extjson --relaxed"}

// TestStatsSmall: a small document gives every row, with sizes equal to
// convert's output and every speed measured.
func TestStatsSmall(t *testing.T) {
	in := `{"name": "celer", "n": [1, -2, 3.5, 1e3], "ok": true, "none": null, "nested": {"s": "\u00e9t\u00e9"}}` + "\n"
	rep := runStatsJSON(t, in, "--time", "2ms")
	if rep.Bytes != len(in) || rep.Values != 1 || rep.File != "<stdin>" || rep.TimeMs != 2 {
		t.Errorf("report header: %+v", rep)
	}
	if len(rep.Formats) != len(statsRows) {
		t.Fatalf("%d rows, want %d", len(rep.Formats), len(statsRows))
	}
	for i, row := range rep.Formats {
		if row.Format != statsRows[i] {
			t.Errorf("row %d: %q, want %q", i, row.Format, statsRows[i])
		}
		if row.Bytes == nil || row.Error != "" {
			t.Errorf("%s: no size (%s)", row.Format, row.Error)
			continue
		}
		positive := func(what string, v *float64) {
			if v == nil || !(*v > 0) {
				t.Errorf("%s: %s not measured", row.Format, what)
			}
		}
		positive("decode", row.DecodeMBps)
		positive("decode ns", row.DecodeNs)
		if i > 0 {
			positive("encode", row.EncodeMBps)
			positive("encode ns", row.EncodeNs)
		} else if row.EncodeMBps != nil {
			t.Errorf("%s: an encode speed", row.Format)
		}
		for _, codec := range codecs {
			if cs := row.Codecs[codec]; cs == nil {
				t.Errorf("%s %s: no speeds", row.Format, codec)
			} else {
				positive(codec+" compress", cs.Compress)
				positive(codec+" decompress", cs.Decompress)
			}
		}
	}
	checkSizes(t, in, rep)

	// The table shows every row and both tables.
	r := runCeler(t, in, "stats", "--time", "1ms")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("stats: %d %q", r.code, r.stderr)
	}
	for _, name := range statsRows {
		if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(name) + `  +\d+  +\d\.\d{3}  +\d+  +\d+  +\d+$`).MatchString(r.stdout) {
			t.Errorf("no size row for %s in\n%s", name, r.stdout)
		}
		if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(name) + `  +(—|\d+)(  +\d+){7}$`).MatchString(r.stdout) {
			t.Errorf("no speed row for %s in\n%s", name, r.stdout)
		}
	}
	// --time 0: sizes only.
	r = runCeler(t, in, "stats", "--time", "0")
	if r.code != 0 || strings.Contains(r.stdout, "speed") || !strings.Contains(r.stdout, "size in bytes") {
		t.Errorf("--time 0: %d %q", r.code, r.stdout)
	}
}

// TestStatsCorpusFile: a corpus file read from its path, sizes against
// convert (user.json has only numbers that floats hold exactly).
func TestStatsCorpusFile(t *testing.T) {
	path := filepath.Join(sharedCorpus(t), "groovy-json-benchmarks", "user.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rep := runStatsJSON(t, "", "--time", "0", path)
	if rep.File != path || rep.Bytes != len(data) {
		t.Errorf("header: %q %d", rep.File, rep.Bytes)
	}
	for _, row := range rep.Formats {
		if row.Bytes == nil {
			t.Errorf("%s: %s", row.Format, row.Error)
		}
	}
	checkSizes(t, string(data), rep)
}

// TestStatsUnrepresentable: BSON needs an object; a number no float
// holds needs --inexact; several values are counted.
func TestStatsUnrepresentable(t *testing.T) {
	rep := runStatsJSON(t, "[1, 2]", "--time", "0")
	for _, row := range rep.Formats {
		if (row.Format == "bson") != (row.Bytes == nil) {
			t.Errorf("[1, 2] %s: %v %q", row.Format, row.Bytes, row.Error)
		}
		if row.Format == "bson" && row.Error != "top level is not an object" {
			t.Errorf("bson: %q", row.Error)
		}
	}
	r := runCeler(t, "[1, 2]", "stats", "--time", "0")
	if r.code != 0 || !regexp.MustCompile(`(?m)^  bson  +—  +—  +—  +—  +—$`).MatchString(r.stdout) ||
		!strings.Contains(r.stdout, "— bson: top level is not an object") {
		t.Errorf("table: %d\n%s", r.code, r.stdout)
	}

	in := `{"x": 0.10000000000000000001}`
	rep = runStatsJSON(t, in, "--time", "0")
	for _, row := range rep.Formats {
		exact := strings.HasPrefix(row.Format, "json")
		if exact != (row.Bytes != nil) || !exact && !strings.Contains(row.Error, "0.10000000000000000001") {
			t.Errorf("%s: %v %q", row.Format, row.Bytes, row.Error)
		}
	}
	rep = runStatsJSON(t, in, "--time", "0", "--inexact", "decimal")
	for _, row := range rep.Formats {
		if (row.Format == "msgpack") != (row.Bytes == nil) { // MessagePack has no decimal type
			t.Errorf("--inexact decimal %s: %v %q", row.Format, row.Bytes, row.Error)
		}
	}
	checkSizes(t, in, rep, "--inexact", "decimal")

	nd := "{\"a\": 1}\n{\"a\": [true]}\n"
	rep = runStatsJSON(t, nd, "--time", "1ms", "--float32", "--typed")
	if rep.Values != 2 {
		t.Errorf("NDJSON: %d values", rep.Values)
	}
	checkSizes(t, nd, rep, "--float32", "--typed")
}

// TestStatsExit: exit statuses and messages.
func TestStatsExit(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte("{\"a\": [1,\n 2,]}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		stdin string
		args  []string
		code  int
		re    string
	}{
		{"", []string{bad}, 1, `^` + regexp.QuoteMeta(bad) + `:2:4: `},
		{"", []string{filepath.Join(dir, "missing.json")}, 1, `^celer stats: open .*missing.json: no such file`},
		{"", nil, 1, `^<stdin>: no value in the input`},
		{"[1] x", nil, 1, `^<stdin>:1:5: `},
		{"1", []string{"a", "b"}, 2, `at most one FILE`},
		{"1", []string{"--nope"}, 2, `provided but not defined: -nope`},
		{"1", []string{"--inexact", "round"}, 2, `unknown --inexact mode "round"`},
		{"1", []string{"--time", "-1s"}, 2, `--time must not be negative`},
		{"1", []string{"--time", "soon"}, 2, `invalid value "soon" for flag -time`},
		{"1", []string{"-h"}, 0, `(?s)^usage: celer stats .*Flags:`},
	} {
		r := runCeler(t, tc.stdin, append([]string{"stats"}, tc.args...)...)
		if r.code != tc.code || !regexp.MustCompile(tc.re).MatchString(r.stderr) || tc.code != 0 && r.stdout != "" {
			t.Errorf("stats %q: %d %q %q; want %d, stderr matching %s", tc.args, r.code, r.stdout, r.stderr, tc.code, tc.re)
		}
	}
	if r := runCeler(t, "", "help"); !strings.Contains(r.stdout, "stats") {
		t.Error("help does not list stats")
	}
}
