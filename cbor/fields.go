package cbor

import "github.com/celerjson/celer/internal/binfmt"

// structs holds the CBOR fields of struct types: encoding/json's fields
// (internal/fields) with the cbor tag's overrides (see binfmt.Structs),
// keyed by their names encoded as CBOR text strings.
var structs = binfmt.Structs{Tag: "cbor", Key: func(name string) []byte {
	return append(appendHead(nil, majorText, uint64(len(name))), name...)
}}
