package stream_test

import (
	"context"
	"os"
	"os/exec"
	"reflect"
	"time"

	"bytes"
	"encoding/json"
	"errors"
	"github.com/celerjson/celer"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/celerjson/celer/internal/celertest"
	"github.com/celerjson/celer/stream"
)

// chunkings are the reader shapes the Decoder tests run with.
var chunkings = [][]int{{1}, {2, 3, 5, 8, 13}, {7}, {64}, {4095, 1}, {16 << 10}, {1 << 20}}

// readers returns a Decoder over data as bytes and one per chunking.
func decoders(data []byte, o ...stream.Options) map[string]*stream.Decoder {
	m := map[string]*stream.Decoder{"bytes": stream.NewDecoderBytes(data, o...)}
	for _, sizes := range chunkings {
		m["chunks"+strconv.Itoa(sizes[0])] = stream.NewDecoder(&celertest.ChunkReader{Data: data, Sizes: sizes}, o...)
	}
	return m
}

// allTokens reads tokens until an error; io.EOF ends it cleanly.
func allTokens(d *stream.Decoder) ([]string, error) {
	var out []string
	for {
		t, err := d.ReadToken()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, tokText(t))
	}
}

// allValues reads top-level values with ReadValue until an error.
func allValues(d *stream.Decoder) ([]string, error) {
	var out []string
	for {
		v, err := d.ReadValue()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, string(v))
	}
}

// stdValues lists the top-level values of a stream with encoding/json.
func stdValues(t *testing.T, data []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(data))
	var out []string
	for {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err == io.EOF {
			return out
		} else if err != nil {
			t.Fatalf("encoding/json: %v", err)
		}
		out = append(out, string(raw))
	}
}

func TestDecoderConcatenatedTokens(t *testing.T) {
	in := []byte(`1 2 [3]{"a":4}"x"`)
	want := []string{"number 1", "number 2", "[ [", "number 3", "] ]", "{ {", `name:string "a" ="a"`, "number 4", "} }", `string "x" ="x"`}
	for name, d := range decoders(in) {
		got, err := allTokens(d)
		if err != nil || strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s: %q, %v; want %q", name, got, err, want)
		}
		// The end of input stays io.EOF.
		for range 2 {
			if _, err := d.ReadToken(); err != io.EOF {
				t.Errorf("%s: ReadToken after the end = %v, want io.EOF", name, err)
			}
		}
		if k := d.PeekKind(); k != stream.KindInvalid {
			t.Errorf("%s: PeekKind at the end = %v", name, k)
		}
	}
}

func TestDecoderConcatenatedValues(t *testing.T) {
	for _, in := range []string{
		`1 2 [3]{"a":4}"x"`,
		"true false null\n[]{}\"\"0 -1.5e3",
		"\n\n{\"a\":[1,{}]}\n\t[ 1 , [ ] ]\r\n",
		`"\u00e9\ud83d\ude00" {"\"":"\\"}[[[[]]]]`,
		`0 1 -0 1e2 {"x" : {"y" : [ 1 , 2 ] } }   `,
		"",
		"   ",
	} {
		want := stdValues(t, []byte(in))
		for name, d := range decoders([]byte(in)) {
			got, err := allValues(d)
			if err != nil || strings.Join(got, "|") != strings.Join(want, "|") {
				t.Errorf("%q %s: ReadValue gives %q, %v; encoding/json %q", in, name, got, err, want)
			}
		}
	}
}

func TestDecoderNDJSON(t *testing.T) {
	for _, f := range raceSample(celertest.NDJSON(t)) {
		var want []string
		for _, line := range strings.Split(string(f.Data), "\n") {
			if line = strings.TrimSpace(line); line != "" {
				want = append(want, line)
			}
		}
		if std := stdValues(t, f.Data); len(std) != len(want) {
			t.Fatalf("%s: %d lines but encoding/json sees %d values", f.Name, len(want), len(std))
		}
		for name, d := range decoders(f.Data) {
			got, err := allValues(d)
			if err != nil || len(got) != len(want) {
				t.Errorf("%s %s: %d values, %v; want %d", f.Name, name, len(got), err, len(want))
				continue
			}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("%s %s: value %d = %.80q, want %.80q", f.Name, name, i, got[i], want[i])
					break
				}
			}
		}
	}
}

// stdMembers lists the elements (or "name=value" members) of a top-level
// array (object) with encoding/json, exactly as written.
func stdMembers(t *testing.T, data []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for dec.More() {
		prefix := ""
		if tok == json.Delim('{') {
			name, err := dec.Token()
			if err != nil {
				t.Fatal(err)
			}
			prefix = name.(string) + "="
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			t.Fatal(err)
		}
		out = append(out, prefix+string(raw))
	}
	return out
}

