package stream

import (
	"io"

	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
)

// Valid reports whether b is exactly one valid JSON value, with optional
// whitespace around it. It is strict RFC 8259 unless options relax it.
func Valid(b []byte, o ...Options) bool {
	s := opts.Collect(o...)
	if s.Has(opts.RejectDuplicateNames) || s.MaxBytes > 0 || s.MaxTokenBytes > 0 {
		return Validate(b, o...) == nil
	}
	return scan.ValidIndexed(b, modeOf(&s), s.MaxDepth)
}

func modeOf(s *opts.Struct) scan.Mode {
	if s.Has(opts.AllowInvalidUTF8) {
		return scan.AllowInvalidUTF8
	}
	return 0
}

// Validate is like Valid but returns a *SyntaxError describing the first
// problem: its offset, line and column, JSON Pointer and a quote.
func Validate(b []byte, o ...Options) error {
	s := opts.Collect(o...)
	if !s.Has(opts.RejectDuplicateNames) && s.MaxBytes <= 0 && s.MaxTokenBytes <= 0 {
		if scan.ValidIndexed(b, modeOf(&s), s.MaxDepth) {
			return nil
		}
	}
	// The error path: decode token by token for a fully positioned error.
	return NewDecoderBytes(b, o...).validateOne()
}

// ValidateReader checks that r holds exactly one valid JSON value, reading
// it in a streaming fashion: memory stays bounded by the largest token.
func ValidateReader(r io.Reader, o ...Options) error {
	return NewDecoder(r, o...).validateOne()
}

// validateOne consumes exactly one value and then the end of input.
func (d *Decoder) validateOne() error {
	if err := d.SkipValue(); err != nil {
		if err == io.EOF {
			return d.fail(d.pos, scan.Incomplete)
		}
		return err
	}
	return d.trailing(nil)
}

// trailing consumes whitespace up to the end of input, passing each run of
// it to fn when fn is not nil. Anything else is an error.
func (d *Decoder) trailing(fn func([]byte) error) error {
	if d.err != nil {
		return d.err
	}
	d.dropTape()
	for {
		i := kernels.SkipSpace(d.buf, d.pos)
		if fn != nil && i > d.pos {
			if err := fn(d.buf[d.pos:i]); err != nil {
				return err
			}
		}
		d.pos = i
		if i < len(d.buf) {
			return d.fail(i, scan.BadTop)
		}
		if err := d.fill(i); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}
