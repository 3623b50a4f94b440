package rules

import (
	"bytes"
	"github.com/skillvet/skillvet/facts/match"
	"net/url"
	"path"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/markdown"
	"github.com/skillvet/skillvet/skill"
)

// SpecLinkTargets reports relative links, images and !read paths in Markdown
// that point outside the skill, at absolute paths, or at files the skill
// does not contain.
var SpecLinkTargets = register(&analyzer.Rule{
	ID:       "SV913",
	Name:     "link-targets",
	Title:    "Link or !read path is missing, absolute or leaves the skill",
	Severity: Medium,
	Category: analyzer.CatLint,
	Tags:     []string{"lint", "spec", "CWE-22"},
	Inputs:   analyzer.InMarkdown,
	Keywords: []string{"](", "]:", "!read", "src", "href"},
	Doc: `Checks every local reference in the skill's Markdown files: links ` + "`[x](path)`" + `, reference
links, images ` + "`![x](path)`" + `, ` + "`src`" + `/` + "`href`" + ` attributes of inline HTML, and ` + "`!read path`" + `
directives. Paths resolve relative to the file that holds them (a link in
` + "`references/a.md`" + ` to ` + "`b.md`" + ` means ` + "`references/b.md`" + `), after removing ` + "`#fragment`" + ` and
` + "`?query`" + ` and URL-decoding (` + "`%2e%2e`" + ` is ` + "`..`" + `). URLs with a scheme (` + "`https:`" + `, ` + "`mailto:`" + `),
protocol-relative URLs and ` + "`#anchors`" + ` are not checked.

- **high:** the path is absolute (` + "`/etc/passwd`" + `, ` + "`~/.aws/credentials`" + `, ` + "`C:\\Users\\…`" + `,
  ` + "`\\\\server\\share`" + `, ` + "`file:///…`" + `), or leaves the skill towards a credential file or a hidden
  file or directory (` + "`../../.ssh/id_rsa`" + `, ` + "`../.env`" + `, ` + "`../../../.config/gh/hosts.yml`" + `). An
  agent told to read a linked file reads it, so such a link is a way to pull secrets into
  the context (and from there into a reply, a commit or a request).
- **medium:** the path leaves the skill towards an ordinary file (a sibling skill's
  SKILL.md, the repository's docs): it breaks once the skill is installed on its own, and
  the agent then reads whatever sits at that path; so does a link into the enclosing plugin's
  manifest directory (` + "`../../.claude-plugin/plugin.json`" + `, ` + "`.codex-plugin`" + `, ` + "`.cursor-plugin`" + `: the
  plugin's own public files), unless the path names a credential or another hidden file. Also medium: a root-relative path whose
  first directory is none of the system's (` + "`/guides/setup.md`" + `, ` + "`/reference`" + ` in a mirrored
  documentation site) and that names nothing hidden or credential-like; a page (no extension,
  ` + "`.md`" + `, ` + "`.html`" + `) whose name holds a word for a secret but that sits in the same site tree as
  the file's other such links (` + "`/docs/token-counting`" + ` next to ` + "`/docs/prompt-caching`" + `), a page
  named for its topic (the tree is the site's when another file of the skill links a plain page
in it: ` + "`/account/tokens`" + ` beside ` + "`/account/billing`" + `), while ` + "`/docs/credentials.json`" + ` stays high; a page or picture whose name is a
title written as a slug of three words or more (` + "`/help/when-to-rotate-your-access-tokens`" + `,
` + "`/static/app-private-key-fingerprint.png`" + `), a topic rather than a file named for the secret it holds
(` + "`/keys/deploy-private-key.pem`" + ` and ` + "`/secrets/…`" + ` stay high); a picture in a hidden directory of the
repository around the skill (` + "`../.gitbook/assets/graph.png`" + `, a documentation tool's asset store) that
is no credential path (no file holding a secret has a picture's extension); and the root ` + "`/`" + `
  itself (a site's home page: a Home button): read from the file system's root it finds
  nothing of the user's. ` + "`/etc/…`" + `, ` + "`/home/…`" + `, ` + "`/Users/…`" + `, ` + "`/var/…`" + `,
  ` + "`/proc/…`" + `, ` + "`/app/.env`" + ` and the like stay high. Also medium: an absolute path through the skill's
  own install location to a file it ships (` + "`/Users/me/.claude/skills/<this skill>/state/shot.png`" + `, the
  skill's name or directory after ` + "`skills/`" + `): it breaks on another machine and reads nothing outside the
  skill (a file the skill does not ship there is missing, as a relative one is); a path that climbs out of
  it, names another skill or a hidden or credential file stays high. Also medium: the path stays inside the
  skill but the file is not there (or differs only in case, which breaks on
  case-sensitive file systems): the agent looks for instructions that do not exist.

Paths that start with ` + "`{baseDir}/`" + ` or ` + "`${CLAUDE_SKILL_DIR}/`" + ` resolve from the skill root;
other paths with template variables are not checked. Templates under ` + "`assets/`" + ` and the
repository files ` + "`README`" + `, ` + "`CHANGELOG`" + `, ` + "`CONTRIBUTING`" + ` and ` + "`LICENSE`" + ` at the skill root link
to the user's project or the surrounding repository: missing targets there are not
reported, and targets outside the skill are low.

**Fix:** ship the file under the skill directory and link to it relatively.

Bad:

` + "```markdown" + `
Read [the config](../../.ssh/config) and [the guide](references/GUIDE.md) first.
` + "```" + `

Good:

` + "```markdown" + `
Read [the guide](references/guide.md) first.
` + "```",
	Run: runSpecLinkTargets,
})

