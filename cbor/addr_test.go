package cbor

import (
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/celerjson/celer/internal/binfmt"
	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/internal/testtypes"
)

// refFormat is CBOR's table without the encoders by address: every
// struct field and every element of a slice or array goes through its
// reflection encoder.
var refFormat = newFormat(false)

// marshalWith is AppendMarshal through table f.
func marshalWith(f *binfmt.Format, v any, o ...Options) ([]byte, error) {
	e := f.NewEnc(nil, marshalOpts(o))
	err := e.Value(reflect.ValueOf(v))
	return e.Buf, err
}

type addrText int

func (a addrText) MarshalText() ([]byte, error) { return []byte("t" + string(rune('0'+a))), nil }

type addrPtrText int

func (a *addrPtrText) MarshalText() ([]byte, error) { return []byte("p"), nil }

type addrSelf string

func (a addrSelf) MarshalCBOR() ([]byte, error) { return []byte{0x01}, nil }

type addrEmbedded struct {
	EI int16
	ES string
}

type addrEmbedPtr struct{ PI int }

type (
	namedString string
	namedUint   uint16
)

// addrScalars has a field of every kind addrFields writes, named and
// with omitempty/omitzero, and fields of those kinds that must keep
// their own encodings (methods, Simple), behind embedded structs too.
type addrScalars struct {
	B   bool
	I   int
	I8  int8
	I16 int16
	I32 int32
	I64 int64
	U   uint
	U8  uint8
	U16 uint16
	U32 uint32
	U64 uint64
	P   uintptr
	F32 float32
	F64 float64
	S   string
	NS  namedString
	NU  namedUint
	D   time.Duration
	T   addrText
	PT  addrPtrText
	Own addrSelf
	Sm  Simple
	OE  string  `json:"oe,omitempty"`
	OZ  int     `json:"oz,omitzero"`
	OF  float64 `json:"of,omitempty"`
	addrEmbedded
	*addrEmbedPtr
	Nest struct {
		X uint32
		Y string
	}
	Ints   []int
	I8s    [3]int8
	U16s   []uint16
	Us     []uint
	Ps     [2]uintptr
	F32s   []float32
	F64s   [2]float64
	Bs     []bool
	Ss     []string
	NSs    [2]namedString
	Ts     []addrText
	PTs    [2]addrPtrText
	Sms    []Simple
	Ds     []time.Duration
	Coords [][][2]float64
	PS     *string
	PI     *int8
	PF     *float32
	PNS    *namedString
	PPT    *addrPtrText
	PSm    *Simple
	PP     **int
	OPS    *string `json:"ops,omitempty"`
}

// TestMarshalByAddress: the fields that addrFields writes from an
// addressed struct's memory encode as their reflection encoders write
// them (refFormat), over every scalar kind at its limits, omitted and
// kept optional fields, types with encodings of their own, invalid
// UTF-8 (the same error), the options that change scalars, and the
// corpus structs.
// bigUintptr is a uintptr that needs a CBOR head of the word's full width:
// 2^44-1 on 64-bit platforms, 4095 on 32-bit ones.
const bigUintptr = ^uintptr(0) >> 20

