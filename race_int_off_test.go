//go:build !race

package celer

const raceEnabled = false
