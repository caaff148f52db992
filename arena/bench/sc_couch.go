package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"time"

	vmsgpack "github.com/vmihailenco/msgpack/v5"
	bolt "go.etcd.io/bbolt"

	btypes "github.com/celerjson/celer/arena/bench/types"
	"github.com/celerjson/celer/arena/contender"
	"github.com/celerjson/celer/arena/dataset"
)

// couchSizes are the CouchDB document classes: name and size.
var couchSizes = []struct {
	name string
	size int
}{{"tiny", dataset.CouchTiny}, {"4 KiB", dataset.Couch4K}, {"8 KiB", dataset.Couch8K}}

// couchScenarios reproduce the CouchDB view-server thread: 10,000
// documents of each size class (--quick: 1,000), decoded one at a time,
// inserted into a store, and mapped and reduced through a view server.
func couchScenarios() []*Scenario {
	return []*Scenario{
		{
			ID: "couchdb/decode", Group: "CouchDB", Title: "Decode 10,000 documents one at a time",
			About: "CouchDB-style documents (--quick: 1,000) as NDJSON, decoded one by one into a Go struct with each " +
				"library's stream decoder: what a view server does before it maps a document.",
			Unit: UnitMBps, Rounds: 1,
			Columns: []string{"tiny", "4 KiB", "8 KiB"},
			Build:   couchDecode,
			Finish:  func(t *Table) { ratioColumn(t, "÷ encoding/json", "stdjson") },
		},
		{
			ID: "couchdb/insert", Group: "CouchDB", Title: "Insert 10,000 documents into bbolt",
			About: "Each document (a Go struct) encoded and stored under its _id in an embedded bbolt database " +
				"(go.etcd.io/bbolt, no fsync), all in one transaction that first drops the previous copy: as JSON " +
				"text (celer, encoding/json) and as MessagePack (celer's msgpack, the binary format the view " +
				"server reads). The baseline stores the generator's JSON text without encoding anything: the " +
				"store's own cost. Checked by reading every stored document back with another library " +
				"(encoding/json, vmihailenco/msgpack).",
			Unit: UnitDocs, Rounds: 2,
			Columns: []string{"tiny", "4 KiB", "8 KiB"},
			Build:   couchInsertTasks,
			Finish:  func(t *Table) { ratioColumn(t, "÷ encoding/json", rowInsertStd) },
		},
		{
			ID: "couchdb/view-server", Group: "CouchDB", Title: "View server: map and map+reduce",
			About: "Every stored document streamed from bbolt through a view server that decodes it into a generic " +
				"value (as JSON.parse would), runs the map function (emit the type with n or f1; emit d:nested.d " +
				"with the length of nested1.a) and sends the rows back; map+reduce then sorts the rows by key and " +
				"sends them in batches of up to 200 for reduce (sum and count per key). In-process runs the " +
				"functions in the parent on the JSON store (or the MessagePack one: the formats' decoding " +
				"apart from the pipe); the children are `celer bench` again, speaking JSON " +
				"lines (the CouchDB protocol's style: the stored JSON text goes through as it is, the child " +
				"parses it) or length-prefixed MessagePack frames (the stored MessagePack goes through as it is); " +
				"children run with GOGC=800, as the parent's large heap makes its own collector run seldom. " +
				"\"JSON lines child, msgpack store\" transcodes each stored MessagePack document to JSON on the " +
				"way, as CouchDB encoded its Erlang terms as JSON. The thread measured the map about 2× (4 KiB) " +
				"and 3× (8 KiB) faster without JSON between the processes; ÷ JSON lines child is that ratio " +
				"here (geometric mean; per column in the notes). Every row's rows and reduced values must equal " +
				"a reference computed with encoding/json and typed structs.",
			Unit:    UnitDocs,
			Columns: couchViewCols(),
			Build:   couchViewTasks,
			Finish:  couchViewFinish,
		},
	}
}

