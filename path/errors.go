package path

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Error is an invalid query, JSON Pointer or dotted path. Its message shows
// the expression with a caret under the offending byte:
//
//	path: invalid JSONPath query at offset 4: expected ']' or ','
//	  $.a[1
//	       ^
type Error struct {
	// Expr is the expression as given.
	Expr string
	// Offset is the byte offset in Expr at which the problem was found;
	// len(Expr) means the expression ended too early.
	Offset int
	// Msg says what is wrong.
	Msg string
	// Syntax names the syntax: "JSONPath query", "JSON Pointer" or
	// "dotted path".
	Syntax string
}

func (e *Error) Error() string {
	var sb strings.Builder
	sb.WriteString("path: invalid ")
	sb.WriteString(e.Syntax)
	sb.WriteString(" at offset ")
	sb.WriteString(strconv.Itoa(e.Offset))
	sb.WriteString(": ")
	sb.WriteString(e.Msg)
	sb.WriteByte('\n')
	sb.WriteString(e.Caret())
	return sb.String()
}

// caretWindow is the most runes of the expression Caret shows on each side
// of the offset.
const caretWindow = 40

// Caret returns two lines: the expression (an excerpt of it around Offset
// when it is long) and a caret under the byte at Offset, each indented by
// two spaces. Tabs, line feeds and other control characters are shown as
// spaces, and invalid UTF-8 as U+FFFD, so that the caret lines up.
func (e *Error) Caret() string {
	off := min(max(e.Offset, 0), len(e.Expr))
	before, after := e.Expr[:off], e.Expr[off:]
	cut := ""
	if n := utf8.RuneCountInString(before); n > caretWindow {
		for n > caretWindow {
			_, size := utf8.DecodeRuneInString(before)
			before = before[size:]
			n--
		}
		cut = "…"
	}
	tail := ""
	if utf8.RuneCountInString(after) > caretWindow {
		k := 0
		for i := range after {
			if k == caretWindow {
				after, tail = after[:i], "…"
				break
			}
			k++
		}
	}
	var sb strings.Builder
	sb.WriteString("  ")
	sb.WriteString(cut)
	col := utf8.RuneCountInString(cut)
	for _, r := range before {
		sb.WriteRune(printable(r))
		col++
	}
	for _, r := range after {
		sb.WriteRune(printable(r))
	}
	sb.WriteString(tail)
	sb.WriteString("\n  ")
	sb.WriteString(strings.Repeat(" ", col))
	sb.WriteByte('^')
	return sb.String()
}

// printable maps r to what Caret shows for it.
func printable(r rune) rune {
	switch {
	case r < 0x20 || r == 0x7f:
		return ' '
	case r == utf8.RuneError:
		return '\uFFFD'
	}
	return r
}

// syntax names for Error.Syntax.
const (
	syntaxJSONPath = "JSONPath query"
	syntaxPointer  = "JSON Pointer"
	syntaxDotted   = "dotted path"
)
