package ubjson

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
	// ErrSyntax reports data that is not valid UBJSON (an unknown marker,
	// a negative length or count, a char above 127, high-precision text
	// that is not a JSON number, a misplaced end marker or optimized
	// container parameter), or data left over after the value where
	// exactly one was expected.
	ErrSyntax = errors.New("malformed UBJSON")
	// ErrUnexpectedEOF reports input that ends inside a value (it is
	// io.ErrUnexpectedEOF).
	ErrUnexpectedEOF = errs.ErrUnexpectedEOF
	// ErrInvalidUTF8 reports a string (or object key) that is not valid
	// UTF-8.
	ErrInvalidUTF8 = errs.ErrInvalidUTF8
	// ErrDepth reports nesting of arrays and objects beyond MaxDepth.
	ErrDepth = errs.ErrDepth
	// ErrLimit reports a length beyond MaxBytes, MaxTokenBytes or
	// MaxElements, more values without payload than this implementation
	// accepts (see Reader), or a length beyond what it can hold.
	ErrLimit = errs.ErrLimit
	// ErrDuplicateName reports an object with the same key twice, with
	// RejectDuplicateNames or Deterministic.
	ErrDuplicateName = errs.ErrDuplicateName
	// ErrUnsupported reports a value UBJSON cannot represent under
	// the options given (see token.ErrUnsupported).
	ErrUnsupported = token.ErrUnsupported
	// ErrInvalidSequence reports tokens written out of place (see
	// token.ErrInvalidSequence).
	ErrInvalidSequence = token.ErrInvalidSequence
)

// A SyntaxError is an error in UBJSON input: malformed data, invalid
// UTF-8, a limit exceeded, or input that ends too early. It carries the
// byte offset where the problem was found and the path of the value being
// read.
type SyntaxError struct {
	// Offset is the byte offset in the input of the value (or the byte)
	// at fault.
	Offset int64
	// Path locates the value being read, in the style of a JSON Pointer:
	// "/3/name" is member "name" of element 3 of the top-level array;
	// keys longer than 256 bytes appear as "?".
	Path string
	// Msg describes the problem.
	Msg string
	// Err is the sentinel: ErrSyntax, ErrUnexpectedEOF, ErrInvalidUTF8,
	// ErrDepth, ErrLimit or ErrDuplicateName.
	Err error
}

func (e *SyntaxError) Error() string {
	var sb strings.Builder
	sb.WriteString("ubjson: ")
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

// An UnmarshalTypeError reports a UBJSON value that cannot be stored
// in the Go value it was decoded into.
type UnmarshalTypeError struct {
	Value  string       // the UBJSON value, e.g. "int8", "string"
	Type   reflect.Type // the Go type it could not be stored in
	Offset int64        // byte offset of the value
	Path   string       // path of the value (see SyntaxError)
}

func (e *UnmarshalTypeError) Error() string {
	s := "ubjson: cannot unmarshal " + e.Value + " into Go value of type " + e.Type.String() +
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
		return "ubjson: Unmarshal(nil)"
	}
	if e.Type.Kind() != reflect.Pointer {
		return "ubjson: Unmarshal(non-pointer " + e.Type.String() + ")"
	}
	return "ubjson: Unmarshal(nil " + e.Type.String() + ")"
}

// An UnsupportedTypeError reports a Go type Marshal cannot encode
// (channels, functions, complex numbers, unsafe pointers).
type UnsupportedTypeError struct{ Type reflect.Type }

func (e *UnsupportedTypeError) Error() string {
	return "ubjson: unsupported type: " + e.Type.String()
}

// Unwrap returns ErrUnsupported.
func (e *UnsupportedTypeError) Unwrap() error { return ErrUnsupported }

// A MarshalerError wraps an error returned by a MarshalUBJSON or
// MarshalText method.
type MarshalerError struct {
	Type reflect.Type
	Err  error
}

func (e *MarshalerError) Error() string {
	return "ubjson: error calling marshal method for type " + e.Type.String() + ": " + e.Err.Error()
}

func (e *MarshalerError) Unwrap() error { return e.Err }

func seqError(msg string) error {
	return &errs.Detail{Msg: "ubjson: " + msg, Sentinel: ErrInvalidSequence}
}

func unsupported(msg string) error {
	return &errs.Detail{Msg: "ubjson: " + msg, Sentinel: ErrUnsupported}
}

func limitError(msg string) error {
	return &errs.Detail{Msg: "ubjson: " + msg, Sentinel: ErrLimit}
}

// fracError makes the errors of a decimal fraction or bigfloat's
// conversion (binfmt.Fraction).
func fracError(limit bool, msg string) error {
	if limit {
		return limitError(msg)
	}
	return unsupported(msg)
}
