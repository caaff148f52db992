//go:build purego || !amd64

package kernels

// Implementation is the name of the kernel set in use, for reports.
const Implementation = "generic"

func skipSpace(b []byte, i int) int     { return skipSpaceGeneric(b, i) }
func stringRun(b []byte) (int, bool)    { return stringRunGeneric(b) }
func validUTF8(b []byte) bool           { return validUTF8Generic(b) }
func escapeRun(b []byte, html bool) int { return escapeRunGeneric(b, html) }
