package contender

import (
	"fmt"

	"github.com/buger/jsonparser"
)

// JSONParser is github.com/buger/jsonparser: Get with one key per step
// ("[i]" for indices), no validation. A string result comes back without
// its quotes; Lookup puts them back so every contender returns JSON text.
type JSONParser struct {
	keys []string
	buf  []byte
}

// NewJSONParser returns the jsonparser contender.
func NewJSONParser() *JSONParser { return &JSONParser{} }

// Name implements [Lookuper].
func (*JSONParser) Name() string { return "jsonparser" }

// CompileLookup writes the keys in jsonparser's form.
func (c *JSONParser) CompileLookup(steps []Step) error {
	c.keys = stepStrings(steps, func(i int) string { return fmt.Sprintf("[%d]", i) })
	return nil
}

// Lookup calls jsonparser.Get.
func (c *JSONParser) Lookup(b []byte) ([]byte, error) {
	v, t, _, err := jsonparser.Get(b, c.keys...)
	if err != nil {
		return nil, err
	}
	if t == jsonparser.String {
		c.buf = append(append(append(c.buf[:0], '"'), v...), '"')
		return c.buf, nil
	}
	return v, nil
}
