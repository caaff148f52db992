package scan

import (
	"math"
	"math/big"
	"math/bits"
	"sync"
	"sync/atomic"
)

// Correctly rounded conversion of m × 10^q to float64 for any 64-bit m,
// after Eisel and Lemire ("Number Parsing at a Gigabyte per Second",
// 2021): multiply the normalized mantissa by a 128-bit truncation of the
// power of ten, and keep the result only when the bits that decide the
// rounding cannot have been disturbed by the truncation. When they might
// have been (rare: near-halfway cases), it reports false and the caller
// falls back to strconv.

const (
	pow10Min = -348 // range of the table: enough for any double from a 19-digit mantissa
	pow10Max = 347
)

// pow10Entry is 10^q ≈ (hi·2^64 + lo) · 2^exp2, with hi's top bit set and
// the 128-bit mantissa truncated (never above the true value).
type pow10Entry struct {
	hi, lo uint64
	exp2   int32
}

// pow10Array is the table of powers of ten, from 10^pow10Min.
type pow10Array = [pow10Max - pow10Min + 1]pow10Entry

// The table is built on first use (with math/big, about a millisecond),
// so that importing the package costs nothing. Once built, it is one
// atomic load away (a sync.OnceValue costs a call and a sync.Once check on
// every number, a third of eiselLemire's instructions).
var (
	pow10Ptr  atomic.Pointer[pow10Array]
	pow10Once sync.Once
)

// pow10Table returns the table of powers of ten.
func pow10Table() *pow10Array {
	if t := pow10Ptr.Load(); t != nil {
		return t
	}
	return pow10First()
}

// pow10First is pow10Table's first call (or one that races with it).
func pow10First() *pow10Array {
	pow10Once.Do(func() { pow10Ptr.Store(buildPow10()) })
	return pow10Ptr.Load()
}

// buildPow10 computes the table of powers of ten.
func buildPow10() *pow10Array {
	var t pow10Array
	ten := big.NewInt(10)
	mask := new(big.Int).SetUint64(math.MaxUint64)
	for q := pow10Min; q <= pow10Max; q++ {
		var mant big.Int
		var exp2 int
		if q >= 0 {
			x := new(big.Int).Exp(ten, big.NewInt(int64(q)), nil)
			n := x.BitLen()
			if n <= 128 {
				mant.Lsh(x, uint(128-n))
			} else {
				mant.Rsh(x, uint(n-128))
			}
			exp2 = n - 128
		} else {
			d := new(big.Int).Exp(ten, big.NewInt(int64(-q)), nil)
			k := 127 + d.BitLen()
			mant.Lsh(big.NewInt(1), uint(k))
			mant.Quo(&mant, d)
			exp2 = -k
		}
		e := &t[q-pow10Min]
		e.lo = new(big.Int).And(&mant, mask).Uint64()
		e.hi = new(big.Int).Rsh(&mant, 64).Uint64()
		e.exp2 = int32(exp2)
	}
	return &t
}

// eiselLemire returns m × 10^q rounded to the nearest float64 (ties to
// even), or false when it cannot be sure, or when the result is zero,
// subnormal or out of range (which strconv then handles).
func eiselLemire(m uint64, q int, neg bool) (float64, bool) {
	if m == 0 || q < pow10Min || q > pow10Max {
		return 0, false
	}
	p := &pow10Table()[q-pow10Min]
	lz := bits.LeadingZeros64(m)
	w := m << lz
	// The top 128 bits of w × (hi, lo): first w × hi, then the high half
	// of w × lo only when its carry could reach the bits we keep.
	z1, z0 := bits.Mul64(w, p.hi)
	if z1&0x1FF == 0x1FF && z0+w < z0 {
		y1, y0 := bits.Mul64(w, p.lo)
		var c uint64
		z0, c = bits.Add64(z0, y1, 0)
		z1 += c
		if z1&0x1FF == 0x1FF && z0+1 == 0 && y0+w < y0 {
			return 0, false // the truncated tail could still carry in
		}
	}
	msb := int(z1 >> 63)
	s := 9 + msb
	mant := z1 >> s // 54 bits: 53 and a rounding bit
	if z0 == 0 && z1&(1<<s-1) == 0 && mant&3 == 1 {
		return 0, false // exactly halfway as far as we can see: undecidable
	}
	e2 := 128 + s + int(p.exp2) - lz // value ≈ mant · 2^e2
	mant = (mant + mant&1) >> 1
	e2++
	if mant>>53 != 0 {
		mant >>= 1
		e2++
	}
	biased := e2 + 52 + 1023
	if biased <= 0 || biased >= 0x7FF {
		return 0, false
	}
	b := uint64(biased)<<52 | mant&(1<<52-1)
	if neg {
		b |= 1 << 63
	}
	return math.Float64frombits(b), true
}
