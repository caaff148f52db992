package contender

import (
	"bytes"
	"encoding/json"
	"io"
)

// StdJSON is encoding/json (v1) from the standard library, the reference
// every other contender's answers are compared with.
type StdJSON struct {
	rd  bytes.Reader
	buf bytes.Buffer
}

// NewStdJSON returns the encoding/json contender.
func NewStdJSON() *StdJSON { return &StdJSON{} }

// Name implements [Syntax].
func (*StdJSON) Name() string { return "stdjson" }

// Valid calls json.Valid.
func (*StdJSON) Valid(b []byte) bool { return json.Valid(b) }

// Tokenize loops over json.Decoder.Token with UseNumber, so numbers are
// not converted to float64. A Decoder cannot be reset, so each call makes
// a new one.
func (c *StdJSON) Tokenize(b []byte) (int, error) {
	c.rd.Reset(b)
	d := json.NewDecoder(&c.rd)
	d.UseNumber()
	n := 0
	for {
		if _, err := d.Token(); err != nil {
			if err == io.EOF {
				return n, nil
			}
			return n, err
		}
		n++
	}
}

// Compact calls json.Compact, writing straight into dst's storage.
func (c *StdJSON) Compact(dst, src []byte) ([]byte, error) {
	c.buf = *bytes.NewBuffer(dst) // re-point the reused Buffer at dst: no copy, no allocation
	err := json.Compact(&c.buf, src)
	return c.buf.Bytes(), err
}

// Indent calls json.Indent, writing straight into dst's storage.
func (c *StdJSON) Indent(dst, src []byte) ([]byte, error) {
	c.buf = *bytes.NewBuffer(dst)
	err := json.Indent(&c.buf, src, IndentPrefix, IndentString)
	return c.buf.Bytes(), err
}
