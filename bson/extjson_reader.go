package bson

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"io"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/celerjson/celer/internal/opts"
	"github.com/celerjson/celer/internal/scan"
	"github.com/celerjson/celer/token"
)

// Type wrapper keys of Extended JSON v2.
const (
	wkNone = iota
	wkOID
	wkSymbol
	wkNumberInt
	wkNumberLong
	wkNumberDouble
	wkNumberDecimal
	wkBinary
	wkCode
	wkScope
	wkTimestamp
	wkRegex
	wkDBPointer
	wkDate
	wkMinKey
	wkMaxKey
	wkUndefined
	wkUUID
)

var wrapperKeys = map[string]int{
	"$oid": wkOID, "$symbol": wkSymbol, "$numberInt": wkNumberInt, "$numberLong": wkNumberLong,
	"$numberDouble": wkNumberDouble, "$numberDecimal": wkNumberDecimal, "$binary": wkBinary,
	"$code": wkCode, "$scope": wkScope, "$timestamp": wkTimestamp, "$regularExpression": wkRegex,
	"$dbPointer": wkDBPointer, "$date": wkDate, "$minKey": wkMinKey, "$maxKey": wkMaxKey,
	"$undefined": wkUndefined, "$uuid": wkUUID,
}

// wrapperKey returns the wrapper key that k is, or wkNone.
func wrapperKey(k []byte) int {
	if len(k) < 4 || k[0] != '$' {
		return wkNone
	}
	return wrapperKeys[string(k)]
}

// xframe is an open container of an ExtJSONReader.
type xframe struct {
	obj bool // an object
	top bool // the top-level object: its keys are plain keys
	key bool // object: the next token is a member name
}

// An ExtJSONReader reads MongoDB Extended JSON v2, canonical or relaxed
// (both are accepted, as the specification requires), as tokens: it reads
// JSON text with a token.JSONReader (its options, limits and positioned
// errors) and turns the type wrapper objects into the tokens a BSON
// Reader gives for the same values, so that copying it into a Writer
// gives the BSON that Extended JSON describes.
//
// Every object but the top-level one whose first key is a type wrapper
// key ($oid, $numberInt, $date, ...) must be exactly that wrapper, with
// values of the right types, or the read fails with a *SyntaxError
// wrapping ErrSyntax; so must an object that has a wrapper key after
// other keys. Keys that start with "$" but are no wrapper key ($ref,
// $id, $regex, ...) are plain keys. The wrappers give: $numberInt and
// $numberLong Int tokens of width 32 and 64; $numberDouble a Float; $binary of
// subtype 0 Bytes, of other subtypes (and $uuid, subtype 4) an Ext token;
// $undefined token.Undefined; the others Ext tokens of token.FamilyBSON
// with the payload a Reader gives (regular expression options sorted);
// $scope is read into the BSON of its document.
//
// JSON numbers follow the specification's parsing rule: integers in the
// int64 range are Int tokens (which the BSON Writer writes as int32 when
// they fit), and every other number (with a fraction or an exponent, or
// an integer beyond 64 bits) the nearest double, a Float; a number
// beyond the double range is an error.
type ExtJSONReader struct {
	src     *token.JSONReader
	o       opts.Struct
	nested  bool // reads one value (a $scope document) for a parent
	started bool // a container was read

	stack []xframe
	queue []token.Token
	err   error

	out   []byte   // payload of the last wrapper token
	strs  [][]byte // strings of the wrapper being read
	arena []byte   // copies of the wrapper's strings
	doc   *bytes.Buffer
}

// NewExtJSONReader returns an ExtJSONReader reading from r, with the
// options of token.NewJSONReader.
func NewExtJSONReader(r io.Reader, o ...Options) *ExtJSONReader {
	return newExtJSONReader(token.NewJSONReader(r, o...), o)
}

// NewExtJSONReaderBytes returns an ExtJSONReader reading from b, which it
// does not copy or modify.
func NewExtJSONReaderBytes(b []byte, o ...Options) *ExtJSONReader {
	return newExtJSONReader(token.NewJSONReaderBytes(b, o...), o)
}

func newExtJSONReader(src *token.JSONReader, o []Options) *ExtJSONReader {
	x := &ExtJSONReader{src: src, o: opts.Collect(o...)}
	return x
}

// Reset makes x read from r, keeping its options.
func (x *ExtJSONReader) Reset(r io.Reader) {
	x.src.Reset(r)
	x.stack, x.queue, x.err, x.started = x.stack[:0], x.queue[:0], nil, false
}

