package contender

import "github.com/celerjson/celer/ubjson"

func init() { RegisterFormat(func() Format { return &CelerUBJSON{} }) }

// CelerUBJSON is github.com/celerjson/celer/ubjson at its defaults.
type CelerUBJSON struct{ buf []byte }

// Name implements [Format].
func (*CelerUBJSON) Name() string { return "ubjson" }

// Format implements [Format].
func (*CelerUBJSON) Format() string { return "ubjson" }

// Marshal calls ubjson.AppendMarshal into a buffer reused between calls.
func (c *CelerUBJSON) Marshal(v any) ([]byte, error) {
	var err error
	c.buf, err = ubjson.AppendMarshal(c.buf[:0], v)
	return c.buf, err
}

// Unmarshal calls ubjson.Unmarshal.
func (*CelerUBJSON) Unmarshal(b []byte, v any) error { return ubjson.Unmarshal(b, v) }

func init() { RegisterFormat(func() Format { return &CelerUBJSONTyped{} }) }

// CelerUBJSONTyped is celer's ubjson with TypedArrays: slices of numbers
// are written as strongly typed containers ([$type#count), copied in bulk,
// as NeoUBJSON does.
type CelerUBJSONTyped struct{ buf []byte }

// Name implements [Format].
func (*CelerUBJSONTyped) Name() string { return "ubjson-typed" }

// Format implements [Format].
func (*CelerUBJSONTyped) Format() string { return "ubjson" }

var ubjsonTyped = ubjson.TypedArrays(true)

// Marshal calls ubjson.AppendMarshal with TypedArrays.
func (c *CelerUBJSONTyped) Marshal(v any) ([]byte, error) {
	var err error
	c.buf, err = ubjson.AppendMarshal(c.buf[:0], v, ubjsonTyped)
	return c.buf, err
}

// Unmarshal calls ubjson.Unmarshal.
func (*CelerUBJSONTyped) Unmarshal(b []byte, v any) error { return ubjson.Unmarshal(b, v) }
