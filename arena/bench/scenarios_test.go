package bench

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"iter"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	btypes "github.com/celerjson/celer/arena/bench/types"
	"github.com/celerjson/celer/arena/contender"
	"github.com/celerjson/celer/arena/dataset"
)

// broken gives wrong answers in every family it belongs to: binding,
// DOM and tree, byte streams and row streams. The scenarios must show its
// cells FAILED and never time them.
type broken struct{}

func (broken) Name() string { return "broken" }

// zero decodes like encoding/json and then zeroes the result: a wrong
// value that is not an error.
func zero(data []byte, v any) error {
	if err := json.Unmarshal(data, v); err != nil {
		return err
	}
	p := reflect.ValueOf(v).Elem()
	p.Set(reflect.Zero(p.Type()))
	return nil
}

func (broken) Unmarshal(data []byte, v any) error { return zero(data, v) }
func (broken) Marshal(any) ([]byte, error)        { return []byte(`{"broken":true}`), nil }
func (broken) DecodeStream(r io.Reader, v any, each func()) error {
	return contender.NewStdBind().DecodeStream(r, v, func() {}) // never reports a value
}
func (broken) ParseDOM(b []byte) error                  { return nil }
func (broken) VisitDOM() (contender.Summary, error)     { return contender.Summary{Nulls: 1}, nil }
func (broken) Fields(*contender.Summary, [][]any) error { return nil }
func (broken) Rows(*contender.Summary, []string) error  { return nil }
func (broken) AppendJSON(dst []byte) ([]byte, error)    { return append(dst, "[]"...), nil }
func (broken) DecodeFrom(r io.Reader, v any) error      { b, _ := io.ReadAll(r); return zero(b, v) }
func (broken) EncodeTo(w io.Writer, v any) error        { _, err := io.WriteString(w, "null"); return err }
func (broken) StreamRows(io.Reader, any, func()) error  { return nil }
func (broken) Valid(b []byte) bool                      { return true }
func (broken) Indent(dst, src []byte) ([]byte, error)   { return append(dst, src...), nil }
func (broken) Compact(dst, src []byte) ([]byte, error)  { return append(dst, src...), nil }
func (broken) Tokenize(b []byte) (int, error)           { return 0, errors.New("broken") }

var (
	_ contender.Binder        = broken{}
	_ contender.StreamDecoder = broken{}
	_ contender.Tree          = broken{}
	_ contender.IOBinder      = broken{}
	_ contender.RowStreamer   = broken{}
	_ contender.Indenter      = broken{}
)

func TestMormotScenarios(t *testing.T) {
	ts := runTiny(t, "^mormot/(small|deep|table)$", broken{})
	checkTables(t, ts, "broken", 5+2+3)
	small := ts[0]
	if c, _ := small.Cell("celer", "access (dom)"); c.Assertions != 11 {
		t.Errorf("small access: %d assertions, want 11 (one per glossary string)", c.Assertions)
	}
	table := ts[2]
	if c, _ := table.Cell("celer", "typed rows"); c.Assertions != tinySizes.People*6 {
		t.Errorf("table: %d assertions, want %d (every row and column)", c.Assertions, tinySizes.People*6)
	}
}

func TestMormotHugeChildren(t *testing.T) {
	ts := runTiny(t, "^mormot/huge$", broken{})
	checkTables(t, ts, "broken", 3)
	tb := ts[0]
	if !tb.Memory {
		t.Fatal("huge content is not a memory scenario")
	}
	for _, r := range tb.Rows {
		for i, c := range r.Cells {
			if c.State == StateOK && (c.PeakRSS < 1<<20 || c.PeakRSS > 4<<30) {
				t.Errorf("%s / %s: peak RSS %d bytes from the child", r.Name, tb.Columns[i], c.PeakRSS)
			}
		}
	}
	if c, _ := tb.Cell("celer", "into records"); c.State != StateOK || c.NsPerOp <= 0 {
		t.Errorf("celer records: %+v", c)
	}
	if c, _ := tb.Cell("celer", "into BSON"); c.State != StateOK || c.NsPerOp <= 0 {
		t.Errorf("celer into BSON (token transcoding): %+v", c)
	}
	if c, _ := tb.Cell("sonic", "into BSON"); c.State != StateMissing {
		t.Errorf("sonic has no JSON-to-BSON route, want —: %+v", c)
	}
}

