package contender

import "github.com/fxamacker/cbor/v2"

func init() { registerFormatLibrary(func() Format { return &FxamackerCBOR{} }) }

// FxamackerCBOR is github.com/fxamacker/cbor/v2 at its defaults
// (cbor.Marshal and cbor.Unmarshal: reflection, "cbor" then "json" tags).
type FxamackerCBOR struct{}

// Name implements [Format].
func (*FxamackerCBOR) Name() string { return "cbor-fxamacker" }

// Format implements [Format].
func (*FxamackerCBOR) Format() string { return "cbor" }

// Library is the library's name in the format benchmarks' rows.
func (*FxamackerCBOR) Library() string { return "fxamacker" }

// Marshal calls cbor.Marshal.
func (*FxamackerCBOR) Marshal(v any) ([]byte, error) { return cbor.Marshal(v) }

// Unmarshal calls cbor.Unmarshal.
func (*FxamackerCBOR) Unmarshal(b []byte, v any) error { return cbor.Unmarshal(b, v) }