// members reads a top-level array or object member by member, values
// with ReadValue, checking PeekKind and Depth on the way.
func members(d *stream.Decoder) ([]string, error) {
	open, err := d.ReadToken()
	if err != nil {
		return nil, err
	}
	var out []string
	for {
		k := d.PeekKind()
		if k == stream.KindEndArray || k == stream.KindEndObject {
			break
		}
		prefix := ""
		if open.Kind() == stream.KindBeginObject {
			name, err := d.ReadToken()
			if err != nil {
				return out, err
			}
			prefix = name.String() + "="
		}
		v, err := d.ReadValue()
		if err != nil {
			return out, err
		}
		if d.Depth() != 1 {
			return out, errors.New("depth " + strconv.Itoa(d.Depth()) + " after a member value")
		}
		out = append(out, prefix+string(v))
	}
	if _, err := d.ReadToken(); err != nil {
		return out, err
	}
	if _, err := d.ReadToken(); err != io.EOF {
		return out, errors.New("no io.EOF after the top-level value")
	}
	return out, nil
}

func TestReadValueMembersOfCorpus(t *testing.T) {
	for _, f := range raceSample(celertest.CorpusJSON(t)) {
		trimmed := bytes.TrimSpace(f.Data)
		if len(trimmed) == 0 || trimmed[0] != '[' && trimmed[0] != '{' {
			continue
		}
		want := stdMembers(t, f.Data)
		for name, d := range decoders(f.Data) {
			if name == "chunks1" && len(f.Data) > 256<<10 {
				continue // one byte per Read: only the smaller files
			}
			got, err := members(d)
			if err != nil || len(got) != len(want) {
				t.Errorf("%s %s: %d members, %v; want %d", f.Name, name, len(got), err, len(want))
				continue
			}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("%s %s: member %d = %.80q, want %.80q", f.Name, name, i, got[i], want[i])
					break
				}
			}
		}
	}
}

// pointerDoc is read token by token in TestDecoderPointerDepthOffset;
// expectations are hand-checked and agree with encoding/json/jsontext's
// StackPointer (after '{' or '[': the container's own pointer).
const pointerDoc = `{"a":{"b/c":[10,{"~d":[null,"e~/"]}]},"":1, "x~1/~0":{"\u007e\/":[[], {}, 5]}}`

var pointerWant = []struct {
	tok    string // raw token
	ptr    string // Pointer() after reading it
	depth  int
	offset int64 // InputOffset() after reading it
}{
	{`{`, "", 1, 1},
	{`"a"`, "/a", 1, 4},
	{`{`, "/a", 2, 6},
	{`"b/c"`, "/a/b~1c", 2, 11},
	{`[`, "/a/b~1c", 3, 13},
	{`10`, "/a/b~1c/0", 3, 15},
	{`{`, "/a/b~1c/1", 4, 17},
	{`"~d"`, "/a/b~1c/1/~0d", 4, 21},
	{`[`, "/a/b~1c/1/~0d", 5, 23},
	{`null`, "/a/b~1c/1/~0d/0", 5, 27},
	{`"e~/"`, "/a/b~1c/1/~0d/1", 5, 33},
	{`]`, "/a/b~1c/1/~0d", 4, 34},
	{`}`, "/a/b~1c/1", 3, 35},
	{`]`, "/a/b~1c", 2, 36},
	{`}`, "/a", 1, 37},
	{`""`, "/", 1, 40},
	{`1`, "/", 1, 42},
	{`"x~1/~0"`, "/x~01~1~00", 1, 52},
	{`{`, "/x~01~1~00", 2, 54},
	{`"\u007e\/"`, "/x~01~1~00/~0~1", 2, 64},
	{`[`, "/x~01~1~00/~0~1", 3, 66},
	{`[`, "/x~01~1~00/~0~1/0", 4, 67},
	{`]`, "/x~01~1~00/~0~1/0", 3, 68},
	{`{`, "/x~01~1~00/~0~1/1", 4, 71},
	{`}`, "/x~01~1~00/~0~1/1", 3, 72},
	{`5`, "/x~01~1~00/~0~1/2", 3, 75},
	{`]`, "/x~01~1~00/~0~1", 2, 76},
	{`}`, "/x~01~1~00", 1, 77},
	{`}`, "", 0, 78},
}

func TestDecoderPointerDepthOffset(t *testing.T) {
	for name, d := range decoders([]byte(pointerDoc)) {
		if p := d.Pointer(); p != "" {
			t.Errorf("%s: Pointer before reading = %q", name, p)
		}
		for i, w := range pointerWant {
			if k := d.PeekKind(); k != stream.Kind(w.tok[0]) && !(k == stream.KindNumber && w.tok[0] >= '0' && w.tok[0] <= '9') {
				t.Errorf("%s: token %d: PeekKind = %v, want the kind of %s", name, i, k, w.tok)
			}
			tok, err := d.ReadToken()
			if err != nil {
				t.Fatalf("%s: token %d: %v", name, i, err)
			}
			if string(tok.Raw()) != w.tok {
				t.Errorf("%s: token %d = %s, want %s", name, i, tok.Raw(), w.tok)
			}
			if p := d.Pointer(); p != w.ptr {
				t.Errorf("%s: after %d (%s): Pointer = %q, want %q", name, i, w.tok, p, w.ptr)
			}
			if d.Depth() != w.depth || d.InputOffset() != w.offset {
				t.Errorf("%s: after %d (%s): Depth, InputOffset = %d, %d; want %d, %d", name, i, w.tok, d.Depth(), d.InputOffset(), w.depth, w.offset)
			}
		}
		if _, err := d.ReadToken(); err != io.EOF {
			t.Errorf("%s: after the document: %v", name, err)
		}
	}
}

