// Package types holds the Go types of the bench scenarios that the
// binding benchmarks' types (arena/bindbench/types) do not have, and the
// code easyjson generates for them, so that easyjson (generated code only)
// can run those scenarios too.
//
// Regenerate types_easyjson.go after changing a type:
//
//	go generate ./bench/types/
package types

import (
	"github.com/celerjson/celer/arena/dataset"
)

//go:generate go run github.com/mailru/easyjson/easyjson@v0.9.2 -no_std_marshalers types.go

// Glossary is mORMot's small document (dataset.Glossary).
//
//easyjson:json
type Glossary dataset.GlossaryDoc

// CityLots is the citylots GeoJSON as records. Its features are Polygons
// (coordinates: rings of [x, y, z] points) and MultiPolygons (one more
// level), so the level under the rings is left untyped: a point of a
// Polygon decodes as []any of three float64, a polygon of a MultiPolygon
// as []any of rings.
//
//easyjson:json
type CityLots struct {
	Type     string           `json:"type"`
	Features []CityLotFeature `json:"features"`
}

// CityLotFeature is one lot of CityLots.
type CityLotFeature struct {
	Type       string            `json:"type"`
	Properties CityLotProperties `json:"properties"`
	Geometry   CityLotGeometry   `json:"geometry"`
}

// CityLotProperties are a lot's nine properties; some are null.
type CityLotProperties struct {
	MapBlkLot string  `json:"MAPBLKLOT"`
	BlkLot    string  `json:"BLKLOT"`
	BlockNum  string  `json:"BLOCK_NUM"`
	LotNum    string  `json:"LOT_NUM"`
	FromSt    *string `json:"FROM_ST"`
	ToSt      *string `json:"TO_ST"`
	Street    *string `json:"STREET"`
	StType    *string `json:"ST_TYPE"`
	OddEven   *string `json:"ODD_EVEN"`
}

// CityLotGeometry is a Polygon or a MultiPolygon.
type CityLotGeometry struct {
	Type        string    `json:"type"`
	Coordinates [][][]any `json:"coordinates"`
}

// StatusCodes is the NeoUBJSON "typical payload" (dataset.StatusCodes).
//
//easyjson:json
type StatusCodes []dataset.StatusCode

// Ints is the 1K integer array.
//
//easyjson:json
type Ints []int

// Bytes is the 1K byte array.
//
//easyjson:json
type Bytes []byte

// CouchDoc is a CouchDB-style document (dataset.CouchDocs): the envelope,
// the tiny documents' fields and the large documents' body.
//
//easyjson:json
type CouchDoc struct {
	ID      string      `json:"_id"`
	Rev     string      `json:"_rev"`
	Type    string      `json:"type"`
	N       *int        `json:"n,omitempty"`
	OK      *bool       `json:"ok,omitempty"`
	Data1   string      `json:"data1,omitempty"`
	Data2   string      `json:"data2,omitempty"`
	Data3   string      `json:"data3,omitempty"`
	F1      float64     `json:"f1,omitempty"`
	F2      float64     `json:"f2,omitempty"`
	Nested1 *CouchNest1 `json:"nested1,omitempty"`
	Filler  string      `json:"filler,omitempty"`
}

// CouchNest1 is the first nested level of a large CouchDoc.
type CouchNest1 struct {
	A       []int      `json:"a"`
	Nested2 CouchNest2 `json:"nested2"`
}

// CouchNest2 is the second nested level.
type CouchNest2 struct {
	B          []int      `json:"b"`
	MoreNested CouchNest3 `json:"more_nested"`
}

// CouchNest3 is the third nested level.
type CouchNest3 struct {
	C []int  `json:"c"`
	D string `json:"d"`
}
