package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/celerjson/celer/arena/dataset"
)

// maxRSS is the peak resident memory allowed to the celer process.
const maxRSS = 32 << 20

// TestStreamingMemory runs the binary on a ~20 MB citylots file and checks
// its peak memory and its output.
func TestStreamingMemory(t *testing.T) {
	testStreamingMemory(t, 20<<20)
}

// TestStreamingMemoryBig does the same with a ~200 MB file; it runs only
// with CELER_BIG=1 and without -short.
func TestStreamingMemoryBig(t *testing.T) {
	if testing.Short() || os.Getenv("CELER_BIG") != "1" {
		t.Skip("set CELER_BIG=1 (without -short) to run the 200 MB streaming test")
	}
	testStreamingMemory(t, 200<<20)
}

func testStreamingMemory(t *testing.T, size int64) {
	bin := celerBinary(t)
	dir := t.TempDir()
	in := filepath.Join(dir, "citylots.json")
	src := genCityLots(t, in, size)
	t.Logf("input: citylots-shaped, %d bytes (%.1f MiB)", len(src), float64(len(src))/(1<<20))

	var want bytes.Buffer
	want.Grow(3 * len(src))
	if err := json.Indent(&want, src, "", "  "); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.json")
	runMeasured(t, bin, "fmt", in, "-o", out)
	compareFile(t, out, want.Bytes())

	want.Reset()
	if err := json.Compact(&want, src); err != nil {
		t.Fatal(err)
	}
	runMeasured(t, bin, "min", "-o", out, in)
	compareFile(t, out, want.Bytes())

	runMeasured(t, bin, "validate", in)
}

// genCityLots writes a citylots file of about size bytes to path and
// returns its content.
func genCityLots(t *testing.T, path string, size int64) []byte {
	t.Helper()
	var buf bytes.Buffer
	buf.Grow(int(size) + 4096)
	if _, err := dataset.CityLots(&buf, size, 1); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// The peak RSS that the kernel reports for a child includes the peak RSS of
// the process that started it (Go starts children with vfork, and exec keeps
// the larger of the old and new peaks), and this test process is large. So
// runMeasured starts a fresh, small copy of the test binary as a helper,
// which starts celer, waits for it and writes its peak RSS to a file.
const (
	rssHelperEnv = "CELER_TEST_RSS_HELPER" // set to the file for the peak RSS
)

func init() {
	if path := os.Getenv(rssHelperEnv); path != "" {
		os.Exit(rssHelper(path, os.Args[1:]))
	}
}

// rssHelper runs args, inheriting standard streams, writes its peak RSS in
// bytes to path and returns its exit status.
func rssHelper(path string, args []string) int {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, err)
		return 125
	}
	rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10 // KiB on Linux
	if err := os.WriteFile(path, []byte(strconv.FormatInt(rss, 10)), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 125
	}
	return cmd.ProcessState.ExitCode()
}

// runMeasured runs the binary through the helper; the run must succeed
// silently. It logs the time and peak RSS and checks the RSS.
func runMeasured(t *testing.T, bin string, args ...string) {
	t.Helper()
	rssFile := filepath.Join(t.TempDir(), "rss")
	cmd := exec.Command(os.Args[0], append([]string{bin}, args...)...)
	cmd.Env = append(os.Environ(), rssHelperEnv+"="+rssFile)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	elapsed := time.Since(start)
	if err != nil || stdout.Len() != 0 || stderr.Len() != 0 {
		t.Fatalf("celer %q: %v\nstdout: %.200q\nstderr: %.500q", args, err, stdout.String(), stderr.String())
	}
	b, err := os.ReadFile(rssFile)
	if err != nil {
		t.Fatal(err)
	}
	rss, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("celer %s: %.2fs, peak RSS %.1f MiB", strings.Join(args, " "), elapsed.Seconds(), float64(rss)/(1<<20))
	if rss >= maxRSS {
		t.Errorf("celer %q: peak RSS %.1f MiB, want < %d MiB", args, float64(rss)/(1<<20), maxRSS>>20)
	}
}

// compareFile compares the file at path with want, chunk by chunk.
func compareFile(t *testing.T, path string, want []byte) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, 1<<20)
	var off int
	for {
		n, err := io.ReadFull(f, buf)
		got := buf[:n]
		end := min(off+n, len(want))
		if !bytes.Equal(got, want[off:end]) {
			i := off
			for i < end && got[i-off] == want[i] {
				i++
			}
			t.Fatalf("%s differs from encoding/json at offset %d (%s vs %s bytes)", path, i, fmt.Sprint(off+n), fmt.Sprint(len(want)))
		}
		off += n
		if err != nil {
			break
		}
	}
	if off != len(want) {
		t.Fatalf("%s has %d bytes, encoding/json %d", path, off, len(want))
	}
}
