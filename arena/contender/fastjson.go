package contender

import "github.com/valyala/fastjson"

// FastJSON is github.com/valyala/fastjson. It only offers validation at
// the syntax layer: its Parser always builds a tree of values.
type FastJSON struct{}

// NewFastJSON returns the fastjson contender.
func NewFastJSON() *FastJSON { return &FastJSON{} }

// Name implements [Syntax].
func (*FastJSON) Name() string { return "fastjson" }

// Valid calls fastjson.ValidateBytes.
func (*FastJSON) Valid(b []byte) bool { return fastjson.ValidateBytes(b) == nil }
