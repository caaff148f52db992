package msgpack

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/celerjson/celer/token"
)

// formatRow is one row of the overview table of the specification.
type formatRow struct {
	name   string
	lo, hi byte // range of first bytes
}

// overviewTable parses the "Overview" table of the specification: every
// format name with its first byte (or range of first bytes).
func overviewTable(t *testing.T) []formatRow {
	spec := specText(t)
	start := strings.Index(spec, "format name ")
	if start < 0 {
		t.Fatal("overview table not found")
	}
	var rows []formatRow
	for _, line := range strings.Split(spec[start:], "\n")[2:] {
		if strings.TrimSpace(line) == "" {
			break
		}
		cells := strings.Split(line, "|")
		if len(cells) != 3 {
			t.Fatalf("bad row %q", line)
		}
		name := strings.TrimSpace(cells[0])
		hx := strings.Split(strings.TrimSpace(cells[2]), " - ")
		lo, err1 := strconv.ParseUint(strings.TrimPrefix(hx[0], "0x"), 16, 8)
		hi, err2 := lo, error(nil)
		if len(hx) == 2 {
			hi, err2 = strconv.ParseUint(strings.TrimPrefix(hx[1], "0x"), 16, 8)
		}
		if err1 != nil || err2 != nil {
			t.Fatalf("bad first byte in %q", line)
		}
		rows = append(rows, formatRow{name, byte(lo), byte(hi)})
	}
	if len(rows) != 37 {
		t.Fatalf("overview table: %d rows, want 37", len(rows))
	}
	return rows
}

// vector is a value (as tokens) and its encoding in one format.
type vector struct {
	format string
	toks   []token.Token
	enc    []byte
}

