package contender

import (
	"encoding/json"
	"unsafe"

	"github.com/bytedance/sonic"
	"github.com/bytedance/sonic/ast"
)

// Sonic is github.com/bytedance/sonic (native SIMD kernels on amd64).
//
// sonic has no compact or indent function for raw JSON: its encoder
// compacts json.Marshaler output by calling encoding/json.Compact, so
// Sonic implements neither [Compacter] nor [Indenter].
type Sonic struct {
	v    sonicCounter
	opts ast.VisitorOptions
}

// NewSonic returns the sonic contender.
func NewSonic() *Sonic { return &Sonic{opts: ast.VisitorOptions{OnlyNumber: true}} }

// Name implements [Syntax].
func (*Sonic) Name() string { return "sonic" }

// Valid calls sonic.Valid (sonic.ConfigDefault.Valid).
func (*Sonic) Valid(b []byte) bool { return sonic.Valid(b) }

// Tokenize walks b with ast.Preorder, sonic's SAX-style visitor, with
// OnlyNumber set so numbers are passed as text rather than converted.
// Preorder takes a string; b is viewed as one without copying.
func (c *Sonic) Tokenize(b []byte) (int, error) {
	c.v = 0
	err := ast.Preorder(unsafe.String(unsafe.SliceData(b), len(b)), &c.v, &c.opts)
	return int(c.v), err
}

// sonicCounter is an ast.Visitor that counts the callbacks.
type sonicCounter int

func (n *sonicCounter) OnNull() error                        { *n++; return nil }
func (n *sonicCounter) OnBool(bool) error                    { *n++; return nil }
func (n *sonicCounter) OnString(string) error                { *n++; return nil }
func (n *sonicCounter) OnInt64(int64, json.Number) error     { *n++; return nil }
func (n *sonicCounter) OnFloat64(float64, json.Number) error { *n++; return nil }
func (n *sonicCounter) OnObjectBegin(int) error              { *n++; return nil }
func (n *sonicCounter) OnObjectKey(string) error             { *n++; return nil }
func (n *sonicCounter) OnObjectEnd() error                   { *n++; return nil }
func (n *sonicCounter) OnArrayBegin(int) error               { *n++; return nil }
func (n *sonicCounter) OnArrayEnd() error                    { *n++; return nil }