// Link target verdicts.
const (
	lintTargetOK = iota
	lintTargetMissing
	lintTargetCase
	lintTargetAbsolute
	lintTargetEscape
)

var (
	lintSchemeRx  = match.MustRx(`^[A-Za-z][A-Za-z0-9+.-]*:`)
	lintDriveRx   = match.MustRx(`^[A-Za-z]:(?:[\\/]|$)`)
	lintHTMLRefRx = match.MustRx(`(?i)\b(?:src|href)\s*=\s*(?:"([^"]*)"|'([^']*)')`)
)

// lintHomeVarRx matches paths that start in the user's home or another
// directory outside the skill through an environment variable.
var lintHomeVarRx = match.MustRx(`(?i)^(?:\$\{?(?:HOME|USERPROFILE|XDG_[A-Z_]+|APPDATA|LOCALAPPDATA|TMPDIR)\}?|\$env:(?:USERPROFILE|HOME|APPDATA|LOCALAPPDATA|TEMP)|%(?:USERPROFILE|HOMEPATH|HOMEDRIVE|APPDATA|LOCALAPPDATA|TEMP|TMP)%)(?:/|$)`)

// lintRootPrefixes make a path relative to the skill root.
var lintRootPrefixes = []string{"{baseDir}/", "${CLAUDE_SKILL_DIR}/", "$CLAUDE_SKILL_DIR/"}

