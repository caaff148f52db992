package bench

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"

	"github.com/celerjson/celer/arena/contender"
)

// Rows that are not Go contenders.
const (
	rowBaseline = "baseline"
)

// baselineTask is the speed-of-memory row of a throughput column: it
// copies the operation's input (or output) of len(src) bytes.
func baselineTask(col string, src func() []byte, items int) Task {
	var dst []byte
	b := src()
	return Task{Row: rowBaseline, Col: col, Bytes: len(b), Items: items, Anchor: true, Op: func() error {
		dst = append(dst[:0], b...)
		return nil
	}}
}

// anchorTasks are the simdjson C++ rows of a parse column: parse and walk
// src, checked against encoding/json's reading of it.
func anchorTasks(col string, src []byte, items int, want func() any) []Task {
	var out []Task
	for _, a := range contender.Anchors() {
		out = append(out, Task{Row: a.Name(), Col: col, Bytes: len(src), Items: items, Anchor: true,
			Check: func() (int, error) {
				got, err := a.ParseVisit(src)
				if err != nil {
					return 0, err
				}
				var ws contender.AnchorSummary
				contender.SummarizeAnchor(&ws, want())
				if got != ws {
					return 0, fmt.Errorf("summary %+v, want %+v", got, ws)
				}
				return 1, nil
			},
			Op: func() error { _, err := a.ParseVisit(src); return err },
		})
	}
	return out
}

// binders returns the binding contenders and the extra ones of e.
func binders(e *Env) []contender.Binder {
	return append(contender.Binders(), moreOf[contender.Binder](e)...)
}

// trees returns the tree contenders and the extra ones of e.
func trees(e *Env) []contender.Tree {
	return append(contender.Trees(), moreOf[contender.Tree](e)...)
}

// decodeAny decodes b with encoding/json into an empty interface: the
// reference reading of every document.
func decodeAny(b []byte) any {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		panic("bench: reference decode: " + err.Error())
	}
	return v
}

// decodeInto decodes b with encoding/json into a new value made by mk.
func decodeInto(b []byte, mk func() any) any {
	v := mk()
	if err := json.Unmarshal(b, v); err != nil {
		panic("bench: reference decode: " + err.Error())
	}
	return v
}

// summaryOf summarises encoding/json's reading of a value.
func summaryOf(v any) contender.Summary {
	var s contender.Summary
	contender.SummarizeAny(&s, v)
	return s
}

// sameJSON reports whether the JSON text got means the same value as
// want (a value decoded by encoding/json): decoded by encoding/json, the
// two must be deeply equal; member order, spacing, escaping and number
// spelling may differ.
func sameJSON(got []byte, want any) error {
	var g any
	if err := json.Unmarshal(got, &g); err != nil {
		return fmt.Errorf("output is not valid JSON: %w", err)
	}
	if p, ok := firstDiff("$", g, want); !ok {
		return fmt.Errorf("output differs from encoding/json's at %s", p)
	}
	return nil
}

// firstDiff compares two decoded JSON values and returns the path of the
// first difference, or ok when they are deeply equal.
func firstDiff(path string, g, w any) (string, bool) {
	switch gv := g.(type) {
	case map[string]any:
		wv, ok := w.(map[string]any)
		if !ok {
			return path + " (object where the reference has another kind)", false
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
			if !gok || !wok {
				return path + "." + k + " (member missing on one side)", false
			}
			if p, ok := firstDiff(path+"."+k, gk, wk); !ok {
				return p, false
			}
		}
		return "", true
	case []any:
		wv, ok := w.([]any)
		if !ok || len(wv) != len(gv) {
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

// sameValue reports whether a decoded value equals the reference.
func sameValue(got, want any) error {
	if !reflect.DeepEqual(got, want) {
		return fmt.Errorf("decoded value differs from encoding/json's")
	}
	return nil
}
