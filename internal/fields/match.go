package fields

import "slices"

// matcher finds a field by its exact name without a Go map: field indices
// sorted by name length, so a name is compared only with the names of its
// own length, first byte first. Structs are small and names within one
// length rarely collide, so a match costs a bounds check and one or two
// short comparisons, against a hash and a probe for a map.
type matcher struct {
	byLen []uint16 // byLen[n]..byLen[n+1]: the entries of order with names of n bytes
	order []uint16 // field indices by name length
	first []byte   // first byte of each entry's name (0 for the empty name)
}

func (s *Struct) buildMatcher() {
	if len(s.Fields) >= 1<<16 {
		return // Exact falls back to ByName
	}
	maxLen := 0
	for i := range s.Fields {
		maxLen = max(maxLen, len(s.Fields[i].Name))
	}
	m := &s.m
	m.order = make([]uint16, len(s.Fields))
	for i := range m.order {
		m.order[i] = uint16(i)
	}
	slices.SortStableFunc(m.order, func(a, b uint16) int {
		return len(s.Fields[a].Name) - len(s.Fields[b].Name)
	})
	m.first = make([]byte, len(m.order))
	m.byLen = make([]uint16, maxLen+2)
	for k, i := range m.order {
		name := s.Fields[i].Name
		if name != "" {
			m.first[k] = name[0]
		}
		m.byLen[len(name)+1] = uint16(k + 1)
	}
	for n := 1; n < len(m.byLen); n++ { // lengths with no names
		m.byLen[n] = max(m.byLen[n], m.byLen[n-1])
	}
}

// Exact returns the index in s.Fields of the field named exactly name, or
// -1. hint is a field index to try first (decoders pass the field after
// the one they matched last, as members usually come in field order); any
// value is allowed.
func (s *Struct) Exact(name []byte, hint int) int {
	if uint(hint) < uint(len(s.Fields)) && s.Fields[hint].Name == string(name) {
		return hint
	}
	m := &s.m
	if m.order == nil {
		if i, ok := s.ByName[string(name)]; ok {
			return i
		}
		return -1
	}
	n := len(name)
	if n+1 >= len(m.byLen) {
		return -1
	}
	lo, hi := int(m.byLen[n]), int(m.byLen[n+1])
	if n == 0 {
		if lo < hi {
			return int(m.order[lo])
		}
		return -1
	}
	c := name[0]
	for k := lo; k < hi; k++ {
		if m.first[k] == c {
			if i := int(m.order[k]); s.Fields[i].Name == string(name) {
				return i
			}
		}
	}
	return -1
}
