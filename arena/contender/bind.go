package contender

import "io"

// Binder is a library that binds JSON to Go values: the drop-in
// encoding/json operations, each at the library's defaults.
//
// Binders are a separate family from [Syntax]: a library may be in both
// (celer, encoding/json, sonic) and is then two values, one per family.
type Binder interface {
	// Name is a short, stable identifier used in benchmark names. It
	// contains no '/' or spaces.
	Name() string
	// Unmarshal decodes data into v, a non-nil pointer.
	Unmarshal(data []byte, v any) error
	// Marshal encodes v. The result may alias a buffer the binder reuses
	// on its next call.
	Marshal(v any) ([]byte, error)
}

// StreamDecoder decodes a stream of JSON values (NDJSON, or values one
// after another) from a reader, one at a time, in bounded memory.
type StreamDecoder interface {
	// DecodeStream decodes each value of r into v, a non-nil pointer, and
	// calls each after every value. It returns nil at the end of the
	// stream.
	DecodeStream(r io.Reader, v any, each func()) error
}

// Binders returns one fresh value of every binding contender, in a fixed
// order: celer, encoding/json, then the others.
func Binders() []Binder {
	return []Binder{
		NewCelerBind(),
		NewStdBind(),
		NewJSONv2Bind(),
		NewSonicBind(),
		NewSonicStdBind(),
		NewGoccyBind(),
		NewSegmentioBind(),
		NewJsoniterBind(),
		NewEasyJSONBind(),
	}
}
