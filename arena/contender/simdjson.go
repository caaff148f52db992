package contender

import (
	"fmt"
	"runtime"

	"github.com/minio/simdjson-go"
)

// SimdJSONName is the name of the simdjson-go contender.
const SimdJSONName = "simdjson"

// SimdJSON is github.com/minio/simdjson-go, a port of simdjson that needs
// amd64 with AVX2 and CLMUL. It parses a whole document into a tape in one
// go, so Valid is a full parse (into a reused tape, strings not copied) and
// Tokenize is a parse followed by a walk over the tape. It accepts only an
// object or an array at the top level. Its own output (Iter.MarshalJSON)
// rewrites numbers and strings, so it implements neither [Compacter] nor
// [Indenter].
type SimdJSON struct {
	pj *simdjson.ParsedJson
}

// NewSimdJSON returns the simdjson-go contender, or nil and the reason if
// it cannot run on this machine.
func NewSimdJSON() (*SimdJSON, string) {
	if !simdjson.SupportedCPU() {
		return nil, fmt.Sprintf("simdjson-go does not support this CPU (%s; needs AVX2 and CLMUL)", runtime.GOARCH)
	}
	return &SimdJSON{}, ""
}

// Name implements [Syntax].
func (*SimdJSON) Name() string { return SimdJSONName }

func (c *SimdJSON) parse(b []byte) error {
	pj, err := simdjson.Parse(b, c.pj, simdjson.WithCopyStrings(false))
	if err != nil {
		return err
	}
	c.pj = pj
	return nil
}

// Valid reports whether simdjson.Parse succeeds.
func (c *SimdJSON) Valid(b []byte) bool { return c.parse(b) == nil }

// Tokenize parses b and counts the tape's entries, names included.
func (c *SimdJSON) Tokenize(b []byte) (int, error) {
	if err := c.parse(b); err != nil {
		return 0, err
	}
	it := c.pj.Iter()
	n := 0
	for {
		switch it.AdvanceInto() {
		case simdjson.TagEnd:
			return n, nil
		case simdjson.TagRoot:
		default:
			n++
		}
	}
}
