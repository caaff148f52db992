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
//
// The digits are written eight at a time (digits8), which AppendInt and
// AppendUint use for integers too.
package ftoa

import (
	"encoding/binary"
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
	// Drop trailing zeros: most values have none, which one test tells;
	// the others lose one, then eight, two and one at a time.
	if d%10 != 0 {
		return d, e, true
	}
	d /= 10
	e++
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
//
// The text is laid out in a stack buffer with word stores (digits8) and
// appended with one copy: the 'f' forms, which are nearly all of the
// values documents hold, take no loop over the digits.
func AppendJSON(b []byte, f float64) []byte {
	if f == 0 {
		if math.Signbit(f) {
			return append(b, "-0"...)
		}
		return append(b, '0')
	}
	var buf [48]byte
	s := 0 // where the number starts in buf: after the sign
	if f < 0 {
		buf[0] = '-'
		s = 1
		f = -f
	}
	d, e, ok := Shortest(f)
	if !ok {
		if s == 1 {
			f = -f
		}
		return AppendStrconv(b, f, 64)
	}
	n := decimalLen(d)
	dp := e + n // the decimal point is after dp digits
	var m int   // the length of the text in buf
	switch {
	case f >= 1e21 || f < 1e-6:
		return appendExp(b, buf[:s], d, n, dp)
	case dp <= 0:
		// 0.000ddd: at most five zeros after the point, as f ≥ 1e-6.
		binary.LittleEndian.PutUint64(buf[s:], zeroPoint)
		putDigits(buf[s+2-dp:], d, n)
		m = s + 2 - dp + n
	case dp < n:
		// ddd.ddd: the digits one byte right, then the first dp of
		// them moved back left over the gap, with the point after.
		putDigits(buf[s+1:], d, n)
		if dp < 8 {
			w := buf[s : s+16]
			lo := binary.LittleEndian.Uint64(w[1:])
			cur := binary.LittleEndian.Uint64(w)
			keep := uint64(1)<<(8*dp) - 1
			binary.LittleEndian.PutUint64(w, lo&keep|'.'<<(8*dp)|cur&^(keep<<8|0xff))
		} else {
			copy(buf[s:s+dp], buf[s+1:s+1+dp])
			buf[s+dp] = '.'
		}
		m = s + n + 1
	default:
		// ddd000: at most 21 digits, as f < 1e21.
		putDigits(buf[s:], d, n)
		z := buf[s+n : s+n+24]
		binary.LittleEndian.PutUint64(z, zeros)
		binary.LittleEndian.PutUint64(z[8:], zeros)
		binary.LittleEndian.PutUint64(z[16:], zeros)
		m = s + dp
	}
	// Copy the m ≤ 25 bytes with words, without the call into memmove,
	// when b has the room; the stores end at the text's last byte.
	if l := len(b); m >= 8 && cap(b)-l >= 32 {
		dst := b[l : l+32]
		binary.LittleEndian.PutUint64(dst, binary.LittleEndian.Uint64(buf[:]))
		if m > 16 {
			binary.LittleEndian.PutUint64(dst[8:], binary.LittleEndian.Uint64(buf[8:]))
			if m > 24 {
				binary.LittleEndian.PutUint64(dst[16:], binary.LittleEndian.Uint64(buf[16:]))
			}
		}
		k := (m - 8) & 31
		binary.LittleEndian.PutUint64(dst[k:k+8], binary.LittleEndian.Uint64(buf[k:k+8]))
		return b[:l+m]
	}
	return append(b, buf[:m]...)
}

const (
	zeros     = 0x3030303030303030     // "00000000"
	zeroPoint = zeros&^0xff00 | '.'<<8 // "0.000000"
)

// appendExp appends sign (empty or "-") and the 'e' form of d·10^(dp-n),
// d of n digits: rare in documents, kept simple.
func appendExp(b, sign []byte, d uint64, n, dp int) []byte {
	var buf [24]byte
	putDigits(buf[1:], d, n)
	b = append(b, sign...)
	b = append(b, buf[1])
	if n > 1 {
		b = append(b, '.')
		b = append(b, buf[2:1+n]...)
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
		return append(b, byte('0'+x/100), digitPairs[2*(x%100)], digitPairs[2*(x%100)+1])
	case x >= 10 || dp > 0:
		return append(b, digitPairs[2*x], digitPairs[2*x+1])
	}
	return append(b, byte('0'+x))
}

// pow10 holds the powers of ten that fit a uint64.
var pow10 = [20]uint64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19}

// decimalLen returns the number of decimal digits of d > 0.
func decimalLen(d uint64) int {
	t := bits.Len64(d) * 1233 >> 12 // ⌊log10(2^len)⌋, at most one too many
	if d < pow10[t] {
		return t
	}
	return t + 1
}

// putDigits writes the n decimal digits of d (n ≤ 17) at the start of
// dst, in whole words: it may write up to eight bytes of garbage after
// them, so dst must have n+8 bytes.
func putDigits(dst []byte, d uint64, n int) {
	switch {
	case n <= 8:
		binary.LittleEndian.PutUint64(dst, digits8(d)>>(8*(8-n)))
	case n <= 16:
		hi := d / 1e8
		binary.LittleEndian.PutUint64(dst, digits8(hi)>>(8*(16-n)))
		binary.LittleEndian.PutUint64(dst[n-8:], digits8(d-hi*1e8))
	default:
		top := d / 1e16
		d -= top * 1e16
		hi := d / 1e8
		dst[0] = byte('0' + top)
		binary.LittleEndian.PutUint64(dst[1:], digits8(hi))
		binary.LittleEndian.PutUint64(dst[9:], digits8(d-hi*1e8))
	}
}

