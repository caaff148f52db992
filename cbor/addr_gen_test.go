package cbor

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"time"
)

type genCBORVal int

func (g genCBORVal) MarshalCBOR() ([]byte, error) {
	if g == 3 {
		return nil, errors.New("three")
	}
	if g == 4 {
		return []byte{0x18}, nil // not well-formed
	}
	return []byte{byte(g) & 0x17}, nil
}

type genCBORPtr int

func (g *genCBORPtr) MarshalCBOR() ([]byte, error) { return []byte{0x20 | byte(*g)&0x7}, nil }

type genTextVal string

func (g genTextVal) MarshalText() ([]byte, error) { return []byte("tv" + string(g)), nil }

type genTextPtr uint16

func (g *genTextPtr) MarshalText() ([]byte, error) { return []byte(fmt.Sprint("tp", uint16(*g))), nil }

type genMixed int8

func (genMixed) MarshalText() ([]byte, error)  { return []byte("mixed"), nil }
func (*genMixed) MarshalCBOR() ([]byte, error) { return []byte{0x02}, nil }

type genBin int

func (genBin) MarshalBinary() ([]byte, error) { return []byte("bin"), nil }

type genZeroVal struct{ N int }

func (g genZeroVal) IsZero() bool { return g.N == 1 }

type genZeroPtr struct{ S string }

func (g *genZeroPtr) IsZero() bool { return g.S == "zero" }

type genStructCBORPtr struct{ A int }

func (g *genStructCBORPtr) MarshalCBOR() ([]byte, error) { return []byte{0x03}, nil }

type genStructTextVal struct{ A int }

func (g genStructTextVal) MarshalText() ([]byte, error) { return []byte("stv"), nil }

type genNamedMap map[string]string
type genNamedSlice []int
type genNamedBytes []byte
type genStr string
type genInt int32

type GenEmb struct {
	A int
	B string `json:"b,omitempty"`
}

type GenEmb2 struct {
	A int // conflicts with GenEmb.A at the same depth: dropped
	C []GenEmb
}

type GenInner struct{ D *int }

type genConflict struct {
	GenEmb
	GenEmb2
	GenInner
	D string // shallower than GenInner.D: wins
	x int
}

type GenEmbPtr struct {
	*GenEmb
	E int
}

type genunexp struct{ U string }

type GenEmbUnexp struct {
	genunexp
	*GenInner
	V [0]string
}

type GenTail struct {
	A int8
	Z [0]string
}

type GenTail2 struct {
	A  string
	Z  struct{}
	ZZ [0]GenTail
}

