package bench

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
)

// Units of a table's cells. Throughput units are computed from the median
// time per operation; the others are static values.
const (
	UnitMBps  = "MB/s"   // input (or output) megabytes per second
	UnitOps   = "ops/s"  // operations per second
	UnitRows  = "rows/s" // table rows per second
	UnitTPS   = "TPS"    // documents read, written or both per second (Jackson)
	UnitDocs  = "docs/s" // documents per second, an operation handling many
	UnitBytes = "bytes"  // a size: lower is better
	UnitCheck = "check"  // a verdict or count, not a measure
)

// A Scenario is one table of the report: rows are contenders, columns are
// operations or inputs. Build returns the cells to measure; the runner
// checks each one, then times the checked ones round by round.
type Scenario struct {
	ID    string // "group/name": what --scenario matches
	Group string // the seed write-up it reproduces: "mORMot", "Groovy", ...
	Title string
	About string // what it measures and how to read it
	Unit  string
	Lower bool // lower values are better (sizes)
	// Full marks scenarios that run only in the full run, not with
	// --quick.
	Full bool
	// Memory makes every cell run in a child process that reports its
	// peak RSS (the "huge content" tests).
	Memory bool
	// Inputs names the datasets a memory scenario's children read (the
	// parent writes them to files once).
	Inputs []string
	// Rows lists rows to show even when no task has them (for example
	// binary formats that are not built yet): their cells show "—".
	Rows []string
	// Columns in table order. Build may add more.
	Columns []string
	// Build makes the cells. It must be cheap: inputs are prepared in the
	// tasks' Check and Op closures or by the Env, which caches them.
	Build func(e *Env) ([]Task, error)
	// Derive, instead of Build, makes a table from the tables run before
	// it (summaries such as the Groovy points); nil when there is nothing
	// to derive from.
	Derive func(prev []*Table) *Table
	// Rounds, when set, replaces the run's number of timed rounds (for
	// scenarios whose every operation takes long).
	Rounds int
	// Finish adds derived columns (points, ratios, totals) and notes once
	// every cell is measured.
	Finish func(t *Table)
}

// A Task is one cell: a contender doing one operation on one input.
type Task struct {
	Row, Col string
	// Bytes is the size of the input (or output) of one operation, for
	// MB/s; Items the number of items (rows) it processes, for rows/s.
	Bytes, Items int
	// Check runs the operation once and compares its answer with the
	// reference. It returns the number of assertions that passed; an error
	// marks the cell FAILED, and a failed cell is never timed. A nil Check
	// means the cell needs none (the baseline).
	Check func() (assertions int, err error)
	// Op is the timed operation.
	Op func() error
	// Value gives a static cell instead of a timed one: a number in the
	// table's unit and a text to show instead of it ("" to show the
	// number).
	Value func() (float64, string, error)
	// Missing, when set, says why the contender cannot run this cell: it
	// shows "—".
	Missing string
	// Anchor marks a reference row that is not a Go contender (the
	// baseline, simdjson C++); it is left out of points and "best other".
	Anchor bool
}

// Cell states.
const (
	StateOK      = "ok"
	StateFailed  = "failed"
	StateMissing = "missing"
)

// A Cell is one measured (row, column).
type Cell struct {
	State      string  `json:"state"`
	Value      float64 `json:"value,omitempty"` // in the table's unit
	Text       string  `json:"text,omitempty"`  // shown instead of Value
	NsPerOp    float64 `json:"ns_per_op,omitempty"`
	Spread     float64 `json:"spread,omitempty"` // (max-min)/median of the rounds
	Rounds     int     `json:"rounds,omitempty"`
	AllocsOp   float64 `json:"allocs_per_op,omitempty"`
	BytesOp    float64 `json:"bytes_per_op,omitempty"`
	PeakRSS    int64   `json:"peak_rss,omitempty"` // bytes, child process
	Bytes      int     `json:"bytes,omitempty"`
	Assertions int     `json:"assertions,omitempty"`
	Why        string  `json:"why,omitempty"` // why FAILED or missing
}

// A Row is one contender's cells, in column order, and its derived values.
type Row struct {
	Name   string            `json:"name"`
	Anchor bool              `json:"anchor,omitempty"`
	Cells  []Cell            `json:"cells"`
	Extra  map[string]string `json:"extra,omitempty"`
	Score  float64           `json:"score,omitempty"` // for charts of derived values (points)
}

