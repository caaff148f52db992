package celertest

import "io"

// ChunkReader returns at most N bytes per Read call, cycling through the
// sizes in Sizes (or 1 byte at a time when Sizes is empty), so decoders
// meet every token split across refills.
type ChunkReader struct {
	Data  []byte
	Sizes []int
	k     int
}

func (r *ChunkReader) Read(p []byte) (int, error) {
	if len(r.Data) == 0 {
		return 0, io.EOF
	}
	n := 1
	if len(r.Sizes) > 0 {
		n = r.Sizes[r.k%len(r.Sizes)]
		r.k++
	}
	n = max(min(n, len(p), len(r.Data)), 1)
	copy(p, r.Data[:n])
	r.Data = r.Data[n:]
	return n, nil
}
