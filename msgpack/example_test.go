package msgpack_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/celerjson/celer/msgpack"
	"github.com/celerjson/celer/token"
)

// Transcode JSON to MessagePack and back, token by token.
func Example_transcode() {
	var mp bytes.Buffer
	if _, err := token.Copy(msgpack.NewWriter(&mp), token.NewJSONReader(strings.NewReader(`{"a": [1, 2.5, "x"], "b": null}`))); err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", mp.Bytes())
	if _, err := token.Copy(token.NewJSONWriter(os.Stdout), msgpack.NewReaderBytes(mp.Bytes())); err != nil {
		panic(err)
	}
	// Output:
	// 82a1619301cb4004000000000000a178a162c0
	// {"a":[1,2.5,"x"],"b":null}
}

func ExampleMarshal() {
	type Event struct {
		Name string    `json:"name"`
		At   time.Time `json:"at"`
		Data []byte    `json:"data,omitempty" msgpack:"d"`
	}
	b, err := msgpack.Marshal(Event{Name: "boot", At: time.Unix(1363896240, 0), Data: []byte{1, 2}})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", b)
	var back Event
	if err := msgpack.Unmarshal(b, &back); err != nil {
		panic(err)
	}
	fmt.Println(back.Name, back.At.UTC(), back.Data)
	// Output:
	// 83a46e616d65a4626f6f74a26174d6ff514b67b0a164c4020102
	// boot 2013-03-21 20:04:00 +0000 UTC [1 2]
}
