//go:build race

package celer

const encRaceEnabled = true
