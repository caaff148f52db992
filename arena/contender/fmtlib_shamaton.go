package contender

import "github.com/shamaton/msgpack/v2"

func init() { registerFormatLibrary(func() Format { return &ShamatonMsgpack{} }) }

// ShamatonMsgpack is github.com/shamaton/msgpack/v2 at its defaults
// (msgpack.Marshal and msgpack.Unmarshal: reflection, structs as maps,
// "msgpack" tags, so fields keep their Go names).
type ShamatonMsgpack struct{}

// Name implements [Format].
func (*ShamatonMsgpack) Name() string { return "msgpack-shamaton" }

// Format implements [Format].
func (*ShamatonMsgpack) Format() string { return "msgpack" }

// Library is the library's name in the format benchmarks' rows.
func (*ShamatonMsgpack) Library() string { return "shamaton" }

// Marshal calls msgpack.Marshal.
func (*ShamatonMsgpack) Marshal(v any) ([]byte, error) { return msgpack.Marshal(v) }

// Unmarshal calls msgpack.Unmarshal.
func (*ShamatonMsgpack) Unmarshal(b []byte, v any) error { return msgpack.Unmarshal(b, v) }
