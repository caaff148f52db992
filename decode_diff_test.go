package celer

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/internal/testtypes"
)

// diffUnmarshal decodes data into fresh values made by mk with both celer
// and encoding/json, and fails unless the results and the errors are
// deeply equal.
func diffUnmarshal(t testing.TB, name string, data []byte, mk func() any) {
	t.Helper()
	got, want := mk(), mk()
	gerr := Unmarshal(data, got)
	werr := json.Unmarshal(data, want)
	sameResults(t, name, got, want, gerr, werr)
}

// diffUnmarshalTwice is diffUnmarshal decoding data twice into the same
// value: slices are reused (their elements merged into), maps merged.
func diffUnmarshalTwice(t testing.TB, name string, data []byte, mk func() any) {
	t.Helper()
	got, want := mk(), mk()
	Unmarshal(data, got)
	json.Unmarshal(data, want)
	sameResults(t, name, got, want, Unmarshal(data, got), json.Unmarshal(data, want))
}

// sameResults fails t unless celer's and encoding/json's results agree.
func sameResults(t testing.TB, name string, got, want any, gerr, werr error) {
	t.Helper()
	if !reflect.DeepEqual(gerr, werr) {
		t.Fatalf("%s: error mismatch:\n celer: %#v (%v)\n std:   %#v (%v)", name, gerr, gerr, werr, werr)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: value mismatch:\n celer: %#v\n std:   %#v", name, got, want)
	}
}

// addrKeeper remembers where UnmarshalJSON was called.
type addrKeeper struct{ n int }

var keptAddrs []*addrKeeper

func (k *addrKeeper) UnmarshalJSON(b []byte) error {
	keptAddrs = append(keptAddrs, k)
	k.n = len(b)
	return nil
}

// TestUnmarshalMethodAddress checks that memory a decoding method was
// called on is never reused by a later decode. Slices of elements that
// hold such methods must not be built in the decoder's scratch buffers,
// which the next Unmarshal (perhaps on another goroutine) overwrites; as
// in encoding/json, an element may move when its slice grows, but the
// memory it leaves stays as it was.
func TestUnmarshalMethodAddress(t *testing.T) {
	type elem struct {
		ID int
		K  addrKeeper
	}
	keptAddrs = nil
	var v []elem
	if err := Unmarshal([]byte(`[{"ID":1,"K":1},{"ID":2,"K":22},{"ID":3,"K":333},{"ID":4,"K":4444},{"ID":5,"K":5}]`), &v); err != nil {
		t.Fatal(err)
	}
	first := append([]*addrKeeper(nil), keptAddrs...)
	var w []elem
	if err := Unmarshal([]byte(`[{"ID":1,"K":"aaaaaaaaaaaa"},{"ID":2,"K":"bbbbbbbbbbbbbbb"},{"ID":3,"K":[]},{"ID":4,"K":{}},{"ID":5,"K":true}]`), &w); err != nil {
		t.Fatal(err)
	}
	if len(first) != len(v) {
		t.Fatalf("UnmarshalJSON called %d times for %d elements", len(first), len(v))
	}
	for i, k := range first {
		if want := []int{1, 2, 3, 4, 1}[i]; k.n != want {
			t.Errorf("element %d: the memory UnmarshalJSON set to %d now holds %d", i, want, k.n)
		}
	}
}

func TestUnmarshalAnyCorpus(t *testing.T) {
	for _, f := range celertest.CorpusJSON(t) {
		diffUnmarshal(t, f.Name, f.Data, func() any { return new(any) })
		diffUnmarshal(t, f.Name+"/UseNumber", f.Data, func() any { return new(any) })
	}
}

func TestUnmarshalAnyTestSuite(t *testing.T) {
	for _, f := range celertest.TestSuite(t) {
		diffUnmarshal(t, f.Name, f.Data, func() any { return new(any) })
		diffUnmarshal(t, f.Name+"/map", f.Data, func() any { return new(map[string]any) })
		diffUnmarshal(t, f.Name+"/slice", f.Data, func() any { return new([]any) })
		diffUnmarshal(t, f.Name+"/struct", f.Data, func() any { return new(struct{ A, B any }) })
	}
}

