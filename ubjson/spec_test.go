package ubjson

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/celerjson/celer/stream"
	"github.com/celerjson/celer/token"
)

// specBlocks returns the code blocks of the specification, in order.
func specBlocks(t *testing.T) []string {
	var out []string
	for _, m := range regexp.MustCompile("(?s)```\\w*\n(.*?)```").FindAllStringSubmatch(specText(t), -1) {
		out = append(out, m[1])
	}
	if len(out) != 30 {
		t.Fatalf("found %d code blocks in the specification, want 30", len(out))
	}
	return out
}

// blockItems splits block notation ("[i][5][login]", one marker or value
// per bracket pair; "[[]" and "[]]" are the array markers) into its
// items, dropping "//" comments.
func blockItems(s string) []string {
	var items []string
	for _, line := range strings.Split(s, "\n") {
		if c := strings.Index(line, " //"); c >= 0 { // not the // of a URL
			line = line[:c]
		}
		for i := 0; i < len(line); {
			switch {
			case strings.HasPrefix(line[i:], "[[]"):
				items, i = append(items, "["), i+3
			case strings.HasPrefix(line[i:], "[]]"):
				items, i = append(items, "]"), i+3
			case line[i] == '[':
				j := strings.IndexByte(line[i+1:], ']')
				if j < 0 {
					i = len(line)
					break
				}
				items, i = append(items, line[i+1:i+1+j]), i+j+2
			default:
				i++
			}
		}
	}
	return items
}

// blockCompiler turns block notation into UBJSON bytes, following the
// grammar of the specification: a marker, then its payload items (the
// number for numeric types, a length marker, length and text for strings,
// high-precision numbers and object keys), containers with their optional
// type and count. A text item containing "..." is a placeholder: it
// stands for as many bytes (or values) as the length (or count) says.
type blockCompiler struct {
	items []string
	k     int
	err   error
}

func (c *blockCompiler) next() string {
	if c.k >= len(c.items) {
		c.fail("block notation ends early")
		return "Z"
	}
	c.k++
	return c.items[c.k-1]
}

func (c *blockCompiler) peek() string {
	if c.k >= len(c.items) {
		return ""
	}
	return c.items[c.k]
}

func (c *blockCompiler) fail(msg string) {
	if c.err == nil {
		c.err = errors.New(msg + " at item " + strconv.Itoa(c.k))
	}
}

func compileBlocks(s string) ([]byte, error) {
	c := &blockCompiler{items: blockItems(s)}
	var out []byte
	for c.k < len(c.items) && c.err == nil {
		out = c.value(out, 0)
	}
	return out, c.err
}

// integer appends the payload of integer item s as marker m, checking
// that m holds it.
func (c *blockCompiler) integer(dst []byte, m byte, s string) []byte {
	n, err := strconv.ParseInt(strings.ReplaceAll(s, ",", ""), 10, 64)
	if err != nil {
		c.fail("bad integer " + strconv.Quote(s))
		return dst
	}
	lo, hi := map[byte][2]int64{mInt8: {-128, 127}, mUint8: {0, 255}, mInt16: {-32768, 32767}, mInt32: {math.MinInt32, math.MaxInt32}, mInt64: {math.MinInt64, math.MaxInt64}}[m][0],
		map[byte][2]int64{mInt8: {-128, 127}, mUint8: {0, 255}, mInt16: {-32768, 32767}, mInt32: {math.MinInt32, math.MaxInt32}, mInt64: {math.MinInt64, math.MaxInt64}}[m][1]
	if n < lo || n > hi {
		c.fail(s + " does not fit " + string(m))
	}
	return appendIntAs(dst, m, n)
}

// text appends a length (marker and value items) and the text item.
func (c *blockCompiler) text(dst []byte) []byte {
	lm := c.next()[0]
	ls := c.next()
	n, _ := strconv.Atoi(ls)
	dst = c.integer(append(dst, lm), lm, ls)
	s := c.next()
	if len(s) != n && strings.Contains(s, "...") {
		return append(dst, bytes.Repeat([]byte{'x'}, n)...)
	}
	if len(s) != n {
		c.fail("text " + strconv.Quote(s) + " is not " + ls + " bytes")
	}
	return append(dst, s...)
}

