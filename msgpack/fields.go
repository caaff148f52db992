package msgpack

import "github.com/celerjson/celer/internal/binfmt"

// structs holds the MessagePack fields of struct types: encoding/json's
// fields (internal/fields) with the msgpack tag's overrides (see
// binfmt.Structs), keyed by their names encoded as MessagePack strs.
var structs = binfmt.Structs{Tag: "msgpack", Key: func(name string) []byte {
	return append(appendStrHead(nil, len(name)), name...)
}}