// digits8 returns the eight decimal digits of x < 10^8, zero-padded, as
// ASCII in a little-endian word (the first digit in the low byte). The
// divisions run in lanes of one word: by 10^4 once, then by 100 in two
// 32-bit lanes and by 10 in four 16-bit lanes, each as a multiplication
// by a rounded-up reciprocal that is exact for the lane's range (checked
// for every input by TestDigits8).
func digits8(x uint64) uint64 {
	hi := x / 10_000
	v := hi | (x-hi*10_000)<<32 // [abcd, efgh]
	q := (v * 10486 >> 20) & 0x0000007f_0000007f
	v = q | (v-q*100)<<16 // [ab, cd, ef, gh]
	t := (v * 103 >> 10) & 0x000f_000f_000f_000f
	v = t | (v-t*10)<<8 // [a, b, c, ...]
	return v + zeros
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

// AppendUint appends the decimal text of u, as strconv.AppendUint does,
// with digits8 words instead of a loop over pairs of digits. It writes
// nothing past the text it appends.
//
// Values below 10^4 are written from the table of digit pairs; up to 10^8
// the digit count comes from the zero digits at the front of the digits8
// word (its low bytes), without decimalLen's table; nine and ten digits
// (ids) take one or two digits from the table and one digits8 word. The
// rest, and short room, go to appendUintLong.
func AppendUint(b []byte, u uint64) []byte {
	l := len(b)
	if u >= 1e8 || cap(b)-l < 8 {
		if u-1e8 < 1e10-1e8 && cap(b)-l >= 10 {
			// Nine or ten digits (ids): the first one or two from the
			// table of pairs, the other eight from one digits8 word.
			hi := u / 1e8
			lo := digits8(u - hi*1e8)
			w := b[l : l+10]
			if hi < 10 {
				w[0] = byte('0' + hi)
				binary.LittleEndian.PutUint64(w[1:], lo)
				return b[:l+9]
			}
			w[0], w[1] = digitPairs[2*hi], digitPairs[2*hi+1]
			binary.LittleEndian.PutUint64(w[2:], lo)
			return b[:l+10]
		}
		return appendUintLong(b, u)
	}
	if u < 1e4 {
		// From pairs of digits: a multiplication and table loads,
		// shorter than digits8's chain of four multiplications.
		w := b[l : l+4]
		if u < 100 {
			if u < 10 {
				w[0] = byte('0' + u)
				return b[:l+1]
			}
			w[0], w[1] = digitPairs[2*u], digitPairs[2*u+1]
			return b[:l+2]
		}
		q := u / 100
		r := 2 * (u - 100*q)
		if q < 10 {
			w[0], w[1], w[2] = byte('0'+q), digitPairs[r], digitPairs[r+1]
			return b[:l+3]
		}
		w[0], w[1], w[2], w[3] = digitPairs[2*q], digitPairs[2*q+1], digitPairs[r], digitPairs[r+1]
		return b[:l+4]
	}
	d := digits8(u)
	z := uint(bits.TrailingZeros64(d-zeros|1<<56)) &^ 7 // 8 × leading zero digits (the last one counts)
	return putShort(b[:l+8], l, d>>(z&63), 8-int(z>>3))
}

// appendUintLong is AppendUint from 10^8 on, and for any value when b has
// less than eight bytes of room; when the text may not fit, strconv's
// exact append (a caller's buffer with room for the text exactly must
// not grow).
func appendUintLong(b []byte, u uint64) []byte {
	l := len(b)
	if cap(b)-l < 20 {
		return strconv.AppendUint(b, u, 10)
	}
	w := b[:l+20]
	var n int
	switch {
	case u < 1e16: // (and from 10^8 on: smaller values with this much room take AppendUint's path)
		hi := u / 1e8
		n = decimalLen(hi)
		putShort(w, l, digits8(hi)>>(8*(8-n)), n)
		binary.LittleEndian.PutUint64(w[l+n:], digits8(u-hi*1e8))
		n += 8
	default:
		top := u / 1e16 // at most 1844
		u -= top * 1e16
		hi := u / 1e8
		n = decimalLen(top)
		putShort(w, l, digits8(top)>>(8*(8-n)), n)
		binary.LittleEndian.PutUint64(w[l+n:], digits8(hi))
		binary.LittleEndian.PutUint64(w[l+n+8:], digits8(u-hi*1e8))
		n += 16
	}
	return b[:l+n]
}

// AppendInt appends the decimal text of x, as strconv.AppendInt does.
func AppendInt(b []byte, x int64) []byte {
	u := uint64(x)
	if x < 0 {
		b = append(b, '-')
		u = -u
	}
	return AppendUint(b, u)
}

// putShort writes the n (1 to 8) low bytes of word w to b at l, and
// nothing after them (two overlapping four-byte stores, or single bytes),
// and returns b up to them; b has eight bytes from l on.
func putShort(b []byte, l int, w uint64, n int) []byte {
	dst := b[l : l+8]
	if n >= 4 {
		binary.LittleEndian.PutUint32(dst, uint32(w))
		binary.LittleEndian.PutUint32(dst[(n-4)&7:], uint32(w>>(8*(n-4)&63)))
		return b[:l+n]
	}
	dst[0] = byte(w)
	if n > 1 {
		dst[1] = byte(w >> 8)
		if n > 2 {
			dst[2] = byte(w >> 16)
		}
	}
	return b[:l+n]
}
