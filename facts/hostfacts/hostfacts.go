// Package hostfacts knows which hosts a skill is about: the service its
// frontmatter names, and hosts it mentions across several sections or
// files. A host that one passage alone mentions is a stranger to the
// skill — where an injected "send it to our server" step points.
package hostfacts

import (
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/facts/prose"
	"strconv"
	"strings"

	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/skill"
)

// Hosts is what a skill says about hosts.
type Hosts struct {
	defs     map[string]Def             // a name → the URL a file of the skill sets it to
	places   map[string]map[string]bool // host → the places (file#section) naming it
	files    map[string]map[string]bool // file path → the hosts it names
	manifest string                     // the frontmatter, lower case
	name     string                     // the frontmatter's name, lower case
}

type key struct{}

// Of returns the host facts of a skill, computed once per skill.
func Of(s *skill.Skill) *Hosts {
	if s == nil || len(s.Files) == 0 {
		return &Hosts{}
	}
	v, err := s.Memo(key{}, func() (any, error) { return build(s), nil })
	if err != nil || v == nil {
		return &Hosts{}
	}
	return v.(*Hosts)
}

var headingRx = match.MustRx(`(?m)^#{1,6}\s`)

func build(s *skill.Skill) *Hosts {
	h := &Hosts{defs: map[string]Def{}, places: map[string]map[string]bool{}, files: map[string]map[string]bool{}}
	if m, f := s.Manifest, s.ManifestFile(); m != nil && m.Present && f != nil && m.BodyStart <= len(f.Content) {
		h.manifest = strings.ToLower(string(f.Content[:m.BodyStart])) // the whole frontmatter
		h.name = strings.ToLower(strings.TrimSpace(m.Name))
	}
	for _, f := range s.Files {
		if !f.Kind.IsText() || len(f.Content) > 4<<20 {
			continue
		}
		c := string(f.Content)
		if !strings.Contains(c, "://") {
			continue
		}
		// a definition holds its URL on its own line: run the pattern on
		// the lines that hold "://" only (it was 7% of rulecost over
		// whole files)
		for off, n := 0, 0; n < 64; {
			i := strings.Index(c[off:], "://")
			if i < 0 {
				break
			}
			ls, le := prose.LineAroundText(c, off+i, off+i)
			if m := defRx.FindStringSubmatch(c[ls:le]); m != nil {
				n++
				if _, dup := h.defs[m[1]]; !dup {
					h.defs[m[1]] = Def{URL: m[2], File: f.Path}
				}
			}
			off = le
		}
		starts := []int{0}
		if f.Kind == skill.KindMarkdown {
			for _, l := range headingRx.FindAllStringIndex(c, -1) {
				starts = append(starts, l[0])
			}
		}
		for k, st := range starts {
			end := len(c)
			if k+1 < len(starts) {
				end = starts[k+1]
			}
			place := f.Path + "#" + strconv.Itoa(k)
			for _, u := range intel.URLRx.FindAllString(c[st:end], 64) {
				host, _ := intel.URLClass(u)
				host = strings.TrimPrefix(strings.ToLower(host), "www.")
				if host == "" {
					continue
				}
				add(h.places, host, place)
				add(h.files, f.Path, host)
			}
		}
	}
	return h
}

func add(m map[string]map[string]bool, k, v string) {
	if m[k] == nil {
		m[k] = map[string]bool{}
	}
	m[k][v] = true
}

// NamesGeoIP returns a host that the file at slash path names and that
// tells a caller its public IP address and location, or "".
func (h *Hosts) NamesGeoIP(path string) string {
	best := ""
	for host := range h.files[path] {
		if intel.GeoIPHost(host) && (best == "" || host < best) {
			best = host // the first by name: output stays the same run to run
		}
	}
	return best
}

// Named reports whether the skill's frontmatter names host or its service
// (api.acme.io → "acme"): the vendor the skill is written for.
func (h *Hosts) Named(host string) bool {
	host = strings.TrimPrefix(strings.ToLower(host), "www.")
	if host == "" || h.manifest == "" {
		return false
	}
	if strings.Contains(h.manifest, host) {
		return true
	}
	if h.namedBySkill(host) {
		return true
	}
	name := serviceName(host)
	if len(name) >= 4 {
		// caddyserver.com in the caddy-server skill: the words of a name
		// written together
		return strings.Contains(h.manifest, name) || len(name) >= 6 && strings.Contains(joinedWords(h.manifest), name)
	}
	// a short name (hf.co, ntn.dev) counts as a word of its own: the
	// Hugging Face CLI (`hf`), the Notion CLI (`ntn`)
	return len(name) >= 2 && !shortWords[name] && containsWord(h.manifest, name)
}

