package msgpack

import (
	"testing"

	"github.com/celerjson/celer/internal/formattest"
)

func TestSliceCycle(t *testing.T) { formattest.SliceCycle(t, Marshal) }
