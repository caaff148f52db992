package bench

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// WriteReport writes the report folder: results.json, report.md, an SVG
// chart per scenario and a summary chart under charts/, and index.html.
func WriteReport(dir string, res *Results) error {
	if err := os.MkdirAll(filepath.Join(dir, "charts"), 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "results.json"), append(b, '\n'), 0o644); err != nil {
		return err
	}
	var md strings.Builder
	fmt.Fprintf(&md, "# celer bench\n\n%s\n", res.Meta.Line())
	fmt.Fprintf(&md, "\n![summary](charts/summary.svg)\n")
	WriteMarkdown(&md, []*Table{summaryTable(res.Summary)})
	WriteMarkdown(&md, res.Tables)
	if err := os.WriteFile(filepath.Join(dir, "report.md"), []byte(md.String()), 0o644); err != nil {
		return err
	}
	charts, err := writeCharts(filepath.Join(dir, "charts"), res)
	if err != nil {
		return err
	}
	return writeHTML(filepath.Join(dir, "index.html"), res, charts)
}
