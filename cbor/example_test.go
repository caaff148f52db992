package cbor_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/celerjson/celer/cbor"
	"github.com/celerjson/celer/token"
)

// Transcoding JSON to CBOR and back, token by token.
func Example_transcode() {
	var bin bytes.Buffer
	in := `{"name": "celer", "version": 1.0, "tags": ["fast", "strict"], "big": 18446744073709551616}`
	if _, err := token.Copy(cbor.NewWriter(&bin), token.NewJSONReader(strings.NewReader(in))); err != nil {
		panic(err)
	}
	diag, _ := cbor.Diagnose(bin.Bytes())
	fmt.Println(len(in), "bytes of JSON,", bin.Len(), "bytes of CBOR")
	fmt.Println(diag)
	token.Copy(token.NewJSONWriter(os.Stdout), cbor.NewReader(&bin))
	// Output:
	// 90 bytes of JSON, 56 bytes of CBOR
	// {"name": "celer", "version": 1.0, "tags": ["fast", "strict"], "big": 18446744073709551616}
	// {"name":"celer","version":1.0,"tags":["fast","strict"],"big":18446744073709551616}
}

// Marshal and Unmarshal reuse the json struct tags; a cbor tag overrides.
func ExampleMarshal() {
	type Point struct {
		X, Y  int
		Label string `json:"label,omitempty"`
		Note  string `json:"note" cbor:"n"`
	}
	b, err := cbor.Marshal(Point{X: 1, Y: -2, Note: "hi"}, cbor.Deterministic(true))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", b)
	var p Point
	err = cbor.Unmarshal(b, &p)
	fmt.Printf("%+v %v\n", p, err)
	// Output:
	// a3615801615921616e626869
	// {X:1 Y:-2 Label: Note:hi} <nil>
}