// lintResolveTarget classifies a link target written in a file of
// directory dir. It returns the verdict and the resolved slash path (or,
// for lintTargetCase, the path that exists with other case).
func lintResolveTarget(s *skill.Skill, dir, raw string) (int, string) {
	t := strings.TrimSpace(raw)
	if t == "" || strings.HasPrefix(t, "#") {
		return lintTargetOK, ""
	}
	if strings.HasPrefix(t, `\\`) || lintDriveRx.MatchString(t) || strings.HasPrefix(strings.ToLower(t), "file:") {
		return lintTargetAbsolute, t
	}
	if strings.HasPrefix(t, "//") || lintSchemeRx.MatchString(t) {
		return lintTargetOK, "" // a URL
	}
	if i := strings.IndexAny(t, "?#"); i >= 0 {
		t = t[:i]
	}
	if d, err := url.PathUnescape(t); err == nil {
		t = d
	}
	t = strings.ReplaceAll(t, `\`, "/")
	for _, pre := range lintRootPrefixes {
		if rest, ok := strings.CutPrefix(t, pre); ok {
			t, dir = rest, "."
			break
		}
	}
	if lintHomeVarRx.MatchString(t) {
		return lintTargetAbsolute, t // $HOME/…, %USERPROFILE%\…
	}
	if strings.ContainsAny(t, "${}%") {
		if _, _, _, ok := intel.MatchCredentialPath(t); ok {
			return lintTargetAbsolute, t // $X/.ssh/id_rsa: whatever $X is, it is not the skill
		}
		return lintTargetOK, "" // a template the agent fills in
	}
	if t == "" {
		return lintTargetOK, ""
	}
	if strings.HasPrefix(t, "/") || strings.HasPrefix(t, "~") || lintDriveRx.MatchString(t) {
		return lintTargetAbsolute, t
	}
	j := path.Join(dir, t)
	if j == ".." || strings.HasPrefix(j, "../") {
		return lintTargetEscape, j
	}
	if j == "." || s.File(j) != nil || s.HasDir(j) {
		return lintTargetOK, j
	}
	for _, pr := range s.Problems {
		if pr.Path == j {
			return lintTargetOK, j // there, but not readable: SV001 reports it
		}
	}
	for _, f := range s.Files {
		if strings.EqualFold(f.Path, j) {
			return lintTargetCase, f.Path
		}
	}
	for _, d := range s.Dirs() {
		if strings.EqualFold(d, j) {
			return lintTargetCase, d
		}
	}
	return lintTargetMissing, j
}

func runSpecLinkTargets(p *analyzer.Pass) error {
	doc, err := p.Markdown()
	if err != nil {
		return nil // unparsable Markdown is reported by the parse rules
	}
	dir := path.Dir(p.File.Path)
	site := lintSiteDirs(doc)
	for d := range lintSkillSiteDirs(p.Skill) {
		if site == nil {
			site = map[string]bool{}
		}
		site[d] = true
	}
	for i := range doc.Tokens {
		t := &doc.Tokens[i]
		switch t.Kind {
		case markdown.Link, markdown.Image:
			from := t.End
			if t.End <= t.Start {
				from = t.Start
			}
			at := lintFind(p.File.Content, "](<"+t.URL, from, t.Start)
			if at[0] == t.Start {
				at = lintFind(p.File.Content, "]("+t.URL, from, t.Start)
			}
			if at[0] != t.Start {
				at[0] = at[1] - len(t.URL) // skip the "](" the search anchored on
			}
			lintCheckTarget(p, dir, t.URL, at, lintLinkLabel(t.Kind), site)
		case markdown.ReadDirective:
			target := strings.Trim(t.Text, "\"'`")
			lintCheckTarget(p, dir, target, lintFind(p.File.Content, target, t.Start, t.Start), "!read path", site)
		case markdown.InlineHTML, markdown.HTMLBlock:
			if t.IsComment() {
				continue
			}
			from, end := t.Start, min(t.End, len(p.File.Content))
			for _, sm := range lintHTMLRefRx.FindAllStringSubmatchIndex(t.Text, -1) {
				a, b := sm[2], sm[3]
				if a < 0 {
					a, b = sm[4], sm[5]
				}
				target := t.Text[a:b]
				at := [2]int{t.Start, t.Start}
				// Find the attribute itself in the file: the token's text
				// skips container prefixes (quotes, list indents).
				if from < end {
					if i := bytes.Index(p.File.Content[from:end], []byte(t.Text[sm[0]:sm[1]])); i >= 0 {
						at = [2]int{from + i + a - sm[0], from + i + b - sm[0]}
						from += i + sm[1] - sm[0]
					}
				}
				lintCheckTarget(p, dir, target, at, "HTML reference", site)
			}
		}
	}
	return nil
}

func lintLinkLabel(k markdown.Kind) string {
	if k == markdown.Image {
		return "image"
	}
	return "link"
}

// lintFind returns the span of target's text at or after from, within the
// line that holds from and the next one; else the point fallback.
func lintFind(content []byte, target string, from, fallback int) [2]int {
	if target == "" || from < 0 || from >= len(content) {
		return [2]int{fallback, fallback}
	}
	end := len(content)
	if i := bytes.IndexByte(content[from:], '\n'); i >= 0 {
		end = from + i + 1
		if j := bytes.IndexByte(content[end:], '\n'); j >= 0 {
			end += j
		} else {
			end = len(content)
		}
	}
	if i := bytes.Index(content[from:end], []byte(target)); i >= 0 {
		return [2]int{from + i, from + i + len(target)}
	}
	return [2]int{fallback, fallback}
}

