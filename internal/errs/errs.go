// Package errs defines the sentinel errors and the positioned syntax error
// shared by every celer package. Public packages re-export them.
package errs

import (
	"errors"
	"io"
	"strconv"
	"strings"
)

// Sentinel errors, wrapped inside positioned errors so errors.Is works.
var (
	ErrSyntax        = errors.New("invalid JSON syntax")
	ErrUnexpectedEOF = io.ErrUnexpectedEOF
	ErrInvalidUTF8   = errors.New("invalid UTF-8")
	ErrDuplicateName = errors.New("duplicate object member name")
	ErrDepth         = errors.New("exceeded max depth")
	ErrLimit         = errors.New("exceeded size limit")
)

// Detail is an error message that wraps a sentinel.
type Detail struct {
	Msg      string
	Sentinel error
}

func (d *Detail) Error() string { return d.Msg }
func (d *Detail) Unwrap() error { return d.Sentinel }

// SyntaxError is a positioned error in JSON text.
type SyntaxError struct {
	// Offset is the byte offset in the input at which the error was found.
	Offset int64
	// Line and Column locate Offset, both 1-based; Column counts bytes.
	Line, Column int
	// Pointer is the RFC 6901 JSON Pointer of the value being decoded.
	Pointer string
	// Quote is a short excerpt of the input at the error.
	Quote string
	// Err is the underlying error; errors.Is sees through it to the
	// sentinels ErrSyntax, ErrUnexpectedEOF, ErrInvalidUTF8,
	// ErrDuplicateName, ErrDepth and ErrLimit.
	Err error
}

func (e *SyntaxError) Error() string {
	var sb strings.Builder
	sb.WriteString("celer: ")
	sb.WriteString(e.Err.Error())
	sb.WriteString(" at line ")
	sb.WriteString(strconv.Itoa(e.Line))
	sb.WriteString(", column ")
	sb.WriteString(strconv.Itoa(e.Column))
	sb.WriteString(" (offset ")
	sb.WriteString(strconv.FormatInt(e.Offset, 10))
	sb.WriteString(")")
	if e.Pointer != "" {
		sb.WriteString(" within ")
		sb.WriteString(strconv.Quote(e.Pointer))
	}
	if e.Quote != "" {
		sb.WriteString(": near ")
		sb.WriteString(e.Quote)
	}
	return sb.String()
}

func (e *SyntaxError) Unwrap() error { return e.Err }

// Locate returns the 1-based line and column of offset off in b, given the
// line number and the offset of the start of that line at b[0].
func Locate(b []byte, off int, line int, lineStart int64, base int64) (int, int) {
	if off > len(b) {
		off = len(b)
	}
	for i := 0; i < off; i++ {
		if b[i] == '\n' {
			line++
			lineStart = base + int64(i) + 1
		}
	}
	return line, int(base+int64(off)-lineStart) + 1
}

// QuoteAt returns a short quoted excerpt of b around offset off.
func QuoteAt(b []byte, off int) string {
	if off < 0 {
		off = 0
	}
	if off > len(b) {
		off = len(b)
	}
	lo, hi := off-12, off+12
	if lo < 0 {
		lo = 0
	}
	if hi > len(b) {
		hi = len(b)
	}
	if lo == hi {
		return ""
	}
	s := strconv.Quote(string(b[lo:hi]))
	if lo > 0 {
		s = "…" + s
	}
	if hi < len(b) {
		s += "…"
	}
	return s
}
