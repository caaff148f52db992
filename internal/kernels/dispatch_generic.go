//go:build purego || !amd64

package kernels

func implementations() []string { return []string{"generic"} }

func setImplementation(name string) bool { return name == "generic" }

func skipSpace(b []byte, i int) int     { return skipSpaceGeneric(b, i) }
func stringRun(b []byte) (int, bool)    { return stringRunGeneric(b) }
func validUTF8(b []byte) bool           { return validUTF8Generic(b) }
func escapeRun(b []byte, html bool) int { return escapeRunGeneric(b, html) }
