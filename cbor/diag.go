package cbor

import (
	"encoding/hex"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Diagnose returns the diagnostic notation (RFC 8949 section 8) of the
// CBOR sequence data: its items separated by ", ". Indefinite-length
// items carry the "_" indicator, chunked strings show their chunks, and
// bignums (tags 2 and 3 on a byte string) show their value as a decimal
// integer, as the examples of RFC 8949 Appendix A do. Floats are written
// with Go's shortest formatting (1.5, 1e+300, NaN, Infinity). The data is
// checked as a Reader checks it first, with the options given.
func Diagnose(data []byte, o ...Options) (string, error) {
	r := NewReaderBytes(data, o...)
	for {
		if _, err := r.ReadToken(); err != nil {
			if err == io.EOF {
				break
			}
			return "", err
		}
	}
	var sb strings.Builder
	for i := 0; i < len(data); {
		if i > 0 {
			sb.WriteString(", ")
		}
		i = diagItem(&sb, data, i)
	}
	return sb.String(), nil
}

// diagItem writes the well-formed item at b[i] and returns its end.
func diagItem(sb *strings.Builder, b []byte, i int) int {
	major, ai := b[i]>>5, b[i]&31
	arg, hl, _ := headArg(b[i:])
	j := i + hl
	switch major {
	case majorUint:
		sb.WriteString(strconv.FormatUint(arg, 10))
		return j
	case majorNeg:
		if arg == math.MaxUint64 {
			sb.WriteString("-18446744073709551616")
		} else {
			sb.WriteString("-" + strconv.FormatUint(arg+1, 10))
		}
		return j
	case majorBytes, majorText:
		if ai == aiIndef {
			if b[j] == breakByte {
				if major == majorBytes {
					sb.WriteString("''_")
				} else {
					sb.WriteString(`""_`)
				}
				return j + 1
			}
			sb.WriteString("(_ ")
			for k := 0; b[j] != breakByte; k++ {
				if k > 0 {
					sb.WriteString(", ")
				}
				j = diagItem(sb, b, j)
			}
			sb.WriteByte(')')
			return j + 1
		}
		s := b[j : j+int(arg)]
		if major == majorBytes {
			sb.WriteString("h'" + hex.EncodeToString(s) + "'")
		} else {
			diagQuote(sb, s)
		}
		return j + int(arg)
	case majorArray, majorMap:
		open, close := "[", "]"
		if major == majorMap {
			open, close = "{", "}"
		}
		sb.WriteString(open)
		if ai == aiIndef {
			sb.WriteString("_ ")
		}
		for k := uint64(0); ; k++ {
			if ai == aiIndef && b[j] == breakByte {
				j++
				break
			}
			if ai != aiIndef && k == arg*uint64(1+b2i(major == majorMap)) {
				break
			}
			if k > 0 {
				if major == majorMap && k&1 == 1 {
					sb.WriteString(": ")
				} else {
					sb.WriteString(", ")
				}
			}
			j = diagItem(sb, b, j)
		}
		sb.WriteString(close)
		return j
	case majorTag:
		if (arg == 2 || arg == 3) && b[j]>>5 == majorBytes && b[j]&31 != aiIndef {
			n, hl, _ := headArg(b[j:])
			var v big.Int
			v.SetBytes(b[j+hl : j+hl+int(n)])
			if arg == 3 {
				v.Add(&v, big.NewInt(1))
				v.Neg(&v)
			}
			sb.WriteString(v.String())
			return j + hl + int(n)
		}
		sb.WriteString(strconv.FormatUint(arg, 10) + "(")
		j = diagItem(sb, b, j)
		sb.WriteByte(')')
		return j
	}
	switch ai {
	case 20:
		sb.WriteString("false")
	case 21:
		sb.WriteString("true")
	case 22:
		sb.WriteString("null")
	case 23:
		sb.WriteString("undefined")
	case aiTwo:
		sb.WriteString(diagFloat(halfToFloat64(uint16(arg))))
	case aiFour:
		sb.WriteString(diagFloat(float32ToFloat64(uint32(arg))))
	case aiEight:
		sb.WriteString(diagFloat(math.Float64frombits(arg)))
	default:
		sb.WriteString("simple(" + strconv.FormatUint(arg, 10) + ")")
	}
	return j
}

func diagFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}

// diagQuote writes text as a JSON-style string: '"', '\\' and control
// characters escaped, invalid UTF-8 as U+FFFD.
func diagQuote(sb *strings.Builder, s []byte) {
	sb.WriteByte('"')
	for len(s) > 0 {
		r, n := utf8.DecodeRune(s)
		s = s[n:]
		switch {
		case r == '"' || r == '\\':
			sb.WriteByte('\\')
			sb.WriteRune(r)
		case r < 0x20:
			sb.WriteString(`\u00`)
			sb.WriteByte("0123456789abcdef"[r>>4])
			sb.WriteByte("0123456789abcdef"[r&15])
		default:
			sb.WriteRune(r)
		}
	}
	sb.WriteByte('"')
}
