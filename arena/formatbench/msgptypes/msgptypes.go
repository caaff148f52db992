// Package msgptypes holds copies of the corpus types (internal/testtypes)
// and of the NeoUBJSON payload types (arena/bench/types) in a package of
// their own, with the code tinylib/msgp generates for them: msgp reads
// struct definitions from source, so the types cannot be defined on
// another package's types as arena/bindbench/types does for easyjson.
// The fields and json tags are the same; `//msgp:tag json` makes msgp use
// the json names.
//
// Regenerate msgptypes_gen.go after changing a type:
//
//	go generate ./formatbench/msgptypes/
package msgptypes

//go:generate go run github.com/tinylib/msgp@v1.6.5 -file msgptypes.go -o msgptypes_gen.go -tests=false

//msgp:tag json

// StatusCode is dataset.StatusCode.
type StatusCode struct {
	Code   int    `json:"code"`
	Reason string `json:"reason"`
}

// StatusCodes is the NeoUBJSON "typical payload" (dataset.StatusCodes).
type StatusCodes []StatusCode

// Ints is the 1K integer array.
type Ints []int

// Bytes is the 1K byte array.
type Bytes []byte

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

// Twitter is nativejson-benchmark/twitter.json: a search API result.
type Twitter struct {
	Statuses       []Status       `json:"statuses"`
	SearchMetadata SearchMetadata `json:"search_metadata"`
}

// SearchMetadata describes a Twitter search.
type SearchMetadata struct {
	CompletedIn float64 `json:"completed_in"`
	MaxID       int64   `json:"max_id"`
	MaxIDStr    string  `json:"max_id_str"`
	NextResults string  `json:"next_results"`
	Query       string  `json:"query"`
	RefreshURL  string  `json:"refresh_url"`
	Count       int     `json:"count"`
	SinceID     int64   `json:"since_id"`
	SinceIDStr  string  `json:"since_id_str"`
}

// Status is one tweet.
type Status struct {
	Metadata             StatusMetadata `json:"metadata"`
	CreatedAt            string         `json:"created_at"`
	ID                   int64          `json:"id"`
	IDStr                string         `json:"id_str"`
	Text                 string         `json:"text"`
	Source               string         `json:"source"`
	Truncated            bool           `json:"truncated"`
	InReplyToStatusID    *int64         `json:"in_reply_to_status_id"`
	InReplyToStatusIDStr *string        `json:"in_reply_to_status_id_str"`
	InReplyToUserID      *int64         `json:"in_reply_to_user_id"`
	InReplyToUserIDStr   *string        `json:"in_reply_to_user_id_str"`
	InReplyToScreenName  *string        `json:"in_reply_to_screen_name"`
	User                 TwitterUser    `json:"user"`
	Geo                  *Geo           `json:"geo"`
	Coordinates          *Geo           `json:"coordinates"`
	Place                *Place         `json:"place"`
	Contributors         *[]int64       `json:"contributors"`
	RetweetedStatus      *Status        `json:"retweeted_status,omitempty"`
	RetweetCount         int            `json:"retweet_count"`
	FavoriteCount        int            `json:"favorite_count"`
	Entities             Entities       `json:"entities"`
	Favorited            bool           `json:"favorited"`
	Retweeted            bool           `json:"retweeted"`
	PossiblySensitive    *bool          `json:"possibly_sensitive,omitempty"`
	Lang                 string         `json:"lang"`
}

// StatusMetadata is the metadata of a Status.
type StatusMetadata struct {
	ResultType      string `json:"result_type"`
	IsoLanguageCode string `json:"iso_language_code"`
}

// Geo is a GeoJSON point (always null in the corpus).
type Geo struct {
	Type        string     `json:"type"`
	Coordinates [2]float64 `json:"coordinates"`
}

// Place is a named place (always null in the corpus).
type Place struct {
	ID       string `json:"id"`
	FullName string `json:"full_name"`
}

