package token_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/celerjson/celer/token"
)

// Reading JSON as tokens: integers that fit are Int, other numbers keep
// their exact text.
func ExampleJSONReader() {
	r := token.NewJSONReader(strings.NewReader(`{"n": [1, 1.50, 123456789012345678901234567890]}`))
	for {
		t, err := r.ReadToken()
		if err != nil {
			break
		}
		fmt.Println(t.Kind(), t)
	}
	// Output:
	// begin object {_
	// string "n"
	// begin array [_
	// int 1
	// number 1.50
	// number 123456789012345678901234567890
	// end array ]
	// end object }
}

// Writing tokens that JSON has no type for: byte strings, bignums, tags.
func ExampleJSONWriter() {
	w := token.NewJSONWriter(os.Stdout)
	for _, t := range []token.Token{
		token.BeginArray(4),
		token.Bytes([]byte("hi!")),
		token.Tag(2), token.Bytes([]byte{1, 0, 0, 0, 0, 0, 0, 0, 0}),
		token.Tag(1), token.Int(1363896240),
		token.Float(2),
		token.EndArray,
	} {
		if err := w.WriteToken(t); err != nil {
			panic(err)
		}
	}
	w.Flush()
	// Output:
	// ["aGkh",18446744073709551616,1363896240,2.0]
}
