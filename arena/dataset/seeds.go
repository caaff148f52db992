package dataset

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/celerjson/celer/internal/testtypes"
)

// This file generates the documents of the seed benchmarks that are not
// tables of rows: the Groovy suite's repos, user and request documents,
// mORMot's small (glossary-shaped) and deep documents, and Jackson's db
// tables. Every generator is deterministic: the output depends only on its
// arguments. Shapes follow shared/corpus/DATASETS.md and MANIFEST.md; the
// text is made up here.

// Repos returns a compact JSON array shaped like the Groovy benchmark's
// repos.json (342,791 bytes): four GitHub repository objects with 68 keys
// each (about forty *_url strings, counts, booleans, timestamps, a nested
// owner, nullable description, homepage, language and mirror_url, and
// "prvt" for "private"), each with its forks in "fork_repos" (7, 1, 30 and
// 30 forks, each a repository object itself). It decodes into
// testtypes.Repos without unknown or missing members.
func Repos(seed uint64) []byte {
	r := rng(seed)
	forks := []int{7, 1, 30, 30}
	repos := make(testtypes.Repos, len(forks))
	for i := range repos {
		owner := "org" + strconv.Itoa(i%2)
		name := r.word("abcdefghijklmnopqrstuvwxyz-", 5, 14)
		fillRepo(&r, &repos[i], owner, name, false)
		repos[i].ForkRepos = make([]testtypes.Repo, forks[i])
		for j := range repos[i].ForkRepos {
			fillRepo(&r, &repos[i].ForkRepos[j], r.word("abcdefghijklmnopqrstuvwxyz0123456789", 4, 12), name, true)
		}
	}
	return mustMarshal(repos)
}

// fillRepo sets every field of p: URLs from owner and name, the rest from r.
func fillRepo(r *rng, p *testtypes.Repo, owner, name string, fork bool) {
	api := "https://api.github.example/repos/" + owner + "/" + name
	v := reflect.ValueOf(p).Elem()
	t := v.Type()
	for i := range t.NumField() {
		f := v.Field(i)
		tag, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		switch {
		case tag == "fork_repos" || tag == "owner":
		case strings.HasSuffix(tag, "_url") && f.Kind() == reflect.String:
			stem := strings.TrimSuffix(tag, "_url")
			switch stem {
			case "html", "svn":
				f.SetString("https://github.example/" + owner + "/" + name)
			case "clone":
				f.SetString("https://github.example/" + owner + "/" + name + ".git")
			case "git":
				f.SetString("git://github.example/" + owner + "/" + name + ".git")
			case "ssh":
				f.SetString("git@github.example:" + owner + "/" + name + ".git")
			case "compare":
				f.SetString(api + "/compare/{base}...{head}")
			default:
				f.SetString(api + "/" + strings.ReplaceAll(stem, "_", "/") + "{/" + stem + "_id}")
			}
		case tag == "url":
			f.SetString(api)
		case tag == "name":
			f.SetString(name)
		case tag == "full_name":
			f.SetString(owner + "/" + name)
		case strings.HasSuffix(tag, "_at"):
			f.SetString(fmt.Sprintf("20%02d-%02d-%02dT%02d:%02d:%02dZ", 8+r.intn(7), 1+r.intn(12), 1+r.intn(28), r.intn(24), r.intn(60), r.intn(60)))
		case tag == "fork":
			f.SetBool(fork)
		case f.Kind() == reflect.Bool:
			f.SetBool(r.intn(2) == 0)
		case f.Kind() == reflect.Int64:
			f.SetInt(int64(r.intn(100000)))
		case f.Kind() == reflect.String:
			f.SetString(r.word("abcdefghijklmnopqrstuvwxyz", 4, 10))
		case f.Kind() == reflect.Pointer: // nullable strings
			if r.intn(4) > 0 {
				s := r.word("abcdefghijklmnopqrstuvwxyz    ", 8, 60)
				f.Set(reflect.ValueOf(&s))
			}
		}
	}
	o := &p.Owner
	o.Login = owner
	o.ID = int64(1000 + r.intn(900000))
	o.Type = "Organization"
	o.SiteAdmin = false
	user := "https://api.github.example/users/" + owner
	o.URL, o.HTMLURL = user, "https://github.example/"+owner
	o.AvatarURL = "https://avatars.github.example/u/" + strconv.FormatInt(o.ID, 10) + "?v=3"
	if r.intn(2) == 0 {
		g := fmt.Sprintf("%016x%016x", r.next(), r.next())
		o.GravatarID = &g
	}
	o.FollowersURL, o.FollowingURL = user+"/followers", user+"/following{/other_user}"
	o.GistsURL, o.StarredURL = user+"/gists{/gist_id}", user+"/starred{/owner}{/repo}"
	o.SubscriptionsURL, o.OrganizationsURL = user+"/subscriptions", user+"/orgs"
	o.ReposURL, o.EventsURL = user+"/repos", user+"/events{/privacy}"
	o.ReceivedEventsURL = user + "/received_events"
}

