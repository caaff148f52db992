package index

// impls lists the implementations this build and processor can run:
// "generic", and with assembly "accelerated" (the default choice) and,
// when that uses VPCOMPRESSB, "novbmi2" (the assembly without it).
func impls() []string {
	names := []string{"generic"}
	if accelerated {
		names = append(names, "accelerated")
		if hasVBMI2 {
			names = append(names, "novbmi2")
		}
	}
	return names
}

// setImpl makes Builders reset after the call use the named implementation
// (see impls) and returns a function that restores the previous choice.
// Not safe while other tests run.
func setImpl(name string) (restore func()) {
	g, v := forceGeneric, forceNoVBMI2
	forceGeneric, forceNoVBMI2 = name == "generic", name == "novbmi2"
	return func() { forceGeneric, forceNoVBMI2 = g, v }
}
