package stream_test

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/celerjson/celer/stream"
)

// TestCloneDetaches: a cloned token stays intact when the Decoder's input
// changes, whatever its kind (tokens from the tape, literals and
// delimiters included, point into the input).
func TestCloneDetaches(t *testing.T) {
	src := `[` + strings.Repeat(`{"k":"v","n":-1.5,"t":true,"f":false,"z":null,"a":[]},`, 40) + `{}]`
	data := []byte(src)
	d := stream.NewDecoderBytes(data)
	var want []string
	var clones []stream.Token
	for {
		tok, err := d.ReadToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, string(tok.Raw()))
		clones = append(clones, tok.Clone())
	}
	for i := range data {
		data[i] = 'x'
	}
	for i, c := range clones {
		if got := string(c.Raw()); got != want[i] || c.Kind() == stream.KindInvalid {
			t.Fatalf("token %d: clone reads %q (kind %v) after the input changed, want %q", i, got, c.Kind(), want[i])
		}
	}
}

// TestTapeNumbers: the tape loop checks the usual numbers inline, word by
// word, and leaves the rest to scan.NumberRun; every short run over a
// number alphabet, and long runs with a '.' anywhere, must get the one-pass
// reader's verdict. Each run sits in an array with enough input after it
// for the word loads.
func TestTapeNumbers(t *testing.T) {
	var runs []string
	alphabet := []byte("-0123.e+")
	var gen func(prefix []byte, n int)
	gen = func(prefix []byte, n int) {
		if len(prefix) > 0 {
			runs = append(runs, string(prefix))
		}
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			gen(append(prefix, c), n-1)
		}
	}
	if raceEnabled {
		gen(nil, 3) // (the plain pass tries all runs of 4)
	} else {
		gen(nil, 4)
	}
	for k := 0; k <= 26; k++ {
		for m := 0; k+m <= 26; m++ {
			for _, sign := range []string{"", "-"} {
				for _, lead := range []string{"1", "0"} {
					r := sign + lead + strings.Repeat("7", k)
					if m > 0 {
						r += "." + strings.Repeat("3", m-1)
					}
					runs = append(runs, r, r+"e5")
				}
			}
		}
	}
	// Bytes next to the digits and '.' in ASCII ('/' and ':'), and bytes
	// >= 0x80, which the inline check's word operations let carry into
	// the bytes after them: alone, they are rejected by stage 1 as UTF-8,
	// so the runs are also read with AllowInvalidUTF8.
	alphabet = []byte("-0.5/:\xaf\xb0\xb9\xba\xff")
	gen(nil, 3)
	for _, r := range []string{"1\xc3\xa9", "-12.5\xe2\x82\xac1", "1234567\xba.5", "12345678\xba9.5", "1.\xff" + strings.Repeat("1", 17)} {
		runs = append(runs, r)
	}
	pad := strings.Repeat(" ", 40)
	restore := stream.SetIndexing(64, 0)
	defer restore()
	for ri, r := range runs {
		for di, data := range []string{"[" + r + ", \"x\"]" + pad, "[" + r + "]", "[1,\n" + r + "\n," + pad + "2]"} {
			if raceEnabled && di != ri%3 {
				continue // (the race pass puts each run in one of the three)
			}
			for _, o := range []stream.Options{stream.AllowInvalidUTF8(false), stream.AllowInvalidUTF8(true)} {
				want := trace(stream.OnePass(stream.NewDecoderBytes([]byte(data), o)), nil, 100)
				if got := trace(stream.NewDecoderBytes([]byte(data), o), nil, 100); got != want {
					t.Fatalf("%q:\n%s", data, firstDiff(got, want))
				}
			}
		}
	}
}

