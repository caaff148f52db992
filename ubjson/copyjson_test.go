package ubjson

import (
	"testing"

	"github.com/celerjson/celer/internal/formattest"
)

// copyFormat runs the shared CopyJSON tests (internal/formattest) on
// this package's Writer under the options that change its output.
var copyFormat = formattest.Format[*Writer]{Name: "UBJSON", NewWriter: NewWriter,
	Options: [][]Options{nil, {InexactAsFloat(true)}, {InexactAsString(true)}, {InexactAsDecimal(true)},
		{InexactAsFloat(true), InexactAsDecimal(true)}, {ShortestFloat(true)}, {TypedArrays(true)},
		{TypedArrays(true), InexactAsFloat(true), ShortestFloat(true)}, {AllowInvalidUTF8(true)}, {MaxDepth(3)}},
	Docs: append(formattest.Docs[:len(formattest.Docs):len(formattest.Docs)],
		`[1, 2, 300, -5, 1.5]`, `[[1.5, 2.25], [3, 4], [5, "x"], [1e400]]`, `{"a":[1,2],"b":"c","d":"é"}`), NoDecimal: &noDecimal}

// TestCopyJSON: CopyJSON writes what WriteToken writes token by token.
func TestCopyJSON(t *testing.T) { copyFormat.CopyJSON(t) }

// TestCopyJSONAfterTokens: the same after tokens the caller wrote.
func TestCopyJSONAfterTokens(t *testing.T) { copyFormat.CopyJSONAfterTokens(t) }

// FuzzCopyJSON: CopyJSON and token by token agree on any input.
func FuzzCopyJSON(f *testing.F) {
	addSeeds(f, true)
	copyFormat.FuzzCopyJSON(f)
}
