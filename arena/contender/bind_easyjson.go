package contender

import (
	"bufio"
	"errors"
	"io"

	"github.com/mailru/easyjson"
)

// EasyJSONBind is github.com/mailru/easyjson: code generated ahead of time
// for the benchmark's types (arena/bindbench/types). It has no reflection
// fallback, so it binds only those types: Unmarshal into an empty
// interface or Marshal of a map is not supported ([ErrUnsupported]), and
// tables show "—".
type EasyJSONBind struct{}

// NewEasyJSONBind returns the easyjson binding contender.
func NewEasyJSONBind() *EasyJSONBind { return &EasyJSONBind{} }

// ErrUnsupported reports a value a contender cannot bind.
var ErrUnsupported = errors.New("contender: type not supported")

// Name implements [Binder].
func (*EasyJSONBind) Name() string { return "easyjson" }

// Unmarshal calls easyjson.Unmarshal on a type with generated code.
func (*EasyJSONBind) Unmarshal(data []byte, v any) error {
	u, ok := v.(easyjson.Unmarshaler)
	if !ok {
		return ErrUnsupported
	}
	return easyjson.Unmarshal(data, u)
}

// Marshal calls easyjson.Marshal on a type with generated code.
func (*EasyJSONBind) Marshal(v any) ([]byte, error) {
	m, ok := v.(easyjson.Marshaler)
	if !ok {
		return nil, ErrUnsupported
	}
	return easyjson.Marshal(m)
}

// DecodeStream reads NDJSON line by line with a bufio.Scanner and
// unmarshals each line: easyjson has no stream decoder.
func (*EasyJSONBind) DecodeStream(r io.Reader, v any, each func()) error {
	u, ok := v.(easyjson.Unmarshaler)
	if !ok {
		return ErrUnsupported
	}
	s := bufio.NewScanner(r)
	s.Buffer(make([]byte, 0, 64<<10), 64<<20)
	for s.Scan() {
		line := s.Bytes()
		if len(line) == 0 {
			continue
		}
		if err := easyjson.Unmarshal(line, u); err != nil {
			return err
		}
		each()
	}
	return s.Err()
}
