package main

import (
	"io"
	"os"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
	"golang.org/x/term"
)

// progressMin is the input size above which a progress bar is shown.
const progressMin = 8 << 20

// stdinName names standard input in messages.
const stdinName = "<stdin>"

// input is an opened input.
type input struct {
	io.Reader
	name  string       // for messages
	size  int64        // -1 if unknown
	close func() error // releases the input
}

// open opens path for reading; "-" means standard input.
func (e *env) open(path string) (*input, error) {
	if path == "-" {
		in := &input{Reader: e.stdin, name: stdinName, size: -1, close: func() error { return nil }}
		if f, ok := e.stdin.(*os.File); ok {
			in.size = regularSize(f)
		}
		return in, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	return &input{Reader: f, name: path, size: regularSize(f), close: f.Close}, nil
}

// regularSize returns the size of f if it is a regular file, else -1.
func regularSize(f *os.File) int64 {
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return -1
	}
	return fi.Size()
}

// stderrIsTerminal reports whether standard error is a terminal.
func (e *env) stderrIsTerminal() bool {
	f, ok := e.stderr.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// track returns a reader of in that shows a progress bar on standard error
// when it is a terminal and the input is large: its size is above
// progressMin, or it is unknown and more than progressMin bytes get read.
// The caller must call done once reading is over, before printing anything.
func (e *env) track(in *input) (r io.Reader, done func(ok bool)) {
	if !e.stderrIsTerminal() || (in.size >= 0 && in.size <= progressMin) {
		return in, func(bool) {}
	}
	show := make(chan any)
	p := mpb.New(mpb.WithOutput(e.stderr), mpb.WithWidth(40), mpb.WithRenderDelay(show))
	var bar *mpb.Bar
	if in.size >= 0 {
		close(show)
		bar = p.AddBar(in.size,
			mpb.PrependDecorators(decor.Name(in.name+" "), decor.Counters(decor.SizeB1024(0), "% .1f / % .1f")),
			mpb.AppendDecorators(decor.AverageSpeed(decor.SizeB1024(0), "% .1f"), decor.Name(" "),
				decor.OnComplete(decor.AverageETA(decor.ET_STYLE_GO), "done")))
		r = in
	} else {
		bar = p.AddSpinner(0,
			mpb.PrependDecorators(decor.Name(in.name+" "), decor.Current(decor.SizeB1024(0), "% .1f")),
			mpb.AppendDecorators(decor.AverageSpeed(decor.SizeB1024(0), "% .1f")))
		r = &showAfter{r: in, left: progressMin, show: show}
	}
	if pr, err := bar.ProxyReader(r); err == nil {
		r = pr
	}
	return r, func(ok bool) {
		if ok {
			bar.SetTotal(-1, true)
		} else {
			bar.Abort(false)
		}
		p.Wait()
	}
}

// showAfter closes show once more than left bytes have been read through it.
type showAfter struct {
	r    io.Reader
	left int64
	show chan any // nil once closed
}

func (s *showAfter) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	if s.show != nil {
		if s.left -= int64(n); s.left < 0 {
			close(s.show)
			s.show = nil
		}
	}
	return n, err
}
