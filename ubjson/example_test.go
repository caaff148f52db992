package ubjson_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/celerjson/celer/token"
	"github.com/celerjson/celer/ubjson"
)

// Transcode JSON to UBJSON and back, token by token.
func Example_transcode() {
	var ub bytes.Buffer
	in := `{"a": [1, 2.5, "x"], "b": null, "big": 123456789012345678901234567890}`
	if _, err := token.Copy(ubjson.NewWriter(&ub), token.NewJSONReader(strings.NewReader(in))); err != nil {
		panic(err)
	}
	fmt.Printf("%q\n", ub.Bytes())
	if _, err := token.Copy(token.NewJSONWriter(os.Stdout), ubjson.NewReaderBytes(ub.Bytes())); err != nil {
		panic(err)
	}
	// Output:
	// "{i\x01a[i\x01D@\x04\x00\x00\x00\x00\x00\x00Cx]i\x01bZi\x03bigHi\x1e123456789012345678901234567890}"
	// {"a":[1,2.5,"x"],"b":null,"big":123456789012345678901234567890}
}

func ExampleMarshal() {
	type Sample struct {
		Name   string  `json:"name"`
		Values []int16 `json:"values"`
		Raw    []byte  `json:"raw" ubjson:"r"`
	}
	b, err := ubjson.Marshal(Sample{"s", []int16{100, 200, 300, 400, 500, 600}, []byte{1, 2}}, ubjson.TypedArrays(true))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%q\n", b)
	var back Sample
	if err := ubjson.Unmarshal(b, &back); err != nil {
		panic(err)
	}
	fmt.Println(back.Name, back.Values, back.Raw)
	// Output:
	// "{i\x04nameCsi\x06values[$I#i\x06\x00d\x00\xc8\x01,\x01\x90\x01\xf4\x02Xi\x01r[$U#i\x02\x01\x02}"
	// s [100 200 300 400 500 600] [1 2]
}