func couchDecode(e *Env) ([]Task, error) {
	var tasks []Task
	for _, cs := range couchSizes {
		docs := dataset.CouchDocs(e.Sizes.CouchDocs, cs.size, 11)
		nd := dataset.NDJSON(docs)
		want := memo(func() []btypes.CouchDoc {
			out, err := couchRecords(contender.NewStdBind(), nd)
			if err != nil {
				panic(err)
			}
			return out
		})
		tasks = append(tasks, baselineTask(cs.name, func() []byte { return nd }, len(docs)))
		for _, b := range binders(e) {
			s, ok := b.(contender.StreamDecoder)
			if !ok {
				continue
			}
			tasks = append(tasks, Task{Row: b.Name(), Col: cs.name, Bytes: len(nd), Items: len(docs),
				Check: func() (int, error) {
					got, err := couchRecords(b, nd)
					if err != nil {
						return 0, err
					}
					if len(got) != len(want()) {
						return 0, fmt.Errorf("%d documents, want %d", len(got), len(want()))
					}
					for i := range got {
						if !reflect.DeepEqual(got[i], want()[i]) {
							return 0, fmt.Errorf("document %d differs from encoding/json's", i)
						}
					}
					return len(got), nil
				},
				Op: func() error {
					var d btypes.CouchDoc
					return s.DecodeStream(bytes.NewReader(nd), &d, func() { d = btypes.CouchDoc{} })
				},
			})
		}
	}
	return tasks, nil
}

// couchRecords decodes every document of an NDJSON stream with b.
func couchRecords(b contender.Binder, nd []byte) ([]btypes.CouchDoc, error) {
	s, ok := b.(contender.StreamDecoder)
	if !ok {
		return nil, contender.ErrUnsupported
	}
	var d btypes.CouchDoc
	var out []btypes.CouchDoc
	err := s.DecodeStream(bytes.NewReader(nd), &d, func() {
		out = append(out, d)
		d = btypes.CouchDoc{}
	})
	return out, err
}

// Rows of the CouchDB insert and view-server tables.
const (
	rowInsertCeler   = "celer JSON"
	rowInsertStd     = "encoding/json"
	rowInsertMsgpack = "celer msgpack"
	rowJSONChild     = "JSON lines child"
	rowJSONChildBin  = "JSON lines child, msgpack store"
	rowBinChild      = "msgpack child"
)

// A couchSet is one size class of documents, made once per run.
type couchSet struct {
	name  string
	docs  []btypes.CouchDoc // encoding/json's reading of the generated text
	text  [][]byte          // the generated compact JSON
	ids   [][]byte
	bytes int // of text, in all
}