// ResetBytes makes x read from b, keeping its options.
func (x *ExtJSONReader) ResetBytes(b []byte) {
	x.src.ResetBytes(b)
	x.stack, x.queue, x.err, x.started = x.stack[:0], x.queue[:0], nil, false
}

// InputOffset returns the input offset just after the last JSON token
// read.
func (x *ExtJSONReader) InputOffset() int64 { return x.src.Decoder().InputOffset() }

// fail returns (and makes sticky) a SyntaxError at the current position.
func (x *ExtJSONReader) fail(msg string) error {
	d := x.src.Decoder()
	x.err = &SyntaxError{Offset: d.InputOffset(), Path: d.Pointer(), Msg: "Extended JSON: " + msg, Err: ErrSyntax}
	return x.err
}

// ReadToken reads the next token; see token.Reader.
func (x *ExtJSONReader) ReadToken() (token.Token, error) {
	if x.err != nil {
		return token.Token{}, x.err
	}
	if x.nested && len(x.stack) == 0 && len(x.queue) == 0 && x.started {
		return token.Token{}, io.EOF // the one value is read
	}
	t, err := x.next()
	if err != nil {
		if err != io.EOF {
			x.err = err
		}
		return t, err
	}
	x.account(t)
	return t, nil
}

// account updates the container state after token t.
func (x *ExtJSONReader) account(t token.Token) {
	switch t.Kind() {
	case token.KindBeginObject, token.KindBeginArray:
		obj := t.Kind() == token.KindBeginObject
		x.stack = append(x.stack, xframe{obj: obj, top: obj && len(x.stack) == 0 && !x.nested, key: obj})
		x.started = true
		return
	case token.KindEndObject, token.KindEndArray:
		x.stack = x.stack[:len(x.stack)-1]
	}
	if n := len(x.stack); n > 0 && x.stack[n-1].obj {
		x.stack[n-1].key = !x.stack[n-1].key
	}
}

// next returns the next token before accounting.
func (x *ExtJSONReader) next() (token.Token, error) {
	if len(x.queue) > 0 {
		t := x.queue[0]
		x.queue = x.queue[:copy(x.queue, x.queue[1:])]
		return t, nil
	}
	t, err := x.src.ReadToken()
	if err != nil {
		return t, err
	}
	switch t.Kind() {
	case token.KindBeginObject:
		if len(x.stack) == 0 && !x.nested {
			return t, nil // the top-level object is a document
		}
		k, err := x.src.ReadToken()
		if err != nil {
			return k, err
		}
		if k.Kind() == token.KindString {
			if wk := wrapperKey(k.Data()); wk != wkNone {
				return x.wrapper(wk)
			}
		}
		x.queue = append(x.queue, k)
		return t, nil
	case token.KindString:
		if n := len(x.stack); n > 0 {
			if f := x.stack[n-1]; f.obj && f.key && !f.top && wrapperKey(t.Data()) != wkNone {
				return t, x.fail("type wrapper key " + strconv.Quote(string(t.Data())) + " after other keys")
			}
		}
	case token.KindNumber, token.KindUint:
		if n := len(x.stack); n > 0 && x.stack[n-1].obj && x.stack[n-1].key {
			return t, nil // a key: the JSON reader never gives one
		}
		return x.float(t)
	}
	return t, nil
}

// float returns the nearest double of a JSON number that is no int64.
func (x *ExtJSONReader) float(t token.Token) (token.Token, error) {
	if t.Kind() == token.KindUint {
		return token.FloatWidth(float64(t.Uint()), 64), nil
	}
	s := t.Data()
	if string(s) == "-0" {
		return token.Int(0), nil
	}
	f, err := strconv.ParseFloat(unsafeString(s), 64)
	if err != nil && math.IsInf(f, 0) {
		return t, x.fail("number " + shorten(s) + " is beyond the double range")
	}
	return token.FloatWidth(f, 64), nil
}

