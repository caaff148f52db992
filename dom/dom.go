package dom

import (
	"io"
	"iter"

	"github.com/celerjson/celer/stream"
)

// Kind is the kind of a JSON value.
type Kind uint8

const (
	Invalid Kind = iota // zero Value: missing member/index, or wrong kind for the step
	Null
	Bool
	Number
	String
	Array
	Object
)

var kindNames = [...]string{"invalid", "null", "bool", "number", "string", "array", "object"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + string(rune('0'+k)) + ")"
}

// Options configure parsing; see the stream package's option constructors.
type Options = stream.Options

// Doc is a parsed, read-only JSON document.
type Doc struct {
	tape  []uint64
	arena []byte
	src   []byte
}

// Parser parses documents, reusing its buffers.
type Parser struct {
	doc Doc
}

// Parse parses b. The Doc references b.
func Parse(b []byte, o ...Options) (*Doc, error) {
	return nil, errTODO
}

// ParseReader reads all of r and parses it.
func ParseReader(r io.Reader, o ...Options) (*Doc, error) {
	return nil, errTODO
}

// Parse parses b reusing p's buffers.
func (p *Parser) Parse(b []byte, o ...Options) (*Doc, error) {
	return nil, errTODO
}

// Root returns the top-level value.
func (d *Doc) Root() Value { return Value{} }

// Value is a value inside a Doc.
type Value struct {
	d *Doc
	i uint32
}

func (v Value) Kind() Kind                                            { return Invalid }
func (v Value) Exists() bool                                          { return v.Kind() != Invalid }
func (v Value) Len() int                                              { return 0 }
func (v Value) Get(name string) Value                                 { return Value{} }
func (v Value) Index(i int) Value                                     { return Value{} }
func (v Value) Lookup(path ...string) Value                           { return Value{} }
func (v Value) All() iter.Seq2[string, Value]                         { return func(func(string, Value) bool) {} }
func (v Value) Elements() iter.Seq[Value]                             { return func(func(Value) bool) {} }
func (v Value) Text() (string, error)                                 { return "", errTODO }
func (v Value) Bool() (bool, error)                                   { return false, errTODO }
func (v Value) Int64() (int64, error)                                 { return 0, errTODO }
func (v Value) Uint64() (uint64, error)                               { return 0, errTODO }
func (v Value) Float64() (float64, error)                             { return 0, errTODO }
func (v Value) Number() (string, error)                               { return "", errTODO }
func (v Value) Raw() []byte                                           { return nil }
func (v Value) Offset() int                                           { return 0 }
func (v Value) String() string                                        { return "<invalid>" }
func (v Value) AppendJSON(dst []byte) []byte                          { return dst }
func (v Value) AppendIndent(dst []byte, prefix, indent string) []byte { return dst }
func (v Value) Decode(ptr any, o ...Options) error                    { return errTODO }