var diffInputs = []string{
	`{}`, `null`, `[]`, `1`, `"x"`, `true`,
	`{"Bool":true,"Int":-12,"Int8":127,"Int16":-32768,"Int32":5,"Int64":9223372036854775807,"Uint":1,"Uint8":255,"Uint16":65535,"Uint32":4294967295,"Uint64":18446744073709551615,"Uintptr":3,"Float32":1.5,"Float64":-2.5e-3,"String":"héllo\u00e9\n"}`,
	`{"Int8":128}`, `{"Int8":-129}`, `{"Uint8":-1}`, `{"Uint8":256}`, `{"Int":1.5}`, `{"Int":1e2}`, `{"Int":"1"}`, `{"Int":true}`, `{"Int":[1]}`, `{"Int":{}}`, `{"Int":null}`,
	`{"Int64":9223372036854775808}`, `{"Uint64":18446744073709551616}`, `{"Float32":3.5e38}`, `{"Float32":1e-50}`, `{"Float64":1e400}`, `{"Float64":-1e400}`,
	`{"String":1}`, `{"String":null}`, `{"String":["a"]}`, `{"String":{"a":1}}`, `{"String":"\ud800"}`, `{"String":"\udc00\ud800\udc00x"}`, "{\"String\":\"\xff\xfe a \xc3\"}",
	`{"MyInt":3,"MyStr":"s","MyFloat":2.25}`,
	`{"Bytes":"aGVsbG8="}`, `{"Bytes":"aGVsbG8"}`, `{"Bytes":"!!"}`, `{"Bytes":[1,2,300]}`, `{"Bytes":null}`, `{"Bytes":""}`, `{"Bytes":"aGVs\nbG8="}`, `{"MyBytes":"AQID"}`, `{"ByteArr":"AQID"}`, `{"ByteArr":[1,2,3,4]}`, `{"MyByteS":"AQID"}`, `{"MyByteS":[1,2]}`,
	`{"Num":12.5e3}`, `{"Num":"12"}`, `{"Num":"x"}`, `{"Num":""}`, `{"Num":true}`, `{"NumPtr":1}`, `{"NumPtr":null}`, `{"Num":null}`,
	`{"Raw":{"a": [1, 2]},"RawPtr":[ 1 ]}`, `{"Raw":null}`, `{"RawPtr":null}`,
	`{"Any":{"a":[1,"b",null,true,{"c":1e400}]}}`, `{"Any":1e400}`, `{"AnyPtr":5}`, `{"AnyPtr":null}`,
	`{"Iface":"x"}`, `{"Iface":null}`, `{"Iface":[1]}`, `{"Iface":{}}`, `{"Iface":1}`, `{"Iface":true}`, `{"Err":{}}`,
	`{"IntPtr":5,"IntPtrPtr":6,"StrPtr":"p"}`, `{"IntPtr":null,"IntPtrPtr":null}`, `{"IntPtr":"x"}`,
	`{"Slice":[1,2,3],"SliceS":["a"],"SliceP":[1,null,3]}`, `{"Slice":[]}`, `{"Slice":null}`, `{"Slice":[1,"x",3]}`, `{"Slice":{}}`, `{"Slice":"AQ=="}`,
	`{"Array":[1]}`, `{"Array":[1,2,3]}`, `{"Array":[]}`, `{"Array":null}`, `{"Arr0":[1,2]}`,
	`{"F2":[1.5,-2e3],"F3":[1],"F2s":[[1,2],[3],[],[4,5,6],null,[-0,1E-2]]}`, `{"F2":[ 1 , 2 ] ,"F3":[ ]}`, `{"F2":null}`, `{"F2":"x"}`,
	`{"F2":[1,"x"]}`, `{"F2":[true]}`, `{"F2":{}}`, `{"F2":[1e400,0]}`, `{"F2s":[[1,2],[1e400]]}`, `{"F3":[0.1,0.2,0.3,0.4]}`, `{"F2":[[1]]}`,
	`{"F9":[1,2,3,4,5,6,7,8,9]}`, `{"F2":[1,2,3,4,5,6,7,8,9,10]}`, `{"F2":[123456789012345678901234567890,-0.000000000000000000000001]}`, `{"F2":[1,2],"F2":[3]}`,
	`{"Map":{"a":1,"b":"x","c":2}}`, `{"Map":null}`, `{"Map":[]}`, `{"Map":{}}`,
	`{"MapAny":{"a":{"b":[]}}}`, `{"MapInt":{"1":"a","-2":"b","x":"c","1.5":"d","99999999999999999999":"e"}}`, `{"MapInt8":{"127":true,"128":false,"-129":true}}`,
	`{"MapUint":{"65535":"a","65536":"b","-1":"c"}}`, `{"MapText":{"abc":1,"x\u00e9":2}}`, `{"MapText":{"bad":1}}`, `{"MapMyStr":{"k":1}}`, `{"MapBad":{"a":1}}`, `{"MapFloat":{"1":1}}`,
	`{"MapStruct":{"x":{"A":1,"b":"s","C":{"A":2,"b":3}}}}`, `{"MapSlice":{"x":[1,"a"]}}`,
	`{"Nested":{"A":"x","b":2,"C":{"C":{"A":"deep"}}}}`, `{"NestedP":{"A":1}}`, `{"NestedP":null}`, `{"Inners":[{"A":1},{"A":"x"},{"b":false}]}`,
	`{"JV":[1, 2],"JVP":{"x" : 1},"JVs":["a",null]}`, `{"JV":null,"JVP":null}`, `{"JV":"fail"}`, `{"JV":"fail2"}`, `{"JVs":[1,"fail"]}`,
	`{"TV":"hi","TVP":"p","TVm":{"k":"v"}}`, `{"TV":1}`, `{"TV":null}`, `{"TV":true}`, `{"TV":[1]}`, `{"TV":{}}`, `{"TVP":null}`, `{"TV":"fail"}`, `{"TVP":[1]}`,
	`{"VJ":1}`, `{"Time":"2020-01-02T03:04:05Z","TimeP":"2021-01-02T03:04:05Z"}`, `{"Time":"bad"}`, `{"Time":5}`, `{"Addr":"1.2.3.4"}`, `{"BigInt":123456789012345678901234567890}`, `{"Dur":5}`,
	`{"QInt":"12","QIntP":"13","QUint":"255","QFloat":"1.5","QBool":"true","QStr":"\"s\"","QStrP":"\"p\"","QMyInt":"7","QNum":"12","qf32":"2.5"}`,
	`{"QInt":12}`, `{"QInt":"x"}`, `{"QInt":""}`, `{"QInt":"1.5"}`, `{"QInt":"null"}`, `{"QInt":null}`, `{"QIntP":"null"}`, `{"QIntP":null}`, `{"QInt":"nul"}`, `{"QInt":"true"}`, `{"QInt":[1]}`, `{"QInt":{}}`, `{"QInt":true}`,
	`{"QBool":"1"}`, `{"QBool":"tru"}`, `{"QBool":"false"}`, `{"QBool":true}`, `{"QStr":"s"}`, `{"QStr":"\"\\'\""}`, `{"QStr":"\"\\x\""}`, `{"QStr":"\"a"}`, `{"QStr":"123"}`, `{"QStr":"null"}`,
	`{"QFloat":"-Inf"}`, `{"QFloat":"NaN"}`, `{"QFloat":"0x1p3"}`, `{"QFloat":"1_0"}`, `{"QFloat":1e400}`, `{"QFloat":"1e400"}`, `{"QNum":"abc"}`, `{"QNum":"\"12\""}`, `{"QJV":"x"}`, `{"QJV":5}`, `{"QAny":"1"}`, `{"QSlice":"[1]"}`, `{"QTV":"\"t\""}`, `{"QTV":"x"}`,
	`{"renamed_field":1,"RENAMED_FIELD":2}`, `{"RENAMED_FIELD":3}`, `{"Dash":1,"-":2}`, `{"unexp":1}`, `{"ÜNÏCÖDÉ":"x"}`, `{"K":1,"\u212a":2,"S":3,"s":4}`,
	`{"E1":1,"e2":"x","Embedded":{"E1":2}}`, `{"P1":1,"P2":[1]}`, `{"P1":"x"}`, `{"U1":1,"U2":"u"}`, `{"X":1}`, `{"X":"s"}`, `{"Dup":1}`,
	`{"Fn":null,"Ch":null,"Cplx":null}`, `{"Fn":1}`, `{"Ch":[]}`, `{"Cplx":{}}`, `{"Cplx":"x"}`,
	`{"int":5,"INT":6,"iNt8":7}`, `{"A":1} `, ` {"Int":1,"Int":2,"Int":"x","Int":3}`, `{"Nested":{"A":1.5,"C":{"A":[]}},"Int":"y"}`,
}