func TestGroovyAndJackson(t *testing.T) {
	ts := runTiny(t, "^(groovy|jackson)/", broken{})
	if len(ts) != 5 {
		t.Fatalf("%d tables, want 5 (three Groovy tables, the points, Jackson)", len(ts))
	}
	checkTables(t, ts, "broken", 4*3+3)
	points := ts[3]
	if points.ID != "groovy/points" || len(points.Rows) == 0 {
		t.Fatalf("no points table: %+v", points)
	}
	for _, r := range points.Rows {
		if r.Name == "broken" && r.Score != 0 {
			t.Errorf("broken scores %v points, want 0", r.Score)
		}
		if r.Score > 8000+1e-9 {
			t.Errorf("%s: %v points, more than the 8000 possible", r.Name, r.Score)
		}
	}
	// The best deserializer of each document scores exactly 1000.
	des := ts[0]
	for c := range des.Columns {
		best := des.Best(c)
		if best <= 0 {
			t.Errorf("deserialize %s: no best", des.Columns[c])
		}
	}
	if ex := ts[4].Rows[1].Extra["× slowest"]; ex == "" || ex == "—" {
		t.Errorf("jackson: no ratio to the slowest for %s", ts[4].Rows[1].Name)
	}
}

func TestJSONBench(t *testing.T) {
	ts := runTiny(t, "^jsonbench/(un)?marshal-", broken{})
	if len(ts) != 6 {
		t.Fatalf("%d tables, want 6", len(ts))
	}
	checkTables(t, ts, "broken", 6*len(jsonbenchDocs)-6)
	for _, tb := range ts {
		if r := tb.Rows[indexRow(tb, "stdjson")]; r.Extra["÷ encoding/json"] != "1.00×" {
			t.Errorf("%s: encoding/json's own ratio is %q", tb.ID, r.Extra["÷ encoding/json"])
		}
	}
}

func TestNeoAndCouch(t *testing.T) {
	ts := runTiny(t, "^(neoubjson|couchdb)/decode|^neoubjson/", broken{})
	checkTables(t, ts, "broken", 3*3+3)
	size := ts[0]
	c, _ := size.Cell("stdjson", "1K ints")
	if want := len(`[`) + 4*(1024-999) + 3*900 + 2*90 + 9 + 1023 + len(`]`); int(c.Value) != want {
		t.Errorf("1K ints as JSON: %v bytes, want %d", c.Value, want)
	}
	// A registered format has its own row, measured (or "—" for payloads
	// it cannot hold, such as a BSON top level that is not a document);
	// a planned format nobody registered has a "—" row.
	registered := map[string]bool{}
	for _, f := range contender.Formats() {
		registered[f.Format()] = true
		c, ok := size.Cell(f.Name(), "1K bytes")
		if !ok || c.State == StateFailed {
			t.Errorf("format %s: 1K bytes cell %+v", f.Name(), c)
		}
	}
	for _, f := range contender.PlannedFormats {
		if registered[f] {
			continue
		}
		if c, ok := size.Cell(f, "1K bytes"); !ok || c.State != StateMissing {
			t.Errorf("no — row for the planned format %s", f)
		}
	}
	if c, ok := size.Cell("cbor", "1K bytes"); !ok || c.State != StateOK || c.Value < 1024 || c.Value > 1024+9 {
		t.Errorf("1K bytes as CBOR: %+v, want 1024 bytes and a short head", c)
	}
}

// The view server's broken row maps every value one too high and counts
// one row too many; its insert row stores empty objects.
func (broken) ViewStore() string { return wireJSON }
func (broken) Map(dst []viewRow, docs iter.Seq2[[]byte, []byte]) ([]viewRow, error) {
	start := len(dst)
	dst, err := inProcessView{store: wireJSON}.Map(dst, docs)
	for i := start; i < len(dst); i++ {
		dst[i].Value++
	}
	return dst, err
}
func (broken) Reduce(dst []viewPartial, batches [][]viewRow) ([]viewPartial, error) {
	for _, b := range batches {
		dst = append(dst, viewPartial{Sum: 0, Count: len(b) + 1})
	}
	return dst, nil
}
func (broken) CouchFormat() string { return wireJSON }
func (broken) AppendDoc(dst []byte, _ *btypes.CouchDoc) ([]byte, error) {
	return append(dst, "{}"...), nil
}

