package celer

import (
	"encoding/json"
	"testing"
)

// BenchmarkMarshal compares celer and encoding/json on the testtypes
// structs ("typed") and on the same documents decoded into any ("tree").
//
//	go test -run '^$' -bench Marshal -benchmem
func BenchmarkMarshal(b *testing.B) {
	for _, tv := range encTestValues(b) {
		size, err := json.Marshal(tv.Typed)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("typed/"+tv.Name, func(b *testing.B) { encBenchPair(b, tv.Typed, len(size)) })
	}
	for _, tv := range encTestValues(b) {
		switch tv.Name {
		case "twitter", "citm_catalog", "canada", "citys":
		default:
			continue
		}
		size, _ := json.Marshal(tv.Tree)
		b.Run("tree/"+tv.Name, func(b *testing.B) { encBenchPair(b, tv.Tree, len(size)) })
	}
}

func encBenchPair(b *testing.B, v any, size int) {
	b.Run("celer", func(b *testing.B) {
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Marshal(v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("std", func(b *testing.B) {
		b.SetBytes(int64(size))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(v); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkAppendMarshal measures celer's AppendMarshal into a reused
// buffer (no encoding/json equivalent).
func BenchmarkAppendMarshal(b *testing.B) {
	for _, tv := range encTestValues(b) {
		out, _ := json.Marshal(tv.Typed)
		b.Run(tv.Name, func(b *testing.B) {
			buf := make([]byte, 0, 2*len(out))
			b.SetBytes(int64(len(out)))
			b.ReportAllocs()
			for b.Loop() {
				buf, _ = AppendMarshal(buf[:0], tv.Typed)
			}
		})
	}
}
