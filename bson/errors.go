package bson

import (
	"errors"
	"reflect"
	"strconv"
	"strings"

	"github.com/celerjson/celer/internal/errs"
	"github.com/celerjson/celer/token"
)

// Sentinel errors. Every error from this package wraps one of them, so
// errors.Is works; the shared ones are the same values as in package
// stream, package cbor and the root celer package.
var (
	// ErrSyntax reports data that is not valid BSON (a bad length, a
	// missing terminator, an unknown element type, ...), data left over
	// after the document where exactly one was expected, or Extended JSON
	// with a malformed type wrapper.
	ErrSyntax = errors.New("malformed BSON")
	// ErrUnexpectedEOF reports input that ends inside a document, or a
	// length that claims more bytes than the input holds (it is
	// io.ErrUnexpectedEOF).
	ErrUnexpectedEOF = errs.ErrUnexpectedEOF
	// ErrInvalidUTF8 reports a string or a key that is not valid UTF-8.
	ErrInvalidUTF8 = errs.ErrInvalidUTF8
	// ErrDepth reports nesting beyond MaxDepth.
	ErrDepth = errs.ErrDepth
	// ErrLimit reports a length beyond MaxBytes, MaxTokenBytes or
	// MaxElements, or beyond what BSON can hold (2^31-1 bytes).
	ErrLimit = errs.ErrLimit
	// ErrDuplicateName reports a document with the same key twice, with
	// RejectDuplicateNames.
	ErrDuplicateName = errs.ErrDuplicateName
	// ErrUnsupported reports a value BSON cannot represent under the
	// options given (see token.ErrUnsupported).
	ErrUnsupported = token.ErrUnsupported
	// ErrInvalidSequence reports tokens written out of place (see
	// token.ErrInvalidSequence).
	ErrInvalidSequence = token.ErrInvalidSequence
)

// A SyntaxError is an error in BSON input (malformed data, invalid UTF-8,
// a limit exceeded, input that ends too early) or in the type wrappers of
// Extended JSON input. It carries the byte offset where the problem was
// found and the path of the element being read.
type SyntaxError struct {
	// Offset is the byte offset in the input of the element, length or
	// byte at fault (for Extended JSON: the offset just after the JSON
	// token at fault).
	Offset int64
	// Path locates the element being read, in the style of a JSON
	// Pointer: "/a/3" is element 3 of the array under key "a" of the
	// top-level document.
	Path string
	// Msg describes the problem.
	Msg string
	// Err is the sentinel: ErrSyntax, ErrUnexpectedEOF, ErrInvalidUTF8,
	// ErrDepth, ErrLimit or ErrDuplicateName.
	Err error
}

func (e *SyntaxError) Error() string {
	var sb strings.Builder
	sb.WriteString("bson: ")
	sb.WriteString(e.Msg)
	sb.WriteString(" at offset ")
	sb.WriteString(strconv.FormatInt(e.Offset, 10))
	if e.Path != "" {
		sb.WriteString(" within ")
		sb.WriteString(strconv.Quote(e.Path))
	}
	return sb.String()
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// An UnmarshalTypeError reports a BSON value that cannot be stored in the
// Go value it was decoded into.
type UnmarshalTypeError struct {
	Value  string       // the BSON value, e.g. "string", "int32 300"
	Type   reflect.Type // the Go type it could not be stored in
	Offset int64        // byte offset of the element
	Path   string       // path of the element (see SyntaxError)
}

func (e *UnmarshalTypeError) Error() string {
	s := "bson: cannot unmarshal " + e.Value + " into Go value of type " + e.Type.String() +
		" at offset " + strconv.FormatInt(e.Offset, 10)
	if e.Path != "" {
		s += " within " + strconv.Quote(e.Path)
	}
	return s
}

// An InvalidUnmarshalError reports a nil or non-pointer argument to
// Unmarshal or Decoder.Decode.
type InvalidUnmarshalError struct{ Type reflect.Type }

func (e *InvalidUnmarshalError) Error() string {
	if e.Type == nil {
		return "bson: Unmarshal(nil)"
	}
	if e.Type.Kind() != reflect.Pointer {
		return "bson: Unmarshal(non-pointer " + e.Type.String() + ")"
	}
	return "bson: Unmarshal(nil " + e.Type.String() + ")"
}

// An UnsupportedTypeError reports a Go type Marshal cannot encode
// (channels, functions, complex numbers, unsafe pointers), or a top-level
// value that is not a document.
type UnsupportedTypeError struct {
	Type reflect.Type
	Msg  string // why, when not simply the type
}

func (e *UnsupportedTypeError) Error() string {
	if e.Msg != "" {
		return "bson: " + e.Msg + ": " + e.Type.String()
	}
	return "bson: unsupported type: " + e.Type.String()
}

// Unwrap returns ErrUnsupported.
func (e *UnsupportedTypeError) Unwrap() error { return ErrUnsupported }

// A MarshalerError wraps an error returned by a MarshalBSON or
// MarshalText method.
type MarshalerError struct {
	Type reflect.Type
	Err  error
}

func (e *MarshalerError) Error() string {
	return "bson: error calling marshal method for type " + e.Type.String() + ": " + e.Err.Error()
}

func (e *MarshalerError) Unwrap() error { return e.Err }

func seqError(msg string) error {
	return &errs.Detail{Msg: "bson: " + msg, Sentinel: ErrInvalidSequence}
}

func unsupported(msg string) error {
	return &errs.Detail{Msg: "bson: " + msg, Sentinel: ErrUnsupported}
}

func limitError(msg string) error {
	return &errs.Detail{Msg: "bson: " + msg, Sentinel: ErrLimit}
}

// pathKey escapes a key for a path, as JSON Pointer does.
func pathKey(k string) string {
	if strings.IndexByte(k, '~') < 0 && strings.IndexByte(k, '/') < 0 {
		return k
	}
	k = strings.ReplaceAll(k, "~", "~0")
	return strings.ReplaceAll(k, "/", "~1")
}
