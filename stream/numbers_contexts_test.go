package stream

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

var ncAlpha = []string{"0", "1", "5", "9", "-", "+", ".", "e", "E", " ", "/", ":", "a", "\x80", "\xb0", "\xb9", "\xba", "\xff", "\x00", ",", "]", "}", "\"", "\t", "\n", "x", "0", "\xc3\xa9"}

func ncDigits(r *rand.Rand, n int) string {
	var sb strings.Builder
	for range n {
		sb.WriteByte(byte('0' + r.IntN(10)))
	}
	return sb.String()
}

func ncNumber(r *rand.Rand) string {
	var sb strings.Builder
	if r.IntN(3) == 0 {
		sb.WriteByte('-')
	}
	if r.IntN(4) == 0 {
		sb.WriteByte('0')
	} else {
		sb.WriteByte(byte('1' + r.IntN(9)))
		sb.WriteString(ncDigits(r, r.IntN(24)))
	}
	if r.IntN(2) == 0 {
		sb.WriteByte('.')
		sb.WriteString(ncDigits(r, 1+r.IntN(22)))
	}
	if r.IntN(6) == 0 {
		sb.WriteString([]string{"e", "E", "e+", "e-", "E-"}[r.IntN(5)])
		sb.WriteString(ncDigits(r, 1+r.IntN(3)))
	}
	s := sb.String()
	for range r.IntN(3) {
		if len(s) == 0 {
			break
		}
		i := r.IntN(len(s) + 1)
		a := ncAlpha[r.IntN(len(ncAlpha))]
		switch r.IntN(3) {
		case 0: // insert
			s = s[:i] + a + s[i:]
		case 1: // replace
			if i < len(s) {
				s = s[:i] + a + s[i+1:]
			}
		case 2: // delete
			if i < len(s) {
				s = s[:i] + s[i+1:]
			}
		}
	}
	if len(s) == 0 || s[0] != '-' && (s[0] < '0' || s[0] > '9') {
		s = "1" + s
	}
	return s
}

var ncFollow = []string{"", " ", "  ", "\t", "\n ", "x", "\x80", "\xff", "\"", ":", "1", "-", ".", "e", " 1", " x", "/"}

// ncDoc builds a document around a number-like run.
func ncDoc(r *rand.Rand, num string, size int) []byte {
	var b bytes.Buffer
	fol := ""
	if r.IntN(2) == 0 {
		fol = ncFollow[r.IntN(len(ncFollow))]
	}
	switch r.IntN(4) {
	case 0: // the number at the end of the input
		b.WriteString(strings.Repeat(" ", max(0, size-len(num)-len(fol))))
		b.WriteString(num)
		b.WriteString(fol)
		return b.Bytes()
	case 1: // in an object
		b.WriteString(`{"pad":"` + strings.Repeat("y", max(0, size-40-r.IntN(64))) + `","k":`)
		b.WriteString(strings.Repeat(" ", r.IntN(3)))
		b.WriteString(num)
		b.WriteString(fol)
		b.WriteString([]string{"}", ",\"z\":2}", " }", "}  ", "}\n"}[r.IntN(5)])
		return b.Bytes()
	default: // in an array of numbers
		b.WriteString("[")
		for b.Len() < size-64 {
			n := ncNumber(r)
			if json.Valid([]byte(n)) {
				b.WriteString(n)
			} else {
				b.WriteString("12.5")
			}
			b.WriteString([]string{",", ", ", " ,", ",\n  "}[r.IntN(4)])
		}
		b.WriteString(strings.Repeat(" ", r.IntN(40)))
		b.WriteString(num)
		b.WriteString(fol)
		b.WriteString([]string{"]", ",0]", " ]", "]  ", ",-1.25]"}[r.IntN(5)])
		return b.Bytes()
	}
}

type ncChunks struct {
	b []byte
	r *rand.Rand
}

func (c *ncChunks) Read(p []byte) (int, error) {
	if len(c.b) == 0 {
		return 0, io.EOF
	}
	n := min(len(p), len(c.b), 1+c.r.IntN(70))
	copy(p, c.b[:n])
	c.b = c.b[n:]
	return n, nil
}

// ncTokens reads d to the end: the tokens, then the error (or "" and
// whether exactly one top-level value was read).
func ncTokens(d *Decoder) (string, bool) {
	var sb strings.Builder
	top := 0
	for {
		tk, err := d.ReadToken()
		if err == io.EOF {
			return sb.String(), top == 1
		}
		if err != nil {
			sb.WriteString("ERR " + ncErr(err))
			return sb.String(), false
		}
		fmt.Fprintf(&sb, "%v %q|", tk.Kind(), tk.Raw())
		if d.Depth() == 0 {
			top++
		}
	}
}

func ncErr(err error) string {
	var se *SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("off=%d line=%d col=%d ptr=%s %v", se.Offset, se.Line, se.Column, se.Pointer, se.Err)
	}
	return err.Error()
}

