package bson

import (
	"bytes"
	"encoding/hex"
	"math"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

type faqExample struct {
	json string
	bson []byte
}

// faqExamples returns the example documents of the bsonspec.org FAQ: the
// document (JSON) and its BSON, written in the FAQ as C escapes and
// literal characters with comments.
func faqExamples(t testing.TB) []faqExample {
	faq := specFile(t, "bson-faq.md")
	re := regexp.MustCompile("(?s)```\n(\\{[^`]*\\})\n```\n→\n```\n(.*?)```")
	var out []faqExample
	for _, m := range re.FindAllStringSubmatch(faq, -1) {
		var b []byte
		for _, line := range strings.Split(m[2], "\n") {
			if i := strings.Index(line, "//"); i >= 0 {
				line = line[:i]
			}
			line = strings.TrimSpace(line)
			for i := 0; i < len(line); i++ {
				if strings.HasPrefix(line[i:], `\x`) {
					v, err := strconv.ParseUint(line[i+2:i+4], 16, 8)
					if err != nil {
						t.Fatalf("bad escape in %q", line)
					}
					b = append(b, byte(v))
					i += 3
					continue
				}
				b = append(b, line[i])
			}
		}
		out = append(out, faqExample{m[1], b})
	}
	if len(out) != 2 {
		t.Fatalf("found %d examples in the FAQ, want 2", len(out))
	}
	return out
}

// TestFAQExamples checks the two example documents of the bsonspec.org
// FAQ both ways: JSON to BSON gives the bytes, the bytes to JSON give the
// document, Marshal of the same Go value gives the bytes and Unmarshal
// gives it back.
func TestFAQExamples(t *testing.T) {
	for _, ex := range faqExamples(t) {
		if err := Validate(ex.bson); err != nil {
			t.Errorf("%s: FAQ bytes invalid: %v", ex.json, err)
		}
		got, err := jsonToBSON([]byte(ex.json))
		if err != nil || !bytes.Equal(got, ex.bson) {
			t.Errorf("%s -> %x (%v), want %x", ex.json, got, err, ex.bson)
		}
		js, err := bsonToJSON(ex.bson)
		if want := compactJSON(t, []byte(ex.json)); err != nil || !bytes.Equal(js, want) {
			t.Errorf("%x -> %s (%v), want %s", ex.bson, js, err, want)
		}
		var d D
		if err := Unmarshal(ex.bson, &d); err != nil {
			t.Fatal(err)
		}
		back, err := Marshal(d)
		if err != nil || !bytes.Equal(back, ex.bson) {
			t.Errorf("Marshal(%v) = %x (%v)", d, back, err)
		}
	}
	// The same documents as Go values written by hand.
	type awesome struct {
		BSON []any `json:"BSON"`
	}
	got, err := Marshal(awesome{[]any{"awesome", 5.05, int32(1986)}})
	if exs := faqExamples(t); err != nil || !bytes.Equal(got, exs[1].bson) {
		t.Errorf("Marshal(awesome) = %x, %v", got, err)
	}
	got, err = Marshal(map[string]string{"hello": "world"})
	if exs := faqExamples(t); err != nil || !bytes.Equal(got, exs[0].bson) {
		t.Errorf("Marshal(hello) = %x, %v", got, err)
	}
}

// extJSONExamples returns the canonical Extended JSON example of the
// specification and its relaxed variant's block.
func extJSONExamples(t testing.TB) (canonical, relaxed string) {
	spec := specFile(t, "extended-json.md")
	re := regexp.MustCompile("(?s)The above document is transformed into the following[^`]*```javascript\n(.*?)```")
	m := re.FindStringSubmatch(spec)
	if m == nil {
		t.Fatal("canonical example not found")
	}
	re2 := regexp.MustCompile("(?s)### Relaxed Extended JSON Example.*?```javascript\n(.*?)```")
	m2 := re2.FindStringSubmatch(spec)
	if m2 == nil {
		t.Fatal("relaxed example not found")
	}
	return m[1], m2[1]
}

// TestExtJSONSpecExample reads the canonical example of the Extended JSON
// specification, checks the BSON values against the Python document the
// specification shows, writes it back canonical (the same text) and
// relaxed (the relaxed example's values).
func TestExtJSONSpecExample(t *testing.T) {
	canon, relaxed := extJSONExamples(t)
	want := compactJSON(t, []byte(canon))
	b, err := extToBSON([]byte(canon))
	if err != nil {
		t.Fatal(err)
	}
	if err := Validate(b); err != nil {
		t.Fatal(err)
	}
	var d D
	if err := Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	got := map[string]any{}
	for _, e := range d {
		got[e.Key] = e.Value
	}
	oid := func(s string) ObjectID { id, _ := ObjectIDFromHex(s); return id }
	uuid, _ := hex.DecodeString("c8edabc3f7384ca3b68dab92a91478a3")
	dec, _ := ParseDecimal128("1234.5")
	for k, v := range map[string]any{
		"_id":               oid("57e193d7a9cc81b4027498b5"),
		"String":            "string",
		"Int32":             int32(42),
		"Int64":             int64(42),
		"Double":            42.42,
		"Decimal":           dec,
		"Binary":            Binary{Subtype: 4, Data: uuid},
		"BinaryUserDefined": Binary{Subtype: 0x80, Data: []byte("123")},
		"Code":              JavaScript("function() {}"),
		"CodeWithScope":     CodeWithScope{Code: "function() {}", Scope: D{}},
		"Subdocument":       D{{"foo", "bar"}},
		"Array":             []any{int32(1), int32(2), int32(3), int32(4), int32(5)},
		"Timestamp":         Timestamp{T: 42, I: 1},
		"RegularExpression": Regex{Pattern: "foo*", Options: "ix"},
		"DatetimeEpoch":     time.Unix(0, 0).UTC(),
		"DatetimePositive":  time.Date(9999, 12, 31, 23, 59, 59, 999e6, time.UTC),
		"DatetimeNegative":  time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC),
		"True":              true,
		"False":             false,
		"DBRef":             D{{"$ref", "collection"}, {"$id", oid("57e193d7a9cc81b4027498b1")}, {"$db", "database"}},
		"DBRefNoDB":         D{{"$ref", "collection"}, {"$id", oid("57fd71e96e32ab4225b723fb")}},
		"Minkey":            MinKey{},
		"Maxkey":            MaxKey{},
		"Null":              nil,
	} {
		g, ok := got[k]
		if tm, isTime := v.(time.Time); isTime {
			if gt, _ := g.(time.Time); !ok || !gt.Equal(tm) {
				t.Errorf("%s = %#v, want %v", k, g, tm)
			}
			continue
		}
		if !ok || !reflect.DeepEqual(g, v) {
			t.Errorf("%s = %#v, want %#v", k, g, v)
		}
	}
	if len(d) != 24 {
		t.Errorf("%d elements, want 24", len(d))
	}
	back, err := bsonToExt(b, Canonical)
	if err != nil || !bytes.Equal(back, want) {
		t.Errorf("canonical:\n got %s (%v)\nwant %s", back, err, want)
	}
	// Relaxed: the example lists the keys that differ from canonical.
	rx, err := bsonToExt(b, Relaxed)
	if err != nil {
		t.Fatal(err)
	}
	for _, kv := range []string{`"Int32":42`, `"Int64":42`, `"Double":42.42`} {
		if !bytes.Contains(rx, []byte(kv)) {
			t.Errorf("relaxed has no %s: %s", kv, rx)
		}
		if !strings.Contains(strings.ReplaceAll(relaxed, " ", ""), kv) {
			t.Errorf("the relaxed example has no %s", kv)
		}
	}
	// The example writes the epoch with ".000", which footnote 5 says
	// SHOULD be omitted for a zero fraction; both read as the same date.
	if !bytes.Contains(rx, []byte(`"DatetimeEpoch":{"$date":"1970-01-01T00:00:00Z"}`)) || !strings.Contains(relaxed, `"$date": "1970-01-01T00:00:00.000Z"`) {
		t.Errorf("relaxed epoch: %s", rx)
	}
	for _, form := range []string{`{"d":{"$date":"1970-01-01T00:00:00.000Z"}}`, `{"d":{"$date":"1970-01-01T00:00:00Z"}}`, `{"d":{"$date":{"$numberLong":"0"}}}`} {
		b, err := extToBSON([]byte(form))
		if err != nil || hex.EncodeToString(b) != "10000000"+"0964"+"00"+"0000000000000000"+"00" {
			t.Errorf("%s -> %x, %v", form, b, err)
		}
	}
	// Relaxed text reads back to the same BSON, but for int64 values in
	// the int32 range, which relaxed form does not tell from int32.
	rb, err := extToBSON(rx)
	if err != nil {
		t.Fatal(err)
	}
	var rd D
	if err := Unmarshal(rb, &rd); err != nil {
		t.Fatal(err)
	}
	for i := range d {
		if d[i].Key == "Int64" {
			if rd[i].Value != int32(42) {
				t.Errorf("relaxed Int64 reads back as %#v", rd[i].Value)
			}
			continue
		}
		if !reflect.DeepEqual(rd[i], d[i]) && !(d[i].Key[:4] == "Date" && rd[i].Value.(time.Time).Equal(d[i].Value.(time.Time))) {
			t.Errorf("relaxed round trip of %s: %#v, want %#v", d[i].Key, rd[i], d[i])
		}
	}
}