func TestDecoderInputOffsetWhitespace(t *testing.T) {
	in := []byte("  [ 1 ,  \"x\" ]  \n 7")
	//          0123456789012345 6 78
	for name, d := range decoders(in) {
		for _, w := range []int64{3, 5, 12, 14, 19} {
			if _, err := d.ReadToken(); err != nil || d.InputOffset() != w {
				t.Errorf("%s: InputOffset = %d (%v), want %d", name, d.InputOffset(), err, w)
			}
		}
	}
	// ReadValue and SkipValue move it past the whole value.
	d := stream.NewDecoderBytes([]byte(` {"a": [1, 2]} [3] `))
	if _, err := d.ReadValue(); err != nil || d.InputOffset() != 14 {
		t.Errorf("after ReadValue: InputOffset = %d (%v), want 14", d.InputOffset(), err)
	}
	if err := d.SkipValue(); err != nil || d.InputOffset() != 18 {
		t.Errorf("after SkipValue: InputOffset = %d (%v), want 18", d.InputOffset(), err)
	}
}

func TestDecoderPeekKind(t *testing.T) {
	in := []byte(`[1,"a",{"b":null},true,false,[],-2]`)
	for name, d := range decoders(in) {
		for {
			k := d.PeekKind()
			if k2 := d.PeekKind(); k2 != k {
				t.Errorf("%s: PeekKind changed from %v to %v without a read", name, k, k2)
			}
			tok, err := d.ReadToken()
			if err == io.EOF {
				if k != stream.KindInvalid {
					t.Errorf("%s: PeekKind at the end = %v", name, k)
				}
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if tok.Kind() != k {
				t.Errorf("%s: PeekKind = %v, then read %v", name, k, tok.Kind())
			}
		}
	}
	// At the end of input inside a value: KindInvalid, and the read
	// reports the error. (A misplaced token: TestPeekKindMisplacedDelimiter.)
	d := stream.NewDecoderBytes([]byte(`[1,`))
	d.ReadToken()
	d.ReadToken()
	if k := d.PeekKind(); k != stream.KindInvalid {
		t.Errorf("PeekKind at an unexpected end = %v", k)
	}
	if _, err := d.ReadToken(); !errors.Is(err, stream.ErrUnexpectedEOF) {
		t.Errorf("ReadToken after PeekKind = %v, want ErrUnexpectedEOF", err)
	}
}

func TestDecoderReset(t *testing.T) {
	docA := []byte(`{"a":[1,2,3],"b":"x"}`)
	docB := []byte("[\"y\", {\"c\": null}]\n4")
	fresh, _ := allTokens(stream.NewDecoderBytes(docB))
	d := stream.NewDecoderBytes(docA, stream.RejectDuplicateNames(true))
	check := func(step string) {
		t.Helper()
		got, err := allTokens(d)
		if err != nil || strings.Join(got, "|") != strings.Join(fresh, "|") {
			t.Errorf("%s: %q, %v; want %q", step, got, err, fresh)
		}
		if d.Depth() != 0 {
			t.Errorf("%s: Depth %d at the end", step, d.Depth())
		}
	}
	// Abandon A mid-way (depth 2), then read B from bytes, a reader, bytes.
	for range 4 {
		d.ReadToken()
	}
	d.ResetBytes(docB)
	if d.Depth() != 0 || d.InputOffset() != 0 || d.Pointer() != "" {
		t.Errorf("after ResetBytes: Depth %d, InputOffset %d, Pointer %q", d.Depth(), d.InputOffset(), d.Pointer())
	}
	check("ResetBytes")
	d.Reset(&celertest.ChunkReader{Data: docB, Sizes: []int{3}})
	check("Reset(reader)")
	d.ResetBytes(docB)
	check("ResetBytes again")

	// Reset clears a sticky error, and keeps the options.
	d.ResetBytes([]byte(`[1,,]`))
	if _, err := allTokens(d); !errors.Is(err, stream.ErrSyntax) {
		t.Fatalf("want a syntax error, got %v", err)
	}
	d.Reset(bytes.NewReader(docB))
	check("Reset after an error")
	d.ResetBytes([]byte(`{"a":1,"a":2}`))
	if _, err := allTokens(d); !errors.Is(err, stream.ErrDuplicateName) {
		t.Errorf("options lost by Reset: %v", err)
	}

	// ResetBytes must not write into the caller's slice, and Reset after
	// ResetBytes must not read into it either.
	keep := bytes.Clone(docB)
	d.ResetBytes(docB[:5:5])
	allTokens(d)
	d.Reset(bytes.NewReader([]byte(`"zzzzzzzzzzzzzzzzzzzzzzz"`)))
	allTokens(d)
	if !bytes.Equal(docB, keep) {
		t.Errorf("Decoder wrote into the caller's slice: %q", docB)
	}
}

func TestTokenAccessors(t *testing.T) {
	in := `["plain", "esc\"\\\/\b\f\n\r\t\u00e9", "\ud83d\ude00 pair", "\u0000", "é😀",
		0, -0, 42, -9223372036854775808, 9223372036854775807, 9223372036854775808, 18446744073709551615, 18446744073709551616,
		1.5, -2.5e-3, 1E400, 1e2, true, false, null]`
	d := stream.NewDecoderBytes([]byte(in))
	d.ReadToken()
	next := func() stream.Token {
		tok, err := d.ReadToken()
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	for _, want := range []string{"plain", "esc\"\\/\b\f\n\r\té", "😀 pair", "\x00", "é😀"} {
		tok := next()
		if tok.Kind() != stream.KindString || tok.IsName() || tok.String() != want || string(tok.AppendString([]byte("p:"))) != "p:"+want {
			t.Errorf("string %s: String %q, AppendString %q; want %q", tok.Raw(), tok.String(), tok.AppendString([]byte("p:")), want)
		}
		var std string
		if err := json.Unmarshal(tok.Raw(), &std); err != nil || std != want {
			t.Errorf("hand-checked %q but encoding/json says %q", want, std)
		}
	}
	type num struct {
		i   int64
		iOK bool
		u   uint64
		uOK bool
		f   float64
		fOK bool
	}
	for _, w := range []num{
		{0, true, 0, true, 0, true},
		{0, true, 0, false, math.Copysign(0, -1), true}, // -0: ParseUint rejects the sign
		{42, true, 42, true, 42, true},
		{math.MinInt64, true, 0, false, -9223372036854775808, true},
		{math.MaxInt64, true, math.MaxInt64, true, 9223372036854775807, true},
		{0, false, 1 << 63, true, 9223372036854775808, true},
		{0, false, math.MaxUint64, true, 18446744073709551615, true},
		{0, false, 0, false, 18446744073709551616, true},
		{0, false, 0, false, 1.5, true},
		{0, false, 0, false, -2.5e-3, true},
		{0, false, 0, false, 0, false}, // 1E400 overflows
		{0, false, 0, false, 100, true},
	} {
		tok := next()
		i, ierr := tok.Int()
		u, uerr := tok.Uint()
		f, ferr := tok.Float()
		if tok.Kind() != stream.KindNumber || (ierr == nil) != w.iOK || w.iOK && i != w.i || (uerr == nil) != w.uOK || w.uOK && u != w.u ||
			(ferr == nil) != w.fOK || w.fOK && math.Float64bits(f) != math.Float64bits(w.f) {
			t.Errorf("number %s: Int %d %v, Uint %d %v, Float %g %v; want %+v", tok.Raw(), i, ierr, u, uerr, f, ferr, w)
		}
	}
	for _, k := range []stream.Kind{stream.KindTrue, stream.KindFalse, stream.KindNull} {
		tok := next()
		if tok.Kind() != k || tok.Bool() != (k == stream.KindTrue) || tok.String() != string(tok.Raw()) {
			t.Errorf("literal %s: Kind %v Bool %v String %q", tok.Raw(), tok.Kind(), tok.Bool(), tok.String())
		}
	}
	if tok := next(); tok.Kind() != stream.KindEndArray || tok.Kind().String() != "]" {
		t.Errorf("last token %v", tok.Kind())
	}
	// Names are marked.
	d = stream.NewDecoderBytes([]byte(`{"k\u0041":"v"}`))
	d.ReadToken()
	if name, _ := d.ReadToken(); !name.IsName() || name.String() != "kA" {
		t.Errorf("name token: IsName %v String %q", name.IsName(), name.String())
	}
	if v, _ := d.ReadToken(); v.IsName() {
		t.Errorf("value token marked as a name")
	}
}

func TestTokenCloneSurvivesReads(t *testing.T) {
	// Enough data that the buffer is refilled and overwritten many times.
	var sb strings.Builder
	sb.WriteString("[")
	for i := range 20000 {
		if i > 0 {
			sb.WriteString(",")
		}
		sb.WriteString(`"s` + strconv.Itoa(i) + `\n", ` + strconv.Itoa(i*7))
	}
	sb.WriteString("]")
	for name, d := range decoders([]byte(sb.String())) {
		d.ReadToken()
		var clones []stream.Token
		for i := 0; ; i++ {
			tok, err := d.ReadToken()
			if err != nil || tok.Kind() == stream.KindEndArray {
				break
			}
			if i%97 == 0 {
				clones = append(clones, tok.Clone())
			}
		}
		for j, c := range clones {
			i := j * 97
			want := `"s` + strconv.Itoa(i/2) + `\n"`
			if i%2 == 1 {
				want = strconv.Itoa(i / 2 * 7)
			}
			if string(c.Raw()) != want {
				t.Errorf("%s: clone %d = %s, want %s", name, i, c.Raw(), want)
				break
			}
		}
	}
}

// genArray is a reader producing a top-level array of n generated
// elements, a few bytes at a time, never holding the whole text.
type genArray struct {
	n, i int
	buf  []byte
	pos  int
	done bool
}

func genElem(dst []byte, i int) []byte {
	dst = append(dst, `{"id":`...)
	dst = strconv.AppendInt(dst, int64(i), 10)
	dst = append(dst, `,"name":"item \u00e9 `...)
	dst = strconv.AppendInt(dst, int64(i), 10)
	dst = append(dst, `","tags":["x", "y\n"],"v":-`...)
	dst = strconv.AppendInt(dst, int64(i%1000), 10)
	return append(dst, `.5e-3, "ok": true}`...)
}

func (g *genArray) Read(p []byte) (int, error) {
	for g.pos == len(g.buf) {
		if g.done {
			return 0, io.EOF
		}
		g.buf, g.pos = g.buf[:0], 0
		for len(g.buf) < 8<<10 && !g.done {
			switch {
			case g.i == 0:
				g.buf = append(g.buf, "[\n"...)
			case g.i < g.n:
				g.buf = append(g.buf, ",\n "...)
			}
			if g.i < g.n {
				g.buf = genElem(g.buf, g.i)
			} else {
				g.buf = append(g.buf, "\n]\n"...)
				g.done = true
			}
			g.i++
		}
	}
	n := copy(p, g.buf[g.pos:])
	g.pos += n
	return n, nil
}

// TestHugeArrayBoundedMemory reads a ~95 MB generated array element by
// element with ReadValue and checks the heap stays small.
func TestHugeArrayBoundedMemory(t *testing.T) {
	n := 1_100_000 // about 100 bytes each
	if testing.Short() || raceEnabled {
		n = 100_000
	}
	const limit = 16 << 20
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	d := stream.NewDecoder(&genArray{n: n})
	if tok, err := d.ReadToken(); err != nil || tok.Kind() != stream.KindBeginArray {
		t.Fatal(tok, err)
	}
	var want []byte
	var total int64
	for i := 0; ; i++ {
		if d.PeekKind() == stream.KindEndArray {
			if i != n {
				t.Fatalf("array ended after %d elements, want %d", i, n)
			}
			break
		}
		v, err := d.ReadValue()
		if err != nil {
			t.Fatalf("element %d: %v", i, err)
		}
		want = genElem(want[:0], i)
		if !bytes.Equal(v, want) {
			t.Fatalf("element %d = %q, want %q", i, v, want)
		}
		total += int64(len(v))
		if i%200_000 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > base+limit {
				t.Fatalf("after %d elements (%d bytes) the heap grew by %d bytes", i, total, ms.HeapAlloc-base)
			}
		}
	}
	if _, err := d.ReadToken(); err != nil {
		t.Fatal(err)
	}
	if _, err := d.ReadToken(); err != io.EOF {
		t.Fatalf("after the array: %v", err)
	}
	if n > 1_000_000 && total < 90<<20 {
		t.Fatalf("only %d bytes of elements", total)
	}
	// Streaming validation of the same input is bounded too.
	runtime.GC()
	if err := stream.ValidateReader(&genArray{n: n / 4}); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&ms)
	if ms.TotalAlloc > 0 && ms.HeapAlloc > base+limit {
		t.Errorf("ValidateReader: heap grew by %d bytes", ms.HeapAlloc-base)
	}
}

