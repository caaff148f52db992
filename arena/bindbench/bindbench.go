package bindbench

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"sync"

	"github.com/celerjson/celer/arena/bindbench/types"
	"github.com/celerjson/celer/arena/contender"
	"github.com/celerjson/celer/arena/dataset"
)

// Operations, as used in benchmark names.
const (
	OpUnmarshalStruct = "UnmarshalStruct"
	OpUnmarshalAny    = "UnmarshalAny"
	OpMarshalStruct   = "MarshalStruct"
	OpMarshalAny      = "MarshalAny"
	OpStream          = "Stream"
)

// Ops lists the operations in table order.
var Ops = []string{OpUnmarshalStruct, OpUnmarshalAny, OpMarshalStruct, OpMarshalAny, OpStream}

// A Doc is one benchmark input with its decoded forms.
type Doc struct {
	Name string
	Data []byte
	Case types.Case // zero for the stream

	// Made by encoding/json, the reference, on the first Prepare:
	Struct any    // Data unmarshaled into Case.New()
	Any    any    // Data unmarshaled into an empty interface
	StdOut []byte // json.Marshal(Struct)
	AnyOut []byte // json.Marshal(Any)

	ref *reference
}

// reference makes a Doc's reference forms once.
type reference struct {
	once sync.Once
	err  error
}

// Prepare makes d's reference forms (Struct, Any, StdOut, AnyOut) with
// encoding/json, or the stream's generated Data, if that has not happened
// yet, and reports whether it could. Load leaves this to the first use, so that a benchmark process
// that times one document holds only that document's values: the live
// heap, and with it the garbage collector's pace, then depends on what is
// measured and not on every other document of the suite.
func (d *Doc) Prepare() error {
	if d.ref == nil { // a Doc not made by Load
		return nil
	}
	d.ref.once.Do(func() {
		if d.Name == StreamName {
			d.Data, d.ref.err = LogStream(StreamRecords)
			return
		}
		d.Struct = d.Case.New()
		if err := json.Unmarshal(d.Data, d.Struct); err != nil {
			d.ref.err = fmt.Errorf("%s: %w", d.Case.File, err)
			return
		}
		if err := json.Unmarshal(d.Data, &d.Any); err != nil {
			d.ref.err = fmt.Errorf("%s: %w", d.Case.File, err)
			return
		}
		var err error
		if d.StdOut, err = json.Marshal(d.Struct); err != nil {
			d.ref.err = err
			return
		}
		if d.AnyOut, err = json.Marshal(d.Any); err != nil {
			d.ref.err = err
		}
	})
	return d.ref.err
}

// StreamName names the NDJSON stream input, and StreamRecords is its
// number of records.
const (
	StreamName    = "logs-ndjson"
	StreamRecords = 20000
)

// Load reads every document of types.Cases from the corpus folder under
// shared and adds the NDJSON log stream last. The reference forms, and
// the stream's records, are made by each document's first Prepare
// (verification and the benchmarks call it).
func Load(shared string) ([]Doc, error) {
	var docs []Doc
	for _, c := range types.Cases {
		b, err := os.ReadFile(filepath.Join(shared, "corpus", c.File))
		if err != nil {
			return nil, err
		}
		docs = append(docs, Doc{Name: c.Name, Data: b, Case: c, ref: new(reference)})
	}
	return append(docs, Doc{Name: StreamName, ref: new(reference)}), nil
}

// LogStream returns n generated log records (dataset.Logs) as NDJSON:
// one compact record per line.
func LogStream(n int) ([]byte, error) {
	var recs []json.RawMessage
	if err := json.Unmarshal(dataset.Logs(n, 1), &recs); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	for _, r := range recs {
		if err := json.Compact(&out, r); err != nil {
			return nil, err
		}
		out.WriteByte('\n')
	}
	return out.Bytes(), nil
}

// Applies reports whether op runs on d: the stream only in OpStream, the
// documents in every other operation.
func Applies(op string, d *Doc) bool { return (op == OpStream) == (d.Name == StreamName) }

// Supports reports whether c can run op on d. Binders without a stream
// decoder, and easyjson (generated code only) on empty interfaces, cannot.
func Supports(c contender.Binder, op string) bool {
	switch op {
	case OpStream:
		_, ok := c.(contender.StreamDecoder)
		return ok
	case OpUnmarshalAny, OpMarshalAny:
		return c.Name() != "easyjson"
	}
	return true
}

// Verdict is the result of checking one contender on one document and
// operation: nil Err means its answer matched encoding/json's.
type Verdict struct{ Err error }

// Key names a verdict.
func Key(op, doc, contender string) string { return op + "/" + doc + "/" + contender }

// Verify runs every supported operation of every contender once on every
// document and compares the result with encoding/json's:
//
//   - Unmarshal: the decoded value must be deeply equal;
//   - Marshal: the output, decoded by encoding/json into an empty
//     interface, must be deeply equal to encoding/json's output decoded
//     the same way (so key order, spacing, escaping and float spelling may
//     differ, values may not);
//   - Stream: the records must be deeply equal, in order.
func Verify(list []contender.Binder, docs []Doc) map[string]Verdict {
	out := map[string]Verdict{}
	var want []types.Log
	for i := range docs {
		d := &docs[i]
		for _, op := range Ops {
			if !Applies(op, d) {
				continue
			}
			if op == OpStream && want == nil {
				err := d.Prepare()
				if err == nil {
					want, err = streamRecords(contender.NewStdBind(), d.Data)
				}
				if err != nil {
					for _, c := range list {
						out[Key(op, d.Name, c.Name())] = Verdict{fmt.Errorf("reference: %w", err)}
					}
					continue
				}
			}
			for _, c := range list {
				if !Supports(c, op) {
					continue
				}
				out[Key(op, d.Name, c.Name())] = Verdict{check(c, op, d, want)}
			}
		}
	}
	return out
}

