package contender

import (
	"errors"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"
)

// GJSON is github.com/tidwall/gjson: GetBytes with its own path syntax
// (a.0.b), no validation.
type GJSON struct{ path string }

// NewGJSON returns the gjson contender.
func NewGJSON() *GJSON { return &GJSON{} }

// Name implements [Lookuper].
func (*GJSON) Name() string { return "gjson" }

// CompileLookup writes the path in gjson's syntax.
func (c *GJSON) CompileLookup(steps []Step) error {
	c.path = strings.Join(stepStrings(steps, strconv.Itoa), ".")
	return nil
}

// Lookup calls gjson.GetBytes and returns the result's raw text.
func (c *GJSON) Lookup(b []byte) ([]byte, error) {
	r := gjson.GetBytes(b, c.path)
	if !r.Exists() {
		return nil, errors.New("not found")
	}
	return []byte(r.Raw), nil
}
