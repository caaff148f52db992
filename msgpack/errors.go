package msgpack

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
// stream and the root celer package.
var (
	// ErrSyntax reports data that is not valid MessagePack (the never-used
	// byte 0xc1, a timestamp extension of a wrong length or with more than
	// 999999999 nanoseconds), or data left over after the object where
	// exactly one was expected.
	ErrSyntax = errors.New("malformed MessagePack")
	// ErrUnexpectedEOF reports input that ends inside an object (it is
	// io.ErrUnexpectedEOF).
	ErrUnexpectedEOF = errs.ErrUnexpectedEOF
	// ErrInvalidUTF8 reports a str that is not valid UTF-8.
	ErrInvalidUTF8 = errs.ErrInvalidUTF8
	// ErrDepth reports nesting of arrays and maps beyond MaxDepth.
	ErrDepth = errs.ErrDepth
	// ErrLimit reports a length beyond MaxBytes, MaxTokenBytes or
	// MaxElements, or beyond what MessagePack or this implementation can
	// hold.
	ErrLimit = errs.ErrLimit
	// ErrDuplicateName reports a map with the same key twice, with
	// RejectDuplicateNames or Deterministic.
	ErrDuplicateName = errs.ErrDuplicateName
	// ErrUnsupported reports a value MessagePack cannot represent under
	// the options given (see token.ErrUnsupported).
	ErrUnsupported = token.ErrUnsupported
	// ErrInvalidSequence reports tokens written out of place (see
	// token.ErrInvalidSequence).
	ErrInvalidSequence = token.ErrInvalidSequence
)

// A SyntaxError is an error in MessagePack input: malformed data, invalid
// UTF-8, a limit exceeded, or input that ends too early. It carries the
// byte offset where the problem was found and the path of the value being
// read.
type SyntaxError struct {
	// Offset is the byte offset in the input of the object (or the byte)
	// at fault.
	Offset int64
	// Path locates the value being read, in the style of a JSON Pointer:
	// "/3/name" is member "name" of element 3 of the top-level array. Map
	// keys that are not strings appear in the style of CBOR diagnostic
	// notation (1, true, h'00'), and as "?" when longer than 256 bytes.
	Path string
	// Msg describes the problem.
	Msg string
	// Err is the sentinel: ErrSyntax, ErrUnexpectedEOF, ErrInvalidUTF8,
	// ErrDepth, ErrLimit or ErrDuplicateName.
	Err error
}

func (e *SyntaxError) Error() string {
	var sb strings.Builder
	sb.WriteString("msgpack: ")
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

// An UnmarshalTypeError reports a MessagePack value that cannot be stored
// in the Go value it was decoded into.
type UnmarshalTypeError struct {
	Value  string       // the MessagePack value, e.g. "negative integer", "str"
	Type   reflect.Type // the Go type it could not be stored in
	Offset int64        // byte offset of the value
	Path   string       // path of the value (see SyntaxError)
}

func (e *UnmarshalTypeError) Error() string {
	s := "msgpack: cannot unmarshal " + e.Value + " into Go value of type " + e.Type.String() +
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
		return "msgpack: Unmarshal(nil)"
	}
	if e.Type.Kind() != reflect.Pointer {
		return "msgpack: Unmarshal(non-pointer " + e.Type.String() + ")"
	}
	return "msgpack: Unmarshal(nil " + e.Type.String() + ")"
}

// An UnsupportedTypeError reports a Go type Marshal cannot encode
// (channels, functions, complex numbers, unsafe pointers).
type UnsupportedTypeError struct{ Type reflect.Type }

func (e *UnsupportedTypeError) Error() string {
	return "msgpack: unsupported type: " + e.Type.String()
}

// Unwrap returns ErrUnsupported.
func (e *UnsupportedTypeError) Unwrap() error { return ErrUnsupported }

// A MarshalerError wraps an error returned by a MarshalMsgpack or
// MarshalText method.
type MarshalerError struct {
	Type reflect.Type
	Err  error
}

func (e *MarshalerError) Error() string {
	return "msgpack: error calling marshal method for type " + e.Type.String() + ": " + e.Err.Error()
}

func (e *MarshalerError) Unwrap() error { return e.Err }

func seqError(msg string) error {
	return &errs.Detail{Msg: "msgpack: " + msg, Sentinel: ErrInvalidSequence}
}

func unsupported(msg string) error {
	return &errs.Detail{Msg: "msgpack: " + msg, Sentinel: ErrUnsupported}
}

func limitError(msg string) error {
	return &errs.Detail{Msg: "msgpack: " + msg, Sentinel: ErrLimit}
}

// fracError makes the errors of a decimal fraction or bigfloat's
// conversion (binfmt.Fraction).
func fracError(limit bool, msg string) error {
	if limit {
		return limitError(msg)
	}
	return unsupported(msg)
}