// TwitterUser is the author of a Status.
type TwitterUser struct {
	ID                             int64        `json:"id"`
	IDStr                          string       `json:"id_str"`
	Name                           string       `json:"name"`
	ScreenName                     string       `json:"screen_name"`
	Location                       string       `json:"location"`
	Description                    string       `json:"description"`
	URL                            *string      `json:"url"`
	Entities                       UserEntities `json:"entities"`
	Protected                      bool         `json:"protected"`
	FollowersCount                 int          `json:"followers_count"`
	FriendsCount                   int          `json:"friends_count"`
	ListedCount                    int          `json:"listed_count"`
	CreatedAt                      string       `json:"created_at"`
	FavouritesCount                int          `json:"favourites_count"`
	UTCOffset                      *int         `json:"utc_offset"`
	TimeZone                       *string      `json:"time_zone"`
	GeoEnabled                     bool         `json:"geo_enabled"`
	Verified                       bool         `json:"verified"`
	StatusesCount                  int          `json:"statuses_count"`
	Lang                           string       `json:"lang"`
	ContributorsEnabled            bool         `json:"contributors_enabled"`
	IsTranslator                   bool         `json:"is_translator"`
	IsTranslationEnabled           bool         `json:"is_translation_enabled"`
	ProfileBackgroundColor         string       `json:"profile_background_color"`
	ProfileBackgroundImageURL      string       `json:"profile_background_image_url"`
	ProfileBackgroundImageURLHTTPS string       `json:"profile_background_image_url_https"`
	ProfileBackgroundTile          bool         `json:"profile_background_tile"`
	ProfileImageURL                string       `json:"profile_image_url"`
	ProfileImageURLHTTPS           string       `json:"profile_image_url_https"`
	ProfileBannerURL               string       `json:"profile_banner_url,omitempty"`
	ProfileLinkColor               string       `json:"profile_link_color"`
	ProfileSidebarBorderColor      string       `json:"profile_sidebar_border_color"`
	ProfileSidebarFillColor        string       `json:"profile_sidebar_fill_color"`
	ProfileTextColor               string       `json:"profile_text_color"`
	ProfileUseBackgroundImage      bool         `json:"profile_use_background_image"`
	DefaultProfile                 bool         `json:"default_profile"`
	DefaultProfileImage            bool         `json:"default_profile_image"`
	Following                      bool         `json:"following"`
	FollowRequestSent              bool         `json:"follow_request_sent"`
	Notifications                  bool         `json:"notifications"`
}

// UserEntities are the entities of a TwitterUser's profile.
type UserEntities struct {
	URL         *URLEntities `json:"url,omitempty"`
	Description URLEntities  `json:"description"`
}

// URLEntities is a list of URLs.
type URLEntities struct {
	URLs []URL `json:"urls"`
}

// URL is a link inside a text.
type URL struct {
	URL         string `json:"url"`
	ExpandedURL string `json:"expanded_url"`
	DisplayURL  string `json:"display_url"`
	Indices     []int  `json:"indices"`
}

// Entities are the hashtags, links, mentions and media of a Status.
type Entities struct {
	Hashtags     []Hashtag     `json:"hashtags"`
	Symbols      []Hashtag     `json:"symbols"`
	URLs         []URL         `json:"urls"`
	UserMentions []UserMention `json:"user_mentions"`
	Media        []Media       `json:"media,omitempty"`
}

// Hashtag is a hashtag inside a text.
type Hashtag struct {
	Text    string `json:"text"`
	Indices []int  `json:"indices"`
}

// UserMention is a mention inside a text.
type UserMention struct {
	ScreenName string `json:"screen_name"`
	Name       string `json:"name"`
	ID         int64  `json:"id"`
	IDStr      string `json:"id_str"`
	Indices    []int  `json:"indices"`
}

// Media is an attached picture.
type Media struct {
	ID                int64      `json:"id"`
	IDStr             string     `json:"id_str"`
	Indices           []int      `json:"indices"`
	MediaURL          string     `json:"media_url"`
	MediaURLHTTPS     string     `json:"media_url_https"`
	URL               string     `json:"url"`
	DisplayURL        string     `json:"display_url"`
	ExpandedURL       string     `json:"expanded_url"`
	Type              string     `json:"type"`
	Sizes             MediaSizes `json:"sizes"`
	SourceStatusID    int64      `json:"source_status_id,omitempty"`
	SourceStatusIDStr string     `json:"source_status_id_str,omitempty"`
}

// MediaSizes are the sizes a Media comes in.
type MediaSizes struct {
	Medium MediaSize `json:"medium"`
	Small  MediaSize `json:"small"`
	Thumb  MediaSize `json:"thumb"`
	Large  MediaSize `json:"large"`
}

// MediaSize is one size of a Media.
type MediaSize struct {
	W      int    `json:"w"`
	H      int    `json:"h"`
	Resize string `json:"resize"`
}

// Repos is groovy-json-benchmarks/repos.json.
type Repos []Repo

