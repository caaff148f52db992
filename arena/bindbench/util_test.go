package bindbench

import (
	"bytes"
	"io"

	"github.com/celerjson/celer/arena/bindbench/types"
)

type logRec = types.Log

func newReader(b []byte) io.Reader { return bytes.NewReader(b) }
