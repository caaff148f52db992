// Package testtypes holds Go types shaped like the documents of the shared
// corpus (../shared/corpus), for binding tests and benchmarks of every
// celer package and of the arena. Each Case names a corpus file and makes
// a new value to decode it into.
//
// The types follow what a Go programmer would write for these documents:
// tagged fields in file order, pointers for values that may be null, maps
// for documents keyed by ids. Types marked "flat" have no maps and no
// interfaces anywhere inside.
package testtypes

import "strconv"

// Case is one corpus document with a Go type for it.
type Case struct {
	Name string     // short name: "twitter", "citm_catalog", ...
	File string     // path inside shared/corpus
	New  func() any // returns a pointer to a new zero value
	Flat bool       // the type has no maps and no interfaces
}

// Cases lists every document with a type, smallest shapes first.
var Cases = []Case{
	{"request", "groovy-json-benchmarks/request.json", func() any { return new(Request) }, false},
	{"user", "groovy-json-benchmarks/user.json", func() any { return new(User) }, true},
	{"db100", "jvm-json-benchmark/db100.json", func() any { return new(DB) }, true},
	{"people", "mormot-json-performance/people-excerpt.json", func() any { return new(People) }, true},
	{"twitter", "nativejson-benchmark/twitter.json", func() any { return new(Twitter) }, true},
	{"repos", "groovy-json-benchmarks/repos.json", func() any { return new(Repos) }, true},
	{"citylots", "mormot-json-performance/citylots-excerpt.json", func() any { return new(CityLots) }, true},
	{"citm_catalog", "nativejson-benchmark/citm_catalog.json", func() any { return new(CITMCatalog) }, false},
	{"canada", "nativejson-benchmark/canada.json", func() any { return new(Canada) }, true},
	{"citys", "groovy-json-benchmarks/citys.json", func() any { return new(Citys) }, true},
}

// Request is groovy-json-benchmarks/request.json: an HTTP request.
type Request struct {
	Method  string            `json:"method"`
	Host    string            `json:"host"`
	Path    string            `json:"path"`
	Params  map[string]string `json:"params"`
	Headers map[string]string `json:"headers"`
}

// User is groovy-json-benchmarks/user.json: a user profile.
type User struct {
	ID           string         `json:"id"`
	ProfileViews int            `json:"profileViews"`
	Email        string         `json:"email"`
	Name         UserName       `json:"name"`
	Gender       int            `json:"gender"`
	Birthday     string         `json:"birthday"`
	Locations    []UserLocation `json:"locations"`
	Image        string         `json:"image"`
	Cover        string         `json:"cover"`
	AboutMe      string         `json:"aboutMe"`
	Etag         string         `json:"etag"`
	Active       bool           `json:"active"`
	Deleted      bool           `json:"deleted"`
	LastAccess   string         `json:"lastAccess"`
	Likes        []UserLike     `json:"likes"`
}

// UserName is the name of a User.
type UserName struct {
	Nickname    string `json:"nickname"`
	DisplayName string `json:"displayName"`
	GivenName   string `json:"givenName"`
	FamilyName  string `json:"familyName"`
	MiddleName  string `json:"middleName"`
	Prefix      string `json:"prefix"`
	Suffix      string `json:"suffix"`
}

// UserLocation is a place of a User.
type UserLocation struct {
	Type    int    `json:"type"`
	Country string `json:"country"`
	State   string `json:"state"`
	City    string `json:"city"`
	Place   string `json:"place"`
}

// UserLike is one like of a User.
type UserLike struct {
	ID   string `json:"id"`
	Date string `json:"date"`
}

// DB is jvm-json-benchmark/db100.json (and db10, db1000): a table.
type DB struct {
	Row []DBRow `json:"row"`
}

// DBRow is one row of a DB.
type DBRow struct {
	ID        int    `json:"id"`
	FirstName string `json:"firstname"`
	LastName  string `json:"lastname"`
	Zip       int    `json:"zip"`
	Street    string `json:"street"`
	City      string `json:"city"`
	State     string `json:"state"`
}

// People is mormot-json-performance/people-excerpt.json: an ORM table.
type People []Person

// Person is one row of People.
type Person struct {
	RowID       int64  `json:"RowID"`
	FirstName   string `json:"FirstName"`
	LastName    string `json:"LastName"`
	Data        string `json:"Data"`
	YearOfBirth int    `json:"YearOfBirth"`
	YearOfDeath int    `json:"YearOfDeath"`
}

// Citys is groovy-json-benchmarks/citys.json: US ZIP codes.
type Citys []City

// City is one ZIP code of Citys.
type City struct {
	City  string     `json:"city"`
	Loc   [2]float64 `json:"loc"`
	Pop   int        `json:"pop"`
	State string     `json:"state"`
	ID    string     `json:"id"`
}