// errCases are malformed inputs with hand-checked error positions.
var errCases = []struct {
	in       string
	offset   int64
	line     int
	col      int
	ptr      string // "-": not checked
	msg      string
	sentinel error
}{
	{`[1,2,x]`, 5, 1, 6, "/2", "invalid character 'x' looking for beginning of value", stream.ErrSyntax},
	{`{"a":1,"b":x}`, 11, 1, 12, "/b", "invalid character 'x' looking for beginning of value", stream.ErrSyntax},
	{"{\n  \"a\": [\n    1,\n    tru\n  ]\n}", 25, 4, 8, "/a/1", "invalid character '\\n' in literal", stream.ErrSyntax},
	{`["\u00zz"]`, 6, 1, 7, "/0", `invalid character 'z' in \u hexadecimal character escape`, stream.ErrSyntax},
	{`["a\qb"]`, 4, 1, 5, "/0", "invalid character 'q' in string escape code", stream.ErrSyntax},
	{"[\"a\tb\"]", 3, 1, 4, "/0", "invalid character '\\t' in string literal", stream.ErrSyntax},
	{`{"a" 1}`, 5, 1, 6, "/a", "invalid character '1' after object key", stream.ErrSyntax},
	{`{"a":1 "b":2}`, 7, 1, 8, "/a", "invalid character '\"' after object key:value pair", stream.ErrSyntax},
	{`{1:2}`, 1, 1, 2, "", "invalid character '1' looking for beginning of object key string", stream.ErrSyntax},
	{`[1 2]`, 3, 1, 4, "-", "invalid character '2' after array element", stream.ErrSyntax},
	{`{"a":{"b":[[], {}, -]}}`, 20, 1, 21, "/a/b/2", "invalid character ']' in numeric literal", stream.ErrSyntax},
	{"[1,\r\n2", 6, 2, 2, "/1", "unexpected end of JSON input", stream.ErrUnexpectedEOF},
	{"\n\n  [\"\xff\"]", 6, 3, 5, "/0", "invalid UTF-8 in string", stream.ErrInvalidUTF8},
	{`{"k": ["\ud800x"]}`, 8, 1, 9, "/k/0", "invalid surrogate pair in string escape", stream.ErrInvalidUTF8},
	{strings.Repeat("[", 10001), 10000, 1, 10001, "-", "exceeded max depth", stream.ErrDepth},
	{"[\n\n\n" + strings.Repeat(" ", 40000) + "nul", 40007, 4, 40004, "-", "unexpected end of JSON input", stream.ErrUnexpectedEOF},
	{"[\n\n\n" + strings.Repeat(" ", 40000) + "nulL", 40007, 4, 40004, "/0", "invalid character 'L' in literal", stream.ErrSyntax},
}

