package contender

import (
	"reflect"

	"go.mongodb.org/mongo-driver/v2/bson"
)

func init() { registerFormatLibrary(func() Format { return &MongoBSON{} }) }

// MongoBSON is go.mongodb.org/mongo-driver/v2/bson at its defaults
// (bson.Marshal and bson.Unmarshal: reflection, "bson" tags, so fields
// are named by their lowercased Go names). A BSON text is a document, so
// values that are not structs or maps are not supported
// ([ErrUnsupported]), as for celer's bson.
type MongoBSON struct{}

// Name implements [Format].
func (*MongoBSON) Name() string { return "bson-mongo" }

// Format implements [Format].
func (*MongoBSON) Format() string { return "bson" }

// Library is the library's name in the format benchmarks' rows.
func (*MongoBSON) Library() string { return "mongo" }

// Marshal calls bson.Marshal.
func (*MongoBSON) Marshal(v any) ([]byte, error) {
	if !isDocument(reflect.TypeOf(v)) {
		return nil, ErrUnsupported
	}
	return bson.Marshal(v)
}

// Unmarshal calls bson.Unmarshal.
func (*MongoBSON) Unmarshal(b []byte, v any) error {
	if !isDocument(reflect.TypeOf(v)) {
		return ErrUnsupported
	}
	return bson.Unmarshal(b, v)
}