func repeat(b byte, n int) []byte { return bytes.Repeat([]byte{b}, n) }

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// vectors returns, for each format of the overview table, values at the
// edges of its range written in that format, written by hand from the
// format diagrams of the specification (smallest format for each value).
func vectors(t *testing.T) []vector {
	h := func(s string) []byte { return mustHex(t, s) }
	arr := func(n int, elem token.Token) []token.Token {
		toks := []token.Token{token.BeginArray(n)}
		for range n {
			toks = append(toks, elem)
		}
		return append(toks, token.EndArray)
	}
	mp := func(n int) []token.Token {
		toks := []token.Token{token.BeginObject(n)}
		for k := range n {
			toks = append(toks, token.Int(int64(k)), token.Null)
		}
		return append(toks, token.EndObject)
	}
	mapBody := func(n int) []byte {
		var b []byte
		for k := range n {
			b = appendInt(b, int64(k))
			b = append(b, 0xc0)
		}
		return b
	}
	str := func(n int) token.Token { return token.String(strings.Repeat("x", n)) }
	bin := func(n int) token.Token { return token.Bytes(repeat(7, n)) }
	ext := func(typ int8, n int) token.Token {
		return token.Ext(token.FamilyMsgpack, uint64(int64(typ)), repeat(9, n))
	}
	one := func(tk token.Token) []token.Token { return []token.Token{tk} }
	return []vector{
		{"positive fixint", one(token.Int(0)), h("00")},
		{"positive fixint", one(token.Int(127)), h("7f")},
		{"fixmap", mp(0), h("80")},
		{"fixmap", mp(15), cat(h("8f"), mapBody(15))},
		{"fixarray", arr(0, token.Null), h("90")},
		{"fixarray", arr(15, token.True), cat(h("9f"), repeat(0xc3, 15))},
		{"fixstr", one(str(0)), h("a0")},
		{"fixstr", one(str(31)), cat(h("bf"), repeat('x', 31))},
		{"nil", one(token.Null), h("c0")},
		{"false", one(token.False), h("c2")},
		{"true", one(token.True), h("c3")},
		{"bin 8", one(bin(0)), h("c4 00")},
		{"bin 8", one(bin(255)), cat(h("c4 ff"), repeat(7, 255))},
		{"bin 16", one(bin(256)), cat(h("c5 01 00"), repeat(7, 256))},
		{"bin 16", one(bin(65535)), cat(h("c5 ff ff"), repeat(7, 65535))},
		{"bin 32", one(bin(65536)), cat(h("c6 00 01 00 00"), repeat(7, 65536))},
		{"ext 8", one(ext(5, 0)), h("c7 00 05")},
		{"ext 8", one(ext(-128, 3)), h("c7 03 80 09 09 09")},
		{"ext 8", one(ext(127, 255)), cat(h("c7 ff 7f"), repeat(9, 255))},
		{"ext 16", one(ext(1, 256)), cat(h("c8 01 00 01"), repeat(9, 256))},
		{"ext 32", one(ext(-2, 65536)), cat(h("c9 00 01 00 00 fe"), repeat(9, 65536))},
		{"float 32", one(token.FloatWidth(1.5, 32)), h("ca 3f c0 00 00")},
		{"float 32", one(token.FloatWidth(float64(float32(0.1)), 32)), h("ca 3d cc cc cd")},
		{"float 64", one(token.FloatWidth(1.1, 64)), h("cb 3f f1 99 99 99 99 99 9a")},
		{"float 64", one(token.FloatWidth(math.Inf(-1), 64)), h("cb ff f0 00 00 00 00 00 00")},
		{"uint 8", one(token.Int(128)), h("cc 80")},
		{"uint 8", one(token.Int(255)), h("cc ff")},
		{"uint 16", one(token.Int(256)), h("cd 01 00")},
		{"uint 16", one(token.Int(65535)), h("cd ff ff")},
		{"uint 32", one(token.Int(65536)), h("ce 00 01 00 00")},
		{"uint 32", one(token.Int(math.MaxUint32)), h("ce ff ff ff ff")},
		{"uint 64", one(token.Int(math.MaxUint32 + 1)), h("cf 00 00 00 01 00 00 00 00")},
		{"uint 64", one(token.Uint(math.MaxUint64)), h("cf ff ff ff ff ff ff ff ff")},
		{"int 8", one(token.Int(-33)), h("d0 df")},
		{"int 8", one(token.Int(-128)), h("d0 80")},
		{"int 16", one(token.Int(-129)), h("d1 ff 7f")},
		{"int 16", one(token.Int(-32768)), h("d1 80 00")},
		{"int 32", one(token.Int(-32769)), h("d2 ff ff 7f ff")},
		{"int 32", one(token.Int(math.MinInt32)), h("d2 80 00 00 00")},
		{"int 64", one(token.Int(math.MinInt32 - 1)), h("d3 ff ff ff ff 7f ff ff ff")},
		{"int 64", one(token.Int(math.MinInt64)), h("d3 80 00 00 00 00 00 00 00")},
		{"fixext 1", one(ext(1, 1)), h("d4 01 09")},
		{"fixext 2", one(ext(2, 2)), h("d5 02 09 09")},
		{"fixext 4", one(ext(3, 4)), h("d6 03 09 09 09 09")},
		{"fixext 8", one(ext(4, 8)), cat(h("d7 04"), repeat(9, 8))},
		{"fixext 16", one(ext(-5, 16)), cat(h("d8 fb"), repeat(9, 16))},
		{"str 8", one(str(32)), cat(h("d9 20"), repeat('x', 32))},
		{"str 8", one(str(255)), cat(h("d9 ff"), repeat('x', 255))},
		{"str 16", one(str(256)), cat(h("da 01 00"), repeat('x', 256))},
		{"str 32", one(str(65536)), cat(h("db 00 01 00 00"), repeat('x', 65536))},
		{"array 16", arr(16, token.Null), cat(h("dc 00 10"), repeat(0xc0, 16))},
		{"array 16", arr(65535, token.False), cat(h("dc ff ff"), repeat(0xc2, 65535))},
		{"array 32", arr(65536, token.Int(1)), cat(h("dd 00 01 00 00"), repeat(1, 65536))},
		{"map 16", mp(16), cat(h("de 00 10"), mapBody(16))},
		{"map 32", mp(65536), cat(h("df 00 01 00 00"), mapBody(65536))},
		{"negative fixint", one(token.Int(-1)), h("ff")},
		{"negative fixint", one(token.Int(-32)), h("e0")},
	}
}