// TestConversionTable checks each row of the conversion table of the
// Extended JSON specification for a one-element document {"x": value}:
// the BSON element (written here by hand from the BSON 1.1 grammar), its
// canonical and relaxed forms, both ways.
func TestConversionTable(t *testing.T) {
	for _, tc := range []struct {
		name       string
		elem       string // element type, "x\0", value
		canonical  string
		relaxed    string // "" when the same
		extraForms []string
	}{
		{"ObjectId", "07 7800 57e193d7a9cc81b4027498b5", `{"$oid":"57e193d7a9cc81b4027498b5"}`, "", []string{`{"$oid":"57E193D7A9CC81B4027498B5"}`}},
		{"Symbol", "0e 7800 02000000 61 00", `{"$symbol":"a"}`, "", nil},
		{"String", "02 7800 03000000 c3a9 00", `"é"`, "", nil},
		{"Int32", "10 7800 d6ffffff", `{"$numberInt":"-42"}`, `-42`, nil},
		{"Int32 max", "10 7800 ffffff7f", `{"$numberInt":"2147483647"}`, `2147483647`, nil},
		{"Int64", "12 7800 0000008000000000", `{"$numberLong":"2147483648"}`, `2147483648`, nil},
		{"Int64 small", "12 7800 0100000000000000", `{"$numberLong":"1"}`, `1`, nil},
		{"Double", "01 7800 000000000000f83f", `{"$numberDouble":"1.5"}`, `1.5`, []string{`{"$numberDouble":"15e-1"}`}},
		{"Double integral", "01 7800 000000000000f03f", `{"$numberDouble":"1.0"}`, `1.0`, []string{`{"$numberDouble":"1"}`}},
		{"Double -0", "01 7800 0000000000000080", `{"$numberDouble":"-0.0"}`, `-0.0`, nil},
		{"Double big", "01 7800 000000000000f07f", `{"$numberDouble":"Infinity"}`, "", nil},
		{"Double -inf", "01 7800 000000000000f0ff", `{"$numberDouble":"-Infinity"}`, "", nil},
		{"Double NaN", "01 7800 000000000000f87f", `{"$numberDouble":"NaN"}`, "", nil},
		{"Decimal128", "13 7800 01000000000000000000000000004030", `{"$numberDecimal":"1"}`, "", []string{`{"$numberDecimal":"1E0"}`}},
		{"Decimal128 2.00", "13 7800 c8000000000000000000000000003c30", `{"$numberDecimal":"2.00"}`, "", nil},
		{"Decimal128 NaN", "13 7800 0000000000000000000000000000007c", `{"$numberDecimal":"NaN"}`, "", nil},
		{"Decimal128 -Inf", "13 7800 000000000000000000000000000000f8", `{"$numberDecimal":"-Infinity"}`, "", nil},
		{"Binary", "05 7800 03000000 80 313233", `{"$binary":{"base64":"MTIz","subType":"80"}}`, "", []string{`{"$binary":{"subType":"80","base64":"MTIz"}}`}},
		{"Binary generic", "05 7800 02000000 00 ffff", `{"$binary":{"base64":"//8=","subType":"00"}}`, "", []string{`{"$binary":{"base64":"//8=","subType":"0"}}`}},
		{"Binary old", "05 7800 06000000 02 02000000 ffff", `{"$binary":{"base64":"//8=","subType":"02"}}`, "", nil},
		{"UUID", "05 7800 10000000 04 c8edabc3f7384ca3b68dab92a91478a3", `{"$binary":{"base64":"yO2rw/c4TKO2jauSqRR4ow==","subType":"04"}}`, "", []string{`{"$uuid":"c8edabc3-f738-4ca3-b68d-ab92a91478a3"}`}},
		{"Code", "0d 7800 02000000 61 00", `{"$code":"a"}`, "", nil},
		{"CodeWScope", "0f 7800 21000000 02000000 61 00 17000000 10 7900 01000000 12 7a00 0000000001000000 00 ",
			`{"$code":"a","$scope":{"y":{"$numberInt":"1"},"z":{"$numberLong":"4294967296"}}}`, `{"$code":"a","$scope":{"y":1,"z":4294967296}}`,
			[]string{`{"$scope":{"y":{"$numberInt":"1"},"z":{"$numberLong":"4294967296"}},"$code":"a"}`}},
		{"Document", "03 7800 0c000000 10 7900 01000000 00", `{"y":{"$numberInt":"1"}}`, `{"y":1}`, nil},
		{"Document with $ keys", "03 7800 0c000000 10 2400 01000000 00", `{"$":{"$numberInt":"1"}}`, `{"$":1}`, nil},
		{"Timestamp", "11 7800 02000000 01000000", `{"$timestamp":{"t":1,"i":2}}`, "", []string{`{"$timestamp":{"i":2,"t":1}}`}},
		{"Timestamp max", "11 7800 ffffffff ffffffff", `{"$timestamp":{"t":4294967295,"i":4294967295}}`, "", nil},
		{"Regular Expression", "0b 7800 61 00 696d00", `{"$regularExpression":{"pattern":"a","options":"im"}}`, "", []string{`{"$regularExpression":{"options":"mi","pattern":"a"}}`}},
		{"DBPointer", "0c 7800 02000000 62 00 57e193d7a9cc81b4027498b5", `{"$dbPointer":{"$ref":"b","$id":{"$oid":"57e193d7a9cc81b4027498b5"}}}`, "", nil},
		{"Datetime", "09 7800 0100000000000000", `{"$date":{"$numberLong":"1"}}`, `{"$date":"1970-01-01T00:00:00.001Z"}`, nil},
		{"Datetime 9999", "09 7800 00dc1fd277e60000", `{"$date":{"$numberLong":"253402300800000"}}`, "", nil},
		{"Datetime before 1970", "09 7800 ffffffffffffffff", `{"$date":{"$numberLong":"-1"}}`, "", nil},
		{"Datetime offset", "09 7800 80ee360000000000", `{"$date":{"$numberLong":"3600000"}}`, `{"$date":"1970-01-01T01:00:00Z"}`, []string{`{"$date":"1970-01-01T02:00:00+01:00"}`}},
		{"DBRef", "03 7800 1a000000 02 2472656600 02000000 62 00 10 2469640001000000 00", `{"$ref":"b","$id":{"$numberInt":"1"}}`, `{"$ref":"b","$id":1}`, nil},
		{"MinKey", "ff 7800", `{"$minKey":1}`, "", nil},
		{"MaxKey", "7f 7800", `{"$maxKey":1}`, "", nil},
		{"Undefined", "06 7800", `{"$undefined":true}`, "", nil},
		{"Array", "04 7800 13000000 10 3000 01000000 08 3100 01 0a 3200 00", `[{"$numberInt":"1"},true,null]`, `[1,true,null]`, nil},
		{"Boolean", "08 7800 00", `false`, "", nil},
		{"Null", "0a 7800", `null`, "", nil},
	} {
		elem := mustHex(t, tc.elem)
		doc := append(le32(len(elem)+5), elem...)
		doc = append(doc, 0)
		if err := Validate(doc); err != nil {
			t.Errorf("%s: %x: %v", tc.name, doc, err)
			continue
		}
		relaxed := tc.relaxed
		if relaxed == "" {
			relaxed = tc.canonical
		}
		for _, m := range []struct {
			mode Mode
			want string
		}{{Canonical, tc.canonical}, {Relaxed, relaxed}} {
			want := `{"x":` + m.want + `}`
			got, err := bsonToExt(doc, m.mode)
			if err != nil || string(got) != want {
				t.Errorf("%s, mode %d: %s (%v), want %s", tc.name, m.mode, got, err, want)
			}
		}
		for _, form := range append([]string{tc.canonical, tc.relaxed}, tc.extraForms...) {
			if form == "" || strings.HasPrefix(tc.name, "Int64") && form == tc.relaxed {
				continue // relaxed int64 in the int32 range reads as int32
			}
			b, err := extToBSON([]byte(`{"x":` + form + `}`))
			if err != nil || !bytes.Equal(b, doc) {
				t.Errorf("%s: %s -> %x (%v), want %x", tc.name, form, b, err, doc)
			}
		}
	}
}

