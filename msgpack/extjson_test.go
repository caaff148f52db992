package msgpack

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/celerjson/celer/token"
)

func wrappedJSON(t *testing.T, mp []byte) string {
	t.Helper()
	var out bytes.Buffer
	if _, err := token.Copy(WrapWriter(token.NewJSONWriter(&out)), NewReaderBytes(mp)); err != nil {
		t.Fatalf("%x to JSON: %v", mp, err)
	}
	return out.String()
}

func unwrappedMsgpack(t *testing.T, js string) []byte {
	t.Helper()
	var out bytes.Buffer
	if _, err := token.Copy(NewWriter(&out), UnwrapReader(token.NewJSONReaderBytes([]byte(js)))); err != nil {
		t.Fatalf("%s to MessagePack: %v", js, err)
	}
	return out.Bytes()
}

// TestExtJSON: extensions become the ExtKey objects in JSON and come back
// as the same bytes; timestamps keep their date form; data of every size
// class and the extreme types.
func TestExtJSON(t *testing.T) {
	big := bytes.Repeat([]byte{0xab}, 300)
	for _, tc := range []struct{ hex, json string }{
		{"81 a161 d40501", `{"a":{"$msgpackExt":{"type":5,"data":"AQ=="}}}` + "\n"},
		{"92 c7007f c70380010203", `[{"$msgpackExt":{"type":127,"data":""}},{"$msgpackExt":{"type":-128,"data":"AQID"}}]` + "\n"},
		{"d8 02 00112233445566778899aabbccddeeff", `{"$msgpackExt":{"type":2,"data":"ABEiM0RVZneImaq7zN3u/w=="}}` + "\n"},
		{"c8 012c 09" + strings.Repeat("ab", 300), `{"$msgpackExt":{"type":9,"data":"` + base64.StdEncoding.EncodeToString(big) + `"}}` + "\n"},
	} {
		mp := mustHex(t, tc.hex)
		if got := wrappedJSON(t, mp); got != tc.json {
			t.Errorf("%s: JSON %s, want %s", tc.hex, got, tc.json)
		}
		if back := unwrappedMsgpack(t, tc.json); !bytes.Equal(back, mp) {
			t.Errorf("%s: back as %x", tc.hex, back)
		}
	}
	// A timestamp keeps its date form: a string in JSON (which reads back
	// as a str, as before).
	if got := wrappedJSON(t, mustHex(t, "d6ff514b67b0")); got != `"2013-03-21T20:04:00Z"`+"\n" {
		t.Errorf("timestamp: %s", got)
	}
	// The members in the other order.
	if back := unwrappedMsgpack(t, `{"$msgpackExt":{"data":"AQ==","type":5}}`); !bytes.Equal(back, mustHex(t, "d40501")) {
		t.Errorf("data before type: %x", back)
	}
}

// TestExtJSONNearMisses: objects that are not exactly the convention's
// form pass through UnwrapReader unchanged.
func TestExtJSONNearMisses(t *testing.T) {
	for _, js := range []string{
		`{"$msgpackExt":1}`,
		`{"$msgpackExt":{}}`,
		`{"$msgpackExt":{"type":5}}`,
		`{"$msgpackExt":{"type":5,"data":"AQ==","x":1}}`,
		`{"$msgpackExt":{"type":5,"type":6}}`,
		`{"$msgpackExt":{"data":"AQ==","data":"AQ=="}}`,
		`{"$msgpackExt":{"type":128,"data":"AQ=="}}`,
		`{"$msgpackExt":{"type":-1,"data":"AQ=="}}`,
		`{"$msgpackExt":{"type":5.0,"data":"AQ=="}}`,
		`{"$msgpackExt":{"type":"5","data":"AQ=="}}`,
		`{"$msgpackExt":{"type":5,"data":"AQ"}}`,
		`{"$msgpackExt":{"type":5,"data":"AQ=\n="}}`,
		`{"$msgpackExt":{"type":5,"data":"AR=="}}`,
		`{"$msgpackExt":{"type":5,"data":1}}`,
		`{"$msgpackExt":{"type":5,"data":"AQ=="},"y":2}`,
		`{"x":1,"$msgpackExt":{"type":5,"data":"AQ=="}}`,
		`{"$msgpackExt ":{"type":5,"data":"AQ=="}}`,
		`[{"$msgpackExt":{"type":5,"data":"AQ=="},"y":[{"a":"b"}]},{}]`,
	} {
		var out bytes.Buffer
		if _, err := token.Copy(token.NewJSONWriter(&out), UnwrapReader(token.NewJSONReaderBytes([]byte(js)))); err != nil {
			t.Errorf("%s: %v", js, err)
			continue
		}
		if got := strings.TrimSuffix(out.String(), "\n"); got != js {
			t.Errorf("%s: read as %s", js, got)
		}
	}
}

// FuzzExtJSON: for any JSON text, reading it through UnwrapReader and
// writing through WrapWriter gives JSON of the same value (objects of the
// convention come back in its form, every other token as it was), and
// the extensions taken, written as MessagePack and read back, are the
// same tokens.
func FuzzExtJSON(f *testing.F) {
	for _, s := range []string{`{"$msgpackExt":{"type":5,"data":"AQ=="}}`, `{"$msgpackExt":{"data":"","type":-128}}`,
		`[{"$msgpackExt":{"type":5,"data":"AQ=="},"y":2},{"$msgpackExt":{"type":5}}]`, `{"a":[1,2,{"$msgpackExt":1}]}`, `1E700`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var plain, round bytes.Buffer
		if _, err := token.Copy(token.NewJSONWriter(&plain), token.NewJSONReaderBytes(in)); err != nil {
			return
		}
		if _, err := token.Copy(WrapWriter(token.NewJSONWriter(&round)), UnwrapReader(token.NewJSONReaderBytes(in))); err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		var a, b []any
		da, db := json.NewDecoder(&plain), json.NewDecoder(&round)
		for {
			var x, y any
			ea, eb := da.Decode(&x), db.Decode(&y)
			if ea != nil || eb != nil {
				// (Errors other than io.EOF are new values: compare
				// their text.)
				if (ea == nil) != (eb == nil) || ea.Error() != eb.Error() {
					t.Fatalf("%q: %v / %v", in, ea, eb)
				}
				break
			}
			a, b = append(a, x), append(b, y)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%q: %v, through the wrappers %v", in, a, b)
		}
		var mp bytes.Buffer
		if _, err := token.Copy(NewWriter(&mp, InexactAsFloat(true)), UnwrapReader(token.NewJSONReaderBytes(in))); err != nil {
			return // a number beyond the double range
		}
		var back bytes.Buffer
		if _, err := token.Copy(WrapWriter(token.NewJSONWriter(&back)), NewReaderBytes(mp.Bytes())); err != nil {
			t.Fatalf("%q: MessagePack %x to JSON: %v", in, mp.Bytes(), err)
		}
	})
}
