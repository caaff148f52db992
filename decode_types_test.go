package celer

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/netip"
	"reflect"
	"strings"
	"testing"
	"time"
	"unsafe"
)

// Types that exercise every decoding path, shared by the table tests and
// the fuzzers.

type textKey string

func (k *textKey) UnmarshalText(b []byte) error {
	if string(b) == "bad" {
		return errors.New("bad key")
	}
	*k = textKey(strings.ToUpper(string(b)))
	return nil
}

type jsonVal struct{ Raw string }

func (j *jsonVal) UnmarshalJSON(b []byte) error {
	if string(b) == `"fail"` {
		return &UnmarshalTypeError{Value: "custom", Field: "inner"}
	}
	if string(b) == `"fail2"` {
		return errors.New("fail2")
	}
	j.Raw = string(b)
	return nil
}

type textVal struct{ S string }

func (t *textVal) UnmarshalText(b []byte) error {
	if string(b) == "fail" {
		return fmt.Errorf("textVal fail")
	}
	t.S = "<" + string(b) + ">"
	return nil
}

type valJSON int // value receiver UnmarshalJSON cannot set, but is found

func (v valJSON) UnmarshalJSON(b []byte) error { return nil }

type myInt int
type myString string
type myBytes []byte
type myByte uint8
type myFloat float32

type inner struct {
	A int
	B string `json:"b"`
	C *inner `json:",omitempty"`
}

// holder has a field with a decoding method inside it: slices of it are
// not built in scratch buffers (see TestUnmarshalMethodAddress).
type holder struct {
	N  int
	TV textVal
}

type Embedded struct {
	E1 int
	E2 string `json:"e2"`
}

type embeddedUnexported struct {
	U1 int
	U2 string
}

type EmbeddedPtr struct {
	P1 int
	P2 []int
}

type unexpPtr struct {
	X int
}

type conflictA struct{ Dup int }
type conflictB struct{ Dup int }

type allTypes struct {
	Bool    bool
	Int     int
	Int8    int8
	Int16   int16
	Int32   int32
	Int64   int64
	Uint    uint
	Uint8   uint8
	Uint16  uint16
	Uint32  uint32
	Uint64  uint64
	Uintptr uintptr
	Float32 float32
	Float64 float64
	String  string
	MyInt   myInt
	MyStr   myString
	MyFloat myFloat
	Bytes   []byte
	MyBytes myBytes
	ByteArr [3]byte
	MyByteS []myByte
	Num     Number
	NumPtr  *Number
	Raw     RawMessage
	RawPtr  *RawMessage
	Any     any
	AnyPtr  *any
	Iface   fmt.Stringer
	Err     error

	IntPtr    *int
	IntPtrPtr **int
	StrPtr    *string
	Slice     []int
	SliceS    []string
	SliceP    []*int
	Array     [2]int
	Arr0      [0]int
	F2        [2]float64
	F3        [3]float64
	F2s       [][2]float64
	F9        [9]float64
	Map       map[string]int
	MapAny    map[string]any
	MapInt    map[int]string
	MapInt8   map[int8]bool
	MapUint   map[uint16]string
	MapText   map[textKey]int
	MapMyStr  map[myString]myInt
	MapBad    map[[2]int]int
	MapFloat  map[float64]int
	MapStruct map[string]inner
	MapSlice  map[string][]int
	Nested    inner
	NestedP   *inner
	Inners    []inner
	MapSS     map[string]string
	Holders   []holder
	Ptrs      []*inner

	JV     jsonVal
	JVP    *jsonVal
	JVs    []jsonVal
	TV     textVal
	TVP    *textVal
	TVm    map[string]textVal
	VJ     valJSON
	Time   time.Time
	TimeP  *time.Time
	Addr   netip.Addr
	BigInt *big.Int
	Dur    time.Duration

	QInt     int      `json:",string"`
	QIntP    *int     `json:",string"`
	QUint    uint8    `json:",string"`
	QFloat   float64  `json:",string"`
	QBool    bool     `json:",string"`
	QStr     string   `json:",string"`
	QStrP    *string  `json:",string"`
	QMyInt   myInt    `json:",string"`
	QSlice   []int    `json:",string"`
	QNum     Number   `json:",string"`
	QJV      jsonVal  `json:",string"`
	QAny     any      `json:",string"`
	QFloat32 float32  `json:"qf32,string"`
	QTV      *textVal `json:",string"`

	Renamed  int    `json:"renamed_field"`
	Omit     string `json:",omitempty"`
	Dash     int    `json:"-"`
	DashName int    `json:"-,"`
	unexp    int
	Unicode  string `json:"ünïcödé"`
	KSign    int    `json:"k"` // folds with the Kelvin sign
	SSign    int    `json:"ſ"`

	Embedded
	*EmbeddedPtr
	embeddedUnexported
	*unexpPtr
	conflictA
	conflictB
	Fn   func()
	Ch   chan int
	Cplx complex128
}

func (allTypes) dummy() {}

var _ = json.Unmarshal

func TestHasPointers(t *testing.T) {
	type flat struct {
		A int64
		B [3]float64
		C struct{ D bool }
	}
	type withString struct {
		A int
		S string
	}
	for _, c := range []struct {
		v    any
		want bool
	}{
		{int64(0), false}, {float64(0), false}, {true, false}, {complex128(0), false}, {uintptr(0), false},
		{[4]int32{}, false}, {flat{}, false}, {struct{}{}, false}, {[0]*int{}, false},
		{"", true}, {[]int{}, true}, {map[string]int{}, true}, {new(int), true}, {withString{}, true},
		{[2]withString{}, true}, {struct{ F func() }{}, true}, {struct{ X any }{}, true},
		{struct{ C chan int }{}, true}, {struct{ P unsafe.Pointer }{}, true},
	} {
		if got := hasPointers(reflect.TypeOf(c.v)); got != c.want {
			t.Errorf("hasPointers(%T) = %v, want %v", c.v, got, c.want)
		}
	}
}
