package celer

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Types with marshaling methods for the differential tables.

type encValM struct{ N int }

func (v encValM) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(` {"val" : %d} `, v.N)), nil
}

type encPtrM struct{ N int }

func (v *encPtrM) MarshalJSON() ([]byte, error) {
	if v == nil {
		return []byte(`"nil receiver"`), nil
	}
	return []byte(fmt.Sprintf(`{"ptr":%d}`, v.N)), nil
}

type encValT struct{ S string }

func (v encValT) MarshalText() ([]byte, error) { return []byte("text<" + v.S + ">"), nil }

type encPtrT struct{ S string }

func (v *encPtrT) MarshalText() ([]byte, error) { return []byte("ptext&" + v.S), nil }

type encBadM struct{ Out string }

func (v encBadM) MarshalJSON() ([]byte, error) { return []byte(v.Out), nil }

type encErrM struct{}

func (encErrM) MarshalJSON() ([]byte, error) { return nil, errors.New("boom") }

type encErrT struct{}

func (encErrT) MarshalText() ([]byte, error) { return nil, errors.New("text boom") }

type encBothM struct{ N int }

func (encBothM) MarshalJSON() ([]byte, error) { return []byte(`"json"`), nil }
func (encBothM) MarshalText() ([]byte, error) { return []byte("text"), nil }

// encKeyT is a map key with MarshalText.
type encKeyT struct{ A, B int }

func (k encKeyT) MarshalText() ([]byte, error) { return []byte(fmt.Sprintf("%d-%d", k.A, k.B)), nil }

type encKeyPtr int

func (k *encKeyPtr) MarshalText() ([]byte, error) {
	if k == nil {
		return []byte("NIL"), nil
	}
	return []byte("p" + strconv.Itoa(int(*k))), nil
}

// encStrKeyT is a string kind with MarshalText: the string wins as a key.
type encStrKeyT string

func (k encStrKeyT) MarshalText() ([]byte, error) { return []byte("T" + string(k)), nil }

// encIntKeyT is an integer kind with MarshalText: the method wins.
type encIntKeyT int

func (k encIntKeyT) MarshalText() ([]byte, error) { return []byte("I" + strconv.Itoa(int(k))), nil }

type encErrKey int

func (encErrKey) MarshalText() ([]byte, error) { return nil, errors.New("key boom") }

type encZeroV struct{ N int }

func (z encZeroV) IsZero() bool { return z.N < 0 }

type encZeroP struct{ N int }

func (z *encZeroP) IsZero() bool { return z.N < 0 }

// encByteM is a byte type whose pointer has MarshalJSON: []encByteM is
// not base64.
type encByteM byte

func (b *encByteM) MarshalJSON() ([]byte, error) { return []byte(`"b"`), nil }

type encByteT byte

func (b encByteT) MarshalText() ([]byte, error) { return []byte("t"), nil }

type encNamedBytes []byte
type encNamedByte byte

type encRec struct {
	Name string
	Kids []*encRec `json:",omitempty"`
	Next *encRec   `json:",omitempty"`
	Any  any       `json:",omitempty"`
	M    map[string]*encRec
}

type encEmbInner struct {
	A int
	B string `json:"b,omitempty"`
}
type encEmbOther struct {
	A int
	C int
}
type encEmbPtr struct {
	*encEmbInner
	D int
}
type encEmbExported struct {
	*EncExported
	E int
}
type EncExported struct {
	X, Y int
}
type encEmbIface struct {
	fmt.Stringer
	error `json:"err"`
}

type encAllOmit struct {
	B   bool            `json:",omitempty"`
	I   int             `json:",omitempty"`
	I8  int8            `json:",omitempty"`
	U16 uint16          `json:",omitempty"`
	U32 uint32          `json:",omitempty"`
	U64 uint64          `json:",omitempty"`
	Up  uintptr         `json:",omitempty"`
	F32 float32         `json:",omitempty"`
	F64 float64         `json:",omitempty"`
	S   string          `json:",omitempty"`
	P   *int            `json:",omitempty"`
	Sl  []int           `json:",omitempty"`
	Ar0 [0]int          `json:",omitempty"`
	Ar  [2]int          `json:",omitempty"`
	M   map[string]int  `json:",omitempty"`
	If  any             `json:",omitempty"`
	St  struct{}        `json:",omitempty"`
	Ch  chan int        `json:",omitempty"`
	Fn  func()          `json:",omitempty"`
	C   complex64       `json:",omitempty"`
	T   time.Time       `json:",omitempty"`
	Num json.Number     `json:",omitempty"`
	Raw json.RawMessage `json:",omitempty"`
}

type encAllZero struct {
	B    bool                       `json:",omitzero"`
	I    int                        `json:",omitzero"`
	F32  float32                    `json:",omitzero"`
	F64  float64                    `json:",omitzero"`
	S    string                     `json:",omitzero"`
	P    *int                       `json:",omitzero"`
	Sl   []int                      `json:",omitzero"`
	Ar   [2]int                     `json:",omitzero"`
	M    map[string]int             `json:",omitzero"`
	If   any                        `json:",omitzero"`
	St   struct{ A int }            `json:",omitzero"`
	StF  struct{ F float64 }        `json:",omitzero"`
	T    time.Time                  `json:",omitzero"`
	ZV   encZeroV                   `json:",omitzero"`
	ZP   encZeroP                   `json:",omitzero"`
	ZPP  *encZeroP                  `json:",omitzero"`
	ZVP  *encZeroV                  `json:",omitzero"`
	ZI   interface{ IsZero() bool } `json:",omitzero"`
	Ch   chan int                   `json:",omitzero"`
	Both int                        `json:",omitzero,omitempty"`
}

type encAllString struct {
	B   bool            `json:",string"`
	I   int             `json:",string"`
	I8  int8            `json:",string"`
	U   uint64          `json:",string"`
	Up  uintptr         `json:",string"`
	F32 float32         `json:",string"`
	F64 float64         `json:",string"`
	S   string          `json:",string"`
	PI  *int            `json:",string"`
	PS  *string         `json:",string"`
	PP  **int           `json:",string"`
	Num json.Number     `json:",string"`
	Sl  []int           `json:",string"`
	If  any             `json:",string"`
	M   encValM         `json:",string"`
	T   encValT         `json:",string"`
	St  struct{ A int } `json:",string"`
	NS  encNamedString  `json:",string"`
	OE  int             `json:",string,omitempty"`
}

type encNamedString string

type encNaN struct {
	A int
	F float64
}

var encNaNValue = math.NaN()

var encBigString = strings.Repeat("a<b>&c\u2028d\x01\"\\é\xff", 20)
