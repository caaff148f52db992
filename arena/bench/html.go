package bench

import (
	"fmt"
	"html/template"
	"os"
	"strings"
)

// htmlPage is index.html: the run's description, the summary chart and
// table, then every scenario's table with its chart, grouped by seed.
var htmlPage = template.Must(template.New("index").Funcs(template.FuncMap{
	"grid": func(t *Table) gridView {
		h, l := grid(t)
		return gridView{h, l}
	},
	"caption": caption,
	"fails":   failures,
	"tip":     cellTip,
	"newGroup": func(ts []*Table, i int) bool {
		return i == 0 || ts[i-1].Group != ts[i].Group
	},
	"slug": slug,
}).Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>celer bench</title>
<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; padding: 0 1em; }
h1 { margin-bottom: .2em; }
h2 { border-bottom: 2px solid #ddd; padding-bottom: .2em; margin-top: 2em; }
.meta, .caption { color: #555; }
table { border-collapse: collapse; margin: .6em 0; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
th { background: #f3f3f3; }
td.failed { background: #fdd; color: #900; font-weight: bold; }
td.missing { color: #999; }
tr.anchor td { background: #f7f7ff; font-style: italic; }
img.chart { display: block; max-width: 100%; margin: .5em 0 1.5em; }
ul.fails { color: #900; }
nav a { margin-right: 1em; }
</style>
</head>
<body>
<h1>celer bench</h1>
<p class="meta">{{.Res.Meta.Line}}</p>
{{with .Charts.summary}}<img class="chart" id="chart-summary" src="{{.}}" alt="summary chart" onload="this.dataset.loaded=this.naturalWidth">{{end}}
<h2 id="summary">Summary</h2>
{{template "table" .Summary}}
<nav>{{range $i, $t := .Res.Tables}}{{if newGroup $.Res.Tables $i}}<a href="#{{slug $t.Group}}">{{$t.Group}}</a>{{end}}{{end}}</nav>
{{range $i, $t := .Res.Tables}}
{{if newGroup $.Res.Tables $i}}<h2 id="{{slug $t.Group}}">{{$t.Group}}</h2>{{end}}
<section id="{{slug $t.ID}}">
<h3>{{$t.Title}}</h3>
<p class="caption">{{caption $t}}</p>
{{if $t.About}}<p>{{$t.About}}</p>{{end}}
{{template "table" $t}}
{{with fails $t}}<ul class="fails">{{range .}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{with index $.Charts $t.ID}}<img class="chart" src="{{.}}" alt="chart of {{$t.ID}}" onload="this.dataset.loaded=this.naturalWidth">{{end}}
</section>
{{end}}
</body>
</html>
{{define "table"}}{{$g := grid .}}<table>
<tr>{{range $g.Header}}<th>{{.}}</th>{{end}}</tr>
{{range $i, $line := $g.Lines}}{{$r := index $.Rows $i}}<tr{{if $r.Anchor}} class="anchor"{{end}}>{{range $j, $s := $line}}<td{{tip $ $i $j}}>{{$s}}</td>{{end}}</tr>
{{end}}</table>{{end}}
`))

// gridView is a table laid out as text, for the template.
type gridView struct {
	Header []string
	Lines  [][]string
}

// cellTip returns the class and title attributes of cell j of row i of
// t's grid: the measurement details behind the shown value.
func cellTip(t *Table, i, j int) template.HTMLAttr {
	if j == 0 {
		return ""
	}
	col := j - 1
	if t.Memory {
		if col%2 == 1 {
			return ""
		}
		col /= 2
	}
	if col >= len(t.Columns) {
		return ""
	}
	c := t.Rows[i].Cells[col]
	var tip []string
	switch c.State {
	case StateFailed:
		return template.HTMLAttr(fmt.Sprintf(` class="failed" title="%s"`, template.HTMLEscapeString(c.Why)))
	case StateMissing:
		return template.HTMLAttr(fmt.Sprintf(` class="missing" title="%s"`, template.HTMLEscapeString(c.Why)))
	}
	if c.NsPerOp > 0 {
		tip = append(tip, fmt.Sprintf("%.0f ns/op, spread %.1f%% over %d rounds", c.NsPerOp, 100*c.Spread, c.Rounds),
			fmt.Sprintf("%.1f allocs/op, %.0f B/op", c.AllocsOp, c.BytesOp))
	}
	if c.PeakRSS > 0 {
		tip = append(tip, "peak RSS "+MiB(c.PeakRSS))
	}
	if c.Assertions > 0 {
		tip = append(tip, fmt.Sprintf("%d assertions passed", c.Assertions))
	}
	if len(tip) == 0 {
		return ""
	}
	return template.HTMLAttr(fmt.Sprintf(` title="%s"`, template.HTMLEscapeString(strings.Join(tip, "; "))))
}

// writeHTML writes index.html.
func writeHTML(path string, res *Results, charts map[string]string) error {
	var b strings.Builder
	err := htmlPage.Execute(&b, map[string]any{"Res": res, "Charts": charts, "Summary": summaryTable(res.Summary)})
	if err != nil {
		return err
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
