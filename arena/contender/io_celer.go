package contender

import (
	"bufio"
	"io"

	"github.com/celerjson/celer"
	"github.com/celerjson/celer/internal/testtypes"
)

// CelerIO is celer's Decoder and Encoder, and celer.Elements for rows.
type CelerIO struct{}

// NewCelerIO returns the celer reader/writer contender.
func NewCelerIO() *CelerIO { return &CelerIO{} }

// Name implements [IOBinder].
func (*CelerIO) Name() string { return "celer" }

// DecodeFrom calls celer.NewDecoder(r).Decode.
func (*CelerIO) DecodeFrom(r io.Reader, v any) error { return celer.NewDecoder(r).Decode(v) }

// EncodeTo calls celer.NewEncoder(w).Encode.
func (*CelerIO) EncodeTo(w io.Writer, v any) error { return celer.NewEncoder(w).Encode(v) }

// StreamRows uses celer.Elements, the typed element iterator, for the
// People table's rows, and the Decoder's Token, More and Decode for any
// other type. (Elements also reads a stream of values that is not an
// array, so the first byte is checked here.)
func (*CelerIO) StreamRows(r io.Reader, v any, each func()) error {
	if p, ok := v.(*testtypes.Person); ok {
		br := bufio.NewReaderSize(r, 16<<10)
		if err := expectArray(br); err != nil {
			return err
		}
		r = br
		for row, err := range celer.Elements[testtypes.Person](r) {
			if err != nil {
				return err
			}
			*p = row
			each()
		}
		return nil
	}
	d := celer.NewDecoder(r)
	return streamTokens(func() (any, error) { return d.Token() }, d.More, d.Decode, v, each)
}

// expectArray checks that the first byte after whitespace is '['.
func expectArray(br *bufio.Reader) error {
	for {
		b, err := br.Peek(1)
		if err != nil {
			return err
		}
		switch b[0] {
		case ' ', '\t', '\n', '\r':
			br.Discard(1)
			continue
		case '[':
			return nil
		}
		return errNotArray
	}
}