func (c *blockCompiler) value(dst []byte, typ byte) []byte {
	m := typ
	if m == 0 {
		s := c.next()
		if len(s) != 1 {
			c.fail("marker expected, found " + strconv.Quote(s))
			return dst
		}
		m = s[0]
		dst = append(dst, m)
	}
	switch m {
	case mNull, mTrue, mFalse, mNoop:
		return dst
	case mInt8, mUint8, mInt16, mInt32, mInt64:
		return c.integer(dst, m, c.next())
	case mFloat32, mFloat64:
		f, err := strconv.ParseFloat(c.next(), 64)
		if err != nil {
			c.fail("bad float")
		}
		if m == mFloat32 {
			return binary.BigEndian.AppendUint32(dst, math.Float32bits(float32(f)))
		}
		return binary.BigEndian.AppendUint64(dst, math.Float64bits(f))
	case mChar:
		return append(dst, c.next()...)
	case mString, mHigh:
		return c.text(dst)
	case mArray, mObject:
		var et byte
		count := -1
		if c.peek() == "$" {
			c.next()
			et = c.next()[0]
			dst = append(dst, mType, et)
		}
		if c.peek() == "#" {
			c.next()
			cm := c.next()[0]
			cs := c.next()
			count, _ = strconv.Atoi(cs)
			dst = c.integer(append(dst, mCount, cm), cm, cs)
		}
		end := "]"
		if m == mObject {
			end = "}"
		}
		if m == mArray && et != 0 && sizes[et] == 0 {
			return dst // null or boolean typed array: the header says all
		}
		for n := 0; count < 0 || n < count; n++ {
			if count < 0 && c.peek() == end {
				c.next()
				return append(dst, end[0])
			}
			if strings.Contains(c.peek(), "...") && m == mArray && et != 0 {
				c.next() // placeholder for the remaining values: zeros
				return append(dst, make([]byte, (count-n)*int(sizes[et]))...)
			}
			if c.err != nil || c.k >= len(c.items) {
				c.fail("container ends early")
				return dst
			}
			if m == mObject {
				dst = c.text(dst)
			}
			if m == mObject && sizes[et] == 0 && et != 0 {
				continue // null or boolean typed object: names only
			}
			dst = c.value(dst, et)
		}
		return dst
	}
	c.fail("unknown marker " + string(m))
	return dst
}

// compareToJSON compares the tokens read from data with the JSON text:
// strings, literals and integers exactly, floats of width 32 after
// rounding the JSON number to float32, other numbers by value.
func compareToJSON(t *testing.T, name string, data []byte, js string) {
	t.Helper()
	toks, err := readTokens(data)
	if err != nil {
		t.Errorf("%s: reading %x: %v", name, data, err)
		return
	}
	d := stream.NewDecoderBytes([]byte(js))
	for i, tk := range toks {
		jt, err := d.ReadToken()
		if err != nil {
			t.Errorf("%s: JSON ends at token %d (%v)", name, i, err)
			return
		}
		ok := true
		switch tk.Kind() {
		case token.KindNull:
			ok = jt.Kind() == stream.KindNull
		case token.KindBool:
			ok = jt.Kind() == stream.KindTrue && tk.Bool() || jt.Kind() == stream.KindFalse && !tk.Bool()
		case token.KindString:
			ok = jt.Kind() == stream.KindString && jt.String() == string(tk.Data())
		case token.KindInt:
			ok = jt.Kind() == stream.KindNumber && string(jt.Raw()) == strconv.FormatInt(tk.Int(), 10)
		case token.KindFloat:
			f, err := strconv.ParseFloat(string(jt.Raw()), 64)
			if tk.FloatBits() == 32 {
				f = float64(float32(f))
			}
			ok = err == nil && f == tk.Float()
		case token.KindBeginArray:
			ok = jt.Kind() == stream.KindBeginArray
		case token.KindEndArray:
			ok = jt.Kind() == stream.KindEndArray
		case token.KindBeginObject:
			ok = jt.Kind() == stream.KindBeginObject
		case token.KindEndObject:
			ok = jt.Kind() == stream.KindEndObject
		default:
			ok = false
		}
		if !ok {
			t.Errorf("%s: token %d: %v, JSON has %s", name, i, tk, jt.Raw())
			return
		}
	}
	if _, err := d.ReadToken(); err == nil {
		t.Errorf("%s: JSON has more tokens", name)
	}
}

