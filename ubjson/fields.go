package ubjson

import "github.com/celerjson/celer/internal/binfmt"

// structs holds the UBJSON fields of struct types: encoding/json's fields
// (internal/fields) with the ubjson tag's overrides (see binfmt.Structs),
// keyed by their names encoded as UBJSON object keys (length and text).
var structs = binfmt.Structs{Tag: "ubjson", Key: func(name string) []byte {
	return append(appendInt(nil, int64(len(name))), name...)
}}