// TestTapeNumbersInline: the usual numbers (a sign, up to 24 bytes of
// digits with at most one '.') are accepted by the tape loop's inline
// check, not left to scan.NumberRun; the check is a quarter of the time of
// number-heavy input, and falling back would only show as slowness.
func TestTapeNumbersInline(t *testing.T) {
	for _, r := range []string{"0", "-0", "7", "-7", "0.5", "-0.25", "12", "-65.613616999999977", "43.420273000000009",
		"123456789012345678901234", "-12345678901234567890123", "1.2345678901234567890123", "-123456789012345678901.3"} {
		data := []byte("[" + strings.Repeat(r+",", 600) + r + "]" + strings.Repeat(" ", 30)) // over the tape's minimum size
		d := stream.NewDecoderBytes(data)
		if _, err := d.ReadToken(); err != nil {
			t.Fatal(err)
		}
		if _, err := d.ReadToken(); err != nil || !stream.ServedByTape(d) {
			t.Fatalf("%s: not read from the tape (err %v)", r, err)
		}
		if stream.NumbersSlowChecked(d) {
			t.Errorf("%s: left to scan.NumberRun", r)
		}
	}
}

// TestFixedTokensIdentity checks that literals and delimiters read from the
// tape are the package's own tokens, as the one-pass readers return them,
// so that comparing with == works whichever path served the token.
func TestFixedTokensIdentity(t *testing.T) {
	doc := []byte(`{"a":[true,false,null,{},[]],"b":[` + strings.Repeat(`[1,{"x":null},true,false,[]],`, 40) + `0]}`)
	fixed := map[stream.Kind]stream.Token{
		stream.KindNull: stream.Null, stream.KindTrue: stream.True, stream.KindFalse: stream.False,
		stream.KindBeginObject: stream.BeginObject, stream.KindEndObject: stream.EndObject,
		stream.KindBeginArray: stream.BeginArray, stream.KindEndArray: stream.EndArray,
	}
	for _, d := range []*stream.Decoder{stream.NewDecoderBytes(doc), stream.NewDecoder(bytes.NewReader(doc))} {
		n := 0
		for {
			tok, err := d.ReadToken()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if want, ok := fixed[tok.Kind()]; ok {
				n++
				if tok != want {
					t.Fatalf("token %d (%v) is not the package's %v token", n, tok.Kind(), tok.Kind())
				}
			}
		}
		if n < 200 {
			t.Fatalf("only %d fixed tokens read", n)
		}
	}
	d := stream.NewDecoderBytes(doc)
	d.ReadToken()
	d.ReadToken()
	if !stream.ServedByTape(d) {
		t.Fatal("the byte-slice decoder did not use the tape: the test no longer covers it")
	}
}

// TestTapeEmptyContainers: the tape loop puts an empty object or array on
// the tape with its end in one step, without pushing a frame. The step must
// keep the count, depth, pointer and offsets of the containers around it,
// check MaxDepth (one of the option sets is MaxDepth(3)) and leave a
// mismatched or unclosed pair to the other readers, wherever the pair falls
// against windows, tape batches and the end of the indexed input.
func TestTapeEmptyContainers(t *testing.T) {
	cases := []string{
		`[]`, `{}`, `[ ]`, "{\n}", `[[]]`, `[{}]`, `{"a":[]}`, `{"a":{}}`, `[[],[],{},[]]`,
		`{"a":[],"b":{},"c":[1,[],2]}`, `[[[[]]]]`, `[[[{}]]]`, `[[[[1]]]]`, `[1,[],"x",{},null]`,
		`[}`, `{]`, `[[}]`, `[{]}`, `[[]`, `{"a":{}`, `[],`, `{} []`, `[][]`, `[[]]]`,
	}
	for _, c := range cases {
		for _, data := range []string{c, `[` + strings.Repeat(`0,`, 29) + c + `,"tail"]`,
			`{"k":` + strings.Repeat(`[`, 2) + c + strings.Repeat(`]`, 2) + `}`} {
			compareIndexed(t, data, []byte(data), nil, []int{64})
			compareIndexed(t, data+" (mixed calls)", []byte(data), []byte{0x1b, 0xe4}, []int{64})
		}
	}
}
