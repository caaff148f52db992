// Package ftoa formats float64 values in the shortest decimal form that
// reads back as the same value, as encoding/json writes them, without
// going through strconv's general formatter.
//
// The digits come from Raffaello Giulietti's Schubfach algorithm ("The
// Schubfach way to render doubles", 2020): the rounding interval of the
// binary value is scaled by a 126-bit approximation of a power of ten
// (table.go, generated and checked against math/big by the tests), and
// the shortest decimal inside it, or the closest when several have the
// same length, is picked from at most four candidates. The result is
// strconv.FormatFloat(f, 'e' or 'f', -1, 64)'s; the tests compare the
// two on millions of values. Subnormal numbers, rare in practice, are
// left to strconv.
package ftoa

import (
	"math"
	"math/bits"
	"strconv"
)

//go:generate go run gen_table.go

const (
	kMin = -324 // flog10pow2(qMin)
	kMax = 292  // flog10pow2(qMax)

	qMin   = -1074   // exponent of the smallest subnormal
	cMin   = 1 << 52 // smallest normal significand
	mask63 = 1<<63 - 1
)

// flog10pow2 is floor(e·log10(2)), exact for |e| ≤ 5456721.
func flog10pow2(e int) int { return int((int64(e) * 661_971_961_083) >> 41) }

// flog10threeQuartersPow2 is floor(log10(3/4 · 2^e)), exact for |e| ≤ 2^16.
func flog10threeQuartersPow2(e int) int {
	return int((int64(e)*661_971_961_083 - 274_743_187_321) >> 41)
}

// flog2pow10 is floor(e·log2(10)), exact for |e| ≤ 1838394.
func flog2pow10(e int) int { return int((int64(e) * 913_124_641_741) >> 38) }

// rop is the rounded-to-odd product of g (g1·2^63 + g0) and cp, shifted
// right by 127 bits.
func rop(g1, g0, cp uint64) uint64 {
	x1, _ := bits.Mul64(g0, cp)
	y1, y0 := bits.Mul64(g1, cp)
	z := y0>>1 + x1
	vbp := y1 + z>>63
	return vbp | ((z&mask63)+mask63)>>63
}

// Shortest returns the shortest decimal d·10^e that reads back as f, for
// finite f > 0 that is normal (f ≥ 2^-1022); d has no trailing zeros.
// ok is false for the values it leaves to strconv (zero, subnormal,
// negative, infinite, NaN).
func Shortest(f float64) (d uint64, e int, ok bool) {
	u := math.Float64bits(f)
	bq := int(u>>52) & 0x7ff
	if bq == 0 || bq == 0x7ff || u>>63 != 0 {
		return 0, 0, false
	}
	c := uint64(cMin) | u&(cMin-1)
	mq := 1075 - bq
	if 0 < mq && mq < 53 && c&(1<<mq-1) == 0 {
		d, e = c>>mq, 0 // an integer below 2^53
	} else {
		d, e = decimal(-mq, c)
	}
	// Drop trailing zeros, eight, then two, then one at a time.
	for d%100_000_000 == 0 {
		d /= 100_000_000
		e += 8
	}
	for d%100 == 0 {
		d /= 100
		e += 2
	}
	if d%10 == 0 {
		d /= 10
		e++
	}
	return d, e, true
}

// decimal is Schubfach's digit selection for c·2^q, c normal.
func decimal(q int, c uint64) (uint64, int) {
	out := c & 1
	cb := c << 2
	cbr := cb + 2
	var cbl uint64
	var k int
	if c != cMin {
		cbl = cb - 2
		k = flog10pow2(q)
	} else {
		cbl = cb - 1
		k = flog10threeQuartersPow2(q)
	}
	h := q + flog2pow10(-k) + 2
	i := 2 * (k - kMin)
	g1, g0 := g[i], g[i+1]
	vb := rop(g1, g0, cb<<h)
	vbl := rop(g1, g0, cbl<<h)
	vbr := rop(g1, g0, cbr<<h)
	s := vb >> 2
	if s >= 100 {
		hi, _ := bits.Mul64(s, 1_844_674_407_370_955_168) // ⌊s/10⌋
		sp10 := 10 * hi
		tp10 := sp10 + 10
		upin := vbl+out <= sp10<<2
		wpin := tp10<<2+out <= vbr
		if upin != wpin {
			if upin {
				return sp10, k
			}
			return tp10, k
		}
	}
	t := s + 1
	uin := vbl+out <= s<<2
	win := t<<2+out <= vbr
	if uin != win {
		if uin {
			return s, k
		}
		return t, k
	}
	// Both or neither candidate is inside: take the closer one, the even
	// one on a tie.
	mid := (s + t) << 1
	if vb < mid || vb == mid && s&1 == 0 {
		return s, k
	}
	return t, k
}

