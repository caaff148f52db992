package cbor

import (
	"math"
	"math/big"
	"reflect"
)

// any decodes the item at i into a Go value for an empty interface:
//
//	unsigned or negative integer,  int64, or uint64 above MaxInt64, or *big.Int
//	bignum (tags 2, 3)             beyond 64 bits
//	byte string                    []byte
//	text string                    string
//	array                          []any
//	map                            map[string]any when every key is a text
//	                               string, else map[any]any
//	tag 0 (text), tag 1 (number)   time.Time (other content: Tag)
//	other tags                     Tag{Number, Content}
//	false, true                    bool
//	null, undefined                nil
//	float                          float64
//	other simple values            Simple
func (d *decState) any(i int) (any, int) {
	major, ai, arg, j := d.head(i)
	switch major {
	case majorUint:
		if arg <= math.MaxInt64 {
			return int64(arg), j
		}
		return arg, j
	case majorNeg:
		if arg <= math.MaxInt64 {
			return ^int64(arg), j
		}
		n := new(big.Int).SetUint64(arg)
		n.Add(n, bigOne)
		return n.Neg(n), j
	case majorBytes:
		s, end := d.str(i)
		return append([]byte{}, s...), end
	case majorText:
		s, end := d.str(i)
		return d.string(s), end
	case majorArray:
		var out []any
		if ai != aiIndef {
			out = make([]any, 0, min(arg, 1<<16))
			for ; arg > 0; arg-- {
				var x any
				x, j = d.any(j)
				out = append(out, x)
			}
			return out, j
		}
		out = []any{}
		for d.data[j] != breakByte {
			var x any
			x, j = d.any(j)
			out = append(out, x)
		}
		return out, j + 1
	case majorMap:
		return d.anyMap(i)
	case majorTag:
		switch {
		case arg == 0 && d.data[j]>>5 == majorText, arg == 1 && (d.data[j]>>5 != majorTag || d.smallBignum(j)):
			if t, end, ok := d.time(j); ok {
				return t, end
			}
		case (arg == 2 || arg == 3) && d.data[j]>>5 == majorBytes:
			b, end := d.str(j)
			n := bigFromBytes(b, arg == 3)
			switch {
			case n.IsInt64():
				return n.Int64(), end
			case n.IsUint64():
				return n.Uint64(), end
			}
			return n, end
		}
		content, end := d.any(j)
		return Tag{Number: arg, Content: content}, end
	}
	switch ai {
	case 20, 21:
		return ai == 21, j
	case 22, 23:
		return nil, j
	case aiTwo:
		return halfToFloat64(uint16(arg)), j
	case aiFour:
		return float32ToFloat64(uint32(arg)), j
	case aiEight:
		return math.Float64frombits(arg), j
	}
	return Simple(arg), j
}

// anyMap decodes the map at i as map[string]any, or map[any]any once a key
// is not a text string. A key that Go cannot use (a slice, a map, a byte
// string in a map[any]any: []byte is not comparable) is a type error.
func (d *decState) anyMap(i int) (any, int) {
	_, _, n, _ := d.head(i)
	sm := make(map[string]any, min(n, 1024))
	var am map[any]any
	end := d.pairs(i, func(k int) int {
		var key any
		var j int
		if d.data[k]>>5 == majorText && am == nil {
			s, e := d.str(k)
			key, j = d.string(s), e
		} else {
			key, j = d.any(k)
		}
		if am == nil {
			if s, ok := key.(string); ok {
				v, e := d.any(j)
				sm[s] = v
				return e
			}
			am = make(map[any]any, len(sm)+1)
			for k, v := range sm {
				am[k] = v
			}
		}
		if !hashable(key) {
			d.typeErrEnd(k, j, reflect.TypeFor[map[any]any](), "map key "+describeItem(d.data, k))
			return skip(d.data, j)
		}
		v, e := d.any(j)
		am[key] = v
		return e
	})
	if am != nil {
		return am, end
	}
	return sm, end
}

// hashable reports whether a decoded value can be a map key: comparable,
// and for a Tag, with hashable content (a Tag of a byte string is not).
func hashable(x any) bool {
	if t, ok := x.(Tag); ok {
		return hashable(t.Content)
	}
	return x == nil || reflect.TypeOf(x).Comparable()
}