// A Table is a scenario's result.
type Table struct {
	ID      string   `json:"id"`
	Group   string   `json:"group"`
	Title   string   `json:"title"`
	About   string   `json:"about,omitempty"`
	Unit    string   `json:"unit"`
	Lower   bool     `json:"lower_is_better,omitempty"`
	Memory  bool     `json:"memory,omitempty"`
	Columns []string `json:"columns"`
	Extra   []string `json:"extra,omitempty"` // derived column names
	Rows    []Row    `json:"rows"`
	Notes   []string `json:"notes,omitempty"`
	// Assertions counts the checks that passed, Failed the cells whose
	// answer was wrong (mORMot prints both).
	Assertions int     `json:"assertions"`
	Failed     int     `json:"failed"`
	Seconds    float64 `json:"seconds"`
	// Derived tables are computed from others: no caption or assertion
	// counts.
	Derived bool `json:"derived,omitempty"`
}

// Cell returns the cell at row and col, and whether it exists.
func (t *Table) Cell(row, col string) (*Cell, bool) {
	c := slices.Index(t.Columns, col)
	for i := range t.Rows {
		if t.Rows[i].Name == row && c >= 0 {
			return &t.Rows[i].Cells[c], true
		}
	}
	return nil, false
}

// SetExtra sets a derived value of a row.
func (r *Row) SetExtra(name, value string) {
	if r.Extra == nil {
		r.Extra = map[string]string{}
	}
	r.Extra[name] = value
}

// better reports whether value a beats b in t.
func (t *Table) better(a, b float64) bool {
	if t.Lower {
		return a < b
	}
	return a > b
}

// Best returns the best value of column col among non-anchor rows, or 0.
func (t *Table) Best(col int) float64 {
	best := 0.0
	for _, r := range t.Rows {
		c := r.Cells[col]
		if r.Anchor || c.State != StateOK || c.Value <= 0 {
			continue
		}
		if best == 0 || t.better(c.Value, best) {
			best = c.Value
		}
	}
	return best
}

// FormatValue writes v in the unit u with a precision that suits it.
func FormatValue(v float64, u string) string {
	switch {
	case v == 0:
		return "0"
	case u == UnitBytes:
		return fmt.Sprintf("%.0f", v)
	case v >= 1e6 && u != UnitMBps:
		return fmt.Sprintf("%.2fM", v/1e6)
	case v >= 1e4 && u != UnitMBps:
		return fmt.Sprintf("%.0fk", v/1e3)
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

// Show returns what a cell shows: its value, its text, FAILED or "—".
func (c *Cell) Show(u string) string {
	switch c.State {
	case StateFailed:
		return "FAILED"
	case StateMissing:
		return "—"
	}
	if c.Text != "" {
		return c.Text
	}
	return FormatValue(c.Value, u)
}

// MiB formats a byte count in mebibytes.
func MiB(n int64) string {
	return fmt.Sprintf("%.0f MiB", float64(n)/(1<<20))
}

// geomean returns the geometric mean of the positive values, or 0.
func geomean(vs []float64) float64 {
	s, n := 0.0, 0
	for _, v := range vs {
		if v > 0 {
			s += math.Log(v)
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return math.Exp(s / float64(n))
}

// ratioColumn adds, as derived column name, each row's geometric mean over
// the columns of its value divided by row ref's (encoding/json's, as in
// jsonbench): above 1 is faster than the reference.
func ratioColumn(t *Table, name, ref string) {
	var refRow *Row
	for i := range t.Rows {
		if t.Rows[i].Name == ref {
			refRow = &t.Rows[i]
		}
	}
	if refRow == nil {
		return
	}
	t.Extra = append(t.Extra, name)
	for i := range t.Rows {
		r := &t.Rows[i]
		var rs []float64
		for c := range t.Columns {
			a, b := r.Cells[c], refRow.Cells[c]
			if a.State == StateOK && b.State == StateOK && a.Value > 0 && b.Value > 0 {
				q := a.Value / b.Value
				if t.Lower {
					q = b.Value / a.Value
				}
				rs = append(rs, q)
			}
		}
		if g := geomean(rs); g > 0 {
			r.SetExtra(name, fmt.Sprintf("%.2f×", g))
			r.Score = g
		} else {
			r.SetExtra(name, "—")
		}
	}
}

// slug makes a file name of a scenario ID.
func slug(id string) string {
	return strings.NewReplacer("/", "-", " ", "-").Replace(id)
}

// sortRowsByScore orders rows by descending score.
func sortRowsByScore(t *Table) {
	sort.SliceStable(t.Rows, func(i, j int) bool { return t.Rows[i].Score > t.Rows[j].Score })
}

// static reports whether t holds static values (verdicts, sizes) rather
// than timed throughputs.
func (t *Table) static() bool { return t.Derived || t.Unit == UnitCheck || t.Unit == UnitBytes }

// indexRow returns the index of the row called name, or -1.
func indexRow(t *Table, name string) int {
	for i, r := range t.Rows {
		if r.Name == name {
			return i
		}
	}
	return -1
}
