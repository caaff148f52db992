//go:build !race

package path

const raceEnabled = false
