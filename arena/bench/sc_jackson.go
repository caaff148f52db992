package bench

import (
	"bytes"
	"fmt"

	"github.com/celerjson/celer/arena/bindbench/types"
	"github.com/celerjson/celer/arena/contender"
)

// jacksonScenarios reproduce the Jackson data-binding post (StaxBind /
// Japex): the db100 table read from a byte stream into typed rows,
// written to a byte stream, and both, in transactions per second, with
// each library's ratio to the slowest on read+write.
func jacksonScenarios() []*Scenario {
	return []*Scenario{{
		ID: "jackson/db100", Group: "Jackson", Title: "db100: read, write, read+write from byte streams",
		About: "The 100-row database table (about 12 KB) decoded from an io.Reader into typed rows and encoded to an " +
			"io.Writer with each library's stream API (byte streams in, byte streams out), in documents per second (TPS). " +
			"The last column is read+write as a multiple of the slowest library's, as in the post.",
		Unit:    UnitTPS,
		Columns: []string{"read", "write", "read+write"},
		Build:   jacksonDB,
		Finish:  slowestRatio,
	}}
}

func jacksonDB(e *Env) ([]Task, error) {
	src := e.Doc("db100")
	ref := memo(func() any { return decodeInto(src, func() any { return new(types.DB) }) })
	refAny := memo(func() any { return decodeAny(src) })
	out := memo(func() []byte {
		var b bytes.Buffer
		contender.NewStdIO().EncodeTo(&b, ref())
		return b.Bytes()
	})
	var tasks []Task
	for _, col := range []string{"read", "write", "read+write"} {
		tasks = append(tasks, baselineTask(col, func() []byte { return src }, 0))
	}
	ios := append(contender.IOBinders(), moreOf[contender.IOBinder](e)...)
	for _, c := range ios {
		var r bytes.Reader
		var w bytes.Buffer
		read := func() (*types.DB, error) {
			var v types.DB
			r.Reset(src)
			return &v, c.DecodeFrom(&r, &v)
		}
		write := func(v any) ([]byte, error) {
			w.Reset()
			err := c.EncodeTo(&w, v)
			return w.Bytes(), err
		}
		checkRead := func() (int, error) {
			v, err := read()
			if err != nil {
				return 0, err
			}
			return 1, sameValue(v, ref())
		}
		checkWrite := func(v any) (int, error) {
			b, err := write(v)
			if err != nil {
				return 0, err
			}
			return 1, sameJSON(b, refAny())
		}
		tasks = append(tasks,
			Task{Row: c.Name(), Col: "read", Bytes: len(src), Check: checkRead,
				Op: func() error { _, err := read(); return err }},
			Task{Row: c.Name(), Col: "write", Bytes: len(out()), Check: func() (int, error) { return checkWrite(ref()) },
				Op: func() error { _, err := write(ref()); return err }},
			Task{Row: c.Name(), Col: "read+write", Bytes: len(src),
				Check: func() (int, error) {
					v, err := read()
					if err != nil {
						return 0, err
					}
					if err := sameValue(v, ref()); err != nil {
						return 0, err
					}
					n, err := checkWrite(v)
					return n + 1, err
				},
				Op: func() error {
					v, err := read()
					if err != nil {
						return err
					}
					_, err = write(v)
					return err
				}},
		)
	}
	return tasks, nil
}

// slowestRatio adds "× slowest": each row's last column divided by the
// slowest Go contender's, as the Jackson post's "R+W, times baseline".
func slowestRatio(t *Table) {
	last := len(t.Columns) - 1
	slow := 0.0
	for _, r := range t.Rows {
		c := r.Cells[last]
		if !r.Anchor && c.State == StateOK && c.Value > 0 && (slow == 0 || c.Value < slow) {
			slow = c.Value
		}
	}
	t.Extra = append(t.Extra, "× slowest")
	for i := range t.Rows {
		r := &t.Rows[i]
		c := r.Cells[last]
		if slow == 0 || c.State != StateOK || c.Value <= 0 {
			r.SetExtra("× slowest", "—")
			continue
		}
		r.Score = c.Value / slow
		r.SetExtra("× slowest", fmt.Sprintf("%.2f", r.Score))
	}
}