// Repo is one repository of groovy-json-benchmarks/repos.json (GitHub REST API v3).
type Repo struct {
	HasIssues        bool      `json:"has_issues"`
	TeamsURL         string    `json:"teams_url"`
	CompareURL       string    `json:"compare_url"`
	ReleasesURL      string    `json:"releases_url"`
	KeysURL          string    `json:"keys_url"`
	Description      *string   `json:"description"`
	MilestonesURL    string    `json:"milestones_url"`
	HasWiki          bool      `json:"has_wiki"`
	EventsURL        string    `json:"events_url"`
	ArchiveURL       string    `json:"archive_url"`
	SubscribersURL   string    `json:"subscribers_url"`
	ContributorsURL  string    `json:"contributors_url"`
	PushedAt         string    `json:"pushed_at"`
	Fork             bool      `json:"fork"`
	SVNURL           string    `json:"svn_url"`
	CollaboratorsURL string    `json:"collaborators_url"`
	SubscriptionURL  string    `json:"subscription_url"`
	CloneURL         string    `json:"clone_url"`
	TreesURL         string    `json:"trees_url"`
	Homepage         *string   `json:"homepage"`
	URL              string    `json:"url"`
	Size             int64     `json:"size"`
	NotificationsURL string    `json:"notifications_url"`
	UpdatedAt        string    `json:"updated_at"`
	BranchesURL      string    `json:"branches_url"`
	Owner            RepoOwner `json:"owner"`
	IssueEventsURL   string    `json:"issue_events_url"`
	Language         *string   `json:"language"`
	ForksCount       int64     `json:"forks_count"`
	ContentsURL      string    `json:"contents_url"`
	WatchersCount    int64     `json:"watchers_count"`
	BlobsURL         string    `json:"blobs_url"`
	CommitsURL       string    `json:"commits_url"`
	HasDownloads     bool      `json:"has_downloads"`
	GitCommitsURL    string    `json:"git_commits_url"`
	Prvt             bool      `json:"prvt"`
	DefaultBranch    string    `json:"default_branch"`
	OpenIssues       int64     `json:"open_issues"`
	ID               int64     `json:"id"`
	DownloadsURL     string    `json:"downloads_url"`
	MirrorURL        *string   `json:"mirror_url"`
	CommentsURL      string    `json:"comments_url"`
	Name             string    `json:"name"`
	CreatedAt        string    `json:"created_at"`
	StargazersCount  int64     `json:"stargazers_count"`
	AssigneesURL     string    `json:"assignees_url"`
	PullsURL         string    `json:"pulls_url"`
	Watchers         int64     `json:"watchers"`
	StargazersURL    string    `json:"stargazers_url"`
	HooksURL         string    `json:"hooks_url"`
	LanguagesURL     string    `json:"languages_url"`
	IssuesURL        string    `json:"issues_url"`
	GitTagsURL       string    `json:"git_tags_url"`
	MasterBranch     string    `json:"master_branch"`
	MergesURL        string    `json:"merges_url"`
	GitRefsURL       string    `json:"git_refs_url"`
	OpenIssuesCount  int64     `json:"open_issues_count"`
	SSHURL           string    `json:"ssh_url"`
	HTMLURL          string    `json:"html_url"`
	Forks            int64     `json:"forks"`
	StatusesURL      string    `json:"statuses_url"`
	ForksURL         string    `json:"forks_url"`
	ForkRepos        []Repo    `json:"fork_repos,omitempty"`
	IssueCommentURL  string    `json:"issue_comment_url"`
	LabelsURL        string    `json:"labels_url"`
	TagsURL          string    `json:"tags_url"`
	GitURL           string    `json:"git_url"`
	FullName         string    `json:"full_name"`
}

// RepoOwner is the owner of a Repo.
type RepoOwner struct {
	ReceivedEventsURL string  `json:"received_events_url"`
	OrganizationsURL  string  `json:"organizations_url"`
	AvatarURL         string  `json:"avatar_url"`
	GravatarID        *string `json:"gravatar_id"`
	GistsURL          string  `json:"gists_url"`
	StarredURL        string  `json:"starred_url"`
	SiteAdmin         bool    `json:"site_admin"`
	Type              string  `json:"type"`
	URL               string  `json:"url"`
	ID                int64   `json:"id"`
	HTMLURL           string  `json:"html_url"`
	FollowingURL      string  `json:"following_url"`
	EventsURL         string  `json:"events_url"`
	Login             string  `json:"login"`
	SubscriptionsURL  string  `json:"subscriptions_url"`
	ReposURL          string  `json:"repos_url"`
	FollowersURL      string  `json:"followers_url"`
}