// User returns a compact JSON object shaped like the Groovy benchmark's
// user.json (4,170 bytes): a user profile with a name object of seven
// strings, three locations, 58 likes, an etag holding escaped quotes and
// flags. It decodes into testtypes.User.
func User(seed uint64) []byte {
	r := rng(seed)
	u := testtypes.User{
		ID:           strings.ToUpper(fmt.Sprintf("%012x", r.next()>>16)),
		ProfileViews: r.intn(100000),
		Email:        r.word("abcdefghijklmnopqrstuvwxyz", 5, 9) + "@mail.example",
		Gender:       r.intn(2),
		Birthday:     fmt.Sprintf("%02d%02d19%02d", 1+r.intn(28), 1+r.intn(12), 50+r.intn(50)),
		Image:        "https://img.example/u/" + strconv.Itoa(r.intn(1e6)) + ".jpg",
		Cover:        "https://img.example/c/" + strconv.Itoa(r.intn(1e6)) + ".jpg",
		AboutMe:      r.word("abcdefghijklmnopqrstuvwxyz      ", 60, 120),
		Etag:         `"` + fmt.Sprintf("%016x", r.next()) + `"`,
		Active:       true,
		LastAccess:   "2014-04-" + strconv.Itoa(10+r.intn(18)) + "T10:00:00Z",
	}
	given, family := "Tom", "Smith"
	u.Name = testtypes.UserName{Nickname: strings.ToLower(given) + "y", DisplayName: given + " " + family,
		GivenName: given, FamilyName: family, Prefix: "Mr.", Suffix: "Jr."}
	for i := range 3 {
		u.Locations = append(u.Locations, testtypes.UserLocation{Type: i + 1, Country: "US", State: r.word(upper, 2, 2),
			City: r.word(upper+"    ", 5, 12), Place: r.word("abcdefghijklmnopqrstuvwxyz ", 5, 20)})
	}
	for range 58 {
		u.Likes = append(u.Likes, testtypes.UserLike{ID: strings.ToUpper(fmt.Sprintf("%012x", r.next()>>16)),
			Date: fmt.Sprintf("201%d-%02d-%02dT%02d:%02d:00Z", r.intn(5), 1+r.intn(12), 1+r.intn(28), r.intn(24), r.intn(60))})
	}
	return mustMarshal(u)
}

// Request returns a compact JSON object shaped like the Groovy benchmark's
// request.json (425 bytes): method, host, path, two params and five
// headers. It decodes into testtypes.Request.
func Request(seed uint64) []byte {
	r := rng(seed)
	q := testtypes.Request{
		Method: "GET",
		Host:   "https://api.github.example",
		Path:   "/repos/" + r.word("abcdefghij", 4, 8) + "/" + r.word("abcdefghij-", 6, 12) + "/collaborators",
		Params: map[string]string{"page": strconv.Itoa(1 + r.intn(9)), "per_page": "100"},
		Headers: map[string]string{
			"User-Agent":      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/34.0.1847.116 Safari/537.36",
			"Content-Type":    "text/plain; charset=utf-8",
			"Accept":          "*/*",
			"Accept-Encoding": "gzip,deflate,sdch",
			"Accept-Language": "fr-FR,fr;q=0.8,en-US;q=0.6,en;q=0.4",
		},
	}
	return mustMarshal(q)
}

