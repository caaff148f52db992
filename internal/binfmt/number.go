package binfmt

import (
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"
	"unsafe"

	"github.com/celerjson/celer/internal/kernels"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
)

// NearestFloat returns the nearest double to valid JSON number text s
// when the policies of f turn every number with a fraction or an
// exponent into that double, exact or not (InexactAsFloat without
// InexactAsString or InexactAsDecimal): writers then skip ExactFloat,
// whose answer would not change the output. ok is false otherwise, and
// beyond the double range, where the writer's usual path gives the error.
func NearestFloat(s []byte, f opts.Flags) (float64, bool) {
	if !NearestOnly(f) {
		return 0, false
	}
	x, err := parseFloat(s)
	return x, err == nil
}

// parseFloat is strconv.ParseFloat(s, 64) for valid JSON number text s:
// scan.ParseFloat64 (numbers of up to 19 significant digits, by Clinger's
// fast path or Eisel-Lemire) when it decides, strconv otherwise and for
// results beyond the double range (strconv's error).
func parseFloat(s []byte) (float64, error) {
	if x, ok := scan.ParseFloat64(s); ok && !math.IsInf(x, 0) {
		return x, nil
	}
	return strconv.ParseFloat(unsafe.String(unsafe.SliceData(s), len(s)), 64)
}

// NearestOnly reports whether the policies of f turn every number with a
// fraction or an exponent into its nearest double (see NearestFloat).
func NearestOnly(f opts.Flags) bool {
	return f&(opts.InexactAsFloat|opts.InexactAsString|opts.InexactAsDecimal) == opts.InexactAsFloat
}

// ExactFloat parses valid JSON number text s and reports whether the
// nearest double has exactly the value of s, that is, whether the
// shortest decimal form of that double is s's value.
func ExactFloat(s []byte) (float64, bool) {
	f, err := parseFloat(s)
	if err != nil || math.IsInf(f, 0) {
		return f, false
	}
	var db, gb [20]byte
	d, e, ok := normDecimal(db[:0], s)
	if !ok {
		return f, false
	}
	if len(d) == 0 {
		return f, f == 0 // zero of any form
	}
	if f == 0 {
		return f, false // underflow
	}
	// At most 15 significant digits are always recovered from a normal
	// double (DBL_DIG), so such a decimal is the shortest form of its
	// nearest double.
	if len(d) <= 15 && math.Abs(f) >= 0x1p-1022 {
		return f, true
	}
	if len(d) > 17 {
		return f, false // shortest forms of doubles have at most 17 digits
	}
	var buf [32]byte
	g := strconv.AppendFloat(buf[:0], f, 'e', -1, 64)
	gd, ge, _ := normDecimal(gb[:0], g)
	return f, string(gd) == string(d) && ge == e
}

// normDecimal appends to buf the significant digits of valid number text
// s (without leading and trailing zeros; none for zero), up to 18 of
// them, and returns them with the exponent e such that the value is
// digits * 10^e. ok is false when there are more than 18 digits or the
// exponent is beyond 10^15.
func normDecimal(buf, s []byte) (digits []byte, e int64, ok bool) {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	pointSeen := false
	var fracDigits int64
	trailing := int64(0) // zeros not yet known to be significant
	for ; i < len(s) && s[i] != 'e' && s[i] != 'E'; i++ {
		c := s[i]
		if c == '.' {
			pointSeen = true
			continue
		}
		if pointSeen {
			fracDigits++
		}
		if c == '0' {
			if len(buf) > 0 {
				trailing++
			}
			continue
		}
		for ; trailing > 0; trailing-- {
			buf = append(buf, '0')
		}
		buf = append(buf, c)
		if len(buf) > 18 {
			return nil, 0, false
		}
	}
	if i < len(s) {
		j := i + 1
		neg := false
		if s[j] == '+' || s[j] == '-' {
			neg = s[j] == '-'
			j++
		}
		for ; j < len(s); j++ {
			e = e*10 + int64(s[j]-'0')
			if e > 1e15 {
				return buf, 0, len(buf) == 0
			}
		}
		if neg {
			e = -e
		}
	}
	return buf, e - fracDigits + trailing, true
}