// TestNumberRunsInContexts: number-like runs (valid numbers of up to ~50
// bytes with up to two one-byte changes: signs, dots, exponents, spaces,
// delimiters, bytes >= 0x80) at the end of the input, in objects and in
// arrays, followed by whitespace, delimiters or garbage, in documents of 20
// bytes to 3 KB with the Decoder's index windows shrunk to 64-192 bytes:
// Valid, Validate, AppendCompact and AppendIndent agree with encoding/json
// (and with Validate's error), and the Decoder over the bytes (tape) and
// over a reader of random chunks reads the one-pass reader's tokens and
// error. CELER_RANDOM_N sets the number of documents, CELER_RANDOM_LOG a file to write each
// one's outcome to (for comparing two commits).
func TestNumberRunsInContexts(t *testing.T) {
	n := 4000
	if testing.Short() {
		n = 500
	}
	if s := os.Getenv("CELER_RANDOM_N"); s != "" {
		fmt.Sscan(s, &n)
	}
	var log io.Writer = io.Discard
	if f := os.Getenv("CELER_RANDOM_LOG"); f != "" {
		fh, err := os.Create(f)
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		log = fh
	}
	sizes := []int{20, 100, 200, 250, 600, 1100, 1500, 3000}
	r := rand.New(rand.NewPCG(65, 65))
	fails := 0
	for i := range n {
		if i%4 == 0 {
			defer SetIndexing(64*(1+r.IntN(3)), r.IntN(600))()
		}
		num := ncNumber(r)
		doc := ncDoc(r, num, sizes[r.IntN(len(sizes))]+r.IntN(40))
		want := json.Valid(doc)
		report := func(what string, got any) {
			fails++
			if fails < 30 {
				t.Errorf("%s on %q (%d bytes, json.Valid %v): %v", what, doc[max(0, bytes.Index(doc, []byte(num))-8):], len(doc), want, got)
			}
		}
		if Valid(doc) != want {
			report("Valid", !want)
		}
		verr := Validate(doc)
		if (verr == nil) != want {
			report("Validate", verr)
		}
		c, err := AppendCompact(nil, doc)
		if (err == nil) != want {
			report("AppendCompact", err)
		} else if want {
			var ref bytes.Buffer
			json.Compact(&ref, doc)
			if !bytes.Equal(ref.Bytes(), c) {
				report("AppendCompact output", string(c))
			}
		} else if ncErr(err) != ncErr(verr) {
			report("AppendCompact error vs Validate", err)
		}
		ind, err := AppendIndent(nil, doc, "", "  ")
		if (err == nil) != want {
			report("AppendIndent", err)
		} else if want {
			var ref bytes.Buffer
			json.Indent(&ref, doc, "", "  ")
			if !bytes.Equal(ref.Bytes(), ind) {
				report("AppendIndent output", string(ind))
			}
		} else if ncErr(err) != ncErr(verr) {
			report("AppendIndent error vs Validate", err)
		}
		ref, refOne := ncTokens(OnePass(NewDecoderBytes(doc)))
		if refOne != want {
			report("one-pass decoder validity", ref)
		}
		if tape, one := ncTokens(NewDecoderBytes(doc)); tape != ref || one != refOne {
			report("bytes decoder vs one-pass", fmt.Sprintf("\n%s\n%s", tape, ref))
		}
		if rd, _ := ncTokens(NewDecoder(&ncChunks{doc, r})); rd != ref {
			report("reader decoder vs one-pass", fmt.Sprintf("\n%s\n%s", rd, ref))
		}
		h := fnv.New64a()
		h.Write([]byte(ref))
		es := ""
		if verr != nil {
			es = ncErr(verr)
		}
		fmt.Fprintf(log, "%d %v %x %s\n", i, want, h.Sum64(), es)
	}
}

// TestNumberRunsAtWindowEdge: number runs across scan's 64 KiB index window.
func TestNumberRunsAtWindowEdge(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for i := range 100 {
		num := ncNumber(r)
		at := 65536 - 30 + r.IntN(60)
		var b bytes.Buffer
		b.WriteString(`["`)
		b.WriteString(strings.Repeat("z", max(0, at-len(`["`)-2-r.IntN(4))))
		b.WriteString(`",`)
		for b.Len() < at {
			b.WriteByte(' ')
		}
		b.WriteString(num)
		b.WriteString(ncFollow[r.IntN(len(ncFollow))])
		b.WriteString([]string{"]", ",1]", " ]"}[r.IntN(3)])
		if r.IntN(3) == 0 {
			b.WriteString(strings.Repeat(" ", r.IntN(30)))
		}
		doc := b.Bytes()
		want := json.Valid(doc)
		verr := Validate(doc)
		if Valid(doc) != want || (verr == nil) != want {
			t.Errorf("%d: Valid/Validate on %q: want %v, %v", i, doc[at-4:], want, verr)
		}
		c, err := AppendCompact(nil, doc)
		if (err == nil) != want || err != nil && ncErr(err) != ncErr(verr) {
			t.Errorf("%d: AppendCompact on %q: %v", i, doc[at-4:], err)
		} else if want {
			var ref bytes.Buffer
			json.Compact(&ref, doc)
			if !bytes.Equal(ref.Bytes(), c) {
				t.Errorf("%d: compact output differs", i)
			}
		}
		ind, err := AppendIndent(nil, doc, "", "\t")
		if (err == nil) != want || err != nil && ncErr(err) != ncErr(verr) {
			t.Errorf("%d: AppendIndent on %q: %v", i, doc[at-4:], err)
		} else if want {
			var ref bytes.Buffer
			json.Indent(&ref, doc, "", "\t")
			if !bytes.Equal(ref.Bytes(), ind) {
				t.Errorf("%d: indent output differs", i)
			}
		}
		ref, one := ncTokens(OnePass(NewDecoderBytes(doc)))
		if one != want {
			t.Errorf("%d: one-pass %v on %q", i, one, doc[at-4:])
		}
		if tape, _ := ncTokens(NewDecoderBytes(doc)); tape != ref {
			t.Errorf("%d: tape differs on %q", i, doc[at-4:])
		}
		if rd, _ := ncTokens(NewDecoder(&ncChunks{doc, r})); rd != ref {
			t.Errorf("%d: reader differs on %q", i, doc[at-4:])
		}
	}
}
