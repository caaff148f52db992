package contender

import "github.com/celerjson/celer/msgpack"

func init() { RegisterFormat(func() Format { return &CelerMsgPack{} }) }

// CelerMsgPack is github.com/celerjson/celer/msgpack at its defaults.
type CelerMsgPack struct{ buf []byte }

// Name implements [Format].
func (*CelerMsgPack) Name() string { return "msgpack" }

// Format implements [Format].
func (*CelerMsgPack) Format() string { return "msgpack" }

// Marshal calls msgpack.AppendMarshal into a buffer reused between calls.
func (c *CelerMsgPack) Marshal(v any) ([]byte, error) {
	var err error
	c.buf, err = msgpack.AppendMarshal(c.buf[:0], v)
	return c.buf, err
}

// Unmarshal calls msgpack.Unmarshal.
func (*CelerMsgPack) Unmarshal(b []byte, v any) error { return msgpack.Unmarshal(b, v) }
