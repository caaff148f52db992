package bench

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"time"

	"github.com/celerjson/celer/arena/contender"
)

// Timing says how long each cell is timed.
type Timing struct {
	Rounds int           // timed rounds per cell, contenders interleaved
	Per    time.Duration // target duration of one round of one cell
}

// Timings of the run modes.
var (
	timingFull  = Timing{Rounds: 3, Per: 30 * time.Millisecond}
	timingQuick = Timing{Rounds: 2, Per: 6 * time.Millisecond}
)

// always lists the rows that --contender never filters out: the
// references every ratio is taken against.
var always = []string{"baseline", "stdjson"}

// runScenario builds, checks and times one scenario.
func (r *runner) runScenario(s *Scenario) (*Table, error) {
	start := time.Now()
	tasks, err := s.Build(r.env)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.ID, err)
	}
	if re := r.cfg.Contender; re != nil {
		tasks = slices.DeleteFunc(tasks, func(t Task) bool {
			return !re.MatchString(t.Row) && !slices.Contains(always, t.Row) && !t.Anchor
		})
	}
	t := &Table{ID: s.ID, Group: s.Group, Title: s.Title, About: s.About, Unit: s.Unit, Lower: s.Lower, Memory: s.Memory}
	t.Columns = slices.Clone(s.Columns)
	for _, k := range tasks {
		if !slices.Contains(t.Columns, k.Col) {
			t.Columns = append(t.Columns, k.Col)
		}
	}
	rowOf := map[string]int{}
	addRow := func(name string, anchor bool) int {
		if i, ok := rowOf[name]; ok {
			return i
		}
		cells := make([]Cell, len(t.Columns))
		for i := range cells {
			cells[i] = Cell{State: StateMissing}
		}
		t.Rows = append(t.Rows, Row{Name: name, Anchor: anchor, Cells: cells})
		rowOf[name] = len(t.Rows) - 1
		return len(t.Rows) - 1
	}
	for _, k := range tasks {
		addRow(k.Row, k.Anchor)
	}
	for _, name := range s.Rows {
		if r.cfg.Contender == nil || r.cfg.Contender.MatchString(name) {
			addRow(name, false)
		}
	}
	r.prog.scenario(s.ID, len(tasks))

	// Check every cell; keep the ones to time.
	var timed []int
	cellOf := func(k *Task) *Cell {
		return &t.Rows[rowOf[k.Row]].Cells[slices.Index(t.Columns, k.Col)]
	}
	for i := range tasks {
		k := &tasks[i]
		c := cellOf(k)
		c.Bytes = k.Bytes
		switch {
		case k.Missing != "":
			c.State, c.Why = StateMissing, k.Missing
			r.prog.step()
			continue
		case k.Value != nil:
			v, text, err := safeValue(k.Value)
			if errors.Is(err, contender.ErrUnsupported) {
				c.State, c.Why = StateMissing, err.Error()
			} else if err != nil {
				c.State, c.Why = StateFailed, err.Error()
			} else {
				c.State, c.Value, c.Text = StateOK, v, text
			}
			r.prog.step()
			continue
		}
		if k.Check != nil {
			n, err := safeCheck(k.Check)
			switch {
			case errors.Is(err, contender.ErrUnsupported):
				c.State, c.Why = StateMissing, err.Error()
				r.prog.step()
				continue
			case err != nil:
				c.State, c.Why = StateFailed, err.Error()
				t.Failed++
				r.prog.step()
				continue
			}
			c.Assertions = n
			t.Assertions += n
		}
		c.State = StateOK
		timed = append(timed, i)
	}

	// Time the checked cells column by column, interleaving the
	// contenders round by round and rotating who goes first.
	for _, col := range t.Columns {
		var group []int
		for _, i := range timed {
			if tasks[i].Col == col {
				group = append(group, i)
			}
		}
		if len(group) == 0 {
			continue
		}
		samples := make([][]float64, len(group))
		stats := make([][2]float64, len(group))
		batch := make([]int, len(group))
		runtime.GC()
		rounds := r.timing.Rounds
		if s.Rounds > 0 {
			rounds = min(rounds, s.Rounds)
		}
		if s.Memory {
			rounds = max(1, min(rounds, 2)-b2i(r.env.Quick))
		}
		for round := 0; round < rounds; round++ {
			for j := range group {
				g := (j + round) % len(group)
				k := &tasks[group[g]]
				c := cellOf(k)
				if c.State != StateOK {
					continue
				}
				var ns, allocs, bytes float64
				var err error
				if s.Memory && r.cfg.child == nil {
					var rss int64
					ns, allocs, bytes, rss, err = r.runChild(s, k)
					c.PeakRSS = max(c.PeakRSS, rss)
				} else {
					if batch[g] == 0 {
						batch[g], err = calibrate(k.Op, r.timing.Per)
					}
					if err == nil {
						ns, allocs, bytes, err = timeBatch(k.Op, batch[g])
					}
				}
				if err != nil {
					c.State, c.Why = StateFailed, "while timing: "+err.Error()
					t.Failed++
					continue
				}
				samples[g] = append(samples[g], ns)
				stats[g] = [2]float64{allocs, bytes}
			}
			if round == rounds-1 {
				for range group {
					r.prog.step()
				}
			}
		}
		for g, i := range group {
			k := &tasks[i]
			c := cellOf(k)
			if c.State != StateOK || len(samples[g]) == 0 {
				continue
			}
			s := samples[g]
			sort.Float64s(s)
			med := s[len(s)/2]
			if len(s)%2 == 0 {
				med = (s[len(s)/2-1] + s[len(s)/2]) / 2
			}
			c.NsPerOp, c.Rounds = med, len(s)
			c.Spread = (s[len(s)-1] - s[0]) / med
			c.AllocsOp, c.BytesOp = stats[g][0], stats[g][1]
			c.Value = throughput(t.Unit, med, k)
		}
	}
	if s.Finish != nil {
		s.Finish(t)
	}
	t.Seconds = time.Since(start).Seconds()
	return t, nil
}