// wrapper reads the rest of a type wrapper object whose first key, wk,
// was just read, and returns its token.
func (x *ExtJSONReader) wrapper(wk int) (token.Token, error) {
	var seen [wkUUID + 1]bool
	var vals [wkUUID + 1]token.Token // scalar values, copied into x.strs
	x.strs, x.arena = x.strs[:0], x.arena[:0]
	scope := -1 // offset in x.out of the scope document
	x.out = x.out[:0]
	first := wk
	for {
		seen[wk] = true
		v, err := x.wrapperValue(wk)
		if err != nil {
			return v, err
		}
		if wk == wkScope {
			scope = len(x.out)
			x.out = append(x.out, x.doc.Bytes()...)
		}
		vals[wk] = v
		k, err := x.src.ReadToken()
		if err != nil {
			return k, err
		}
		if k.Kind() == token.KindEndObject {
			break
		}
		wk = wrapperKey(k.Data())
		switch {
		case wk == wkNone:
			return k, x.fail("extra key " + strconv.Quote(string(k.Data())) + " in a type wrapper")
		case seen[wk]:
			return k, x.fail("duplicate key " + strconv.Quote(string(k.Data())) + " in a type wrapper")
		case !(first == wkCode && wk == wkScope || first == wkScope && wk == wkCode):
			return k, x.fail("keys " + strconv.Quote(keyName(first)) + " and " + strconv.Quote(keyName(wk)) + " in one type wrapper")
		}
	}
	if seen[wkScope] && !seen[wkCode] {
		return token.Token{}, x.fail("$scope without $code")
	}
	return x.build(first, &vals, scope)
}

// wkNames are the wrapper keys by number.
var wkNames = [...]string{wkNone: "?", wkOID: "$oid", wkSymbol: "$symbol", wkNumberInt: "$numberInt",
	wkNumberLong: "$numberLong", wkNumberDouble: "$numberDouble", wkNumberDecimal: "$numberDecimal",
	wkBinary: "$binary", wkCode: "$code", wkScope: "$scope", wkTimestamp: "$timestamp",
	wkRegex: "$regularExpression", wkDBPointer: "$dbPointer", wkDate: "$date", wkMinKey: "$minKey",
	wkMaxKey: "$maxKey", wkUndefined: "$undefined", wkUUID: "$uuid"}

func keyName(wk int) string { return wkNames[wk] }

// str reads a string value and keeps a copy (in x.arena, until the next
// wrapper); it fails with a message naming what when the value is not a
// string.
func (x *ExtJSONReader) str(what string) (token.Token, error) {
	t, err := x.src.ReadToken()
	if err != nil {
		return t, err
	}
	if t.Kind() != token.KindString {
		return t, x.fail(what + " must be a string, not " + t.Kind().String())
	}
	return token.StringBytes(x.keep(t.Data())), nil
}

// keep copies b into x.arena. Earlier copies stay valid when the arena
// grows (they keep the old array), until the next wrapper resets it.
func (x *ExtJSONReader) keep(b []byte) []byte {
	start := len(x.arena)
	x.arena = append(x.arena, b...)
	return x.arena[start:len(x.arena):len(x.arena)]
}

// fields reads an object with exactly the keys keys[:n] (any order), the
// value of keys[i] read by read(i).
func (x *ExtJSONReader) fields(what string, keys [2]string, n int, read func(i int) (token.Token, error)) ([2]token.Token, error) {
	var got [2]token.Token
	var have [2]bool
	t, err := x.src.ReadToken()
	if err != nil {
		return got, err
	}
	if t.Kind() != token.KindBeginObject {
		return got, x.fail(what + " must be an object, not " + t.Kind().String())
	}
	for {
		k, err := x.src.ReadToken()
		if err != nil {
			return got, err
		}
		if k.Kind() == token.KindEndObject {
			break
		}
		i := slices.Index(keys[:n], string(k.Data()))
		if i < 0 || have[i] {
			return got, x.fail("unexpected or duplicate key " + strconv.Quote(string(k.Data())) + " in " + what)
		}
		have[i] = true
		if got[i], err = read(i); err != nil {
			return got, err
		}
	}
	for i := range n {
		if !have[i] {
			return got, x.fail(what + " has no key " + strconv.Quote(keys[i]))
		}
	}
	return got, nil
}

// uint32Value reads an integer from 0 to 2^32-1.
func (x *ExtJSONReader) uint32Value(what string) (token.Token, error) {
	t, err := x.src.ReadToken()
	if err != nil {
		return t, err
	}
	if t.Kind() != token.KindInt || t.Int() < 0 || t.Int() > math.MaxUint32 {
		return t, x.fail(what + " must be an integer from 0 to 4294967295")
	}
	return t, nil
}

