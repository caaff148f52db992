//go:build !race && !purego && amd64

package index

func raceRead([]byte)       {}
func raceWrite([]uint32)    {}
func raceWriteBytes([]byte) {}
