package bson

import (
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/formattest"
)

// copyFormat runs the shared CopyJSON tests (internal/formattest) on
// this package's Writer under the options that change its output.
var copyFormat = formattest.Format[*Writer]{Name: "BSON", NewWriter: NewWriter,
	Options: [][]Options{nil, {InexactAsFloat(true)}, {InexactAsString(true)}, {InexactAsDecimal(true)},
		{InexactAsFloat(true), InexactAsDecimal(true)}, {AllowInvalidUTF8(true)}, {MaxDepth(3)}, {MaxBytes(100)}},
	Docs: []string{`{"a":-0}`, `{"a":[-0, 0, -1, 2147483648, -2147483649, 9223372036854775807, 9223372036854775808, 18446744073709551615, 18446744073709551616, -9223372036854775808, -9223372036854775809]}`,
		`{"f":[0.1, 1e400, 0.10000000000000000001, 1.5, 1E2, -2.5e-3, 1.0, -0.0, 1e-320, 123456789012345678901234567890]}`,
		`{"a\u00e9\n":"\ud83d\ude00","b":[{},[]]}`, `{"b":1,"a":2,"b":3}`, `{"x":[[[[1]]]]}`, "{\"k\":\"\xff\"}", "{\"\xff\":1}",
		`{"a\u0000b":1}`, `{"s":"a\u0000b"}`, `{} {"x":null} {}`, `[1]`, `1`, `"s"`, `true`, `null`, `{"t":[true,false,null]}`, `{"a":[1,`, `{"a" 1}`,
		`{"s":"` + strings.Repeat("x", 40000) + `"}`, `{"a":[` + strings.Repeat(`"y",`, 9000) + `"z"]}`}, NoDecimal: &noDecimal}

// TestCopyJSON: CopyJSON writes what WriteToken writes token by token.
func TestCopyJSON(t *testing.T) { copyFormat.CopyJSON(t) }

// TestCopyJSONAfterTokens: the same after tokens the caller wrote.
func TestCopyJSONAfterTokens(t *testing.T) { copyFormat.CopyJSONAfterTokens(t) }

// FuzzCopyJSON: CopyJSON and token by token agree on any input.
func FuzzCopyJSON(f *testing.F) {
	addSeeds(f, true)
	copyFormat.FuzzCopyJSON(f)
}