// wrapperValue reads the value of wrapper key wk.
func (x *ExtJSONReader) wrapperValue(wk int) (token.Token, error) {
	switch wk {
	case wkOID, wkSymbol, wkNumberInt, wkNumberLong, wkNumberDouble, wkNumberDecimal, wkCode, wkUUID:
		return x.str(keyName(wk))
	case wkBinary:
		got, err := x.fields("$binary", [2]string{"base64", "subType"}, 2, func(i int) (token.Token, error) {
			if i == 0 {
				return x.str("$binary base64")
			}
			return x.str("$binary subType")
		})
		if err != nil {
			return token.Token{}, err
		}
		x.strs = append(x.strs[:0], got[0].Data(), got[1].Data())
		return token.Null, nil
	case wkTimestamp:
		got, err := x.fields("$timestamp", [2]string{"t", "i"}, 2, func(i int) (token.Token, error) {
			if i == 0 {
				return x.uint32Value("$timestamp t")
			}
			return x.uint32Value("$timestamp i")
		})
		if err != nil {
			return token.Token{}, err
		}
		var p [8]byte
		binary.LittleEndian.PutUint32(p[:], uint32(got[1].Int()))
		binary.LittleEndian.PutUint32(p[4:], uint32(got[0].Int()))
		return token.Bytes(x.keep(p[:])), nil
	case wkRegex, wkDBPointer:
		return x.pairValue(wk)
	case wkDate:
		return x.dateValue()
	case wkMinKey, wkMaxKey:
		t, err := x.src.ReadToken()
		if err != nil {
			return t, err
		}
		if t.Kind() != token.KindInt || t.Int() != 1 {
			return t, x.fail(keyName(wk) + " must be 1")
		}
		return t, nil
	case wkUndefined:
		t, err := x.src.ReadToken()
		if err != nil {
			return t, err
		}
		if t.Kind() != token.KindBool || !t.Bool() {
			return t, x.fail("$undefined must be true")
		}
		return t, nil
	case wkScope:
		return token.Null, x.scopeValue()
	}
	return token.Token{}, x.fail("internal: unknown wrapper")
}

// pairValue reads the objects of $regularExpression and $dbPointer into
// two strings (pattern and options; namespace and ObjectID hex).
func (x *ExtJSONReader) pairValue(wk int) (token.Token, error) {
	var got [2]token.Token
	var err error
	if wk == wkRegex {
		got, err = x.fields("$regularExpression", [2]string{"pattern", "options"}, 2, func(i int) (token.Token, error) {
			if i == 0 {
				return x.str("$regularExpression pattern")
			}
			return x.str("$regularExpression options")
		})
	} else {
		got, err = x.fields("$dbPointer", [2]string{"$ref", "$id"}, 2, func(i int) (token.Token, error) {
			if i == 0 {
				return x.str("$dbPointer $ref")
			}
			id, err := x.fields("$dbPointer $id", [2]string{"$oid"}, 1, func(int) (token.Token, error) { return x.str("$oid") })
			return id[0], err
		})
	}
	if err != nil {
		return token.Token{}, err
	}
	x.strs = append(x.strs[:0], got[0].Data(), got[1].Data())
	return token.Null, nil
}

// dateValue reads the value of $date: RFC 3339 text or {"$numberLong":
// ...}; it returns the milliseconds as an Int token.
func (x *ExtJSONReader) dateValue() (token.Token, error) {
	t, err := x.src.ReadToken()
	if err != nil {
		return t, err
	}
	switch t.Kind() {
	case token.KindString:
		tm, err := time.Parse(time.RFC3339Nano, string(t.Data()))
		if err != nil {
			return t, x.fail("$date " + strconv.Quote(shorten(t.Data())) + " is not an RFC 3339 date-time")
		}
		if tm.Nanosecond()%1e6 != 0 {
			return t, x.fail("$date " + strconv.Quote(string(t.Data())) + " is more precise than a millisecond")
		}
		return token.Int(tm.UnixMilli()), nil
	case token.KindBeginObject:
		k, err := x.src.ReadToken()
		if err != nil {
			return k, err
		}
		if k.Kind() != token.KindString || string(k.Data()) != "$numberLong" {
			return k, x.fail("$date must be a string or {\"$numberLong\": ...}")
		}
		s, err := x.str("$date $numberLong")
		if err != nil {
			return s, err
		}
		v, ok := parseInt(s.Data(), 64)
		if !ok {
			return s, x.fail("$date $numberLong " + strconv.Quote(shorten(s.Data())) + " is not a 64-bit integer")
		}
		if e, err := x.src.ReadToken(); err != nil || e.Kind() != token.KindEndObject {
			if err != nil {
				return e, err
			}
			return e, x.fail("extra key in $date")
		}
		return token.Int(v), nil
	}
	return t, x.fail("$date must be a string or {\"$numberLong\": ...}, not " + t.Kind().String())
}

