package fields

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

type (
	Inner struct {
		A int
		B string `json:"b"`
	}
	inner2 struct {
		C int
		d int
	}
	Deep   struct{ Inner }
	Tagged struct {
		X int `json:"A"`
	}
	Dup1 struct{ Z int }
	Dup2 struct{ Z int }
	Ptrs struct {
		*Inner
		*inner2
	}
	Self struct {
		Name string
		Next *Self
	}
	unexportedInt int
	ZeroVal       struct{ N int }
	ZeroPtr       struct{ N int }
	Shadow        struct {
		A int
		Inner
	}
	TagTie struct {
		Dup1
		Dup2 `json:"Dup"`
	}
	Unnamed struct {
		*int `json:"P"`
	}
)

func (z ZeroVal) IsZero() bool  { return z.N == 1 }
func (z *ZeroPtr) IsZero() bool { return z.N == 1 }

var cases = []any{
	struct{}{},
	struct{ A, B, c int }{},
	struct {
		A int `json:"-"`
		B int `json:"-,"`
		C int `json:",omitempty"`
		D int `json:"d,string"`
		E int `json:"e!#$%&()*+-./:;<=>?@[]^_{|}~ x"`
		F int `json:"f\\"`
		G int `json:"g\""`
		H int `json:"ünï,omitzero"`
		I int `json:"<&>"`
		J int `json:""`
		K int `json:",string,omitempty"`
	}{},
	struct {
		Inner
		inner2
	}{},
	struct {
		Inner `json:"inner"`
		Deep
	}{},
	struct {
		Dup1
		Dup2
	}{},
	TagTie{},
	struct {
		Deep
		Tagged
	}{},
	struct {
		Ptrs
		N int `json:"C"`
	}{},
	struct {
		*Ptrs
	}{},
	struct{ Self }{},
	struct {
		unexportedInt
		UI unexportedInt
	}{},
	struct {
		Inner
		In2 Inner `json:"Inner"`
	}{},
	struct {
		D1 struct{ Dup1 }
		Deep
		X struct {
			Deep
		}
	}{},
	struct {
		A, a, Aa, AA, ſ, S, K int
	}{},
	struct {
		ẞ, ß int
	}{},
	struct {
		// Same embedded type reached twice at the same depth.
		Deep
		Deep2 struct{ Inner } `json:"x"`
		Tagged
		T2 struct{ Tagged }
	}{},
	Unnamed{},
}

// Types whose JSON names collide on purpose; declared through reflect so
// that vet's struct tag check does not flag them.
func conflictTypes() []reflect.Type {
	intT := reflect.TypeFor[int]()
	f := func(name, tag string, t reflect.Type) reflect.StructField {
		return reflect.StructField{Name: name, Tag: reflect.StructTag(tag), Type: t}
	}
	emb := func(t reflect.Type, tag string) reflect.StructField {
		return reflect.StructField{Name: t.Name(), Type: t, Anonymous: true, Tag: reflect.StructTag(tag)}
	}
	return []reflect.Type{
		reflect.StructOf([]reflect.StructField{emb(reflect.TypeFor[Inner](), ""), emb(reflect.TypeFor[Deep](), "")}),
		reflect.StructOf([]reflect.StructField{emb(reflect.TypeFor[Shadow](), ""), emb(reflect.TypeFor[Deep](), "")}),
		reflect.StructOf([]reflect.StructField{f("A", "", intT), f("A2", `json:"A"`, intT)}),
		reflect.StructOf([]reflect.StructField{f("A", `json:"A"`, intT), f("A2", `json:"A"`, intT)}),
		reflect.StructOf([]reflect.StructField{f("A", `json:"K"`, intT), f("B", `json:"k"`, intT), f("C", `json:"K"`, intT)}),
		reflect.StructOf([]reflect.StructField{emb(reflect.TypeFor[Inner](), ""), f("X", `json:"b"`, intT), f("Y", `json:"A"`, intT)}),
	}
}

