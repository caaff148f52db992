package bench

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/jedib0t/go-pretty/v6/table"
	"github.com/jedib0t/go-pretty/v6/text"
)

// grid lays a table out as text: a header and one line per row, with the
// peak memory beside each cell of a memory scenario, the derived columns
// and the assertion counts last.
func grid(t *Table) (header []string, lines [][]string) {
	header = []string{"contender"}
	for _, c := range t.Columns {
		header = append(header, c)
		if t.Memory {
			header = append(header, c+" peak RSS")
		}
	}
	header = append(header, t.Extra...)
	if !t.static() {
		header = append(header, "assertions")
	}
	for _, r := range t.Rows {
		name := r.Name
		if r.Anchor {
			name += " ⚓"
		}
		line := []string{name}
		passed, failed := 0, 0
		for _, c := range r.Cells {
			line = append(line, c.Show(t.Unit))
			if t.Memory {
				peak := "—"
				if c.PeakRSS > 0 && c.State == StateOK {
					peak = MiB(c.PeakRSS)
				}
				line = append(line, peak)
			}
			passed += c.Assertions
			if c.State == StateFailed {
				failed++
			}
		}
		for _, x := range t.Extra {
			v := r.Extra[x]
			if v == "" {
				v = "—"
			}
			line = append(line, v)
		}
		if t.static() {
			lines = append(lines, line)
			continue
		}
		a := fmt.Sprint(passed)
		switch {
		case failed > 0:
			a = fmt.Sprintf("%d, %d FAILED", passed, failed)
		case r.Anchor:
			a = "(reference)"
		}
		lines = append(lines, append(line, a))
	}
	return header, lines
}

// caption is the line under a table's title.
func caption(t *Table) string {
	if t.Derived {
		return t.About
	}
	if t.static() {
		return fmt.Sprintf("%s · %.1fs", map[bool]string{true: "lower is better", false: "correctness"}[t.Lower], t.Seconds)
	}
	better := "higher is better"
	if t.Lower {
		better = "lower is better"
	}
	s := fmt.Sprintf("%s, %s", t.Unit, better)
	if t.Unit == UnitCheck {
		s = "correctness"
	}
	return fmt.Sprintf("%s · %d assertions passed, %d FAILED · %.1fs", s, t.Assertions, t.Failed, t.Seconds)
}

// failures lists the FAILED cells of t with the reason.
func failures(t *Table) []string {
	var out []string
	for _, r := range t.Rows {
		for i, c := range r.Cells {
			if c.State == StateFailed {
				out = append(out, fmt.Sprintf("FAILED %s / %s: %s", r.Name, t.Columns[i], c.Why))
			}
		}
	}
	return out
}

// WriteTerminal prints the tables with box drawing (go-pretty).
func WriteTerminal(w io.Writer, ts []*Table) {
	for _, t := range ts {
		tw := table.NewWriter()
		tw.SetOutputMirror(w)
		tw.SetStyle(table.StyleRounded)
		tw.Style().Format.Header = text.FormatDefault
		tw.Style().Format.Footer = text.FormatDefault
		tw.SetTitle("%s — %s\n%s", t.Group, t.Title, caption(t))
		h, lines := grid(t)
		hr := table.Row{}
		for _, s := range h {
			hr = append(hr, s)
		}
		tw.AppendHeader(hr)
		for _, l := range lines {
			r := table.Row{}
			for _, s := range l {
				r = append(r, s)
			}
			tw.AppendRow(r)
		}
		var cfg []table.ColumnConfig
		for i := 2; i <= len(h); i++ {
			cfg = append(cfg, table.ColumnConfig{Number: i, Align: text.AlignRight, AlignHeader: text.AlignRight})
		}
		tw.SetColumnConfigs(cfg)
		tw.Render()
		for _, f := range failures(t) {
			fmt.Fprintln(w, "  "+f)
		}
		for _, n := range t.Notes {
			fmt.Fprintln(w, "  note: "+n)
		}
		fmt.Fprintln(w)
	}
}