func couchSetOf(e *Env, name string, size int) (*couchSet, error) {
	v, err := e.value("couch/docs/"+name, func() (any, error) {
		text := dataset.CouchDocs(e.Sizes.CouchDocs, size, 11)
		s := &couchSet{name: name, text: text, docs: make([]btypes.CouchDoc, len(text)), ids: make([][]byte, len(text))}
		for i, t := range text {
			if err := json.Unmarshal(t, &s.docs[i]); err != nil {
				return nil, err
			}
			s.ids[i] = []byte(s.docs[i].ID)
			s.bytes += len(t)
		}
		return s, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*couchSet), nil
}

// couchDB returns the run's bbolt database, in a folder removed when the
// run ends. Writes are not synced: the tables time encoding and the
// store's work, not the disk's flushes.
func couchDB(e *Env) (*bolt.DB, error) {
	v, err := e.value("couch/db", func() (any, error) {
		dir, err := os.MkdirTemp("", "celer-couch-")
		if err != nil {
			return nil, err
		}
		db, err := bolt.Open(filepath.Join(dir, "couch.db"), 0o600,
			&bolt.Options{NoSync: true, NoFreelistSync: true, FreelistType: bolt.FreelistMapType, Timeout: time.Second})
		if err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		e.onClose(func() { db.Close(); os.RemoveAll(dir) })
		return db, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*bolt.DB), nil
}

// couchInsert stores, in one transaction, every document of s under its
// ID in the bucket name (dropped first when it exists), as enc encodes it
// into arena (reused from call to call: bbolt holds the values until the
// commit).
func couchInsert(db *bolt.DB, name string, s *couchSet, enc func(dst []byte, i int) ([]byte, error), arena *[]byte) error {
	return db.Update(func(tx *bolt.Tx) error {
		bn := []byte(name)
		if tx.Bucket(bn) != nil {
			if err := tx.DeleteBucket(bn); err != nil {
				return err
			}
		}
		b, err := tx.CreateBucket(bn)
		if err != nil {
			return err
		}
		buf := (*arena)[:0]
		for i := range s.docs {
			start := len(buf)
			if buf, err = enc(buf, i); err != nil {
				return err
			}
			if err := b.Put(s.ids[i], buf[start:len(buf):len(buf)]); err != nil {
				return err
			}
		}
		*arena = buf
		return nil
	})
}

// A couchEncoder encodes documents for the insert table.
type couchEncoder interface {
	Name() string
	// CouchFormat is how the stored bytes are read back: "json" or
	// "msgpack".
	CouchFormat() string
	AppendDoc(dst []byte, d *btypes.CouchDoc) ([]byte, error)
}

type formatEncoder struct {
	name string
	f    couchFormat
}

func (c formatEncoder) Name() string        { return c.name }
func (c formatEncoder) CouchFormat() string { return c.f.name }
func (c formatEncoder) AppendDoc(dst []byte, d *btypes.CouchDoc) ([]byte, error) {
	return c.f.marshal(dst, d)
}

type stdEncoder struct{}

func (stdEncoder) Name() string        { return rowInsertStd }
func (stdEncoder) CouchFormat() string { return wireJSON }
func (stdEncoder) AppendDoc(dst []byte, d *btypes.CouchDoc) ([]byte, error) {
	b, err := json.Marshal(d)
	return append(dst, b...), err
}

// couchReadBack decodes a stored document with a library other than
// celer: encoding/json, or vmihailenco/msgpack reading the json tags.
func couchReadBack(format string, b []byte, d *btypes.CouchDoc) error {
	if format == wireJSON {
		return json.Unmarshal(b, d)
	}
	dec := vmsgpack.NewDecoder(bytes.NewReader(b))
	dec.SetCustomStructTag("json")
	return dec.Decode(d)
}

func couchInsertTasks(e *Env) ([]Task, error) {
	encs := []couchEncoder{
		formatEncoder{rowInsertCeler, couchFormatOf(wireJSON)},
		stdEncoder{},
		formatEncoder{rowInsertMsgpack, couchFormatOf(wireMsgpack)},
	}
	encs = append(encs, moreOf[couchEncoder](e)...)
	var tasks []Task
	for _, cs := range couchSizes {
		n := e.Sizes.CouchDocs
		set := func() (*couchSet, *bolt.DB, error) {
			s, err := couchSetOf(e, cs.name, cs.size)
			if err != nil {
				return nil, nil, err
			}
			db, err := couchDB(e)
			return s, db, err
		}
		var raw []byte
		tasks = append(tasks, Task{Row: rowBaseline, Col: cs.name, Items: n, Anchor: true,
			Op: func() error {
				s, db, err := set()
				if err != nil {
					return err
				}
				return couchInsert(db, "insert/baseline/"+cs.name, s,
					func(dst []byte, i int) ([]byte, error) { return append(dst, s.text[i]...), nil }, &raw)
			},
		})
		for _, c := range encs {
			bucket := "insert/" + c.Name() + "/" + cs.name
			var arena []byte
			op := func() (*couchSet, *bolt.DB, error) {
				s, db, err := set()
				if err != nil {
					return nil, nil, err
				}
				return s, db, couchInsert(db, bucket, s,
					func(dst []byte, i int) ([]byte, error) { return c.AppendDoc(dst, &s.docs[i]) }, &arena)
			}
			tasks = append(tasks, Task{Row: c.Name(), Col: cs.name, Items: n,
				Check: func() (int, error) {
					s, db, err := op()
					if err != nil {
						return 0, err
					}
					return couchCheckStored(db, bucket, c.CouchFormat(), s)
				},
				Op: func() error { _, _, err := op(); return err },
			})
		}
	}
	return tasks, nil
}

// couchCheckStored reads every document of the bucket back and compares
// it with the one inserted; it returns the number of documents.
func couchCheckStored(db *bolt.DB, bucket, format string, s *couchSet) (int, error) {
	want := make(map[string]*btypes.CouchDoc, len(s.docs))
	for i := range s.docs {
		want[s.docs[i].ID] = &s.docs[i]
	}
	n := 0
	err := db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte(bucket))
		if b == nil {
			return fmt.Errorf("no bucket %s", bucket)
		}
		return b.ForEach(func(k, v []byte) error {
			w, ok := want[string(k)]
			if !ok {
				return fmt.Errorf("stored an unknown key %q", k)
			}
			var got btypes.CouchDoc
			if err := couchReadBack(format, v, &got); err != nil {
				return fmt.Errorf("document %s: %w", k, err)
			}
			if !reflect.DeepEqual(&got, w) {
				return fmt.Errorf("document %s reads back different", k)
			}
			n++
			return nil
		})
	})
	if err == nil && n != len(s.docs) {
		err = fmt.Errorf("%d documents stored, want %d", n, len(s.docs))
	}
	return n, err
}

