package celer

import (
	"strconv"

	"github.com/celerjson/celer/internal/scan"
)

// Decoding into an empty interface builds map[string]any, []any, string,
// float64 (or Number), bool and nil directly, without reflection, as
// encoding/json's xxxInterface functions do.

// valueInterface decodes the value at d.off.
func (d *decodeState) valueInterface() any {
	switch d.data[d.off] {
	case '[':
		return d.arrayInterface()
	case '{':
		return d.objectInterface()
	}
	return d.literalInterface()
}

// arrayInterface decodes the array at d.off into a []any. Elements
// gather on d.vals (shared by every level) and are copied once into a
// slice of the exact length, instead of growing a slice by appending.
func (d *decodeState) arrayInterface() []any {
	d.off++ // '['
	if d.empty() {
		return make([]any, 0)
	}
	base := len(d.vals)
	for {
		x := d.valueInterface()
		d.vals = append(d.vals, x)
		if b := d.data; b[d.off] == ',' && b[d.off+1] > ' ' { // d.more(), inlined
			d.off++
		} else if !d.more() {
			break
		}
	}
	return d.endArray(base)
}

// endArray returns the elements gathered on d.vals from base as a []any
// of their number, and takes them off.
func (d *decodeState) endArray(base int) []any {
	v := make([]any, len(d.vals)-base)
	copy(v, d.vals[base:])
	clear(d.vals[base:])
	d.vals = d.vals[:base]
	return v
}

// objectInterface decodes the object at d.off into a map[string]any.
// Members gather on d.keys and d.vals first, so that the map is made with
// room for all of them and never grows; they are inserted in input order,
// so the last of duplicate names wins, as in encoding/json.
func (d *decodeState) objectInterface() map[string]any {
	d.off++ // '{'
	if d.empty() {
		return make(map[string]any)
	}
	kbase, vbase := len(d.keys), len(d.vals)
	for {
		d.keys = append(d.keys, d.readStr())
		if b := d.data; b[d.off] == ':' && b[d.off+1] > ' ' { // d.afterName(), inlined
			d.off++
		} else {
			d.afterNameSpace()
		}
		x := d.valueInterface()
		d.vals = append(d.vals, x)
		if b := d.data; b[d.off] == ',' && b[d.off+1] > ' ' { // d.more(), inlined
			d.off++
		} else if !d.more() {
			break
		}
	}
	return d.endObject(kbase, vbase)
}

// endObject returns the members gathered on d.keys and d.vals from kbase
// and vbase as a map made with room for all of them, and takes them off.
func (d *decodeState) endObject(kbase, vbase int) map[string]any {
	keys, vals := d.keys[kbase:], d.vals[vbase:]
	m := make(map[string]any, len(keys))
	for i, k := range keys {
		m[k] = vals[i]
	}
	clear(keys)
	clear(vals)
	d.keys, d.vals = d.keys[:kbase], d.vals[:vbase]
	return m
}

// membersInto decodes the members of the object being read, after its
// '{', into m.
func (d *decodeState) membersInto(m map[string]any) {
	for {
		key := d.readStr()
		if b := d.data; b[d.off] == ':' && b[d.off+1] > ' ' { // d.afterName(), inlined
			d.off++
		} else {
			d.afterNameSpace()
		}
		m[key] = d.valueInterface()
		if b := d.data; b[d.off] == ',' && b[d.off+1] > ' ' { // d.more(), inlined
			d.off++
		} else if !d.more() {
			return
		}
	}
}

// literalInterface decodes the string, number or literal at d.off.
func (d *decodeState) literalInterface() any {
	switch c := d.data[d.off]; c {
	case 'n':
		d.off += 4
		return nil
	case 't':
		d.off += 4
		return true
	case 'f':
		d.off += 5
		return false
	case '"':
		return d.readStr()
	}
	if d.flags&(dUseNumber|dUseInt64) == 0 {
		if f, end, ok := readFloat(d.data, d.off); ok {
			d.off = end
			return f
		}
	}
	s, e := d.readLiteral()
	item := d.data[s:e]
	if d.flags&(dUseNumber|dUseInt64) == dUseInt64 {
		if n, ok := parseInt(item); ok {
			return n
		}
		if n, err := strconv.ParseInt(string(item), 10, 64); err == nil {
			return n
		}
	}
	if d.flags&dUseNumber == 0 {
		if f, ok := scan.ParseFloat64(item); ok {
			return f
		}
		if f, err := strconv.ParseFloat(string(item), 64); err == nil {
			return f
		}
	}
	n, err := d.convertNumber(string(item))
	if err != nil {
		d.saveError(err)
	}
	return n
}