func TestMarshalByAddress(t *testing.T) {
	vals := []addrScalars{{}, {B: true, I: math.MinInt, I8: math.MinInt8, I16: math.MinInt16, I32: math.MinInt32, I64: math.MinInt64,
		U: math.MaxUint, U8: math.MaxUint8, U16: math.MaxUint16, U32: math.MaxUint32, U64: math.MaxUint64, P: bigUintptr,
		F32: 65504, F64: math.Inf(-1), S: "é" + strings.Repeat("x", 40), NS: "n", NU: 300, D: -time.Second, T: 3, PT: 1,
		Own: "o", Sm: 99, OE: "kept", OZ: -1, OF: math.Copysign(0, -1), addrEmbedded: addrEmbedded{-24, "e"},
		addrEmbedPtr: &addrEmbedPtr{25}},
		{I: 23, I8: -24, I16: -25, I32: 1 << 20, I64: math.MaxInt64, U: 24, U8: 23, U16: 256, U32: 65536, F32: 1e-40,
			F64: math.NaN(), S: strings.Repeat("y", 31), OF: 1.5, addrEmbedded: addrEmbedded{math.MaxInt16, strings.Repeat("z", 33)}},
		{S: "\xff"}, {NS: "a\xffb"}, {addrEmbedded: addrEmbedded{ES: "\xc0\x80"}}, {OE: "\xed\xa0\x80"}, {S: strings.Repeat("a", 40) + "\xff"}}
	vals[2].Nest.X, vals[2].Nest.Y = 7, "nest"
	vals[1].Ints, vals[1].I8s, vals[1].U16s, vals[1].Us = []int{0, -1, 23, 24, -25, math.MaxInt, math.MinInt}, [3]int8{-128, 127, 0}, []uint16{}, []uint{math.MaxUint, 0}
	vals[1].Ps, vals[1].F32s, vals[1].F64s, vals[1].Bs = [2]uintptr{1, bigUintptr}, []float32{1.5, 65504, 1e-40, float32(math.Inf(1))}, [2]float64{math.NaN(), 0.1}, []bool{true, false}
	vals[1].Ss, vals[1].NSs, vals[1].Ts, vals[1].PTs = []string{"", "é", strings.Repeat("s", 50)}, [2]namedString{"a", "b"}, []addrText{1, 2}, [2]addrPtrText{1, 2}
	vals[1].Sms, vals[1].Ds, vals[1].Coords = []Simple{1, 200}, []time.Duration{-1, time.Hour}, [][][2]float64{{{1, 2}, {-3.5, 1e300}}, nil, {}}
	vals[2].Ss, vals[2].Ints, vals[2].F64s = []string{"ok", "\xff"}, []int{}, [2]float64{-0.0, 1}
	vals[3].NSs = [2]namedString{"fine", "\xe2\x82"}
	str, bad, i8, f32, ns, pt, sm, pi := "ptr", "\xff", int8(-100), float32(0.5), namedString("n"), addrPtrText(1), Simple(7), new(int)
	vals[1].PS, vals[1].PI, vals[1].PF, vals[1].PNS, vals[1].PPT, vals[1].PSm, vals[1].PP, vals[1].OPS = &str, &i8, &f32, &ns, &pt, &sm, &pi, &str
	vals[2].PS, vals[2].OPS = &bad, &bad
	vals[4].OPS = &bad
	for _, o := range [][]Options{nil, {Deterministic(true)}, {AllowInvalidUTF8(true)}, {TypedArrays(true)}, {MaxDepth(1)}, {MaxDepth(2)}} {
		for i := range vals {
			x := vals[i]
			for _, v := range []any{&vals[i], vals[i:], []*addrScalars{&vals[i]}, x.Ints, x.I8s, &x.I8s, x.F64s, &x.F64s,
				x.Ss, x.NSs, &x.NSs, x.PTs, &x.PTs, x.Coords, x.Bs, x.F32s} {
				got, err := marshalWith(format, v, o...)
				want, werr := marshalWith(refFormat, v, o...)
				if string(got) != string(want) || (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
					t.Errorf("%d %T %v:\n got %x, %v\nwant %x, %v", i, v, o, got, err, want, werr)
				}
			}
		}
	}
	for _, c := range testtypes.Cases {
		v := c.New()
		if err := json.Unmarshal(celertest.CorpusFile(t, c.File), v); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		for _, o := range [][]Options{nil, {Deterministic(true)}} {
			got, err := marshalWith(format, v, o...)
			want, werr := marshalWith(refFormat, v, o...)
			if err == nil && werr == nil && string(got) != string(want) && o == nil {
				// maps in their own order: the same values
				var a, b any
				if Unmarshal(got, &a) == nil && Unmarshal(want, &b) == nil && reflect.DeepEqual(a, b) {
					continue
				}
			}
			if err != nil || werr != nil || string(got) != string(want) {
				t.Errorf("%s %v: by address %d bytes, %v; reflection %d bytes, %v", c.Name, o, len(got), err, len(want), werr)
			}
		}
	}
}

