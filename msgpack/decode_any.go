package msgpack

import (
	"math"
	"reflect"
	"time"
)

// any decodes the object at i into a Go value for an empty interface:
//
//	nil                   nil
//	bool                  bool
//	int formats           int64, or uint64 above MaxInt64
//	float 32, float 64    float64
//	str                   string
//	bin                   []byte
//	array                 []any
//	map                   map[string]any when every key is a str, else
//	                      map[any]any
//	timestamp (ext -1)    time.Time (UTC)
//	other ext             Ext
func (d *decState) any(i int) (any, int) {
	in, n, j := d.head(i)
	switch in.kind {
	case kNil:
		return nil, j
	case kBool:
		return d.data[i] == bTrue, j
	case kUint:
		if n <= math.MaxInt64 {
			return int64(n), j
		}
		return n, j
	case kInt:
		_, arg, end, _ := d.integer(i)
		return int64(arg), end
	case kFloat32:
		return float32ToFloat64(uint32(n)), j
	case kFloat64:
		return math.Float64frombits(n), j
	case kStr:
		s, end := d.payload(i)
		return d.str(s), end
	case kBin:
		b, end := d.payload(i)
		if d.zeroCopy && len(b) > 0 {
			return b[:len(b):len(b)], end
		}
		return append([]byte{}, b...), end
	case kArray:
		d.open(n, false, j)
		out := make([]any, 0, d.presize(n, 16))
		for ; n > 0; n-- {
			var x any
			x, j = d.any(j)
			out = append(out, x)
		}
		d.depth--
		return out, j
	case kMap:
		return d.anyMap(i)
	}
	if d.check {
		d.skip(i) // ext (or invalid)
	}
	p, typ, end := extAt(d.data, i)
	if typ == timestampType {
		sec, nsec, _ := decodeTimestamp(p)
		return time.Unix(sec, nsec).UTC(), end
	}
	return Ext{Type: typ, Data: append([]byte{}, p...)}, end
}

// anyMap decodes the map at i as map[string]any, or map[any]any once a key
// is not a str. A key that Go cannot use (a slice, a map, an Ext, a bin in
// a map[any]any: []byte is not comparable) is a type error.
func (d *decState) anyMap(i int) (any, int) {
	_, n, j := d.head(i)
	d.open(n, true, j)
	defer func() { d.depth-- }()
	sm := make(map[string]any, d.presize(min(n, 1024), 32))
	var am map[any]any
	for ; n > 0; n-- {
		var key any
		k := j
		if infos[d.data[j]].kind == kStr && am == nil {
			s, e := d.payload(j)
			key, j = d.str(s), e
		} else {
			key, j = d.any(j)
		}
		if am == nil {
			if s, ok := key.(string); ok {
				sm[s], j = d.any(j)
				continue
			}
			am = make(map[any]any, len(sm)+1)
			for k, v := range sm {
				am[k] = v
			}
		}
		if key != nil && !reflect.TypeOf(key).Comparable() {
			if d.err == nil {
				d.err = &UnmarshalTypeError{Value: "map key " + describe(d.data, k), Type: reflect.TypeFor[map[any]any](), Offset: int64(k)}
			}
			j = d.skip(j)
			continue
		}
		am[key], j = d.any(j)
	}
	if am != nil {
		return am, j
	}
	return sm, j
}
