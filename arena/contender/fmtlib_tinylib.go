package contender

import "github.com/tinylib/msgp/msgp"

func init() { registerFormatLibrary(func() Format { return &TinylibMsgp{} }) }

// TinylibMsgp is github.com/tinylib/msgp: code generated for each type
// (see arena/formatbench/msgptypes), so it binds only the types that have
// generated methods; other types are not supported ([ErrUnsupported]).
// The one exception is Marshal of the values encoding/json decodes into
// an empty interface (maps, slices, strings, float64, bool, nil), which
// it writes with msgp.AppendIntf, the library's encoder for untyped
// values: the "decode to any, then encode" route of the transcoding
// benchmarks.
type TinylibMsgp struct{ buf []byte }

// Name implements [Format].
func (*TinylibMsgp) Name() string { return "msgpack-tinylib" }

// Format implements [Format].
func (*TinylibMsgp) Format() string { return "msgpack" }

// Library is the library's name in the format benchmarks' rows.
func (*TinylibMsgp) Library() string { return "tinylib" }

// Generated reports that the library binds only types with generated
// code: the benchmarks give it the msgptypes value of each document.
func (*TinylibMsgp) Generated() bool { return true }

// Marshal calls the value's generated MarshalMsg into a buffer reused
// between calls, or msgp.AppendIntf for an untyped value.
func (t *TinylibMsgp) Marshal(v any) ([]byte, error) {
	var err error
	switch m := v.(type) {
	case msgp.Marshaler:
		t.buf, err = m.MarshalMsg(t.buf[:0])
	case map[string]any, []any, string, float64, bool, nil:
		t.buf, err = msgp.AppendIntf(t.buf[:0], v)
	default:
		return nil, ErrUnsupported
	}
	return t.buf, err
}

// Unmarshal calls the value's generated UnmarshalMsg and requires it to
// use up the input.
func (*TinylibMsgp) Unmarshal(b []byte, v any) error {
	u, ok := v.(msgp.Unmarshaler)
	if !ok {
		return ErrUnsupported
	}
	rest, err := u.UnmarshalMsg(b)
	if err == nil && len(rest) != 0 {
		err = msgp.ErrShortBytes // never for its own output; marks trailing data
	}
	return err
}
