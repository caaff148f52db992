// Package types holds the Go types the binding benchmarks decode into and
// encode from, and the code easyjson generates for them.
//
// Each type is defined on the corresponding type of the library's test
// types (internal/testtypes), so every contender binds the very same
// fields and tags; defining them here gives easyjson a package of our own
// to generate methods in. The nested types stay in testtypes: easyjson
// generates plain functions for those.
//
// Regenerate types_easyjson.go after changing a type:
//
//	go generate ./bindbench/types/
package types

import "github.com/celerjson/celer/internal/testtypes"

//go:generate go run github.com/mailru/easyjson/easyjson@v0.9.2 -no_std_marshalers types.go

//easyjson:json
type Request testtypes.Request

//easyjson:json
type User testtypes.User

//easyjson:json
type DB testtypes.DB

//easyjson:json
type People testtypes.People

//easyjson:json
type Twitter testtypes.Twitter

//easyjson:json
type Repos testtypes.Repos

//easyjson:json
type CityLots testtypes.CityLots

//easyjson:json
type CITMCatalog testtypes.CITMCatalog

//easyjson:json
type Canada testtypes.Canada

//easyjson:json
type Citys testtypes.Citys

// Log is one record of the generated NDJSON log stream (see
// dataset.Logs), the element type of the streaming benchmark.
//
//easyjson:json
type Log struct {
	TS       float64 `json:"ts"`
	Host     string  `json:"host"`
	Severity string  `json:"severity"`
	Message  string  `json:"message"`
}

// Case is one corpus document with a type to bind it to.
type Case struct {
	Name string     // short name, used in benchmark names
	File string     // path inside shared/corpus
	New  func() any // a pointer to a new zero value
}

// Cases lists the documents of testtypes.Cases with the types above, in
// the same order.
var Cases = []Case{
	{"request", "groovy-json-benchmarks/request.json", func() any { return new(Request) }},
	{"user", "groovy-json-benchmarks/user.json", func() any { return new(User) }},
	{"db100", "jvm-json-benchmark/db100.json", func() any { return new(DB) }},
	{"people", "mormot-json-performance/people-excerpt.json", func() any { return new(People) }},
	{"twitter", "nativejson-benchmark/twitter.json", func() any { return new(Twitter) }},
	{"repos", "groovy-json-benchmarks/repos.json", func() any { return new(Repos) }},
	{"citylots", "mormot-json-performance/citylots-excerpt.json", func() any { return new(CityLots) }},
	{"citm", "nativejson-benchmark/citm_catalog.json", func() any { return new(CITMCatalog) }},
	{"canada", "nativejson-benchmark/canada.json", func() any { return new(Canada) }},
	{"citys", "groovy-json-benchmarks/citys.json", func() any { return new(Citys) }},
}
