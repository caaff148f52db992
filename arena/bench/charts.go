package bench

// writeCharts is filled in by the charts step.
func writeCharts(dir string, res *Results) (map[string]string, error) { return nil, nil }
