package celer

import (
	"unsafe"

	"github.com/celerjson/celer/internal/ftoa"
	"github.com/celerjson/celer/internal/scan"
)

// Plans for booleans, numbers and strings.

func encBool(e *encState, b []byte, p unsafe.Pointer) []byte {
	if *(*bool)(p) {
		return append(b, "true"...)
	}
	return append(b, "false"...)
}

func encInt(e *encState, b []byte, p unsafe.Pointer) []byte {
	return ftoa.AppendInt(b, int64(*(*int)(p)))
}

func encInt8(e *encState, b []byte, p unsafe.Pointer) []byte {
	return ftoa.AppendInt(b, int64(*(*int8)(p)))
}

func encInt16(e *encState, b []byte, p unsafe.Pointer) []byte {
	return ftoa.AppendInt(b, int64(*(*int16)(p)))
}

func encInt32(e *encState, b []byte, p unsafe.Pointer) []byte {
	return ftoa.AppendInt(b, int64(*(*int32)(p)))
}

func encInt64(e *encState, b []byte, p unsafe.Pointer) []byte {
	return ftoa.AppendInt(b, *(*int64)(p))
}

func encUint(e *encState, b []byte, p unsafe.Pointer) []byte {
	return ftoa.AppendUint(b, uint64(*(*uint)(p)))
}

func encUint8(e *encState, b []byte, p unsafe.Pointer) []byte {
	return ftoa.AppendUint(b, uint64(*(*uint8)(p)))
}

func encUint16(e *encState, b []byte, p unsafe.Pointer) []byte {
	return ftoa.AppendUint(b, uint64(*(*uint16)(p)))
}

func encUint32(e *encState, b []byte, p unsafe.Pointer) []byte {
	return ftoa.AppendUint(b, uint64(*(*uint32)(p)))
}

func encUint64(e *encState, b []byte, p unsafe.Pointer) []byte {
	return ftoa.AppendUint(b, *(*uint64)(p))
}

func encUintptr(e *encState, b []byte, p unsafe.Pointer) []byte {
	return ftoa.AppendUint(b, uint64(*(*uintptr)(p)))
}

func encFloat32(e *encState, b []byte, p unsafe.Pointer) []byte {
	return encAppendFloat(b, float64(*(*float32)(p)), 32)
}

func encFloat64(e *encState, b []byte, p unsafe.Pointer) []byte {
	return encAppendFloat(b, *(*float64)(p), 64)
}

// encAppendFloat appends f as encoding/json formats it; NaN and the
// infinities fail with its UnsupportedValueError.
func encAppendFloat(b []byte, f float64, bits int) []byte {
	if bits == 64 {
		return encAppendFloat64(b, f)
	}
	b, err := scan.AppendFloat(b, f, bits)
	if err != nil {
		encFail()
	}
	return b
}

func encString(e *encState, b []byte, p unsafe.Pointer) []byte {
	return e.appendString(b, *(*string)(p))
}

// encQuotedString writes a string field with the ",string" option: the
// quoted string, quoted again (HTML escaping applies to the inner layer
// only, as in encoding/json).
func encQuotedString(e *encState, b []byte, p unsafe.Pointer) []byte {
	inner := e.appendString(e.scratch[:0], *(*string)(p))
	b, _ = scan.AppendQuoteBytes(b, inner, e.qf&^scan.QuoteHTML)
	e.scratch = inner
	return b
}

// encNumber writes a json.Number: its text, "0" when empty; invalid text
// fails as in encoding/json.
func encNumber(e *encState, b []byte, p unsafe.Pointer) []byte {
	s := *(*string)(p)
	if s == "" {
		return append(b, '0')
	}
	if !encValidNumber(s) {
		encFail()
	}
	return append(b, s...)
}

// encValidNumber reports whether s is a JSON number literal.
func encValidNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i == len(s):
		return false
	case s[i] == '0':
		i++
	case '1' <= s[i] && s[i] <= '9':
		i = encDigits(s, i+1)
	default:
		return false
	}
	if i+1 < len(s) && s[i] == '.' && encIsDigit(s[i+1]) {
		i = encDigits(s, i+2)
	}
	if i+1 < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if s[i] == '+' || s[i] == '-' {
			i++
		}
		if i == len(s) || !encIsDigit(s[i]) {
			return false
		}
		i = encDigits(s, i+1)
	}
	return i == len(s)
}

func encIsDigit(c byte) bool { return '0' <= c && c <= '9' }

func encDigits(s string, i int) int {
	for i < len(s) && encIsDigit(s[i]) {
		i++
	}
	return i
}

// encQuotedIf wraps a scalar plan in double quotes for the ",string"
// option.
func encQuotedIf(f encFn, quoted bool) encFn {
	if !quoted {
		return f
	}
	return func(e *encState, b []byte, p unsafe.Pointer) []byte {
		b = append(b, '"')
		b = f(e, b, p)
		return append(b, '"')
	}
}
