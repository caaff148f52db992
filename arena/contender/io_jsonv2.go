package contender

import (
	"io"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// JSONv2IO is encoding/json/v2's UnmarshalRead and MarshalWrite, and a
// jsontext.Decoder for rows.
type JSONv2IO struct{}

// NewJSONv2IO returns the encoding/json/v2 reader/writer contender.
func NewJSONv2IO() *JSONv2IO { return &JSONv2IO{} }

// Name implements [IOBinder].
func (*JSONv2IO) Name() string { return "jsonv2" }

// DecodeFrom calls json.UnmarshalRead.
func (*JSONv2IO) DecodeFrom(r io.Reader, v any) error { return json.UnmarshalRead(r, v) }

// EncodeTo calls json.MarshalWrite.
func (*JSONv2IO) EncodeTo(w io.Writer, v any) error { return json.MarshalWrite(w, v) }

// StreamRows reads the array's delimiters with ReadToken and each element
// with json.UnmarshalDecode.
func (*JSONv2IO) StreamRows(r io.Reader, v any, each func()) error {
	d := jsontext.NewDecoder(r)
	t, err := d.ReadToken()
	if err != nil {
		return err
	}
	if t.Kind() != '[' {
		return errNotArray
	}
	for d.PeekKind() != ']' {
		if err := json.UnmarshalDecode(d, v); err != nil {
			return err
		}
		each()
	}
	_, err = d.ReadToken()
	return err
}
