package contender

import (
	"reflect"

	"github.com/celerjson/celer/bson"
)

func init() { RegisterFormat(func() Format { return &CelerBSON{} }) }

// CelerBSON is github.com/celerjson/celer/bson (bsonspec 1.1) at its
// defaults. A BSON text is a document, so values that are not structs or
// maps (the NeoUBJSON arrays) are not supported ([ErrUnsupported], shown
// as "—") rather than wrapped in a made-up document.
type CelerBSON struct{ buf []byte }

// Name implements [Format].
func (*CelerBSON) Name() string { return "bson" }

// Format implements [Format].
func (*CelerBSON) Format() string { return "bson" }

// Marshal calls bson.AppendMarshal into a buffer reused between calls.
func (c *CelerBSON) Marshal(v any) ([]byte, error) {
	if !isDocument(reflect.TypeOf(v)) {
		return nil, ErrUnsupported
	}
	var err error
	c.buf, err = bson.AppendMarshal(c.buf[:0], v)
	return c.buf, err
}

// Unmarshal calls bson.Unmarshal.
func (*CelerBSON) Unmarshal(b []byte, v any) error {
	if !isDocument(reflect.TypeOf(v)) {
		return ErrUnsupported
	}
	return bson.Unmarshal(b, v)
}

// isDocument reports whether t, through pointers, is a struct or a map.
func isDocument(t reflect.Type) bool {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t != nil && (t.Kind() == reflect.Struct || t.Kind() == reflect.Map)
}
