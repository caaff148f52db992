package celer

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// TestUnmarshalAnyNameCache checks that object member names decoded into
// any come from the cache of names: the same name decoded twice, in one
// document or in two calls, is one string in memory, never the input's
// bytes; that names the cache does not take (long, escaped, under
// ZeroCopyStrings) decode as before; and that results agree with
// encoding/json.
func TestUnmarshalAnyNameCache(t *testing.T) {
	data := []byte(`[{"id":1,"name":"a","sixteen_bytes_xx":2,"seventeen_bytes_xx":3,"esc\u0061ped":4,"":5,` +
		`"thirty_two_bytes_xxxxxxxxxxxxxxx":6,"thirty_three_bytes_xxxxxxxxxxxxxx":7},` +
		`{"id":2,"name":"b","sixteen_bytes_xx":3,"seventeen_bytes_xx":4,"esc\u0061ped":5,"":6,` +
		`"thirty_two_bytes_xxxxxxxxxxxxxxx":7,"thirty_three_bytes_xxxxxxxxxxxxxx":8}]`)
	decode := func() []any {
		var v any
		if err := Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		var want any
		json.Unmarshal(data, &want)
		if !reflect.DeepEqual(v, want) {
			t.Fatalf("got %v, want %v", v, want)
		}
		return v.([]any)
	}
	key := func(m any, name string) *byte {
		for k := range m.(map[string]any) {
			if k == name {
				return unsafe.StringData(k)
			}
		}
		t.Fatalf("no member %q", name)
		return nil
	}
	in := func(p *byte) bool {
		s := uintptr(unsafe.Pointer(&data[0]))
		return uintptr(unsafe.Pointer(p)) >= s && uintptr(unsafe.Pointer(p)) < s+uintptr(len(data))
	}
	a, b := decode(), decode()
	for _, name := range []string{"id", "name", "sixteen_bytes_xx", "seventeen_bytes_xx", "thirty_two_bytes_xxxxxxxxxxxxxxx"} {
		p := key(a[0], name)
		if in(p) {
			t.Errorf("%q shares the input", name)
		}
		if key(a[1], name) != p {
			t.Errorf("%q: not one cached string across elements", name)
		}
		// Under -race, sync.Pool drops a quarter of the states put back
		// at random, so the second call may get a new state and cache.
		if !encRaceEnabled && (key(b[0], name) != p || key(b[1], name) != p) {
			t.Errorf("%q: not one cached string across calls", name)
		}
	}
	for _, name := range []string{"thirty_three_bytes_xxxxxxxxxxxxxx", "escaped"} {
		if key(a[0], name) == key(a[1], name) {
			t.Errorf("%q: cached, but longer than longMax or escaped", name)
		}
	}
	// ZeroCopyStrings: names share the input, as before.
	var v any
	if err := UnmarshalWith(data, &v, ZeroCopyStrings(true)); err != nil {
		t.Fatal(err)
	}
	if !in(key(v.([]any)[0], "id")) {
		t.Error("ZeroCopyStrings: name does not share the input")
	}
	// Names past what one call may add to the cache still decode.
	var sb strings.Builder
	sb.WriteString("{")
	for i := range 2 * nameInsert {
		if i > 0 {
			sb.WriteString(",")
		}
		sb.WriteString(`"k` + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + `":1`)
	}
	sb.WriteString("}")
	many := []byte(sb.String())
	var got, want any
	if err := Unmarshal(many, &got); err != nil {
		t.Fatal(err)
	}
	json.Unmarshal(many, &want)
	if !reflect.DeepEqual(got, want) {
		t.Fatal("many names: differs from encoding/json")
	}
}
