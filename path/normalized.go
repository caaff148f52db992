package path

import (
	"strconv"
	"unicode/utf8"
	"unsafe"
)

// appendNormalized appends the Normalized Path (RFC 9535 section 2.7) of
// steps to dst: $ then ['name'] or [index] per step.
func appendNormalized(dst []byte, steps []pathStep) []byte {
	dst = append(dst, '$')
	for i := range steps {
		dst = appendNormalStep(dst, &steps[i])
	}
	return dst
}

func appendNormalStep(dst []byte, s *pathStep) []byte {
	if !s.isName {
		dst = append(dst, '[')
		dst = strconv.AppendInt(dst, int64(s.index), 10)
		return append(dst, ']')
	}
	return appendNormalName(dst, s.name)
}

const lowerHex = "0123456789abcdef"

// AppendNormalName appends the Normalized Path segment for member name
// to dst: the name in single quotes, in brackets, escaped exactly as RFC
// 9535 section 2.7 prescribes: \b \t \n \f \r, \' and \\, \u00xx (lower
// case hex) for the other control characters, every other character as
// it is. Invalid UTF-8, which a strict parse never lets through, is
// written as U+FFFD so that the result is always valid UTF-8.
func AppendNormalName(dst []byte, name string) []byte {
	return appendNormalName(dst, unsafe.Slice(unsafe.StringData(name), len(name)))
}

// appendNormalName is AppendNormalName for a name in a byte slice, which
// it does not modify.
func appendNormalName(dst []byte, name []byte) []byte {
	dst = append(dst, '[', '\'')
	start := 0
	for i := 0; i < len(name); {
		c := name[i]
		if c >= 0x20 && c != '\'' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRune(name[i:])
			if r != utf8.RuneError || n != 1 {
				i += n
				continue
			}
			dst = append(dst, name[start:i]...)
			dst = utf8.AppendRune(dst, utf8.RuneError)
			i++
			start = i
			continue
		}
		dst = append(dst, name[start:i]...)
		switch c {
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\t':
			dst = append(dst, '\\', 't')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\f':
			dst = append(dst, '\\', 'f')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\'':
			dst = append(dst, '\\', '\'')
		case '\\':
			dst = append(dst, '\\', '\\')
		default:
			dst = append(dst, '\\', 'u', '0', '0', lowerHex[c>>4], lowerHex[c&15])
		}
		i++
		start = i
	}
	dst = append(dst, name[start:]...)
	return append(dst, '\'', ']')
}
