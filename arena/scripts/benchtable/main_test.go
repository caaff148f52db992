package main

import (
	"bytes"
	"strings"
	"testing"
)

const sample = `goos: linux
pkg: github.com/celerjson/celer/arena/syntaxbench
BenchmarkValid/twitter/baseline-2   	 100	 20 ns/op	30000.00 MB/s	 0 B/op	 0 allocs/op
BenchmarkValid/twitter/celer-2      	 100	 20 ns/op	  400.00 MB/s	 0 B/op	 0 allocs/op
BenchmarkValid/twitter/celer-2      	 100	 20 ns/op	  600.00 MB/s	 0 B/op	 0 allocs/op
BenchmarkValid/twitter/celer-2      	 100	 20 ns/op	  500.00 MB/s	 0 B/op	 0 allocs/op
BenchmarkValid/twitter/stdjson-2    	 100	 20 ns/op	  200.00 MB/s	 16 B/op	 1 allocs/op
BenchmarkValid/twitter/jx-2         	 100	 20 ns/op	 1000.00 MB/s	 0 B/op	 0 allocs/op
FAILED BenchmarkValid/twitter/sonic (wrong answer, not timed): Valid accepts invalid JSON
BenchmarkValid/twitter/fastjson     	 100	 20 ns/op	  900.00 MB/s
PASS
`

func TestTable(t *testing.T) {
	r, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := r.mbs(key{"Valid", "twitter", "celer"}); got != 500 {
		t.Errorf("median celer MB/s = %v, want 500", got)
	}
	var buf bytes.Buffer
	r.write(&buf)
	out := buf.String()
	for _, want := range []string{
		"| Valid | twitter | 500 | 200 | jx 1000 | 2.50× | 0.500× | 0.017× |",
		"| twitter | 30000 (0) | 500 (0) | 200 (1) | 1000 (0) | FAILED | 900 |",
		"- sonic, Valid (twitter): Valid accepts invalid JSON",
		"Runs per benchmark: 1 to 3.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want float64
	}{{[]float64{3}, 3}, {[]float64{4, 1, 3, 2}, 2.5}, {[]float64{5, 1, 3}, 3}} {
		if got, _ := median(c.in); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.in, got, c.want)
		}
	}
	if _, ok := median(nil); ok {
		t.Error("median(nil) ok")
	}
}

func TestCPUAndBest(t *testing.T) {
	const in = `BenchmarkUnmarshalAny/user/celer-2  	 100	 20 ns/op	400.00 MB/s	 10 cpu-ns/op	 0 B/op	 0 allocs/op
BenchmarkUnmarshalAny/user/celer-2  	 100	 20 ns/op	600.00 MB/s	 20 cpu-ns/op	 0 B/op	 0 allocs/op
BenchmarkUnmarshalAny/user/stdjson-2	 100	 20 ns/op	100.00 MB/s	 0 B/op	 0 allocs/op
`
	defer func(c, b bool) { *byCPU, *best = c, b }(*byCPU, *best)
	k := key{"UnmarshalAny", "user", "celer"}
	for _, c := range []struct {
		cpu, best bool
		want      float64
		title     string
	}{
		{false, false, 500, "median MB/s"},
		{false, true, 600, "best MB/s"},
		{true, false, 700, "median MB/s by CPU time"},
		{true, true, 800, "best MB/s by CPU time"},
	} {
		*byCPU, *best = c.cpu, c.best
		r, err := parse(strings.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := r.mbs(k); got != c.want {
			t.Errorf("cpu=%v best=%v: celer %v MB/s, want %v", c.cpu, c.best, got, c.want)
		}
		// A line without cpu-ns/op keeps its wall-clock MB/s.
		if got, _ := r.mbs(key{"UnmarshalAny", "user", "stdjson"}); got != 100 {
			t.Errorf("cpu=%v best=%v: stdjson %v MB/s, want 100", c.cpu, c.best, got)
		}
		var buf bytes.Buffer
		r.write(&buf)
		if want := "## Summary (" + c.title + ")"; !strings.Contains(buf.String(), want) {
			t.Errorf("cpu=%v best=%v: output lacks %q", c.cpu, c.best, want)
		}
	}
}
