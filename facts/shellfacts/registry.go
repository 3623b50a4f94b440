package shellfacts

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/ini"
	"github.com/skillvet/skillvet/parse/shell"
)

// Package sources stored as configuration: a registry or index that
// every later install reads (npm config set registry, pip.conf
// index-url, go env -w GOPROXY, git url.<base>.insteadOf), and settings
// that turn the install's TLS or checksum checks off.

// SourceKind is what a package-source setting does.
type SourceKind uint8

const (
	SourceIndex    SourceKind = iota // replaces or adds the registry every install reads
	SourceScoped                     // a registry for one scope or explicitly named packages
	SourceUpload                     // where packages are published (with the user's token)
	SourceInsecure                   // TLS or checksum checks off
	SourceRedirect                   // git fetches of one URL prefix go to another
)

// SourceSetting is a package-manager or git setting that says where
// packages or code come from.
type SourceSetting struct {
	Tool  string // npm, yarn, pnpm, pip, uv, poetry, conda, gem, go, bun, cargo, twine, git
	Key   string // as written
	Value string // the registry, index or (git) the URL fetches go to
	// From is, for a git redirect, the URL prefix whose fetches go to Value.
	From string
	Kind SourceKind
	// Scope says which later installs read it, for messages ("every later
	// install by the user").
	Scope      string
	Start, End int // the value's bytes in the file; End <= Start: unknown
}

const (
	scopeUser    = "by the user"
	scopeGlobal  = "on the machine"
	scopeProject = "in that project"
)

// sourceKeyKind classifies a configuration key of a package manager.
func sourceKeyKind(tool, section, key string) (SourceKind, bool) {
	k := strings.ToLower(key)
	switch {
	case k == "strict-ssl" || k == "enablestrictssl" || k == "trusted-host" || k == "allow-insecure-host" || k == "unsafehttpwhitelist" || k == "ssl_verify":
		return SourceInsecure, true
	case strings.HasSuffix(k, ":registry") || strings.HasPrefix(k, "npmscopes."):
		return SourceScoped, true
	case k == "registry" || k == "npmregistryserver" || k == "index-url" || k == "extra-index-url" || k == "find-links" ||
		k == "channel_alias" || k == "channels" || k == "default_channels" || k == ":sources" || k == "sources" ||
		k == "url" && (section == "index" || strings.HasPrefix(section, "tool.uv.index")) || k == "index" && strings.HasPrefix(section, "registries"):
		return SourceIndex, true
	case k == "repository" && tool == "twine" || k == "npmpublishregistry":
		return SourceUpload, true
	}
	return 0, false
}

// SourceText returns the package-source settings in configuration text
// for tool (see intel.PackageConfigFile) written to path; off maps an
// offset of text to the file, exact says whether offsets map one to one
// (else every value is reported at [anchor, anchorEnd)).
func SourceText(tool, path, text string, off int, exact bool, anchorEnd int) []SourceSetting {
	scope := sourceFileScope(path)
	var out []SourceSetting
	for _, e := range ini.Lines(text) {
		kind, ok := sourceKeyKind(tool, e.Section, e.Key)
		if !ok {
			continue
		}
		s := SourceSetting{Tool: tool, Key: e.Key, Value: e.Value, Kind: kind, Scope: scope, Start: off, End: anchorEnd}
		if exact {
			s.Start, s.End = off+e.Start, off+e.End
		}
		out = append(out, s)
	}
	return out
}

// sourceFileScope says whose installs read a configuration file.
func sourceFileScope(path string) string {
	p := NormPath(strings.Trim(path, `"'`))
	switch {
	case strings.HasPrefix(p, "/etc/") || strings.HasPrefix(p, "/usr/"):
		return scopeGlobal
	case strings.HasPrefix(p, "~/") || strings.HasPrefix(p, "$XDG_CONFIG_HOME") || strings.HasPrefix(p, "${XDG_CONFIG_HOME}"):
		return scopeUser
	}
	return scopeProject
}