// couchStore returns the bucket holding every document of the size class
// encoded by celer as format, for the view server to read.
func couchStore(e *Env, format, name string, size int) (*bolt.DB, string, error) {
	bucket := "view/" + format + "/" + name
	v, err := e.value("couch/store/"+format+"/"+name, func() (any, error) {
		s, err := couchSetOf(e, name, size)
		if err != nil {
			return nil, err
		}
		db, err := couchDB(e)
		if err != nil {
			return nil, err
		}
		f := couchFormatOf(format)
		var arena []byte
		err = couchInsert(db, bucket, s, func(dst []byte, i int) ([]byte, error) { return f.marshal(dst, &s.docs[i]) }, &arena)
		return db, err
	})
	if err != nil {
		return nil, "", err
	}
	return v.(*bolt.DB), bucket, nil
}

func couchViewCols() []string {
	var cols []string
	for _, op := range []string{"map", "map+reduce"} {
		for _, cs := range couchSizes {
			cols = append(cols, op+" "+cs.name)
		}
	}
	return cols
}

// viewResult is what one pass of the view gives.
type viewResult struct {
	rows    []viewRow // by document ID; with reduce, by key then ID
	batches [][]viewRow
	parts   []viewPartial
	groups  []viewGroup // with reduce
}

// viewPass runs the view once over the bucket: map every document, then
// with reduce sort the rows by key and reduce them. res is reused.
func viewPass(db *bolt.DB, bucket string, vs viewServer, reduce bool, res *viewResult) error {
	res.rows, res.batches, res.parts, res.groups = res.rows[:0], res.batches[:0], res.parts[:0], res.groups[:0]
	err := db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte(bucket))
		if b == nil {
			return fmt.Errorf("no bucket %s", bucket)
		}
		docs := func(yield func(k, v []byte) bool) {
			c := b.Cursor()
			for k, v := c.First(); k != nil; k, v = c.Next() {
				if !yield(k, v) {
					return
				}
			}
		}
		var err error
		res.rows, err = vs.Map(res.rows, docs)
		return err
	})
	if err != nil || !reduce {
		return err
	}
	slices.SortStableFunc(res.rows, func(a, b viewRow) int { return strings.Compare(a.Key, b.Key) })
	res.batches = viewBatches(res.batches, res.rows)
	if res.parts, err = vs.Reduce(res.parts, res.batches); err != nil {
		return err
	}
	if len(res.parts) != len(res.batches) {
		return fmt.Errorf("%d reduce results for %d batches", len(res.parts), len(res.batches))
	}
	res.groups = viewCombine(res.groups, res.batches, res.parts)
	return nil
}

// viewReference computes the view with typed structs decoded by
// encoding/json: the rows by ID and by key, and the groups.
func viewReference(s *couchSet) (byID, byKey []viewRow, groups []viewGroup) {
	docs := slices.Clone(s.docs)
	slices.SortFunc(docs, func(a, b btypes.CouchDoc) int { return strings.Compare(a.ID, b.ID) })
	for _, d := range docs {
		v := d.F1
		if d.N != nil {
			v = float64(*d.N)
		}
		byID = append(byID, viewRow{ID: d.ID, Key: d.Type, Value: v})
		if d.Nested1 != nil {
			byID = append(byID, viewRow{ID: d.ID, Key: "d:" + d.Nested1.Nested2.MoreNested.D, Value: float64(len(d.Nested1.A))})
		}
	}
	byKey = slices.Clone(byID)
	slices.SortStableFunc(byKey, func(a, b viewRow) int { return strings.Compare(a.Key, b.Key) })
	batches := viewBatches(nil, byKey)
	parts := make([]viewPartial, len(batches))
	for i, b := range batches {
		parts[i] = viewReduce(rowValues(b))
	}
	return byID, byKey, viewCombine(nil, batches, parts)
}

