package msgpack

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime"
	"sync"
	"testing"
)

type hostileInner struct {
	A int32     `json:"a"`
	S []float64 `json:"s"`
	P *string   `json:"p"`
}

type hostileOuter struct {
	L []hostileInner          `json:"l"`
	M map[string]hostileInner `json:"m"`
	F []float32               `json:"f"`
	Q [][3]float64            `json:"q"`
}

// TestUnmarshalHostileCounts decodes inputs of about ten bytes whose
// array, map, str or bin claims 2^32-1 elements or bytes, at the top and
// in a struct field, into zero targets (decoded in one pass) and targets
// that are not zero (validated first): each fails with a syntax error,
// allocating little.
func TestUnmarshalHostileCounts(t *testing.T) {
	heads := map[string][]byte{
		"array32": {0xdd, 0xff, 0xff, 0xff, 0xff},
		"map32":   {0xdf, 0xff, 0xff, 0xff, 0xff},
		"array16": {0xdc, 0xff, 0xff},
		"bin32":   {0xc6, 0xff, 0xff, 0xff, 0xff},
		"str32":   {0xdb, 0xff, 0xff, 0xff, 0xff},
	}
	tail := []byte{0x01, 0xcb, 0, 0, 0, 0, 0, 0, 0, 0, 0x81, 0xa1, 0x61, 0x02}
	targets := []func(filled bool) any{
		func(f bool) any {
			if f {
				return &[]int32{1}
			}
			return new([]int32)
		},
		func(f bool) any {
			if f {
				return &[]hostileInner{{A: 1}}
			}
			return new([]hostileInner)
		},
		func(f bool) any {
			if f {
				return &[4]float64{1}
			}
			return new([4]float64)
		},
		func(f bool) any {
			if f {
				return &map[string]hostileInner{"x": {}}
			}
			return new(map[string]hostileInner)
		},
		func(f bool) any {
			if f {
				return &[][3]float64{{1}}
			}
			return new([][3]float64)
		},
		func(f bool) any {
			if f {
				return &[]*hostileInner{nil}
			}
			return new([]*hostileInner)
		},
		func(f bool) any {
			if f {
				return &hostileOuter{F: []float32{1}}
			}
			return new(hostileOuter)
		},
		func(f bool) any {
			if f {
				return &[]byte{1}
			}
			return new([]byte)
		},
	}
	var ms runtime.MemStats
	var maxPer uint64
	defer func() { t.Logf("at most %d bytes per call", maxPer) }()
	for name, h := range heads {
		for _, field := range []string{"", "l", "m", "f", "q"} {
			var data []byte
			if field != "" {
				data = append([]byte{0x81, 0xa1, field[0]}, h...)
			} else {
				data = append([]byte(nil), h...)
			}
			data = append(data, tail...)
			for k, mk := range targets {
				for _, filled := range []bool{false, true} {
					runtime.GC()
					runtime.ReadMemStats(&ms)
					before := ms.TotalAlloc
					const runs = 20
					var err error
					for range runs {
						err = Unmarshal(data, mk(filled))
					}
					runtime.ReadMemStats(&ms)
					per := (ms.TotalAlloc - before) / runs
					var se *SyntaxError
					var te *UnmarshalTypeError
					if err == nil || !errors.As(err, &se) && !errors.As(err, &te) {
						t.Errorf("%s in %q into target %d (filled %v): %v", name, field, k, filled, err)
					}
					maxPer = max(maxPer, per)
					if per > 4096 {
						t.Errorf("%s in %q into target %d (filled %v): %d bytes per call (%v)", name, field, k, filled, per, err)
					}
				}
			}
		}
	}
}

// TestUnmarshalConcurrentTypes decodes values of several types in
// parallel goroutines (Unmarshal remembers the type of its last call),
// zero targets and targets that are not, and checks each result.
func TestUnmarshalConcurrentTypes(t *testing.T) {
	s := "s"
	vals := []any{
		hostileInner{A: 7, S: []float64{1.5, -2}, P: &s},
		[]hostileInner{{A: 1}, {A: 2, S: []float64{}}},
		[]int32{1, -2, 300},
		[]byte{1, 2, 3},
		[4]float64{1, 2, 3, 4},
		map[string]hostileInner{"k": {A: 3}},
		hostileOuter{L: []hostileInner{{A: 5}}, F: []float32{0.5}, Q: [][3]float64{{1, 2, 3}}},
		math.Copysign(0, -1),
		"text",
	}
	enc := make([][]byte, len(vals))
	for k, v := range vals {
		b, err := Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		enc[k] = b
	}
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range 300 {
				k := (g + r) % len(vals)
				p := reflect.New(reflect.TypeOf(vals[k]))
				if r%3 == 0 { // not zero: the validated path
					if err := Unmarshal(enc[k], p.Interface()); err != nil {
						errs <- fmt.Errorf("%T: %v", vals[k], err)
						return
					}
				}
				if err := Unmarshal(enc[k], p.Interface()); err != nil {
					errs <- fmt.Errorf("%T: %v", vals[k], err)
					return
				}
				if got := p.Elem().Interface(); !reflect.DeepEqual(got, vals[k]) {
					errs <- fmt.Errorf("%T: got %#v, want %#v", vals[k], got, vals[k])
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
