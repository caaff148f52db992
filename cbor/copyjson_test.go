package cbor

import (
	"testing"

	"github.com/celerjson/celer/internal/formattest"
)

// copyFormat runs the shared CopyJSON tests (internal/formattest) on
// this package's Writer under the options that change its output.
var copyFormat = formattest.Format[*Writer]{Name: "CBOR", NewWriter: NewWriter,
	Options: [][]Options{nil, {InexactAsFloat(true)}, {InexactAsString(true)}, {InexactAsDecimal(true)},
		{InexactAsFloat(true), InexactAsDecimal(true)}, {Deterministic(true)}, {IndefiniteLength(true)},
		{AllowInvalidUTF8(true)}, {MaxDepth(3)}},
	Docs: formattest.Docs, NoDecimal: &noDecimal}

// TestCopyJSON: CopyJSON writes what WriteToken writes token by token.
func TestCopyJSON(t *testing.T) { copyFormat.CopyJSON(t) }

// TestCopyJSONAfterTokens: the same after tokens the caller wrote.
func TestCopyJSONAfterTokens(t *testing.T) { copyFormat.CopyJSONAfterTokens(t) }

// FuzzCopyJSON: CopyJSON and token by token agree on any input.
func FuzzCopyJSON(f *testing.F) {
	addSeeds(f, true)
	copyFormat.FuzzCopyJSON(f)
}
