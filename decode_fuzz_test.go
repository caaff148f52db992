package celer

import (
	"testing"

	"github.com/celerjson/celer/internal/celertest"
)

func addDecodeSeeds(f *testing.F) {
	for _, in := range diffInputs {
		f.Add([]byte(in))
	}
	for _, file := range celertest.TestSuite(f) {
		f.Add(file.Data)
	}
}

// FuzzUnmarshalAny checks that Unmarshal into an empty interface (and
// into map[string]any and []any) gives encoding/json's value and error.
func FuzzUnmarshalAny(f *testing.F) {
	addDecodeSeeds(f)
	f.Add([]byte(anyBoxDoc())) // objects past stackMembers, arrays of containers
	f.Fuzz(func(t *testing.T, data []byte) {
		diffUnmarshal(t, "any", data, func() any { return new(any) })
		diffUnmarshal(t, "map", data, func() any { return new(map[string]any) })
		diffUnmarshal(t, "slice", data, func() any { return new([]any) })
	})
}

// FuzzUnmarshalStruct checks Unmarshal into a struct that has a field of
// every kind, methods, embedding and tag options, against encoding/json.
func FuzzUnmarshalStruct(f *testing.F) {
	addDecodeSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		diffUnmarshal(t, "struct", data, func() any { return new(allTypes) })
		diffUnmarshal(t, "slice of struct", data, func() any { return new([]allTypes) })
		diffUnmarshal(t, "map of struct", data, func() any { return new(map[string]*allTypes) })
		diffUnmarshalTwice(t, "struct twice", data, func() any { return new(allTypes) })
		diffUnmarshalTwice(t, "slice of struct twice", data, func() any { return new([]allTypes) })
	})
}
