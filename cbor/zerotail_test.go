package cbor

import (
	"testing"

	"github.com/celerjson/celer/internal/formattest"
)

func TestZeroArrayAtEnd(t *testing.T) { formattest.ZeroArrayAtEnd(t, Marshal, Unmarshal) }