func le32(n int) []byte { return []byte{byte(n), byte(n >> 8), byte(n >> 16), byte(n >> 24)} }

// TestExtJSONParseErrors: wrappers with missing or extra keys or values
// of the wrong type are errors (the parser rules of the specification);
// $-keys that are no wrapper are plain keys.
func TestExtJSONParseErrors(t *testing.T) {
	for _, in := range []string{
		`{"x":{"$oid":"57e193d7a9cc81b4027498b"}}`,
		`{"x":{"$oid":"57e193d7a9cc81b4027498bz"}}`,
		`{"x":{"$oid":1}}`,
		`{"x":{"$oid":"57e193d7a9cc81b4027498b5","y":1}}`,
		`{"x":{"y":1,"$oid":"57e193d7a9cc81b4027498b5"}}`,
		`{"x":{"$numberInt":1}}`,
		`{"x":{"$numberInt":"2147483648"}}`,
		`{"x":{"$numberInt":"1.0"}}`,
		`{"x":{"$numberInt":""}}`,
		`{"x":{"$numberInt":"+1"}}`,
		`{"x":{"$numberLong":"9223372036854775808"}}`,
		`{"x":{"$numberDouble":"1e400"}}`,
		`{"x":{"$numberDouble":"inf"}}`,
		`{"x":{"$numberDouble":1.5}}`,
		`{"x":{"$numberDecimal":"1.2.3"}}`,
		`{"x":{"$numberDecimal":"12345678901234567890123456789012345"}}`,
		`{"x":{"$binary":"AQ==","$type":"00"}}`,
		`{"x":{"$binary":{"base64":"AQ==","subType":"100"}}}`,
		`{"x":{"$binary":{"base64":"AQ=","subType":"00"}}}`,
		`{"x":{"$binary":{"base64":"AQ=="}}}`,
		`{"x":{"$binary":{"base64":"AQ==","subType":"00","x":1}}}`,
		`{"x":{"$code":1}}`,
		`{"x":{"$scope":{}}}`,
		`{"x":{"$code":"a","$scope":1}}`,
		`{"x":{"$code":"a","$scope":{"$oid":1}}}`,
		`{"x":{"$timestamp":{"t":-1,"i":0}}}`,
		`{"x":{"$timestamp":{"t":4294967296,"i":0}}}`,
		`{"x":{"$timestamp":{"t":1}}}`,
		`{"x":{"$regularExpression":{"pattern":"a\u0000","options":""}}}`,
		`{"x":{"$regularExpression":{"pattern":"a","options":"ii"}}}`,
		`{"x":{"$regularExpression":{"pattern":1,"options":""}}}`,
		`{"x":{"$dbPointer":{"$ref":"a","$id":"57e193d7a9cc81b4027498b5"}}}`,
		`{"x":{"$date":1}}`,
		`{"x":{"$date":"1970-01-01"}}`,
		`{"x":{"$date":"1970-01-01T00:00:00.0001Z"}}`,
		`{"x":{"$date":{"$numberLong":"1","x":1}}}`,
		`{"x":{"$minKey":0}}`,
		`{"x":{"$maxKey":"1"}}`,
		`{"x":{"$undefined":false}}`,
		`{"x":{"$uuid":"c8edabc3-f738-4ca3-b68d-ab92a91478a"}}`,
		`{"x":{"$uuid":"c8edabc3-f738-4ca3-b68dxab92a91478a3"}}`,
		`{"x":{"$numberInt":"1","$numberLong":"1"}}`,
		`{"x":1e400}`,
		`{"a\u0000b":1}`,
	} {
		_, err := extToBSON([]byte(in))
		var se *SyntaxError
		if err == nil || !strings.Contains(in, `\u0000b`) && !errorsAs(err, &se) {
			t.Errorf("%s: %v", in, err)
		}
	}
	// Not wrappers: left as documents.
	for _, in := range []string{
		`{"x":{"$regex":"a","$options":"i"}}`,
		`{"x":{"$type":"string"}}`,
		`{"x":{"$ref":"a"}}`,
		`{"$oid":"57e193d7a9cc81b4027498b5","a":1}`, // the top-level object is a document
		`{"x":{"$oi":"a"}}`,
	} {
		b, err := extToBSON([]byte(in))
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		back, err := bsonToExt(b, Relaxed)
		if err != nil || !bytes.Equal(back, compactJSON(t, []byte(in))) {
			t.Errorf("%s -> %s (%v)", in, back, err)
		}
	}
	// JSON numbers: integers by size, others the nearest double.
	for _, tc := range []struct{ in, hex string }{
		{`{"x":1}`, "10 7800 01000000"},
		{`{"x":-0}`, "10 7800 00000000"},
		{`{"x":4294967296}`, "12 7800 0000000001000000"},
		{`{"x":9223372036854775808}`, "01 7800 000000000000e043"},
		{`{"x":0.10000000000000000001}`, "01 7800 9a9999999999b93f"},
		{`{"x":1e2}`, "01 7800 0000000000005940"},
	} {
		elem := mustHex(t, tc.hex)
		want := append(append(le32(len(elem)+5), elem...), 0)
		b, err := extToBSON([]byte(tc.in))
		if err != nil || !bytes.Equal(b, want) {
			t.Errorf("%s -> %x (%v), want %x", tc.in, b, err, want)
		}
	}
	if math.Signbit(0) {
		t.Fatal("unreachable")
	}
}
