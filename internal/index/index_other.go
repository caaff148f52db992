//go:build purego || !amd64

package index

// accelerated reports whether blocksAccelerated is faster than the generic
// code on this processor. Without assembly it never is.
const accelerated = false

// hasVBMI2 reports whether the assembly may use VPCOMPRESSB.
const hasVBMI2 = false

func (st *state) blocksAccelerated(buf []byte, base uint32, idx []uint32, out *[]byte) []uint32 {
	return st.blocksGeneric(buf, base, idx, out)
}
