//go:build !race

package celer_test

const raceEnabled = false
