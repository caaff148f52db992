package contender

import (
	"slices"
	"sync"
)

// Format is a codec of a binary format (CBOR, MessagePack, BSON, UBJSON)
// binding Go values like a [Binder]: the NeoUBJSON comparison of sizes
// and speeds, and the CouchDB view server's wire format. A format library
// joins the arena with one file that calls [RegisterFormat] in an init
// function; until then the tables show "—" in its row.
type Format interface {
	// Name is the row name: the format, or format and library when a
	// format has several ("msgpack-shamaton").
	Name() string
	// Format is the format's name in [PlannedFormats] ("cbor", "msgpack",
	// "bson", "ubjson").
	Format() string
	// Marshal encodes v. The result may alias a buffer reused by the next
	// call.
	Marshal(v any) ([]byte, error)
	// Unmarshal decodes b into v, a non-nil pointer.
	Unmarshal(b []byte, v any) error
}

// PlannedFormats are the binary formats the arena compares with JSON
// (DESIGN.md §3); a format with no registered [Format] shows "—".
var PlannedFormats = []string{"cbor", "msgpack", "bson", "ubjson"}

var (
	formatsMu sync.Mutex
	formats   []func() Format
)

// RegisterFormat adds a binary format contender; make returns a fresh
// value each time [Formats] is called.
func RegisterFormat(make func() Format) {
	formatsMu.Lock()
	defer formatsMu.Unlock()
	formats = append(formats, make)
}

// Formats returns a fresh value of every registered format, sorted by
// name.
func Formats() []Format {
	formatsMu.Lock()
	defer formatsMu.Unlock()
	out := make([]Format, 0, len(formats))
	for _, f := range formats {
		out = append(out, f())
	}
	slices.SortFunc(out, func(a, b Format) int {
		switch {
		case a.Name() < b.Name():
			return -1
		case a.Name() > b.Name():
			return 1
		}
		return 0
	})
	return out
}
