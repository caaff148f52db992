package bench

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// chromium returns the path of a Chromium (or Chrome) binary, or "".
func chromium() string {
	for _, n := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}

// TestReportInChromium writes a report from a tiny run, opens index.html
// in headless Chromium and checks that it renders: the headings are there,
// every chart image loaded (the page marks each with its natural width),
// and a screenshot of the summary chart's area holds drawn, coloured bars.
func TestReportInChromium(t *testing.T) {
	bin := chromium()
	if bin == "" {
		t.Skip("SKIPPING: no chromium in PATH (apt-get install -y chromium); the report's rendering is not checked")
	}
	ts := runTiny(t, "^(mormot/small|groovy/|jackson/)")
	res := NewResults(Config{Quick: true}, ts, time.Second)
	dir := t.TempDir()
	if err := WriteReport(dir, res); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"results.json", "report.md", "index.html", "charts/summary.svg", "charts/jackson-db100.svg"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Fatalf("report lacks %s: %v", f, err)
		}
	}
	page := "file://" + filepath.Join(dir, "index.html")
	run := func(args ...string) []byte {
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		args = append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
			"--user-data-dir=" + t.TempDir(), "--virtual-time-budget=5000"}, args...)
		cmd := exec.CommandContext(ctx, bin, append(args, page)...)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		if err := cmd.Run(); err != nil {
			t.Fatalf("chromium %v: %v\n%s", args, err, errOut.String())
		}
		return out.Bytes()
	}

	dom := string(run("--dump-dom"))
	for _, want := range []string{"<h1>celer bench</h1>", `<h2 id="summary">Summary</h2>`, `<h2 id="mORMot">mORMot</h2>`,
		`<h2 id="Groovy">Groovy</h2>`, `<h2 id="Jackson">Jackson</h2>`, "<h3>Small content: read, access, write</h3>",
		"<h3>Points (the Groovy suite's summary)</h3>", "<h3>db100: read, write, read+write from byte streams</h3>"} {
		if !strings.Contains(dom, want) {
			t.Errorf("rendered page lacks %s", want)
		}
	}
	imgs := regexp.MustCompile(`<img [^>]*class="chart"[^>]*>`).FindAllString(dom, -1)
	loaded := regexp.MustCompile(`data-loaded="([1-9][0-9]*)"`)
	if len(imgs) < 5 {
		t.Errorf("%d charts on the page, want at least 5", len(imgs))
	}
	for _, img := range imgs {
		if !loaded.MatchString(img) {
			t.Errorf("chart did not load: %s", img)
		}
	}
	if n := strings.Count(dom, "<table>"); n != len(ts)+1 {
		t.Errorf("%d tables on the page, want %d", n, len(ts)+1)
	}

	shot := filepath.Join(dir, "shot.png")
	run("--window-size=1200,900", "--screenshot="+shot)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	// The summary chart sits under the title and the run's description.
	colored, dark := 0, 0
	b := img.Bounds()
	for y := b.Min.Y + 110; y < min(b.Max.Y, b.Min.Y+550); y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			r, g, bl = r>>8, g>>8, bl>>8
			if max(r, g, bl)-min(r, g, bl) > 60 {
				colored++
			}
			if r+g+bl < 300 {
				dark++
			}
		}
	}
	if colored < 2000 || dark < 200 {
		t.Errorf("summary chart area looks blank: %d coloured and %d dark pixels", colored, dark)
	}
}
