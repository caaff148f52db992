package index

// setGeneric makes Builders reset after the call use the pure-Go code (or
// the accelerated code, when available, for false) and returns a function
// that restores the previous choice. Not safe while other tests run.
func setGeneric(on bool) (restore func()) {
	prev := forceGeneric
	forceGeneric = on
	return func() { forceGeneric = prev }
}

// hasAccelerated reports whether this build and processor run assembly.
func hasAccelerated() bool { return accelerated }
