package cbor

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/celerjson/celer/internal/formattest"
)

type (
	nestedR    []nestedR
	nestedNode struct {
		C []nestedNode `json:"c"`
	}
	nestedTree map[string]nestedTree
)

// nestedCounts returns size bytes of prefix followed by the 0x9a head of
// an array counting all the bytes left after it, repeated.
func nestedCounts(prefix []byte, size int) []byte {
	var b []byte
	for len(b)+len(prefix)+5 <= size {
		b = append(b, prefix...)
		b = append(b, 0x9a)
		b = binary.BigEndian.AppendUint32(b, uint32(size-len(b)-4))
	}
	return b
}

// TestUnmarshalOnePassNestedCounts: nested arrays and maps each counting
// (about) all the bytes left, which their items cannot all hold, make the
// one-pass decoders allocate no more than the input justifies, and give
// the error validating first gives.
func TestUnmarshalOnePassNestedCounts(t *testing.T) {
	r := nestedCounts(nil, 8000)
	node := nestedCounts([]byte{0xa1, 0x61, 0x63}, 8000)
	tree := bytes.Repeat([]byte{0xb9, 0x03, 0xff, 0x60}, 2000)
	formattest.OnePassAllocs(t, "R", r, func() any { return new(nestedR) },
		func() any { return &nestedR{nil} }, Unmarshal)
	formattest.OnePassAllocs(t, "Node", node, func() any { return new(nestedNode) },
		func() any { return &nestedNode{C: []nestedNode{{}}} }, Unmarshal)
	formattest.OnePassAllocs(t, "map[string][100]byte", []byte{0xb9, 0x03, 0xff}, func() any { return new(map[string][100]byte) },
		func() any { return &map[string][100]byte{"": {}} }, Unmarshal)
	formattest.OnePassAllocs(t, "Tree", tree, func() any { return new(nestedTree) },
		func() any { return &nestedTree{"": nil} }, Unmarshal)
}
