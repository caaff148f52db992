package celer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/celerjson/celer/internal/celertest"
)

// stdElements decodes what Elements should yield with encoding/json.
func stdElements[T any](t *testing.T, data []byte) []T {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	var out []T
	if bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n"), []byte("[")) {
		dec.Token()
		for dec.More() {
			var v T
			if err := dec.Decode(&v); err != nil {
				t.Fatal(err)
			}
			out = append(out, v)
		}
		return out
	}
	for {
		var v T
		err := dec.Decode(&v)
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
}

func collect[T any](t *testing.T, seq func(func(T, error) bool)) []T {
	t.Helper()
	var out []T
	for v, err := range seq {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

func TestElementsNDJSON(t *testing.T) {
	for _, f := range celertest.NDJSON(t) {
		want := stdElements[map[string]any](t, f.Data)
		got := collect(t, Elements[map[string]any](bytes.NewReader(f.Data)))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: Elements differs from encoding/json", f.Name)
		}
		got = collect(t, Elements[map[string]any](iotest.OneByteReader(bytes.NewReader(f.Data))))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: Elements (one byte reads) differs from encoding/json", f.Name)
		}
		got = collect(t, ParallelElements[map[string]any](bytes.NewReader(f.Data)))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: ParallelElements differs from encoding/json", f.Name)
		}
	}
}

func TestElementsArray(t *testing.T) {
	for _, f := range celertest.CorpusJSON(t) {
		if !bytes.HasPrefix(bytes.TrimLeft(f.Data, " \t\r\n"), []byte("[")) {
			continue
		}
		want := stdElements[any](t, f.Data)
		got := collect(t, Elements[any](bytes.NewReader(f.Data)))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: Elements differs from encoding/json", f.Name)
		}
	}
}

func TestElementsErrors(t *testing.T) {
	type S struct{ A int }
	var vals []S
	var errs []error
	for v, err := range Elements[S](strings.NewReader(`{"A":1} {"A":"x"} {"A":3} {`)) {
		vals = append(vals, v)
		errs = append(errs, err)
	}
	if len(vals) != 4 || vals[2].A != 3 {
		t.Fatalf("got %v %v", vals, errs)
	}
	var te *UnmarshalTypeError
	if errs[0] != nil || !errors.As(errs[1], &te) || errs[2] != nil || !errors.Is(errs[3], io.ErrUnexpectedEOF) {
		t.Fatalf("errors: %v", errs)
	}
	// Early break stops reading.
	n := 0
	for range Elements[int](strings.NewReader(`[1,2,3,4]`)) {
		if n++; n == 2 {
			break
		}
	}
	for v, err := range Elements[int](strings.NewReader(`[1,2] 3`)) {
		if err != nil && v == 0 && !errors.Is(err, errTrailingData) {
			t.Fatal(err)
		}
	}
	for _, err := range Elements[int](strings.NewReader(` `)) {
		t.Fatal("empty input yields nothing", err)
	}
}

func TestParallelElements(t *testing.T) {
	var b strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&b, "{\"i\":%d,\"s\":\"v%d\"}\n", i, i)
		if i%1000 == 0 {
			b.WriteString("\n  \n")
		}
		if i == 777 {
			b.WriteString("{bad}\n")
		}
	}
	type rec struct {
		I int
		S string
	}
	i := 0
	for v, err := range ParallelElements[rec](strings.NewReader(b.String())) {
		if i == 778 {
			if err == nil {
				t.Fatal("want a syntax error for the bad line")
			}
			i++
			continue
		}
		want := i
		if i > 778 {
			want = i - 1
		}
		if err != nil || v.I != want || v.S != fmt.Sprint("v", want) {
			t.Fatalf("element %d: %+v %v", i, v, err)
		}
		i++
	}
	if i != 20001 {
		t.Fatalf("got %d elements", i)
	}
	// Early break.
	n := 0
	for range ParallelElements[rec](strings.NewReader(b.String())) {
		if n++; n == 10 {
			break
		}
	}
	// Read errors end the iteration.
	var last error
	for _, err := range ParallelElements[rec](iotest.TimeoutReader(strings.NewReader(b.String()))) {
		last = err
	}
	if !errors.Is(last, iotest.ErrTimeout) {
		t.Fatalf("last error %v", last)
	}
}

// TestElementsInvalidUTF8 checks that Elements, like Unmarshal, replaces
// invalid UTF-8 in an element's strings (and only in that element: the
// next one is valid and read as it is).
func TestElementsInvalidUTF8(t *testing.T) {
	lines := []string{`{"a":"x` + "\xff" + `y","b":"ok"}`, `{"a":"caf` + "\xc3\xa9" + `","b":"` + "\xed\xa0\x80" + `"}`, `{"a":"plain","b":"text"}`}
	var got []map[string]string
	for v, err := range Elements[map[string]string](strings.NewReader(strings.Join(lines, "\n"))) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, v)
	}
	for i, line := range lines {
		var want map[string]string
		if err := json.Unmarshal([]byte(line), &want); err != nil {
			t.Fatal(err)
		}
		if i >= len(got) || !reflect.DeepEqual(got[i], want) {
			t.Errorf("line %d: got %q, want %q", i, got, want)
		}
	}
}