func TestDecoderErrorPositions(t *testing.T) {
	for _, c := range errCases {
		for name, d := range decoders([]byte(c.in)) {
			_, err := allTokens(d)
			se := syntaxErr(t, name, err)
			if se == nil {
				continue
			}
			if se.Offset != c.offset || se.Line != c.line || se.Column != c.col || c.ptr != "-" && se.Pointer != c.ptr || se.Err.Error() != c.msg {
				t.Errorf("%.40q %s: offset %d line %d column %d pointer %q: %q\n want offset %d line %d column %d pointer %q: %q",
					c.in, name, se.Offset, se.Line, se.Column, se.Pointer, se.Err, c.offset, c.line, c.col, c.ptr, c.msg)
			}
			if !errors.Is(err, c.sentinel) {
				t.Errorf("%.40q %s: %v does not wrap %v", c.in, name, err, c.sentinel)
			}
			for _, other := range []error{stream.ErrSyntax, stream.ErrUnexpectedEOF, stream.ErrInvalidUTF8, stream.ErrDepth, stream.ErrLimit, stream.ErrDuplicateName} {
				if other != c.sentinel && errors.Is(err, other) {
					t.Errorf("%.40q %s: %v also wraps %v", c.in, name, err, other)
				}
			}
			// The error is sticky.
			if _, again := d.ReadToken(); again != err {
				t.Errorf("%.40q %s: next read gives %v, not the same error", c.in, name, again)
			}
		}
	}
	if !errors.Is(stream.ErrUnexpectedEOF, io.ErrUnexpectedEOF) {
		t.Errorf("ErrUnexpectedEOF is not io.ErrUnexpectedEOF")
	}
}

