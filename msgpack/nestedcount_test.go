package msgpack

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

// nestedCounts returns size bytes of prefix followed by the array 32 head
// (0xdd) of an array counting all the bytes left after it, repeated.
func nestedCounts(prefix []byte, size int) []byte {
	var b []byte
	for len(b)+len(prefix)+5 <= size {
		b = append(b, prefix...)
		b = append(b, 0xdd)
		b = binary.BigEndian.AppendUint32(b, uint32(size-len(b)-4))
	}
	return b
}

// TestUnmarshalOnePassNestedCounts: nested arrays and maps each counting
// (about) all the bytes left, which their objects cannot all hold, make
// the one-pass decoders allocate no more than the input justifies, and
// give the error validating first gives.
func TestUnmarshalOnePassNestedCounts(t *testing.T) {
	r := nestedCounts(nil, 8000)
	node := nestedCounts([]byte{0x81, 0xa1, 'c'}, 8000)
	tree := bytes.Repeat([]byte{0xde, 0x03, 0xff, 0xa0}, 2000)
	formattest.OnePassAllocs(t, "R", r, func() any { return new(nestedR) },
		func() any { return &nestedR{nil} }, Unmarshal)
	formattest.OnePassAllocs(t, "Node", node, func() any { return new(nestedNode) },
		func() any { return &nestedNode{C: []nestedNode{{}}} }, Unmarshal)
	formattest.OnePassAllocs(t, "map[string][100]byte", []byte{0xde, 0x03, 0xff}, func() any { return new(map[string][100]byte) },
		func() any { return &map[string][100]byte{"": {}} }, Unmarshal)
	formattest.OnePassAllocs(t, "any", r, func() any { return new(any) },
		func() any { x := any(0); return &x }, Unmarshal)
	formattest.OnePassAllocs(t, "[]any", r, func() any { return new([]any) },
		func() any { return &[]any{0} }, Unmarshal)
	formattest.OnePassAllocs(t, "map[string]any", tree, func() any { return new(map[string]any) },
		func() any { return &map[string]any{"": 0} }, Unmarshal)
	formattest.OnePassAllocs(t, "Tree", tree, func() any { return new(nestedTree) },
		func() any { return &nestedTree{"": nil} }, Unmarshal)
}