// WriteMarkdown writes the tables as Markdown, under a heading per group.
func WriteMarkdown(w io.Writer, ts []*Table) {
	group := ""
	for _, t := range ts {
		if t.Group != group {
			group = t.Group
			fmt.Fprintf(w, "\n## %s\n", group)
		}
		fmt.Fprintf(w, "\n### %s\n\n%s\n\n", t.Title, caption(t))
		if t.About != "" {
			fmt.Fprintf(w, "%s\n\n", t.About)
		}
		h, lines := grid(t)
		fmt.Fprintf(w, "| %s |\n|---|%s\n", strings.Join(h, " | "), strings.Repeat("---:|", len(h)-1))
		for _, l := range lines {
			fmt.Fprintf(w, "| %s |\n", strings.Join(l, " | "))
		}
		for _, f := range failures(t) {
			fmt.Fprintf(w, "\n- %s", f)
		}
		for _, n := range t.Notes {
			fmt.Fprintf(w, "\n- %s", n)
		}
		fmt.Fprintln(w)
	}
}

// Summary is the run's overall view: per contender, the geometric mean of
// its ratio to encoding/json over every throughput cell of every table
// where both ran.
type Summary struct {
	Rows []SummaryRow `json:"rows"`
}

// SummaryRow is one contender of the summary.
type SummaryRow struct {
	Name   string  `json:"name"`
	Ratio  float64 `json:"ratio"`  // geometric mean of value ÷ encoding/json's
	Cells  int     `json:"cells"`  // cells that entered the mean
	Failed int     `json:"failed"` // FAILED cells over the whole run
	Wins   int     `json:"wins"`   // cells where it was the best Go contender
}

// Summarize computes the summary of a run's tables.
func Summarize(ts []*Table) Summary {
	ratios := map[string][]float64{}
	failed := map[string]int{}
	wins := map[string]int{}
	for _, t := range ts {
		if t.static() || t.Derived {
			continue
		}
		ref := -1
		for i, r := range t.Rows {
			if r.Name == "stdjson" {
				ref = i
			}
		}
		for c := range t.Columns {
			best := t.Best(c)
			for _, r := range t.Rows {
				cell := r.Cells[c]
				if cell.State == StateFailed {
					failed[r.Name]++
				}
				if r.Anchor || cell.State != StateOK || cell.Value <= 0 {
					continue
				}
				if cell.Value == best {
					wins[r.Name]++
				}
				if ref < 0 {
					continue
				}
				rc := t.Rows[ref].Cells[c]
				if rc.State != StateOK || rc.Value <= 0 {
					continue
				}
				q := cell.Value / rc.Value
				if t.Lower {
					q = rc.Value / cell.Value
				}
				ratios[r.Name] = append(ratios[r.Name], q)
			}
		}
	}
	var s Summary
	for name, rs := range ratios {
		s.Rows = append(s.Rows, SummaryRow{Name: name, Ratio: geomean(rs), Cells: len(rs), Failed: failed[name], Wins: wins[name]})
	}
	for name, n := range failed {
		if _, ok := ratios[name]; !ok {
			s.Rows = append(s.Rows, SummaryRow{Name: name, Failed: n})
		}
	}
	sort.Slice(s.Rows, func(i, j int) bool {
		if s.Rows[i].Ratio != s.Rows[j].Ratio {
			return s.Rows[i].Ratio > s.Rows[j].Ratio
		}
		return s.Rows[i].Name < s.Rows[j].Name
	})
	return s
}

// summaryTable turns the summary into a table for printing.
func summaryTable(s Summary) *Table {
	t := &Table{ID: "summary", Group: "Summary", Title: "All scenarios",
		About: "geometric mean of each contender's ratio to encoding/json over every throughput cell where both ran; best in: cells where it was the fastest Go contender",
		Unit:  "× encoding/json", Columns: []string{"ratio", "cells", "best in", "FAILED cells"}, Derived: true}
	for _, r := range s.Rows {
		ratio := "—"
		if r.Ratio > 0 {
			ratio = fmt.Sprintf("%.2f×", r.Ratio)
		}
		t.Rows = append(t.Rows, Row{Name: r.Name, Cells: []Cell{
			{State: StateOK, Text: ratio}, {State: StateOK, Text: fmt.Sprint(r.Cells)},
			{State: StateOK, Text: fmt.Sprint(r.Wins)}, {State: StateOK, Text: fmt.Sprint(r.Failed)},
		}})
	}
	return t
}