// viewServers are the rows of the view-server table, and the extra ones
// of e.
func viewServers(e *Env) []viewServer {
	list := []viewServer{
		inProcessView{store: wireJSON},
		inProcessView{store: wireMsgpack},
		&childView{name: rowJSONChild, wire: wireJSON, store: wireJSON, env: e},
		&childView{name: rowJSONChildBin, wire: wireJSON, store: wireMsgpack, env: e},
		&childView{name: rowBinChild, wire: wireMsgpack, store: wireMsgpack, env: e},
	}
	return append(list, moreOf[viewServer](e)...)
}

func couchViewTasks(e *Env) ([]Task, error) {
	var tasks []Task
	servers := viewServers(e)
	for _, reduce := range []bool{false, true} {
		for _, cs := range couchSizes {
			col := "map " + cs.name
			if reduce {
				col = "map+reduce " + cs.name
			}
			n := e.Sizes.CouchDocs
			ref := memo(func() [3]any {
				s, err := couchSetOf(e, cs.name, cs.size)
				if err != nil {
					panic(err)
				}
				byID, byKey, groups := viewReference(s)
				return [3]any{byID, byKey, groups}
			})
			// The baseline reads every stored JSON document and copies it.
			var dst []byte
			tasks = append(tasks, Task{Row: rowBaseline, Col: col, Items: n, Anchor: true,
				Op: func() error {
					db, bucket, err := couchStore(e, wireJSON, cs.name, cs.size)
					if err != nil {
						return err
					}
					return db.View(func(tx *bolt.Tx) error {
						return tx.Bucket([]byte(bucket)).ForEach(func(_, v []byte) error {
							dst = append(dst[:0], v...)
							return nil
						})
					})
				},
			})
			for _, vs := range servers {
				var res viewResult
				pass := func() error {
					db, bucket, err := couchStore(e, vs.ViewStore(), cs.name, cs.size)
					if err != nil {
						return err
					}
					return viewPass(db, bucket, vs, reduce, &res)
				}
				tasks = append(tasks, Task{Row: vs.Name(), Col: col, Items: n,
					Check: func() (int, error) {
						if err := pass(); err != nil {
							return 0, err
						}
						r := ref()
						want := r[0].([]viewRow)
						if reduce {
							want = r[1].([]viewRow)
						}
						if len(res.rows) != len(want) {
							return 0, fmt.Errorf("%d rows, want %d", len(res.rows), len(want))
						}
						for i := range want {
							if res.rows[i] != want[i] {
								return 0, fmt.Errorf("row %d is %+v, want %+v", i, res.rows[i], want[i])
							}
						}
						if !reduce {
							return len(want), nil
						}
						groups := r[2].([]viewGroup)
						if !slices.Equal(res.groups, groups) {
							return 0, fmt.Errorf("reduced to %+v, want %+v", res.groups, groups)
						}
						return len(want) + len(groups), nil
					},
					Op: pass,
				})
			}
		}
	}
	return tasks, nil
}

// couchViewFinish adds the ratio to the JSON lines child (the thread's
// claim) and its value per column.
func couchViewFinish(t *Table) {
	ratioColumn(t, "÷ JSON lines child", rowJSONChild)
	ref := indexRow(t, rowJSONChild)
	if ref < 0 {
		return
	}
	for _, row := range []string{rowBinChild, "in-process"} {
		i := indexRow(t, row)
		if i < 0 {
			continue
		}
		var parts []string
		for c, col := range t.Columns {
			a, b := t.Rows[i].Cells[c], t.Rows[ref].Cells[c]
			if a.State == StateOK && b.State == StateOK && a.Value > 0 && b.Value > 0 {
				parts = append(parts, fmt.Sprintf("%s %.2f×", col, a.Value/b.Value))
			}
		}
		if len(parts) > 0 {
			t.Notes = append(t.Notes, row+" ÷ "+rowJSONChild+": "+strings.Join(parts, ", ")+".")
		}
	}
}