// TestSpecFormats checks every format of the overview table, both ways:
// each value is written in the format the specification gives for it (the
// smallest), its first byte lies in the table's range for that format,
// and reading the bytes gives the value back. Every format of the table
// has vectors, and the never-used byte is rejected.
func TestSpecFormats(t *testing.T) {
	rows := overviewTable(t)
	byName := map[string]formatRow{}
	for _, r := range rows {
		byName[r.name] = r
	}
	covered := map[string]bool{}
	for _, v := range vectors(t) {
		row, ok := byName[v.format]
		if !ok {
			t.Fatalf("format %q is not in the specification's table", v.format)
		}
		covered[v.format] = true
		if b := v.enc[0]; b < row.lo || b > row.hi {
			t.Errorf("%s: first byte %#x outside %#x-%#x", v.format, b, row.lo, row.hi)
		}
		got, err := writeTokens(v.toks)
		if err != nil || !bytes.Equal(got, v.enc) {
			t.Errorf("%s: wrote %s (%v), want %s", v.format, short(got), err, short(v.enc))
		}
		back, err := readTokens(v.enc)
		if err != nil || !sameTokens(back, v.toks) {
			t.Errorf("%s: read %s as %s (%v)", v.format, short(v.enc), shortTokens(back), err)
		}
		if err := Validate(v.enc); err != nil {
			t.Errorf("%s: Validate: %v", v.format, err)
		}
	}
	for _, r := range rows {
		if r.name == "(never used)" {
			if err := Validate([]byte{r.lo}); !errors.Is(err, ErrSyntax) {
				t.Errorf("never-used byte %#x: %v", r.lo, err)
			}
			continue
		}
		if !covered[r.name] {
			t.Errorf("format %q has no vector", r.name)
		}
	}
}

func short(b []byte) string {
	if len(b) > 24 {
		return hex.EncodeToString(b[:24]) + "..."
	}
	return hex.EncodeToString(b)
}

func shortTokens(toks []token.Token) string {
	if len(toks) > 6 {
		return describeTokens(toks[:6]) + " ..."
	}
	return describeTokens(toks)
}

// TestSpecFixFormats checks every first byte of the fix ranges of the
// overview table: fixints read as their values (0 to 127, -32 to -1),
// fixmap, fixarray and fixstr heads as the length in their low bits.
func TestSpecFixFormats(t *testing.T) {
	for _, r := range overviewTable(t) {
		if r.lo == r.hi {
			continue
		}
		for b := int(r.lo); b <= int(r.hi); b++ {
			n := b - int(r.lo)
			var data []byte
			var want string
			switch r.name {
			case "positive fixint":
				data, want = []byte{byte(b)}, strconv.Itoa(n)
			case "negative fixint":
				data, want = []byte{byte(b)}, strconv.Itoa(n-32)
			case "fixmap":
				data = append([]byte{byte(b)}, bytes.Repeat([]byte{0xc0, 0xc0}, n)...)
				want = "{" + strconv.Itoa(n) + ":" + strings.Repeat(" null null", n) + " }"
			case "fixarray":
				data = append([]byte{byte(b)}, repeat(0xc3, n)...)
				want = "[" + strconv.Itoa(n) + ":" + strings.Repeat(" true", n) + " ]"
			case "fixstr":
				data, want = append([]byte{byte(b)}, repeat('a', n)...), strconv.Quote(strings.Repeat("a", n))
			default:
				t.Fatalf("unexpected range format %q", r.name)
			}
			toks, err := readTokens(data)
			if got := describeTokens(toks); err != nil || got != want {
				t.Errorf("%s %#x: %s (%v), want %s", r.name, b, got, err, want)
			}
		}
	}
}

