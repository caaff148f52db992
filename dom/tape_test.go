package dom

import (
	"bytes"
	"strings"
	"testing"
)

// saturate rewrites every length and count of d's tape to lenMax, as if
// each token were 128 MiB or more and each container had 2^27-1 children
// or more, which the accessors must then recompute from the input.
func saturate(d *Doc) {
	for i := 0; i < len(d.tape); {
		e := d.tape[i]
		switch tagOf(e) {
		case tagNumber, tagString, tagEscString, tagArray, tagObject:
			d.tape[i] = e | lenMax<<lenShift
		}
		switch tagOf(e) {
		case tagArray, tagObject:
			i += 2
		default:
			i++
		}
	}
}

// TestSaturatedLengths checks the fallbacks for lengths and counts that do
// not fit a tape entry, without building gigabyte inputs: the same
// document must read the same once its lengths are saturated.
func TestSaturatedLengths(t *testing.T) {
	in := `{"plain": "abc", "esc\"aped": "x\ny", "num": -12.5e3, "arr": [1, "two", [3], {}], "obj": {"a": null, "b": true, "c": false}}`
	want, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := Parse([]byte(in))
	saturate(got)
	if a, b := got.Root().AppendJSON(nil), want.Root().AppendJSON(nil); !bytes.Equal(a, b) {
		t.Errorf("AppendJSON: %s, want %s", a, b)
	}
	if a, b := FromValue(got.Root()).AppendJSON(nil), want.Root().AppendJSON(nil); !bytes.Equal(a, b) {
		t.Errorf("FromValue: %s, want %s", a, b)
	}
	for _, path := range [][]string{{"plain"}, {"esc\"aped"}, {"arr", "1"}, {"num"}, {"arr"}, {"arr", "1"}, {"arr", "3"}, {"obj", "c"}, {"obj"}} {
		a, b := got.Root().Lookup(path...), want.Root().Lookup(path...)
		if !a.Exists() || !bytes.Equal(a.Raw(), b.Raw()) || a.Len() != b.Len() || a.String() != b.String() {
			t.Errorf("%q: %s (len %d), want %s (len %d)", path, a.Raw(), a.Len(), b.Raw(), b.Len())
		}
		ra, oka := a.TextRaw()
		rb, okb := b.TextRaw()
		if oka != okb || !bytes.Equal(ra, rb) {
			t.Errorf("%q: TextRaw %q %v, want %q %v", path, ra, oka, rb, okb)
		}
	}
	if got.Root().Get("arr").Index(4).Exists() {
		t.Error("Index past the end of a saturated array")
	}
}

// TestTapeShape checks the documented layout on a small document.
func TestTapeShape(t *testing.T) {
	in := ` {"a": [1, "x\ty"], "b": {}} `
	d, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	wantTags := []uint64{tagObject, 0, tagString, tagArray, 0, tagNumber, tagEscString, tagString, tagObject, 0}
	if len(d.tape) != len(wantTags) {
		t.Fatalf("tape has %d words, want %d", len(d.tape), len(wantTags))
	}
	for i, w := range wantTags {
		if w != 0 && tagOf(d.tape[i]) != w {
			t.Errorf("word %d: tag %d, want %d", i, tagOf(d.tape[i]), w)
		}
	}
	// Containers: end index and count in word 0, bracket offsets in word 1.
	if endOf(d.tape[0]) != 10 || lenOf(d.tape[0]) != 2 || offOf(d.tape[1]) != 1 || int(d.tape[1]>>32) != strings.LastIndexByte(in, '}') {
		t.Errorf("root words %x %x", d.tape[0], d.tape[1])
	}
	if endOf(d.tape[3]) != 7 || lenOf(d.tape[3]) != 2 {
		t.Errorf("array word %x", d.tape[3])
	}
	if s := d.text(6); s != "x\ty" {
		t.Errorf("escaped string reads %q", s)
	}
}