var (
	_ viewServer   = broken{}
	_ couchEncoder = broken{}
)

func TestCouchInsert(t *testing.T) {
	ts := runTiny(t, "^couchdb/insert$", broken{})
	checkTables(t, ts, "broken", 3)
	tb := ts[0]
	for _, row := range []string{rowInsertCeler, rowInsertStd, rowInsertMsgpack} {
		for _, col := range tb.Columns {
			c, ok := tb.Cell(row, col)
			if !ok || c.State != StateOK || c.Value <= 0 || c.Assertions != tinySizes.CouchDocs {
				t.Errorf("%s / %s: %+v, want %d documents read back", row, col, c, tinySizes.CouchDocs)
			}
		}
	}
	if c, _ := tb.Cell("baseline", "8 KiB"); c.State != StateOK || c.Value <= 0 {
		t.Errorf("baseline: %+v", c)
	}
}

func TestCouchViewServer(t *testing.T) {
	ts := runTiny(t, "^couchdb/view-server$", broken{})
	checkTables(t, ts, "broken", 6)
	tb := ts[0]
	n := tinySizes.CouchDocs
	// One row per tiny document (its type); two per large one (its type,
	// and its nested d). Tiny documents take four types in turn.
	wantRows := map[string]int{"tiny": n, "4 KiB": 2 * n, "8 KiB": 2 * n}
	for _, row := range []string{"in-process", "in-process (msgpack store)", rowJSONChild, rowJSONChildBin, rowBinChild} {
		for _, cs := range couchSizes {
			c, ok := tb.Cell(row, "map "+cs.name)
			if !ok || c.State != StateOK || c.Value <= 0 || c.Assertions != wantRows[cs.name] {
				t.Errorf("%s / map %s: %+v, want %d rows checked", row, cs.name, c, wantRows[cs.name])
			}
			c, ok = tb.Cell(row, "map+reduce "+cs.name)
			if !ok || c.State != StateOK || c.Value <= 0 || c.Assertions <= wantRows[cs.name] {
				t.Errorf("%s / map+reduce %s: %+v", row, cs.name, c)
			}
		}
		if c, _ := tb.Cell(row, "map+reduce tiny"); c.Assertions != n+4 {
			t.Errorf("%s / map+reduce tiny: %d assertions, want %d rows and 4 groups", row, c.Assertions, n)
		}
	}
	if r := tb.Rows[indexRow(tb, rowJSONChild)]; r.Extra["÷ JSON lines child"] != "1.00×" {
		t.Errorf("the JSON lines child's own ratio is %q", r.Extra["÷ JSON lines child"])
	}
	if r := tb.Rows[indexRow(tb, rowBinChild)]; !strings.HasSuffix(r.Extra["÷ JSON lines child"], "×") {
		t.Errorf("no ratio for the msgpack child: %q", r.Extra["÷ JSON lines child"])
	}
	if len(tb.Notes) == 0 || !strings.HasPrefix(tb.Notes[0], rowBinChild+" ÷ "+rowJSONChild+": map tiny ") {
		t.Errorf("notes: %q", tb.Notes)
	}
}

// A view server that does not speak its wire (the child exits at once)
// fails its cells instead of hanging the run.
func TestCouchViewServerDeadChild(t *testing.T) {
	e := tinyEnv()
	e.More = []any{&childView{name: "dead child", wire: "xml", store: wireJSON, env: e}}
	ts, err := Run(Config{Scenario: regexp.MustCompile("^couchdb/view-server$"), Env: e,
		Timing: &Timing{Rounds: 1, Per: 100 * time.Microsecond}, Self: []string{os.Args[0]}})
	if err != nil {
		t.Fatal(err)
	}
	checkTables(t, ts, "dead child", 6)
	if c, _ := ts[0].Cell("dead child", "map tiny"); !strings.Contains(c.Why, "xml") {
		t.Errorf("the child's complaint is not in the reason: %q", c.Why)
	}
}