func TestUnmarshalDiffTable(t *testing.T) {
	for _, in := range diffInputs {
		diffUnmarshal(t, in, []byte(in), func() any { return new(allTypes) })
		diffUnmarshal(t, in+" any", []byte(in), func() any { return new(any) })
		diffUnmarshal(t, in+" map", []byte(in), func() any { return new(map[string]any) })
		diffUnmarshal(t, in+" ptr", []byte(in), func() any { p := new(*allTypes); return p })
	}
}

func TestUnmarshalTestTypes(t *testing.T) {
	for _, c := range testtypes.Cases {
		data := celertest.CorpusFile(t, c.File)
		diffUnmarshal(t, c.Name, data, c.New)
		// Decoding into a value that already holds the document (slices
		// are reused, maps are merged) must match too.
		got, want := c.New(), c.New()
		if err := json.Unmarshal(data, got); err != nil {
			t.Fatal(err)
		}
		json.Unmarshal(data, want)
		if err := Unmarshal(data, got); err != nil {
			t.Fatal(err)
		}
		json.Unmarshal(data, want)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: decoding into a filled value differs", c.Name)
		}
	}
}

// TestUnmarshalAllocs checks that decoding into a struct of strings and
// integers allocates only the strings it keeps.
func TestUnmarshalAllocs(t *testing.T) {
	type rec struct {
		ID    int64  `json:"id"`
		Name  string `json:"name"`
		Email string `json:"email"`
		Age   uint8  `json:"age"`
		OK    bool   `json:"ok"`
		Score float64
	}
	data := []byte(`{"id": 12345, "name": "Gopher", "email": "gopher@example.com", "age": 13, "ok": true, "Score": 9.5, "extra": [1, {"x": "y"}]}`)
	var v rec
	allocs := testing.AllocsPerRun(100, func() {
		v = rec{}
		if err := Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 1 {
		t.Errorf("Unmarshal into a struct: %v allocations, want 1 (one chunk for both strings)", allocs)
	}
	fast := ZeroCopyStrings(true) // options made once, reused per call
	zc := testing.AllocsPerRun(100, func() {
		v = rec{}
		if err := UnmarshalWith(data, &v, fast); err != nil {
			t.Fatal(err)
		}
	})
	if zc > 0 {
		t.Errorf("UnmarshalWith ZeroCopyStrings: %v allocations, want 0", zc)
	}
}

// TestUnmarshalStringChunksGrow checks that the chunks short strings are
// carved from grow, so a long document's strings take a few allocations
// (16 + 32 + 64 + 128 KiB, then 128 KiB each) rather than one per
// chunkMin bytes, and that no chunk exceeds chunkMax.
func TestUnmarshalStringChunksGrow(t *testing.T) {
	const n = 40_000 // strings of 10 bytes: 400 KB, 25 chunks of 16 KiB
	var sb strings.Builder
	sb.WriteByte('[')
	for i := range n {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `"s-%07d"`, i)
	}
	sb.WriteByte(']')
	data := []byte(sb.String())
	v := new([n]string)
	allocs := testing.AllocsPerRun(5, func() {
		if err := Unmarshal(data, v); err != nil {
			t.Fatal(err)
		}
	})
	// 16+32+64+128 KiB, then 128 KiB chunks: 6 chunks for 400 KB. (Not
	// counted under the race detector, where sync.Pool drops items at
	// random and the pooled state is made anew now and then; the layout
	// checks below still run.)
	if allocs > 6 && !encRaceEnabled {
		t.Errorf("Unmarshal of %d short strings: %v allocations, want at most 6", n, allocs)
	}
	// Runs of strings laid out back to back are the chunks: the first
	// holds at most chunkMin bytes, none more than chunkMax, and each is
	// at least as large as the one before (but the last).
	if got, want := v[n-1], fmt.Sprintf("s-%07d", n-1); got != want {
		t.Fatalf("last string %q, want %q", got, want)
	}
	var runs []int
	size := len(v[0])
	for i := 1; i < n; i++ {
		if unsafe.StringData(v[i]) == (*byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(v[i-1])), len(v[i-1]))) {
			size += len(v[i])
			continue
		}
		runs = append(runs, size)
		size = len(v[i])
	}
	runs = append(runs, size)
	if runs[0] > chunkMin {
		t.Errorf("first chunk holds %d bytes, more than chunkMin (%d)", runs[0], chunkMin)
	}
	for i, r := range runs {
		if r > chunkMax {
			t.Errorf("chunk %d holds %d bytes, more than chunkMax (%d)", i, r, chunkMax)
		}
		if i > 0 && i < len(runs)-1 && r < runs[i-1] {
			t.Errorf("chunk %d holds %d bytes, less than the one before (%d)", i, r, runs[i-1])
		}
	}
}