// scopeValue reads the document of $scope into x.doc as BSON.
func (x *ExtJSONReader) scopeValue() error {
	sub := &ExtJSONReader{src: x.src, o: x.o, nested: true}
	sub.o.MaxDepth = max(x.o.MaxDepth-len(x.stack)-1, 1)
	if x.doc == nil {
		x.doc = &bytes.Buffer{}
	}
	x.doc.Reset()
	w := NewWriter(x.doc, MaxDepth(sub.o.MaxDepth), AllowInvalidUTF8(x.o.Has(opts.AllowInvalidUTF8)))
	first := true
	for {
		t, err := sub.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			x.err = err
			return err
		}
		if first && t.Kind() != token.KindBeginObject {
			return x.fail("$scope must be a document, not " + t.Kind().String())
		}
		first = false
		if err := w.WriteToken(t); err != nil {
			return x.fail("$scope: " + err.Error())
		}
	}
	return w.Flush()
}

// parseInt parses JSON integer text (optional minus, no leading zeros) of
// the given bit size.
func parseInt(s []byte, bits int) (int64, bool) {
	if n, code := scan.Number(s, true); code != scan.OK || n != len(s) || bytes.ContainsAny(s, ".eE") {
		return 0, false
	}
	v, err := strconv.ParseInt(unsafeString(s), 10, bits)
	return v, err == nil
}

// build returns the token of a complete type wrapper.
func (x *ExtJSONReader) build(wk int, vals *[wkUUID + 1]token.Token, scope int) (token.Token, error) {
	s := vals[wk].Data()
	switch wk {
	case wkOID:
		if len(s) != 24 {
			return token.Token{}, x.fail("$oid " + strconv.Quote(shorten(s)) + " is not 24 hexadecimal digits")
		}
		x.out = append(x.out[:0], make([]byte, 12)...)
		if _, err := hex.Decode(x.out, s); err != nil {
			return token.Token{}, x.fail("$oid " + strconv.Quote(string(s)) + " is not 24 hexadecimal digits")
		}
		return token.Ext(token.FamilyBSON, uint64(TypeObjectID), x.out), nil
	case wkSymbol:
		x.out = appendString(x.out[:0], s)
		return token.Ext(token.FamilyBSON, uint64(TypeSymbol), x.out), nil
	case wkNumberInt:
		v, ok := parseInt(s, 32)
		if !ok {
			return token.Token{}, x.fail("$numberInt " + strconv.Quote(shorten(s)) + " is not a 32-bit integer")
		}
		return token.IntWidth(v, 32), nil
	case wkNumberLong:
		v, ok := parseInt(s, 64)
		if !ok {
			return token.Token{}, x.fail("$numberLong " + strconv.Quote(shorten(s)) + " is not a 64-bit integer")
		}
		return token.IntWidth(v, 64), nil
	case wkNumberDouble:
		switch string(s) {
		case "Infinity":
			return token.FloatWidth(math.Inf(1), 64), nil
		case "-Infinity":
			return token.FloatWidth(math.Inf(-1), 64), nil
		case "NaN":
			return token.FloatWidth(math.Float64frombits(0x7FF8000000000000), 64), nil
		}
		if n, code := scan.Number(s, true); code != scan.OK || n != len(s) {
			return token.Token{}, x.fail("$numberDouble " + strconv.Quote(shorten(s)) + " is not a number")
		}
		f, err := strconv.ParseFloat(unsafeString(s), 64)
		if err != nil && math.IsInf(f, 0) {
			return token.Token{}, x.fail("$numberDouble " + strconv.Quote(shorten(s)) + " is beyond the double range")
		}
		return token.FloatWidth(f, 64), nil
	case wkNumberDecimal:
		d, err := ParseDecimal128(unsafeString(s))
		if err != nil {
			return token.Token{}, x.fail("$numberDecimal: " + err.Error())
		}
		x.out = d.appendBytes(x.out[:0])
		return token.Ext(token.FamilyBSON, uint64(TypeDecimal128), x.out), nil
	case wkBinary:
		return x.buildBinary(x.strs[0], x.strs[1])
	case wkUUID:
		return x.buildUUID(s)
	case wkCode, wkScope:
		code := vals[wkCode].Data()
		if scope < 0 {
			x.out = appendString(x.out[:0], code)
			return token.Ext(token.FamilyBSON, uint64(TypeJavaScript), x.out), nil
		}
		doc := x.out[scope:]
		p := make([]byte, 4, 4+4+len(code)+1+len(doc))
		p = appendString(p, code)
		p = append(p, doc...)
		binary.LittleEndian.PutUint32(p, uint32(len(p)))
		x.out = append(x.out[:0], p...)
		return token.Ext(token.FamilyBSON, uint64(TypeCodeWithScope), x.out), nil
	case wkTimestamp:
		return token.Ext(token.FamilyBSON, uint64(TypeTimestamp), vals[wk].Data()), nil
	case wkRegex:
		pat, o := x.strs[0], x.strs[1]
		if bytes.IndexByte(pat, 0) >= 0 || bytes.IndexByte(o, 0) >= 0 {
			return token.Token{}, x.fail("$regularExpression with a NUL byte")
		}
		o = append([]byte(nil), o...)
		slices.Sort(o)
		if !sortedOptions(o) {
			return token.Token{}, x.fail("$regularExpression options " + strconv.Quote(string(o)) + " repeat a letter")
		}
		x.out = append(append(append(append(x.out[:0], pat...), 0), o...), 0)
		return token.Ext(token.FamilyBSON, uint64(TypeRegex), x.out), nil
	case wkDBPointer:
		ns, id := x.strs[0], x.strs[1]
		var oid [12]byte
		if len(id) != 24 {
			return token.Token{}, x.fail("$dbPointer $oid is not 24 hexadecimal digits")
		}
		if _, err := hex.Decode(oid[:], id); err != nil {
			return token.Token{}, x.fail("$dbPointer $oid is not 24 hexadecimal digits")
		}
		x.out = append(appendString(x.out[:0], ns), oid[:]...)
		return token.Ext(token.FamilyBSON, uint64(TypeDBPointer), x.out), nil
	case wkDate:
		x.out = binary.LittleEndian.AppendUint64(x.out[:0], uint64(vals[wk].Int()))
		return token.Ext(token.FamilyBSON, uint64(TypeDateTime), x.out), nil
	case wkMinKey:
		return token.Ext(token.FamilyBSON, uint64(TypeMinKey), nil), nil
	case wkMaxKey:
		return token.Ext(token.FamilyBSON, uint64(TypeMaxKey), nil), nil
	case wkUndefined:
		return token.Undefined, nil
	}
	return token.Token{}, x.fail("internal: unknown wrapper")
}