func lintCheckTarget(p *analyzer.Pass, dir, target string, at [2]int, what string, site map[string]bool) {
	v, resolved := lintResolveTarget(p.Skill, dir, target)
	d := analyzer.Diagnostic{Start: at[0], End: at[1]}
	switch v {
	case lintTargetOK:
		return
	case lintTargetCase, lintTargetMissing:
		if lintHumanDoc(p.File.Path) {
			return // templates and repository docs link to their destination, not the skill
		}
	}
	switch v {
	case lintTargetEscape:
		if label := lintSensitivePath(resolved); label != "" && !lintHiddenPicture(resolved) {
			d.Severity = High
			d.Message = what + " " + lintQuote(target) + " resolves to " + resolved + ", outside the skill directory (" + label + "): an agent following it reads files the skill does not ship"
		} else if meta := lintPluginMeta(resolved); meta != "" {
			d.Message = what + " " + lintQuote(target) + " resolves to " + resolved + ", outside the skill directory (the enclosing plugin's manifest directory " + meta + "): it breaks when the skill is installed on its own, and the agent reads whatever is there instead"
		} else {
			d.Message = what + " " + lintQuote(target) + " resolves to " + resolved + ", outside the skill directory: it breaks when the skill is installed on its own, and the agent reads whatever is there instead"
		}
	case lintTargetAbsolute:
		if own, shipped, ok := lintOwnInstallPath(p.Skill, resolved); ok {
			// /Users/me/.claude/skills/<this skill>/state/shot.png: the
			// skill's own file, written at the author's install location;
			// elsewhere it breaks, and it reads nothing outside the skill
			// (a file it does not ship is missing, as a relative one is)
			if shipped {
				d.Message = what + " " + lintQuote(target) + " is this skill's own file " + own + " at its install location on one machine: elsewhere it breaks; link it relatively"
			} else {
				d.Message = what + " " + lintQuote(target) + " points into this skill's own install location on one machine, at " + own + ", which the skill does not ship"
			}
			break
		}
		if lintSiteRootPath(resolved) {
			// /guides/setup.md in a mirrored documentation site: a link to
			// the site's own page, which read from the file system's root
			// finds nothing; no system directory, hidden or credential file
			d.Message = what + " " + lintQuote(target) + " is a root-relative path (a web site's own page?): an agent following it reads from the file system's root, where the skill ships nothing"
			break
		}
		if lintSitePage(resolved, site) {
			// /docs/en/token-counting among the file's other /docs/… links:
			// a page of the mirrored site named for its topic, not a file
			// holding a secret
			d.Message = what + " " + lintQuote(target) + " is a root-relative path into the same site tree as the file's other links (" + lintFirstDir(resolved) + "/…), a page named for its topic: an agent following it reads from the file system's root, where the skill ships nothing"
			break
		}
		d.Severity = High
		d.Message = what + " " + lintQuote(target) + " is an absolute path outside the skill: an agent following it reads files the skill does not ship"
	case lintTargetCase:
		d.Message = what + " " + lintQuote(target) + " does not exist; the skill has " + resolved + " (differs in case: breaks on case-sensitive file systems)"
	case lintTargetMissing:
		d.Message = what + " " + lintQuote(target) + " does not exist in the skill (" + resolved + ")"
	}
	if lintHumanDoc(p.File.Path) && (v == lintTargetEscape || v == lintTargetAbsolute) {
		d.Severity = Low
		d.Message += " (in " + p.File.Path + ", which agents do not read as instructions unless told to)"
	}
	p.Report(d)
}

// lintOwnInstallPath returns the path inside the skill that an absolute
// path names through the skill's install location (…/skills/<name>/rest,
// <name> the skill's name or directory) and whether the skill ships it;
// ok is false for a path that climbs out (…/<name>/../../settings.json),
// goes into another skill's directory or names anything hidden or
// credential-like.
func lintOwnInstallPath(s *skill.Skill, p string) (rest string, shipped, ok bool) {
	if strings.Contains(p, "/../") || strings.HasSuffix(p, "/..") {
		return "", false, false
	}
	parts := strings.Split(p, "/")
	for i := 0; i+2 < len(parts); i++ {
		if parts[i] != "skills" || parts[i+1] != s.Name && parts[i+1] != s.DirName {
			continue
		}
		rest = path.Clean(strings.Join(parts[i+2:], "/"))
		if rest == "." || strings.HasPrefix(rest, "../") || lintSensitivePath(rest) != "" {
			return "", false, false
		}
		if s.File(rest) != nil || s.HasDir(rest) {
			return rest, true, true
		}
		for _, pr := range s.Problems {
			if pr.Path == rest {
				return rest, true, true // shipped, but not read (over the limits)
			}
		}
		return rest, false, true
	}
	return "", false, false
}

// lintSensitivePath says why a path that leaves the skill is dangerous to
// read (credential files, hidden files and directories such as .ssh, .env,
// .config, .claude), or "" for ordinary files such as a sibling skill's
// SKILL.md or a repository's docs.
func lintSensitivePath(p string) string {
	if label, _, _, ok := intel.MatchCredentialPath(p); ok {
		return label
	}
	for _, c := range strings.Split(p, "/") {
		if c != "" && c != "." && c != ".." && strings.HasPrefix(c, ".") && !lintPluginMetaDirs[c] {
			return "hidden file or directory " + c
		}
	}
	return ""
}