// VerifyOne is Verify for one contender, operation and document (which
// op must apply to): what a benchmark needs before it times c, without
// checking every other pair first (so that, for instance, one benchmark
// runs under callgrind in minutes).
func VerifyOne(c contender.Binder, op string, d *Doc) Verdict {
	var want []types.Log
	if op == OpStream {
		err := d.Prepare()
		if err == nil {
			want, err = streamRecords(contender.NewStdBind(), d.Data)
		}
		if err != nil {
			return Verdict{fmt.Errorf("reference: %w", err)}
		}
	}
	return Verdict{check(c, op, d, want)}
}

// check runs op once with c and compares the result with the reference.
func check(c contender.Binder, op string, d *Doc, want []types.Log) (err error) {
	if err := d.Prepare(); err != nil {
		return fmt.Errorf("reference: %w", err)
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	switch op {
	case OpUnmarshalStruct:
		v := d.Case.New()
		if err := c.Unmarshal(d.Data, v); err != nil {
			return err
		}
		if !reflect.DeepEqual(v, d.Struct) {
			return errors.New("decoded value differs from encoding/json's")
		}
	case OpUnmarshalAny:
		var v any
		if err := c.Unmarshal(d.Data, &v); err != nil {
			return err
		}
		if !reflect.DeepEqual(v, d.Any) {
			return errors.New("decoded value differs from encoding/json's")
		}
	case OpMarshalStruct, OpMarshalAny:
		in, ref := d.Struct, d.StdOut
		if op == OpMarshalAny {
			in, ref = d.Any, d.AnyOut
		}
		out, err := c.Marshal(in)
		if err != nil {
			return err
		}
		return sameJSON(out, ref, c.Name() == "jsonv2")
	case OpStream:
		got, err := streamRecords(c, d.Data)
		if err != nil {
			return err
		}
		if len(got) != len(want) {
			return fmt.Errorf("decoded %d records, want %d", len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				return fmt.Errorf("record %d differs from encoding/json's", i)
			}
		}
	}
	return nil
}

// sameJSON reports whether got and want, both decoded by encoding/json
// into empty interfaces, are deeply equal. With emptyIsNull, an empty
// array or object in got may stand for a null in want: encoding/json/v2
// writes nil slices and maps as [] and {} by design.
func sameJSON(got, want []byte, emptyIsNull bool) error {
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		return fmt.Errorf("output is not valid JSON: %w", err)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		return err
	}
	if emptyIsNull {
		g = emptyToNull(g, w)
	}
	if p, ok := firstDiff("$", g, w); !ok {
		return fmt.Errorf("output differs from encoding/json's at %s", p)
	}
	return nil
}

// firstDiff compares two decoded JSON values and returns the path of the
// first difference, or ok when they are deeply equal.
func firstDiff(path string, g, w any) (string, bool) {
	switch gv := g.(type) {
	case map[string]any:
		wv, isMap := w.(map[string]any)
		if !isMap {
			return path + " (object where encoding/json has another kind)", false
		}
		keys := make([]string, 0, len(gv)+len(wv))
		for k := range gv {
			keys = append(keys, k)
		}
		for k := range wv {
			if _, dup := gv[k]; !dup {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			gk, gok := gv[k]
			wk, wok := wv[k]
			switch {
			case !wok:
				return fmt.Sprintf("%s.%s (member encoding/json omits)", path, k), false
			case !gok:
				return fmt.Sprintf("%s.%s (missing member)", path, k), false
			}
			if p, ok := firstDiff(path+"."+k, gk, wk); !ok {
				return p, false
			}
		}
		return "", true
	case []any:
		wv, isArr := w.([]any)
		if !isArr || len(wv) != len(gv) {
			return path + " (array of another length or kind)", false
		}
		for i := range gv {
			if p, ok := firstDiff(fmt.Sprintf("%s[%d]", path, i), gv[i], wv[i]); !ok {
				return p, false
			}
		}
		return "", true
	}
	if !reflect.DeepEqual(g, w) {
		return fmt.Sprintf("%s (%v, want %v)", path, g, w), false
	}
	return "", true
}

// streamRecords decodes every record of an NDJSON log stream with c.
func streamRecords(c contender.Binder, data []byte) ([]types.Log, error) {
	s, ok := c.(contender.StreamDecoder)
	if !ok {
		return nil, errors.New("no stream decoder")
	}
	var rec types.Log
	var list []types.Log
	err := s.DecodeStream(bytes.NewReader(data), &rec, func() {
		list = append(list, rec)
		rec = types.Log{}
	})
	return list, err
}

// emptyToNull returns g with every empty array or object that sits where
// w has a null replaced by nil.
func emptyToNull(g, w any) any {
	switch gv := g.(type) {
	case []any:
		if w == nil && len(gv) == 0 {
			return nil
		}
		if wv, ok := w.([]any); ok && len(wv) == len(gv) {
			for i := range gv {
				gv[i] = emptyToNull(gv[i], wv[i])
			}
		}
	case map[string]any:
		if w == nil && len(gv) == 0 {
			return nil
		}
		if wv, ok := w.(map[string]any); ok {
			for k := range gv {
				gv[k] = emptyToNull(gv[k], wv[k])
			}
		}
	}
	return g
}
