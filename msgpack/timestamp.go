package msgpack

import (
	"bytes"
	"encoding/binary"
	"math/big"
	"strconv"
	"time"

	"github.com/celerjson/celer/internal/scan"
	"github.com/celerjson/celer/token"
)

// The timestamp extension (type -1) has three formats: 32 bits of seconds
// (payload of 4 bytes), 30 bits of nanoseconds and 34 of seconds (8
// bytes), 32 bits of nanoseconds and 64 of signed seconds (12 bytes).

// decodeTimestamp returns the seconds and nanoseconds of a timestamp
// payload; ok is false for a payload of another length or with more than
// 999999999 nanoseconds.
func decodeTimestamp(p []byte) (sec int64, nsec int64, ok bool) {
	switch len(p) {
	case 4:
		return int64(binary.BigEndian.Uint32(p)), 0, true
	case 8:
		x := binary.BigEndian.Uint64(p)
		sec, nsec = int64(x&(1<<34-1)), int64(x>>34)
	case 12:
		nsec = int64(binary.BigEndian.Uint32(p))
		sec = int64(binary.BigEndian.Uint64(p[4:]))
	default:
		return 0, 0, false
	}
	return sec, nsec, nsec <= 999999999
}

// appendTimestamp appends the timestamp extension for sec and nsec
// (0 <= nsec <= 999999999) in the smallest of its formats, as the
// serialization pseudo code of the specification does.
func appendTimestamp(dst []byte, sec, nsec int64) []byte {
	if sec>>34 == 0 {
		data64 := uint64(nsec)<<34 | uint64(sec)
		if data64&0xffffffff00000000 == 0 {
			return binary.BigEndian.AppendUint32(append(dst, bFixext4, 0xff), uint32(data64))
		}
		return binary.BigEndian.AppendUint64(append(dst, bFixext8, 0xff), data64)
	}
	dst = append(dst, bExt8, 12, 0xff)
	dst = binary.BigEndian.AppendUint32(dst, uint32(nsec))
	return binary.BigEndian.AppendUint64(dst, uint64(sec))
}

// Seconds from the Unix epoch to 0000-01-01T00:00:00Z and to
// 9999-12-31T23:59:59Z: the instants RFC 3339 can write.
const (
	minRFC3339 = -62167219200
	maxRFC3339 = 253402300799
)

// timestampTokens returns the tokens a Reader gives for a timestamp: tag
// 0 and its RFC 3339 text (UTC, with the nanoseconds that are not zero)
// for years 0 to 9999, otherwise tag 1 and the number of seconds since the
// epoch, an Int or, with a fraction, a Number of its exact text. The text
// is appended to buf.
func timestampTokens(buf []byte, sec, nsec int64) (token.Token, token.Token, []byte) {
	if sec >= minRFC3339 && sec <= maxRFC3339 {
		buf = time.Unix(sec, nsec).UTC().AppendFormat(buf, time.RFC3339Nano)
		return token.Tag(0), token.StringBytes(buf).WithValidUTF8(), buf
	}
	if nsec == 0 {
		return token.Tag(1), token.Int(sec), buf
	}
	buf = appendEpochText(buf, sec, nsec)
	return token.Tag(1), token.NumberBytes(buf), buf
}

// appendEpochText appends the exact decimal text of sec + nsec/1e9
// (0 < nsec <= 999999999), trailing zeros of the fraction removed.
func appendEpochText(buf []byte, sec, nsec int64) []byte {
	u := uint64(sec)
	if sec < 0 {
		// -(|sec| - 1) - (1e9 - nsec)/1e9
		buf = append(buf, '-')
		u = uint64(-(sec + 1))
		nsec = 1e9 - nsec
	}
	buf = strconv.AppendUint(buf, u, 10)
	var frac [10]byte
	f := strconv.AppendInt(frac[:0], 1e9+nsec, 10)[1:] // nine digits
	for len(f) > 0 && f[len(f)-1] == '0' {
		f = f[:len(f)-1]
	}
	buf = append(buf, '.')
	return append(buf, f...)
}

// parseRFC3339 returns the instant of RFC 3339 date-time text.
func parseRFC3339(s []byte) (sec, nsec int64, ok bool) {
	t, err := time.Parse(time.RFC3339Nano, unsafeString(s))
	if err != nil {
		return 0, 0, false
	}
	return t.Unix(), int64(t.Nanosecond()), true
}

// epochFromToken returns the instant of the content of a tag 1 (epoch
// seconds): an integer, a float or a Number. ok is false when the value
// is not a number, not finite, or not a whole number of nanoseconds
// within the range of the timestamp 96 format.
func epochFromToken(t token.Token) (sec, nsec int64, ok bool) {
	switch t.Kind() {
	case token.KindInt:
		return t.Int(), 0, true
	case token.KindFloat:
		f := t.Float()
		if f != f || f >= 0x1p63 || f < -0x1p63 {
			return 0, 0, false
		}
		r := new(big.Rat).SetFloat64(f)
		return ratInstant(r)
	case token.KindNumber:
		// Bound the work: a longer text, or an exponent of more than
		// three digits, cannot be an instant of int64 seconds and whole
		// nanoseconds (written in its plain form).
		s := t.Data()
		if n, code := scan.Number(s, true); code != scan.OK || n != len(s) || len(s) > 64 {
			return 0, 0, false
		}
		if e := bytes.IndexAny(s, "eE"); e >= 0 && len(bytes.TrimLeft(s[e+1:], "+-0")) > 3 {
			return 0, 0, false
		}
		r, ok := new(big.Rat).SetString(string(s))
		if !ok {
			return 0, 0, false
		}
		return ratInstant(r)
	}
	return 0, 0, false
}

var (
	bigBillion = big.NewInt(1e9)
	ratBillion = new(big.Rat).SetInt(bigBillion)
)

// ratInstant splits the number of seconds r into seconds and nanoseconds,
// if r is a whole number of nanoseconds that int64 seconds hold.
func ratInstant(r *big.Rat) (sec, nsec int64, ok bool) {
	ns := new(big.Rat).Mul(r, ratBillion)
	if !ns.IsInt() {
		return 0, 0, false
	}
	q, m := new(big.Int).DivMod(ns.Num(), bigBillion, new(big.Int)) // m >= 0
	if !q.IsInt64() {
		return 0, 0, false
	}
	return q.Int64(), m.Int64(), true
}