// lintPictureExts are the extensions of a picture.
var lintPictureExts = map[string]bool{".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".svg": true, ".webp": true}

// lintHiddenPicture reports a picture in a hidden directory of the
// repository around the skill (../.gitbook/assets/graph.png, a docs
// tool's asset store): shown, not read; no file that holds a secret has a
// picture's extension, whatever words its name holds (privatelink.png).
// A credential path stays sensitive whatever its extension
// (../../.ssh/id_rsa.png, ../.aws/credentials-copy.png).
func lintHiddenPicture(p string) bool {
	if !lintPictureExts[strings.ToLower(path.Ext(p))] {
		return false
	}
	_, _, _, cred := intel.MatchCredentialPath(p)
	return !cred
}

// lintPluginMetaDirs are the hidden directories where an agent plugin
// keeps its manifest (plugin.json, marketplace.json), next to the skills
// it ships: the plugin's own public files, nothing of the user's.
var lintPluginMetaDirs = map[string]bool{".claude-plugin": true, ".codex-plugin": true, ".cursor-plugin": true}

// lintPluginMeta returns the plugin manifest directory a path outside the
// skill goes into, or "".
func lintPluginMeta(p string) string {
	for _, c := range strings.Split(p, "/") {
		if lintPluginMetaDirs[c] {
			return c
		}
	}
	return ""
}

// lintSystemDirs are the top directories of Unix, macOS and container
// file systems, where users, keys, configuration and processes live: an
// absolute path into one is a read of the machine, not a web site's page.
var lintSystemDirs = map[string]bool{"etc": true, "home": true, "users": true, "root": true, "var": true,
	"proc": true, "sys": true, "dev": true, "usr": true, "tmp": true, "private": true, "library": true,
	"system": true, "volumes": true, "opt": true, "srv": true, "mnt": true, "media": true, "run": true,
	"boot": true, "bin": true, "sbin": true, "lib": true, "lib64": true, "snap": true, "nix": true,
	"applications": true, "cores": true, "data": true, "workspace": true, "workspaces": true, "app": true}

// lintSiteRootPath reports whether an absolute link target is a path from
// a web site's root (/guides/setup.md, /reference, /index.md) rather than
// into the machine: a single leading slash, a first directory that is
// none of the system's, and nothing hidden or credential-like in it. The
// root itself ("/", a site's home page: a Home button) names no file.
func lintSiteRootPath(p string) bool {
	if p == "/" {
		return true
	}
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") {
		return false
	}
	first, _, _ := strings.Cut(strings.TrimPrefix(p, "/"), "/")
	if first == "" || lintSystemDirs[strings.ToLower(first)] || lintSensitivePath(p) != "" {
		return false
	}
	// /docs/credentials.json: named for a secret, wherever it is; a
	// page's title slug that mentions one (managing-your-access-tokens)
	// names a topic
	for _, c := range strings.Split(strings.ToLower(p), "/") {
		if lintSecretNamed(c) && !lintTitleSlug(c) {
			return false
		}
	}
	return true
}

// lintSecretNamed reports whether a path component holds a word for a
// secret.
func lintSecretNamed(c string) bool {
	for _, w := range lintSecretWords {
		if strings.Contains(c, w) {
			return true
		}
	}
	return false
}

