//go:build race

package dom_test

const raceEnabled = true