// TestUnmarshalStringsOwnTheirBytes checks that strings carved from the
// shared chunks (decodeState.str) survive later decodes that reuse the
// pooled decoder and changes to the input, and that strings longer than
// a chunk's limit and strings with escapes come out right.
func TestUnmarshalStringsOwnTheirBytes(t *testing.T) {
	long := strings.Repeat("L", strMax+1)
	mk := func(i int) []byte {
		return []byte(fmt.Sprintf(`{"a":"first-%d","b":["x%d","y\u00e9%d",%q],"m":{"k%d":"v%d"}}`, i, i, i, long, i, i))
	}
	type doc struct {
		A string            `json:"a"`
		B []string          `json:"b"`
		M map[string]string `json:"m"`
	}
	var kept []doc
	var anys []any
	for i := range 200 {
		data := mk(i)
		var d doc
		if err := Unmarshal(data, &d); err != nil {
			t.Fatal(err)
		}
		var a any
		if err := Unmarshal(data, &a); err != nil {
			t.Fatal(err)
		}
		for j := range data { // the input is the caller's to reuse
			data[j] = 'X'
		}
		kept = append(kept, d)
		anys = append(anys, a)
	}
	for i, d := range kept {
		var want doc
		var wantAny any
		if err := json.Unmarshal(mk(i), &want); err != nil {
			t.Fatal(err)
		}
		json.Unmarshal(mk(i), &wantAny)
		if !reflect.DeepEqual(d, want) {
			t.Errorf("value %d changed: %+v, want %+v", i, d, want)
		}
		if !reflect.DeepEqual(anys[i], wantAny) {
			t.Errorf("any value %d changed: %v, want %v", i, anys[i], wantAny)
		}
	}
}