// genLeaves are the field types the generated structs draw from.
var genLeaves = []reflect.Type{
	reflect.TypeFor[bool](), reflect.TypeFor[int](), reflect.TypeFor[int8](), reflect.TypeFor[int16](), reflect.TypeFor[int32](),
	reflect.TypeFor[int64](), reflect.TypeFor[uint](), reflect.TypeFor[uint8](), reflect.TypeFor[uint16](), reflect.TypeFor[uint32](),
	reflect.TypeFor[uint64](), reflect.TypeFor[uintptr](), reflect.TypeFor[float32](), reflect.TypeFor[float64](), reflect.TypeFor[string](),
	reflect.TypeFor[genStr](), reflect.TypeFor[genInt](), reflect.TypeFor[time.Duration](), reflect.TypeFor[time.Time](), reflect.TypeFor[*time.Time](),
	reflect.TypeFor[big.Int](), reflect.TypeFor[*big.Int](), reflect.TypeFor[json.Number](), reflect.TypeFor[*json.Number](), reflect.TypeFor[Simple](),
	reflect.TypeFor[*Simple](), reflect.TypeFor[RawMessage](), reflect.TypeFor[Tag](), reflect.TypeFor[*Tag](),
	reflect.TypeFor[[]byte](), reflect.TypeFor[[4]byte](), reflect.TypeFor[genNamedBytes](), reflect.TypeFor[[0]byte](),
	reflect.TypeFor[genCBORVal](), reflect.TypeFor[genCBORPtr](), reflect.TypeFor[*genCBORPtr](), reflect.TypeFor[genTextVal](),
	reflect.TypeFor[genTextPtr](), reflect.TypeFor[*genTextPtr](), reflect.TypeFor[genMixed](), reflect.TypeFor[genBin](),
	reflect.TypeFor[genZeroVal](), reflect.TypeFor[genZeroPtr](), reflect.TypeFor[*genZeroPtr](), reflect.TypeFor[genStructCBORPtr](),
	reflect.TypeFor[*genStructCBORPtr](), reflect.TypeFor[genStructTextVal](), reflect.TypeFor[[]genStructCBORPtr](),
	reflect.TypeFor[[]int](), reflect.TypeFor[[]string](), reflect.TypeFor[[]genStr](), reflect.TypeFor[[3]int16](), reflect.TypeFor[[0]string](),
	reflect.TypeFor[[0]int](), reflect.TypeFor[[]float32](), reflect.TypeFor[[]float64](), reflect.TypeFor[[]bool](), reflect.TypeFor[[]uint64](),
	reflect.TypeFor[genNamedSlice](), reflect.TypeFor[[]genTextPtr](), reflect.TypeFor[[]genMixed](), reflect.TypeFor[[2]genTextPtr](),
	reflect.TypeFor[*int](), reflect.TypeFor[*string](), reflect.TypeFor[**int](), reflect.TypeFor[*float64](), reflect.TypeFor[*genStr](),
	reflect.TypeFor[any](), reflect.TypeFor[fmt.Stringer](), reflect.TypeFor[map[string]string](), reflect.TypeFor[map[string]int](),
	reflect.TypeFor[map[int]string](), reflect.TypeFor[genNamedMap](), reflect.TypeFor[map[genStr]string](), reflect.TypeFor[map[string]genMixed](),
	reflect.TypeFor[map[string]genTextPtr](), reflect.TypeFor[map[string]genCBORPtr](), reflect.TypeFor[map[string]*genTextPtr](),
	reflect.TypeFor[map[string][]int](), reflect.TypeFor[map[string]any](), reflect.TypeFor[map[string]big.Int](), reflect.TypeFor[map[string][2]float32](),
	reflect.TypeFor[map[string]time.Time](), reflect.TypeFor[map[string]genStructCBORPtr](),
	reflect.TypeFor[genConflict](), reflect.TypeFor[*genConflict](), reflect.TypeFor[GenEmbPtr](), reflect.TypeFor[[]GenEmbPtr](),
	reflect.TypeFor[GenEmbUnexp](), reflect.TypeFor[GenTail](), reflect.TypeFor[GenTail2](), reflect.TypeFor[[]GenTail](),
	reflect.TypeFor[map[string]GenTail](), reflect.TypeFor[*GenTail2](), reflect.TypeFor[chan int](), reflect.TypeFor[func()](),
	reflect.TypeFor[complex64](),
}

// genTags are the generated fields' tags: omitted, renamed (to names
// that conflict), omitempty and omitzero, by json or cbor.
var genTags = []string{"", "", "", `json:",omitempty"`, `json:",omitzero"`, `cbor:",omitempty"`, `cbor:",omitzero"`,
	`json:",omitempty,omitzero"`, `json:"-"`, `cbor:"-"`, `json:"A"`, `json:"A,omitempty"`, `cbor:"B"`, `json:"-" cbor:"C"`,
	`json:",string"`, `json:"é"`, `cbor:"A" json:"Z"`}

// genType returns a leaf type or, depth allowing, a generated struct,
// a pointer, slice, array or map[string] of one.
func genType(r *rand.Rand, depth int) reflect.Type {
	if depth <= 0 || r.Intn(3) > 0 {
		return genLeaves[r.Intn(len(genLeaves))]
	}
	st := genStruct(r, depth-1)
	switch r.Intn(8) {
	case 0:
		return reflect.PointerTo(st)
	case 1:
		return reflect.SliceOf(st)
	case 2:
		return reflect.MapOf(reflect.TypeFor[string](), st)
	case 3:
		return reflect.ArrayOf(r.Intn(3), st)
	case 4:
		return reflect.SliceOf(reflect.PointerTo(st))
	case 5:
		return reflect.MapOf(reflect.TypeFor[string](), reflect.PointerTo(st))
	}
	return st
}