// Canada is nativejson-benchmark/canada.json: a GeoJSON polygon.
type Canada struct {
	Type     string          `json:"type"`
	Features []CanadaFeature `json:"features"`
}

// CanadaFeature is the one feature of Canada.
type CanadaFeature struct {
	Type       string `json:"type"`
	Properties struct {
		Name string `json:"name"`
	} `json:"properties"`
	Geometry struct {
		Type        string         `json:"type"`
		Coordinates [][][2]float64 `json:"coordinates"`
	} `json:"geometry"`
}

// CityLots is mormot-json-performance/citylots-excerpt.json: GeoJSON lots.
type CityLots struct {
	Type     string           `json:"type"`
	Features []CityLotFeature `json:"features"`
}

// CityLotFeature is one lot of CityLots.
type CityLotFeature struct {
	Type       string `json:"type"`
	Properties struct {
		MapBlkLot string  `json:"MAPBLKLOT"`
		BlkLot    string  `json:"BLKLOT"`
		BlockNum  string  `json:"BLOCK_NUM"`
		LotNum    string  `json:"LOT_NUM"`
		FromSt    *string `json:"FROM_ST"`
		ToSt      *string `json:"TO_ST"`
		Street    *string `json:"STREET"`
		StType    *string `json:"ST_TYPE"`
		OddEven   *string `json:"ODD_EVEN"`
	} `json:"properties"`
	Geometry struct {
		Type        string         `json:"type"`
		Coordinates [][][3]float64 `json:"coordinates"`
	} `json:"geometry"`
}

// CITMCatalog is nativejson-benchmark/citm_catalog.json: an event catalog
// keyed by numeric ids.
type CITMCatalog struct {
	AreaNames                map[string]string    `json:"areaNames"`
	AudienceSubCategoryNames map[string]string    `json:"audienceSubCategoryNames"`
	BlockNames               map[string]string    `json:"blockNames"`
	Events                   map[string]CITMEvent `json:"events"`
	Performances             []CITMPerformance    `json:"performances"`
	SeatCategoryNames        map[string]string    `json:"seatCategoryNames"`
	SubTopicNames            map[string]string    `json:"subTopicNames"`
	SubjectNames             map[string]string    `json:"subjectNames"`
	TopicNames               map[string]string    `json:"topicNames"`
	TopicSubTopics           map[string][]int64   `json:"topicSubTopics"`
	VenueNames               map[string]string    `json:"venueNames"`
}

// CITMEvent is one event of a CITMCatalog.
type CITMEvent struct {
	Description *string `json:"description"`
	ID          int64   `json:"id"`
	Logo        *string `json:"logo"`
	Name        string  `json:"name"`
	SubTopicIDs []int64 `json:"subTopicIds"`
	SubjectCode *string `json:"subjectCode"`
	Subtitle    *string `json:"subtitle"`
	TopicIDs    []int64 `json:"topicIds"`
}

// CITMPerformance is one performance of a CITMCatalog.
type CITMPerformance struct {
	EventID        int64              `json:"eventId"`
	ID             int64              `json:"id"`
	Logo           *string            `json:"logo"`
	Name           *string            `json:"name"`
	Prices         []CITMPrice        `json:"prices"`
	SeatCategories []CITMSeatCategory `json:"seatCategories"`
	SeatMapImage   *string            `json:"seatMapImage"`
	Start          int64              `json:"start"`
	VenueCode      string             `json:"venueCode"`
}

// CITMPrice is a price of a CITMPerformance.
type CITMPrice struct {
	Amount                int   `json:"amount"`
	AudienceSubCategoryID int64 `json:"audienceSubCategoryId"`
	SeatCategoryID        int64 `json:"seatCategoryId"`
}

// CITMSeatCategory is a seat category of a CITMPerformance.
type CITMSeatCategory struct {
	Areas []struct {
		AreaID   int64   `json:"areaId"`
		BlockIDs []int64 `json:"blockIds"`
	} `json:"areas"`
	SeatCategoryID int64 `json:"seatCategoryId"`
}

// A Slice is a typed slice case for the binary formats' bulk paths.
type Slice struct {
	Name string
	V    any        // the slice
	New  func() any // a pointer to decode it into
}

// Slices returns NeoUBJSON's 1K integer array (1 to 1024) and arrays of
// 1024 floats and strings: the typed slice paths of the binary formats.
func Slices() []Slice {
	ints, floats, strs := make([]int, 1024), make([]float64, 1024), make([]string, 1024)
	for i := range ints {
		ints[i], floats[i], strs[i] = i+1, float64(i)/3, "s"+strconv.Itoa(i)
	}
	return []Slice{
		{"1Kints", ints, func() any { return new([]int) }},
		{"1Kfloats", floats, func() any { return new([]float64) }},
		{"1Kstrings", strs, func() any { return new([]string) }},
	}
}
