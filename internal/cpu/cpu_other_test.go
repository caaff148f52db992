//go:build purego || !amd64

package cpu

import "testing"

func TestNoFeatures(t *testing.T) {
	if X86 != (X86Features{}) {
		t.Errorf("X86 = %+v, want all false without assembly", X86)
	}
}