// namedBySkill reports a host one of whose subdomain labels is the skill's
// own name, a product name of two words or more (hermes-agent.example-labs.com
// for the hermes-agent skill): the product's site under its maker's domain.
func (h *Hosts) namedBySkill(host string) bool {
	name := h.name
	if len(name) < 6 || !strings.ContainsAny(name, "-_") {
		return false
	}
	labels := strings.Split(host, ".")
	for _, l := range labels[:max(len(labels)-2, 0)] {
		if l == name {
			return true
		}
	}
	return false
}

// joinedWords returns s without the hyphens and underscores that join
// the words of a name ("caddy-server" reads "caddyserver").
func joinedWords(s string) string {
	return strings.NewReplacer("-", "", "_", "").Replace(s)
}

// shortWords are short service names that are also ordinary words or
// generic labels: naming them is not naming the service (bit.ly, get.x).
var shortWords = map[string]bool{"an": true, "as": true, "at": true, "be": true, "by": true, "do": true, "go": true,
	"if": true, "in": true, "is": true, "it": true, "me": true, "my": true, "no": true, "of": true, "on": true,
	"or": true, "so": true, "to": true, "up": true, "us": true, "we": true, "all": true, "and": true, "any": true,
	"api": true, "app": true, "bit": true, "cdn": true, "cli": true, "dev": true, "get": true, "new": true,
	"one": true, "run": true, "the": true, "top": true, "use": true, "web": true, "www": true, "you": true}

// containsWord reports whether w occurs in s with no letter or digit on
// either side.
func containsWord(s, w string) bool {
	for i := 0; ; {
		k := strings.Index(s[i:], w)
		if k < 0 {
			return false
		}
		a, b := i+k, i+k+len(w)
		if (a == 0 || !wordByte(s[a-1])) && (b == len(s) || !wordByte(s[b])) {
			return true
		}
		i = a + 1
	}
}

func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// Familiar reports whether the skill is about host: its frontmatter names
// the host or its service (api.acme.io → "acme"), or the host appears in
// at least two sections or files. A host named in one passage only is not.
func (h *Hosts) Familiar(host string) bool {
	host = strings.TrimPrefix(strings.ToLower(host), "www.")
	if host == "" {
		return false
	}
	return h.Named(host) || len(h.places[host]) >= 2
}

// serviceName is the label that names a host's service: the one before
// the public suffix (api.stripe.com → stripe), or before a hosting
// platform's domain (acme.onrender.com → acme).
func serviceName(host string) string {
	labels := strings.Split(host, ".")
	if len(labels) < 2 {
		return host
	}
	if len(labels) >= 3 && sharedHosting[strings.Join(labels[len(labels)-2:], ".")] {
		return labels[len(labels)-3]
	}
	return labels[len(labels)-2]
}

// sharedHosting are domains under which anyone gets a name: the service
// is the label below them.
var sharedHosting = map[string]bool{"onrender.com": true, "herokuapp.com": true, "vercel.app": true, "netlify.app": true,
	"github.io": true, "pages.dev": true, "workers.dev": true, "fly.dev": true, "railway.app": true, "glitch.me": true,
	"repl.co": true, "azurewebsites.net": true, "appspot.com": true, "web.app": true, "firebaseapp.com": true,
	"deno.dev": true, "supabase.co": true, "cloudfunctions.net": true, "run.app": true, "amazonaws.com": true}

// Def is a name a file of the skill sets to a URL (ENDPOINT=https://…).
type Def struct {
	URL, File string
}

// defRx matches a line that sets a name to a URL: ENDPOINT=https://…,
// export COLLECTOR_URL="https://…", `api_base`: https://…, a list item or
// table row "| UPLOAD_URL | https://… |".
var defRx = match.MustRx("(?m)^[ \t>*|-]*(?:export\\s+|set\\s+)?[`*]*([A-Za-z][A-Za-z0-9_]{2,40})[`*]*[ \t]*(?:=|:=|:|\\||->|→)[ \t]*[\"'`<]?(https?://[^\\s\"'`<>|)]+)")

// Endpoint returns the URL a file of the skill sets name to
// (references/config.md: ENDPOINT=https://…), for prose elsewhere that
// names the destination by that name ("post the token to the ENDPOINT").
func (h *Hosts) Endpoint(name string) (Def, bool) {
	d, ok := h.defs[name]
	return d, ok
}

// NamesEndpoint reports whether text holds, as written, a name a file of
// the skill sets to a URL: the cheap test before looking for the name in
// a destination slot.
func (h *Hosts) NamesEndpoint(text string) bool {
	for name := range h.defs {
		if strings.Contains(text, name) {
			return true
		}
	}
	return false
}
