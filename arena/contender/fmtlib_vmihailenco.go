package contender

import "github.com/vmihailenco/msgpack/v5"

func init() { registerFormatLibrary(func() Format { return &VmihailencoMsgpack{} }) }

// VmihailencoMsgpack is github.com/vmihailenco/msgpack/v5 at its defaults
// (msgpack.Marshal and msgpack.Unmarshal: reflection, "msgpack" tags, so
// the json tags are not used and fields keep their Go names).
type VmihailencoMsgpack struct{}

// Name implements [Format].
func (*VmihailencoMsgpack) Name() string { return "msgpack-vmihailenco" }

// Format implements [Format].
func (*VmihailencoMsgpack) Format() string { return "msgpack" }

// Library is the library's name in the format benchmarks' rows.
func (*VmihailencoMsgpack) Library() string { return "vmihailenco" }

// Marshal calls msgpack.Marshal.
func (*VmihailencoMsgpack) Marshal(v any) ([]byte, error) { return msgpack.Marshal(v) }

// Unmarshal calls msgpack.Unmarshal.
func (*VmihailencoMsgpack) Unmarshal(b []byte, v any) error { return msgpack.Unmarshal(b, v) }