// SourceCommands returns the package-source settings command c stores:
// npm/pnpm/yarn config set, pip config set (also python -m pip), poetry
// source add and config repositories, conda config --add channels, gem
// sources --add, go env -w, and git url.<base>.insteadOf (from
// c.Settings).
func SourceCommands(c *shell.Command) []SourceSetting {
	var out []SourceSetting
	for _, st := range c.Settings {
		if st.Role != shell.RoleSource {
			continue
		}
		k := st.Key
		base := k[strings.IndexByte(k, '.')+1 : strings.LastIndexByte(k, '.')]
		scope := scopeProject
		switch st.Scope {
		case shell.ScopeGlobal:
			scope = scopeUser
		case shell.ScopeSystem:
			scope = scopeGlobal
		case shell.ScopeOnce, shell.ScopeSession, shell.ScopeFile:
			continue
		}
		start, end := c.Start, CmdEnd(c)
		if st.Value.End > st.Value.Start && st.Value.Start >= c.Start {
			start, end = st.Value.Start, st.Value.End
		}
		out = append(out, SourceSetting{Tool: "git", Key: k, Value: base, From: st.Value.Value, Kind: SourceRedirect, Scope: scope, Start: start, End: end})
	}
	args := c.Params()
	tool := c.Name
	if IsInterpreter(tool) && len(args) > 1 && args[0].Value == "-m" {
		tool, args = args[1].Value, args[2:] // python -m pip …
	}
	var pos []shell.Word
	scope := scopeUser
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-g" || v == "--global" && tool != "pip" && tool != "pip3":
			scope = scopeGlobal
		case v == "--site" || v == "--global" || v == "--system":
			scope = scopeGlobal
		case v == "--location=project" || v == "--location" && i+1 < len(args) && args[i+1].Value == "project":
			scope = scopeProject
		case v == "--location" || v == "--file" || v == "-f" || v == "--env" || v == "--name" || v == "-n":
			i++
		case v == "--add" || v == "--prepend" || v == "--append" || v == "--set" || v == "-a" || v == "-w":
			pos = append(pos, args[i])
		case strings.HasPrefix(v, "--priority"):
			if strings.Contains(v, "explicit") || i+1 < len(args) && args[i+1].Value == "explicit" {
				scope = "explicit"
			}
		case strings.HasPrefix(v, "-"):
		default:
			pos = append(pos, args[i])
		}
	}
	at := func(w shell.Word) (int, int) {
		if w.End > w.Start && w.Start >= c.Start {
			return w.Start, w.End
		}
		return c.Start, CmdEnd(c)
	}
	add := func(tool, key string, w shell.Word, val string, scope string) {
		kind, ok := sourceKeyKind(tool, "", key)
		if !ok {
			return
		}
		s, e := at(w)
		out = append(out, SourceSetting{Tool: tool, Key: key, Value: val, Kind: kind, Scope: scope, Start: s, End: e})
	}
	word := func(i int) string {
		if i < len(pos) {
			return pos[i].Value
		}
		return ""
	}
	switch tool {
	case "npm", "pnpm", "yarn":
		rest := pos
		switch {
		case word(0) == "config" && word(1) == "set":
			rest = pos[2:]
		case word(0) == "set" && tool == "npm":
			rest = pos[1:]
		default:
			return out
		}
		if len(rest) == 0 {
			return out
		}
		key, val, w := rest[0].Value, "", rest[0]
		if k, v, ok := strings.Cut(key, "="); ok {
			key, val = k, v
		} else if len(rest) > 1 {
			val, w = rest[1].Value, rest[1]
		}
		if tool == "yarn" && strings.HasPrefix(strings.ToLower(key), "npmscopes.") && !strings.HasSuffix(strings.ToLower(key), "npmregistryserver") {
			return out
		}
		add(tool, key, w, val, scope)
	case "pip", "pip3":
		if word(0) != "config" || word(1) != "set" || len(pos) < 4 {
			return out
		}
		key := pos[2].Value
		name := key[strings.LastIndexByte(key, '.')+1:]
		add("pip", name, pos[3], pos[3].Value, scope)
	case "poetry":
		switch {
		case word(0) == "source" && word(1) == "add" && len(pos) >= 4:
			kind := scopeProject
			if scope == "explicit" {
				kind = "explicit"
			}
			s, e := at(pos[3])
			k := SourceIndex
			if kind == "explicit" {
				k, kind = SourceScoped, scopeProject
			}
			out = append(out, SourceSetting{Tool: "poetry", Key: "source " + pos[2].Value, Value: pos[3].Value, Kind: k, Scope: kind, Start: s, End: e})
		case word(0) == "config" && len(pos) >= 3 && strings.HasPrefix(word(1), "repositories."):
			s, e := at(pos[2])
			out = append(out, SourceSetting{Tool: "poetry", Key: word(1), Value: word(2), Kind: SourceUpload, Scope: scopeUser, Start: s, End: e})
		}
	case "conda", "mamba", "micromamba":
		for i := 0; i+2 < len(pos); i++ {
			if word(i) != "config" && (pos[i].Value == "--add" || pos[i].Value == "--prepend" || pos[i].Value == "--append" || pos[i].Value == "--set") {
				add("conda", pos[i+1].Value, pos[i+2], pos[i+2].Value, scopeUser)
			}
		}
	case "gem":
		if word(0) == "sources" {
			for i := 1; i+1 < len(pos); i++ {
				if pos[i].Value == "--add" || pos[i].Value == "-a" {
					add("gem", "sources", pos[i+1], pos[i+1].Value, scopeUser)
				}
			}
		}
	case "go":
		if word(0) != "env" || word(1) != "-w" {
			return out
		}
		for _, w := range pos[2:] {
			k, v, ok := strings.Cut(w.Value, "=")
			if !ok {
				continue
			}
			s, e := at(w)
			switch strings.ToUpper(k) {
			case "GOPROXY":
				out = append(out, SourceSetting{Tool: "go", Key: k, Value: v, Kind: SourceIndex, Scope: scopeUser, Start: s, End: e})
			case "GOINSECURE", "GONOSUMDB", "GONOSUMCHECK", "GOSUMDB", "GOFLAGS":
				out = append(out, SourceSetting{Tool: "go", Key: k, Value: v, Kind: SourceInsecure, Scope: scopeUser, Start: s, End: e})
			}
		}
	}
	return out
}