// throughput converts a median time per operation to the unit.
func throughput(unit string, ns float64, k *Task) float64 {
	if ns <= 0 {
		return 0
	}
	switch unit {
	case UnitMBps:
		return float64(k.Bytes) / ns * 1e3
	case UnitRows, UnitDocs:
		return float64(k.Items) / ns * 1e9
	}
	return 1e9 / ns
}

// calibrate runs op until a batch takes at least half of per (the
// warm-up) and returns the batch size that should take about per.
func calibrate(op func() error, per time.Duration) (n int, err error) {
	defer recoverTo(&err)
	n = 1
	for {
		start := time.Now()
		for range n {
			if err := op(); err != nil {
				return 0, err
			}
		}
		el := time.Since(start)
		if el >= per/2 || n >= 1<<30 {
			return max(1, int(float64(n)*float64(per)/float64(max(el, time.Nanosecond)))), nil
		}
		grow := int(float64(n) * 1.2 * float64(per) / float64(max(el, time.Microsecond)))
		n = max(n+1, min(grow, 100*n))
	}
}

// timeBatch runs op n times and returns ns, allocations and bytes
// allocated per operation.
func timeBatch(op func() error, n int) (ns, allocs, bytes float64, err error) {
	defer recoverTo(&err)
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	start := time.Now()
	for range n {
		if err = op(); err != nil {
			return
		}
	}
	el := time.Since(start)
	runtime.ReadMemStats(&m1)
	f := float64(n)
	return float64(el.Nanoseconds()) / f, float64(m1.Mallocs-m0.Mallocs) / f, float64(m1.TotalAlloc-m0.TotalAlloc) / f, nil
}

// recoverTo turns a panic into *err.
func recoverTo(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("panic: %v", r)
	}
}

// safeCheck runs a check, turning a panic into an error.
func safeCheck(f func() (int, error)) (n int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return f()
}

// safeValue runs a static cell's function, turning a panic into an error.
func safeValue(f func() (float64, string, error)) (v float64, text string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return f()
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