// Glossary returns a small pretty-printed document with the tree of the
// json.org "example glossary" that mORMot's small-content test parses
// 50,000 times: glossary > GlossDiv > GlossList > GlossEntry > GlossDef >
// GlossSeeAlso, seven levels, 15 names, 11 strings, tab indentation and
// CRLF line ends as in mORMot's constant. The words are made up here.
func Glossary() []byte {
	doc := `{
	"glossary": {
		"title": "sample glossary",
		"GlossDiv": {
			"title": "G",
			"GlossList": {
				"GlossEntry": {
					"ID": "JSON",
					"SortAs": "JSON",
					"GlossTerm": "JavaScript Object Notation",
					"Acronym": "JSON",
					"Abbrev": "RFC 8259:2017",
					"GlossDef": {
						"para": "A lightweight text format for exchanging structured data between programs.",
						"GlossSeeAlso": ["XML", "YAML"]
					},
					"GlossSee": "notation"
				}
			}
		}
	}
}
`
	return []byte(strings.ReplaceAll(doc, "\n", "\r\n"))
}

// GlossaryDoc is the Go form of [Glossary], for the typed (record) side of
// the small-content test.
type GlossaryDoc struct {
	Glossary struct {
		Title    string `json:"title"`
		GlossDiv struct {
			Title     string `json:"title"`
			GlossList struct {
				GlossEntry struct {
					ID        string `json:"ID"`
					SortAs    string `json:"SortAs"`
					GlossTerm string `json:"GlossTerm"`
					Acronym   string `json:"Acronym"`
					Abbrev    string `json:"Abbrev"`
					GlossDef  struct {
						Para         string   `json:"para"`
						GlossSeeAlso []string `json:"GlossSeeAlso"`
					} `json:"GlossDef"`
					GlossSee string `json:"GlossSee"`
				} `json:"GlossEntry"`
			} `json:"GlossList"`
		} `json:"GlossDiv"`
	} `json:"glossary"`
}

// GlossaryPaths are the values the small-content access test reads: every
// string of [Glossary], by member names and array indexes.
var GlossaryPaths = [][]any{
	{"glossary", "title"},
	{"glossary", "GlossDiv", "title"},
	{"glossary", "GlossDiv", "GlossList", "GlossEntry", "ID"},
	{"glossary", "GlossDiv", "GlossList", "GlossEntry", "SortAs"},
	{"glossary", "GlossDiv", "GlossList", "GlossEntry", "GlossTerm"},
	{"glossary", "GlossDiv", "GlossList", "GlossEntry", "Acronym"},
	{"glossary", "GlossDiv", "GlossList", "GlossEntry", "Abbrev"},
	{"glossary", "GlossDiv", "GlossList", "GlossEntry", "GlossDef", "para"},
	{"glossary", "GlossDiv", "GlossList", "GlossEntry", "GlossDef", "GlossSeeAlso", 0},
	{"glossary", "GlossDiv", "GlossList", "GlossEntry", "GlossDef", "GlossSeeAlso", 1},
	{"glossary", "GlossDiv", "GlossList", "GlossEntry", "GlossSee"},
}

// DBTable returns Jackson's "database table" document of n rows as
// compact JSON, {"row":[{"id","firstname","lastname","zip","street",
// "city","state"},...]}, about 115 bytes a row (db100 is about 11.5 KB).
// It decodes into testtypes.DB.
func DBTable(n int, seed uint64) []byte {
	r := rng(seed)
	first := []string{"Al", "Bob", "Chloe", "Dana", "Eve", "Frank", "Gina", "Hugo", "Ines", "Jules"}
	var b bytes.Buffer
	b.WriteString(`{"row":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"firstname":%q,"lastname":%q,"zip":%d,"street":"%d %s St.","city":%q,"state":%q}`,
			i, first[i%len(first)], strings.ToUpper(r.word(upper, 1, 1))+r.word("aeiounrstlm", 4, 8),
			10000+r.intn(89999), 1+r.intn(999), r.word(upper, 1, 1)+r.word("aeiounrstlm", 3, 7),
			r.word(upper, 1, 1)+r.word("aeiounrstlm", 4, 9), r.word(upper, 2, 2))
	}
	b.WriteString(`]}`)
	return b.Bytes()
}

func mustMarshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic("dataset: " + err.Error())
	}
	return b
}