// TestSpecTimestamp checks the timestamp extension: the three formats of
// the specification and the edges of their ranges, written by the
// serialization pseudo code (smallest format), read back as tag 0 and RFC
// 3339 text (or tag 1 and epoch seconds out of RFC 3339's years), and the
// errors of the deserialization pseudo code.
func TestSpecTimestamp(t *testing.T) {
	utc := func(s string) time.Time {
		tm, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
	for _, tc := range []struct {
		time, hex string
	}{
		// timestamp 32: [1970-01-01 00:00:00 UTC, 2106-02-07 06:28:16 UTC).
		{"1970-01-01T00:00:00Z", "d6 ff 00 00 00 00"},
		{"2013-03-21T20:04:00Z", "d6 ff 51 4b 67 b0"},
		{"2106-02-07T06:28:15Z", "d6 ff ff ff ff ff"},
		// timestamp 64: nanoseconds in 30 bits, seconds in 34, up to
		// 2514-05-30 01:53:04 UTC (excluded).
		{"2106-02-07T06:28:16Z", "d7 ff 00 00 00 01 00 00 00 00"},
		{"1970-01-01T00:00:00.000000001Z", "d7 ff 00 00 00 04 00 00 00 00"},
		{"2013-03-21T20:04:00.5Z", "d7 ff 77 35 94 00 51 4b 67 b0"},
		{"2514-05-30T01:53:03.999999999Z", "d7 ff ee 6b 27 ff ff ff ff ff"},
		// timestamp 96: nanoseconds in 32 bits, signed seconds in 64.
		{"2514-05-30T01:53:04Z", "c7 0c ff 00 00 00 00 00 00 00 04 00 00 00 00"},
		{"1969-12-31T23:59:59Z", "c7 0c ff 00 00 00 00 ff ff ff ff ff ff ff ff"},
		{"1969-12-31T23:59:59.999999999Z", "c7 0c ff 3b 9a c9 ff ff ff ff ff ff ff ff ff"},
		{"0000-01-01T00:00:00Z", "c7 0c ff 00 00 00 00 ff ff ff f1 86 8b 84 00"},
		{"9999-12-31T23:59:59.999999999Z", "c7 0c ff 3b 9a c9 ff 00 00 00 3a ff f4 41 7f"},
	} {
		tm := utc(tc.time)
		want := mustHex(t, tc.hex)
		got, err := Marshal(tm)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("Marshal(%s) = %x, %v; want %x", tc.time, got, err, want)
		}
		var back time.Time
		if err := Unmarshal(want, &back); err != nil || !back.Equal(tm) {
			t.Errorf("Unmarshal(%x) = %v, %v; want %s", want, back, err, tc.time)
		}
		toks, err := readTokens(want)
		if err != nil || len(toks) != 2 || toks[0].Kind() != token.KindTag || toks[0].Tag() != 0 || string(toks[1].Data()) != tc.time {
			t.Errorf("tokens of %x: %s (%v)", want, describeTokens(toks), err)
		}
		// Tag 0 and the text, as from CBOR, write the same bytes.
		w, err := writeTokens(toks)
		if err != nil || !bytes.Equal(w, want) {
			t.Errorf("tokens %s written as %x (%v), want %x", describeTokens(toks), w, err, want)
		}
	}
	// Beyond RFC 3339's years: tag 1 and the seconds, exact.
	for _, tc := range []struct {
		hex, toks string
	}{
		{"c7 0c ff 00 00 00 00 80 00 00 00 00 00 00 00", "1( -9223372036854775808"},
		{"c7 0c ff 3b 9a c9 ff 7f ff ff ff ff ff ff ff", "1( 9223372036854775807.999999999"},
		{"c7 0c ff 00 00 00 01 ff ff ff f1 86 8b 83 ff", "1( -62167219200.999999999"},
		{"c7 0c ff 1d cd 65 00 00 00 00 3a ff f4 41 80", "1( 253402300800.5"},
	} {
		data := mustHex(t, tc.hex)
		toks, err := readTokens(data)
		if got := describeTokens(toks); err != nil || got != tc.toks {
			t.Errorf("%s: %s (%v), want %s", tc.hex, got, err, tc.toks)
		}
		if w, err := writeTokens(toks); err != nil || !bytes.Equal(w, data) {
			t.Errorf("%s written back as %x (%v)", tc.toks, w, err)
		}
	}
	// Deserialization: other lengths are errors, and so are nanoseconds
	// above 999999999.
	for _, h := range []string{
		"c7 00 ff", "d4 ff 00", "d5 ff 00 00", "c7 03 ff 00 00 00", "c7 05 ff 00 00 00 00 00", "d8 ff" + strings.Repeat(" 00", 16),
		"d7 ff ee 6b 28 00 00 00 00 00", // 1000000000 ns in 64 bits
		"c7 0c ff 3b 9a ca 00 00 00 00 00 00 00 00 00",
	} {
		err := Validate(mustHex(t, h))
		var se *SyntaxError
		if !errors.Is(err, ErrSyntax) || !errors.As(err, &se) || se.Offset != 0 {
			t.Errorf("%s: %v, want a syntax error at offset 0", h, err)
		}
	}
	// The Writer checks raw timestamp payloads too.
	if _, err := writeTokens([]token.Token{token.Ext(token.FamilyMsgpack, math.MaxUint64, []byte{1, 2, 3})}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("raw timestamp of 3 bytes: %v", err)
	}
}

