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
