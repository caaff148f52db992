package dom

import (
	"errors"
	"iter"
)

var errTODO = errors.New("dom: not implemented yet")

// Node is a mutable JSON value; objects keep member order.
type Node struct {
	kind  Kind
	b     bool
	text  string
	names []string
	items []*Node
}

func NewObject() *Node                                { return &Node{kind: Object} }
func NewArray() *Node                                 { return &Node{kind: Array} }
func NewString(s string) *Node                        { return &Node{kind: String, text: s} }
func NewNumber(text string) (*Node, error)            { return nil, errTODO }
func NewInt(i int64) *Node                            { return &Node{kind: Number} }
func NewFloat(f float64) *Node                        { return &Node{kind: Number} }
func NewBool(b bool) *Node                            { return &Node{kind: Bool, b: b} }
func NewNull() *Node                                  { return &Node{kind: Null} }
func FromValue(v Value) *Node                         { return nil }
func ParseNode(b []byte, o ...Options) (*Node, error) { return nil, errTODO }

func (n *Node) Kind() Kind                                            { return n.kind }
func (n *Node) Len() int                                              { return 0 }
func (n *Node) Get(name string) *Node                                 { return nil }
func (n *Node) Index(i int) *Node                                     { return nil }
func (n *Node) Set(name string, v *Node) *Node                        { return n }
func (n *Node) Delete(name string) bool                               { return false }
func (n *Node) Append(v ...*Node) *Node                               { return n }
func (n *Node) Insert(i int, v *Node) error                           { return errTODO }
func (n *Node) RemoveAt(i int) error                                  { return errTODO }
func (n *Node) SetIndex(i int, v *Node) error                         { return errTODO }
func (n *Node) Members() iter.Seq2[string, *Node]                     { return func(func(string, *Node) bool) {} }
func (n *Node) Elements() iter.Seq[*Node]                             { return func(func(*Node) bool) {} }
func (n *Node) SetAt(tokens []string, v *Node, create bool) error     { return errTODO }
func (n *Node) At(tokens []string) *Node                              { return nil }
func (n *Node) AppendJSON(dst []byte) []byte                          { return dst }
func (n *Node) AppendIndent(dst []byte, prefix, indent string) []byte { return dst }
func (n *Node) Text() (string, error)                                 { return "", errTODO }
func (n *Node) Bool() (bool, error)                                   { return false, errTODO }
func (n *Node) Int64() (int64, error)                                 { return 0, errTODO }
func (n *Node) Uint64() (uint64, error)                               { return 0, errTODO }
func (n *Node) Float64() (float64, error)                             { return 0, errTODO }
func (n *Node) Number() (string, error)                               { return "", errTODO }