// TestSpecExamples checks the examples of the specification: every block
// notation example is compiled to bytes (by the grammar of the
// specification, independently of the package), read back, and compared
// with the JSON it illustrates; where the specification shows what a
// writer using the smallest types writes, the Writer's output for the
// JSON is those bytes exactly. The known slips of the examples (listed in
// the rendering's preamble) are fixed here, each one checked to be a slip.
func TestSpecExamples(t *testing.T) {
	b := specBlocks(t)
	compile := func(name, s string) []byte {
		t.Helper()
		out, err := compileBlocks(s)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return out
	}
	fix := func(name, s, old, new string) string {
		t.Helper()
		if !strings.Contains(s, old) {
			t.Fatalf("%s: slip %q not found", name, old)
		}
		return strings.Replace(s, old, new, 1)
	}
	// JSON examples and their block notation, which a writer using the
	// smallest types produces.
	// "rkalla" is 6 bytes, not 5 (in the object and string examples).
	b[19] = fix("object", b[19], "[i][5][rkalla]", "[i][6][rkalla]")
	b[15] = fix("string", b[15], "[i][5][rkalla]", "[i][6][rkalla]")
	for _, p := range [][2]int{{1, 2}, {3, 4}, {8, 9}, {18, 19}} {
		name := "example " + strconv.Itoa(p[1])
		data := compile(name, b[p[1]])
		compareToJSON(t, name, data, b[p[0]])
		got, err := jsonToUBJSON([]byte(b[p[0]]))
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("%s: wrote %q (%v), want %q", name, got, err, data)
		}
	}
	// The numeric types example: a list of members (wrapped here in an
	// object), with the slip "[I]32767]"; its "huge" members are strings
	// in the JSON but high-precision numbers in UBJSON, one of them not a
	// JSON number, one a placeholder.
	num := fix("numeric", b[11], "[I]32767]", "[I][32767]")
	lines := strings.Split(strings.TrimSpace(num), "\n")
	if len(lines) != 10 {
		t.Fatalf("numeric example: %d lines", len(lines))
	}
	data := compile("numeric", "[{]"+strings.Join(lines[:8], "\n")+"[}]")
	js := regexp.MustCompile(`(?s)"huge1".*\}`).ReplaceAllString(b[10], `"huge1": 3.14159265358979323846}`)
	toks, err := readTokens(data)
	if err != nil || len(toks) != 18 || toks[16].Kind() != token.KindNumber || string(toks[16].Data()) != "3.14159265358979323846" {
		t.Errorf("numeric example: %s (%v)", describeTokens(toks), err)
	}
	want, _ := canonicalJSON([]byte(js))
	back, err := ubjsonToJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	// float32 3.14 comes back as the float32's value.
	want = bytes.Replace(want, []byte("3.14,"), []byte(strconv.FormatFloat(float64(float32(3.14)), 'g', -1, 64)+","), 1)
	if string(bytes.TrimSpace(back)) != string(want) {
		t.Errorf("numeric example:\n got %s\nwant %s", back, want)
	}
	bad := compile("huge2", "[{]"+lines[8]+"[}]")
	if err := Validate(bad); !errors.Is(err, ErrSyntax) {
		t.Errorf("huge2 (%q) is not a JSON number: %v", lines[8], err)
	}
	placeholder := compile("huge3", "[{]"+lines[9]+"[}]")
	if err := Validate(placeholder); !errors.Is(err, ErrSyntax) {
		t.Errorf("huge3 (200 'x' for the placeholder): %v", err)
	}
	// Char: an object written with array markers; JSON with a trailing
	// comma.
	char := compile("char", fix("char", fix("char", b[13], "[[]", "[{]"), "[]]", "[}]"))
	compareToJSON(t, "char", char, strings.Replace(b[12], `";",`, `";"`, 1))
	if got, _ := jsonToUBJSON([]byte(`{"rolecode":"a","delim":";"}`)); !bytes.Equal(got, char) {
		t.Errorf("char: wrote %q, want %q", got, char)
	}
	// String: the same slip; the huge payload is 2097152 placeholder bytes.
	str := compile("string", fix("string", fix("string", b[15], "[[]", "[{]"), "[]]", "[}]"))
	toks, err = readTokens(str)
	if err != nil || len(toks) != 6 || string(toks[2].Data()) != "rkalla" || len(toks[4].Data()) != 2097152 {
		t.Errorf("string example: %v", err)
	}
	// Array: 4782345193 needs int64, not int32 ([l]).
	if _, err := compileBlocks(b[17]); err == nil || !strings.Contains(err.Error(), "does not fit l") {
		t.Errorf("array example: the [l] slip is gone? %v", err)
	}
	arr := compile("array", fix("array", b[17], "[l]", "[L]"))
	compareToJSON(t, "array", arr, b[16])
	// Optimized arrays: the same five float32 values in three forms (the
	// first has 23.888, the others 23.8889).
	opt := [][]byte{compile("plain", fix("plain", b[20], "23.888]", "23.8889]")), compile("count", b[21]), compile("typed", b[22])}
	js = "[29.97, 31.13, 67.0, 2.113, 23.8889]"
	for i, d := range opt {
		compareToJSON(t, "optimized array "+strconv.Itoa(i), d, js)
	}
	if !bytes.Contains(opt[2], []byte("[$d#i\x05")) || len(opt[2]) != 6+5*4 {
		t.Errorf("typed array: %q", opt[2])
	}
	// Optimized objects: three forms of the same object.
	js = `{"lat": 29.976, "long": 31.131, "alt": 67.0}`
	for i, k := range []int{23, 24, 25} {
		compareToJSON(t, "optimized object "+strconv.Itoa(i), compile("object", b[k]), js)
	}
	// Marker-only types: 512 false in a header of 7 bytes (the
	// specification says 6, but [, $, F, #, I and the two bytes of 512
	// are 7); an object of nulls.
	f512 := compile("false", b[26])
	if !strings.Contains(specText(t), "this single line is **6-bytes**") || len(f512) != 7 {
		t.Errorf("[$F#I512 is %d bytes", len(f512))
	}
	compareToJSON(t, "512 false", f512, "["+strings.Repeat("false,", 511)+"false]")
	compareToJSON(t, "null object", compile("nulls", b[27]), `{"name": null, "password": null, "email": null}`)
	// 1024 int32 values: the first four given, the rest a placeholder.
	ints := compile("int32", b[28]+"[...]") // "... 1,000 more int32 values ..." is not in brackets
	if len(ints) != 7+4096 {
		t.Errorf("[$l#I1024: %d bytes", len(ints))
	}
	toks, err = readTokens(ints)
	if err != nil || len(toks) != 1026 || toks[0].Len() != 1024 || toks[2].Int() != 2147483647 || toks[4].Int() != 77832823 {
		t.Errorf("1024 int32: %d tokens, %v", len(toks), err)
	}
	// No-op: skipped in containers (["foo", no-op, "bar", ...] equals
	// ["foo", "bar", "baz"]) and between values (keep-alive).
	noop := compile("no-op", `[[][S][i][3][foo][N][S][i][3][bar][N][N][N][S][i][3][baz][N][N][]]`)
	compareToJSON(t, "no-op", noop, b[5])
	if !strings.Contains(b[6], "no-op") {
		t.Error("no-op example not found")
	}
	toks, err = readTokens(append([]byte("NNN"), append(noop, 'N')...))
	if err != nil || len(toks) != 5 {
		t.Errorf("keep-alive no-ops: %s (%v)", describeTokens(toks), err)
	}
}

