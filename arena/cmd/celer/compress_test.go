package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/klauspost/compress/snappy"
	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
)

// libDecompress decompresses b with the codec's library directly (not
// through compress.go).
func libDecompress(t *testing.T, codec string, b []byte) []byte {
	t.Helper()
	var r io.Reader
	switch codec {
	case "zstd":
		d, err := zstd.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		r = d
	case "lz4":
		r = lz4.NewReader(bytes.NewReader(b))
	case "snappy":
		r = snappy.NewReader(bytes.NewReader(b))
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s: %v", codec, err)
	}
	return out
}

// TestConvertCompressRoundTrip: for each codec, convert --to cbor
// --compress gives the plain CBOR once decompressed by the codec's own
// library, with the codec's magic number first, and convert --from cbor
// --decompress (named, or auto) --to json gives the plain JSON output.
func TestConvertCompressRoundTrip(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(sharedCorpus(t), "simdjson", "twitter.json"))
	if err != nil {
		t.Fatal(err)
	}
	in := string(data)
	plainCBOR := runCeler(t, in, "convert", "--from", "json", "--to", "cbor")
	plainJSON := runCeler(t, in, "convert", "--from", "json", "--to", "json")
	if plainCBOR.code != 0 || plainJSON.code != 0 {
		t.Fatalf("plain conversions: %+v %+v", plainCBOR.stderr, plainJSON.stderr)
	}
	magic := map[string]string{"zstd": "\x28\xb5\x2f\xfd", "lz4": "\x04\x22\x4d\x18", "snappy": "\xff\x06\x00\x00sNaPpY"}
	for _, codec := range []string{"zstd", "lz4", "snappy"} {
		c := runCeler(t, in, "convert", "--from", "json", "--to", "cbor", "--compress", codec)
		if c.code != 0 || c.stderr != "" {
			t.Errorf("%s: %d %q", codec, c.code, c.stderr)
			continue
		}
		if !strings.HasPrefix(c.stdout, magic[codec]) {
			t.Errorf("%s: output starts % x", codec, c.stdout[:min(len(c.stdout), 10)])
		}
		if got := libDecompress(t, codec, []byte(c.stdout)); !bytes.Equal(got, []byte(plainCBOR.stdout)) {
			t.Errorf("%s: decompressed output is not the plain CBOR (%d bytes, want %d)", codec, len(got), len(plainCBOR.stdout))
		}
		if len(c.stdout) >= len(plainCBOR.stdout) {
			t.Errorf("%s: %d bytes compressed, %d plain", codec, len(c.stdout), len(plainCBOR.stdout))
		}
		for _, d := range []string{codec, "auto"} {
			back := runCeler(t, c.stdout, "convert", "--from", "cbor", "--decompress", d, "--to", "json")
			if back.code != 0 || back.stdout != plainJSON.stdout {
				t.Errorf("%s, --decompress %s: %d %q; JSON differs", codec, d, back.code, back.stderr)
			}
		}
		// To a file, and from one.
		dir := t.TempDir()
		out := filepath.Join(dir, "out.cbor."+codec)
		if r := runCeler(t, in, "convert", "--from", "json", "--to", "cbor", "--compress", codec, "-o", out); r.code != 0 {
			t.Errorf("%s -o: %+v", codec, r)
		} else if b, err := os.ReadFile(out); err != nil || string(b) != c.stdout {
			t.Errorf("%s -o: file differs from standard output (%v)", codec, err)
		}
		if r := runCeler(t, "", "convert", "--from", "cbor", "--to", "json", "--decompress", codec, out); r.code != 0 || r.stdout != plainJSON.stdout {
			t.Errorf("%s from a file: %d %q", codec, r.code, r.stderr)
		}
	}
	// auto reads uncompressed input as it is.
	if r := runCeler(t, plainCBOR.stdout, "convert", "--from", "cbor", "--decompress", "auto", "--to", "json"); r.code != 0 || r.stdout != plainJSON.stdout {
		t.Errorf("auto on plain CBOR: %d %q", r.code, r.stderr)
	}
	// Compressed JSON output, and empty output.
	if r := runCeler(t, "[1,2]", "convert", "--from", "json", "--to", "json", "--compress", "lz4"); r.code != 0 || string(libDecompress(t, "lz4", []byte(r.stdout))) != "[1,2]\n" {
		t.Errorf("JSON to lz4: %d %q", r.code, r.stderr)
	}
}

