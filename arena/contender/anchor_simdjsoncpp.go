//go:build simdjsoncpp && cgo

package contender

/*
#cgo pkg-config: simdjson
#cgo CXXFLAGS: -std=c++17 -O2
#include <stdint.h>
#include <stdlib.h>

typedef struct {
	int64_t nulls, trues, falses, numbers, strings, arrays, objects, members, strbytes;
	uint64_t strsum, numsum;
} celer_anchor_summary;

void *celer_simdjson_new(void);
void celer_simdjson_free(void *p);
// celer_simdjson_parse_visit parses len bytes at buf (with at least 64
// readable bytes after them) and summarises the document; it returns
// simdjson's error code (0 for success).
int celer_simdjson_parse_visit(void *p, const char *buf, size_t len, celer_anchor_summary *out);
const char *celer_simdjson_error(int code);
*/
import "C"

import (
	"errors"
	"runtime"
	"unsafe"
)

func init() { registerAnchor(func() Anchor { return NewSimdJSONCpp() }) }

// simdjsonPadding is SIMDJSON_PADDING: the bytes simdjson may read past
// the end of its input.
const simdjsonPadding = 64

// SimdJSONCpp is the simdjson C++ library (Debian's libsimdjson-dev)
// through cgo: a reused dom::parser, parse and a full walk of the DOM in
// C++. The input is copied once into a padded buffer the first time it is
// seen (simdjson reads up to 64 bytes past the end), not on every call.
type SimdJSONCpp struct {
	p      unsafe.Pointer
	padded []byte
	src    *byte
	n      int
}

// NewSimdJSONCpp returns the simdjson C++ anchor.
func NewSimdJSONCpp() *SimdJSONCpp {
	c := &SimdJSONCpp{p: C.celer_simdjson_new()}
	runtime.SetFinalizer(c, func(c *SimdJSONCpp) { C.celer_simdjson_free(c.p) })
	return c
}

// Name implements [Anchor].
func (*SimdJSONCpp) Name() string { return "simdjson C++" }

// ParseVisit implements [Anchor].
func (c *SimdJSONCpp) ParseVisit(b []byte) (AnchorSummary, error) {
	if len(b) == 0 {
		return AnchorSummary{}, errors.New("simdjson: empty input")
	}
	if unsafe.SliceData(b) != c.src || len(b) != c.n {
		c.padded = append(append(c.padded[:0], b...), make([]byte, simdjsonPadding)...)
		c.src, c.n = unsafe.SliceData(b), len(b)
	}
	var out C.celer_anchor_summary
	code := C.celer_simdjson_parse_visit(c.p, (*C.char)(unsafe.Pointer(&c.padded[0])), C.size_t(len(b)), &out)
	runtime.KeepAlive(c)
	if code != 0 {
		return AnchorSummary{}, errors.New("simdjson: " + C.GoString(C.celer_simdjson_error(code)))
	}
	return AnchorSummary{
		Nulls: int(out.nulls), Trues: int(out.trues), Falses: int(out.falses),
		Numbers: int(out.numbers), Strings: int(out.strings), Arrays: int(out.arrays),
		Objects: int(out.objects), Members: int(out.members), StrBytes: int(out.strbytes),
		StrSum: uint64(out.strsum), NumSum: uint64(out.numsum),
	}, nil
}