// TestSpecLimitation checks the limits of the type system: integers from
// -(2^63) to 2^64-1 (beyond is not MessagePack), lengths and counts up to
// 2^32-1.
func TestSpecLimitation(t *testing.T) {
	for _, tc := range []struct {
		json string
		hex  string
	}{
		{"-9223372036854775808", "d3 80 00 00 00 00 00 00 00"},
		{"18446744073709551615", "cf ff ff ff ff ff ff ff ff"},
	} {
		got, err := jsonToMsgpack([]byte(tc.json))
		if err != nil || !bytes.Equal(got, mustHex(t, tc.hex)) {
			t.Errorf("%s: %x, %v", tc.json, got, err)
		}
	}
	for _, s := range []string{"-9223372036854775809", "18446744073709551616"} {
		if _, err := jsonToMsgpack([]byte(s)); !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: %v, want ErrUnsupported", s, err)
		}
	}
	// A count beyond MessagePack's 32 bits (only an int of 64 bits holds one).
	if big := uint64(1) << 32; uint64(int(big)) == big {
		for _, tk := range []token.Token{token.BeginArray(int(big)), token.BeginObject(int(big))} {
			if _, err := writeTokens([]token.Token{tk}); !errors.Is(err, ErrLimit) {
				t.Errorf("%v: %v, want ErrLimit", tk, err)
			}
		}
	}
	if _, err := writeTokens([]token.Token{token.Ext(token.FamilyMsgpack, 128, nil)}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("ext type 128: %v", err)
	}
	// Invalid UTF-8 in a str is rejected, or given as it is.
	data := mustHex(t, "a2 c3 28")
	if err := Validate(data); !errors.Is(err, ErrInvalidUTF8) {
		t.Errorf("invalid UTF-8: %v", err)
	}
	toks, err := readTokens(data, AllowInvalidUTF8(true))
	if err != nil || len(toks) != 1 || string(toks[0].Data()) != "\xc3\x28" {
		t.Errorf("AllowInvalidUTF8: %s, %v", describeTokens(toks), err)
	}
}