// lintShownExts are the extensions of a page or a picture: a file shown
// to the reader, not data read into the context.
var lintShownExts = map[string]bool{"": true, ".md": true, ".mdx": true, ".html": true, ".htm": true,
	".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".svg": true, ".webp": true}

// lintTitleSlug reports whether a path component is a page's title
// written as a slug (when-to-rotate-your-access-tokens,
// app-private-key-fingerprint.png): three words or more joined by
// hyphens, with a page's or picture's extension or none. A file that
// holds a secret is named for it (token, credentials.json,
// deploy-private-key.pem), not for a sentence about it.
func lintTitleSlug(c string) bool {
	ext := path.Ext(c)
	if !lintShownExts[ext] {
		return false
	}
	words := strings.Split(strings.TrimSuffix(c, ext), "-")
	if len(words) < 3 {
		return false
	}
	for _, w := range words {
		if w == "" || strings.Trim(w, "abcdefghijklmnopqrstuvwxyz0123456789") != "" {
			return false
		}
	}
	return true
}

// lintSiteDirs returns the first directories of the file's root-relative
// link targets that are plainly a web site's pages (lintSiteRootPath): the
// tree of the documentation site the file was mirrored from.
func lintSiteDirs(doc *markdown.Doc) map[string]bool {
	var site map[string]bool
	for i := range doc.Tokens {
		t := &doc.Tokens[i]
		if t.Kind != markdown.Link && t.Kind != markdown.Image {
			continue
		}
		u := t.URL
		if i := strings.IndexAny(u, "?#"); i >= 0 {
			u = u[:i]
		}
		if !strings.HasPrefix(u, "/") || !lintSiteRootPath(path.Clean(u)) {
			continue
		}
		if first := lintFirstDir(path.Clean(u)); first != "" {
			if site == nil {
				site = map[string]bool{}
			}
			site[first] = true
		}
	}
	return site
}

type lintSkillSiteKey struct{}

// lintRootLinkRx: a Markdown link or image to a root-relative target.
var lintRootLinkRx = match.MustRx(`\]\((/[^/\s()?#][^\s()?#]*)`)

// lintSkillSiteDirs returns the first directories of the root-relative
// link targets, across the skill's Markdown files, that are plainly a web
// site's pages: the tree of the documentation site the skill mirrors
// (/account/tokens in one file, /account/billing in another). Computed
// once per skill.
func lintSkillSiteDirs(sk *skill.Skill) map[string]bool {
	v, _ := sk.Memo(lintSkillSiteKey{}, func() (any, error) {
		site := map[string]bool{}
		for _, f := range sk.Files {
			if f.Kind != skill.KindMarkdown || !bytes.Contains(f.Content, []byte("](/")) {
				continue
			}
			for _, m := range lintRootLinkRx.FindAllSubmatch(f.Content, -1) {
				u := path.Clean(string(m[1]))
				if lintSiteRootPath(u) {
					if first := lintFirstDir(u); first != "" {
						site[first] = true
					}
				}
			}
		}
		return site, nil
	})
	site, _ := v.(map[string]bool)
	return site
}

// lintFirstDir returns "/dir" for a path /dir/…, or "" for a path with a
// single component.
func lintFirstDir(p string) string {
	first, rest, ok := strings.Cut(strings.TrimPrefix(p, "/"), "/")
	if !ok || first == "" || rest == "" {
		return ""
	}
	return "/" + first
}

// lintSitePage reports whether an absolute path that lintSiteRootPath
// refused only for a word naming a secret ("token" in token-counting) is a
// page of the site tree the file's other links go into: same first
// directory, not a system one, nothing hidden or credential-like, and a
// page's name (no extension, or .md, .mdx, .html) rather than a data file
// such as credentials.json.
func lintSitePage(p string, site map[string]bool) bool {
	p = path.Clean(p)
	first := lintFirstDir(p)
	if first == "" || !site[first] || lintSystemDirs[strings.ToLower(first[1:])] || lintSensitivePath(p) != "" {
		return false
	}
	switch strings.ToLower(path.Ext(p)) {
	case "", ".md", ".mdx", ".html", ".htm":
		return true
	}
	return false
}

// lintSecretWords mark a file named for a secret.
var lintSecretWords = []string{"credential", "secret", "passw", "token", "id_rsa", "id_ed25519", "id_ecdsa",
	".pem", ".key", ".p12", ".pfx", ".kdbx", "wallet", "keystore", "keychain", "private", "shadow", "htpasswd"}

// lintHumanDoc reports whether a Markdown file is a template or a document
// for people rather than instructions: files under assets/ (copied into the
// user's project, so their links point there) and the repository files
// README, CHANGELOG, CONTRIBUTING and LICENSE at the skill root (whose links
// navigate the repository around the skill).
func lintHumanDoc(p string) bool {
	if strings.HasPrefix(p, "assets/") {
		return true
	}
	if strings.Contains(p, "/") {
		return false
	}
	u := strings.ToUpper(p)
	for _, pre := range []string{"README", "CHANGELOG", "CONTRIBUTING", "LICENSE", "LICENCE"} {
		if strings.HasPrefix(u, pre) {
			return true
		}
	}
	return false
}

func lintQuote(s string) string {
	return "\"" + strings.ReplaceAll(s, "\"", "\\\"") + "\""
}
