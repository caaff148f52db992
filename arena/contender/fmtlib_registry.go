package contender

import "sync"

// The other libraries of the binary formats (fmtlib_*.go) are kept apart
// from [RegisterFormat]: the bench program's NeoUBJSON rows are celer's
// formats, and a format counts as missing there ("—") until celer
// implements it, which another library's row must not hide. The format
// benchmarks (arena/formatbench) compare them with celer.
var (
	formatLibsMu sync.Mutex
	formatLibs   []func() Format
)

// registerFormatLibrary adds another library's binary format codec.
func registerFormatLibrary(make func() Format) {
	formatLibsMu.Lock()
	defer formatLibsMu.Unlock()
	formatLibs = append(formatLibs, make)
}

// FormatLibraries returns a fresh value of every other library's binary
// format codec, in registration order. Each also has a method
// Library() string, its short name ("fxamacker"); one binding only types
// with generated code also has Generated() bool.
func FormatLibraries() []Format {
	formatLibsMu.Lock()
	defer formatLibsMu.Unlock()
	out := make([]Format, 0, len(formatLibs))
	for _, f := range formatLibs {
		out = append(out, f())
	}
	return out
}
