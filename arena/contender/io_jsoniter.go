package contender

import (
	"io"

	jsoniter "github.com/json-iterator/go"
)

// JsoniterIO is json-iterator's ConfigDefault Decoder and Encoder, and its
// Iterator for rows.
type JsoniterIO struct{}

// NewJsoniterIO returns the json-iterator reader/writer contender.
func NewJsoniterIO() *JsoniterIO { return &JsoniterIO{} }

// Name implements [IOBinder].
func (*JsoniterIO) Name() string { return "jsoniter" }

// DecodeFrom calls ConfigDefault.NewDecoder(r).Decode.
func (*JsoniterIO) DecodeFrom(r io.Reader, v any) error {
	return jsoniter.ConfigDefault.NewDecoder(r).Decode(v)
}

// EncodeTo calls ConfigDefault.NewEncoder(w).Encode.
func (*JsoniterIO) EncodeTo(w io.Writer, v any) error {
	return jsoniter.ConfigDefault.NewEncoder(w).Encode(v)
}

// StreamRows reads the array with Iterator.ReadArrayCB and ReadVal.
func (*JsoniterIO) StreamRows(r io.Reader, v any, each func()) error {
	it := jsoniter.Parse(jsoniter.ConfigDefault, r, 16<<10)
	if it.WhatIsNext() != jsoniter.ArrayValue {
		return errNotArray
	}
	it.ReadArrayCB(func(it *jsoniter.Iterator) bool {
		it.ReadVal(v)
		if it.Error != nil {
			return false
		}
		each()
		return true
	})
	if it.Error != nil && it.Error != io.EOF {
		return it.Error
	}
	return nil
}
