package dataset

import (
	"fmt"
	"strconv"
	"strings"
)

// CouchDB document size classes of the view-server thread: tiny documents,
// and documents of exactly 4 KiB and 8 KiB when written compact.
const (
	CouchTiny = 0
	Couch4K   = 4096
	Couch8K   = 8192
)

// CouchDocs returns n CouchDB-style documents, each compact JSON, following
// the recipe of shared/corpus/DATASETS.md §6: an "_id" of 32 hex digits and
// a "_rev" of "1-" and 32 hex digits, then for size CouchTiny a few small
// fields (about 120 bytes in all), and otherwise a body shaped like
// erljson_bench's (data strings with some non-ASCII text and escapes,
// floats, two or three levels of nested objects holding arrays of
// six-digit integers) padded by a "filler" string to exactly size bytes.
// Keys come in a fixed order. size must be CouchTiny or at least 1024.
func CouchDocs(n, size int, seed uint64) [][]byte {
	r := rng(seed)
	docs := make([][]byte, n)
	for i := range docs {
		docs[i] = couchDoc(&r, i, size)
	}
	return docs
}

func couchDoc(r *rng, i, size int) []byte {
	b := make([]byte, 0, max(size, 160))
	b = fmt.Appendf(b, `{"_id":"%016x%016x","_rev":"1-%016x%016x"`, r.next(), r.next(), r.next(), r.next())
	if size == CouchTiny {
		kinds := []string{"user", "post", "comment", "tag"}
		b = fmt.Appendf(b, `,"type":%q,"n":%d,"ok":%t}`, kinds[i%len(kinds)], r.intn(100000), r.intn(2) == 0)
		return b
	}
	b = fmt.Appendf(b, `,"type":"record","data1":%q,"data2":"%s","data3":"%s"`,
		r.word("abcdefghijklmnopqrstuvwxyz0123456789", 16, 16),
		r.word("àéèçüößñøåæ abcdefghij", 10, 30),
		r.word("abcdef ", 3, 8)+`\"quoted\"\nline`)
	b = fmt.Appendf(b, `,"f1":%s,"f2":%s`, strconv.FormatFloat(float64(r.intn(1e6))/1e3, 'f', -1, 64),
		strconv.FormatFloat(float64(r.intn(1e9))/7e5, 'g', -1, 64))
	ints := func(k int) string {
		s := make([]string, k)
		for j := range s {
			s[j] = strconv.Itoa(100000 + r.intn(900000))
		}
		return "[" + strings.Join(s, ",") + "]"
	}
	b = fmt.Appendf(b, `,"nested1":{"a":%s,"nested2":{"b":%s,"more_nested":{"c":%s,"d":"%s"}}}`,
		ints(8), ints(6), ints(4), r.word("xyz", 4, 10))
	b = append(b, `,"filler":"`...)
	pad := size - len(b) - len(`"}`)
	if pad < 0 {
		panic("dataset: CouchDocs size too small")
	}
	b = append(b, r.word("abcdefghijklmnopqrstuvwxyz0123456789 ", pad, pad)...)
	return append(b, `"}`...)
}

// NDJSON joins documents into newline-delimited JSON, one per line.
func NDJSON(docs [][]byte) []byte {
	n := 0
	for _, d := range docs {
		n += len(d) + 1
	}
	out := make([]byte, 0, n)
	for _, d := range docs {
		out = append(out, d...)
		out = append(out, '\n')
	}
	return out
}
