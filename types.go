package celer

import "encoding/json"

// The types below are encoding/json's own, so that values, methods and
// errors interoperate in both directions: a type that implements
// json.Marshaler implements celer.Marshaler, errors.As with a
// *json.UnsupportedTypeError target matches celer's errors, and so on.

// Marshaler is implemented by types that can marshal themselves into valid
// JSON. It is encoding/json's [json.Marshaler].
type Marshaler = json.Marshaler

// Unmarshaler is implemented by types that can unmarshal a JSON
// description of themselves. It is encoding/json's [json.Unmarshaler].
type Unmarshaler = json.Unmarshaler

// RawMessage is a raw encoded JSON value. It is encoding/json's
// [json.RawMessage]; when marshaled it is validated and compacted.
type RawMessage = json.RawMessage

// Number is the text of a JSON number literal. It is encoding/json's
// [json.Number]; when marshaled it must be a valid number ("" counts as 0).
type Number = json.Number

// Token is a JSON token as returned by a Decoder. It is encoding/json's
// [json.Token].
type Token = json.Token

// Delim is one of the four JSON delimiters [ ] { }. It is encoding/json's
// [json.Delim].
type Delim = json.Delim

// Error types, shared with encoding/json.
type (
	// MarshalerError is returned when a MarshalJSON or MarshalText method
	// fails or returns invalid JSON.
	MarshalerError = json.MarshalerError
	// UnsupportedTypeError is returned when marshaling a channel, function
	// or complex value, or a map with an unsupported key type.
	UnsupportedTypeError = json.UnsupportedTypeError
	// UnsupportedValueError is returned when marshaling NaN, an infinity,
	// or a cyclic data structure.
	UnsupportedValueError = json.UnsupportedValueError
	// UnmarshalTypeError describes a JSON value that was not appropriate
	// for a value of a specific Go type.
	UnmarshalTypeError = json.UnmarshalTypeError
	// InvalidUnmarshalError describes an invalid (nil or non-pointer)
	// argument passed to Unmarshal.
	InvalidUnmarshalError = json.InvalidUnmarshalError
	// UnmarshalFieldError is kept for compatibility; encoding/json no
	// longer returns it.
	//
	// Deprecated: as in encoding/json.
	UnmarshalFieldError = json.UnmarshalFieldError //nolint:staticcheck // drop-in alias
	// InvalidUTF8Error is kept for compatibility; encoding/json no longer
	// returns it.
	//
	// Deprecated: as in encoding/json.
	InvalidUTF8Error = json.InvalidUTF8Error //nolint:staticcheck // drop-in alias
)