// ValidUTF8 is kernels.ValidUTF8, with short ASCII text (map keys, most
// strings of documents) checked here by whole words, without a call.
func ValidUTF8(b []byte) bool {
	n := len(b)
	var or uint64
	switch {
	case n < 4:
		for _, c := range b {
			or |= uint64(c)
		}
	case n < 8: // two overlapping words
		or = uint64(binary.LittleEndian.Uint32(b)) | uint64(binary.LittleEndian.Uint32(b[n-4:]))
	case n <= 32:
		for i := 0; i < n-8; i += 8 {
			or |= binary.LittleEndian.Uint64(b[i:])
		}
		or |= binary.LittleEndian.Uint64(b[n-8:])
	default:
		return kernels.ValidUTF8(b)
	}
	return or&0x8080808080808080 == 0 || kernels.ValidUTF8(b)
}

// Decimal reads valid JSON number text s in one pass: its digits as the
// integer m (at most 19 of them, leading zeros included), the power of
// ten exp that scales m to the number's magnitude, its sign, and whether
// it is an integer (no fraction, no exponent). ok is false for longer
// numbers and for exponents of more than four digits, which the callers'
// general paths take. Runs of eight digits are converted eight at a time.
func Decimal(s []byte) (m uint64, exp int, neg, integer, ok bool) {
	i := 0
	if len(s) > 0 && s[0] == '-' {
		neg, i = true, 1
	}
	nd := 0
	m, nd, i = digitRun(s, i, 0, 0)
	integer = true
	if i < len(s) && s[i] == '.' {
		integer = false
		start := i + 1
		m, nd, i = digitRun(s, start, m, nd)
		exp = -(i - start)
	}
	if nd > 19 {
		return 0, 0, neg, integer, false
	}
	if i < len(s) { // 'e' or 'E'
		integer = false
		e, _, eok := scan.Exponent(s, i+1)
		if !eok {
			return 0, 0, neg, false, false
		}
		exp += e
	}
	return m, exp, neg, integer, true
}

// digitRun adds the run of digits at s[i:] to m (holding nd digits) and
// returns m, the digits counted, and the end of the run; beyond 19 digits
// m is meaningless (the caller gives up).
//
// It reads eight bytes at a time: the run's length within them is found
// by word arithmetic, and its digits are converted together, however
// many they are. Near the end of s (number text is a token's exact
// bytes, rarely eight long after the point) the last eight bytes of s are
// read, shifted so that s[i] comes first (zeros, which are no digits,
// fill in beyond the end).
func digitRun(s []byte, i int, m uint64, nd int) (uint64, int, int) {
	for nd <= 11 && i < len(s) && len(s) >= 8 {
		var x uint64
		if i+8 <= len(s) {
			x = binary.LittleEndian.Uint64(s[i:])
		} else {
			x = binary.LittleEndian.Uint64(s[len(s)-8:]) >> (8 * uint(i+8-len(s)))
		}
		y := x ^ 0x3030303030303030 // digits become their values 0 to 9
		// The top bit of a byte is set from the first byte that is not a
		// digit (its value 10 or more) on; the carries of the addition only
		// reach bytes after it.
		stop := ((y + 0x7676767676767676) | y) & 0x8080808080808080
		k := 8
		if stop != 0 {
			k = bits.TrailingZeros64(stop) >> 3
		}
		if k == 0 {
			return m, nd, i
		}
		y <<= 8 * uint(8-k) // the k digits last: leading zeros before them
		y = (y*10 + y>>8) & 0x00ff00ff00ff00ff
		y = (y*100 + y>>16) & 0x0000ffff0000ffff
		y = (y*10000 + y>>32) & 0xffffffff
		m, nd, i = m*pow10u[k]+y, nd+k, i+k
		if k < 8 {
			return m, nd, i
		}
	}
	for ; i < len(s); i++ {
		c := s[i] - '0'
		if c > 9 {
			break
		}
		m, nd = m*10+uint64(c), nd+1
	}
	return m, nd, i
}

// pow10u holds 10^k for the digit counts digitRun converts at once.
var pow10u = [9]uint64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8}
