package bench

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
)

// compareMain prints, for every cell present in both runs, how its value
// changed from old to new, scenario by scenario, and the cells that
// appeared, disappeared or changed state (FAILED, missing).
func compareMain(oldPath, newPath string, stdout, stderr io.Writer) int {
	load := func(p string) (*Results, error) {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		var r Results
		if err := json.Unmarshal(b, &r); err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		return &r, nil
	}
	a, err := load(oldPath)
	if err != nil {
		fmt.Fprintln(stderr, "celer bench --compare:", err)
		return 1
	}
	b, err := load(newPath)
	if err != nil {
		fmt.Fprintln(stderr, "celer bench --compare:", err)
		return 1
	}
	Compare(stdout, a, b)
	return 0
}

// A Change is one cell compared between two runs.
type Change struct {
	Table, Row, Col string
	Old, New        Cell
	Delta           float64 // new ÷ old - 1, positive when better
}

// Changes lists the cells of b that exist in a, in b's order.
func Changes(a, b *Results) (changed []Change, onlyOld, onlyNew []string) {
	type key struct{ t, r, c string }
	old := map[key]Cell{}
	unit := map[string]*Table{}
	for _, t := range a.Tables {
		for _, r := range t.Rows {
			for i, c := range r.Cells {
				old[key{t.ID, r.Name, t.Columns[i]}] = c
			}
		}
	}
	seen := map[key]bool{}
	for _, t := range b.Tables {
		unit[t.ID] = t
		for _, r := range t.Rows {
			for i, c := range r.Cells {
				k := key{t.ID, r.Name, t.Columns[i]}
				seen[k] = true
				o, ok := old[k]
				if !ok {
					onlyNew = append(onlyNew, fmt.Sprintf("%s: %s / %s", t.ID, r.Name, t.Columns[i]))
					continue
				}
				ch := Change{Table: t.ID, Row: r.Name, Col: t.Columns[i], Old: o, New: c}
				if o.State == StateOK && c.State == StateOK && o.Value > 0 && c.Value > 0 {
					ch.Delta = c.Value/o.Value - 1
					if t.Lower {
						ch.Delta = o.Value/c.Value - 1
					}
				}
				changed = append(changed, ch)
			}
		}
	}
	for k := range old {
		if !seen[k] {
			onlyOld = append(onlyOld, fmt.Sprintf("%s: %s / %s", k.t, k.r, k.c))
		}
	}
	sort.Strings(onlyOld)
	return changed, onlyOld, onlyNew
}

// Compare writes the differences between two runs.
func Compare(w io.Writer, a, b *Results) {
	fmt.Fprintf(w, "old: %s\nnew: %s\n", a.Meta.Line(), b.Meta.Line())
	changed, onlyOld, onlyNew := Changes(a, b)
	units := map[string]string{}
	for _, t := range b.Tables {
		units[t.ID] = t.Unit
	}
	table := ""
	var deltas []float64
	for _, c := range changed {
		u := units[c.Table]
		if c.Old.State == c.New.State && c.Old.Text == c.New.Text && c.Delta == 0 && c.Old.Value == c.New.Value {
			continue
		}
		if c.Table != table {
			table = c.Table
			fmt.Fprintf(w, "\n%s (%s)\n", table, u)
		}
		line := fmt.Sprintf("  %-14s %-22s %12s → %-12s", c.Row, c.Col, c.Old.Show(u), c.New.Show(u))
		if c.Old.State == StateOK && c.New.State == StateOK && c.Old.Value > 0 && c.New.Value > 0 {
			line += fmt.Sprintf(" %+6.1f%%", 100*c.Delta)
			deltas = append(deltas, 1+c.Delta)
		}
		fmt.Fprintln(w, line)
	}
	if len(deltas) > 0 {
		fmt.Fprintf(w, "\ngeometric mean over %d cells: %+.1f%% (positive is better)\n", len(deltas), 100*(geomean(deltas)-1))
	}
	for _, s := range onlyOld {
		fmt.Fprintln(w, "only in old:", s)
	}
	for _, s := range onlyNew {
		fmt.Fprintln(w, "only in new:", s)
	}
}