const digitPairs = "00010203040506070809101112131415161718192021222324252627282930313233343536373839" +
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879" +
	"8081828384858687888990919293949596979899"

// AppendJSON appends f as encoding/json writes a float64: strconv's
// shortest 'f' form, or its 'e' form below 1e-6 and from 1e21 on with a
// one-digit negative exponent written without its leading zero (1e-07 is
// 1e-7). NaN and infinities must be refused by the caller.
func AppendJSON(b []byte, f float64) []byte {
	if f == 0 {
		if math.Signbit(f) {
			return append(b, "-0"...)
		}
		return append(b, '0')
	}
	if f < 0 {
		b = append(b, '-')
		f = -f
	}
	d, e, ok := Shortest(f)
	if !ok {
		return AppendStrconv(b, f, 64)
	}
	// The digits of d, right-aligned in buf[start:].
	var buf [20]byte
	i := len(buf)
	for d >= 100 {
		q := d / 100
		r := (d - q*100) * 2
		i -= 2
		buf[i], buf[i+1] = digitPairs[r], digitPairs[r+1]
		d = q
	}
	if d >= 10 {
		i -= 2
		buf[i], buf[i+1] = digitPairs[2*d], digitPairs[2*d+1]
	} else {
		i--
		buf[i] = byte('0' + d)
	}
	digits := buf[i:]
	n := len(digits)
	dp := e + n // the decimal point is after dp digits
	switch {
	case f >= 1e21 || f < 1e-6:
		b = append(b, digits[0])
		if n > 1 {
			b = append(b, '.')
			b = append(b, digits[1:]...)
		}
		x := dp - 1
		if x < 0 {
			b = append(b, 'e', '-')
			x = -x
		} else {
			b = append(b, 'e', '+')
		}
		switch {
		case x >= 100:
			b = append(b, byte('0'+x/100), digitPairs[2*(x%100)], digitPairs[2*(x%100)+1])
		case x >= 10 || dp > 0:
			b = append(b, digitPairs[2*x], digitPairs[2*x+1])
		default:
			b = append(b, byte('0'+x))
		}
	case dp <= 0:
		b = append(b, '0', '.')
		for ; dp < 0; dp++ {
			b = append(b, '0')
		}
		b = append(b, digits...)
	case dp < n:
		b = append(b, digits[:dp]...)
		b = append(b, '.')
		b = append(b, digits[dp:]...)
	default:
		b = append(b, digits...)
		for ; dp > n; dp-- {
			b = append(b, '0')
		}
	}
	return b
}

// AppendStrconv appends f, a float of the given bit size (32 or 64), as
// encoding/json writes it, through strconv: its shortest 'f' form, or its
// 'e' form below 1e-6 and from 1e21 on (compared at that size) with a
// one-digit negative exponent written without its leading zero. AppendJSON
// uses it for subnormal numbers; float32 values take it always.
func AppendStrconv(b []byte, f float64, bits int) []byte {
	abs := math.Abs(f)
	if abs == 0 || bits == 64 && abs >= 1e-6 && abs < 1e21 || bits == 32 && float32(abs) >= 1e-6 && float32(abs) < 1e21 {
		return strconv.AppendFloat(b, f, 'f', -1, bits)
	}
	b = strconv.AppendFloat(b, f, 'e', -1, bits)
	if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1]
		b = b[:n-1]
	}
	return b
}
