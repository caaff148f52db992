package bench

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/celerjson/celer/arena/dataset"
)

// Sizes of the generated datasets in a run.
type Sizes struct {
	Citys, People, Logs int // rows
	CityLots            int // bytes of the citylots-like GeoJSON
	CouchDocs           int // documents per CouchDB size class
}

// Scales: the full run uses the seeds' sizes, --quick smaller ones, and
// --scale huge the ~190 MB citylots of mORMot's huge-content test.
var (
	sizesFull  = Sizes{Citys: 29470, People: 8228, Logs: 20000, CityLots: 20 << 20, CouchDocs: 10000}
	sizesQuick = Sizes{Citys: 5000, People: 2000, Logs: 3000, CityLots: 2 << 20, CouchDocs: 1000}
	hugeBytes  = 190_000_000
)

// An Env gives scenarios their inputs: generated datasets, made once per
// run and shared, and the real files of --data.
type Env struct {
	Quick bool
	Sizes Sizes
	// More holds extra contenders, added to every scenario whose
	// interface they implement (tests add deliberately broken ones).
	More []any
	// Conformance is the JSONTestSuite test_parsing folder, or "".
	Conformance string

	mu    sync.Mutex
	docs  map[string][]byte
	files map[string]string // name -> file, read instead of generating (child processes)
	extra []dataset.Named   // --data files

	// self is the command line that runs `celer bench` again (Config.Self),
	// for the scenarios that start helper processes.
	self []string
	// vals caches values that scenarios share (stores, document sets);
	// closers release what they hold (processes, files) at the end of
	// the run, last made first.
	vals    map[string]any
	closers []func()
}

// value returns the value cached under key, making it with mk on first
// use. mk runs with the Env unlocked, so it may call other Env methods.
func (e *Env) value(key string, mk func() (any, error)) (any, error) {
	e.mu.Lock()
	v, ok := e.vals[key]
	e.mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := mk()
	if err != nil {
		return nil, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if old, ok := e.vals[key]; ok {
		return old, nil
	}
	if e.vals == nil {
		e.vals = map[string]any{}
	}
	e.vals[key] = v
	return v, nil
}

// onClose registers f to run when the run ends.
func (e *Env) onClose(f func()) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.closers = append(e.closers, f)
}

// close runs the registered closers, last registered first, and forgets
// the cached values.
func (e *Env) close() {
	e.mu.Lock()
	cs := e.closers
	e.closers, e.vals = nil, nil
	e.mu.Unlock()
	for i := len(cs) - 1; i >= 0; i-- {
		cs[i]()
	}
}

// generators make the named datasets. The seeds are fixed: every run on
// every machine sees the same bytes.
var generators = map[string]func(s Sizes) []byte{
	"citys":    func(s Sizes) []byte { return dataset.Citys(s.Citys, 1) },
	"people":   func(s Sizes) []byte { return dataset.People(s.People, 2) },
	"logs":     func(s Sizes) []byte { return dataset.Logs(s.Logs, 3) },
	"citylots": func(s Sizes) []byte { return dataset.CityLotsBytes(s.CityLots, 4) },
	"repos":    func(Sizes) []byte { return dataset.Repos(5) },
	"user":     func(Sizes) []byte { return dataset.User(6) },
	"request":  func(Sizes) []byte { return dataset.Request(7) },
	"glossary": func(Sizes) []byte { return dataset.Glossary() },
	"deep":     func(Sizes) []byte { return dataset.Deep(dataset.DeepDepth, 8) },
	"db100":    func(Sizes) []byte { return dataset.DBTable(100, 9) },
	"db1000":   func(Sizes) []byte { return dataset.DBTable(1000, 9) },
}

// Doc returns the named dataset, generating it on first use.
func (e *Env) Doc(name string) []byte {
	e.mu.Lock()
	defer e.mu.Unlock()
	if b, ok := e.docs[name]; ok {
		return b
	}
	var b []byte
	if f, ok := e.files[name]; ok {
		var err error
		if b, err = os.ReadFile(f); err != nil {
			panic(fmt.Sprintf("bench: dataset %s: %v", name, err))
		}
	} else {
		gen, ok := generators[name]
		if !ok {
			panic("bench: no dataset " + name)
		}
		b = gen(e.Sizes)
	}
	if e.docs == nil {
		e.docs = map[string][]byte{}
	}
	e.docs[name] = b
	return b
}

// SetDoc replaces a dataset (tests use tiny ones).
func (e *Env) SetDoc(name string, b []byte) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.docs == nil {
		e.docs = map[string][]byte{}
	}
	e.docs[name] = b
}

// Extra returns the files of --data.
func (e *Env) Extra() []dataset.Named { return e.extra }

// loadData reads every *.json file under dir that encoding/json accepts
// and that is valid UTF-8 (the correctness tables cover invalid inputs).
func loadData(dir string) ([]dataset.Named, error) {
	var list []dataset.Named
	err := filepath.WalkDir(dir, func(path string, de os.DirEntry, err error) error {
		if err != nil || de.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if !json.Valid(b) || strings.ToValidUTF8(string(b), "\uFFFD") != string(b) {
			return nil
		}
		rel, _ := filepath.Rel(dir, path)
		list = append(list, dataset.Named{Name: filepath.ToSlash(rel), Data: b})
		return nil
	})
	slices.SortFunc(list, func(a, b dataset.Named) int { return strings.Compare(a.Name, b.Name) })
	return list, err
}