func TestSyntaxErrorText(t *testing.T) {
	err := stream.NewDecoderBytes([]byte(`{"a" 1}`)).SkipValue()
	// The quote is the input around the offset (12 bytes either side).
	want := `celer: invalid character '1' after object key at line 1, column 6 (offset 5) within "/a": near "{\"a\" 1}"`
	if se := syntaxErr(t, "SkipValue", err); se == nil || se.Quote != `"{\"a\" 1}"` || err.Error() != want {
		t.Errorf("error text %q\nwant like %q", err, want)
	}
	long := "[" + strings.Repeat("1,", 30) + "x]"
	_, err = allTokens(stream.NewDecoderBytes([]byte(long)))
	if se := syntaxErr(t, "long", err); se != nil && (se.Offset != 61 || se.Quote != `…"1,1,1,1,1,1,x]"`) {
		t.Errorf("offset %d quote %s; want 61 and …\"1,1,1,1,1,1,x]\"", se.Offset, se.Quote)
	}
}

// Regression tests: these were bugs when first written.

// Was a bug: errors from Validate, ValidateReader, SkipValue and ReadValue
// carry an empty Pointer whenever the fast whole-value scan finds them
// (always for Validate on bytes), although SyntaxError.Pointer is
// documented as "the JSON Pointer of the value being decoded" and the
// token-by-token Decoder fills it in. ValidateReader's Pointer even
// depends on how the reader chunks the input.
// Minimal: Validate(`{"a":1,"b":x}`) has Pointer "", want "/b".
func TestErrorPointerOnEveryPath(t *testing.T) {
	for _, c := range []struct{ in, ptr string }{
		{`{"a":1,"b":x}`, "/b"},
		{`{"a":{"b":[0,{"c":nul}]}}`, "/a/b/1/c"},
		{`{"k": ["\ud800x"]}`, "/k/0"},
	} {
		for name, err := range map[string]error{
			"Validate":             stream.Validate([]byte(c.in)),
			"ValidateReader":       stream.ValidateReader(bytes.NewReader([]byte(c.in))),
			"ValidateReader(1)":    stream.ValidateReader(&celertest.ChunkReader{Data: []byte(c.in)}),
			"SkipValue":            stream.NewDecoderBytes([]byte(c.in)).SkipValue(),
			"AppendCompact":        func() error { _, err := stream.AppendCompact(nil, []byte(c.in)); return err }(),
			"Decoder (token path)": func() error { _, err := allTokens(stream.NewDecoderBytes([]byte(c.in))); return err }(),
		} {
			if se := syntaxErr(t, name, err); se != nil && se.Pointer != c.ptr {
				t.Errorf("%s(%s): Pointer %q, want %q", name, c.in, se.Pointer, c.ptr)
			}
		}
	}
}

