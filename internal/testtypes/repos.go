package testtypes

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