type addrLeaf struct {
	S string
	N int
}

type addrPtrTextLeaf struct{ P addrPtrText }

type addrInner struct {
	*addrEmbedPtr
	X int
}

// addrNode has a field of every shape the struct encoders by address
// take themselves (nested structs, pointers to structs, slices of
// structs, slices of scalars, maps with string keys) or hand to the
// shared plans (types with encodings of their own, embedded pointers,
// interfaces, arrays of structs, maps whose values have pointer-only
// methods), optional or not.
type addrNode struct {
	Name   string
	PS     *string
	OPN    *int `json:",omitempty"`
	Leaf   addrLeaf
	Next   *addrNode            `json:",omitempty"`
	Kids   []addrNode           `json:",omitempty"`
	KidsP  []*addrNode          `json:"kp"`
	ByName map[string]addrNode  `json:"bn"`
	ByPtr  map[string]*addrNode `json:"bp"`
	Meta   map[string]string    `json:"m,omitempty"`
	Lists  map[string][]int64   `json:"l"`
	Texts  map[string]addrPtrTextLeaf
	Own    addrSelf
	When   time.Time
	PT     *addrPtrText
	Ints   []int16 `json:"i,omitempty"`
	Strs   []string
	Bytes  []byte
	OZ     addrLeaf `json:"oz,omitzero"`
	Any    any
	Arr    [2]addrLeaf
	Inner  addrInner
	PInner *addrInner
	Leaves []addrLeaf
	PLeaf  *addrLeaf
	Zero   [0]addrLeaf
}

// TestMarshalByAddressNested: structs by address (structEnc) write what
// the shared plans write (refFormat), byte for byte and error for
// error, over every shape of addrNode, nested, with invalid UTF-8 at
// each place, every MaxDepth up to the tree's depth and the options
// that change the output; maps of one entry, so that their order is
// the same.
func TestMarshalByAddressNested(t *testing.T) {
	mk := func(s string) *addrNode {
		pt := addrPtrText(2)
		leaf := addrLeaf{s, -7}
		n := &addrNode{Name: s, Leaf: leaf, Kids: []addrNode{{Name: "k" + s, Ints: []int16{1, -300}}}, KidsP: []*addrNode{nil, {Name: s}},
			ByName: map[string]addrNode{s: {Name: "v", Leaves: []addrLeaf{leaf}}}, ByPtr: map[string]*addrNode{"p": {PLeaf: &leaf}},
			Meta: map[string]string{"k": s}, Lists: map[string][]int64{s: {1, 1 << 40}}, Texts: map[string]addrPtrTextLeaf{"t": {3}},
			Own: "o", When: time.Unix(7, 0).UTC(), PT: &pt, Ints: []int16{5}, Strs: []string{s, ""}, Bytes: []byte(s),
			OZ: leaf, Any: map[string]any{"a": []any{s}}, Arr: [2]addrLeaf{leaf}, Inner: addrInner{&addrEmbedPtr{4}, 5},
			PInner: &addrInner{X: 6}, Leaves: []addrLeaf{leaf, {}}, PLeaf: &leaf, PS: &s, OPN: &leaf.N}
		return n
	}
	var vals []*addrNode
	for _, s := range []string{"ok", "é", "\xff"} {
		n := mk(s)
		n.Next = mk(s)
		n.Next.Kids[0].Next = mk("deep")
		vals = append(vals, n, &addrNode{}, &addrNode{Kids: []addrNode{}, Leaves: []addrLeaf{}, ByName: map[string]addrNode{}})
		m := mk("ok")
		m.ByName = map[string]addrNode{s: {}}
		vals = append(vals, m)
	}
	var options [][]Options
	for d := 1; d <= 8; d++ {
		options = append(options, []Options{MaxDepth(d)})
	}
	options = append(options, nil, []Options{Deterministic(true)}, []Options{AllowInvalidUTF8(true)}, []Options{TypedArrays(true)})
	for _, o := range options {
		for i, n := range vals {
			for _, v := range []any{n, *n, []addrNode{*n}, []*addrNode{n}, map[string]addrNode{"x": *n}, n.Leaves, [1]addrNode{*n}} {
				got, err := marshalWith(format, v, o...)
				want, werr := marshalWith(refFormat, v, o...)
				if string(got) != string(want) || (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
					t.Errorf("%d %T %v:\n got %x, %v\nwant %x, %v", i, v, o, got, err, want, werr)
				}
			}
		}
	}
	// Maps of several entries: the same entries in some order; sorted
	// alike with Deterministic.
	big := mk("ok")
	for i := range 20 {
		big.ByName["n"+strconv.Itoa(i)] = *mk(strconv.Itoa(i))
	}
	for _, o := range [][]Options{nil, {Deterministic(true)}} {
		got, err := marshalWith(format, big, o...)
		want, werr := marshalWith(refFormat, big, o...)
		if err != nil || werr != nil || len(got) != len(want) || o != nil && string(got) != string(want) {
			t.Fatalf("%v: by address %d bytes, %v; reflection %d bytes, %v", o, len(got), err, len(want), werr)
		}
		var a, b any
		if err := Unmarshal(got, &a); err != nil || Unmarshal(want, &b) != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("%v: the maps differ (%v)", o, err)
		}
	}
}

