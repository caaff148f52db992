package index

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
)

// denseInput returns one 64-byte block per entry of ks, block i holding
// exactly ks[i] structural characters at random places among spaces.
func denseInput(r *rand.Rand, ks []int) []byte {
	var b []byte
	for _, k := range ks {
		blk := bytes.Repeat([]byte{' '}, 64)
		for _, p := range r.Perm(64)[:k] {
			blk[p] = ",[]{}:"[r.IntN(6)]
		}
		b = append(b, blk...)
	}
	return b
}

// TestDenseBlocks gives every implementation blocks with every count of
// structural characters from 0 to 64 (the vector code flattens a block's
// offsets in quarters: the upper ones are reached only by dense blocks),
// followed by short tails.
func TestDenseBlocks(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	rounds := 10
	if testing.Short() {
		rounds = 4
	}
	for range rounds {
		for k := 0; k <= 64; k++ {
			b := denseInput(r, []int{k, 64 - k, k, r.IntN(65)})
			for _, tail := range []int{64, 1, 17, 63} {
				check(t, "dense", b[:len(b)-64+tail])
			}
		}
	}
	for n := 0; n <= 260; n++ {
		check(t, "ops", bytes.Repeat([]byte("[,"), n))
		check(t, "nest", append(bytes.Repeat([]byte("["), n), bytes.Repeat([]byte("]"), n)...))
		check(t, "alt", bytes.Repeat([]byte("1,"), n))
		check(t, "str", bytes.Repeat([]byte(`"",`), n))
	}
}

// TestHighBase checks that every implementation adds a base offset just
// below 2^32 to a block's offsets the same way.
func TestHighBase(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		b := denseInput(r, []int{r.IntN(65), r.IntN(65), r.IntN(65)})
		base := uint32(1<<32-64*4) - uint32(64*r.IntN(1000))
		var ref []uint32
		for _, impl := range impls() {
			restore := setImpl(impl)
			var x Builder
			x.Reset(0)
			got := x.Index(b, base, true, nil)
			restore()
			if ref == nil {
				ref = got
			} else if !slices.Equal(ref, got) {
				t.Fatalf("%s, base %d: %v, want %v", impl, base, got, ref)
			}
		}
	}
}