// buildBinary returns the token of {"$binary": {"base64": b64,
// "subType": st}}.
func (x *ExtJSONReader) buildBinary(b64, st []byte) (token.Token, error) {
	if len(st) < 1 || len(st) > 2 {
		return token.Token{}, x.fail("$binary subType " + strconv.Quote(shorten(st)) + " is not one or two hexadecimal digits")
	}
	sub, err := strconv.ParseUint(string(st), 16, 8)
	if err != nil {
		return token.Token{}, x.fail("$binary subType " + strconv.Quote(string(st)) + " is not one or two hexadecimal digits")
	}
	data, err := base64.StdEncoding.Strict().AppendDecode(nil, b64)
	if err != nil {
		return token.Token{}, x.fail("$binary base64: " + err.Error())
	}
	if sub == uint64(SubtypeGeneric) {
		x.out = append(x.out[:0], data...)
		return token.Bytes(x.out), nil
	}
	x.out = appendBinary(x.out[:0], byte(sub), data)
	return token.Ext(token.FamilyBSON, uint64(TypeBinary), x.out), nil
}

// buildUUID returns the token of {"$uuid": s}: binary subtype 4.
func (x *ExtJSONReader) buildUUID(s []byte) (token.Token, error) {
	s = bytes.TrimPrefix(s, []byte("urn:uuid:"))
	var h []byte
	switch len(s) {
	case 36:
		if s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
			return token.Token{}, x.fail("$uuid " + strconv.Quote(string(s)) + " is not a UUID")
		}
		h = make([]byte, 0, 32)
		for i, c := range s {
			if i != 8 && i != 13 && i != 18 && i != 23 {
				h = append(h, c)
			}
		}
	case 32:
		h = s
	default:
		return token.Token{}, x.fail("$uuid " + strconv.Quote(shorten(s)) + " is not a UUID")
	}
	var u [16]byte
	if _, err := hex.Decode(u[:], h); err != nil {
		return token.Token{}, x.fail("$uuid " + strconv.Quote(string(s)) + " is not a UUID")
	}
	x.out = appendBinary(x.out[:0], SubtypeUUID, u[:])
	return token.Ext(token.FamilyBSON, uint64(TypeBinary), x.out), nil
}