// genStruct returns a struct type of up to 6 fields of genType, some
// with an embedded struct first or a zero-size field last.
func genStruct(r *rand.Rand, depth int) reflect.Type {
	n := r.Intn(7)
	var fs []reflect.StructField
	if r.Intn(5) == 0 {
		emb := []reflect.Type{reflect.TypeFor[GenEmb](), reflect.TypeFor[GenEmb2](), reflect.TypeFor[*GenEmb](), reflect.TypeFor[GenInner](), reflect.TypeFor[GenTail]()}[r.Intn(5)]
		name := emb.Name()
		if emb.Kind() == reflect.Pointer {
			name = emb.Elem().Name()
		}
		fs = append(fs, reflect.StructField{Name: name, Type: emb, Anonymous: true})
	}
	for i := range n {
		fs = append(fs, reflect.StructField{Name: fmt.Sprint("F", i), Type: genType(r, depth), Tag: reflect.StructTag(genTags[r.Intn(len(genTags))])})
	}
	if r.Intn(4) == 0 {
		fs = append(fs, reflect.StructField{Name: "Z", Type: []reflect.Type{reflect.TypeFor[[0]string](), reflect.TypeFor[struct{}](), reflect.TypeFor[[0]GenTail]()}[r.Intn(3)]})
	}
	return genStructOf(fs)
}

// genStructOf is reflect.StructOf, dropping the embedded field first
// when StructOf cannot embed it.
func genStructOf(fs []reflect.StructField) (t reflect.Type) {
	defer func() {
		if recover() != nil {
			t = reflect.StructOf(fs[1:])
		}
	}()
	return reflect.StructOf(fs)
}

var genStrings = []string{"", "a", "é", "\xff", strings.Repeat("x", 40), "zero"}