// fill sets every reachable field to a distinct non-zero value and
// allocates embedded pointers, so json.Marshal shows every field.
func fill(v reflect.Value, n *int, depth int) {
	if depth > 4 {
		return
	}
	if v.CanAddr() && !v.CanSet() {
		v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	*n++
	switch v.Kind() {
	case reflect.Int:
		v.SetInt(int64(*n))
	case reflect.String:
		v.SetString("s")
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		fill(v.Elem(), n, depth+1)
	case reflect.Struct:
		for i := range v.NumField() {
			fill(v.Field(i), n, depth+1)
		}
	}
}

func jsonKeys(t *testing.T, b []byte) []string {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var keys []string
	tok, _ := d.Token()
	if tok != json.Delim('{') {
		t.Fatalf("not an object: %s", b)
	}
	for d.More() {
		k, err := d.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k.(string))
		var raw json.RawMessage
		if err := d.Decode(&raw); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

func TestDifferential(t *testing.T) {
	var types []reflect.Type
	for _, c := range cases {
		types = append(types, reflect.TypeOf(c))
	}
	for _, typ := range append(types, conflictTypes()...) {
		v := reflect.New(typ).Elem()
		n := 0
		fill(v, &n, 0)
		b, err := json.Marshal(v.Interface())
		if err != nil {
			t.Fatalf("%v: %v", typ, err)
		}
		want := jsonKeys(t, b)
		s := For(typ)
		var got []string
		for _, f := range s.Fields {
			got = append(got, f.Name)
		}
		if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			t.Errorf("%v:\n got %q\nwant %q\n json %s", typ, got, want, b)
			continue
		}
		// Each field's value, read by Index, must be what encoding/json wrote.
		var obj map[string]json.RawMessage
		json.Unmarshal(b, &obj)
		for _, f := range s.Fields {
			fv := byIndex(v, f.Index)
			fb, _ := json.Marshal(fv.Interface())
			if f.Quoted {
				fb, _ = json.Marshal(string(fb))
			}
			if !bytes.Equal(fb, obj[f.Name]) {
				t.Errorf("%v field %q: value by index %s, json has %s", typ, f.Name, fb, obj[f.Name])
			}
			if !f.EmbeddedPtrs {
				p := unsafe.Add(unsafe.Pointer(v.UnsafeAddr()), f.Offset)
				if reflect.NewAt(f.Type, p).Elem().Interface() != fv.Interface() {
					t.Errorf("%v field %q: Offset %d is wrong", typ, f.Name, f.Offset)
				}
			}
			if f.NameText != `"`+f.Name+`":` {
				t.Errorf("NameText %s", f.NameText)
			}
			if !json.Valid([]byte("{" + f.NameHTML + "1}")) {
				t.Errorf("NameHTML %s", f.NameHTML)
			}
		}
	}
}

func byIndex(v reflect.Value, index []int) reflect.Value {
	for _, i := range index {
		if v.Kind() == reflect.Pointer {
			v = v.Elem()
		}
		v = v.Field(i)
		v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	return v
}

func TestLookupMatchesUnmarshal(t *testing.T) {
	type S struct {
		Name   string
		NAME2  string `json:"naMe"`
		Kelvin string `json:"K"`
		Long   string `json:"ſ"`
		Sharp  string `json:"ẞ"`
		Plain  string
	}
	s := For(reflect.TypeFor[S]())
	for _, key := range []string{"Name", "name", "NAME", "naMe", "K", "k", "\u212a", "s", "S", "ſ", "ß", "ẞ", "plain", "PLAIN", "nope", "plaiN\xff", "\xff"} {
		in := `{"` + key + `":"v"}`
		var ref S
		json.Unmarshal([]byte(in), &ref)
		var want string
		rv := reflect.ValueOf(ref)
		for i := range rv.NumField() {
			if rv.Field(i).String() == "v" {
				want = s.Fields[i].Name
			}
		}
		var got string
		if f := Lookup(s, []byte(key)); f != nil {
			got = f.Name
		}
		if got != want {
			t.Errorf("Lookup(%q) = %q, encoding/json picks %q", key, got, want)
		}
	}
}

func TestFlags(t *testing.T) {
	type S struct {
		A int                        `json:",string"`
		B *int                       `json:",string"`
		C []int                      `json:",string"`
		D **int                      `json:",string"`
		E ZeroVal                    `json:",omitzero"`
		F ZeroPtr                    `json:",omitzero"`
		G *ZeroPtr                   `json:",omitzero"`
		H any                        `json:",omitzero"`
		I interface{ IsZero() bool } `json:",omitzero"`
		J int                        `json:",omitzero,omitempty"`
		*Inner
		*inner2
	}
	s := For(reflect.TypeFor[S]())
	get := func(name string) *Field { return Lookup(s, []byte(name)) }
	if !get("A").Quoted || !get("B").Quoted || get("C").Quoted || get("D").Quoted {
		t.Error("Quoted")
	}
	if get("E").IsZero == nil || get("F").IsZero == nil || get("G").IsZero == nil || get("H").IsZero != nil || get("I").IsZero == nil {
		t.Error("IsZero")
	}
	if !get("J").OmitEmpty || !get("J").OmitZero {
		t.Error("omit flags")
	}
	if get("A").Tagged {
		t.Error(`json:",string" must not count as tagged`)
	}
	if f := get("b"); !f.EmbeddedPtrs || f.UnexportedEmbeddedPtr {
		t.Errorf("field b of *Inner: %+v", f)
	}
	if f := Lookup(For(reflect.TypeFor[Ptrs]()), []byte("C")); f == nil || !f.EmbeddedPtrs || !f.UnexportedEmbeddedPtr {
		t.Errorf("field C of *inner2: %+v", f)
	}
	// IsZero semantics on values.
	if !get("F").IsZero(reflect.ValueOf(ZeroPtr{1})) || get("F").IsZero(reflect.ValueOf(ZeroPtr{2})) {
		t.Error("pointer-receiver IsZero on unaddressable value")
	}
	if !get("G").IsZero(reflect.ValueOf((*ZeroPtr)(nil))) {
		t.Error("nil pointer IsZero")
	}
	var i S
	if !get("I").IsZero(reflect.ValueOf(&i).Elem().FieldByName("I")) {
		t.Error("nil interface IsZero")
	}
}

func TestConcurrentFor(t *testing.T) {
	type X struct{ A, B int }
	done := make(chan *Struct)
	for range 8 {
		go func() { done <- For(reflect.TypeFor[X]()) }()
	}
	first := <-done
	for range 7 {
		if <-done != first {
			t.Fatal("For returned different *Struct for one type")
		}
	}
}

func TestLookupAllocs(t *testing.T) {
	type X struct{ Alpha, Beta int }
	s := For(reflect.TypeFor[X]())
	exact, folded := []byte("Beta"), []byte("bETA")
	if n := testing.AllocsPerRun(100, func() { Lookup(s, exact); Lookup(s, folded) }); n != 0 {
		t.Errorf("Lookup allocates %v times", n)
	}
}

func TestForPanicsOnNonStruct(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic")
		}
	}()
	For(reflect.TypeFor[int]())
}
