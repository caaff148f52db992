package dom

import "errors"

// Errors of accessors and edits. Syntax errors are *stream.SyntaxError.
var (
	// ErrWrongKind is wrapped by a KindError for a value of another kind.
	ErrWrongKind = errors.New("dom: wrong kind of value")
	// ErrMissing is wrapped by a KindError for the Invalid value (a
	// member or element that does not exist).
	ErrMissing = errors.New("dom: missing value")
	// ErrNotInteger is wrapped (in a *strconv.NumError) by Int64 and
	// Uint64 for a number that is not integral, such as 1.5 or 1e-3.
	ErrNotInteger = errors.New("number is not an integer")
	// ErrNotFound reports a path step that names no member or element.
	ErrNotFound = errors.New("dom: no such member or element")
	// ErrIndex reports an array index out of range or malformed.
	ErrIndex = errors.New("dom: array index out of range")
)

// KindError reports an accessor used on a value of another kind.
type KindError struct {
	Want, Got Kind
}

func (e *KindError) Error() string {
	if e.Got == Invalid {
		return "dom: " + e.Want.String() + " wanted, but the value does not exist"
	}
	return "dom: " + e.Want.String() + " wanted, got " + e.Got.String()
}

// Unwrap returns ErrMissing for the Invalid value, else ErrWrongKind.
func (e *KindError) Unwrap() error {
	if e.Got == Invalid {
		return ErrMissing
	}
	return ErrWrongKind
}