// TestConvertCompressErrors: unknown codecs are usage errors (exit 2);
// corrupt or truncated compressed input is invalid input (exit 1).
func TestConvertCompressErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		re   string
	}{
		{[]string{"--compress", "gzip"}, 2, `--compress: unknown codec "gzip" \(zstd, lz4, snappy\)`},
		{[]string{"--compress", "auto"}, 2, `--compress: unknown codec "auto"`},
		{[]string{"--decompress", "lzma"}, 2, `--decompress: unknown codec "lzma" \(zstd, lz4, snappy or auto\)`},
		{[]string{"--compress"}, 2, `flag needs an argument`},
	} {
		args := append([]string{"convert", "--from", "json", "--to", "cbor"}, tc.args...)
		r := runCeler(t, "1", args...)
		if r.code != tc.code || r.stdout != "" || !regexp.MustCompile(tc.re).MatchString(r.stderr) {
			t.Errorf("%q: %d %q %q; want %d, stderr matching %s", tc.args, r.code, r.stdout, r.stderr, tc.code, tc.re)
		}
	}

	payload := strings.Repeat(`{"a":[1,2,3],"b":"text text text"}`, 200)
	for _, codec := range []string{"zstd", "lz4", "snappy"} {
		c := runCeler(t, payload, "convert", "--from", "json", "--to", "cbor", "--compress", codec)
		if c.code != 0 {
			t.Fatalf("%s: %q", codec, c.stderr)
		}
		z := []byte(c.stdout)
		corrupt := bytes.Clone(z)
		corrupt[len(corrupt)/2] ^= 0x55
		for name, in := range map[string][]byte{"corrupt": corrupt, "truncated": z[:len(z)-5], "wrong codec": []byte(runCeler(t, payload, "convert", "--from", "json", "--to", "cbor", "--compress", other(codec)).stdout)} {
			r := runCeler(t, string(in), "convert", "--from", "cbor", "--to", "json", "--decompress", codec)
			if r.code != 1 || r.stderr == "" {
				t.Errorf("%s, %s input: %d %q", codec, name, r.code, r.stderr)
			}
		}
	}
	// A zstd frame asking for a 1 TiB window (Window_Descriptor exponent
	// 30) is refused.
	huge := []byte{0x28, 0xb5, 0x2f, 0xfd, 0x00, 30 << 3, 0x01, 0x00, 0x00}
	if r := runCeler(t, string(huge), "convert", "--from", "cbor", "--to", "json", "--decompress", "zstd"); r.code != 1 {
		t.Errorf("zstd 1 TiB window: %d %q", r.code, r.stderr)
	}
}

// other returns a codec other than c.
func other(c string) string {
	if c == "zstd" {
		return "lz4"
	}
	return "zstd"
}

// TestConvertCompressTools: the output reads back with the zstd and lz4
// command-line tools, and their output reads back with --decompress auto
// (skipped for a tool that is not installed).
func TestConvertCompressTools(t *testing.T) {
	in := `{"a":[1,2,3],"b":"` + strings.Repeat("text ", 100) + `"}`
	plain := runCeler(t, in, "convert", "--from", "json", "--to", "msgpack")
	for _, tool := range []string{"zstd", "lz4"} {
		path, err := exec.LookPath(tool)
		if err != nil {
			t.Logf("SKIP %s: not installed", tool)
			continue
		}
		c := runCeler(t, in, "convert", "--from", "json", "--to", "msgpack", "--compress", tool)
		cmd := exec.Command(path, "-d", "-c")
		cmd.Stdin = strings.NewReader(c.stdout)
		out, err := cmd.Output()
		if err != nil || string(out) != plain.stdout {
			t.Errorf("%s -d: %v, %d bytes, want %d", tool, err, len(out), len(plain.stdout))
		}
		cmd = exec.Command(path, "-c")
		cmd.Stdin = strings.NewReader(plain.stdout)
		z, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", tool, err)
		}
		back := runCeler(t, string(z), "convert", "--from", "msgpack", "--decompress", "auto", "--to", "json")
		if back.code != 0 || back.stdout != in+"\n" {
			t.Errorf("%s's output: %d %q %q", tool, back.code, back.stdout, back.stderr)
		}
	}
}