// TestSpecTypeReference checks the type reference table: every marker
// with its total size (for fixed-size types) is what the Reader and
// Writer use.
func TestSpecTypeReference(t *testing.T) {
	spec := specText(t)
	start := strings.Index(spec, "| Type | Size | Marker | Length | Data Payload |")
	end := strings.Index(spec[start:], "\n\n")
	rows := 0
	for _, line := range strings.Split(spec[start:start+end], "\n")[2:] {
		cells := strings.Split(line, "|")
		if len(cells) < 6 || strings.TrimSpace(cells[3]) == "" {
			continue
		}
		rows++
		size, marker := strings.TrimSpace(cells[2]), strings.TrimSpace(cells[3])
		if marker == "N" { // no-op: not a value, skipped
			if toks, err := readTokens([]byte("NZN")); err != nil || len(toks) != 1 || size != "1-byte" {
				t.Errorf("no-op: %v %v", toks, err)
			}
			continue
		}
		if n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSuffix(size, "-bytes"), "-byte")); err == nil {
			if len(marker) != 1 || int(sizes[marker[0]])+1 != n {
				t.Errorf("%s: marker %q of %s, payload size %d", cells[1], marker, size, sizes[marker[0]])
			}
			continue
		}
		switch marker {
		case "H", "S":
			if sizes[marker[0]] != szVariable {
				t.Errorf("%s is not a length-prefixed type", marker)
			}
		case "[ and ]", "{ and }":
			if sizes[marker[0]] != szContainer {
				t.Errorf("%s is not a container", marker)
			}
		default:
			t.Errorf("unexpected row %q", line)
		}
	}
	if rows != 16 {
		t.Errorf("%d rows in the type reference, want 16", rows)
	}
}

