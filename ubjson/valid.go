package ubjson

import (
	"github.com/celerjson/celer/internal/binfmt"
	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
)

// vframe is an open container for validFast.
type vframe struct {
	obj     bool
	counted bool
	typ     byte
	left    int64 // values (objects: pairs) left when counted
	n       int64 // values read (objects: keys and values)
}

// validFast reports whether data is exactly one value (no-ops around it
// allowed) that a Reader with options o accepts, without making tokens.
// It decides nothing about errors: when it reports false, Validate reads
// the data again with a Reader, for the error's offset, path and message.
// RejectDuplicateNames is left to the Reader.
func validFast(data []byte, o *opts.Struct) bool {
	if o.MaxBytes > 0 && int64(len(data)) > o.MaxBytes {
		return false
	}
	v := validator{data: data, o: o, strict: !o.Has(opts.AllowInvalidUTF8)}
	v.noops()
	if v.i >= len(data) || !v.value(0) {
		return false
	}
	for len(v.stack) > 0 {
		f := &v.stack[len(v.stack)-1]
		key := f.obj && f.n&1 == 0
		if f.counted && f.left == 0 && (!f.obj || key) {
			v.stack = v.stack[:len(v.stack)-1]
			continue
		}
		if f.typ == 0 || key {
			v.noops()
			if v.i >= len(data) {
				return false
			}
			if !f.counted {
				switch c := data[v.i]; {
				case c == mArrayEnd && !f.obj, c == mObjectEnd && key:
					v.i++
					v.stack = v.stack[:len(v.stack)-1]
					continue
				case c == mArrayEnd || c == mObjectEnd:
					return false
				}
				if lim := o.MaxElements; lim > 0 && f.n >= int64(lim)<<b2i(f.obj) {
					return false
				}
			}
		}
		if f.counted && (key || !f.obj) {
			f.left--
		}
		f.n++
		if key {
			if !v.text(false) {
				return false
			}
			continue
		}
		if !v.value(f.typ) {
			return false
		}
	}
	v.noops()
	return v.i == len(data)
}

type validator struct {
	data   []byte
	i      int
	o      *opts.Struct
	strict bool
	stack  []vframe
	free   int64
}

func (v *validator) noops() {
	for v.i < len(v.data) && v.data[v.i] == mNoop {
		v.i++
	}
}

// length reads a length or count (an integer with its marker): not
// negative, and at most the bytes left when bytes is true.
func (v *validator) length() (int64, bool) {
	if v.i >= len(v.data) || !isInt(v.data[v.i]) {
		return 0, false
	}
	m := v.data[v.i]
	sz := int(sizes[m])
	if len(v.data)-v.i-1 < sz {
		return 0, false
	}
	n := readInt(m, v.data[v.i+1:])
	v.i += 1 + sz
	return n, n >= 0 && n <= maxLen
}

// text checks a length and the UTF-8 text (or, high, JSON number) after
// it.
func (v *validator) text(high bool) bool {
	n, ok := v.length()
	if !ok || n > int64(len(v.data)-v.i) || v.o.MaxTokenBytes > 0 && n > int64(v.o.MaxTokenBytes) {
		return false
	}
	s := v.data[v.i : v.i+int(n)]
	v.i += int(n)
	if high {
		k, code := scan.Number(s, true)
		return code == scan.OK && k == len(s)
	}
	return !v.strict || binfmt.ValidUTF8(s)
}

// value checks the value at v.i: its marker first when typ is 0.
func (v *validator) value(typ byte) bool {
	m := typ
	if m == 0 {
		if v.i >= len(v.data) {
			return false
		}
		m = v.data[v.i]
		v.i++
	}
	switch sz := int(sizes[m]); sz {
	case 0:
		return true
	case 1, 2, 4, 8:
		if len(v.data)-v.i < sz || m == mChar && v.data[v.i] > 127 {
			return false
		}
		v.i += sz
		return true
	case szVariable:
		return v.text(m == mHigh)
	case szContainer:
		return v.push(m == mObject)
	}
	return false
}

// push checks the optional parameters of a container and opens it.
func (v *validator) push(obj bool) bool {
	if len(v.stack) >= v.o.MaxDepth || v.i >= len(v.data) {
		return false
	}
	var typ byte
	count := int64(-1)
	if v.data[v.i] == mType {
		if len(v.data)-v.i < 3 || v.data[v.i+2] != mCount {
			return false
		}
		typ = v.data[v.i+1]
		if sizes[typ] == szInvalid {
			return false
		}
		v.i += 2
	}
	if v.data[v.i] == mCount {
		v.i++
		var ok bool
		if count, ok = v.length(); !ok {
			return false
		}
		if lim := v.o.MaxElements; lim > 0 && count > int64(lim) {
			return false
		}
		least := int64(1)
		if sz := sizes[typ]; typ != 0 && sz >= 0 {
			least = int64(sz)
		} else if sz == szVariable {
			least = 2
		}
		if obj {
			least += 2
		}
		left := int64(len(v.data) - v.i)
		switch {
		case least == 0:
			if v.free += count; v.free > MaxMarkerOnly {
				return false
			}
		case count > left/least:
			return false
		}
		if typ == mUint8 && !obj {
			if v.o.MaxTokenBytes > 0 && count > int64(v.o.MaxTokenBytes) {
				return false
			}
			v.i += int(count)
			return true
		}
		if !obj && sizes[typ] > 0 && typ != mChar { // numbers: no checking needed
			v.i += int(count * least)
			return true
		}
	}
	v.stack = append(v.stack, vframe{obj: obj, counted: count >= 0, typ: typ, left: count})
	return true
}
