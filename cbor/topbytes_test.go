package cbor

import (
	"bytes"
	"testing"

	"github.com/celerjson/celer/internal/opts"
)

type namedBytes []byte

// unmarshalReference is Unmarshal's general path for validated data:
// the Reader's check, then the decoder of validated data.
func unmarshalReference(data []byte, v any, o ...Options) error {
	if err := validateTokens(data, o...); err != nil {
		return err
	}
	return unmarshalValid(data, v, opts.Collect(o...))
}

// checkTopBytes compares Unmarshal of data into slices of bytes (zero,
// named, holding bytes already) with its general path.
func checkTopBytes(t *testing.T, data []byte) {
	t.Helper()
	for _, o := range [][]Options{nil, {MaxTokenBytes(3)}, {MaxBytes(4)}, {RejectDuplicateNames(true)}} {
		for _, mk := range []func() any{func() any { return new([]byte) }, func() any { return new(namedBytes) },
			func() any { b := []byte("old"); return &b }} {
			v, w := mk(), mk()
			err, werr := Unmarshal(data, v, o...), unmarshalReference(data, w, o...)
			if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
				t.Fatalf("%x %v %T: error %v, general path %v", data, o, v, err, werr)
			}
			got, want := bytesOf(v), bytesOf(w)
			if !bytes.Equal(got, want) || (got == nil) != (want == nil) {
				t.Fatalf("%x %v %T: %q, general path %q", data, o, v, got, want)
			}
		}
	}
}

func bytesOf(v any) []byte {
	switch v := v.(type) {
	case *[]byte:
		return *v
	case *namedBytes:
		return *v
	}
	return nil
}

// TestUnmarshalTopBytes: a top-level byte string decoded into a slice of
// bytes by topBytes gives what the general path gives, over every head
// size (preferred or not), data cut short or followed by more, other
// items, and the limits a byte string meets. (A guard of a fast path:
// without it, both sides are the general path.)
func TestUnmarshalTopBytes(t *testing.T) {
	payload := bytes.Repeat([]byte{7}, 300)
	var inputs [][]byte
	for _, n := range []int{0, 1, 3, 4, 23, 24, 255, 256, 300} {
		p := payload[:n]
		heads := [][]byte{appendHead(nil, majorBytes, uint64(n))}
		if n < 256 {
			heads = append(heads, []byte{0x58, byte(n)})
		}
		heads = append(heads, []byte{0x59, byte(n >> 8), byte(n)}, []byte{0x5a, 0, 0, byte(n >> 8), byte(n)},
			[]byte{0x5b, 0, 0, 0, 0, 0, 0, byte(n >> 8), byte(n)})
		for _, h := range heads {
			item := append(append([]byte(nil), h...), p...)
			inputs = append(inputs, item, item[:len(item)-1], append(item, 0), append(item, item...))
		}
	}
	inputs = append(inputs, nil, []byte{0x58}, []byte{0x59, 0}, []byte{0x5a, 0, 0, 0}, []byte{0x5b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
		[]byte{0x5f, 0x41, 1, 0xff}, []byte{0x5c}, []byte{0x5f}, []byte{0x63, 'a', 'b', 'c'}, []byte{0x83, 1, 2, 3}, []byte{0xf6},
		[]byte{0xc2, 0x41, 1}, []byte{0x40}, []byte{0x60})
	for _, data := range inputs {
		checkTopBytes(t, data)
	}
}

func FuzzUnmarshalTopBytes(f *testing.F) {
	for _, s := range [][]byte{{0x40}, {0x43, 1, 2, 3}, {0x58, 2, 1, 2}, {0x59, 0, 1, 9}, {0x5a, 0, 0, 0, 1, 9}, {0x5b, 0, 0, 0, 0, 0, 0, 0, 0},
		{0x5f, 0x41, 1, 0xff}, {0x82, 0x41, 1, 0x40}} {
		f.Add(s)
	}
	f.Fuzz(checkTopBytes)
}
