package bson_test

import (
	"bytes"
	"fmt"
	"os"

	"github.com/celerjson/celer/bson"
	"github.com/celerjson/celer/token"
)

// Example_transcode converts JSON to BSON and the BSON to canonical and
// relaxed Extended JSON, token by token.
func Example_transcode() {
	var b bytes.Buffer
	if _, err := token.Copy(bson.NewWriter(&b), token.NewJSONReaderBytes([]byte(`{"hello": "world", "n": [1, 2.5]}`))); err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", b.Bytes())
	for _, m := range []bson.Mode{bson.Canonical, bson.Relaxed} {
		token.Copy(bson.NewExtJSONWriter(os.Stdout, m), bson.NewReaderBytes(b.Bytes()))
	}
	// Output:
	// 300000000268656c6c6f0006000000776f726c6400046e00170000001030000100000001310000000000000004400000
	// {"hello":"world","n":[{"$numberInt":"1"},{"$numberDouble":"2.5"}]}
	// {"hello":"world","n":[1,2.5]}
}

func ExampleMarshal() {
	type point struct {
		ID   bson.ObjectID `json:"_id"`
		X, Y int32
		Tags []string `json:"tags,omitempty"`
	}
	id, _ := bson.ObjectIDFromHex("57e193d7a9cc81b4027498b5")
	b, err := bson.Marshal(point{ID: id, X: 1, Y: 2})
	if err != nil {
		panic(err)
	}
	var back point
	err = bson.Unmarshal(b, &back)
	fmt.Println(len(b), back.ID, back.X, back.Y, err)
	token.Copy(bson.NewExtJSONWriter(os.Stdout, bson.Relaxed), bson.NewReaderBytes(b))
	// Output:
	// 36 57e193d7a9cc81b4027498b5 1 2 <nil>
	// {"_id":{"$oid":"57e193d7a9cc81b4027498b5"},"X":1,"Y":2}
}
