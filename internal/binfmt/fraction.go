package binfmt

import (
	"math/big"
	"strconv"

	"github.com/celerjson/celer/internal/scan"
	"github.com/celerjson/celer/token"
)

// MaxBigBytes bounds the byte strings of bignums (CBOR tags 2 and 3)
// converted to decimal text: the conversion takes time quadratic in the
// size.
const MaxBigBytes = 8 << 10

// maxBigExp bounds the binary exponents of bigfloats (CBOR tag 5) that a
// Writer converts to decimal text: the conversion takes time quadratic
// in the size.
const maxBigExp = 1 << 14

// Fraction is a CBOR decimal fraction (tag 4) or bigfloat (tag 5) being
// read by a Writer: an array of an exponent and a mantissa (an integer
// or a bignum), which the Writer turns into decimal text and writes as a
// Number token.
type Fraction struct {
	Tag     uint64 // 4 or 5; 0 when not reading one
	fail    func(limit bool, msg string) error
	step    uint8 // 0: exponent next, 1: mantissa, 2: bignum bytes, 3: end
	exp     token.Token
	mant    token.Token
	mantTag uint64 // 2 or 3 when the mantissa is a bignum
	bytes   []byte // the bignum's bytes, owned
}

// Start starts reading a fraction of tag (4 or 5); fail makes the
// format's errors (limit: ErrLimit, else ErrUnsupported).
func (f *Fraction) Start(tag uint64, fail func(limit bool, msg string) error) {
	*f = Fraction{Tag: tag, fail: fail, bytes: f.bytes[:0]}
}

// Next takes the next token of the fraction. It reports done with the
// fraction's exact decimal text in buf when the array ends.
func (f *Fraction) Next(t token.Token, buf []byte) (text []byte, done bool, err error) {
	switch {
	case f.step == 0 && (t.Kind() == token.KindInt || t.Kind() == token.KindUint):
		f.exp, f.step = t, 1
	case f.step == 1 && (t.Kind() == token.KindInt || t.Kind() == token.KindUint):
		f.mant, f.step = t, 3
	case f.step == 1 && t.Kind() == token.KindTag && (t.Tag() == 2 || t.Tag() == 3):
		f.mantTag, f.step = t.Tag(), 2
	case f.step == 2 && t.Kind() == token.KindBytes:
		f.bytes = append(f.bytes[:0], t.Data()...)
		f.step = 3
	case f.step == 3 && t.Kind() == token.KindEndArray:
		text, err := f.text(buf)
		return text, true, err
	default:
		return nil, false, f.fail(false, "the content of tag "+strconv.FormatUint(f.Tag, 10)+" is not [exponent, mantissa]")
	}
	return nil, false, nil
}

// text returns the exact decimal text of the fraction: every digit of the
// mantissa, in plain notation when the exponent is negative and the point
// falls at most 6 zeros before the digits, in e-notation otherwise; an
// integral bigfloat as an integer.
func (f *Fraction) text(buf []byte) ([]byte, error) {
	if f.exp.Kind() == token.KindUint {
		return nil, f.fail(false, "a decimal fraction or bigfloat exponent above 2^63")
	}
	e := f.exp.Int()
	var m big.Int
	switch {
	case f.mantTag != 0:
		if len(f.bytes) > MaxBigBytes {
			return nil, f.fail(true, "bignum of "+strconv.Itoa(len(f.bytes))+" bytes exceeds the limit for conversion")
		}
		m.SetBytes(f.bytes)
		if f.mantTag == 3 {
			m.Add(&m, big.NewInt(1))
			m.Neg(&m)
		}
	case f.mant.Kind() == token.KindUint:
		m.SetUint64(f.mant.Uint())
	default:
		m.SetInt64(f.mant.Int())
	}
	neg := m.Sign() < 0
	m.Abs(&m)
	if f.Tag == 5 { // m * 2^e = (m * 5^-e) * 10^e for e < 0
		if e > maxBigExp || e < -maxBigExp {
			return nil, f.fail(true, "bigfloat exponent "+strconv.FormatInt(e, 10)+" exceeds the limit for conversion")
		}
		if e >= 0 {
			m.Lsh(&m, uint(e))
			e = 0
		} else {
			var p big.Int
			p.Exp(big.NewInt(5), big.NewInt(-e), nil)
			m.Mul(&m, &p)
		}
	}
	if m.Sign() == 0 {
		return append(buf[:0], '0'), nil
	}
	digits := m.Append(nil, 10)
	if f.Tag == 5 {
		for e < 0 && len(digits) > 1 && digits[len(digits)-1] == '0' {
			digits = digits[:len(digits)-1]
			e++
		}
	}
	buf = buf[:0]
	if e == 0 {
		if neg {
			buf = append(buf, '-')
		}
		return append(buf, digits...), nil
	}
	text, ok := scan.AppendDecimal(buf, neg, digits, e)
	if !ok {
		return nil, f.fail(false, "a decimal fraction with an exponent this large")
	}
	return text, nil
}