// genFill sets v to a random value: limits of each kind, invalid UTF-8,
// nil and empty slices, maps and pointers, values that fail to marshal.
func genFill(r *rand.Rand, v reflect.Value, depth int) {
	if !v.CanSet() {
		return
	}
	t := v.Type()
	switch t {
	case timeType:
		v.Set(reflect.ValueOf(time.Unix(int64(r.Intn(3))*1e9, int64(r.Intn(2))*5e8).UTC()))
		return
	case bigIntType:
		v.Set(reflect.ValueOf(*big.NewInt(int64(r.Intn(5))-2).Lsh(big.NewInt(1), uint(r.Intn(70)))))
		return
	case numberType:
		v.SetString([]string{"", "1", "1.5", "x", "-0"}[r.Intn(5)])
		return
	case simpleType:
		v.SetUint([]uint64{0, 19, 20, 24, 32, 255}[r.Intn(6)])
		return
	case reflect.TypeFor[RawMessage]():
		v.Set(reflect.ValueOf([]RawMessage{nil, {0x01}, {0x18}, {0x61, 0xff}}[r.Intn(4)]))
		return
	}
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(r.Intn(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		x := []int64{0, 1, -1, 3, 4, 23, 24, -24, -25, 127, -128, 255, 256, 65535, -65537, math.MinInt64, math.MaxInt64}[r.Intn(17)]
		if v.OverflowInt(x) {
			x = int64(int8(x))
		}
		v.SetInt(x)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		x := []uint64{0, 1, 3, 23, 24, 255, 256, 65535, 65536, math.MaxUint32, math.MaxUint64}[r.Intn(11)]
		if v.OverflowUint(x) {
			x = uint64(uint8(x))
		}
		v.SetUint(x)
	case reflect.Float32, reflect.Float64:
		v.SetFloat([]float64{0, math.Copysign(0, -1), 1.5, math.NaN(), math.Inf(1), 65504, 1e-40, 0.1, 1e300}[r.Intn(9)])
	case reflect.String:
		v.SetString(genStrings[r.Intn(len(genStrings))])
	case reflect.Slice:
		switch r.Intn(4) {
		case 0:
			return
		case 1:
			v.Set(reflect.MakeSlice(t, 0, r.Intn(2)))
			return
		}
		if depth <= 0 {
			return
		}
		s := reflect.MakeSlice(t, 1+r.Intn(3), 4)
		for i := range s.Len() {
			genFill(r, s.Index(i), depth-1)
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			genFill(r, v.Index(i), depth-1)
		}
	case reflect.Map:
		switch r.Intn(3) {
		case 0:
			return
		case 1:
			v.Set(reflect.MakeMap(t))
			return
		}
		if depth <= 0 {
			return
		}
		m := reflect.MakeMap(t)
		k, e := reflect.New(t.Key()).Elem(), reflect.New(t.Elem()).Elem()
		genFill(r, k, depth-1)
		genFill(r, e, depth-1)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Pointer:
		if r.Intn(4) == 0 || depth <= 0 {
			return
		}
		p := reflect.New(t.Elem())
		genFill(r, p.Elem(), depth-1)
		v.Set(p)
	case reflect.Struct:
		for i := range v.NumField() {
			genFill(r, v.Field(i), depth-1)
		}
		if t == reflect.TypeFor[Tag]() {
			v.Field(0).SetUint(uint64(r.Intn(30)))
		}
	case reflect.Interface:
		if r.Intn(3) == 0 || depth <= 0 {
			return
		}
		cands := []any{1, "s", "\xff", []any{1, "x"}, map[string]any{"k": 1.5}, GenEmb{A: 1}, &GenEmb{A: 2}, genTextPtr(3), new(genTextPtr), genMixed(1), time.Duration(5)}
		c := reflect.ValueOf(cands[r.Intn(len(cands))])
		if c.Type().Implements(t) {
			v.Set(c)
		}
	}
}

// genOpts are the options of TestMarshalByAddressGenerated.
var genOpts = [][]Options{nil, {Deterministic(true)}, {AllowInvalidUTF8(true)}, {TypedArrays(true)}, {EpochTime(true)},
	{MaxDepth(1)}, {MaxDepth(2)}, {MaxDepth(3)}, {MaxDepth(4)}, {MaxDepth(6)}, {Deterministic(true), MaxDepth(3), AllowInvalidUTF8(true)}}

// genRes is the result of a Marshal, for comparison.
func genRes(b []byte, err error) string {
	if err != nil {
		return "error " + err.Error()
	}
	return fmt.Sprintf("%x", b)
}

// genEach calls f with 4 random values (pointers to them) of each of
// seeds generated struct types; name tells the seed, value and type.
func genEach(seeds int, f func(name string, p reflect.Value)) {
	for seed := range seeds {
		r := rand.New(rand.NewSource(int64(seed)))
		st := genStruct(r, 3)
		for k := range 4 {
			p := reflect.New(st)
			genFill(r, p.Elem(), 6)
			f(fmt.Sprintf("seed %d value %d %v", seed, k, st), p)
		}
	}
}

// TestMarshalByAddressGenerated: Marshal by address (structEnc and the
// shared plans it falls back to) writes what the reference table
// (refFormat) writes, byte for byte and error for error, for generated
// struct types (reflect.StructOf over scalars, CBOR's own types, types
// with marshaling methods on the value or the pointer, IsZero methods,
// embedded, conflicting and unexported-embedded fields, zero-size
// trailing fields, nested structs, pointers, slices, arrays and
// map[string] of them, with json and cbor tags) and random values, as a
// pointer, a value, a slice and a map value, over the options that
// change the output and MaxDepth 1 to 6.
func TestMarshalByAddressGenerated(t *testing.T) {
	seeds := 1500
	if testing.Short() {
		seeds = 200
	}
	bad := 0
	genEach(seeds, func(name string, p reflect.Value) {
		v := p.Elem()
		sl := reflect.MakeSlice(reflect.SliceOf(v.Type()), 1, 1)
		sl.Index(0).Set(v)
		mp := reflect.MakeMap(reflect.MapOf(reflect.TypeFor[string](), v.Type()))
		mp.SetMapIndex(reflect.ValueOf("k"), v)
		for _, o := range genOpts {
			for i, x := range []any{p.Interface(), v.Interface(), sl.Interface(), mp.Interface()} {
				g, w := genRes(marshalWith(format, x, o...)), genRes(marshalWith(refFormat, x, o...))
				if g != w && bad < 20 {
					bad++
					t.Errorf("%s %v form %d:\n got %s\nwant %s", name, o, i, g, w)
				}
			}
		}
	})
}