// JudgeSource grades a package-source setting: critical when it points at
// a raw IP, tunnel, paste site, file drop or similar host; high over plain
// http to a public host; medium for another unknown host (low for a
// scoped registry); nothing for public registries, their mirrors, hosted
// registry services, code hosts (git redirects) and the user's own
// network (loopback, private addresses). Settings that turn checks off
// are medium.
func JudgeSource(r SourceSetting) Stored {
	v := strings.TrimSpace(r.Value)
	if r.Kind == SourceInsecure {
		return judgeInsecure(r, v)
	}
	urls := intel.URLRx.FindAllString(v, 8)
	if r.Tool == "go" {
		urls = urls[:0]
		for _, p := range strings.FieldsFunc(v, func(c rune) bool { return c == ',' || c == '|' }) {
			if p != "direct" && p != "off" {
				urls = append(urls, p)
			}
		}
	}
	if r.Kind == SourceRedirect {
		urls = urls[:0]
		switch {
		case strings.Contains(v, "://"):
			urls = append(urls, v) // whole: a token in the user part (https://x:${T}@github.com/) is no host
		case sshHost(v) != "":
			urls = append(urls, "ssh://"+sshHost(v))
		}
	}
	var j Stored
	for _, u := range urls {
		host, cl := intel.URLClass(u)
		if host == "" || cl == intel.HostLoopback || cl == intel.HostPrivate || intel.RegistryHost(host) ||
			r.Kind == SourceRedirect && (cl == intel.HostCodeHost || cl == intel.HostKnownAPI) {
			continue
		}
		plain := strings.HasPrefix(strings.ToLower(u), "http://")
		switch {
		case cl.Suspicious():
			j.consider(analyzer.Critical, host+" ("+cl.String()+")")
		case plain && r.Kind != SourceScoped:
			j.consider(analyzer.High, host+" over plain http (anyone on the path can swap the packages)")
		case r.Kind == SourceScoped:
			j.consider(analyzer.Low, host)
		default:
			j.consider(analyzer.Medium, host)
		}
	}
	if j.Sev == analyzer.SevNone {
		return j
	}
	switch r.Kind {
	case SourceUpload:
		j.Why = "every later upload " + r.Scope + " sends the packages and the registry token to " + j.Why
	case SourceRedirect:
		j.Why = "every later git clone and fetch " + r.Scope + " of " + ClipText(r.From, 50) + " goes to " + j.Why + " instead"
	case SourceScoped:
		j.Why = "packages of that scope " + r.Scope + " come from " + j.Why
	default:
		j.Why = "every later " + r.Tool + " install " + r.Scope + " fetches packages from " + j.Why
	}
	return j
}

// sshHost takes the host out of an scp-style git URL (git@host:path).
func sshHost(v string) string {
	if at := strings.IndexByte(v, '@'); at >= 0 {
		if c := strings.IndexByte(v[at:], ':'); c > 0 {
			return v[at+1 : at+c]
		}
	}
	return ""
}

// judgeInsecure grades a setting that turns TLS or checksum checks off.
func judgeInsecure(r SourceSetting, v string) Stored {
	lv := strings.ToLower(v)
	k := strings.ToLower(r.Key)
	switch k {
	case "strict-ssl", "enablestrictssl", "ssl_verify":
		if lv == "false" || lv == "0" || lv == "no" {
			return Stored{analyzer.Medium, "turns TLS certificate checks off for every later " + r.Tool + " install " + r.Scope}
		}
	case "gosumdb":
		if lv == "off" {
			return Stored{analyzer.Medium, "turns Go checksum verification off " + r.Scope}
		}
	case "goflags":
		if strings.Contains(lv, "insecure") {
			return Stored{analyzer.Medium, "lets go fetch modules without TLS " + r.Scope}
		}
	case "gonosumdb", "gonosumcheck":
		if v != "" {
			return Stored{analyzer.Medium, "skips checksum verification of " + ClipText(v, 40) + " " + r.Scope}
		}
	default: // trusted-host, allow-insecure-host, unsafeHttpWhitelist, GOINSECURE: hosts
		for _, h := range strings.FieldsFunc(v, func(c rune) bool { return c == ',' || c == ' ' || c == '\t' }) {
			h = strings.Trim(h, `"'[]-`)
			host, cl := intel.URLClass(h)
			if host == "" || cl == intel.HostLoopback || cl == intel.HostPrivate || intel.RegistryHost(host) && !cl.Suspicious() {
				continue
			}
			sev := analyzer.Medium
			if cl.Suspicious() {
				sev = analyzer.High
			}
			return Stored{sev, "trusts " + host + " without TLS checks for every later " + r.Tool + " install " + r.Scope}
		}
	}
	return Stored{}
}
