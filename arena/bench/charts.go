package bench

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/go-analyze/charts"
)

// chartData returns what a table's chart shows: one series per column,
// one bar per row (the baseline left out: it would dwarf every other bar),
// as the ratio to encoding/json when the table has that row, else the
// values themselves.
func chartData(t *Table) (rows, series []string, values [][]float64, unit string) {
	ref := indexRow(t, "stdjson")
	unit = t.Unit
	if ref >= 0 && !t.static() {
		unit = "× encoding/json"
	}
	for _, r := range t.Rows {
		if r.Name == rowBaseline {
			continue
		}
		any := false
		for _, c := range r.Cells {
			any = any || (c.State == StateOK && c.Value > 0)
		}
		if any || t.Derived {
			rows = append(rows, r.Name)
		}
	}
	for c, col := range t.Columns {
		vs := make([]float64, 0, len(rows))
		have := false
		for _, name := range rows {
			cell := t.Rows[indexRow(t, name)].Cells[c]
			v := 0.0
			if cell.State == StateOK {
				v = cell.Value
				if ref >= 0 && unit != t.Unit {
					rc := t.Rows[ref].Cells[c]
					if rc.State == StateOK && rc.Value > 0 {
						v = cell.Value / rc.Value
						if t.Lower {
							v = rc.Value / cell.Value
						}
					} else {
						v = 0
					}
				}
			}
			have = have || v > 0
			vs = append(vs, v)
		}
		if have {
			series = append(series, col)
			values = append(values, vs)
		}
	}
	return rows, series, values, unit
}

// renderChart draws a horizontal bar chart as SVG.
func renderChart(title, sub string, rows, series []string, values [][]float64) ([]byte, error) {
	if len(rows) == 0 || len(series) == 0 {
		return nil, nil
	}
	// The chart draws the first category at the bottom: reverse, so that
	// the table's first row is on top.
	rows = reversed(rows)
	for i := range values {
		values[i] = reversed(values[i])
	}
	h := 120 + len(rows)*max(18, 10*len(series))
	p, err := charts.HorizontalBarRender(values,
		charts.SVGOutputOptionFunc(),
		charts.DimensionsOptionFunc(900, h),
		charts.TitleTextOptionFunc(title, sub),
		charts.LegendLabelsOptionFunc(series),
		charts.YAxisLabelsOptionFunc(rows),
		charts.PaddingOptionFunc(charts.Box{Top: 20, Left: 20, Right: 40, Bottom: 20}),
	)
	if err != nil {
		return nil, err
	}
	return p.Bytes()
}

// writeCharts writes charts/<scenario>.svg for every table that has
// numbers to draw, and charts/summary.svg; it returns the chart file of
// each table ID.
func writeCharts(dir string, res *Results) (map[string]string, error) {
	out := map[string]string{}
	for _, t := range res.Tables {
		if t.Unit == UnitCheck {
			continue
		}
		rows, series, values, unit := chartData(t)
		if len(series) > 8 {
			series, values = series[:8], values[:8]
		}
		svg, err := renderChart(t.Group+" — "+t.Title, unit+map[bool]string{true: ", lower is better", false: ", higher is better"}[t.Lower], rows, series, values)
		if err != nil {
			return nil, fmt.Errorf("chart %s: %w", t.ID, err)
		}
		if svg == nil {
			continue
		}
		name := slug(t.ID) + ".svg"
		if err := os.WriteFile(filepath.Join(dir, name), svg, 0o644); err != nil {
			return nil, err
		}
		out[t.ID] = "charts/" + name
	}
	var rows []string
	var vs []float64
	for _, r := range res.Summary.Rows {
		if r.Ratio > 0 {
			rows = append(rows, r.Name)
			vs = append(vs, r.Ratio)
		}
	}
	svg, err := renderChart("celer bench — all scenarios", "geometric mean of the ratio to encoding/json, higher is better", rows, []string{"× encoding/json"}, [][]float64{vs})
	if err != nil {
		return nil, fmt.Errorf("summary chart: %w", err)
	}
	if svg != nil {
		if err := os.WriteFile(filepath.Join(dir, "summary.svg"), svg, 0o644); err != nil {
			return nil, err
		}
		out["summary"] = "charts/summary.svg"
	}
	return out, nil
}

func reversed[T any](s []T) []T {
	out := make([]T, len(s))
	for i, v := range s {
		out[len(s)-1-i] = v
	}
	return out
}
