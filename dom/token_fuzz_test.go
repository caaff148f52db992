package dom_test

import (
	"bytes"
	"testing"

	"github.com/celerjson/celer/cbor"
	"github.com/celerjson/celer/dom"
	"github.com/celerjson/celer/msgpack"
	"github.com/celerjson/celer/token"
)

// FuzzTokens feeds the input to three routes, none of which may panic:
//   - as JSON: a Doc that parses writes, to CBOR and UBJSON, the bytes of
//     the token route, and reads back to the same JSON (numbers by value);
//   - as CBOR and as MessagePack: a Doc read from it has the JSON a
//     token.JSONWriter writes from the same bytes, and writes back to the
//     format without error.
func FuzzTokens(f *testing.F) {
	for _, s := range []string{
		`{"a":[1,-2,3.5,1e3,-0,18446744073709551616],"b":"\u00e9\n","c":{}}`,
		`[[[]],{"":null},true,false,"x"]`,
		`0.10000000000000000001`,
		"\x83\x01\x82\x02\x03\x82\x04\x05",
		"\xc4\x82\x21\x19\x6a\xb3",
		"\xbf\x61\x61\x9f\x01\xff\xff",
		"\xd6\xff\x51\x4b\x67\xb0",
		"\x92\xc4\x01\x00\xcb\x3f\xf8\x00\x00\x00\x00\x00\x00",
	} {
		f.Add([]byte(s))
	}
	formats := []binFormat{binFormats[0], binFormats[2]} // cbor, ubjson: exact numbers
	f.Fuzz(func(t *testing.T, data []byte) {
		if doc, err := dom.Parse(data); err == nil {
			for _, bf := range formats {
				var buf bytes.Buffer
				if err := doc.Root().WriteTokens(bf.writer(&buf, bf.opts...)); err != nil {
					if _, err2 := viaTokens(bf, data); err2 == nil {
						t.Fatalf("%s: Doc fails (%v), the token route does not", bf.name, err)
					}
					continue
				}
				if want, err := viaTokens(bf, data); err != nil || !bytes.Equal(buf.Bytes(), want) {
					t.Fatalf("%s: Doc wrote % x, the token route % x (%v)", bf.name, buf.Bytes(), want, err)
				}
				back, err := dom.ReadDoc(bf.reader(buf.Bytes()))
				if err != nil {
					t.Fatalf("%s: read back: %v", bf.name, err)
				}
				sameJSON(t, bf.name, data, back.Root().AppendJSON(nil), true)
			}
		}
		for _, bf := range []binFormat{binFormats[0], binFormats[1]} {
			doc, err := dom.ReadDoc(bf.reader(data))
			if err != nil {
				continue
			}
			got := doc.Root().AppendJSON(nil)
			var one bytes.Buffer
			if err := dom.FromValue(doc.Root()).WriteTokens(bf.writer(&one)); err != nil {
				// A value read from the format may not go back without
				// options (a decimal fraction's number no float holds).
				if err2 := doc.Root().WriteTokens(bf.writer(&one, cbor.InexactAsString(true), msgpack.InexactAsString(true))); err2 != nil {
					t.Fatalf("%s: %s does not write back: %v", bf.name, got, err2)
				}
			}
			if want, err := firstJSON(bf, data); err != nil || !bytes.Equal(got, want) {
				t.Fatalf("%s: ReadDoc gave %s, the JSON writer %s (%v)", bf.name, got, want, err)
			}
		}
	})
}

// firstJSON returns the JSON writer's text of the first value of format
// bf's input (what ReadDoc reads), without the newline.
func firstJSON(bf binFormat, data []byte) ([]byte, error) {
	var buf bytes.Buffer
	w := token.NewJSONWriter(&buf)
	if _, err := token.CopyValue(w, bf.reader(data)); err != nil {
		return nil, err
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