// Was a bug: when a scalar array element is malformed, the error's Pointer
// names the previous element: the element count only grows after a
// scalar is read successfully. encoding/json/jsontext reports "/2".
// Minimal: `[1,2,x]` gives Pointer "/1", want "/2".
func TestErrorPointerNamesElementBeingRead(t *testing.T) {
	for _, c := range []struct{ in, ptr string }{
		{`[1,2,x]`, "/2"},
		{`[[1],[2],x]`, "/2"},
		{"{\n  \"a\": [\n    1,\n    tru\n  ]\n}", "/a/1"},
		{`{"a":{"b":[[], {}, -]}}`, "/a/b/2"},
		{`["x", "\u12"]`, "/1"},
	} {
		_, err := allTokens(stream.NewDecoderBytes([]byte(c.in)))
		if se := syntaxErr(t, c.in, err); se != nil && se.Pointer != c.ptr {
			t.Errorf("%q: Pointer %q, want %q (%v)", c.in, se.Pointer, c.ptr, err)
		}
	}
}

// Was a bug: for input that ends inside a string escape or UTF-8 sequence,
// Validate reports the unexpected end at the start of the escape rather
// than at the end of the input, unlike ValidateReader, the Decoder and
// encoding/json (whose SyntaxError.Offset is len(input)).
// Minimal: Validate(`["ab\`) has Offset 4, want 5.
func TestUnexpectedEOFOffsetIsInputLength(t *testing.T) {
	for _, in := range []string{`["ab\`, `["ab\u12`, `["\ud800`, `["\ud800\`, "[\"\xc3", `"\u00`} {
		if se := syntaxErr(t, in, stream.Validate([]byte(in))); se != nil && se.Offset != int64(len(in)) {
			t.Errorf("Validate(%q): Offset %d, want %d (%v)", in, se.Offset, len(in), se.Err)
		}
	}
}

// inChild runs fn in a child test process when env is set there, and
// otherwise starts that child with a deadline, failing if it is exceeded:
// a hang must not take the whole test binary with it.
func inChild(t *testing.T, env string, deadline time.Duration, fn func()) {
	if os.Getenv(env) == "1" {
		fn()
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^"+t.Name()+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), env+"=1")
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("did not finish within %v (hangs)", deadline)
	}
	if err != nil {
		t.Fatalf("child failed: %v\n%s", err, out)
	}
}

// Was a bug: a number that cannot end where the input ends ("-", "1.", "1e",
// "1e+") makes the Decoder loop forever: scan.Number returns Incomplete
// even when final, and Decoder.refill retries numbers at EOF. Validate,
// ValidateReader, AppendCompact and celer.Compact/Indent hang on such a
// top-level value, and token reads hang on it anywhere ("[1.").
// Expected: an error wrapping ErrUnexpectedEOF at offset len(input), as
// encoding/json gives "unexpected end of JSON input".
func TestIncompleteNumberAtEOF(t *testing.T) {
	inChild(t, "CELER_BUG1_CHILD", 20*time.Second, func() {
		for _, in := range []string{"-", "1.", "1e", "1E+", "-0.5e-", " 12.", "[1."} {
			err := stream.Validate([]byte(in))
			if !errors.Is(err, stream.ErrUnexpectedEOF) {
				t.Errorf("Validate(%q) = %v, want ErrUnexpectedEOF", in, err)
			}
			_, err = allTokens(stream.NewDecoderBytes([]byte(in)))
			if se := syntaxErr(t, in, err); se != nil && (!errors.Is(err, stream.ErrUnexpectedEOF) || se.Offset != int64(len(in))) {
				t.Errorf("ReadToken on %q: %v, want ErrUnexpectedEOF at %d", in, err, len(in))
			}
			if err := stream.ValidateReader(strings.NewReader(in)); !errors.Is(err, stream.ErrUnexpectedEOF) {
				t.Errorf("ValidateReader(%q) = %v, want ErrUnexpectedEOF", in, err)
			}
			var b, jb bytes.Buffer
			if err, jerr := celer.Compact(&b, []byte(in)), json.Compact(&jb, []byte(in)); !reflect.DeepEqual(err, jerr) {
				t.Errorf("celer.Compact(%q) = %v, encoding/json %v", in, err, jerr)
			}
		}
	})
}

// Was a bug: right after a '{' token (and in errors before its first name)
// Pointer ends in "/" — the pointer of the member named "" — and right
// after '[' it names element 0, which has not been read. It should be
// the container's own pointer, as encoding/json/jsontext's StackPointer
// is. Minimal: after reading `{` of `{"":1}`, Pointer() is "/", the same
// as after reading the name "", want ""; `{1:2}` errors with Pointer "/".
func TestPointerAfterOpeningDelimiter(t *testing.T) {
	for _, c := range []struct {
		in    string
		reads int
		ptr   string
	}{
		{`{"":1}`, 1, ""},
		{`{"a":{"":1}}`, 3, "/a"},
		{`[[1]]`, 1, ""},
		{`{"a":[1]}`, 3, "/a"},
	} {
		d := stream.NewDecoderBytes([]byte(c.in))
		for range c.reads {
			d.ReadToken()
		}
		if p := d.Pointer(); p != c.ptr {
			t.Errorf("%s after %d tokens: Pointer %q, want %q", c.in, c.reads, p, c.ptr)
		}
	}
	_, err := allTokens(stream.NewDecoderBytes([]byte(`{1:2}`)))
	if se := syntaxErr(t, "{1:2}", err); se != nil && se.Pointer != "" {
		t.Errorf("{1:2}: error Pointer %q, want \"\"", se.Pointer)
	}
}

// Was a bug: PeekKind reports a closing delimiter that is a syntax error
// there instead of KindInvalid ("on an error (which the next read
// returns)"). Minimal: after `[` and `1` of `[1,}`, PeekKind is '}'.
func TestPeekKindMisplacedDelimiter(t *testing.T) {
	for _, c := range []struct {
		in    string
		reads int
	}{{`[1,}`, 2}, {`[1,]`, 2}, {`{"a":1,}`, 3}, {`[1}`, 2}, {`{"a":1]`, 3}} {
		d := stream.NewDecoderBytes([]byte(c.in))
		for range c.reads {
			if _, err := d.ReadToken(); err != nil {
				t.Fatal(err)
			}
		}
		if k := d.PeekKind(); k != stream.KindInvalid {
			_, err := d.ReadToken()
			t.Errorf("%s: PeekKind = %v, but the next read fails: %v", c.in, k, err)
		}
	}
}

// dataErrReader returns all its data together with a read error.
type dataErrReader struct {
	data []byte
	err  error
}

func (r *dataErrReader) Read(p []byte) (int, error) {
	n := copy(p, r.data)
	r.data = r.data[n:]
	if len(r.data) == 0 {
		return n, r.err
	}
	return n, nil
}

// TestReadErrorAfterData checks that the bytes a Read returns with an
// error are used before the error is reported, as io.Reader asks.
func TestReadErrorAfterData(t *testing.T) {
	errRead := errors.New("read failed")
	d := stream.NewDecoder(&dataErrReader{data: []byte(`[1,"two",{"three":3}] 4 `), err: errRead})
	var toks []string
	for {
		tok, err := d.ReadToken()
		if err != nil {
			if !errors.Is(err, errRead) {
				t.Fatalf("error %v, want the read error", err)
			}
			break
		}
		toks = append(toks, tok.String())
	}
	if got := strings.Join(toks, " "); got != `[ 1 two { three 3 } ] 4` {
		t.Fatalf("tokens %q before the read error", got)
	}
}

// TestLongNumberSmallReads reads a 256 KiB number 7 bytes at a time: the
// decoder must not rescan it from its start after every read (which took
// minutes for a few MiB).
func TestLongNumberSmallReads(t *testing.T) {
	num := "1" + strings.Repeat("0", 256<<10)
	d := stream.NewDecoder(&celertest.ChunkReader{Data: []byte("[" + num + "]"), Sizes: []int{7}})
	d.ReadToken()
	tok, err := d.ReadToken()
	if err != nil || tok.String() != num {
		t.Fatalf("got %.20q (%d bytes), %v", tok.String(), len(tok.String()), err)
	}
}

// byteErrReader returns its data a byte at a time, then err; with
// errWithLast the error comes with the last byte, else after it.
type byteErrReader struct {
	data        []byte
	err         error
	errWithLast bool
}

func (r *byteErrReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, r.err
	}
	p[0], r.data = r.data[0], r.data[1:]
	if len(r.data) == 0 && r.errWithLast {
		return 1, r.err
	}
	return 1, nil
}

// TestReadErrorDuringNumber reads numbers a byte at a time with a read
// error at the end of input: a read error met while reading ahead of a
// number must wait until the bytes before it are used.
func TestReadErrorDuringNumber(t *testing.T) {
	// A reader's error may be a *SyntaxError too (another decoder's, over
	// a pipe): the read-ahead must keep it for later all the same, not
	// take it for one of its own limits (helper-49's review).
	for _, errRead := range []error{errors.New("read failed"), stream.Validate([]byte("x"))} {
		testReadErrorDuringNumber(t, errRead)
	}
}

func testReadErrorDuringNumber(t *testing.T, errRead error) {
	for _, in := range []string{`[12]`, `[1,-0.5e+17]`, `{"a":1234567890123}`, `12 `, `[1e5,2]`} {
		for _, withLast := range []bool{false, true} {
			var want []string
			d := stream.NewDecoderBytes([]byte(in))
			for {
				tok, err := d.ReadToken()
				if err != nil {
					break
				}
				want = append(want, tok.String())
			}
			d = stream.NewDecoder(&byteErrReader{data: []byte(in), err: errRead, errWithLast: withLast})
			var got []string
			for {
				tok, err := d.ReadToken()
				if err != nil {
					if !errors.Is(err, errRead) {
						t.Errorf("%s (error with last byte: %v): error %v, want the read error", in, withLast, err)
					}
					break
				}
				got = append(got, tok.String())
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s (error with last byte: %v): tokens %q before the read error, want %q", in, withLast, got, want)
			}
		}
	}
}
