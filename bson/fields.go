package bson

import (
	"strings"

	"github.com/celerjson/celer/internal/binfmt"
)

// structs holds the BSON fields of struct types: encoding/json's fields
// (internal/fields) with the bson tag's overrides (see binfmt.Structs),
// keyed by their names as cstrings (with the NUL byte); a name with a NUL
// byte of its own has no key.
var structs = binfmt.Structs{Tag: "bson", Key: func(name string) []byte {
	if strings.IndexByte(name, 0) >= 0 {
		return nil
	}
	return append([]byte(name), 0)
}}
