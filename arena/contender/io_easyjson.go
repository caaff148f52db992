package contender

import (
	"io"

	"github.com/mailru/easyjson"
)

// EasyJSONIO is easyjson's UnmarshalFromReader and MarshalToWriter, for
// the types it has generated code for (others: [ErrUnsupported]). It
// reads the whole input before decoding and has no element streaming.
type EasyJSONIO struct{}

// NewEasyJSONIO returns the easyjson reader/writer contender.
func NewEasyJSONIO() *EasyJSONIO { return &EasyJSONIO{} }

// Name implements [IOBinder].
func (*EasyJSONIO) Name() string { return "easyjson" }

// DecodeFrom calls easyjson.UnmarshalFromReader.
func (*EasyJSONIO) DecodeFrom(r io.Reader, v any) error {
	u, ok := v.(easyjson.Unmarshaler)
	if !ok {
		return ErrUnsupported
	}
	return easyjson.UnmarshalFromReader(r, u)
}

// EncodeTo calls easyjson.MarshalToWriter.
func (*EasyJSONIO) EncodeTo(w io.Writer, v any) error {
	m, ok := v.(easyjson.Marshaler)
	if !ok {
		return ErrUnsupported
	}
	_, err := easyjson.MarshalToWriter(m, w)
	return err
}
