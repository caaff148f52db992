package celer

import (
	"unsafe"

	"github.com/celerjson/celer/internal/scan"
)

// appendString appends s quoted with e's flags.
func (e *encState) appendString(b []byte, s string) []byte {
	return e.appendStringBytes(b, unsafe.Slice(unsafe.StringData(s), len(s)))
}

// appendStringBytes appends s quoted with e's flags (scan.AppendQuoteBytes,
// byte-identical to encoding/json); invalid UTF-8 aborts when not allowed.
func (e *encState) appendStringBytes(b []byte, s []byte) []byte {
	b, err := scan.AppendQuoteBytes(b, s, e.qf)
	if err != nil {
		encFailWith(err)
	}
	return b
}
