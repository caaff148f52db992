package bench

// writeHTML is filled in by the HTML step.
func writeHTML(path string, res *Results, charts map[string]string) error { return nil }