func TestCorrectness(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"y_ok.json": `[1]`, "y_obj.json": `{"a":null}`,
		"n_comma.json": `[1,]`, "n_open.json": `[`,
		"i_big.json": `[1e999]`,
	}
	for n, s := range files {
		os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644)
	}
	e := tinyEnv(broken{})
	e.Conformance = dir
	ts, err := Run(Config{Env: e, Scenarios: []*Scenario{correctnessScenario()}})
	if err != nil {
		t.Fatal(err)
	}
	tb := ts[0]
	want := map[string]string{
		"y_ accepted": "2/2", "n_ rejected": "2/2", "invalid UTF-8": "replaced by U+FFFD",
		"duplicate names": "last wins", "depth 10,000": "accepted", "depth 10,001": "rejected",
	}
	for _, row := range []string{"celer", "stdjson"} {
		for col, w := range want {
			if c, _ := tb.Cell(row, col); c.Show(tb.Unit) != w {
				t.Errorf("%s / %s: %q, want %q", row, col, c.Show(tb.Unit), w)
			}
		}
	}
	if c, _ := tb.Cell("broken", "invalid UTF-8"); c.Show(tb.Unit) == "replaced by U+FFFD" {
		t.Errorf("broken (reads every value as zero) / invalid UTF-8: %q", c.Show(tb.Unit))
	}
	if c, _ := tb.Cell("jsonv2", "duplicate names"); c.Show(tb.Unit) != "rejected" {
		t.Errorf("jsonv2 / duplicate names: %q", c.Show(tb.Unit))
	}
	e.Conformance = filepath.Join(dir, "missing")
	ts, _ = Run(Config{Env: e, Scenarios: []*Scenario{correctnessScenario()}})
	if c, _ := ts[0].Cell("celer", "y_ accepted"); c.State != StateFailed && c.State != StateMissing {
		t.Errorf("missing suite: %+v", c)
	}
}

func TestBinarySize(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with go build")
	}
	dir, err := arenaDir()
	if err != nil {
		t.Skipf("SKIPPING: %v", err)
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	for _, n := range []string{"no JSON (fmt only)"} {
		size, err := programSize(dir, n)
		if err != nil || size < 500_000 || size > 100_000_000 {
			t.Errorf("%s: %d bytes, %v", n, size, err)
		}
		again, err := programSize(dir, n) // from the cache
		if err != nil || again != size {
			t.Errorf("%s: cached size %d, %v; want %d", n, again, err, size)
		}
	}
	if !strings.Contains(programSource("celer"), `"github.com/celerjson/celer"`) {
		t.Error("celer's program does not import celer")
	}
}

func TestCompare(t *testing.T) {
	ts := runTiny(t, "^jackson/")
	a := &Results{Tables: ts}
	var b Results
	raw, _ := json.Marshal(a)
	json.Unmarshal(raw, &b)
	b.Tables[0].Rows[1].Cells[0].Value *= 2
	b.Tables[0].Rows[2].Cells[1] = Cell{State: StateFailed}
	var out bytes.Buffer
	Compare(&out, a, &b)
	s := out.String()
	if !strings.Contains(s, "+100.0%") || !strings.Contains(s, "FAILED") || !strings.Contains(s, "jackson/db100") {
		t.Errorf("compare output lacks the changes:\n%s", s)
	}
}

// The children stream more documents than the parent queues and more
// bytes than the pipes and buffers hold, in both directions, without
// stalling; every row comes back right.
func TestViewServerStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 12 MB through child processes")
	}
	e := &Env{Sizes: Sizes{CouchDocs: 1500}, self: []string{os.Args[0]}}
	defer e.close()
	for _, vs := range viewServers(e) {
		if _, ok := vs.(*childView); !ok {
			continue
		}
		for _, cs := range []struct {
			name string
			size int
		}{{"tiny", dataset.CouchTiny}, {"8 KiB", dataset.Couch8K}} {
			db, bucket, err := couchStore(e, vs.ViewStore(), cs.name, cs.size)
			if err != nil {
				t.Fatal(err)
			}
			s, _ := couchSetOf(e, cs.name, cs.size)
			_, byKey, groups := viewReference(s)
			var res viewResult
			done := make(chan error, 1)
			go func() { done <- viewPass(db, bucket, vs, true, &res) }()
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("%s / %s: %v", vs.Name(), cs.name, err)
				}
			case <-time.After(time.Minute):
				t.Fatalf("%s / %s: stalled", vs.Name(), cs.name)
			}
			if !slices.Equal(res.rows, byKey) || !slices.Equal(res.groups, groups) {
				t.Errorf("%s / %s: %d rows and %d groups differ from the reference's %d and %d",
					vs.Name(), cs.name, len(res.rows), len(res.groups), len(byKey), len(groups))
			}
		}
	}
}