// TestSpecStringSizes checks the table of string sizes: "[S][i][5][hello]"
// is 8 bytes, and so on.
func TestSpecStringSizes(t *testing.T) {
	spec := specText(t)
	rows := regexp.MustCompile(`\| (\[S\]\S+) \| (\d+) bytes`).FindAllStringSubmatch(spec, -1)
	rows = append(rows, regexp.MustCompile(`\| (\[S\]\[I\]\[1024\][^|]+?) \| 1 \+ 3 \+ 1024 bytes = (\d+) bytes`).FindAllStringSubmatch(spec, -1)...)
	if len(rows) != 4 {
		t.Fatalf("%d rows in the string sizes table, want 4", len(rows))
	}
	for _, r := range rows {
		data, err := compileBlocks(r[1])
		if err != nil || strconv.Itoa(len(data)) != r[2] {
			t.Errorf("%s: %d bytes (%v), want %s", r[1], len(data), err, r[2])
		}
		toks, err := readTokens(data)
		if err != nil || len(toks) != 1 || toks[0].Kind() != token.KindString {
			t.Errorf("%s: %s (%v)", r[1], describeTokens(toks), err)
		}
		if len(data) < 100 {
			if got, err := writeTokens(toks); err != nil || !bytes.Equal(got, data) {
				t.Errorf("%s: written as %q (%v)", r[1], got, err)
			}
		}
	}
}

// TestSpecOptimizedRules checks the rules of the optimized format: a type
// requires a count and comes before it; a count is not negative; a
// counted container has no end marker; the type cannot be no-op; values
// of a typed container carry no markers.
func TestSpecOptimizedRules(t *testing.T) {
	for _, tc := range []struct {
		name string
		data string
		want error
		off  int64
	}{
		{"type without count", "[$i\x01\x02]", ErrSyntax, 0},
		{"count before type", "[#i\x01$i\x01", ErrSyntax, 4},
		{"negative count", "[#i\xff", ErrSyntax, 0},
		{"no-op type", "[$N#i\x01", ErrSyntax, 0},
		{"end marker after count", "[#i\x01Z]", ErrSyntax, 5},
		{"typed string with a marker", "[$S#i\x01Si\x01a", ErrSyntax, 6},
		{"short count", "[#i\x02Z", ErrUnexpectedEOF, 0},
		{"short typed", "[$l#i\x02\x00\x00\x00\x01", ErrUnexpectedEOF, 0},
		{"negative length", "Si\xfe", ErrSyntax, 0},
		{"length not an integer", "Sd\x00\x00\x00\x00", ErrSyntax, 0},
		{"char above 127", "C\x80", ErrSyntax, 0},
		{"unknown marker", "[X]", ErrSyntax, 1},
		{"object end in array", "[Z}", ErrSyntax, 2},
		{"array end in object", "{i\x01aZ]", ErrSyntax, 5},
		{"end for a value", "{i\x01a}", ErrSyntax, 4},
		{"key with marker", "{Si\x01aZ}", ErrSyntax, 1},
	} {
		err := Validate([]byte(tc.data))
		var se *SyntaxError
		if !errors.Is(err, tc.want) || !errors.As(err, &se) || se.Offset != tc.off {
			t.Errorf("%s: %q: %v, want %v at %d", tc.name, tc.data, err, tc.want, tc.off)
		}
	}
	for _, ok := range []string{"[#i\x00", "[$Z#i\x03", "{#i\x01i\x01aZ", "{$T#i\x01i\x01a", "[$[#i\x02]#i\x01Z", "[$S#i\x02i\x01ai\x00", "[$C#i\x02ab", "[#U\x01N[]"} {
		if err := Validate([]byte(ok)); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
}
