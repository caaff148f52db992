package bench

import (
	"fmt"
	"io"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
)

// progress shows how far a run is.
type progress interface {
	scenario(id string, cells int) // a scenario starts
	step()                         // one cell is done
	done()                         // the run is over
}

type nopProgress struct{}

func (nopProgress) scenario(string, int) {}
func (nopProgress) step()                {}
func (nopProgress) done()                {}

// lineProgress writes one line per scenario, for logs and pipes.
type lineProgress struct {
	w     io.Writer
	id    string
	cells int
	start time.Time
}

func (p *lineProgress) scenario(id string, cells int) {
	p.finish()
	p.id, p.cells, p.start = id, cells, time.Now()
	fmt.Fprintf(p.w, "%-28s %3d cells ", id, cells)
}

func (p *lineProgress) step() {}

func (p *lineProgress) finish() {
	if p.id != "" {
		fmt.Fprintf(p.w, "done in %s\n", elapsed(time.Since(p.start)))
		p.id = ""
	}
}

func (p *lineProgress) done() { p.finish() }

// barProgress draws a live bar per scenario on a terminal (mpb).
type barProgress struct {
	p   *mpb.Progress
	bar *mpb.Bar
}

func newBarProgress(w io.Writer) *barProgress {
	return &barProgress{p: mpb.New(mpb.WithOutput(w), mpb.WithWidth(32), mpb.WithRefreshRate(150*time.Millisecond))}
}

func (b *barProgress) scenario(id string, cells int) {
	if b.bar != nil {
		b.bar.SetTotal(-1, true)
	}
	b.bar = b.p.AddBar(int64(max(cells, 1)),
		mpb.PrependDecorators(decor.Name(fmt.Sprintf("%-28s", id)), decor.CountersNoUnit("%3d/%3d cells")),
		mpb.AppendDecorators(decor.Elapsed(decor.ET_STYLE_GO), decor.OnComplete(decor.Name(""), " ✓")),
	)
	if cells == 0 {
		b.bar.SetTotal(-1, true)
	}
}

func (b *barProgress) step() {
	if b.bar != nil {
		b.bar.Increment()
	}
}

func (b *barProgress) done() {
	if b.bar != nil {
		b.bar.SetTotal(-1, true)
	}
	b.p.Wait()
}
