package contender

import (
	"io"

	"github.com/celerjson/celer/stream"
)

// Celer is github.com/celerjson/celer/stream with its default, strict
// options: invalid UTF-8 is rejected, duplicate names are allowed.
type Celer struct {
	dec *stream.Decoder
}

// NewCeler returns the celer contender.
func NewCeler() *Celer { return &Celer{} }

// Name implements [Syntax].
func (*Celer) Name() string { return "celer" }

// Valid calls stream.Valid.
func (*Celer) Valid(b []byte) bool { return stream.Valid(b) }

// Tokenize reads every token with one reused stream.Decoder.
func (c *Celer) Tokenize(b []byte) (int, error) {
	if c.dec == nil {
		c.dec = stream.NewDecoderBytes(b)
	} else {
		c.dec.ResetBytes(b)
	}
	n := 0
	for {
		if _, err := c.dec.ReadToken(); err != nil {
			if err == io.EOF {
				return n, nil
			}
			return n, err
		}
		n++
	}
}

// Compact calls stream.AppendCompact.
func (*Celer) Compact(dst, src []byte) ([]byte, error) { return stream.AppendCompact(dst, src) }

// Indent calls stream.AppendIndent.
func (*Celer) Indent(dst, src []byte) ([]byte, error) {
	return stream.AppendIndent(dst, src, IndentPrefix, IndentString)
}
