package bson

import (
	"encoding/binary"
	"math"
	"time"
)

// any decodes the value of type t at i for an empty interface:
//
//	double                  float64
//	string                  string
//	document                map[string]any (D when ordered)
//	array                   []any
//	binary subtype 0        []byte (other subtypes: Binary)
//	undefined               Undefined{}
//	ObjectId                ObjectID
//	boolean                 bool
//	datetime                time.Time (UTC)
//	null                    nil
//	regular expression      Regex
//	DBPointer               DBPointer
//	JavaScript code         JavaScript
//	symbol                  Symbol
//	code with scope         CodeWithScope (scope as D)
//	int32, int64            int32, int64
//	timestamp               Timestamp
//	Decimal128              Decimal128
//	min key, max key        MinKey{}, MaxKey{}
func (d *decState) any(t byte, i int, ordered bool) any {
	b := d.data
	switch t {
	case TypeDouble:
		return math.Float64frombits(binary.LittleEndian.Uint64(b[i:]))
	case TypeString:
		return string(d.str(i))
	case TypeDocument:
		if ordered {
			return d.docD(i)
		}
		return d.docMap(i)
	case TypeArray:
		out := make([]any, 0, d.count(i))
		at := d.at
		d.each(i, func(et byte, _ []byte, vi int) {
			out = append(out, d.any(et, vi, ordered))
		})
		d.at = at
		return out
	case TypeBinary:
		sub, data := d.binData(i)
		c := append(make([]byte, 0, len(data)), data...) // empty, not nil (null)
		if sub == SubtypeGeneric {
			return c
		}
		return Binary{Subtype: sub, Data: c}
	case TypeUndefined:
		return Undefined{}
	case TypeObjectID:
		var id ObjectID
		copy(id[:], b[i:])
		return id
	case TypeBoolean:
		return b[i] == 1
	case TypeDateTime:
		return time.UnixMilli(int64(binary.LittleEndian.Uint64(b[i:]))).UTC()
	case TypeRegex:
		return d.regex(i)
	case TypeDBPointer:
		return d.dbPointer(i)
	case TypeJavaScript:
		return JavaScript(d.str(i))
	case TypeSymbol:
		return Symbol(d.str(i))
	case TypeCodeWithScope:
		return d.codeWithScope(t, i)
	case TypeInt32:
		return int32(binary.LittleEndian.Uint32(b[i:]))
	case TypeTimestamp:
		return Timestamp{I: binary.LittleEndian.Uint32(b[i:]), T: binary.LittleEndian.Uint32(b[i+4:])}
	case TypeInt64:
		return int64(binary.LittleEndian.Uint64(b[i:]))
	case TypeDecimal128:
		return decimalFromBytes(b[i:])
	case TypeMinKey:
		return MinKey{}
	case TypeMaxKey:
		return MaxKey{}
	}
	return nil
}

// docMap decodes the document at i as map[string]any (a key given twice
// keeps its last value).
func (d *decState) docMap(i int) map[string]any {
	m := make(map[string]any, d.count(i))
	at := d.at
	d.each(i, func(et byte, key []byte, vi int) {
		m[string(key)] = d.any(et, vi, false)
	})
	d.at = at
	return m
}

// docD decodes the document at i as D, embedded documents as D too.
func (d *decState) docD(i int) D {
	out := make(D, 0, d.count(i))
	at := d.at
	d.each(i, func(et byte, key []byte, vi int) {
		out = append(out, E{Key: string(key), Value: d.any(et, vi, true)})
	})
	d.at = at
	return out
}