// addrMixed has MarshalText on its value and MarshalCBOR on its pointer:
// the shared plans write it by MarshalCBOR at an address and by
// MarshalText without one (a map value), as encoding/json would.
type addrMixed int

func (addrMixed) MarshalText() ([]byte, error)  { return []byte("text"), nil }
func (*addrMixed) MarshalCBOR() ([]byte, error) { return []byte{0x01}, nil }

// TestMarshalMixedMethods: a value without an address is written by its
// own MarshalText, one with an address by its pointer's MarshalCBOR.
func TestMarshalMixedMethods(t *testing.T) {
	x := addrMixed(5)
	text := "\x64text"
	for _, c := range []struct {
		v    any
		want string
	}{
		{x, text},
		{&x, "\x01"},
		{map[string]addrMixed{"a": 5}, "\xa1\x61a" + text},
		{[]addrMixed{5}, "\x81\x01"},
		{&struct{ X addrMixed }{5}, "\xa1\x61X\x01"},
		{struct{ X addrMixed }{5}, "\xa1\x61X" + text},
		{[1]addrMixed{5}, "\x81" + text},
	} {
		for _, f := range []*binfmt.Format{format, refFormat} {
			got, err := marshalWith(f, c.v)
			if err != nil || string(got) != c.want {
				t.Errorf("%T %v: got %x, %v, want %x", c.v, f == refFormat, got, err, c.want)
			}
		}
	}
}

type addrMixedMaps struct {
	M  map[string]addrMixed
	MS map[string]struct{ X addrMixed }
	MA map[string][1]addrMixed
}

// TestMarshalByAddressMapValues: the values of a map[string]T field,
// copied to an address by stringKeyMap, are written as the shared plan
// writes values without an address, for a type whose methods differ
// with an address (addrMixed), alone, in a struct and in an array.
func TestMarshalByAddressMapValues(t *testing.T) {
	v := &addrMixedMaps{M: map[string]addrMixed{"a": 5}, MS: map[string]struct{ X addrMixed }{"b": {6}},
		MA: map[string][1]addrMixed{"c": {7}}}
	for _, o := range [][]Options{nil, {Deterministic(true)}} {
		got, err := marshalWith(format, v, o...)
		want, werr := marshalWith(refFormat, v, o...)
		if string(got) != string(want) || (err == nil) != (werr == nil) {
			t.Errorf("%v:\n got %x, %v\nwant %x, %v", o, got, err, want, werr)
		}
	}
}
